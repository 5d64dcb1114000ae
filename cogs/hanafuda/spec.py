"""The hanafuda games' common spec: a card in a hint reads as its name and its code."""

from __future__ import annotations

from cogs.table.match_spec import MatchSpec
from engine.hanafuda.cards import Card
from i18n import card_name


class HanafudaSpec(MatchSpec):
    """A :class:`MatchSpec` played with the 48 flower cards."""

    def hint_card(self, code: str, locale: str) -> str:
        """``Cherry curtain `3a``` (a card's name, then its code as players read it); the jokers
        and other codes that name no card stay codes."""
        shown = self.to_player(code)
        if code[:1].isdigit():
            return f"{card_name(Card.parse(code), locale)} `{shown}`"
        return f"`{shown}`"
