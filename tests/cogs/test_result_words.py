"""Results that read right (issue 12): winners first, scores in winner–loser order, co-winners
who win, labelled numbers, and Dou Dizhu's words ("deal", "a straight 10–A", plurals)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from cogs.doudizhu.spec import SPEC as DOUDIZHU
from cogs.goita.spec import SPEC as GOITA
from cogs.gostop.spec import SPEC as GOSTOP
from cogs.koikoi.spec import SPEC as KOIKOI
from cogs.roppyakken.spec import SPEC as ROPPYAKKEN
from cogs.table.podium import names_and, number, score_line, signed, winners_first
from engine import doudizhu as dz
from engine import goita as gt
from engine.core import Outcome
from engine.doudizhu.moves import parse_move
from engine.hanafuda import gostop as gs
from engine.hanafuda import koikoi as kk
from engine.hanafuda import roppyakken as rk
from render.doudizhu.common import move_phrase

# --- the shared words ----------------------------------------------------------------------------


def test_winners_come_first_then_the_others_best_first() -> None:
    assert winners_first((0, 8), (1,)) == [1, 0]
    assert winners_first((3, -11, 8), (2,)) == [2, 0, 1]
    assert winners_first((4, -8, 4), (0, 2)) == [0, 2, 1]
    assert score_line((0, 8), (1,)) == "8–0"
    assert score_line((3, -11, 8), (2,), ("alice", "bob", "carol")) == "carol 8 · alice 3 · bob −11"


def test_numbers_carry_a_real_minus_sign() -> None:
    assert [number(n) for n in (5, 0, -80)] == ["5", "0", "\N{MINUS SIGN}80"]
    assert [signed(n) for n in (5, 0, -80)] == ["+5", "0", "\N{MINUS SIGN}80"]
    assert names_and(["a"], "and") == "a" and names_and(["a", "b", "c"], "and") == "a, b and c"


# --- the match-end line of every game ---------------------------------------------------------------


def test_koikoi_names_the_winner_with_the_winners_score_first() -> None:
    """Issue 12: "🏆 CPU 1 wins the match 0–8!" put the loser's score first."""
    line = KOIKOI.narrate([kk.MatchEnded((0, 8), (1,))], ("alice", "CPU 1"), "en")[0]
    assert line.startswith("🏆 **CPU 1 wins the match**") and "8–0" in line and "0–8" not in line
    tied = KOIKOI.narrate([kk.MatchEnded((5, 5), (0, 1))], ("alice", "CPU 1"), "en")[0]
    assert "tie" in tied and "5–5" in tied


def test_roppyakken_names_the_winner_with_the_winners_score_first() -> None:
    line = ROPPYAKKEN.narrate([rk.MatchEnded((40, 120), (1,), "target")], ("alice", "bob"), "en")[0]
    assert "**bob wins the match**: 120–40" in line
    three = ROPPYAKKEN.narrate([rk.MatchEnded((40, 30, 120), (2,), "target")], ("a", "b", "c"), "en")[0]
    assert "c 120 · a 40 · b 30" in three


def test_gostop_names_the_winner_first_with_labelled_signed_scores() -> None:
    line = GOSTOP.narrate([gs.MatchEnded((-80, 80), (1,))], ("alice", "CPU 1"), "en")[0]
    assert line == "🏆 **CPU 1 wins the match**: CPU 1 80 · alice −80."


def test_dou_dizhu_peasants_who_win_together_win() -> None:
    """Issue 12: the peasants' win read "🤝 The match ends in a tie between CPU 1, CPU 2"."""
    names = ("alice", "CPU 1", "CPU 2")
    line = DOUDIZHU.narrate([dz.MatchEnded((-8, 4, 4), (1, 2))], names, "en")[0]
    assert line == "🏆 **CPU 1 and CPU 2 win the match**: CPU 1 4 · CPU 2 4 · alice −8."
    french = DOUDIZHU.narrate([dz.MatchEnded((-8, 4, 4), (1, 2))], names, "fr")[0]
    assert "CPU 1 et CPU 2 remportent la partie" in french
    lord = DOUDIZHU.narrate([dz.MatchEnded((8, -4, -4), (0,))], names, "en")[0]
    assert lord.startswith("🏆 **alice wins the match**: alice 8 ·")
    void = DOUDIZHU.narrate([dz.MatchEnded((0, 0, 0), (0, 1, 2))], names, "en")[0]
    assert "tie" in void


def _doudizhu_over() -> Any:
    """A finished one-deal Dou Dizhu match (everyone plays its first legal action)."""
    rules = dz.rules_from("seed", {"hands": 1})
    for seed in range(1, 200):
        state, _ = dz.ENGINE.begin(3, rules, seed)
        while dz.ENGINE.outcome(state) is None:
            seat = dz.ENGINE.to_act(state)
            state, _ = dz.ENGINE.apply(state, dz.ENGINE.legal_actions(state)[0])
            assert seat is not None
        outcome = dz.ENGINE.outcome(state)
        if outcome is not None and len(outcome.winners) == 2:
            return state, outcome
    raise AssertionError("no deal won by the peasants")


def test_dou_dizhu_peasants_who_win_are_winners_on_the_leaderboard() -> None:
    state, outcome = _doudizhu_over()
    rows = DOUDIZHU.results(outcome, dz.ENGINE.view(state, None))
    assert sorted(r.seat for r in rows if r.won) == sorted(outcome.winners)
    all_tied = Outcome(scores=(0, 0, 0), winners=(0, 1, 2))
    assert not any(r.won for r in DOUDIZHU.results(all_tied, dz.ENGINE.view(state, None)))


def test_the_dou_dizhu_match_image_says_winners_not_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    from render.doudizhu import common, sheets

    asked: list[str] = []
    real = common._t  # what sheets imported

    def spy(locale: str, key: str, **params: object) -> str:
        asked.append(key)
        return real(locale, key, **params)

    monkeypatch.setattr(sheets, "_t", spy)
    state, outcome = _doudizhu_over()
    view = dz.ENGINE.view(state, None)
    names = ("alice", "CPU 1", "CPU 2")
    sheets.render_match_summary(view.history, names=names, scores=outcome.scores, winners=outcome.winners)
    assert "summary.winners" in asked and "summary.tie" not in asked
    asked.clear()
    sheets.render_match_summary(view.history, names=names, scores=(0, 0, 0), winners=(0, 1, 2))
    assert "summary.tie" in asked


def test_a_goita_team_that_wins_comes_first() -> None:
    names = ("alice", "CPU 1", "CPU 2", "CPU 3")
    line = GOITA.narrate([gt.MatchEnded((7, 15), (1, 3))], names, "en")[0]
    assert line == "🏆 **Team B (CPU 1 & CPU 3) wins the match**: 15–7."


# --- labelled numbers -------------------------------------------------------------------------------


def _gostop_round_end() -> gs.RoundEnded:
    rules = gs.rules_from("seed", {"rounds": 3})
    state, _ = gs.ENGINE.begin(2, rules, 3)
    for _ in range(500):
        state, events = gs.ENGINE.apply(state, gs.ENGINE.legal_actions(state)[0])
        ended = [e for e in events if isinstance(e, gs.RoundEnded)]
        if ended:
            return ended[0]
    raise AssertionError("no round ended")


def test_gostop_totals_label_the_round_and_the_total() -> None:
    """Issue 12: "alice **-80** (0 pts)" gave two numbers without labels."""
    ended = _gostop_round_end()
    names = ("alice", "bob")
    last = GOSTOP.narrate([ended], names, "en")[-1]
    for seat, name in enumerate(names):
        points, total = ended.result.points[seat], ended.scores[seat]
        assert f"{name}: round {signed(points)} · total **{number(total)}**" in last
    running = gs.ENGINE.view(gs.ENGINE.begin(2, gs.rules_from("seed", {"rounds": 3}), 3)[0], 0)
    status = GOSTOP.status_text(dataclasses.replace(running, scores=(-80, 80)), names, "en")
    assert "alice: round 0 · total **−80**" in status and "bob: round 0 · total **80**" in status
    assert "pts)" not in status
    final = GOSTOP.status_text(
        dataclasses.replace(running, phase=gs.Phase.OVER, scores=(-80, 80)), names, "en"
    )
    # the match's line gives the totals, just above (test_hanafuda_table_words.py): not again
    assert final == "Round 1/3 · match over" and "80" not in final


# --- Dou Dizhu's words -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "en", "fr"),
    [
        ("TJQKA", "a straight 10–A", "une suite 10–A"),
        ("77", "a pair of 7s", "une paire de 7"),
        ("QQQ44", "three Qs with a pair", "un brelan de Q avec une paire"),
        ("334455", "pairs 3–5", "une suite de paires 3–5"),
        ("5555", "a bomb of 5s", "une bombe de 5"),
        ("BR", "the rocket", "la fusée"),
        ("R", "the red joker", "le joker coloré"),
        ("K", "a single K", "un K seul"),
    ],
)
def test_a_move_to_beat_reads_as_words(move: str, en: str, fr: str) -> None:
    assert move_phrase(parse_move(move), "en") == en
    assert move_phrase(parse_move(move), "fr") == fr


def _doudizhu_following() -> Any:
    """A seat's view when it must beat something."""
    state, _ = dz.ENGINE.begin(3, dz.rules_from("seed", {"hands": 2}), 1)
    for _ in range(200):
        seat = dz.ENGINE.to_act(state)
        assert seat is not None
        view = dz.ENGINE.view(state, seat)
        if view.phase is dz.Phase.PLAY and view.to_beat is not None:
            return view
        state, _ = dz.ENGINE.apply(state, dz.ENGINE.legal_actions(state)[0])
    raise AssertionError("nobody had to beat anything")


def test_the_dou_dizhu_hand_says_beat_a_straight_in_words_and_deal_not_hand() -> None:
    view = dataclasses.replace(_doudizhu_following(), to_beat=parse_move("TJQKA"))
    text = DOUDIZHU.hand_text(view, "en")
    assert "**Beat a straight 10–A**" in text and "10JQKA" not in text
    assert text.splitlines()[0] == "**Dou Dizhu**, deal 1/2"
    picker = DOUDIZHU.picker(view, "en")
    assert picker is not None and picker.placeholder == "Pick cards that beat a straight 10–A…"


def test_dou_dizhu_card_counts_are_plural_only_when_plural() -> None:
    view = _doudizhu_following()
    names = ("alice", "bob", "carol")
    status = DOUDIZHU.status_text(dataclasses.replace(view, hand_counts=(1, 2, 17)), names, "en")
    assert status.startswith("Deal 1/2 ·")
    assert "(1 card)" in status and "(2 cards)" in status and "(17 cards)" in status
    french = DOUDIZHU.status_text(dataclasses.replace(view, hand_counts=(1, 2, 17)), names, "fr")
    assert "(1 carte)" in french and "(2 cartes)" in french
