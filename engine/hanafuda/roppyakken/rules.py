"""Roppyakken rule options: the seed's rules as defaults, variants as options, named presets.

Every field of :class:`Rules` is one option; ``docs/rules/roppyakken.md`` gives, for each, the
seed sentence (or FudaWiki passage) it comes from. Yaku and teyaku values are options named after
the yaku id (``shiko=600``); ``0`` switches one off.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine import rules as shared

YAKU_IDS: tuple[str, ...] = (
    "shiko",
    "nanatan",
    "inoshikacho",
    "matsukiribozu",
    "teppo",
    "hanami",
    "tsukimi",
    "ozan",
    "kozan",
    "aotan",
    "sotan",
    "shima",
    "ameshima",
)
TEYAKU_IDS: tuple[str, ...] = ("tesan", "futatesan", "sogasu")

# Allowed values of the text options (the seed default is the field's default below).
CHOICES: dict[str, tuple[str, ...]] = {
    "tie_break": ("lead", "yaku", "score"),
    "hand_four": ("play", "misdeal"),
    "gaji_capture": ("compulsory", "optional"),
}

_INT_RANGES: dict[str, tuple[int, int]] = {
    "target": (50, 9999),
    "lead": (0, 9999),
    **dict.fromkeys(YAKU_IDS, (0, 9999)),
    **dict.fromkeys(TEYAKU_IDS, (0, 9999)),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """One Roppyakken rule set. Defaults are the seed's rules (preset ``seed``)."""

    # Match: "jusqu'à ce qu'un joueur atteigne ou dépasse les 600 points … plus de 30 points
    # d'avance sur le second". ``lead``: the winner needs strictly more than this over the second.
    target: int = 600
    lead: int = 30
    # Several seats at the target. "lead" (seed, exactly): « Si ce dernier a plus de 30 points
    # d'avance sur le second, il est déclaré vainqueur. Sinon, on rejoue une manche
    # supplémentaire » whoever reached it. FudaWiki: "yaku" = Four Brights, then Seven Ribbons,
    # then the highest total; "score" = the highest total (any margin; a tie plays another round).
    tie_break: str = "lead"
    # Seed variant: "la coupe de saké (septembre) et le cerf (octobre), sont considérées comme
    # des lumières (50 points)".
    sake_deer_lights: bool = False
    # Four of a month dealt to a hand. Seed: "play" (it redeals only for four « face visible »;
    # the hand scores its brelan). FudaWiki: "misdeal".
    hand_four: str = "play"
    # The Gaji « peut capturer n'importe quelle carte (qui n'est pas une plaine) disponible »:
    # in the seed one card of another month's triple too. FudaWiki: "cannot be used to capture
    # sets of 3 of any other suit" (and with three Novembers on the field it takes them, nothing else).
    gaji_no_triples: bool = False
    # "optional" (seed: « il peut capturer à l'aide de celui-ci n'importe quelle carte »): the
    # Gaji may also be laid on the field, unless a November card there makes a true « paire »
    # (two cards of the same month), which « il est obligé de la capturer ». "compulsory": a Gaji
    # that can capture must (the reading of the seed preset before issue 25).
    gaji_capture: str = "optional"
    # A Gaji lying on the field: the seed gives it no rule there, so only a November card pairs
    # with it. FudaWiki: « it may be captured using another Willow card, or using any
    # non-0-point card (this wild capture might not be allowed in some variants) ».
    gaji_on_field_wild: bool = False
    # Teyaku at the deal (shown to everyone, scored with the round); False = none.
    teyaku: bool = True
    tesan: int = 200
    futatesan: int = 400
    sogasu: int = 400
    # Dekiyaku (the seed's table); all stack except that Teppō replaces Hanami/Tsukimi.
    shiko: int = 600
    nanatan: int = 600
    inoshikacho: int = 300
    matsukiribozu: int = 150
    teppo: int = 300
    hanami: int = 100
    tsukimi: int = 100
    ozan: int = 150
    kozan: int = 100
    aotan: int = 100
    sotan: int = 100
    shima: int = 50
    ameshima: int = 200
    # Seed: "7 rubans sur les 10 disponibles" (the willow ribbon counts); FudaWiki: some don't.
    nanatan_willow: bool = True

    def __post_init__(self) -> None:
        shared.validate(self, _INT_RANGES, CHOICES)

    def to_dict(self) -> dict[str, Any]:
        """All options as plain JSON values (what the store saves with a game)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Build rules from options (missing keys take the seed default); :class:`BadRules` else."""
        return shared.from_dict(cls, data, "Roppyakken")

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Rules:
        """The rules a stored match was played with: a key its record lacks takes
        :data:`RECORD_DEFAULTS` (the value before the option or its seed default changed)."""
        return shared.from_record(cls, RECORD_DEFAULTS, data, "Roppyakken")


# What a stored record without the key was played with: ``gaji_capture`` was "compulsory" in
# the seed preset until issue 25 (records saved before the option existed lack it).
RECORD_DEFAULTS: dict[str, Any] = {"gaji_capture": "compulsory"}


def option_names() -> tuple[str, ...]:
    return shared.option_names(Rules)


PRESETS: dict[str, Rules] = {
    # The seed (001, FR): every rule as the seed states it.
    "seed": Rules(),
    # FudaWiki's Sanbyakuken: FudaWiki's game to 300, with FudaWiki's rules where the seed
    # differs: the Gaji never takes from another month's triple, four of a month in a hand is a
    # misdeal, several seats past the target are split by Four Brights / Seven Ribbons / score.
    # The Gaji's capture stays compulsory there, as it always was in this preset.
    "sanbyakuken": Rules(
        target=300, tie_break="yaku", hand_four="misdeal", gaji_no_triples=True, gaji_capture="compulsory"
    ),
}


def rules_from(preset: str | None = None, overrides: dict[str, Any] | None = None) -> Rules:
    """Rules of a named preset (``None`` = ``seed``) with option overrides on top."""
    return shared.rules_from(PRESETS, "Roppyakken", preset, overrides)


def rules_from_record(data: dict[str, Any]) -> Rules:
    """The rules of a stored match (its saved ``to_dict``): see :meth:`Rules.from_record`."""
    return Rules.from_record(data)
