"""Go-Stop narration of the issue 14 readings: four of a month on the table at the deal."""

from __future__ import annotations

import pytest

from cogs.gostop.spec import SPEC
from engine.hanafuda.gostop import Rules, start
from tests.engine.gostop.stacked import deal_deck, stack_deals

HANDS = ("1a 1b 2a 2b 3a 3b 4a 4b 5a 5b", "6a 6b 7a 7b 8a 8b 9a 9b 10a 10b")
FOUR = deal_deck(2, hands=HANDS, field="11a 11b 11c 11d 12a 12b 1c 2c")
QUIET = deal_deck(2, hands=HANDS, field="11a 11b 12a 12b 1c 2c 3c 4c")
NAMES = ("alice", "bob")


def test_four_on_the_table_is_told_as_a_nagari(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed: « S'il y a 4 cartes d'une même famille sur la table, la partie est nulle »: the round
    ends as a nagari, and the narration says so instead of "the cards are dealt again"."""
    stack_deals(monkeypatch, [FOUR, QUIET], dealer=1)
    _, events = start(2, Rules(), 0)
    lines = SPEC.narrate(events, NAMES, "en")
    text = "\n".join(lines)
    assert "this round is void, nobody plays it" in text
    assert "dealt again" not in text
    assert "nobody wins — nagari" in text, "the round end follows"
    assert "cette manche est nulle" in "\n".join(SPEC.narrate(events, NAMES, "fr"))


def test_with_four_on_table_redeal_the_cards_are_dealt_again(monkeypatch: pytest.MonkeyPatch) -> None:
    stack_deals(monkeypatch, [FOUR, QUIET])
    _, events = start(2, Rules(four_on_table="redeal"), 0)
    text = "\n".join(SPEC.narrate(events, NAMES, "en"))
    assert "the cards are dealt again" in text and "void" not in text and "nobody wins" not in text


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", ["three_seolsa", "joker_win"])
def test_flat_wins_have_score_sheet_names(lang: str, name: str) -> None:
    """Settled flat wins (``flat_wins="settled"``) are one score item named after the win: the
    narration and the round sheet show it by ``gostop.score.<name>``, not the raw key."""
    from cogs.gostop.cards import item_name

    assert not item_name(name, lang).startswith("gostop.")
