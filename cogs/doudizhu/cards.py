"""Dou Dizhu cards in words and the hand's card menu: labels, the menu's options, and what a
selection of menu values means (its ranks, or why it cannot be played), for ``cogs.doudizhu.spec``."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.core import GameError, IllegalAction
from engine.doudizhu import Card, Move
from engine.doudizhu.cards import RANKS
from engine.doudizhu.moves import U
from i18n import t
from render.doudizhu.common import rank_text

MENU_LIMIT = 25  # Discord's options per select menu
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_GROUP = re.compile(r"^([3-9TJQKA2BR])x([1-4])$")


# --- cards in words -----------------------------------------------------------------------------


def joker_name(rank: int, locale: str) -> str:
    return t(locale, "doudizhu.card.black_joker" if rank == 13 else "doudizhu.card.red_joker")


def card_text(card: Card, locale: str) -> str:
    """``5 ♥``, ``10 ♠``, ``Black joker``."""
    if card.is_joker:
        return joker_name(card.rank, locale)
    return f"{rank_text(card.rank)} {SUIT_SYMBOLS[card.suit or 's']}"


def cards_text(cards: Sequence[Card], locale: str) -> str:
    """``3♠ 3♥ 4♦ 🃏Red joker``, for narration."""
    return " ".join(
        "🃏" + card_text(c, locale) if c.is_joker else card_text(c, locale).replace(" ", "") for c in cards
    )


def move_cards(move: Move, locale: str) -> str:
    """``3 3 3 4 4`` (the notation's order: the core, then the kickers); a lone joker by name."""
    if move.kind == "single" and move.key >= 13:
        return joker_name(move.key, locale)
    return " ".join(rank_text(RANKS.index(ch)) for ch in str(move))


def kind_name(kind: str, locale: str) -> str:
    return t(locale, f"doudizhu.kind.{kind}")


def move_words(move: Move, locale: str) -> str:
    """``3 3 3 4 4 · Trio with a pair``; ``BR · Rocket``."""
    cards = "BR" if move.kind == "rocket" else move_cards(move, locale)
    return f"{cards} · {kind_name(move.kind, locale)}"


# --- the card menu --------------------------------------------------------------------------------


def menu_entries(hand: Sequence[Card], limit: int = MENU_LIMIT) -> list[tuple[str, int, int]]:
    """``(value, rank, count)`` per menu option, ordered by rank: one per card while the hand
    fits in ``limit`` options; otherwise the ranks holding most cards collapse, each into one
    option ``"<rank>x<count>"`` (all the cards of that rank), until it fits. A Dou Dizhu hand
    holds at most 20 cards, so in play every card has its own option."""
    ordered = sorted(hand, key=lambda c: (c.rank, c))
    by_rank: dict[int, list[Card]] = {}
    for card in ordered:
        by_rank.setdefault(card.rank, []).append(card)
    collapsed: set[int] = set()
    size = len(ordered)
    while size > limit:
        candidates = [r for r, cs in by_rank.items() if r not in collapsed and len(cs) > 1]
        if not candidates:
            break
        rank = max(candidates, key=lambda r: (len(by_rank[r]), -r))
        collapsed.add(rank)
        size -= len(by_rank[rank]) - 1
    out: list[tuple[str, int, int]] = []
    for rank, cs in by_rank.items():
        if rank in collapsed:
            out.append((f"{RANKS[rank]}x{len(cs)}", rank, len(cs)))
        else:
            out.extend((str(c), rank, 1) for c in cs)
    return out


def picked_ranks(values: Sequence[str], hand: Sequence[Card], locale: str) -> int:
    """The ranks (move encoding) of the menu values picked; raises if a card is not held."""
    held = list(hand)
    enc = 0
    for value in values:
        group = _GROUP.match(value)
        if group:
            rank, n = RANKS.index(group[1]), int(group[2])
            mine = [c for c in held if c.rank == rank]
            if len(mine) < n:
                raise refusal("not_in_hand", locale, card=rank_text(rank))
            for c in mine[:n]:
                held.remove(c)
            enc += n * U[rank]
            continue
        try:
            card = Card.parse(value)
        except GameError:  # not a card at all: a menu from another game or a forged click
            raise refusal("not_in_hand", locale, card=value) from None
        if card not in held:
            raise refusal("not_in_hand", locale, card=card_text(card, locale))
        held.remove(card)
        enc += U[card.rank]
    return enc


def refusal(key: str, locale: str, **params: Any) -> IllegalAction:
    """An error whose text (``error.doudizhu_<key>``) the table flow shows in the player's language."""
    full = f"doudizhu_{key}"
    return IllegalAction(t("en", f"error.{full}", **params), key=full, **params)


def explained(reason: tuple[str, dict[str, Any]], locale: str) -> IllegalAction:
    key, params = reason
    words = dict(params)
    if "kind" in words:
        words["kind"] = t(locale, f"doudizhu.kind_a.{words['kind']}")
    for name in ("cards", "move", "last"):
        if name in words:
            words[name] = f"`{words[name]}`"
    return refusal(key, locale, **words)
