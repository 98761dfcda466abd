"""Commands beside the engine, not under it: arena, bench, fuzz, invariants, fit_colour.

Nothing in the engine core (core, rules/, match, record, bots/...) imports from here.
"""
