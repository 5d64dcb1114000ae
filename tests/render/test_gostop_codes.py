"""The code chip under a Go-Stop card is what players type: the month number of its hwatu face."""

from __future__ import annotations

from engine.hanafuda.cards import CARDS
from engine.hanafuda.gostop.notation import from_player
from render.hanafuda.gostop.common import code


def test_every_cards_chip_carries_the_month_number_of_its_face() -> None:
    for card in CARDS:
        chip = code(str(card))
        assert int(chip[:-1]) == card.korean_month, card
        assert from_player(chip) == str(card)
    assert code("12a") == "11a" and code("11a") == "12a", "the phoenix reads 11, the rain man 12"
    assert [code(j) for j in ("J2", "J3", "J2b")] == ["J2", "J3", "J2b"]
