"""What the three hanafuda games share in their hints: captures, yaku progress, threats.

Cards are ints (0..47, the shared deck; Go-Stop's bonus cards 48..50 have no month), sets of
cards are bit masks. Each game lists its goals (:class:`Goal`: the cards of a yaku and how many
it needs) and calls these helpers with what its view shows: the seat's hand, the field, every
seat's captured cards. Nothing here reads a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from engine.hints import Line, Progress, line

MAX_PROGRESS = 4  # goals listed for the player (the closest first)


@dataclass(frozen=True, slots=True)
class Goal:
    """A yaku as cards to collect: ``need`` of ``cards`` (``extra``: cards worth more than one,
    as ``(card, more)``: Go-Stop's double pi counts two)."""

    name_key: str
    cards: int
    need: int
    extra: tuple[tuple[int, int], ...] = ()

    def count(self, m: int) -> int:
        return (m & self.cards).bit_count() + sum(more for c, more in self.extra if m >> c & 1)

    def reachable(self, dead: int) -> bool:
        """Whether the cards no one else has taken (not in ``dead``) are enough."""
        return self.count(self.cards & ~dead) >= self.need

    def progress(self, m: int) -> Progress:
        return Progress(self.name_key, min(self.count(m), self.need), self.need)


def mask_of(cards: Iterable[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << int(c)
    return out


def cards_of(m: int) -> tuple[int, ...]:
    return tuple(c for c in range(m.bit_length()) if m >> c & 1)


def month(card: int) -> int:
    """1..12 for the 48 cards; 0 for a bonus card (it matches nothing)."""
    return int(card) // 4 + 1 if int(card) < 48 else 0


def progress(goals: Sequence[Goal], mine: int, dead: int) -> tuple[Progress, ...]:
    """The goals still open to a seat holding ``mine`` (``dead``: what others took) that it has
    started, the closest first; finished ones (``have == need``) lead."""
    open_ = [g.progress(mine) for g in goals if g.count(mine) and g.reachable(dead)]
    open_.sort(key=lambda p: (p.left, -p.have, p.name_key))
    return tuple(open_[:MAX_PROGRESS])


def best_advance(goals: Sequence[Goal], mine: int, taken: int, dead: int) -> Progress | None:
    """The goal that taking ``taken`` moves furthest (the one it leaves closest), or ``None``."""
    best: tuple[int, int, str] | None = None
    found: Progress | None = None
    for g in goals:
        gain = g.count(mine | taken) - g.count(mine)
        if gain <= 0 or not g.reachable(dead):
            continue
        after = g.progress(mine | taken)
        rank = (after.left, -gain, g.name_key)
        if best is None or rank < best:
            best, found = rank, after
    return found


def captures(
    goals: Sequence[Goal],
    hand: Iterable[int],
    field: Iterable[int],
    mine: int,
    dead: int,
    *,
    label: Callable[[int], str],
    wild: Callable[[int], bool] = lambda c: False,
    playable: frozenset[int] | None = None,
) -> tuple[Line, ...]:
    """One line per hand card: what it would take from the field now, and the yaku it helps.

    A card takes the field cards of its month (two of them: the player picks one); a ``wild``
    card (Roppyakken's Gaji) may take any one. ``label`` writes a card in the game's notation.
    ``playable``: on the seat's turn, the cards its legal moves play; the others are listed apart
    (Go-Stop: « doivent faire une paire », a card that pairs must be played).
    """
    field = tuple(int(f) for f in field)
    out = []
    alone, held_back = [], []
    for card in sorted(set(map(int, hand))):
        if playable is not None and card not in playable:
            if month(card):  # a bonus card waits for the first turn to pass, for its own reason
                held_back.append(label(card))
            continue
        if wild(card):
            out.append(line("wild", card=label(card)))
            continue
        if month(card) == 0:
            out.append(line("bonus", card=label(card)))
            continue
        same = tuple(f for f in field if month(f) == month(card))
        if not same:
            alone.append(label(card))
            continue
        choice = len(same) == 2
        # With a choice the best of the two counts; with one or three, everything is taken.
        options = [(f,) for f in same] if choice else [same]
        advance = None
        for taken in options:
            adv = best_advance(goals, mine, mask_of((card, *taken)), dead)
            if adv is not None and (advance is None or adv.left < advance.left):
                advance = adv
        key = "take_choice" if choice else "take"
        out.append(line(key, card=label(card), cards=tuple(label(f) for f in same), goal=advance))
    if alone:  # the cards that would only join the field, in one line
        out.append(line("no_match", cards=tuple(alone)))
    if held_back:
        out.append(line("must_pair", cards=tuple(held_back)))
    return tuple(out)


def threats(
    goals: Sequence[Goal],
    seat: int,
    theirs: int,
    dead: int,
    field: Iterable[int],
    hand: Iterable[int],
    *,
    label: Callable[[int], str],
) -> tuple[Line, ...]:
    """What seat ``seat`` (holding ``theirs``; ``dead``: taken by the others) is one card away
    from, and where the missing cards are as the player sees them: on the field (they could take
    it next), in the player's hand (hold it back), or unseen."""
    field_m, hand_m = mask_of(field), mask_of(hand)
    out = []
    for g in goals:
        have = g.count(theirs)
        if have >= g.need or g.need - have != 1 or not g.reachable(dead):
            continue
        missing = g.cards & ~theirs & ~dead
        out.append(
            line(
                "threat",
                seat=seat,
                goal=g.progress(theirs),
                on_field=tuple(label(c) for c in cards_of(missing & field_m)),
                held=tuple(label(c) for c in cards_of(missing & hand_m)),
                unseen=(missing & ~field_m & ~hand_m).bit_count(),
            )
        )
    return tuple(out)
