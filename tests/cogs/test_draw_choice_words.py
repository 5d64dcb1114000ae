"""A drawn card with a choice of captures is told once on the board, then the choice made.

Koi-Koi's and Roppyakken's engines tell a drawn card with several captures twice: when it is
turned (``CardDrawn(awaiting_choice=True)``: "draws …, a choice to make") and when its player
chooses (``CardDrawn`` again, now with what it took). The board read "CPU 1 draws Maple chaff
`10d`, which matches two field cards: a choice to make." then "CPU 1 draws Maple chaff `10d` and
takes Deer `10a`.", as if the card had been drawn twice; the second line now tells the choice
("CPU 1 takes Deer `10a` with Maple chaff `10d`."). Deals come from the real engines (a seed, then
every seat playing its first legal move until a drawn card waits for its choice).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cogs.koikoi.spec import KoiKoiSpec
from cogs.koikoi.spec import cards_text as koikoi_cards
from cogs.roppyakken.spec import RoppyakkenSpec
from cogs.roppyakken.spec import cards_text as roppyakken_cards
from engine.hanafuda import koikoi as kk
from engine.hanafuda import roppyakken as rk
from i18n import t

NAMES = ("alice", "CPU 1")
LOCALES = ("en", "fr", "ja", "ko", "zh-CN", "zh-TW")


def draw_choice(engine: Any, rules: Any, chooses: Callable[[Any], bool]) -> tuple[list[Any], list[Any]]:
    """The events of the move that turned a card with a choice, and of the move that chose (the
    first legal action for which ``chooses`` holds), in the first seeded two-player deal where
    that happens."""
    for seed in range(1, 500):
        state, _ = engine.begin(2, rules, seed)
        before: list[Any] = []
        for _ in range(120):
            legal = engine.legal_actions(state)
            if not legal:
                break
            choice = next((a for a in legal if chooses(a)), None)
            if choice is not None:
                return before, list(engine.apply(state, choice)[1])
            state, events = engine.apply(state, legal[0])
            before = list(events)
    raise AssertionError("no deal with a drawn card to choose for")


def told(spec: Any, key: str, drawn: Any, locale: str, cards_text: Callable[..., str]) -> str:
    return t(
        locale,
        key,
        name=NAMES[drawn.seat],
        card=cards_text((drawn.card,), locale),
        cards=cards_text(drawn.captured, locale),
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_koikoi_a_chosen_capture_is_not_told_as_a_second_draw(locale: str) -> None:
    spec = KoiKoiSpec()
    turned, chose = draw_choice(kk.ENGINE, kk.rules_from(None, {}), lambda a: isinstance(a, kk.Capture))
    drawn = chose[0]
    assert isinstance(drawn, kk.CardDrawn) and drawn.captured
    assert told(spec, "koikoi.narrate.drew_choice", turned[-1], locale, koikoi_cards) in spec.narrate(
        turned, NAMES, locale
    )
    first = spec.narrate(chose, NAMES, locale)[0]
    assert first != told(spec, "koikoi.narrate.drew_take", drawn, locale, koikoi_cards), "a second draw"
    assert first == told(spec, "koikoi.narrate.chose_take", drawn, locale, koikoi_cards)


def test_koikoi_a_draw_in_a_play_is_still_told_as_a_draw() -> None:
    """A move that plays a card, then draws one, keeps "draws …"."""
    spec = KoiKoiSpec()
    state, _ = kk.ENGINE.begin(2, kk.rules_from(None, {}), 1)
    _, events = kk.ENGINE.apply(state, kk.ENGINE.legal_actions(state)[0])
    assert any(" draws " in line for line in spec.narrate(list(events), NAMES, "en"))


@pytest.mark.parametrize("locale", LOCALES)
def test_roppyakken_a_chosen_capture_is_not_told_as_a_second_draw(locale: str) -> None:
    spec = RoppyakkenSpec()
    turned, chose = draw_choice(rk.ENGINE, rk.rules_from(None, {}), lambda a: isinstance(a, rk.Capture))
    drawn = chose[0]
    assert isinstance(drawn, rk.CardDrawn) and drawn.captured
    assert told(spec, "roppyakken.narrate.drew_choice", turned[-1], locale, roppyakken_cards) in spec.narrate(
        turned, NAMES, locale
    )
    first = spec.narrate(chose, NAMES, locale)[0]
    assert first != told(spec, "roppyakken.narrate.drew_take", drawn, locale, roppyakken_cards)
    assert first == told(spec, "roppyakken.narrate.chose_take", drawn, locale, roppyakken_cards)


@pytest.mark.parametrize("locale", LOCALES)
def test_roppyakken_a_drawn_gaji_laid_is_told_as_laid(locale: str) -> None:
    """With ``gaji_capture="optional"`` (the seed preset's) a drawn Gaji may be laid: told as
    left on the field, not as a second draw."""
    spec = RoppyakkenSpec()
    rules = rk.rules_from(None, {"gaji_capture": "optional"})
    _, chose = draw_choice(rk.ENGINE, rules, lambda a: isinstance(a, rk.Lay) and a.card is None)
    drawn = chose[0]
    assert isinstance(drawn, rk.CardDrawn) and not drawn.captured
    first = spec.narrate(chose, NAMES, locale)[0]
    assert first != told(spec, "roppyakken.narrate.drew_field", drawn, locale, roppyakken_cards)
    assert first == told(spec, "roppyakken.narrate.chose_field", drawn, locale, roppyakken_cards)
