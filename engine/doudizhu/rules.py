"""Dou Dizhu rule options: the seed's rules as defaults, the ``classic`` preset, ``from_dict``.

``docs/rules/doudizhu.md`` gives, for each option, the seed sentence or ruling it comes from.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine import rules as shared

# Allowed values of the text options (first = seed default).
CHOICES: dict[str, tuple[str, ...]] = {
    # "remultiplié par 2 si une bombe a été sortie": once (seed) or ×2 per bomb/rocket (classic).
    "bomb_multiplier": ("once", "each"),
}
_INT_RANGES: dict[str, tuple[int, int]] = {"hands": (1, 100), "max_redeals": (0, 1000)}


@dataclass(frozen=True, slots=True)
class Rules:
    """One Dou Dizhu rule set; defaults are the seed's rules (preset ``seed``)."""

    # Hands in a match (the seed describes one "partie"; scores add up over the match).
    hands: int = 3
    bomb_multiplier: str = "once"
    # ×2 for a spring (landlord wins, no peasant played a card) or an anti-spring (peasants
    # win, the landlord played only the opening lead). Not in the seed; preset ``classic``.
    spring: bool = False
    # 0 = redeal as often as nobody bids (seed: « on redistribue »); else after that many
    # redeals in a row the hand is scored 0 for everyone and the match moves on.
    max_redeals: int = 0
    # A higher bomb beats a lower one (seed reading: « jouer plus haut dans la même catégorie »,
    # bombs being a category). False: « Le joueur ayant joué la bombe remporte alors le pli, à
    # moins qu'une super-bombe constituée des 2 jokers ne soit jouée » read literally: only the
    # rocket beats a bomb.
    bomb_over_bomb: bool = True

    def __post_init__(self) -> None:
        shared.validate(self, _INT_RANGES, CHOICES)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Build rules from options (missing keys take the seed default); raises :class:`BadRules`."""
        return shared.from_dict(cls, data, "Dou Dizhu")


def option_names() -> tuple[str, ...]:
    return shared.option_names(Rules)


PRESETS: dict[str, Rules] = {
    # The seed (003, FR) with RULINGS.md: ×2 once if any bomb or rocket was played, no spring.
    "seed": Rules(),
    # The widely played scoring: ×2 per bomb or rocket, ×2 for a spring or anti-spring.
    "classic": Rules(bomb_multiplier="each", spring=True),
}


def rules_from(preset: str | None = None, overrides: dict[str, Any] | None = None) -> Rules:
    """Rules of a named preset (``None`` = ``seed``) with option overrides on top."""
    return shared.rules_from(PRESETS, "Dou Dizhu", preset, overrides)
