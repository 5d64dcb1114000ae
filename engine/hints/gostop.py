"""Go-Stop hints from a seat's view: captures, scoring progress (gwang, yeolkkeut, tti, pi and
the three-card sets), the opponents' near points, and why the CPU would go or stop
(``engine.ai.gostop.heuristic.stop_reason`` on the CPU's own inputs, from the same view)."""

from __future__ import annotations

from engine.ai.gostop.heuristic import decision_inputs, score_moves, stop_reason
from engine.hanafuda.gostop.cards import (
    ANIMAL_M,
    BONUS_PI,
    CHEONGDAN_M,
    CHODAN_M,
    DOUBLE_PI_M,
    GODORI_M,
    GWANG_M,
    HONGDAN_M,
    RIBBON_M,
    SINGLE_PI_M,
    card_str,
    cards_of,
)
from engine.hanafuda.gostop.types import Go, GoStopView, Phase, Play
from engine.hints import Hints, Line, line
from engine.hints.hanafuda import Goal, captures, mask_of, progress, threats

_PI_EXTRA = (
    *((c, 1) for c in range(48) if DOUBLE_PI_M >> c & 1),
    *((c, pi - 1) for c, pi in BONUS_PI.items()),
)
GOALS = (
    Goal("gostop.score.gwang", GWANG_M, 3),
    Goal("gostop.score.godori", GODORI_M, 3),
    Goal("gostop.score.hongdan", HONGDAN_M, 3),
    Goal("gostop.score.cheongdan", CHEONGDAN_M, 3),
    Goal("gostop.score.chodan", CHODAN_M, 3),
    Goal("gostop.score.yeolkkeut", ANIMAL_M, 5),
    Goal("gostop.score.tti", RIBBON_M, 5),
    Goal("gostop.score.pi", SINGLE_PI_M | DOUBLE_PI_M | mask_of(BONUS_PI), 10, _PI_EXTRA),
)


def _ints(cards: tuple[str, ...] | None) -> tuple[int, ...]:
    return cards_of(" ".join(cards or ()))


def _decision(view: GoStopView) -> tuple[Line, ...]:
    """Go or stop as the CPU decides it, with the first input that decides it."""
    seat = view.seat
    assert seat is not None
    inputs = decision_inputs(view)
    reason = stop_reason(**inputs)
    go, why = reason is None, reason or "go_safe"
    opp_best = inputs["opp_best"]
    mine = sum(i.points for i in view.round_scores[seat])
    return (
        line("cpu_go" if go else "cpu_stop", points=mine),
        line("why", why_key=f"learn.why.{why}", points=opp_best),
    )


def hints(view: GoStopView) -> Hints:
    """The hints for ``view.seat`` (none for a spectator)."""
    if view.seat is None or view.hand is None:
        return ()
    me = view.seat
    caps = [mask_of(_ints(c)) for c in view.captured]
    mine = caps[me]
    others = 0
    for s, m in enumerate(caps):
        if s != me:
            others |= m
    hand, field = _ints(view.hand), _ints(view.field)
    out: list[Line] = []
    if view.phase is Phase.PLAY:  # on the seat's turn or not: what its cards would take now
        plays = frozenset(a.card for a in view.legal_actions if isinstance(a, Play))
        out += captures(GOALS, hand, field, mine, others, label=card_str, playable=plays or None)
    out.append(line("round_points", points=sum(i.points for i in view.round_scores[me])))
    if mine_progress := progress(GOALS, mine, others):
        out.append(line("progress", goals=mine_progress))
    for s, theirs in enumerate(caps):
        if s != me:
            dead = mine | (others & ~theirs)
            out += threats(GOALS, s, theirs, dead, field, hand, label=card_str)
    if view.legal_actions and view.phase is Phase.DECIDE:
        out += _decision(view)
    elif view.legal_actions:
        best = max(score_moves(view), key=lambda p: p[1])[0]
        out.append(line("suggest", action=best))
    return tuple(out)


__all__ = ["GOALS", "Go", "hints"]
