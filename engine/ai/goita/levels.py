"""Goita's CPU levels (registered with ``engine.ai.levels``), for 2, 3 and 4 players; the solo
memory mode keeps its own CPU (``engine.ai.goita.memory``).

- normal: ``engine.ai.goita.heuristic.choose_action`` (one-ply heuristic, counting pieces);
- beginner: normal's best few moves with noise, never an absurd one (:func:`absurd`);
- strong: determinized search from the seat's view (``engine.ai.goita.determinize``), the
  normal CPU playing the playouts (``engine.ai.goita.search``) over its three best root moves.
"""

from __future__ import annotations

from engine.ai.goita import search as goita_search
from engine.ai.goita.determinize import determinize
from engine.ai.goita.heuristic import choose_action, king_pair_finish, score_moves, unseen
from engine.ai.levels import GameAI, register
from engine.ai.search import SearchGame
from engine.goita import ENGINE
from engine.goita.types import Attack, Block, Down, GoitaView, Pass, Phase, Piece

__all__ = ["AI", "absurd"]


def absurd(v: GoitaView, action: object) -> bool:
    """Moves a beginner never makes:

    - blocking its partner's attack when that does not finish the round;
    - passing an opponent's attack with two pieces left when it can block (block, then attack
      with the last piece: the round is won);
    - with its last two pieces, hiding the higher one (the finish scores the piece played);
    - giving up the sure finish of both Kings (rule ``king_face_down_counts``): with both Kings
      and two other pieces, any face-down piece but a King (:func:`king_pair_finish`); with that
      King face down and three pieces left, any attack but the King's.
    """
    hand = v.hand or ()
    left = len(hand)
    if (
        v.rules.king_face_down_counts
        and v.phase in (Phase.DOWN, Phase.ATTACK)
        and _gives_up_king_pair(v, action)
    ):
        return True
    if v.phase is Phase.RESPOND:
        assert v.seat is not None  # a CPU judges moves on its own seat's view
        partner = v.attacker is not None and v.teams[v.attacker] == v.teams[v.seat]
        can_block = any(isinstance(a, Block) for a in v.legal_actions)
        if isinstance(action, Block):
            return partner and left > 2
        return isinstance(action, Pass) and can_block and not partner and left == 2
    if v.phase is Phase.DOWN and isinstance(action, Down) and left == 2:
        values = v.rules.values
        return values[int(action.piece)] > min(values[int(p)] for p in hand)
    return False


def _gives_up_king_pair(v: GoitaView, action: object) -> bool:
    """A move that gives up the sure finish of both Kings (see :func:`absurd`)."""
    hand = v.hand or ()
    counts = [0] * 8
    for p in hand:
        counts[int(p)] += 1
    out = unseen(v)
    if v.phase is Phase.DOWN:
        sure = king_pair_finish(counts, out) and Down(Piece.K) in v.legal_actions
        return sure and isinstance(action, Down) and action.piece is not Piece.K
    if len(hand) != 3 or counts[int(Piece.K)] != 1 or Attack(Piece.K) not in v.legal_actions:
        return False
    assert v.seat is not None  # a CPU judges moves on its own seat's view
    own_king_down = any(not s.face_up and s.piece is Piece.K for s in v.tables[v.seat])
    # Another piece nobody can block finishes as surely (both Kings are this seat's).
    return (
        own_king_down
        and isinstance(action, Attack)
        and action.piece is not Piece.K
        and out[int(action.piece)] > 0
    )


AI = register(
    GameAI(
        game="goita",
        normal=choose_action,
        score_moves=score_moves,
        absurd=absurd,
        search=SearchGame(
            engine=ENGINE,
            determinize=determinize,
            policy=goita_search.policy,
            value=goita_search.value,
            done=goita_search.done,
            candidates=goita_search.candidates,
        ),
        beginner_k=5,
        beginner_noise=10.0,
    )
)
