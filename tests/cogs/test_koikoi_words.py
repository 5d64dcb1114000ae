"""Koi-Koi narration under the koikoi-japan preset's options (issue 14): a zero-sum round says
who pays, a round nobody wins that still pays the dealer (oyaken) says so, and no line shows a
raw translation key."""

from __future__ import annotations

import random
import re

import pytest

from cogs.koikoi.spec import SPEC
from engine.hanafuda import koikoi as kk

NAMES = ("alice", "bob")
RAW_KEY = re.compile(r"\b(koikoi|yaku|multiplier|month)\.[a-z_]+")


def narrated(preset: str, locale: str, matches: int = 12) -> list[str]:
    """Every line of ``matches`` random matches of ``preset``."""
    rng = random.Random(14)
    lines: list[str] = []
    for seed in range(matches):
        state, events = kk.ENGINE.begin(2, kk.rules_from(preset, None), seed)
        lines += SPEC.narrate(events, NAMES, locale)
        while (seat := kk.to_act(state)) is not None:
            view = kk.ENGINE.view(state, seat)
            state, events = kk.apply(state, rng.choice(view.legal_actions))
            lines += SPEC.narrate(events, NAMES, locale)
    return lines


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_koikoi_japan_rounds_say_who_pays(locale: str) -> None:
    lines = narrated("koikoi-japan", locale)
    assert not [line for line in lines if RAW_KEY.search(line)]
    paid = "taken from" if locale == "en" else "pris à"
    assert any(paid in line for line in lines), "zero_sum: the stopper takes the points from the other"
    oyaken = (
        "dealer's privilege (親権 oyaken): " if locale == "en" else "privilège du donneur (親権 oyaken) : "
    )
    privilege = [line for line in lines if oyaken in line]
    assert privilege and all(re.search(r"\w+ \+1 · \w+ −1\.$", line) for line in privilege), privilege[:2]
    assert not any("nobody scores" in line or "personne ne marque" in line for line in privilege)


def test_seed_rounds_keep_their_words() -> None:
    lines = narrated("seed", "en", matches=4)
    assert not any("taken from" in line or "oyaken" in line for line in lines)
    assert any(re.search(r"scores \*\*\d+\*\* \(", line) for line in lines)
