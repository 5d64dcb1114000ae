"""A card's label names it once in the reader's language, and adds its own name only when it differs."""

from cogs.gostop.cards import card_label as gostop_label
from engine.hanafuda.cards import CARDS
from i18n import card_label

CURTAIN = next(c for c in CARDS if str(c) == "3a")


def test_english_label_adds_the_japanese_name() -> None:
    assert card_label(CURTAIN, "en") == f"3a {CURTAIN.name('en')} ({CURTAIN.name('ja')})"


def test_japanese_label_does_not_repeat_the_name() -> None:
    label = card_label(CURTAIN, "ja")
    assert label == f"3a {CURTAIN.name('ja')}"
    assert "(" not in label


def test_korean_gostop_label_does_not_repeat_the_korean_name() -> None:
    label = gostop_label("3a", "ko")
    assert label.count(CURTAIN.name("ko")) == 1
    assert "(" not in label
    assert "(" in gostop_label("3a", "en")
