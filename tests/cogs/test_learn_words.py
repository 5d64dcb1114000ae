"""Hints and tutorial steps in words (cogs/table/hints_text.py): every hint of every game fills
its text in every language, fits a hand message, and a tutorial runs four steps then stops."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import i18n
from cogs.table import hints_text
from cogs.table.model import Seat, Table
from tsuki.bot import game_specs

SEATS = {"koikoi": 2, "roppyakken": 3, "gostop": 3, "doudizhu": 3, "goita": 4}


def table_of(game: str, locale: str, *, learn: bool = False, seed: int = 1) -> Table:
    spec: Any = game_specs()[game]
    rules = spec.engine.rules_from(None, None)
    options = {"seats": SEATS[game], "hints": True, **({"learn": True} if learn else {})}
    table = Table(
        id=seed, game=game, spec=spec, guild_id=1, channel_id=1, host_id=1, rules=rules,
        options=options, locale=locale, turn_timeout=300, status="active", seed=seed,
    )  # fmt: skip
    table.seats = [Seat(i, 100 + i, f"P{i + 1}") for i in range(SEATS[game])]
    table.state = spec.engine.new_game(SEATS[game], rules, seed)
    return table


def positions(table: Table, moves: int = 120):
    """(seat to act, its view) along a match of random moves, changing ``table.state``."""
    engine = table.spec.engine
    rng = random.Random(table.seed)
    for _ in range(moves):
        seat = engine.to_act(table.state)
        if seat is None:
            return
        view = engine.view(table.state, seat)
        yield seat, view
        table.state, _ = engine.apply(table.state, rng.choice(view.legal_actions))
        table.seq += 1
        table.moves_by_seat[seat] = table.moves_by_seat.get(seat, 0) + 1  # as TableManager.act counts


@pytest.mark.parametrize("locale", i18n.supported())
@pytest.mark.parametrize("game", sorted(SEATS))
def test_every_hint_is_put_into_words(game: str, locale: str) -> None:
    table = table_of(game, locale)
    keys = set()
    for seat, view in positions(table):
        text = hints_text.hints_text(table, seat, view, locale)
        assert text.startswith(i18n.t(locale, "learn.hints_title"))
        assert len(text) <= hints_text.HINT_BUDGET
        assert "{" not in text and "learn.hint." not in text and "learn.why." not in text, text
        keys |= {h.key for h in table.spec.hints(view)}
    assert "suggest" in keys


def test_hints_fit_what_room_is_left() -> None:
    table = table_of("doudizhu", "fr")
    seat, view = next(positions(table))
    assert len(hints_text.extra_text(table, seat, view, "fr", room=300)) <= 300


def test_a_tutorial_shows_four_steps_on_the_learners_turns_then_ends() -> None:
    table = table_of("koikoi", "ja", learn=True, seed=7)
    shown = []
    for seat, view in positions(table, moves=40):
        if seat == 0:
            text = hints_text.tutorial_text(table, seat, view, "ja")
            again = hints_text.tutorial_text(table, seat, view, "ja")  # the same turn, redrawn
            assert again == text
            shown.append(text)
    assert all(i18n.t("ja", "learn.tutorial_title", n=n, total=4) in s for n, s in enumerate(shown[:4], 1))
    assert all(shown[:4]) and not any(shown[4:])
    assert hints_text.skip_button(table, 0, view, "ja") is None  # over: no Skip button


def test_the_tutorial_step_is_the_learners_moves_so_far_and_a_skip_ends_it() -> None:
    """No state of its own: the step follows ``Table.moves_by_seat`` (rebuilt from the stored log on
    a restart) and the seat's saved skip, so a resumed table shows the step it was at."""
    table = table_of("koikoi", "en", learn=True, seed=3)
    on_turn = table.spec.engine.view(table.state, table.spec.engine.to_act(table.state))
    seat = on_turn.seat
    assert on_turn.legal_actions
    waiting = dataclasses.replace(on_turn, legal_actions=())
    assert hints_text.tutorial_step(table, seat, on_turn) == 1
    assert hints_text.tutorial_step(table, seat, waiting) is None, "nothing decided yet"
    assert hints_text.skip_button(table, seat, waiting, "en") is not None, "it can be skipped ahead"
    table.moves_by_seat = {seat: 2}  # two moves stored for the learner: their third decision
    assert hints_text.tutorial_step(table, seat, on_turn) == 3
    assert hints_text.tutorial_step(table, seat, waiting) == 2, "between turns: the last step, still"
    assert "tutorial_skipped" not in table.seats[seat].to_meta()
    table.seats[seat].tutorial_skipped = True
    assert hints_text.tutorial_step(table, seat, on_turn) is None
    assert hints_text.skip_button(table, seat, on_turn, "en") is None
    assert table.seats[seat].to_meta()["tutorial_skipped"] is True, "saved with the table's meta"


def test_a_player_handed_the_seat_starts_the_tutorial_at_their_own_first_decision() -> None:
    table = table_of("koikoi", "en", learn=True, seed=3)
    on_turn = table.spec.engine.view(table.state, table.spec.engine.to_act(table.state))
    seat = on_turn.seat
    table.moves_by_seat = {seat: 5}  # the first player's moves (past the tutorial), then a newcomer
    assert hints_text.tutorial_step(table, seat, on_turn) is None
    assert hints_text.skip_button(table, seat, on_turn, "en") is None
    table.seats[seat] = Seat(seat, 200, "newcomer", tutorial_from=5)  # as replace_seat hands it on
    assert hints_text.tutorial_step(table, seat, on_turn) == 1
    assert hints_text.skip_button(table, seat, on_turn, "en") is not None
    assert table.seats[seat].to_meta()["tutorial_from"] == 5, "saved with the table's meta"
    table.moves_by_seat = {seat: 9}
    assert hints_text.tutorial_step(table, seat, on_turn) is None, "their four steps are over"


def test_a_normal_table_has_no_tutorial_and_no_hints_without_the_option() -> None:
    table = table_of("gostop", "ko")
    seat, view = next(positions(table))
    assert hints_text.tutorial_text(table, seat, view, "ko") == ""
    table.options.pop("hints")
    assert hints_text.extra_text(table, seat, view, "ko") == ""
