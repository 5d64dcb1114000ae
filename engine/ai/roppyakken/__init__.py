"""Roppyakken's CPU players, one module per job:

- ``heuristic``: the normal CPU, one ply, from the seat's view (``choose_action``, ``score_moves``);
- ``levels``: its beginner/normal/strong levels, registered with ``engine.ai.levels``;
- ``search``: the game for the generic search (``engine.ai.search``): playout policy, value;
- ``determinize``: a full state consistent with one seat's view, for the search.
"""
