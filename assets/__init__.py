"""Quintet's bundled assets (sounds, rules texts, icons), installed as the quintet_assets package."""
