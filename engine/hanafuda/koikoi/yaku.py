"""Koi-Koi yaku from a captured-cards bitmask, and the lucky hands dealt at the start.

The seed's table: for the bright, animal and ribbon groups "une seule valeur de point est
valide pour un ensemble" (the highest yaku of the group is scored, with its +1 per extra card);
the special group (viewing yaku, tsukifuda, kasu) stacks. ``group_scoring="stack"`` (KoiKoi-Japan)
scores the animal and ribbon sets flat and stacks them with tane / tanzaku instead. The sake cup
counts as an animal and (unless ``sake_cup="animal"``) as a chaff card.

Two entry points: :func:`yaku_items` returns ``((id, points), ...)`` from popcounts only (the
engine calls it after every capture), :func:`yaku_scores` the itemised :class:`YakuScore`\\ s
with their cards (views, score sheets).
"""

from __future__ import annotations

from engine.hanafuda.cards import CARDS, MONTH_MASKS, Kind, RibbonKind, by_subject, from_mask, mask
from engine.hanafuda.koikoi.rules import Points
from engine.hanafuda.koikoi.types import YakuScore

BRIGHTS = mask(c for c in CARDS if c.kind is Kind.BRIGHT)
RAIN_MAN = by_subject("rain_man").bit
DRY_BRIGHTS = BRIGHTS & ~RAIN_MAN
SAKE_CUP = by_subject("sake_cup").bit
CURTAIN = by_subject("curtain").bit
MOON = by_subject("moon").bit
ANIMALS = mask(c for c in CARDS if c.kind is Kind.ANIMAL)
INOSHIKACHO = by_subject("boar").bit | by_subject("deer").bit | by_subject("butterflies").bit
RIBBONS = mask(c for c in CARDS if c.kind is Kind.RIBBON)
AKATAN = mask(c for c in CARDS if c.ribbon is RibbonKind.POETRY)
AOTAN = mask(c for c in CARDS if c.ribbon is RibbonKind.BLUE)
AKA_AO = AKATAN | AOTAN
CHAFF = mask(c for c in CARDS if c.kind is Kind.CHAFF)
CHAFF_WITH_CUP = CHAFF | SAKE_CUP
NOVEMBER = MONTH_MASKS[11]
HANAMI = SAKE_CUP | CURTAIN
TSUKIMI = SAKE_CUP | MOON

Items = tuple[tuple[str, int], ...]


def yaku_items(m: int, month: int, t: Points, called: bool = False) -> Items:
    """The yaku held by a player who captured the cards of mask ``m`` in the round of ``month``.

    ``called``: the player has called koi-koi this round (``viewing_after_koikoi``).
    Returns ``((yaku_id, points), ...)`` in a fixed order: bright, animal, ribbon, viewing,
    tsukifuda, kasu. A yaku whose value is 0 is switched off and never listed.
    """
    out: list[tuple[str, int]] = []
    # Brights: the best of goko / shiko / ameshiko / sanko.
    if m & BRIGHTS:
        dry = (m & DRY_BRIGHTS).bit_count()
        if dry >= 3:
            best = ("", 0)
            rain = m & RAIN_MAN
            if dry == 4 and rain and t.goko:
                best = ("goko", t.goko)
            if dry == 4 and t.shiko > best[1]:
                best = ("shiko", t.shiko)
            if rain and t.ameshiko > best[1]:
                best = ("ameshiko", t.ameshiko)
            if t.sanko > best[1]:
                best = ("sanko", t.sanko)
            if best[1]:
                out.append(best)
    animals = (m & ANIMALS).bit_count()
    ribbons = (m & RIBBONS).bit_count()
    if t.stack:
        # group_scoring="stack": the sets score flat and stack with tane / tanzaku.
        if animals >= 3:
            if m & INOSHIKACHO == INOSHIKACHO and t.inoshikacho:
                out.append(("inoshikacho", t.inoshikacho))
            if animals >= 5 and t.tane:
                out.append(("tane", t.tane + animals - 5))
        if ribbons >= 3:
            aka = m & AKATAN == AKATAN
            ao = m & AOTAN == AOTAN
            if aka and ao and t.akatan_aotan:
                out.append(("akatan_aotan", t.akatan_aotan))
            if aka and t.akatan:
                out.append(("akatan", t.akatan))
            if ao and t.aotan:
                out.append(("aotan", t.aotan))
            if ribbons >= 5 and t.tanzaku:
                out.append(("tanzaku", t.tanzaku + ribbons - 5))
    else:
        # Animals: inoshikacho (+1 per animal beyond its 3) or tane (5 animals, +1 each beyond).
        if animals >= 3:
            best = ("", 0)
            if m & INOSHIKACHO == INOSHIKACHO and t.inoshikacho:
                best = ("inoshikacho", t.inoshikacho + animals - 3)
            if animals >= 5 and t.tane and t.tane + animals - 5 > best[1]:
                best = ("tane", t.tane + animals - 5)
            if best[1]:
                out.append(best)
        # Ribbons: akatan+aotan, akatan, aotan (+1 per ribbon beyond theirs) or tanzaku (5, +1 each).
        if ribbons >= 3:
            best = ("", 0)
            aka = m & AKATAN == AKATAN
            ao = m & AOTAN == AOTAN
            if aka and ao and t.akatan_aotan:
                best = ("akatan_aotan", t.akatan_aotan + ribbons - 6)
            if aka and t.akatan and t.akatan + ribbons - 3 > best[1]:
                best = ("akatan", t.akatan + ribbons - 3)
            if ao and t.aotan and t.aotan + ribbons - 3 > best[1]:
                best = ("aotan", t.aotan + ribbons - 3)
            if ribbons >= 5 and t.tanzaku and t.tanzaku + ribbons - 5 > best[1]:
                best = ("tanzaku", t.tanzaku + ribbons - 5)
            if best[1]:
                out.append(best)
    # Special group: stacks.
    if m & SAKE_CUP and not (t.rain_spoils and m & NOVEMBER):
        hanami = t.hanami if m & CURTAIN else 0
        tsukimi = t.tsukimi if m & MOON else 0
        if called and t.viewing_koikoi:
            hanami = t.viewing_koikoi if hanami else 0
            tsukimi = t.viewing_koikoi if tsukimi else 0
        if t.viewing_one and hanami and tsukimi:
            if hanami >= tsukimi:
                tsukimi = 0
            else:
                hanami = 0
        if hanami:
            out.append(("hanami", hanami))
        if tsukimi:
            out.append(("tsukimi", tsukimi))
    month_mask = MONTH_MASKS[month]
    if t.tsukifuda and m & month_mask == month_mask:
        out.append(("tsukifuda", t.tsukifuda))
    chaff = (m & (CHAFF_WITH_CUP if t.sake_chaff else CHAFF)).bit_count()
    if chaff >= 10 and t.kasu:
        out.append(("kasu", t.kasu + chaff - 10))
    return tuple(out)


def yaku_cards(yaku: str, m: int, month: int, t: Points) -> int:
    """Mask of the captured cards that make up ``yaku`` (its extra cards included)."""
    if yaku in ("goko", "shiko", "ameshiko", "sanko"):
        return m & (BRIGHTS if yaku in ("goko", "ameshiko") else DRY_BRIGHTS)
    if t.stack:
        # Flat sets name their own cards; tane / tanzaku every card of their kind.
        if yaku == "inoshikacho":
            return INOSHIKACHO
        if yaku in ("akatan_aotan", "akatan", "aotan"):
            return {"akatan_aotan": AKA_AO, "akatan": AKATAN, "aotan": AOTAN}[yaku]
    if yaku in ("inoshikacho", "tane"):
        return m & ANIMALS
    if yaku in ("akatan_aotan", "akatan", "aotan", "tanzaku"):
        return m & RIBBONS
    if yaku == "hanami":
        return HANAMI
    if yaku == "tsukimi":
        return TSUKIMI
    if yaku == "tsukifuda":
        return MONTH_MASKS[month]
    if yaku == "kasu":
        return m & (CHAFF_WITH_CUP if t.sake_chaff else CHAFF)
    raise KeyError(yaku)


def scores_of(items: Items, m: int, month: int, t: Points) -> tuple[YakuScore, ...]:
    """Itemised :class:`YakuScore` objects for ``items`` (as returned by :func:`yaku_items`)."""
    return tuple(YakuScore(y, p, from_mask(yaku_cards(y, m, month, t))) for y, p in items)


def yaku_scores(m: int, month: int, t: Points, called: bool = False) -> tuple[YakuScore, ...]:
    """Itemised yaku of the captured mask ``m``: one entry per yaku with its points and cards."""
    return scores_of(yaku_items(m, month, t, called), m, month, t)


GROUP: dict[str, str] = {
    **dict.fromkeys(("goko", "shiko", "ameshiko", "sanko"), "bright"),
    **dict.fromkeys(("inoshikacho", "tane"), "animal"),
    **dict.fromkeys(("akatan_aotan", "akatan", "aotan", "tanzaku"), "ribbon"),
    **dict.fromkeys(("hanami", "tsukimi"), "viewing"),
    "tsukifuda": "tsukifuda",
    "kasu": "kasu",
}


def improved(old: Items, new: Items) -> tuple[str, ...]:
    """Ids of the yaku that make ``new`` a formed or improved yaku compared with ``old``.

    Compared group by group (the viewing yaku summed), so that going from sanko to ameshiko
    counts, while a swap of equal value (one viewing yaku for the other under
    ``viewing="one"``) does not.
    """
    if old == new:
        return ()
    before: dict[str, int] = {}
    for y, p in old:
        before[GROUP[y]] = before.get(GROUP[y], 0) + p
    after: dict[str, int] = {}
    for y, p in new:
        after[GROUP[y]] = after.get(GROUP[y], 0) + p
    rising = {g for g, p in after.items() if p > before.get(g, 0)}
    if not rising:
        return ()
    by_id = dict(old)
    out = tuple(y for y, p in new if GROUP[y] in rising and p > by_id.get(y, 0))
    return out or tuple(y for y, _ in new if GROUP[y] in rising)


_LOW = int("0001" * 12, 2)  # bit 0 of every month's nibble
_PAIRS = int("01" * 24, 2)
_QUADS = int("0011" * 12, 2)


def lucky_hand(m: int) -> str | None:
    """``teshi`` (four cards of a month), ``kuttsuki`` (four pairs of different months) or None.

    Used on the eight cards of each hand (lucky hand) and of the field (misdeal). Counts the
    cards of all twelve months at once (a SWAR popcount per 4-bit month nibble).
    """
    two = (m & _PAIRS) + (m >> 1 & _PAIRS)
    count = (two & _QUADS) + (two >> 2 & _QUADS)  # each nibble: that month's card count, 0..4
    if count >> 2 & _LOW:
        return "teshi"
    exactly_two = count >> 1 & ~count & ~(count >> 2) & _LOW
    return "kuttsuki" if exactly_two.bit_count() == 4 else None
