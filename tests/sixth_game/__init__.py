"""High Card, a game that exists only in the tests: the proof that a sixth game needs no change
to a shared module (issue 26). Its author followed ``docs/adding-a-game.md``; the game keeps every
layer in this one folder (engine, spec, cog, drawing, texts) and :mod:`tests.sixth_game.setup`
registers it with one line per registry.
"""
