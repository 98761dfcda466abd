"""Phones as private controllers: the local web server, its page, and QR codes to reach it."""
