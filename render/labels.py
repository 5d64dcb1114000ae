"""Texts drawn on the images, all through :mod:`i18n`, with readable fallbacks for missing keys."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import i18n
from engine.hanafuda.cards import Kind


def _pretty(identifier: str) -> str:
    return identifier.replace("_", " ").capitalize()


def label(locale: str, key: str, fallback: str, **params: object) -> str:
    """``i18n.t(locale, key)``, or ``fallback`` when no language defines ``key``."""
    return i18n.t(locale, key, **params) if i18n.has(locale, key) else fallback


def yaku_name(locale: str, yaku: str) -> str:
    return label(locale, f"yaku.{yaku}", _pretty(yaku))


def multiplier_name(locale: str, name: str) -> str:
    return label(locale, f"multiplier.{name}", _pretty(name))


def reason(locale: str, reason: str, name: str = "") -> str:
    return label(locale, f"render.reason.{reason}", _pretty(reason), name=name)


# Numbers and plurals go through Babel's CLDR formatting (~20 µs each, ~20 a table): the same
# few hundred strings every time, kept (bounded).
FORMATTED_KEPT = 2048


@lru_cache(maxsize=FORMATTED_KEPT)
def points(locale: str, count: int) -> str:
    return i18n.tn(locale, "render.points", count)


def category(locale: str, kind: Kind) -> str:
    return i18n.t(locale, f"render.category.{kind.value}")


def seat_name(names: Sequence[str], seat: int | None) -> str:
    """The seat's player name (``""`` for no seat, ``#n`` past the names given)."""
    if seat is None:
        return ""
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


MINUS = i18n.MINUS  # a real minus: "alice −80" never reads as a dash


@lru_cache(maxsize=FORMATTED_KEPT)
def number(n: int, locale: str = i18n.DEFAULT) -> str:
    """``12``, ``0``, ``−80``, ``1,200`` (``1 200`` in French): CLDR's format via Babel."""
    return i18n.number(locale, n)


def signed(n: int, locale: str = i18n.DEFAULT, zero: str = "0") -> str:
    """A change: ``+12``, ``−80``, and ``zero`` for none (``"±0"`` for a rating, where ``0``
    would read as the rating itself)."""
    if n == 0:
        return zero
    return f"+{number(n, locale)}" if n > 0 else number(n, locale)


def percent(share: float | None, locale: str = i18n.DEFAULT) -> str:
    """A share already divided out: ``62%`` (``62 %`` in French); ``–`` for none (no games)."""
    return "–" if share is None else i18n.percent(locale, share)


def t(locale: str, key: str, **params: object) -> str:
    return i18n.t(locale, key, **params)


def hand_title(locale: str, key: str, owner: str | None) -> str:
    """A hand image's title: the game's own (``key``, ``Your hand``) for its player, or a replay's
    ``alice's hand`` when ``owner`` names whose hand is shown."""
    return t(locale, key) if owner is None else t(locale, "render.replay_hands.title", name=owner)


@lru_cache(maxsize=FORMATTED_KEPT)
def counted(locale: str, key: str, count: int, **params: object) -> str:
    """Plural-aware text: the language's CLDR category (``key.one``, ``key.many``…, ``key.other``)."""
    return i18n.tn(locale, key, count, **params)
