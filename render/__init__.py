"""Images for the games: pure functions from engine views to PNG bytes (Pillow, no Discord).

- Shared drawing at the top: ``fonts`` (one CJK font), ``palette`` (colours), ``widgets`` (text,
  chips, card fans), ``png`` (256-colour output), ``labels`` (texts via :mod:`i18n`), ``pen``
  (vector drawing in card units).
- One package per game family, mirroring ``engine/``; each game package's ``__init__`` gathers
  what its spec draws (``render_table``, ``render_hand``, ``render_round_sheet``,
  ``render_match_summary``, ``warm``):
  - :mod:`render.hanafuda`: our own card art (``faces``, drawn from ``months`` / ``motifs`` /
    ``subjects``), captured ``piles``, the ``table_palette``; then ``koikoi``, ``roppyakken`` and
    ``gostop`` (hwatu style);
  - :mod:`render.doudizhu`: French-suited faces, the table, the sheets;
  - :mod:`render.goita`: shogi-style pieces, the table, the sheets, the memory grid.

Rendering costs 2–15 ms of CPU (``bench/render_pipeline.py``): call these from a worker thread,
not on the event loop. ``glyph_cache`` keeps the labels' masks and widths, ``widgets`` the chips,
``canvas`` the pieces of the tables, cards and rules cards drawn straight in their fixed palette
(bounded): the same pixels, drawn once.
"""
