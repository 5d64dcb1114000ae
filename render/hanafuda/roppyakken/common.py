"""What the Roppyakken images share: its own card classes, its texts, and a few drawing helpers.

Roppyakken counts the warbler ``2a`` as a light and the yellow paulownia ``12b`` as an animal
(and, with the ``sake_deer_lights`` option, ``9a`` and ``10a`` as lights): faces get the matching
badge and captured piles are grouped that way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from PIL import ImageDraw

from engine.hanafuda.cards import Card, Kind
from engine.hanafuda.roppyakken.types import Item
from render import labels as L
from render.palette import ACCENT, CREAM, INK, KOI, TEXT_DIM
from render.widgets import chip, text, text_width

LIGHTS = frozenset({"1a", "2a", "3a", "8a", "11a", "12a"})
ANIMALS = frozenset({"4a", "5a", "6a", "7a", "8b", "9a", "10a", "11b", "12b"})
SAKE_DEER = frozenset({"9a", "10a"})
ITEM_KINDS = {"lights": Kind.BRIGHT, "animals": Kind.ANIMAL, "ribbons": Kind.RIBBON}
POINTS = {Kind.BRIGHT: 50, Kind.ANIMAL: 10, Kind.RIBBON: 10, Kind.CHAFF: 0}


@cache
def kind_of(sake_deer_lights: bool = False) -> Callable[[Card], Kind]:
    """Roppyakken's class of a card (lights 50, animals 10, ribbons 10, plains 0)."""
    lights = LIGHTS | SAKE_DEER if sake_deer_lights else LIGHTS

    def kind(card: Card) -> Kind:
        name = str(card)
        if name in lights:
            return Kind.BRIGHT
        if name in ANIMALS:
            return Kind.ANIMAL
        return Kind.RIBBON if card.kind is Kind.RIBBON else Kind.CHAFF

    return kind


def item_kinds(items: Sequence[Item]) -> Callable[[Card], Kind]:
    """Classes read from a score's card-point lines (they follow the rules the round used)."""
    known = {c: ITEM_KINDS[i.name] for i in items if i.name in ITEM_KINDS for c in i.cards}
    return lambda c: known.get(c, Kind.CHAFF)


def yaku_parts(locale: str, name: str) -> tuple[str, str]:
    """A dekiyaku or teyaku name (``roppyakken.yaku.<id>`` keys; readable fallback), split into
    the name and its parenthesised detail: ``Gun (Teppō 鉄砲)`` → ``("Gun", "Teppō 鉄砲")``."""
    full = L.label(locale, f"roppyakken.yaku.{name}", name.replace("_", " ").capitalize())
    main, sep, rest = full.partition(" (")
    if sep and rest.endswith(")") and main:
        return main, rest[:-1]
    return full, ""


def yaku_name(locale: str, name: str) -> str:
    """The short name of a yaku (chips, summary lines)."""
    return yaku_parts(locale, name)[0]


def item_parts(locale: str, name: str) -> tuple[str, str]:
    """A score line: card points (lights, animals, ribbons) or a yaku, as (name, detail)."""
    if name in ITEM_KINDS:
        return L.t(locale, f"render.roppyakken.item.{name}"), ""
    return yaku_parts(locale, name)


def category(locale: str, kind: Kind) -> str:
    return L.t(locale, f"render.roppyakken.category.{kind.value}")


def group_headers(locale: str, cards: Sequence[Card], kind: Callable[[Card], Kind]) -> dict[Kind, str]:
    """Pile group titles with their count and card points: ``Brights 2 · 100``."""
    counts = {k: 0 for k in POINTS}
    for c in cards:
        counts[kind(c)] += 1
    out = {}
    for k, n in counts.items():
        name = category(locale, k)
        if POINTS[k] and n:
            out[k] = L.t(locale, "render.roppyakken.group", category=name, count=n, points=n * POINTS[k])
        else:
            out[k] = L.t(locale, "render.roppyakken.group_plain", category=name, count=n)
    return out


def score_chips(
    draw: ImageDraw.ImageDraw,
    items: Sequence[tuple[str, int, bool]],
    x0: float,
    x1: float,
    cy: float,
    empty: str,
) -> None:
    """Chips right-aligned in ``[x0, x1]`` (gold yaku, vermilion teyaku): smaller text when
    crowded, then ``+N`` for the rest; ``empty`` in dim text when there are none."""
    if not items:
        text(draw, (x1, cy), empty, 20, TEXT_DIM, anchor="rm", max_width=max(1.0, x1 - x0))
        return
    labels = [(f"{name} {pts}", teyaku) for name, pts, teyaku in items]
    avail = x1 - x0

    def span(s: str, size: int) -> float:
        return text_width(s, size) + 2 * (size // 2) + 8

    size = next((z for z in (22, 19) if sum(span(s, z) for s, _ in labels) <= avail), 17)
    shown = len(labels)
    while (
        shown
        and sum(span(s, size) for s, _ in labels[:shown])
        + (span(f"+{len(labels) - shown}", size) if shown < len(labels) else 0)
        > avail
    ):
        shown -= 1
    right = x1
    if shown < len(labels):
        right -= chip(draw, right, cy, f"+{len(labels) - shown}", size, CREAM, INK, align="right") + 8
    for label, teyaku in reversed(labels[:shown]):
        fill, ink = (KOI, CREAM) if teyaku else (ACCENT, INK)
        right -= chip(draw, right, cy, label, size, fill, ink, align="right") + 8
