"""The same table dealt differently: a state with the same public view but other hidden cards.

``reshuffle_hidden(game, state, rng)`` gathers the cards (pieces) nobody may see publicly at that
moment (every hand, the draw pile, the Dou Dizhu kitty before it is shown, face-down Goita
pieces, the pieces set aside, the memory grid's face-down pieces), shuffles them, and deals them
back to the same places in the same numbers. Cards the table has shown stay where they are: a
Go-Stop shake's three cards while held, Roppyakken's teyaku, the Dou Dizhu face-up card with its
receiver and the kitty once it went to the landlord. Everything public is untouched, so
``view(new, None) == view(old, None)`` (the differential leak test asserts it first), while each
seat's own view may change.

The engines' states are immutable NamedTuples: each helper builds a new one with ``_replace``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from engine.core import mask
from engine.doudizhu.state import enc_of_mask
from engine.goita.memory import EMPTY
from engine.goita.state import HIDDEN
from engine.hanafuda.cards import CARDS
from engine.hanafuda.koikoi.state import bits  # a mask's members, lowest first (any game's mask)


def deal_back(rng: random.Random, places: Sequence[Sequence[Any]]) -> list[list[Any]]:
    """The items of all ``places`` shuffled, dealt back so each place keeps its size."""
    pool = [item for place in places for item in place]
    rng.shuffle(pool)
    out, at = [], 0
    for place in places:
        out.append(pool[at : at + len(place)])
        at += len(place)
    return out


def _hands_and_pile(
    state: Any, rng: random.Random, shown: Sequence[int], pile_card: Callable[[int], Any]
) -> Any:
    """Hanafuda games: hands (masks, less the cards each seat showed and still holds) and the
    undrawn pile."""
    shown = [s & h for s, h in zip(shown, state.hands, strict=True)]
    held = [h & ~shown[seat] for seat, h in enumerate(state.hands)]
    tail = [int(c) for c in state.pile[state.pile_pos :]]
    *hands, pile = deal_back(rng, [*(bits(h) for h in held), tail])
    return state._replace(
        hands=tuple(mask(cards) | shown[seat] for seat, cards in enumerate(hands)),
        pile=(*state.pile[: state.pile_pos], *(pile_card(c) for c in pile)),
    )


def koikoi(state: Any, rng: random.Random) -> Any:
    return _hands_and_pile(state, rng, (0,) * len(state.hands), CARDS.__getitem__)


def roppyakken(state: Any, rng: random.Random) -> Any:
    """Teyaku are shown at the deal (RULINGS): their cards stay in their holder's hand."""
    shown = [mask(c for item in items for c in item.cards) for items in state.teyaku]
    shown += [0] * (len(state.hands) - len(shown))
    return _hands_and_pile(state, rng, shown, CARDS.__getitem__)


def gostop(state: Any, rng: random.Random) -> Any:
    """A shake (heundeul) shows its three cards: they stay in the shaker's hand (``shown``)."""
    shown = tuple(state.shown) or (0,) * len(state.hands)
    return _hands_and_pile(state, rng, shown, int)


def doudizhu(state: Any, rng: random.Random) -> Any:
    """The face-up card stays with the seat that received it; the kitty is hidden while bidding
    (three cards apart) and public once the landlord took it (those cards stay in their hand)."""
    shown = [0, 0, 0]
    if state.masks[state.first_bidder] >> state.face_up & 1:
        shown[state.first_bidder] |= 1 << state.face_up
    if state.landlord >= 0:
        shown[state.landlord] |= mask(state.kitty) & state.masks[state.landlord]
    held = [m & ~shown[seat] for seat, m in enumerate(state.masks)]
    places = [bits(m) for m in held] + ([list(state.kitty)] if state.landlord < 0 else [])
    dealt = deal_back(rng, places)
    masks = tuple(mask(dealt[seat]) | shown[seat] for seat in range(3))
    kitty = tuple(dealt[3]) if state.landlord < 0 else state.kitty
    return state._replace(masks=masks, encs=tuple(enc_of_mask(m) for m in masks), kitty=kitty)


def _kinds(counts: Sequence[int]) -> list[int]:
    return [kind for kind, n in enumerate(counts) for _ in range(n)]


def _counts(kinds: Sequence[int]) -> tuple[int, ...]:
    return tuple(sum(1 for k in kinds if k == kind) for kind in range(8))


def goita(state: Any, rng: random.Random) -> Any:
    """Hands, face-down pieces of the round being played, and the pieces set aside."""
    downs = [[code - HIDDEN for code in row if code >= HIDDEN] for row in state.laid]
    places = [*(_kinds(h) for h in state.hands), *downs, _kinds(state.aside)]
    dealt = deal_back(rng, places)
    seats = len(state.hands)
    hands, new_downs, aside = dealt[:seats], dealt[seats : 2 * seats], dealt[-1]
    laid = []
    for row, kinds in zip(state.laid, new_downs, strict=True):
        fresh = iter(kinds)
        laid.append(tuple(next(fresh) + HIDDEN if code >= HIDDEN else code for code in row))
    return state._replace(hands=tuple(_counts(h) for h in hands), laid=tuple(laid), aside=_counts(aside))


def goita_memory(state: Any, rng: random.Random) -> Any:
    """The grid's face-down pieces (neither a guard nor turned this turn) change places."""
    visible = state.guards | set(state.turned)
    hidden = [pos for pos, kind in enumerate(state.grid) if kind != EMPTY and pos not in visible]
    (kinds,) = deal_back(rng, [[state.grid[pos] for pos in hidden]])
    grid = list(state.grid)
    for pos, kind in zip(hidden, kinds, strict=True):
        grid[pos] = kind
    return state._replace(grid=tuple(grid))


RESHUFFLE: dict[str, Callable[[Any, random.Random], Any]] = {
    "koikoi": koikoi,
    "roppyakken": roppyakken,
    "gostop": gostop,
    "doudizhu": doudizhu,
    "goita": goita,
    "goita_solo": goita_memory,
}


def reshuffle_hidden(game: str, state: Any, rng: random.Random) -> Any:
    """``state`` with its hidden cards dealt again among their places (see the module's doc)."""
    return RESHUFFLE[game](state, rng)
