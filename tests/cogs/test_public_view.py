"""Issue 24: the public view is a type of its own, and the turn ping says only what the table shows.

The differential test (``test_public_differential.py``) proves that no public payload depends on a
hidden card; these check the guards that make the wrong path hard to write, and what the ping says.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest

from cogs.table import announcer, autopass, pings
from cogs.table.public import PublicView, require_public
from tests.cogs.public_payloads import DEADLINE, make_table
from tsuki.bot import game_specs

SPECS = game_specs()
ROOT = Path(__file__).resolve().parents[2]


def table_at(game: str, seats: int, options: dict[str, Any], seed: int, until: Any) -> Any:
    """A table whose state is the first of a seeded random match that satisfies ``until``."""
    spec = SPECS[game]
    engine = spec.engine
    rules = engine.rules_from(None, options)
    state, _ = engine.begin(seats, rules, seed)
    rng = random.Random(seed)
    while not until(engine, state):
        assert engine.outcome(state) is None, "the match ended before the moment sought"
        state, _ = engine.apply(state, rng.choice(engine.legal_actions(state)))
    table = make_table(game, spec, rules, seats, "en")
    table.state, table.status = state, "active"
    return table


def moves(engine: Any, state: Any) -> set[str]:
    """The kinds of move the seat to act has (``Shake``, ``Pass``…)."""
    return {type(a).__name__ for a in engine.legal_actions(state)}


def phase_is(name: str) -> Any:
    return lambda engine, state: getattr(engine.view(state, None).phase, "value", None) == name


def test_a_seats_view_is_never_public() -> None:
    table = table_at("goita", 4, {}, 1, lambda engine, state: True)
    with pytest.raises(TypeError):
        PublicView(table.view(0))  # it holds a hand
    with pytest.raises(TypeError):
        table.view(None)  # the public view has its own door: public_view()
    with pytest.raises(TypeError):
        require_public(table.spec.engine.view(table.state, None))  # bare, not from public_view()
    public = table.public_view()
    assert require_public(public) is public and public.view.hand is None


def test_a_public_builder_refuses_a_seats_view() -> None:
    table = table_at("koikoi", 2, {}, 3, lambda engine, state: True)
    with pytest.raises(TypeError):
        pings.ping_message(table, table.view(0))


def test_the_ping_refuses_a_seats_view_even_when_nobody_is_pinged() -> None:
    """The guard does not wait for a ping to be owed: with the seat to act away (no ping), a
    seat's view handed to the builders is still refused."""
    table = table_at("koikoi", 2, {}, 3, lambda engine, state: True)
    seat = table.to_act()
    assert seat is not None
    seat.away = True
    assert pings.ping_message(table, table.public_view()) is None
    with pytest.raises(TypeError):
        pings.ping_message(table, table.view(seat.index))
    with pytest.raises(TypeError):
        pings.warning_message(table, table.view(seat.index))


async def test_the_ping_says_who_until_when_and_the_decision_the_table_shows() -> None:
    """Koi-Koi's decision is on the table (the yaku just made, the stop score): the ping names it;
    never a card, never the player's options."""
    table = table_at("koikoi", 2, {"rounds": 2}, 0, phase_is("decide"))
    seat = table.to_act()
    ping = pings.ping_message(table, table.public_view())
    assert ping is not None
    at = f"<t:{int(DEADLINE)}:R>"
    assert ping["content"] == f"🔔 <@{seat.user_id}>, your turn: Koi-Koi or Shōbu? · ⏰ time runs out {at}"
    (button,) = ping["view"].children
    assert button.custom_id == f"t:{table.id}:{table.seq}:turn" and button.label == "Open my hand"


async def test_a_go_stop_ping_does_not_tell_the_thread_about_a_triple() -> None:
    """Issue 24: the Go-Stop ping read "You hold three cards of a month: you may shake"."""
    table = table_at("gostop", 2, {"rounds": 1}, 18, lambda engine, state: "Shake" in moves(engine, state))
    ping = pings.ping_message(table, table.public_view())
    assert ping is not None
    seat = table.to_act()
    assert ping["content"] == f"🔔 <@{seat.user_id}>, your turn · ⏰ time runs out <t:{int(DEADLINE)}:R>"


async def test_a_goita_ping_says_block_or_pass_whether_or_not_the_seat_can_block() -> None:
    """Issue 24: the Goita ping read "you cannot block it: pass"."""

    def only_pass(engine: Any, state: Any) -> bool:
        return phase_is("respond")(engine, state) and moves(engine, state) == {"Pass"}

    table = table_at("goita", 4, {}, 0, only_pass)
    ping = pings.ping_message(table, table.public_view())
    assert ping is not None and ": block or pass · " in ping["content"]


@pytest.mark.usefixtures("auto_pass")  # (tests/cogs/conftest.py switches it off otherwise)
@pytest.mark.parametrize("forced", [True, False])
async def test_a_turn_that_may_end_in_an_auto_pass_is_pinged_as_any_other(forced: bool) -> None:
    """Issue 28: auto-pass "must reveal nothing a manual pass would not". A player who is not in
    their live hand is pinged as their turn begins whether a pass is all they can do or not
    (holding the ping for the auto-pass pause, then posting it only when no pass came, told the
    thread which turns had a choice); a player who is in it is pinged only once idle for longer
    than any pause, so a forced pass never comes after a ping that a choice would not have had."""

    def responding(engine: Any, state: Any) -> bool:
        return phase_is("respond")(engine, state) and (moves(engine, state) == {"Pass"}) == forced

    table = table_at("goita", 4, {}, 0, responding)
    table.clock.turn_start, table.clock.turn_began = table.seq, 100.0
    autopass.open_window(table)
    assert autopass.window_open(table), "a human seat with the switch on, in a game with passes"
    assert pings.quiet_until(table) is None  # no live hand: not playing in it
    ping = pings.ping_message(table, table.public_view())
    assert ping is not None and ": block or pass · " in ping["content"]
    assert pings.idle_after(table) > autopass.DELAY[1]
    table.turn_timeout = 12.0  # a quarter of it is shorter than the longest pause: not used
    assert pings.idle_after(table) > autopass.DELAY[1]


async def test_nobody_is_pinged_for_a_cpu_or_an_away_seat_and_the_warning_says_until_when() -> None:
    table = table_at("doudizhu", 3, {}, 0, phase_is("bid"))
    seat = table.to_act()
    warning = pings.warning_message(table, table.public_view())
    assert warning is not None and warning["content"] == (
        f"⏳ <@{seat.user_id}>, one minute left to play (the CPU plays <t:{int(DEADLINE)}:R>)."
    )
    seat.away = True
    assert pings.ping_message(table, table.public_view()) is None
    assert pings.warning_message(table, table.public_view()) is None


@pytest.mark.parametrize("module", [announcer, pings])
def test_the_public_posters_never_read_a_seats_view(module: Any) -> None:
    """The announcer and the ping builder hold no seat view: no ``table.view(…)``, no private
    prompt (``hand_text``) nor hand image (``render_hand``) in their code."""
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    private = {"view", "hand_text", "render_hand"}
    calls = [
        node.func.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in private
    ]
    assert not calls, f"{module.__name__} reads a seat's view: {calls}"
