"""Every table heals itself (issue 24): the fault-injection matrix.

Each outside call of a table's background work fails, and the match must still play to its end
with no restart, nothing stored lost, and the supervisor's invariant holding at every step
(``cogs.table.supervisor.problems``: an active table always has its next step scheduled, a lobby
its expiry, owed posts a flush running or waiting to retry).

The calls: a store write (SQLite "database or disk is full", PostgreSQL refusing connections), a
post, an edit and a delete in the match's thread, the "your turn" DM, and (PostgreSQL only, where
leases exist) the lease renewal. The match: one round (or the shortest target) of each game, one
human who never clicks (so their turns run the timer: ping, warning one minute before, time-out,
the ping deleted; after two time-outs the CPU plays for them) against CPUs.

How the matrix is cut, to stay within about a minute of suite time:
- every call x every game, on SQLite, with **single failures**: one failure is armed after the
  start, and each time it has been spent another is armed, up to four, so the failures land on
  different steps of the match (a CPU move, the timer, a board post, the results...);
- a **two-minute outage** (every such call fails for 120 s of simulated time, then recovery) for
  each call once, spread over the five games and both backends (:data:`OUTAGES`).
Time is SimCord's simulated clock: backoffs wait on the event loop's clock, nothing sleeps.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest

import store
from cogs.table.supervisor import all_problems
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    Place,
    answer,
    buttons,
    game_snapshot,
    setup_guild,
    the_table,
    wait_for_turn,
)
from tests.typed import unchecked
from tsuki.settings import Settings

# The shortest match of each game (typed rule options of its start command).
GAMES = {
    "koikoi": "rounds=1",
    "gostop": "rounds=1",
    "roppyakken": "target=50",
    "goita": "target_score=1",
    "doudizhu": "hands=1",
}
CALLS = ("store", "post", "edit", "delete", "dm")
OUTAGES = [  # (call, game, backend): every call on both backends, the five games on each
    ("store", "koikoi", "sqlite"),
    ("post", "goita", "sqlite"),
    ("edit", "roppyakken", "sqlite"),
    ("delete", "doudizhu", "sqlite"),
    ("dm", "gostop", "sqlite"),
    ("store", "gostop", "postgres"),
    ("post", "doudizhu", "postgres"),
    ("edit", "koikoi", "postgres"),
    ("delete", "goita", "postgres"),
    ("dm", "roppyakken", "postgres"),
    ("lease", "koikoi", "postgres"),
]
# (call, game, backend) of the single failures: every call in every game on SQLite, and every call
# on PostgreSQL (its store errors are connection errors, and its leases are renewed), games spread
SINGLES = [(call, game, "sqlite") for call in CALLS for game in GAMES] + [
    ("store", "doudizhu", "postgres"),
    ("post", "roppyakken", "postgres"),
    ("edit", "goita", "postgres"),
    ("delete", "koikoi", "postgres"),
    ("dm", "gostop", "postgres"),
    ("lease", "doudizhu", "postgres"),
]
OUTAGE = 120.0  # seconds of simulated time every such call fails
STEP = TEST_CPU_DELAY  # simulated seconds between two checks of the invariant: about one move
BLIPS = 4  # single failures armed one after the other in a match


pytestmark = pytest.mark.usefixtures("virtual_backoff")  # backoffs on the simulated clock only


@pytest.fixture
def settings(tmp_path: Path, backend: str) -> Settings:
    """The bot's settings on ``backend`` (a test parameter): a 2-minute turn timer; on
    PostgreSQL, leases whose renewal (every third of 90 s) runs on the simulated clock."""
    if backend == "postgres":
        from tests.postgres import fresh_url

        return Settings(
            database_url=fresh_url(), lease_seconds=90, cpu_delay=TEST_CPU_DELAY, turn_timeout=120
        )
    return Settings(database_path=str(tmp_path / "tsuki.db"), cpu_delay=TEST_CPU_DELAY, turn_timeout=120)


class Faults:
    """Makes one kind of outside call fail: ``arm()`` once, or ``down``/``up`` for an outage."""

    def __init__(self, call: str, env: Any, place: Place, alice: Any, patch: pytest.MonkeyPatch) -> None:
        self.call, self.env, self.place = call, env, place
        self.down, self.left, self.injected = False, 0, 0  # (the store and the leases)
        self.spent_before: int | None = None  # (HTTP) matching requests made before an outage began
        self.http_armed = 0  # (HTTP) single failures armed
        self.dm_id = env.backend.get_dm_channel(alice.id).id  # where her "your turn" DMs go
        bot = env.bot
        if call == "store":
            self._break_store(bot.db)
        elif call == "lease":
            self._break_leases(patch)

    # --- the store and the leases: wrapped --------------------------------------------------

    def _fail(self) -> bool:
        if self.down or self.left > 0:
            self.left = max(self.left - 1, 0)
            self.injected += 1
            return True
        return False

    def _break_store(self, db: store.Database) -> None:
        real = db.transaction
        error: Callable[[], Exception] = (
            (lambda: ConnectionRefusedError(111, "Connect call failed (injected)"))
            if db.dialect == "postgresql"
            else (lambda: sqlite3.OperationalError("database or disk is full (injected)"))
        )

        @asynccontextmanager
        async def transaction() -> AsyncIterator[Any]:
            if self._fail():
                raise error()
            async with real() as conn:
                yield conn

        unchecked(db).transaction = transaction  # the store's own, failing first

    def _break_leases(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from store import leases

        real = leases.renew

        async def renew(db: Any, game_ids: Any) -> set[int]:
            if self._fail():
                raise ConnectionRefusedError(111, "Connect call failed (injected)")
            return await real(db, game_ids)

        monkeypatch.setattr("cogs.table.ownership.leases.renew", renew)

    # --- Discord: SimCord's injected HTTP errors --------------------------------------------

    def _route(self) -> tuple[str, str]:
        thread = self.place.thread.id
        return {
            "post": ("POST", f"/channels/{thread}/messages"),
            "edit": ("PATCH", f"/channels/{thread}/messages/*"),
            "delete": ("DELETE", f"/channels/{thread}/messages/*"),
            "dm": ("POST", f"/channels/{self.dm_id}/messages"),
        }[self.call]

    def _http_fault(self) -> dict[str, Any] | None:
        method, path = self._route()
        return next((f for f in self.env.backend.faults if (f["method"], f["path"]) == (method, path)), None)

    def arm(self) -> None:
        """One failure of the next such call."""
        if self.call in ("store", "lease"):
            self.left = 1
        else:
            method, path = self._route()
            self.env.inject_error(method, path, status=503, message="Service Unavailable (injected)")
            self.http_armed += 1

    def armed(self) -> bool:
        return self.left > 0 if self.call in ("store", "lease") else self._http_fault() is not None

    def outage(self, on: bool) -> None:
        if self.call in ("store", "lease"):
            self.down = on
        elif on:
            method, path = self._route()
            self.spent_before = self._requests()
            self.env.inject_error(
                method, path, status=503, message="Service Unavailable (injected)", times=None
            )
        else:
            self.env.backend.faults.remove(self._http_fault())
            self.injected, self.spent_before = self.failed_calls(), None

    def _requests(self) -> int:
        method, path = self._route()
        return sum(1 for r in self.env.backend.http_requests if r.method == method and fnmatch(r.path, path))

    def failed_calls(self) -> int:
        """Calls that met an injected failure."""
        if self.spent_before is not None:  # an HTTP outage under way
            return self._requests() - self.spent_before
        if self.call in ("store", "lease") or not self.http_armed:
            return self.injected
        return self.http_armed - int(self.armed())


async def start_match(env: Any, game: str) -> tuple[Any, Place, Any]:
    _, channel, (alice,) = setup_guild(env, "alice")
    await store.set_notify(env.bot.db, alice.id, True)  # her turns also send a DM
    result = await alice.slash(channel, f"{game} start", opponent="cpu", options=GAMES[game])
    assert not result.ephemeral, result.response.content
    return alice, Place(channel, env), the_table(env.bot)


def results_posts(place: Place, game_id: int) -> int:
    return sum(
        1
        for m in place.messages()
        if any((b.custom_id or "") == f"t:{game_id}:{_seq(b)}:rematch" for b in buttons(m))
    )


def _seq(button: Any) -> str:
    parts = (button.custom_id or "").split(":")
    return parts[2] if len(parts) == 4 else ""


async def play_to_the_end(
    env: Any, table: Any, faults: Faults, *, blips: int = 0, outage: float = 0.0, steps: int = 400
) -> None:
    """Let simulated time run, one CPU pause at a time, checking the invariant at every step,
    until the match's results are posted and stored."""
    manager, elapsed, began = env.bot.tables, 0.0, None
    recovered = not outage
    if outage:
        faults.outage(True)
    elif blips:
        faults.arm()
        blips -= 1
    for _ in range(steps):
        assert not all_problems(manager, [table]), all_problems(manager, [table])
        if table.status == "finished" and table.outbox.results_posted and table.outbox.marks_saved:
            return
        await env.advance_time(STEP)
        elapsed += STEP
        if not recovered and began is None and faults.failed_calls():
            began = elapsed  # the outage counts from its first failed call
        if not recovered and began is not None and elapsed - began >= outage:
            faults.outage(False)  # recovery
            recovered = True
        if blips and not faults.armed():
            faults.arm()
            blips -= 1
    raise AssertionError(f"the match did not end (seq {table.seq}, status {table.status})")


async def assert_nothing_lost(env: Any, place: Place, table: Any) -> None:
    """The match is stored as finished with every seat's result, every stored move was narrated,
    the results were posted once, and the stored moves replay to the end of the match."""
    db = env.bot.db
    row = await store.get_game(db, table.id)
    actions = await store.actions_for(db, table.id)
    assert row is not None and row.status == "finished"
    assert len(await store.results_for(db, table.id)) == table.seat_count
    assert row.announced_seq == len(actions) == table.seq and row.results_posted
    assert results_posts(place, table.id) == 1, "the results were posted once"
    engine = table.spec.engine
    state, _ = engine.begin(table.seat_count, table.rules, table.seed)
    for stored in actions:
        state, _ = engine.apply(state, engine.parse_action(stored.action))
    assert engine.outcome(state) is not None, "the stored moves are the whole match"


@pytest.mark.parametrize(("call", "game", "backend"), SINGLES)
async def test_single_failures_of_each_call_never_stop_a_match(
    simcord_env: Any, call: str, game: str, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, place, table = await start_match(simcord_env, game)
    faults = Faults(call, simcord_env, place, alice, monkeypatch)
    await play_to_the_end(simcord_env, table, faults, blips=BLIPS)
    assert faults.failed_calls() > 0, f"a {call} call failed during the match"
    await assert_nothing_lost(simcord_env, place, table)


@pytest.mark.parametrize(("call", "game", "backend"), OUTAGES)
async def test_a_two_minute_outage_of_each_call_only_delays_a_match(
    simcord_env: Any, call: str, game: str, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, place, table = await start_match(simcord_env, game)
    faults = Faults(call, simcord_env, place, alice, monkeypatch)
    await play_to_the_end(simcord_env, table, faults, outage=OUTAGE)
    assert faults.failed_calls() > 0, f"{call} calls failed during the outage"
    await assert_nothing_lost(simcord_env, place, table)


@pytest.mark.parametrize("backend", ["sqlite"])
async def test_a_move_while_the_store_is_down_gets_try_again_and_the_match_goes_on_after(
    simcord_env: Any, backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A player's move while the store is down is refused with "try again" and changes nothing;
    once the store is back, the same move is played and the match goes on, with no restart."""
    env = simcord_env
    alice, place, table = await start_match(env, "koikoi")
    faults = Faults("store", env, place, alice, monkeypatch)
    await wait_for_turn(env, place, alice)
    before = await game_snapshot(env.bot, table)
    move = (await alice.autocomplete(place.thread, "move", "action", ""))[0]["value"]
    faults.outage(True)
    refused = await alice.slash(place.thread, "move", action=move)
    assert refused.ephemeral and "try again" in answer(refused).content, answer(refused).content
    assert await game_snapshot(env.bot, table) == before, "nothing changed"
    assert not all_problems(env.bot.tables, [table])
    faults.outage(False)
    played = await alice.slash(place.thread, "move", action=move)
    assert "try again" not in (answer(played).content or "")
    assert table.seq > before[0], "the move is played once the store is back"
    await play_to_the_end(env, table, faults)
    await assert_nothing_lost(env, place, table)
