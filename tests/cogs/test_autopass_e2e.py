"""Issue 28: auto-pass. A seat whose only legal move is a pass passes with no click, after a
random pause of a quick human pass (``cogs.table.autopass.DELAY``), stored and narrated as the
player's own pass, with no ping for that turn; with the hand's switch off the player clicks.

The games with forced passes (``GameEngine.forced_pass``): Goita (docs/rules/goita.md, « S'il ne
peut pas jouer ou ne veut pas …, il doit alors annoncer qu'il passe »: a seat holding neither the
attack piece nor a King that may block it can only pass) and Dou Dizhu (docs/rules/doudizhu.md,
« Les joueurs suivants peuvent choisir de jouer ou de passer »: a follower who cannot beat the
trick can only pass). Koi-Koi, Go-Stop and Roppyakken have no pass.

One human (alice, seat 0) against CPUs, on SimCord's simulated clock: the test never clicks on
a forced turn; it lets time pass and checks when the pass came (``Spy``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

import store
from cogs.table import autopass, pings
from cogs.table.supervisor import all_problems
from tests.cogs.goita_helpers import click_one_move
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    THINK_TIME,
    Place,
    buttons,
    fix_seed,
    open_hand,
    play_one_move,
    setup_guild,
    start_vs_cpu,
    the_table,
)
from tsuki.settings import Settings

pytestmark = pytest.mark.usefixtures("auto_pass", "virtual_backoff")

# game: (its start command and options, a deal where alice soon has forced passes)
GAMES: dict[str, tuple[str, dict[str, Any], int]] = {
    "goita": ("goita start", {"target": 15}, 7),
    "doudizhu": ("doudizhu start", {"deals": 2}, 1),
}
# Steps of the simulated clock shorter than the shortest pause: a window that opens during one
# is seen open before its pass.
FINE_STEP = autopass.DELAY[0] * 0.75


@dataclass
class Move:
    seat: int
    action: str
    by: str
    turn: int  # the turn_start of the turn it was made in
    at: float  # simulated seconds
    forced: bool  # the seat's only legal move was a pass


@dataclass
class Spy:
    """When each auto-pass window opened (by turn) and every move made, on the simulated clock."""

    env: Any
    opened: dict[int, float] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)

    def now(self) -> float:
        return float(self.env.backend.clock.elapsed)

    def install(self, monkeypatch: pytest.MonkeyPatch, bot: Any) -> None:
        real_open = autopass.open_window

        def open_window(table: Any) -> None:
            real_open(table)
            if autopass.window_open(table):
                self.opened[table.clock.turn_start] = self.now()

        monkeypatch.setattr("cogs.table.autopass.open_window", open_window)
        manager = bot.tables
        real_act = type(manager).act

        async def act(table: Any, seat: Any, action: Any, **kwargs: Any) -> None:
            forced = table.spec.engine.forced_pass(table.view(seat.index).legal_actions) is not None
            turn, at = table.clock.turn_start, self.now()
            await real_act(manager, table, seat, action, **kwargs)
            self.moves.append(Move(seat.index, str(action), kwargs.get("by", "human"), turn, at, forced))

        monkeypatch.setattr(manager, "act", act)

    def forced(self, seat: int = 0) -> list[Move]:
        return [m for m in self.moves if m.seat == seat and m.forced]


def forced_now(table: Any, seat: int = 0) -> bool:
    """Seat ``seat`` is to act and a pass is all it can do."""
    current = table.to_act()
    if table.status != "active" or current is None or current.index != seat:
        return False
    return table.spec.engine.forced_pass(table.view(seat).legal_actions) is not None


PING_BUTTON = re.compile(r"\bt:\d+:(\d+):turn\b")  # a ping's "Open my hand": t:{game}:{seq}:turn


def pinged_turns(env: Any) -> set[int]:
    """The turns (their first move's number) a ping was posted for (``t:{game}:{seq}:turn``)."""
    return {
        int(seq)
        for r in env.http_requests
        if r.method == "POST" and r.json
        for seq in PING_BUTTON.findall(json.dumps(r.json))
    }


async def start(env: Any, bot: Any, monkeypatch: pytest.MonkeyPatch, game: str) -> tuple[Any, Place, Any]:
    command, options, seed = GAMES[game]
    fix_seed(monkeypatch, seed)
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=command, **options)
    return alice, place, the_table(bot)


def clicker(game: str, env: Any, alice: Any, place: Place, table: Any) -> Callable[[], Awaitable[None]]:
    """alice's click through one move she has a choice in (the first button of each step)."""

    async def click() -> None:
        if game == "goita":
            await click_one_move(alice, place, table)
        else:
            await play_one_move(alice, place)

    return click


async def drive(
    env: Any, table: Any, click: Callable[[], Awaitable[None]], until: Callable[[], bool], *, step: float
) -> None:
    """Let the match run until ``until()``: CPUs move as time passes, alice clicks the moves she
    has a choice in (after her turn's window closed, as a person looks before clicking), and a
    forced pass of hers is left alone: only time passes. On a turn with a choice she looks until
    its ping comes (it waits while she plays in her live hand: ``cogs.table.pings.quiet_until``),
    so every such turn is pinged."""
    for _ in range(3000):
        if until():
            return
        assert table.status == "active", "the match ended first"
        seat = table.to_act()
        mine = seat is not None and seat.index == 0 and not seat.cpu_plays
        if mine and not autopass.window_open(table) and not forced_now(table):
            if table.pings.ping_turn != table.clock.turn_start:  # she looks until her ping comes: it
                await env.advance_time(pings.idle_after(table) + 1)  # waits while she plays in her hand
            await click()
            await env.advance_time(THINK_TIME)
        else:
            await env.advance_time(step)
    raise AssertionError("never reached")


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_forced_passes_cost_no_click_and_come_after_a_human_pause_with_no_ping(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """alice never clicks on her forced turns: each is passed for her, as her own move (stored
    as hers, not the CPU's; never a time-out), between ``DELAY[0]`` and ``DELAY[1]`` seconds
    after her turn began, and no ping was posted for it."""
    env = simcord_env
    alice, place, table = await start(env, simcord_bot, monkeypatch, game)
    spy = Spy(env)
    spy.install(monkeypatch, simcord_bot)
    await drive(
        env,
        table,
        clicker(game, env, alice, place, table),
        lambda: len(spy.forced()) >= 2,
        step=TEST_CPU_DELAY,
    )

    lo, hi = autopass.DELAY
    pinged = pinged_turns(env)
    for move in spy.forced():
        assert move.action == "pass" and move.by == "human", move
        waited = move.at - spy.opened[move.turn]
        assert lo <= waited <= hi, f"the pass came {waited:.2f} s after the turn began"
        assert move.turn not in pinged, "no ping for a turn that passes by itself"
    stored = {a.seq: a for a in await store.actions_for(simcord_bot.db, table.id)}
    assert all(not stored[m.turn].by_cpu for m in spy.forced()), "stored as alice's own move"
    chosen = [m for m in spy.moves if m.seat == 0 and not m.forced]
    assert chosen and all(m.turn in pinged for m in chosen), "a turn with a choice still gets its ping"


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_with_the_switch_off_a_forced_pass_waits_for_the_click(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    """The hand's **Auto-pass: on** switch, clicked, reads **Auto-pass: off** and is saved in
    the seat's meta; then a forced pass is not made for alice: her turn waits (pinged) until she
    clicks Pass herself."""
    env = simcord_env
    alice, place, table = await start(env, simcord_bot, monkeypatch, game)
    hand = await open_hand(alice, place)
    switch = next(b for b in buttons(hand) if (b.custom_id or "").endswith(":autopass"))
    assert switch.label == "Auto-pass: on"
    clicked = await alice.click(hand, custom_id=switch.custom_id)
    shown = clicked.response.message if clicked.response else hand
    assert [b.label for b in buttons(shown) if (b.custom_id or "").endswith(":autopass")] == [
        "Auto-pass: off"
    ]
    assert table.seats[0].auto_pass is False
    row = await store.get_game(simcord_bot.db, table.id)
    assert row is not None and row.meta["seats"][0]["auto_pass"] is False, "the switch is saved"

    spy = Spy(env)
    spy.install(monkeypatch, simcord_bot)
    click = clicker(game, env, alice, place, table)
    await drive(env, table, click, lambda: forced_now(table), step=TEST_CPU_DELAY)
    seq = table.seq
    await env.advance_time(pings.idle_after(table) + 1)  # longer than any auto-pass pause, and idle
    assert table.seq == seq and forced_now(table), "nobody passed for her"
    assert table.clock.turn_start in pinged_turns(env), "she is pinged as for any turn"
    await click()
    assert table.seq > seq and spy.moves[-1].action == "pass" and spy.moves[-1].by == "human"


async def catch_forced_window(env: Any, table: Any, game: str, alice: Any, place: Place) -> None:
    """Run the match until alice's forced turn is in its window, its pass not made yet."""
    click = clicker(game, env, alice, place, table)
    await drive(env, table, click, lambda: forced_now(table) and autopass.window_open(table), step=FINE_STEP)
    assert "next" in table.tasks


async def test_a_restart_during_the_window_still_passes_for_her(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, make_bot: Any, settings: Settings
) -> None:
    """The bot stops while alice's forced pass waits for its pause: the fresh bot rebuilds the
    table with her turn's window open again (its ping still held) and passes for her after a new
    pause, with no click. (SimCord lets the new bot's short pause run as part of its start.)"""
    env = simcord_env
    alice, place, table = await start(env, env.bot, monkeypatch, "goita")
    await catch_forced_window(env, table, "goita", alice, place)
    seq, turn, first = table.seq, table.clock.turn_start, env.bot.tables
    windows: list[tuple[Any, int, bool]] = []  # (the manager that ran it, its turn, it passed)
    real_window = autopass.run_window

    async def run_window(host: Any, table: Any, seat: Any, turn: int, wait: float) -> bool:
        before = table.seq
        over = await real_window(host, table, seat, turn, wait)
        windows.append((host, turn, table.seq > before))
        return over

    monkeypatch.setattr("cogs.table.autopass.run_window", run_window)
    first.drop_tasks(table)  # the old process stops here: its window never wakes

    await env.restart_bot(make_bot(settings))
    manager = env.bot.tables
    assert manager is not first
    await env.advance_time(autopass.DELAY[1])
    table = manager.tables[table.id]
    assert windows == [(manager, turn, True)], "the new process ran the window and passed"
    actions = await store.actions_for(env.bot.db, table.id)
    assert actions[seq].action == "pass" and not actions[seq].by_cpu, "stored as alice's own pass"
    assert table.seq > seq and turn not in pinged_turns(env), "no ping for that turn"
    assert not all_problems(manager)


async def test_a_store_failure_during_the_auto_pass_is_retried(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Storing the pass fails once: the supervisor plans the window again after its backoff
    and the pass is stored then, as alice's move; the table never lacks a next step."""
    env = simcord_env
    alice, place, table = await start(env, simcord_bot, monkeypatch, "doudizhu")
    await catch_forced_window(env, table, "doudizhu", alice, place)
    seq = table.seq
    failures: list[tuple[Any, ...]] = []
    real = store.append_action

    async def append_action(*args: Any, **kwargs: Any) -> Any:
        if not failures:
            failures.append(args)
            raise OSError("database or disk is full (injected)")
        return await real(*args, **kwargs)

    monkeypatch.setattr(store, "append_action", append_action)
    await env.advance_time(autopass.DELAY[1])
    assert failures and table.seq == seq, "the first try failed: nothing changed"
    assert table.supervision.failures.get("next") == 1 and not all_problems(simcord_bot.tables)
    await env.advance_time(60.0)  # the backoff (30 s in these tests), then the retry
    assert table.seq > seq, "the retry stored the pass"
    actions = await store.actions_for(simcord_bot.db, table.id)
    assert actions[seq].action == "pass" and not actions[seq].by_cpu
    assert not all_problems(simcord_bot.tables)


async def test_the_switch_survives_a_restart_and_only_games_with_passes_show_it(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, make_bot: Any, settings: Settings
) -> None:
    """Switched off, auto-pass stays off for the rebuilt table after a restart (the seat's meta),
    and the hand shows it so; a Koi-Koi hand (no passes in that game) has no switch."""
    env = simcord_env
    alice, place, table = await start(env, env.bot, monkeypatch, "goita")
    hand = await open_hand(alice, place)
    switch = next(b for b in buttons(hand) if (b.custom_id or "").endswith(":autopass"))
    await alice.click(hand, custom_id=switch.custom_id)
    assert table.seats[0].auto_pass is False

    await env.restart_bot(make_bot(settings))
    table = env.bot.tables.tables[table.id]
    assert table.seats[0].auto_pass is False, "the rebuilt seat keeps the switch off"
    assert not autopass.window_open(table)
    hand = await open_hand(alice, place)
    assert [b.label for b in buttons(hand) if (b.custom_id or "").endswith(":autopass")] == ["Auto-pass: off"]

    _, channel, (bob,) = setup_guild(env, "bob")
    koikoi = await start_vs_cpu(env, channel, bob, rounds=3)
    hand = await open_hand(bob, koikoi)
    assert not any((b.custom_id or "").endswith(":autopass") for b in buttons(hand))


SNOWFLAKE = re.compile(r"\d{15,}")
GAME_ID = re.compile(r'("custom_id": "[a-z]+):\d+')  # every custom_id starts with its table's number
SEALED = re.compile(r"#\d+ sha256:[0-9a-f]{64}")
DEADLINE = re.compile(r"<t:\d+:R>")  # the turn's deadline, from the wall clock


def public_story(env: Any, since: int, place: Place) -> list[tuple[str, str, str]]:
    """The bot's public requests since ``since`` (posts, edits and deletions in the lobby's
    channel and the match's thread; never the private interaction replies), with what differs
    between two tables by construction replaced: ids (in the order they appear), the table's
    number in custom_ids, the sealed deal's hash (its salt is drawn from ``secrets``), the turn's
    deadline (read from the wall clock)."""
    places = {f"/channels/{place.channel.id}/", f"/channels/{place.thread.id}/"}
    ids: dict[str, str] = {}

    def plain(text: str) -> str:
        text = DEADLINE.sub("<t:T:R>", SEALED.sub("#G sha256:H", GAME_ID.sub(r"\1:G", text)))
        return SNOWFLAKE.sub(lambda m: ids.setdefault(m.group(), f"<id{len(ids)}>"), text)

    return [
        (r.method, plain(r.path), plain(json.dumps(r.json, sort_keys=True)))
        for r in env.http_requests[since:]
        if any(r.path.startswith(p) for p in places)
    ]


async def test_a_forced_pass_made_by_the_table_posts_what_a_clicked_pass_posts(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same Goita match twice, to alice's first forced pass: once the table passes for her
    after its pause (3 s), once she clicks Pass at that same moment (her table's pause being
    longer). Everything posted where others read it, up to the pass's narration, is the same:
    the board's edits, the pings (none for that turn), their order."""
    env = simcord_env
    spy = Spy(env)
    spy.install(monkeypatch, simcord_bot)
    current: list[Any] = []
    # The clicked run: alice's forced window outlasts her click (longer than SimCord's settle
    # deadline, so that it cannot run out during her clicks either).
    slow = {"on": False}

    def pause() -> float:
        return 60.0 if slow["on"] and current and forced_now(current[-1]) else 3.0

    monkeypatch.setattr("cogs.table.autopass.pause", pause)
    stories = []
    for clicked in (False, True):
        slow["on"] = clicked
        since = len(env.http_requests)
        alice, place, table = await start(env, simcord_bot, monkeypatch, "goita")
        current.append(table)
        await catch_forced_window(env, table, "goita", alice, place)
        seq, opened = table.seq, spy.opened[table.clock.turn_start]
        await env.advance_time(opened + 3.0 - spy.now())
        if clicked:
            assert table.seq == seq, "her table's pause is longer: nothing passed yet"
            await click_one_move(alice, place, table)
        else:
            await env.advance_time(0.5)
        assert table.seq == seq + 1 and spy.moves[-1].action == "pass" and spy.moves[-1].forced
        await env.advance_time(1.0)  # the pass's narration (the next CPU moves 25 s later)
        stories.append(public_story(env, since, place))
        simcord_bot.tables.let_go(table)
    auto, click = stories
    assert len(auto) > 5 and auto == click
