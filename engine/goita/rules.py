"""Goita rule options: the seed's rules as defaults, FudaWiki's association scale as a preset.

Every field of :class:`Rules` is one option; ``docs/rules/goita.md`` gives, for each, the seed
sentence (or FudaWiki passage) it comes from. The number of players (2, 3 or 4) is the number
of seats, not an option: the seed's variants « Jeu à 2 » and « Jeu à 3 » change only the deal.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

from engine.core import BadRules

CHOICES: dict[str, tuple[str, ...]] = {
    # Seed: the previous first player deals, the player on their right leads (« rotate »);
    # FudaWiki: the winner of the round deals and leads (« winner »).
    "next_leader": ("rotate", "winner"),
    # Seed « Jeu à 3 »: remove 2 pawns, or (« Note ») 2 random pieces, face down.
    "three_player_removal": ("pawns", "random"),
}

_INT_RANGES: dict[str, tuple[int, int]] = {
    "king": (1, 999),
    "rook": (1, 999),
    "bishop": (1, 999),
    "gold": (1, 999),
    "silver": (1, 999),
    "knight": (1, 999),
    "lance": (1, 999),
    "pawn": (1, 999),
    "target_score": (1, 99999),
    "redeal_pawns": (0, 12),
    "teyaku_eight": (1, 9999),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """One Goita rule set. Defaults are the seed's rules (preset ``seed``)."""

    # Piece values (seed: « 2 Rois (5 points) … 10 Pions (1 point) »).
    king: int = 5
    rook: int = 4
    bishop: int = 4
    gold: int = 3
    silver: int = 3
    knight: int = 2
    lance: int = 2
    pawn: int = 1
    # « … jusqu'à ce qu'une équipe arrive à 15 points »
    target_score: int = 15
    # The finishing face-down piece equal to the last piece doubles the score.
    double_finish: bool = True
    # A player dealt at least this many pawns may ask for a redeal (0 = never).
    redeal_pawns: int = 5
    # FudaWiki: 6+ pawns end the round at once (4 players only); 5 pawns still may redeal.
    teyaku: bool = False
    teyaku_eight: int = 10
    next_leader: str = "rotate"
    three_player_removal: str = "pawns"

    def __post_init__(self) -> None:
        for f in fields(self):
            _check(f.name, getattr(self, f.name))

    def to_dict(self) -> dict[str, Any]:
        """All options as plain JSON values (what the store saves with a game)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Build rules from options (missing keys take the seed default).

        Raises :class:`BadRules` naming the first unknown key or bad value.
        """
        if not isinstance(data, dict):
            raise BadRules("Goita rules must be a mapping of option names to values", key="bad_rules")
        names = option_names()
        for key in data:
            if key not in names:
                raise BadRules(
                    f"unknown Goita rule option {key!r} (valid: {', '.join(names)})",
                    key="unknown_rule",
                    option=key,
                )
        return cls(**data)

    @property
    def values(self) -> tuple[int, ...]:
        """Piece values indexed by :class:`~engine.goita.types.Piece` (K R B G S N L P)."""
        return (self.king, self.rook, self.bishop, self.gold, self.silver, self.knight, self.lance, self.pawn)


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
    # The seed (002, FR): values 5/4/4/3/3/2/2/1, match to 15, rotating leader.
    "seed": Rules(),
    # FudaWiki / Noto Goita Preservation Society scale: ×10, to 150, 6/7/8-pawn teyaku,
    # the winner deals and leads the next round.
    "association": Rules(
        king=50,
        rook=40,
        bishop=40,
        gold=30,
        silver=30,
        knight=20,
        lance=20,
        pawn=10,
        target_score=150,
        teyaku=True,
        teyaku_eight=100,
        next_leader="winner",
    ),
}


def rules_from(preset: str | None = None, overrides: dict[str, Any] | None = None) -> Rules:
    """Rules of a named preset (``None`` = ``seed``) with option overrides on top."""
    name = "seed" if preset is None else preset
    if name not in PRESETS:
        raise BadRules(
            f"unknown Goita preset {name!r} (valid: {', '.join(PRESETS)})",
            key="unknown_preset",
            preset=name,
        )
    base = PRESETS[name]
    if not overrides:
        return base
    if not isinstance(overrides, dict):
        raise BadRules("Goita rule overrides must be a mapping", key="bad_rules")
    return Rules.from_dict({**base.to_dict(), **overrides})
