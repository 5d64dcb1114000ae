"""Images for the games: pure functions from engine views to PNG bytes (Pillow, no Discord).

- :mod:`render.koikoi`: ``render_table``, ``render_hand``, ``render_round_sheet``,
  ``render_match_summary`` and ``warm`` (pre-draw faces at start-up).
- :mod:`render.hanafuda_faces`: ``card_face``, ``card_back``, ``glow`` (our own card art, cached);
  the art itself is in ``hanafuda_months`` / ``hanafuda_motifs`` / ``hanafuda_subjects``.
- Shared: ``fonts`` (one CJK font), ``palette`` (colours), ``widgets`` (text, chips, card fans),
  ``png`` + ``table_palette`` (256-colour output), ``labels`` (texts via :mod:`i18n`).

Rendering costs 5–20 ms of CPU: call these from a worker thread, not on the event loop.
"""
