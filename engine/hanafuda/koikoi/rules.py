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
from engine.core import BadRules

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
    "group_scoring": ("best", "stack"),
    "koikoi_bonus": ("none", "plus_n"),
    "decision": ("improved", "points_rose"),
    "misdeal": ("field", "four_anywhere"),
}

# Inclusive bounds of the integer options.
_INT_RANGES: dict[str, tuple[int, int]] = {
    "rounds": (1, 120),
    "target_score": (0, 9999),
    "double_at": (0, 99),
    "oyaken": (0, 99),
    "lucky_hand_points": (0, 99),
    "viewing_after_koikoi": (0, 99),
    "deal_by": (1, 8),
    "starting_score": (0, 9999),
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
    # Options for the named presets (issue 14); their defaults are the seed's rules.
    # "best": one yaku per animal/ribbon group, with its +1 per extra card (seed); "stack": boar-
    # deer-butterflies, poetry and blue ribbons score flat and stack with tane/tanzaku, and
    # holding both ribbon sets also scores akatan_aotan on top of them.
    group_scoring: str = "best"
    # Each viewing yaku is worth this once its owner has called koi-koi (0 = no change).
    viewing_after_koikoi: int = 0
    # "plus_n": the scorer's own n koi-koi calls add +n (n <= 3) or multiply by n - 2 (n >= 4).
    koikoi_bonus: str = "none"
    # When the koi-koi/shobu choice comes: a yaku group formed or improved (seed), or the
    # player's total points rose during the turn.
    decision: str = "improved"
    # "field": four of a month or four pairs on the field redeal (seed); "four_anywhere": four
    # of a month on the field or in either hand redeal (four pairs are played).
    misdeal: str = "field"
    # Cards per packet when dealing (seed: 4 to the opponent, 4 to the field, 4 to the dealer).
    deal_by: int = 4
    # Points a player scores are taken from the opponent.
    zero_sum: bool = False
    # Both totals start here; end_at_zero ends the match once a total is 0 or below.
    starting_score: int = 0
    end_at_zero: bool = False

    def __post_init__(self) -> None:
        shared.validate(self, _INT_RANGES, CHOICES)
        if 8 % self.deal_by:
            raise BadRules(
                f"rule 'deal_by' must divide the 8 cards of a hand (1, 2, 4 or 8), not {self.deal_by!r}",
                key="bad_rule",
                option="deal_by",
            )
        if self.end_at_zero and not self.starting_score:
            raise BadRules(
                "rule 'end_at_zero' needs a 'starting_score' above 0",
                key="bad_rule",
                option="end_at_zero",
            )

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
    # Nintendo's own published Koi-Koi guide (the Japanese yaku table and the English "Mario
    # Hanafuda: How to play Koi-Koi"); where it is silent, FudaWiki's modern rules, which it
    # says are "as seen in … Nintendo's current Koi-Koi rules leaflet". Row by row, with the
    # sentence each follows: engine.hanafuda.koikoi.presets.preset_table("nintendo").
    "nintendo": Rules(deal_by=2, tsukifuda=0, double_at=7, empty_hands="all_lost", all_lost_dealer="stays"),
    # The PC game KoiKoi-Japan, as listed in issue 14: preset_table("koikoi-japan").
    "koikoi-japan": Rules(
        rounds=8,
        hanami=1,
        tsukimi=1,
        tsukifuda=0,
        lucky_hands=False,
        double_at=0,
        opponent_koikoi="none",
        empty_hands="all_lost",
        all_lost_dealer="stays",
        oyaken=1,
        group_scoring="stack",
        viewing_after_koikoi=3,
        koikoi_bonus="plus_n",
        decision="points_rose",
        misdeal="four_anywhere",
        zero_sum=True,
        starting_score=30,
        end_at_zero=True,
    ),
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
    stack: bool  # group_scoring="stack"
    viewing_koikoi: int  # viewing value once the owner called koi-koi (0 = unchanged)


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
        stack=rules.group_scoring == "stack",
        viewing_koikoi=0 if rules.viewing == "off" else rules.viewing_after_koikoi,
    )
