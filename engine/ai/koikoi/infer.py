"""Determinizations that believe the opponent's last play: the hidden hand is sampled so that
the card the opponent just played is one the normal CPU would have played from it.

The view shows the opponent's whole last turn (the card played and what it took, the card
drawn and what that took). From it and a sampled hand the position the opponent played from
is rebuilt exactly (its hand then, the field, both captured piles), and the normal CPU's
choice there is compared with the card actually played: a hand from which it would have
played something else is redrawn, up to ``TRIES`` times (after that, the last sample is kept:
a human, or a rare tie, must not make the search fail). Against the normal CPU this is the
exact posterior given that one play; against people, a plausible prior that a player rarely
throws away a card when a clearly better capture was in hand.

A pure function of ``(view, rng)``, like :func:`engine.ai.koikoi.search.determinize`: the
no-peeking test holds for it.
"""

from __future__ import annotations

import random

from engine.ai.koikoi.heuristic import Table, play_value
from engine.ai.koikoi.search import determinize
from engine.hanafuda.cards import mask
from engine.hanafuda.koikoi import legal_actions
from engine.hanafuda.koikoi.state import State
from engine.hanafuda.koikoi.types import KoiKoiView, Phase, Play

__all__ = ["TRIES", "determinize_informed", "last_play"]

TRIES = 8
_TIE = 2e-3  # the normal CPU breaks near-ties with noise up to 1e-3


class LastPlay:
    """The opponent's last play, as masks: what is needed to rebuild the position before it.

    ``seat`` (the mover) played ``card`` and took ``taken`` from ``field``; ``mover_pile`` is
    the mover's captured pile before that play, ``other_pile`` the other seat's (the viewer's)."""

    __slots__ = ("card", "field", "mover_pile", "other_pile", "seat", "taken")

    def __init__(
        self, seat: int, card: int, taken: int, field: int, mover_pile: int, other_pile: int
    ) -> None:
        self.seat, self.card, self.taken = seat, card, taken
        self.field, self.mover_pile, self.other_pile = field, mover_pile, other_pile


def last_play(view: KoiKoiView) -> LastPlay | None:
    """The opponent's play of the last turn, when the view shows one to learn from."""
    lm = view.last_move
    me = view.seat
    if lm is None or me is None or lm.seat == me or lm.played is None or view.phase is not Phase.PLAY:
        return None
    played, drawn = int(lm.played), -1 if lm.drawn is None else int(lm.drawn)
    taken, dtaken = mask(lm.played_captured), mask(lm.drawn_captured)
    field = mask(view.field)
    pile = mask(view.captured[lm.seat])
    if drawn >= 0:
        if dtaken:
            field |= dtaken
            pile &= ~(dtaken | 1 << drawn)
        else:
            field &= ~(1 << drawn)
    if taken:
        field |= taken
        pile &= ~(taken | 1 << played)
    else:
        field &= ~(1 << played)
    return LastPlay(lm.seat, played, taken, field, pile, mask(view.captured[me]))


def consistent(state: State, lp: LastPlay) -> bool:
    """Whether the normal CPU, holding the sampled hand plus the card it played, would have
    played that card (and taken what it took)."""
    seat = lp.seat
    hand = state.hands[seat] | 1 << lp.card
    before = state._replace(
        phase=Phase.PLAY, to_act=seat, hands=_with(state.hands, seat, hand), field=lp.field
    )
    t = Table(seat, state.month, hand, lp.field, lp.mover_pile, lp.other_pile, -1)
    best = float("-inf")
    actual = None
    for action in legal_actions(before):
        assert isinstance(action, Play)
        v = play_value(t, action)
        best = max(best, v)
        if action.card == lp.card and _takes(action, lp.field) == lp.taken:
            actual = v
    return actual is not None and actual >= best - _TIE


def _takes(action: Play, field: int) -> int:
    if action.target is not None:
        return 1 << action.target
    return field & (15 << (action.card & ~3))


def _with(pair: tuple[int, int], seat: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if seat == 0 else (pair[0], value)


def determinize_informed(view: KoiKoiView, rng: random.Random) -> State:
    """:func:`~engine.ai.koikoi.search.determinize`, redrawn until the opponent's hand is one
    its last play is consistent with (at most ``TRIES`` draws)."""
    lp = last_play(view)
    state = determinize(view, rng)
    if lp is None:
        return state
    for _ in range(TRIES - 1):
        if consistent(state, lp):
            break
        state = determinize(view, rng)
    return state
