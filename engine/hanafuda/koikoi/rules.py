"""Koi-Koi rule options: the seed's rules as defaults, its variants as options, named presets.

Every field of :class:`Rules` is one option; ``docs/rules/koikoi.md`` gives, for each, the seed
sentence (or FudaWiki passage) it comes from, its values and the presets that change it.

Yaku values are options named after the yaku id (``goko=15``); ``0`` switches a yaku off. The
seed's own variants are separate switches (``fifteen_point_yaku``, ``five_to_six`` …) so that a
table can say "seed rules + rain spoils the viewing" without knowing any point value.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from engine import rules as shared

YAKU_IDS: tuple[str, ...] = (
    "goko",
    "shiko",
    "ameshiko",
    "sanko",
    "inoshikacho",
    "tane",
    "akatan_aotan",
    "akatan",
    "aotan",
    "tanzaku",
    "hanami",
    "tsukimi",
    "tsukifuda",
    "kasu",
)

# Allowed values of the text options (first = seed default).
CHOICES: dict[str, tuple[str, ...]] = {
    "viewing": ("on", "one", "off"),
    "empty_hands": ("koikoi_caller", "all_lost", "dealer_out"),
    "all_lost_dealer": ("stays", "changes"),
    "opponent_koikoi": ("double", "per_call", "self", "anyone", "none"),
    "sake_cup": ("both", "animal"),
}

# Inclusive bounds of the integer options.
_INT_RANGES: dict[str, tuple[int, int]] = {
    "rounds": (1, 120),
    "target_score": (0, 9999),
    "double_at": (0, 99),
    "oyaken": (0, 99),
    "lucky_hand_points": (0, 99),
    **dict.fromkeys(YAKU_IDS, (0, 99)),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """One Koi-Koi rule set. Defaults are the seed's rules (preset ``seed``).

    Yaku values (one value per group, the "special" group stacks):
    ``goko`` … ``kasu`` are the base points; the +1 per extra card is part of the rules
    for ``inoshikacho``, ``tane``, the ribbon yaku and ``kasu``.
    """

    rounds: int = 12
    # 0 = play ``rounds`` rounds; else the match also ends once a total reaches this score.
    target_score: int = 0
    # Bright group
    goko: int = 10
    shiko: int = 8
    ameshiko: int = 7
    sanko: int = 5
    # Animal group
    inoshikacho: int = 5
    tane: int = 1
    # Ribbon group
    akatan_aotan: int = 10
    akatan: int = 5
    aotan: int = 5
    tanzaku: int = 1
    # Special group (stacks)
    hanami: int = 5
    tsukimi: int = 5
    tsukifuda: int = 4
    kasu: int = 1
    # Lucky hands dealt to a player (teshi, kuttsuki)
    lucky_hands: bool = True
    lucky_hand_points: int = 6
    # Multipliers: ×2 when the base is >= double_at (0 = never); the seed's "supérieure à 7" is 8.
    double_at: int = 8
    opponent_koikoi: str = "double"
    # Variants from the seed's "Quelques variations possibles"
    viewing: str = "on"
    rain_spoils_viewing: bool = False
    fifteen_point_yaku: bool = False
    lightning_wild: bool = False
    empty_hands: str = "koikoi_caller"
    all_lost_dealer: str = "stays"
    oyaken: int = 0
    five_to_six: bool = False
    # FudaWiki's "Taming the sake cup": the cup counts as animal and chaff (seed), or animal only.
    sake_cup: str = "both"

    def __post_init__(self) -> None:
        shared.validate(self, _INT_RANGES, CHOICES)

    def to_dict(self) -> dict[str, Any]:
        """All options as plain JSON values (what the store saves with a game)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Build rules from options (missing keys take the seed default).

        Raises :class:`BadRules` naming the first unknown key or bad value.
        """
        return shared.from_dict(cls, data, "Koi-Koi")


def option_names() -> tuple[str, ...]:
    return shared.option_names(Rules)


PRESETS: dict[str, Rules] = {
    # The seed (004, FR): every rule as the seed states it.
    "seed": Rules(),
    # FudaWiki's modern table with Nintendo's values (five brights 10, three brights 5), its
    # ">= 7 doubles", opponent koi-koi x2 whatever the count, and its exhaustive draw
    # (nobody scores, same dealer).
    "nintendo": Rules(double_at=7, empty_hands="all_lost", all_lost_dealer="stays"),
    # FudaWiki's modern table as printed: five brights 15, three brights 6, >= 7 doubles,
    # exhaustive draw scores nothing and the dealer stays.
    "koikoi-japan": Rules(goko=15, sanko=6, double_at=7, empty_hands="all_lost", all_lost_dealer="stays"),
}


def rules_from(preset: str | None = None, overrides: dict[str, Any] | None = None) -> Rules:
    """Rules of a named preset (``None`` = ``seed``) with option overrides on top."""
    return shared.rules_from(PRESETS, "Koi-Koi", preset, overrides)


class Points(NamedTuple):
    """Effective yaku values once the seed's switches are applied (precomputed per Rules)."""

    goko: int
    shiko: int
    ameshiko: int
    sanko: int
    inoshikacho: int
    tane: int
    akatan_aotan: int
    akatan: int
    aotan: int
    tanzaku: int
    hanami: int
    tsukimi: int
    tsukifuda: int
    kasu: int
    viewing_one: bool
    rain_spoils: bool
    sake_chaff: bool


@lru_cache(maxsize=256)
def points_table(rules: Rules) -> Points:
    """The yaku values this rule set really uses.

    ``fifteen_point_yaku`` sets five brights and poetry+blue ribbons to 15 (unless switched off
    with 0); ``five_to_six`` raises every yaku worth 5 to 6; ``viewing="off"`` zeroes both
    viewing yaku.
    """
    values = {name: getattr(rules, name) for name in YAKU_IDS}
    if rules.fifteen_point_yaku:
        # Raises the two yaku; one switched off with 0 stays off.
        for name in ("goko", "akatan_aotan"):
            if values[name]:
                values[name] = 15
    if rules.five_to_six:
        values = {k: (6 if v == 5 else v) for k, v in values.items()}
    if rules.viewing == "off":
        values["hanami"] = values["tsukimi"] = 0
    return Points(
        **values,
        viewing_one=rules.viewing == "one",
        rain_spoils=rules.rain_spoils_viewing,
        sake_chaff=rules.sake_cup == "both",
    )
