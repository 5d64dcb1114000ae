"""Koi-Koi hints from a seat's view: captures, yaku progress, the opponent's threats, and why
the CPU would call koi-koi or stop (``engine.ai.koikoi.heuristic``'s own reasons, from the same view)."""

from __future__ import annotations

from engine.ai.koikoi.heuristic import score_moves
from engine.hanafuda.cards import CARDS
from engine.hanafuda.koikoi.rules import Rules, points_table
from engine.hanafuda.koikoi.types import KoiKoi, KoiKoiView, Phase
from engine.hanafuda.koikoi.yaku import (
    AKATAN,
    ANIMALS,
    AOTAN,
    BRIGHTS,
    CHAFF,
    CHAFF_WITH_CUP,
    HANAMI,
    INOSHIKACHO,
    RIBBONS,
    TSUKIMI,
)
from engine.hints import Hints, Line, line
from engine.hints.hanafuda import Goal, captures, mask_of, progress, threats


def _label(card: int) -> str:
    return str(CARDS[card])


def goals(rules: Rules) -> tuple[Goal, ...]:
    """The yaku of ``rules`` as sets of cards to collect (a yaku worth 0 is switched off)."""
    p = points_table(rules)
    chaff = CHAFF_WITH_CUP if p.sake_chaff else CHAFF
    table = (
        ("yaku.sanko", BRIGHTS, 3, p.sanko),
        ("yaku.inoshikacho", INOSHIKACHO, 3, p.inoshikacho),
        ("yaku.akatan", AKATAN, 3, p.akatan),
        ("yaku.aotan", AOTAN, 3, p.aotan),
        ("yaku.hanami", HANAMI, 2, p.hanami),
        ("yaku.tsukimi", TSUKIMI, 2, p.tsukimi),
        ("yaku.tane", ANIMALS, 5, p.tane),
        ("yaku.tanzaku", RIBBONS, 5, p.tanzaku),
        ("yaku.kasu", chaff, 10, p.kasu),
    )
    return tuple(Goal(key, cards, need) for key, cards, need, value in table if value)


def _decision(view: KoiKoiView, threat: bool) -> tuple[Line, ...]:
    """What the CPU would do at koi-koi or stop, and the first reason that decides it."""
    me = view.seat
    assert me is not None
    pick = max(score_moves(view), key=lambda p: p[1])[0]
    stop = view.stop_score.points[me] if view.stop_score is not None else 0
    mine, theirs = view.scores[me], view.scores[1 - me]
    if view.koikoi_calls[1 - me]:
        why = "opp_called"
    elif view.yaku[1 - me]:
        why = "opp_yaku"
    elif threat:
        why = "opp_near"
    elif view.round_no >= view.rounds_total and mine <= theirs < mine + stop:
        why = "wins_match"
    elif stop >= (view.rules.double_at or 7):
        why = "doubled"
    elif not view.hand:
        why = "no_cards"
    else:
        why = "safe" if isinstance(pick, KoiKoi) else "risk"
    key = "cpu_koikoi" if isinstance(pick, KoiKoi) else "cpu_stop"
    return (line(key, points=stop), line("why", why_key=f"learn.why.{why}"))


def hints(view: KoiKoiView) -> Hints:
    """The hints for ``view.seat`` (none for a spectator)."""
    if view.seat is None or view.hand is None:
        return ()
    me, opp = view.seat, 1 - view.seat
    gs = goals(view.rules)
    mine, theirs = mask_of(view.captured[me]), mask_of(view.captured[opp])
    out: list[Line] = []
    if view.phase is Phase.PLAY:  # on the seat's turn or not: what its cards would take now
        out += captures(gs, view.hand, view.field, mine, theirs, label=_label)
    elif view.legal_actions and view.phase is Phase.DRAW_CHOICE and view.pending_draw is not None:
        out += captures(gs, (view.pending_draw,), view.field, mine, theirs, label=_label)
    if mine_progress := progress(gs, mine, theirs):
        out.append(line("progress", goals=mine_progress))
    danger = threats(gs, opp, theirs, mine, view.field, view.hand, label=_label)
    out += danger
    if view.legal_actions and view.phase is Phase.DECIDE:
        out += _decision(view, bool(danger))
    elif view.legal_actions:
        out.append(line("suggest", action=max(score_moves(view), key=lambda p: p[1])[0]))
    return tuple(out)
