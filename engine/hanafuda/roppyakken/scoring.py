"""Roppyakken scoring: card points, dekiyaku (captured combinations) and teyaku (dealt hands).

Seed, "Comptage des points": « Score du joueur = (Somme des points des cartes) + (Somme des
points des Yaku) ». Every function here returns itemised :class:`Item` lines for the score sheet.
"""

from __future__ import annotations

from engine.hanafuda.cards import CARDS, MONTH_MASKS, Kind, RibbonKind, from_mask, mask
from engine.hanafuda.roppyakken.rules import Rules
from engine.hanafuda.roppyakken.types import Item, SeatScore


def _m(text: str) -> int:
    return mask(CARDS[(int(t[:-1]) - 1) * 4 + "abcd".index(t[-1])] for t in text.split())


# « Lumières … 50 points (6 cartes) », the warbler included.
LIGHTS = _m("1a 2a 3a 8a 11a 12a")
# « animaux / objets … 10 points (9 cartes) », the yellow paulownia 12b included.
ANIMALS = _m("4a 5a 6a 7a 8b 9a 10a 11b 12b")
SAKE_DEER = _m("9a 10a")
RIBBONS = mask(c for c in CARDS if c.kind is Kind.RIBBON)
WILLOW_RIBBON = _m("11c")
# « plaines (Kasu) : 0 point (23 cartes) »: every chaff but the yellow paulownia.
PLAINS = ((1 << 48) - 1) & ~(LIGHTS | ANIMALS | RIBBONS)
GAJI = 40  # 11a, the rain man
LIGHTNING = 43  # 11d, the November plain

SHIKO = _m("1a 3a 8a 12a")
INOSHIKACHO = _m("6a 7a 10a")
MATSUKIRIBOZU = _m("1a 8a 12a")
TEPPO = _m("3a 8a 9a")
HANAMI = _m("3a 9a")
TSUKIMI = _m("8a 9a")
OZAN = _m("1a 2a 3a")
KOZAN = mask(c for c in CARDS if c.ribbon is RibbonKind.POETRY)
AOTAN = mask(c for c in CARDS if c.ribbon is RibbonKind.BLUE)
SOTAN = _m("4b 5b 7b")
SHIMA_MONTHS = (1, 2, 3, 4, 8, 10, 12)

# Fixed-set yaku in the seed's table order (the viewing yaku are handled apart).
_SETS: tuple[tuple[str, int], ...] = (
    ("shiko", SHIKO),
    ("inoshikacho", INOSHIKACHO),
    ("matsukiribozu", MATSUKIRIBOZU),
)
_RIBBON_SETS: tuple[tuple[str, int], ...] = (
    ("ozan", OZAN),
    ("kozan", KOZAN),
    ("aotan", AOTAN),
    ("sotan", SOTAN),
)


def lights_mask(rules: Rules) -> int:
    return LIGHTS | SAKE_DEER if rules.sake_deer_lights else LIGHTS


def card_points(m: int, rules: Rules) -> tuple[Item, ...]:
    """Points of the captured cards ``m``: lights 50, animals 10, ribbons 10 (plains 0 are not listed)."""
    lights = m & lights_mask(rules)
    animals = m & ANIMALS & ~lights
    ribbons = m & RIBBONS
    out = []
    for name, part, value in (("lights", lights, 50), ("animals", animals, 10), ("ribbons", ribbons, 10)):
        if part:
            out.append(Item(name, value * part.bit_count(), from_mask(part)))
    return tuple(out)


def card_total(m: int, rules: Rules) -> int:
    lights = m & lights_mask(rules)
    return 50 * lights.bit_count() + 10 * (m & ANIMALS & ~lights).bit_count() + 10 * (m & RIBBONS).bit_count()


def yaku(m: int, rules: Rules) -> tuple[Item, ...]:
    """Every dekiyaku of the captured cards ``m``; they stack, except that Teppō replaces the
    two viewing yaku (RULINGS). A yaku whose value is 0 is switched off."""
    out: list[Item] = []
    for name, need in _SETS[:1]:
        if m & need == need and rules.shiko:
            out.append(Item(name, rules.shiko, from_mask(need)))
    ribbons = m & (RIBBONS if rules.nanatan_willow else RIBBONS & ~WILLOW_RIBBON)
    if ribbons.bit_count() >= 7 and rules.nanatan:
        out.append(Item("nanatan", rules.nanatan, from_mask(ribbons)))
    for name, need in _SETS[1:]:
        value = getattr(rules, name)
        if m & need == need and value:
            out.append(Item(name, value, from_mask(need)))
    if m & TEPPO == TEPPO and rules.teppo:
        out.append(Item("teppo", rules.teppo, from_mask(TEPPO)))
    else:
        for name, need in (("hanami", HANAMI), ("tsukimi", TSUKIMI)):
            value = getattr(rules, name)
            if m & need == need and value:
                out.append(Item(name, value, from_mask(need)))
    for name, need in _RIBBON_SETS:
        value = getattr(rules, name)
        if m & need == need and value:
            out.append(Item(name, value, from_mask(need)))
    if rules.shima:
        for month in SHIMA_MONTHS:
            need = MONTH_MASKS[month]
            if m & need == need:
                out.append(Item(f"shima_{month}", rules.shima, from_mask(need)))
    need = MONTH_MASKS[11]
    if m & need == need and rules.ameshima:
        out.append(Item("ameshima", rules.ameshima, from_mask(need)))
    return tuple(out)


def month_counts(m: int) -> list[int]:
    """Cards of each month (index 1..12) in mask ``m``."""
    return [0, *((m & MONTH_MASKS[month]).bit_count() for month in range(1, 13))]


def has_four_of_a_month(m: int) -> bool:
    return any(m & mm == mm for mm in MONTH_MASKS[1:])


def _brelan(month_cards: int) -> int:
    """The cards a brelan shows: « 3 cartes de mois identiques » (« dévoiler les cartes le
    composant »). Of four cards of a month (a hand the seed plays, ``hand_four="play"``), three
    are shown: the month's first card, its most valuable, stays hidden."""
    if month_cards.bit_count() == 4:
        return month_cards & ~(month_cards & -month_cards)
    return month_cards


def teyaku(hand: int, rules: Rules) -> tuple[Item, ...]:
    """Teyaku of a dealt hand: three of a month 200 (two triples 400, which replaces it), and
    all plains 400, which stacks with them (RULINGS). Four of a month hold a brelan. Values 0
    switch one off."""
    if not rules.teyaku:
        return ()
    out: list[Item] = []
    triples = [_brelan(hand & mm) for mm in MONTH_MASKS[1:] if (hand & mm).bit_count() >= 3]
    shown = 0
    for cards in triples:
        shown |= cards
    if len(triples) >= 2 and rules.futatesan:
        out.append(Item("futatesan", rules.futatesan, from_mask(shown)))
    elif triples and rules.tesan:
        # One triple, or two with futatesan switched off: 200 for the (first) triple.
        out.append(Item("tesan", rules.tesan, from_mask(triples[0])))
    if hand and hand & ~PLAINS == 0 and rules.sogasu:
        out.append(Item("sogasu", rules.sogasu, from_mask(hand)))
    return tuple(out)


def seat_score(captured: int, shown: tuple[Item, ...], rules: Rules) -> SeatScore:
    cards = card_points(captured, rules)
    made = yaku(captured, rules)
    total = sum(i.points for i in cards) + sum(i.points for i in made) + sum(i.points for i in shown)
    return SeatScore(cards, made, shown, total)
