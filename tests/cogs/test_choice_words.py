"""A capture choice reads as one in the live hand's text, and the hand's words name the colours the
player sees (issue 28's reading of whole matches).

Seed (docs/rules/koikoi.md, and the same in Roppyakken and Go-Stop): a played card that matches
two field cards takes the one the player chooses. After the first click of such a play, the hand
image shows the card and its candidates (``test_hand_focus.py``); its text must say that choice,
not "play a card" again. The cards that capture glow gold in the hand image (``ACCENT``) and
their buttons are primary (blue); the candidates of a choice glow blue (``CHOICE``) and their
"Take" buttons are blue too: the words say exactly that.
"""

from __future__ import annotations

import pytest

from cogs.gostop.spec import SPEC as GOSTOP
from cogs.hanafuda.spec import HanafudaSpec
from cogs.koikoi.spec import SPEC as KOIKOI
from cogs.roppyakken.spec import SPEC as ROPPYAKKEN
from i18n import t
from render.palette import ACCENT, CHOICE
from tests.cogs.test_hand_focus import _two_target_view

LOCALES = ("en", "fr", "ja", "ko", "zh-CN", "zh-TW")
SPECS = [KOIKOI, ROPPYAKKEN, GOSTOP]
# How each language names the two colours of the hand image.
GOLD = {"en": "gold", "fr": "doré", "ja": "金色", "ko": "금색", "zh-CN": "金光", "zh-TW": "金光"}
BLUE = {"en": "blue", "fr": "bleu", "ja": "青", "ko": "파랗|파란", "zh-CN": "蓝", "zh-TW": "藍"}


def names_blue(locale: str, text: str) -> bool:
    return any(word in text for word in BLUE[locale].split("|"))


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.game)
def test_the_hand_text_at_a_capture_choice_names_the_card_and_the_choice(
    spec: HanafudaSpec, locale: str
) -> None:
    view, action = _two_target_view(spec)
    first, second = (s.key for s in spec.action_steps(action, view, locale))
    play = t(locale, f"{spec.game}.hand.play")
    assert play in spec.hand_text_along(view, locale, ()), "before the click: play a card"
    text = spec.hand_text_along(view, locale, (first,))
    played = spec.hint_card(str(spec.played_card(action)), locale)
    assert play not in text, "the choice is not 'play a card' again"
    choosing = t(locale, f"{spec.game}.hand.take_which", card=played)
    assert choosing in text
    assert names_blue(locale, choosing), "the candidates are said to glow blue"
    assert spec.hand_text_along(view, locale, (first, second)) == spec.hand_text(view, locale)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.game)
def test_the_hand_names_the_colours_the_player_sees(spec: HanafudaSpec, locale: str) -> None:
    """The capturing cards' buttons are primary (Discord's blue) and the image makes them glow
    gold: the text says both, and never "blue buttons capture" alone."""
    view, _ = _two_target_view(spec)
    styles = {s.style for a in view.legal_actions for s in spec.action_steps(a, view, locale)[:1]}
    assert "primary" in styles  # a capture's button is blue
    assert ACCENT[0] > ACCENT[2] and CHOICE[2] > CHOICE[0]  # gold is gold, the choice's glow blue
    play = t(locale, f"{spec.game}.hand.play")
    assert GOLD[locale] in play and names_blue(locale, play)
