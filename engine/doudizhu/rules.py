"""Dou Dizhu rule options: the seed's rules as defaults, the ``classic`` preset, ``from_dict``.

``docs/rules/doudizhu.md`` gives, for each option, the seed sentence or ruling it comes from.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from engine.core import BadRules

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

    def __post_init__(self) -> None:
        for f in fields(self):
            _check(f.name, getattr(self, f.name))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Build rules from options (missing keys take the seed default); raises :class:`BadRules`."""
        if not isinstance(data, dict):
            raise BadRules("Dou Dizhu rules must be a mapping of option names to values", key="bad_rules")
        names = option_names()
        for key in data:
            if key not in names:
                raise BadRules(
                    f"unknown Dou Dizhu rule option {key!r} (valid: {', '.join(names)})",
                    key="unknown_rule",
                    option=key,
                )
        return cls(**data)


def option_names() -> tuple[str, ...]:
    return tuple(f.name for f in fields(Rules))


def _check(name: str, value: object) -> None:
    default = Rules.__dataclass_fields__[name].default
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise BadRules(f"rule {name!r} must be true or false, not {value!r}", key="bad_rule", option=name)
    elif isinstance(default, int):
        lo, hi = _INT_RANGES[name]
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise BadRules(
                f"rule {name!r} must be a whole number from {lo} to {hi}, not {value!r}",
                key="bad_rule",
                option=name,
            )
    else:
        allowed = CHOICES[name]
        if value not in allowed:
            raise BadRules(
                f"rule {name!r} must be one of {', '.join(allowed)}, not {value!r}",
                key="bad_rule",
                option=name,
            )


PRESETS: dict[str, Rules] = {
    # The seed (003, FR) with RULINGS.md: ×2 once if any bomb or rocket was played, no spring.
    "seed": Rules(),
    # The widely played scoring: ×2 per bomb or rocket, ×2 for a spring or anti-spring.
    "classic": Rules(bomb_multiplier="each", spring=True),
}


def rules_from(preset: str | None = None, overrides: dict[str, Any] | None = None) -> Rules:
    """Rules of a named preset (``None`` = ``seed``) with option overrides on top."""
    name = "seed" if preset is None else preset
    if name not in PRESETS:
        raise BadRules(
            f"unknown Dou Dizhu preset {name!r} (valid: {', '.join(PRESETS)})",
            key="unknown_preset",
            preset=name,
        )
    base = PRESETS[name]
    if not overrides:
        return base
    if not isinstance(overrides, dict):
        raise BadRules("Dou Dizhu rule overrides must be a mapping", key="bad_rules")
    return Rules.from_dict({**base.to_dict(), **overrides})
