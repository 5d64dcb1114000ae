"""The Roppyakken match state (all rounds) and the capture tables the engine runs on.

``State`` is an immutable ``NamedTuple`` of ints and tuples, like Koi-Koi's (built once per
move; CPU playouts build thousands). Card sets are 48-bit masks; the draw pile is the round's
dealt order and ``pile_pos`` the next card to turn. Nothing here is meant for players: it leaves
the engine only through :func:`engine.hanafuda.roppyakken.view`.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.hanafuda.cards import CARDS, MONTH_MASKS, Card
from engine.hanafuda.roppyakken.rules import Rules
from engine.hanafuda.roppyakken.scoring import GAJI, LIGHTNING, PLAINS
from engine.hanafuda.roppyakken.types import Capture, Item, Lay, Phase, Play, RoundResult


class State(NamedTuple):
    """A whole Roppyakken match: totals and history, and the round being played."""

    rules: Rules
    seed: int
    seats: int  # 2 or 3
    round_no: int  # 1-based
    dealer: int
    scores: tuple[int, ...]
    history: tuple[RoundResult, ...]
    phase: Phase
    to_act: int | None
    hands: tuple[int, ...]  # masks
    field: int  # mask
    pile: tuple[Card, ...]  # the round's draw pile, in drawing order
    pile_pos: int  # index of the next card to draw
    captured: tuple[int, ...]  # masks
    teyaku: tuple[tuple[Item, ...], ...]  # teyaku each seat showed at this round's deal
    pending: int  # the drawn card awaiting a choice of capture (DRAW_CHOICE), else -1
    last: tuple[int, int, int, int, int] | None  # seat, played, its capture mask, drawn, its mask
    winners: tuple[int, ...]  # once the match is over


NOVEMBER = MONTH_MASKS[11]
# The Gaji takes « n'importe quelle carte (qui n'est pas une plaine) … Toutefois, la plaine du
# mois de novembre est capturable par le Gaji ».
GAJI_PREY = (((1 << 48) - 1) & ~PLAINS | 1 << LIGHTNING) & ~(1 << GAJI)
MONTH_OF: tuple[int, ...] = tuple(MONTH_MASKS[c // 4 + 1] for c in range(48))
_LOW = int("0001" * 12, 2)
_PAIRS = int("01" * 24, 2)
_QUADS = int("0011" * 12, 2)


def bits(m: int) -> list[int]:
    """Card numbers of a mask, lowest first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def triple_months(m: int) -> int:
    """Mask of every month holding three or more cards in ``m`` (SWAR popcount per nibble)."""
    two = (m & _PAIRS) + (m >> 1 & _PAIRS)
    count = (two & _QUADS) + (two >> 2 & _QUADS)  # each nibble: that month's card count
    three = (count & count >> 1 | count >> 2) & _LOW  # 3 = 0b11, 4 = 0b100
    return three * 15


def options(c: int, field: int, rules: Rules | None = None) -> tuple[int, ...]:
    """What card ``c`` captures from ``field``: ``()`` none (it joins the field), one mask (taken
    at once), or several masks (the player chooses one), ordered by their lowest card.

    Seed: a pair with one match; « Si deux cartes du même mois sont présentes au centre, le joueur
    choisit librement »; « trois cartes du même mois … il a alors le droit de prendre les quatre ».
    The Gaji: see :func:`gaji_options` (``rules`` only matters to it; ``None`` = the seed).
    """
    if c == GAJI:
        return gaji_options(field, rules is not None and rules.gaji_no_triples)
    opts = _BY_NIBBLE[c][field >> (c & ~3) & 15]
    if field >> GAJI & 1 and rules is not None and rules.gaji_on_field_wild:
        return _with_gaji(c, opts)
    return opts


def _with_gaji(c: int, opts: tuple[int, ...]) -> tuple[int, ...]:
    """Option ``gaji_on_field_wild`` (FudaWiki): a card that is not a plain may also take the
    Gaji lying on the field. November cards pair with it anyway; a card that takes a triple of
    its month takes it (the triple would be stranded otherwise)."""
    if PLAINS >> c & 1 or c >> 2 == GAJI >> 2 or (len(opts) == 1 and opts[0].bit_count() == 3):
        return opts
    return (1 << GAJI, *opts) if c > GAJI else (*opts, 1 << GAJI)


def gaji_options(field: int, no_triples: bool = False) -> tuple[int, ...]:
    """The Gaji's captures: « il peut capturer … n'importe quelle carte (qui n'est pas une
    plaine) disponible au centre de la table … Toutefois, la plaine du mois de novembre est
    capturable par le Gaji », one card at a time, one card of another month's triple included.
    Three Novembers on the field are one capture (the Gaji is their fourth: « il a alors le droit
    de prendre les quatre cartes »), beside the other prey.

    ``no_triples`` (FudaWiki): no card of another month's triple, and three Novembers on the
    field are taken together with nothing else on offer.
    """
    nov = field & NOVEMBER
    prey = field & GAJI_PREY
    if nov.bit_count() == 3:
        if no_triples:
            return (nov,)
        prey &= ~NOVEMBER
        low = tuple(1 << t for t in bits(prey & (nov & -nov) - 1))
        high = tuple(1 << t for t in bits(prey & ~((nov & -nov) - 1)))
        return (*low, nov, *high)
    if no_triples:
        prey &= ~(triple_months(field) & ~NOVEMBER)
    return tuple(1 << t for t in bits(prey))


def may_lay(c: int, opts: tuple[int, ...], field: int, rules: Rules) -> bool:
    """``gaji_capture="optional"`` (seed: « il peut capturer »): the Gaji, played
    or drawn, may be laid on the field instead of capturing, unless a November card on the field
    makes a pair of the same month, which must be captured (« si la carte … permet de créer une
    paire, il est obligé de la capturer »). Only when it could capture (else it is laid anyway)."""
    return c == GAJI and bool(opts) and rules.gaji_capture == "optional" and not field & NOVEMBER


def name_of(option: int) -> int:
    """The card that names a capture option in ``Play``/``Capture``: its lowest card."""
    return (option & -option).bit_length() - 1


def _month_options(c: int, nibble: int) -> tuple[int, ...]:
    matches = nibble << (c & ~3)
    n = nibble.bit_count()
    if n == 2:
        low = matches & -matches
        return (low, matches ^ low)
    return (matches,) if n else ()


# _BY_NIBBLE[c][nibble]: the options of card c when its month's field cards are ``nibble``.
_BY_NIBBLE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_month_options(c, n) for n in range(16)) for c in range(48)
)

PLAYS: tuple[Play, ...] = tuple(Play(c) for c in CARDS)
PLAYS_AT: tuple[tuple[Play, ...], ...] = tuple(tuple(Play(c, t) for t in CARDS) for c in CARDS)
CAPTURES: tuple[Capture, ...] = tuple(Capture(c) for c in CARDS)
LAY_GAJI = Lay(CARDS[GAJI])
LAY_DRAWN = Lay()


def _plays(c: int, opts: tuple[int, ...]) -> tuple[Play, ...]:
    if len(opts) >= 2:
        return tuple(PLAYS_AT[c][name_of(o)] for o in opts)
    return (PLAYS[c],)


# LEGAL_BY_NIBBLE[c][nibble]: the legal plays of card c (not the Gaji) for its month's field cards.
LEGAL_BY_NIBBLE: tuple[tuple[tuple[Play, ...], ...], ...] = tuple(
    tuple(_plays(c, _BY_NIBBLE[c][n]) for n in range(16)) for c in range(48)
)


def plays_of(c: int, field: int, rules: Rules) -> tuple[Play | Lay, ...]:
    """The legal actions of card ``c`` from the hand onto ``field``."""
    if c == GAJI:
        opts = gaji_options(field, rules.gaji_no_triples)
        out: tuple[Play | Lay, ...] = _plays(c, opts)
        return (*out, LAY_GAJI) if may_lay(c, opts, field, rules) else out
    if field >> GAJI & 1 and rules.gaji_on_field_wild:
        return _plays(c, options(c, field, rules))
    return LEGAL_BY_NIBBLE[c][field >> (c & ~3) & 15]
