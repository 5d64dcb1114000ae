"""The games the render layer draws a rules card for: its one list of games.

Each entry is the game's own ``rules_card`` module (its scoring rows and its row of faces);
``render.rules_card`` lays them out the same way for every game and never names one.
"""

from __future__ import annotations

from typing import Protocol

from PIL import Image

from render.doudizhu import rules_card as doudizhu
from render.goita import rules_card as goita
from render.hanafuda.gostop import rules_card as gostop
from render.hanafuda.koikoi import rules_card as koikoi
from render.hanafuda.roppyakken import rules_card as roppyakken


class RulesCardParts(Protocol):
    """What a game gives its rules card."""

    def rows(self, loc: str) -> list[tuple[str, str]]:
        """The scoring table: (name, value) rows from the seed rules."""
        ...

    def samples(self) -> tuple[tuple[Image.Image, str], ...]:
        """The row of faces under the title, each with a caption (a count, or empty)."""
        ...

    def palette(self) -> Image.Image:
        """The fixed palette the card is encoded with: the game's own table palette."""
        ...


RULES_CARDS: dict[str, RulesCardParts] = {
    "koikoi": koikoi,
    "roppyakken": roppyakken,
    "gostop": gostop,
    "doudizhu": doudizhu,
    "goita": goita,
}


def register(game: str, parts: RulesCardParts) -> None:
    """Give ``game`` a rules card: one line for a game outside the tree."""
    RULES_CARDS[game] = parts


def unregister(game: str) -> None:
    """Take ``game``'s rules card out again (a test's game, once the test is over)."""
    RULES_CARDS.pop(game, None)
