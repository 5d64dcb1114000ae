"""Roppyakken hints from a seat's view: captures (the Gaji takes any card, or may be laid on the
field), dekiyaku progress, the opponents' near yaku, the round's card points so far, and the
CPU's pick."""

from __future__ import annotations

from engine.ai.roppyakken.heuristic import score_moves
from engine.hanafuda.cards import CARDS, MONTH_MASKS
from engine.hanafuda.roppyakken.rules import Rules
from engine.hanafuda.roppyakken.scoring import (
    AOTAN,
    GAJI,
    HANAMI,
    INOSHIKACHO,
    KOZAN,
    MATSUKIRIBOZU,
    OZAN,
    RIBBONS,
    SHIKO,
    SHIMA_MONTHS,
    SOTAN,
    TEPPO,
    TSUKIMI,
)
from engine.hanafuda.roppyakken.types import Lay, Phase, RoppyakkenView
from engine.hints import Hints, Line, line
from engine.hints.hanafuda import Goal, captures, mask_of, progress, threats


def _label(card: int) -> str:
    return str(CARDS[card])


def goals(rules: Rules) -> tuple[Goal, ...]:
    """The dekiyaku of ``rules`` as sets of cards (a yaku worth 0 is switched off)."""
    table = [
        ("shiko", SHIKO, 4),
        ("inoshikacho", INOSHIKACHO, 3),
        ("matsukiribozu", MATSUKIRIBOZU, 3),
        ("teppo", TEPPO, 3),
        ("hanami", HANAMI, 2),
        ("tsukimi", TSUKIMI, 2),
        ("ozan", OZAN, 3),
        ("kozan", KOZAN, 3),
        ("aotan", AOTAN, 3),
        ("sotan", SOTAN, 3),
        ("ameshima", MONTH_MASKS[11], 4),
        ("nanatan", RIBBONS, 7),
    ]
    on = [(name, cards, need) for name, cards, need in table if getattr(rules, name)]
    out = [Goal(f"roppyakken.yaku.{name}", cards, need) for name, cards, need in on]
    if rules.shima:
        out += [Goal(f"roppyakken.yaku.shima_{m}", MONTH_MASKS[m], 4) for m in SHIMA_MONTHS]
    return tuple(out)


def hints(view: RoppyakkenView) -> Hints:
    """The hints for ``view.seat`` (none for a spectator)."""
    if view.seat is None or view.hand is None:
        return ()
    me = view.seat
    gs = goals(view.rules)
    caps = [mask_of(c) for c in view.captured]
    mine = caps[me]
    others = 0
    for s, m in enumerate(caps):
        if s != me:
            others |= m
    out: list[Line] = []
    wild = (lambda c: c == GAJI) if view.rules.gaji_capture else (lambda c: False)
    if view.phase is Phase.PLAY:  # on the seat's turn or not: what its cards would take now
        out += captures(gs, view.hand, view.field, mine, others, label=_label, wild=wild)
    elif view.legal_actions and view.pending_draw is not None:
        out += captures(gs, (view.pending_draw,), view.field, mine, others, label=_label, wild=wild)
    if any(isinstance(a, Lay) for a in view.legal_actions):
        # « il peut capturer »: the Gaji may take its prey or be laid (seed; not with the
        # compulsory option, nor with a November card on the field: the engine then offers no Lay).
        out.append(line("gaji_lay", card=_label(GAJI)))
    out.append(line("card_points", points=view.running[me].total))
    if mine_progress := progress(gs, mine, others):
        out.append(line("progress", goals=mine_progress))
    for s, theirs in enumerate(caps):
        if s != me:
            dead = mine | (others & ~theirs)
            out += threats(gs, s, theirs, dead, view.field, view.hand, label=_label)
    if view.legal_actions:
        out.append(line("suggest", action=max(score_moves(view), key=lambda p: p[1])[0]))
    return tuple(out)
