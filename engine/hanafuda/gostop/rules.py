"""Go-Stop rule options: the seed's rules (000) as defaults, variants as options, presets."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine import rules as shared
from engine.core import BadRules

CHOICES: dict[str, tuple[str, ...]] = {
    "pi_bak": ("seed", "fudawiki"),
    "sake_cup": ("best", "choose"),
    # Seed: four of a month on the table at the deal, « la partie est nulle »: a nagari (with its
    # carry); ``redeal``: the same round is dealt again, nothing carried.
    "four_on_table": ("nagari", "redeal"),
    # Three seolsa / joker claim, « il marque 5 points »: ``settled`` = those 5 points settled as
    # any won round (Go, shaking, the -bak doublings, go-bak); ``flat`` = 5 from each opponent.
    "flat_wins": ("settled", "flat"),
}
_INT_RANGES: dict[str, tuple[int, int]] = {
    "bonus_cards": (0, 3),
    "threshold_2p": (5, 7),
    "threshold_3p": (3, 3),
    "rounds": (1, 120),
    "target_score": (0, 99999),
    "chongtong_points": (0, 99),
    "seolsa_points": (0, 99),
    "joker_win_points": (0, 99),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """One Go-Stop rule set; defaults are the seed's rules (preset ``seed``)."""

    bonus_cards: int = 2
    threshold_2p: int = 7
    threshold_3p: int = 3
    rounds: int = 12
    target_score: int = 0  # 0 = play ``rounds`` rounds
    chongtong_points: int = 5
    seolsa_points: int = 5
    joker_win_points: int = 5
    pi_bak: str = "seed"
    sake_cup: str = "best"
    go_bak: bool = True
    five_gwang_double: bool = True
    nagari_double: bool = True
    four_on_table: str = "nagari"
    # Seed: « Les joueurs doivent faire une paire … Si le joueur n'est pas en mesure de former une
    # paire, il dépose alors une carte de son choix »: a card that pairs must be played when the
    # hand holds one. ``free_discard`` (FudaWiki: « there is no obligation to play a card that
    # matches something ») lets any card be played.
    free_discard: bool = False
    flat_wins: str = "settled"

    def __post_init__(self) -> None:
        shared.validate(self, _INT_RANGES, CHOICES)
        if self.threshold_2p not in (5, 7):
            raise BadRules("rule 'threshold_2p' must be 5 or 7", key="bad_rule", option="threshold_2p")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        return shared.from_dict(cls, data, "Go-Stop")

    def threshold(self, seats: int) -> int:
        return self.threshold_2p if seats == 2 else self.threshold_3p


PRESETS: dict[str, Rules] = {
    "seed": Rules(),
    "short": Rules(rounds=6),
    "quick": Rules(rounds=3),
    "five": Rules(threshold_2p=5),
    # FudaWiki's readings where the seed differs or is open: its pi-bak, no obligation to pair,
    # four on the table redealt, three seolsa paid flat.
    "fudawiki": Rules(pi_bak="fudawiki", free_discard=True, four_on_table="redeal", flat_wins="flat"),
}


def rules_from(preset: str | None = None, overrides: dict[str, Any] | None = None) -> Rules:
    return shared.rules_from(PRESETS, "Go-Stop", preset, overrides)
