"""The hanafuda games' table words as a new player reads them (issue 28's reading of whole
matches), the way Dou Dizhu's read (``test_doudizhu_table_words.py``):

- each figure once at the end of a match: the last round's line gives each seat's change, the
  match's line the totals, the status line under them "match over" and no score;
- no bracket inside a bracket in any line a match prints (a score item's native name is in
  brackets already: "Brights (광 gwang) 2", so the lines around it use none);
- a drawn (or flipped) card's choice says where its candidates are: they glow blue in the hand's
  picture, under the hand, as a played card's choice says (``*.hand.take_which``).

Matches come from the real engines: seeded random playouts of the default rules.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from cogs.gostop.spec import SPEC as GOSTOP
from cogs.hanafuda.spec import HanafudaSpec
from cogs.koikoi.spec import SPEC as KOIKOI
from cogs.roppyakken.spec import SPEC as ROPPYAKKEN
from cogs.table.podium import number, signed
from engine.hanafuda import gostop as gs
from engine.hanafuda import koikoi as kk
from engine.hanafuda import roppyakken as rk
from i18n import t
from tests.cogs.test_choice_words import names_blue

LOCALES = ("en", "fr", "ja", "ko", "zh-CN", "zh-TW")
SPECS = [KOIKOI, ROPPYAKKEN, GOSTOP]
SEATS = {"koikoi": 2, "roppyakken": 3, "gostop": 3}
SHORT = {"koikoi": {"rounds": 2}, "roppyakken": {"target": 150}, "gostop": {"rounds": 2}}
NAMES = ("alice", "CPU 1", "CPU 2")
OPENING, CLOSING = "([（［【", ")]）］】"


def moves(
    spec: HanafudaSpec, seed: int, overrides: dict[str, Any] | None = None
) -> Iterator[tuple[Any, list[Any]]]:
    """Each state of a seeded random match (short rules) and the events of the move that made it."""
    eng = spec.engine
    rules = eng.rules_from(None, {**SHORT[spec.game], **(overrides or {})})
    rng = random.Random(seed)
    state, events = eng.begin(SEATS[spec.game], rules, seed)
    yield state, list(events)
    for _ in range(3000):
        legal = eng.legal_actions(state)
        if not legal:
            return
        state, events = eng.apply(state, rng.choice(legal))
        yield state, list(events)
    raise AssertionError("the match did not end")


def last_move(spec: HanafudaSpec, seed: int) -> tuple[Any, list[Any]]:
    *_, (state, events) = moves(spec, seed)
    return state, events


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


def totals_said(spec: HanafudaSpec, ended: Any, names: tuple[str, ...], locale: str) -> list[str]:
    """How a round's lines give each seat's total so far (Koi-Koi's round line gives none)."""
    r = ended.result
    if spec is GOSTOP:
        return [
            t(
                locale,
                "gostop.narrate.total",
                name=n,
                points=signed(r.points[i], locale),
                total=number(ended.scores[i], locale),
            )
            for i, n in enumerate(names)
        ]
    if spec is ROPPYAKKEN:
        return [f"{t(locale, 'roppyakken.narrate.total', total=ended.scores[i])}" for i in range(len(names))]
    return []


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.game)
def test_the_end_of_the_match_gives_each_total_once(spec: HanafudaSpec, locale: str) -> None:
    """The last round's line gives each seat's change only; the match's line the totals; the
    status line under them says the match is over, with no score."""
    names = NAMES[: SEATS[spec.game]]
    for seed in range(1, 4):
        over, events = last_move(spec, seed)
        ended = next(e for e in events if isinstance(e, spec.round_ended))
        final = next(e for e in events if isinstance(e, spec.match_ended))
        lines = spec.narrate(events, names, locale)
        (match_line,) = spec.narrate([final], names, locale)
        assert match_line in lines, "the match line, with the totals, is there"
        for total in totals_said(spec, ended, names, locale):
            assert not any(total in line for line in lines), f"the round repeats the total: {total}"
        for i, name in enumerate(names):
            if ended.result.points[i] and spec is not KOIKOI:  # Koi-Koi names the winner's points
                change = str(abs(ended.result.points[i]))
                assert any(name in line and change in line for line in lines if line != match_line)
        status = spec.status_text(spec.engine.view(over, None), names, locale)
        for name in names:
            assert name not in status, f"the status line repeats {name}'s score: {status!r}"


@pytest.mark.parametrize("spec", [ROPPYAKKEN, GOSTOP], ids=lambda s: s.game)
def test_a_round_that_does_not_end_the_match_still_gives_the_totals(spec: HanafudaSpec) -> None:
    """Mid-match, a round's lines give each seat's total so far."""
    names = NAMES[: SEATS[spec.game]]
    for _, events in moves(spec, 2, {"rounds": 3} if spec is GOSTOP else {"target": 1000}):
        ended = next((e for e in events if isinstance(e, spec.round_ended)), None)
        if ended is not None and not any(isinstance(e, spec.match_ended) for e in events):
            break
    else:
        raise AssertionError("no round ended mid-match")
    text = "\n".join(spec.narrate(events, names, "en"))
    for total in totals_said(spec, ended, names, "en"):
        assert total in text, (total, text)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.game)
def test_no_line_of_a_match_nests_brackets(spec: HanafudaSpec, locale: str) -> None:
    """Every line a match prints (the board's narration and status, each seat's hand) keeps
    brackets one deep: "Brights (광 gwang) 2, threshold 7", never "(Brights (광 gwang) 2; …)"."""
    names = NAMES[: SEATS[spec.game]]
    eng = spec.engine
    for seed in range(1, 7):
        for state, events in moves(spec, seed):
            texts = [
                *spec.narrate(events, names, locale),
                spec.status_text(eng.view(state, None), names, locale),
            ]
            texts += [spec.hand_text(eng.view(state, seat), locale) for seat in range(len(names))]
            for text in texts:
                for line in text.splitlines():
                    assert depth(line) <= 1, line


def says_where_they_glow(spec: HanafudaSpec, locale: str, text: str) -> bool:
    """Whether ``text`` says where the candidates are as a played card's choice does: the
    bracketed words of ``*.hand.take_which`` ("they glow blue in the picture, under your hand")."""
    *_, where = re.findall(r"[(（]([^()（）]+)[)）]", t(locale, f"{spec.game}.hand.take_which", card=""))
    assert names_blue(locale, where)
    return where in text


def _choice_view(spec: HanafudaSpec, overrides: dict[str, Any] | None = None, *, lay: bool = False) -> Any:
    """The acting seat's view at a drawn (Go-Stop: flipped) card's choice of capture."""
    waiting = {
        "koikoi": kk.Phase.DRAW_CHOICE,
        "roppyakken": rk.Phase.DRAW_CHOICE,
        "gostop": gs.Phase.FLIP_CHOICE,
    }
    for seed in range(1, 200):
        for state, _ in moves(spec, seed, overrides):
            seat = spec.engine.to_act(state)
            if seat is None:
                continue
            view = spec.engine.view(state, seat)
            may_lay = any(isinstance(a, rk.Lay) for a in view.legal_actions)
            if view.phase is waiting[spec.game] and may_lay == lay:
                return view
    raise LookupError(spec.game)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.game)
def test_a_drawn_cards_choice_says_where_its_candidates_glow(spec: HanafudaSpec, locale: str) -> None:
    """The drawn (flipped) card's candidates glow blue in the hand's picture, under the hand
    (``render.hanafuda.hand_row``'s choice row): the hand's text says so, in the words of a
    played card's choice."""
    choice = t(
        locale, "gostop.hand.flip_choice" if spec is GOSTOP else f"{spec.game}.hand.draw_choice", card=""
    )
    text = spec.hand_text(_choice_view(spec), locale)
    assert choice.strip("* ") and names_blue(locale, text), text
    assert says_where_they_glow(spec, locale, text), text


@pytest.mark.parametrize("locale", LOCALES)
def test_a_drawn_gaji_that_may_be_laid_says_where_its_candidates_glow(locale: str) -> None:
    """Roppyakken's Gaji under ``gaji_capture="optional"`` (the seed's): take or lay."""
    view = _choice_view(ROPPYAKKEN, {"gaji_capture": "optional"}, lay=True)
    text = ROPPYAKKEN.hand_text(view, locale)
    assert says_where_they_glow(ROPPYAKKEN, locale, text), text
