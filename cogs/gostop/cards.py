"""Go-Stop cards and score items in words (labels, narration names, score lines), for
``cogs.gostop.spec``: players type and read the Korean month numbers of the faces."""

from __future__ import annotations

from collections.abc import Sequence

import i18n
from engine.hanafuda import gostop as gs
from engine.hanafuda.cards import CARDS, Card
from engine.hanafuda.gostop.notation import to_player
from i18n import card_name, t

_JOKERS = {"J2": "j2", "J3": "j3", "J2b": "j2b"}


def _card(text: str) -> Card | None:
    """The hanafuda card of a notation (``None`` for a joker)."""
    c = gs.parse_card(text)
    return CARDS[c] if c < 48 else None


def card_label(text: str, locale: str) -> str:
    """``3a Cherry curtain (벚꽃 광)``: notation first, as players type it, then the Korean name.

    ``text`` is the engine's notation; players read the Korean month numbers of the faces
    (``11a`` is the phoenix): see :mod:`engine.hanafuda.gostop.notation`.
    """
    card = _card(text)
    if card is None:
        return f"{text} {t(locale, f'gostop.card.{_JOKERS[text]}')}"
    return i18n.card_label(card, locale, notation=to_player(text), native_lang="ko")


def card_short(text: str, locale: str) -> str:
    """``Cherry curtain `3a```, for narration (the Korean month number, as on the face)."""
    card = _card(text)
    name = t(locale, f"gostop.card.{_JOKERS[text]}") if card is None else card_name(card, locale)
    return f"{name} `{to_player(text)}`"


def cards_text(cards: Sequence[str], locale: str) -> str:
    return ", ".join(card_short(c, locale) for c in cards)


def item_name(name: str, locale: str) -> str:
    """A score item's display name with its Korean: ``Brights (광 gwang)``."""
    return t(locale, f"gostop.score.{name}")


def items_text(items: Sequence[gs.ScoreItem], locale: str) -> str:
    return ", ".join(f"{item_name(i.name, locale)} {i.points}" for i in items)


def same_month(card: str, field: Sequence[str]) -> list[str]:
    """Field cards of the played card's month (what the table shows next to it)."""
    mine = _card(card)
    if mine is None:
        return []
    return [f for f in field if (c := _card(f)) is not None and c.month == mine.month]


def round_score(view: gs.GoStopView, seat: int) -> int:
    return sum(i.points for i in view.round_scores[seat])
