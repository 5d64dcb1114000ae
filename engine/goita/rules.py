"""Goita rule options: the seed's rules as defaults, FudaWiki's association scale as a preset.

Every field of :class:`Rules` is one option; ``docs/rules/goita.md`` gives, for each, the seed
sentence (or FudaWiki passage) it comes from. The number of players (2, 3 or 4) is the number
of seats, not an option: the seed's variants « Jeu à 2 » and « Jeu à 3 » change only the deal.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine import rules as shared

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
    # Seed: a King attacks only « si un Roi a déjà été posé précédemment » or as the 8th piece;
    # FudaWiki (association) adds « If you have both Kings in hand ».
    king_attack_with_both: bool = False
    # Seed: the face-down piece is « une carte face cachée de son choix » (a King too);
    # FudaWiki (association): « not allowed to place a King face-down ».
    no_king_face_down: bool = False
    # Seed: « sauf si un Roi a déjà été posé précédemment », and « poser » is said of face-down
    # pieces too (« le premier joueur pose devant lui une carte face cachée »): a King the player
    # laid face down counts, so a holder of both Kings may lay one face down and attack with the
    # other. Off: only Kings face up count (the seed preset's reading before issue 25).
    king_face_down_counts: bool = True

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
        return shared.from_dict(cls, data, "Goita")

    @classmethod
    def from_record(cls, data: dict[str, Any]) -> Rules:
        """The rules a stored match was played with: a key its record lacks takes
        :data:`RECORD_DEFAULTS` (the value before the option existed)."""
        return shared.from_record(cls, RECORD_DEFAULTS, data, "Goita")

    @property
    def values(self) -> tuple[int, ...]:
        """Piece values indexed by :class:`~engine.goita.types.Piece` (K R B G S N L P)."""
        return (self.king, self.rook, self.bishop, self.gold, self.silver, self.knight, self.lance, self.pawn)


# What a stored record without the key was played with: ``king_face_down_counts`` came with
# issue 25; before, a face-down King never counted as « posé ».
RECORD_DEFAULTS: dict[str, Any] = {"king_face_down_counts": False}


def option_names() -> tuple[str, ...]:
    return shared.option_names(Rules)


PRESETS: dict[str, Rules] = {
    # The seed (002, FR): values 5/4/4/3/3/2/2/1, match to 15, rotating leader.
    "seed": Rules(),
    # FudaWiki / Noto Goita Preservation Society scale: ×10, to 150, 6/7/8-pawn teyaku,
    # the winner deals and leads the next round, a King attacks when its holder has both,
    # no King face down (nor counted as played).
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
        king_attack_with_both=True,
        no_king_face_down=True,
        king_face_down_counts=False,
    ),
}


def rules_from(preset: str | None = None, overrides: dict[str, Any] | None = None) -> Rules:
    """Rules of a named preset (``None`` = ``seed``) with option overrides on top."""
    return shared.rules_from(PRESETS, "Goita", preset, overrides)


def rules_from_record(data: dict[str, Any]) -> Rules:
    """The rules of a stored match (its saved ``to_dict``): see :meth:`Rules.from_record`."""
    return Rules.from_record(data)
