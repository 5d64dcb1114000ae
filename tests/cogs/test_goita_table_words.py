"""Goita's table words as a new player reads them (issue 28's reading of whole matches), the way
the other games' read (``test_hanafuda_table_words.py``, ``test_doudizhu_table_words.py``):

- each figure once at the end of a match: the last round's line gives the points the round
  scored, the match's line the totals, the status line under them "match over" and no score;
- mid-match, a round's line still gives the totals so far;
- no bracket inside a bracket, and one bracketed part at most in a line naming the teams
  ("Team A (alice & CPU 2) scores **1** · totals 5 – 2", not "… (totals 5 – 2)").

Seed (docs/rules/goita.md, Match): « La partie se joue en autant de manches qu'il est nécessaire
pour qu'une équipe arrive à 15 points. Cette équipe est alors considérée vainqueur de la
partie. » — the round that reaches the target ends the match; the match's line gives the totals.
Matches come from the real engine: seeded random playouts.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from cogs.goita.spec import SPEC as GOITA
from engine import goita as gt
from i18n import t

LOCALES = ("en", "fr", "ja", "ko", "zh-CN", "zh-TW")
NAMES = ("alice", "CPU 1", "CPU 2", "CPU 3")
OPENING, CLOSING = "([（［【", ")]）］】"


def moves(seats: int, seed: int, target: int) -> Iterator[tuple[Any, list[Any]]]:
    """Each state of a seeded random match and the events of the move that made it."""
    eng = GOITA.engine
    rng = random.Random(seed)
    state, events = eng.begin(seats, eng.rules_from(None, {"target_score": target}), seed)
    yield state, list(events)
    for _ in range(5000):
        legal = eng.legal_actions(state)
        if not legal:
            return
        state, events = eng.apply(state, rng.choice(legal))
        yield state, list(events)
    raise AssertionError("the match did not end")


def depth(text: str) -> int:
    """How deep brackets nest in ``text`` (``(a (b))``: 2)."""
    deepest = level = 0
    for char in text:
        if char in OPENING:
            level += 1
            deepest = max(deepest, level)
        elif char in CLOSING:
            level -= 1
    return deepest


def groups(text: str) -> int:
    """How many bracketed parts ``text`` holds at its top level."""
    return sum(1 for char in text if char in OPENING)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("seats", [4, 3, 2])
def test_the_end_of_the_match_gives_each_total_once(seats: int, locale: str) -> None:
    """The last round's line gives the points it scored, not the totals; the match's line gives
    them; the status line under them says the match is over, with no score."""
    names = NAMES[:seats]
    for seed in range(1, 4):
        *_, (over, events) = moves(seats, seed, 5)
        ended = next(e for e in events if isinstance(e, gt.RoundEnded))
        final = next(e for e in events if isinstance(e, gt.MatchEnded))
        lines = GOITA.narrate(events, names, locale)
        (match_line,) = GOITA.narrate([final], names, locale)
        assert match_line in lines, "the match line, with the totals, is there"
        totals = " – ".join(map(str, ended.scores))
        assert not any(totals in line for line in lines), f"the round repeats the totals: {lines}"
        scored = str(ended.result.points[ended.result.team])
        assert any(scored in line for line in lines if line != match_line), "the round's points"
        status = GOITA.status_text(GOITA.engine.view(over, None), names, locale)
        assert status == t(locale, "goita.status.ended", n=GOITA.engine.view(over, None).round_no), status
        for name in names:
            assert name not in status, f"the status line repeats {name}'s score: {status!r}"


@pytest.mark.parametrize("locale", LOCALES)
def test_a_round_that_does_not_end_the_match_still_gives_the_totals(locale: str) -> None:
    """Mid-match, a round's lines give each team's total so far, and the status line the scores."""
    state, events = next(
        (s, ev) for s, ev in moves(4, 2, 1000) if any(isinstance(e, gt.RoundEnded) for e in ev)
    )
    ended = next(e for e in events if isinstance(e, gt.RoundEnded))
    assert not any(isinstance(e, gt.MatchEnded) for e in events)
    lines = GOITA.narrate(events, NAMES, locale)
    totals = " – ".join(map(str, ended.scores))
    assert any(totals in line for line in lines), lines
    status = GOITA.status_text(GOITA.engine.view(state, None), NAMES, locale)
    assert all(name in status for name in NAMES), status


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("seats", [4, 3])
def test_no_line_of_a_match_nests_brackets(seats: int, locale: str) -> None:
    """Every line a match prints (the narration, the status, each seat's hand) keeps brackets one
    deep; a line naming a team ("Team A (alice & CPU 2)") holds no other bracketed part: the
    totals follow " · ", the match's score ": "."""
    names = NAMES[:seats]
    eng = GOITA.engine
    for seed in range(1, 4):
        for state, events in moves(seats, seed, 5):
            narrated = GOITA.narrate(events, names, locale)
            texts = [*narrated, GOITA.status_text(eng.view(state, None), names, locale)]
            texts += [GOITA.hand_text(eng.view(state, seat), locale) for seat in range(seats)]
            for text in texts:
                for line in text.splitlines():
                    assert depth(line) <= 1, line
            ends = [e for e in events if isinstance(e, gt.RoundEnded | gt.MatchEnded)]
            for line in GOITA.narrate(ends, names, locale):
                assert groups(line) <= 1, line
