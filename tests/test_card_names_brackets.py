"""Card names read cleanly in every language: a card's label ("3a Cherry curtain (桜に幕)") has at
most one bracket, never a bracket inside a bracket or two in a row ("Pin (normale) (松のカス)",
"Paulownia yellow chaff (桐のカス(黄))" read badly; issue 28's reading of whole matches)."""

from __future__ import annotations

import pytest

from cogs.gostop.cards import card_label as gostop_label
from cogs.gostop.cards import card_short
from engine.hanafuda.cards import CARDS
from i18n import card_label, card_name

LOCALES = ("en", "fr", "ja", "ko", "zh-CN", "zh-TW")
OPEN, CLOSE = "(（", ")）"


def bracket_groups(text: str) -> int:
    """How many bracketed groups ``text`` has; fails on a bracket inside a bracket."""
    depth = groups = 0
    for ch in text:
        if ch in OPEN:
            depth += 1
            assert depth == 1, f"a bracket inside a bracket: {text!r}"
            groups += 1
        elif ch in CLOSE:
            depth -= 1
            assert depth == 0, f"unbalanced: {text!r}"
    assert depth == 0, f"unbalanced: {text!r}"
    return groups


@pytest.mark.parametrize("locale", LOCALES)
def test_every_card_name_has_no_bracket_and_its_label_at_most_one(locale: str) -> None:
    for card in CARDS:
        assert bracket_groups(card_name(card, locale)) == 0, card_name(card, locale)
        assert bracket_groups(card.name("ja")) == 0 and bracket_groups(card.name("ko")) == 0
        assert bracket_groups(card_label(card, locale)) <= 1
        assert bracket_groups(gostop_label(str(card), locale)) <= 1
        assert bracket_groups(card_short(str(card), locale)) == 0
