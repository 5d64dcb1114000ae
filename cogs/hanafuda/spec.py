"""The hanafuda games' common spec: a card in a hint reads as its name and its code, a played
card whose capture is still to pick shown in the hand with its candidates."""

from __future__ import annotations

from typing import Any

from cogs.table.match_spec import MatchSpec
from engine.hanafuda.cards import Card
from i18n import card_name, t


class HanafudaSpec(MatchSpec):
    """A :class:`MatchSpec` played with the 48 flower cards."""

    def hint_card(self, code: str, locale: str) -> str:
        """``Cherry curtain `3a``` (a card's name, then its code as players read it); the jokers
        and other codes that name no card stay codes."""
        shown = self.to_player(code)
        if code[:1].isdigit():
            return f"{card_name(Card.parse(code), locale)} `{shown}`"
        return f"`{shown}`"

    def hand_focus(self, view: Any, path: tuple[str, ...]) -> dict[str, Any]:
        """After the first click of a play that must still pick its capture (the hand card
        matches two field cards), the hand image shows that card and the field cards it may
        take: ``played`` for the game's ``render_hand``."""
        if len(path) != 1:
            return {}
        for action in view.legal_actions:
            if getattr(action, "target", None) is None or not hasattr(action, "card"):
                continue
            steps = self.action_steps(action, view, "en")
            if len(steps) == 2 and steps[0].key == path[0]:
                return {"played": self.played_card(action)}
        return {}

    def hand_text_along(self, view: Any, locale: str, path: tuple[str, ...]) -> str:
        """At the choice of a played card's capture, the hand says so (the card, and that the
        field cards glowing under the hand are the ones it may take) instead of "play a card"."""
        text = self.hand_text(view, locale)
        played = self.hand_focus(view, path).get("played")
        if played is None:
            return text
        play = t(locale, f"{self.game}.hand.play")
        choosing = t(locale, f"{self.game}.hand.take_which", card=self.hint_card(str(played), locale))
        return text.replace(play, choosing) if play in text else f"{text}\n{choosing}"

    def played_card(self, action: Any) -> Any:
        """The hand card a play plays, as the game's hand renderer names it."""
        return action.card
