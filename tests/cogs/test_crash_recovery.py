"""Nothing stored goes unannounced: the bot is stopped dead after a move is stored, at every point
between "action stored" and "everything announced", and a fresh bot on the same database posts
what is missing, exactly once, then the match plays to its end (issue 13).

The crash is injected where the bot meets the outside world, in the simulated Discord's REST
layer and in the database: from the chosen point on, every call of the stopped bot raises
:class:`Crash`, a ``BaseException`` that none of the bot's ``except Exception`` handlers catches,
and whatever its ``finally`` blocks try afterwards fails the same way, so the old bot cannot post,
edit or store anything more: as after ``kill -9``. Recovery comes only from the new bot's start.

Each scenario is played once per crash point ``k``: the bot dies at the ``k``-th outside call
after the move's commit (REST calls and database transactions alike), for ``k`` = 0, 1, 2, … until
a run in which the bot finished announcing before the ``k``-th call came.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
import simcord
from simcord.http.client import FakeHTTPClient, FakeWebhookAdapter

import store
from cogs.table.pings import idle_after
from cogs.table.typed import to_player
from store.db import Database
from tests.cogs.harness import (
    SETTLE_TIMEOUT,
    TEST_CPU_DELAY,
    THINK_TIME,
    Place,
    buttons,
    patient,
    setup_guild,
)
from tsuki.bot import TsukiBot
from tsuki.settings import Settings

OWN_ID = re.compile(r"^t:(\d+):(\d+):([a-z]+)$")
MAX_POINTS = 12  # more outside calls than any announcement makes (asserted below)


class Crash(BaseException):
    """The bot is dead: not an ``Exception``, so no handler of the bot catches it."""


@dataclass
class Killer:
    """Counts the stopped bot's outside calls after the armed move and kills it at the k-th."""

    k: int
    die_at: str | None = None  # or: die at the first call whose description holds this
    armed: bool = False
    dead: bool = False
    calls: int = 0
    crashed_seq: int | None = None
    victim_db: Database | None = None
    victims: list[Any] = field(default_factory=list)  # the stopped bot's transports
    log: list[str] = field(default_factory=list)

    def effect(self, what: str, db: Database | None = None) -> None:
        if db is not None and self.victim_db is not None and db is not self.victim_db:
            return  # the new bot's database calls
        if self.dead:
            raise Crash(what)
        if self.armed:
            if self.calls == self.k or (self.die_at is not None and self.die_at in what):
                self.dead = True
                self.log.append(f"died at {what}")
                raise Crash(what)
            self.calls += 1
            self.log.append(what)


@dataclass
class World:
    env: Any
    first: TsukiBot
    second: TsukiBot
    alice: Any
    channel: Any
    place: Place


@dataclass(frozen=True)
class Scenario:
    command: str
    options: dict[str, Any]
    # which stored move to crash after: (engine, state before, state after, human seat) -> bool
    target: Callable[[Any, Any, Any, int], bool]
    ping: bool  # the human is to act after that move: a ping is owed


def _turn_comes(engine: Any, before: Any, after: Any, human: int) -> bool:
    return engine.to_act(after) == human and engine.to_act(before) != human


def _last_move(engine: Any, before: Any, after: Any, human: int) -> bool:
    return engine.outcome(after) is not None


def _second_solo_move(engine: Any, before: Any, after: Any, human: int) -> bool:
    return engine.outcome(after) is None and engine.to_act(after) == human


GAMES = {
    "koikoi": ("koikoi start", {"rounds": 3}),
    "roppyakken": ("roppyakken start", {"target": 300}),
    "gostop": ("gostop start", {"rounds": 3}),
    "doudizhu": ("doudizhu start", {"deals": 1}),
    "goita": ("goita start", {"target": 1}),
}
SCENARIOS = {
    **{f"{g}-turn": Scenario(c, o, _turn_comes, True) for g, (c, o) in GAMES.items()},
    **{f"{g}-end": Scenario(c, o, _last_move, False) for g, (c, o) in GAMES.items()},
    "goita_solo-move": Scenario("goita solo", {}, _second_solo_move, False),
    "goita_solo-end": Scenario("goita solo", {}, _last_move, False),
}


def _install(monkeypatch: pytest.MonkeyPatch, killer: Killer) -> None:
    """Route the bot's REST calls (its HTTP client and the interaction webhooks) and database
    transactions through ``killer``; only the first bot's transports can die."""
    for cls in (FakeHTTPClient, FakeWebhookAdapter):
        real_request = cls.request

        def request(self: Any, route: Any, *args: Any, _real: Any = real_request, **kwargs: Any) -> Any:
            if self in killer.victims:
                killer.effect(f"{route.method} {getattr(route, 'path', route.url)}")
            return _real(self, route, *args, **kwargs)

        monkeypatch.setattr(cls, "request", request)
    real_transaction = Database.transaction

    def transaction(self: Database) -> Any:
        killer.effect("db transaction", self)
        return real_transaction(self)

    monkeypatch.setattr(Database, "transaction", transaction)
    real_append = store.actions.append_action

    async def append_action(db: Database, game_id: int, seq: int, seat: int, action: str, *a: Any, **kw: Any):
        row = await real_append(db, game_id, seq, seat, action, *a, **kw)
        if not killer.armed and not killer.dead and _watch.get("target") is not None:
            table = _watch["bot"].tables.tables.get(game_id)
            engine = table.spec.engine
            after, _ = engine.apply(table.state, engine.parse_action(action))
            if _watch["target"](engine, table.state, after, _watch["human"]):
                killer.armed, killer.crashed_seq, killer.victim_db = True, seq, db
        return row

    monkeypatch.setattr(store.actions, "append_action", append_action)
    monkeypatch.setattr(store, "append_action", append_action)


_watch: dict[str, Any] = {}


async def _drive(env: Any, bot: TsukiBot, place: Place, human: Any, *, until: Callable[[], bool]) -> None:
    """The human types their first legal move (``/move``), the CPUs move as virtual time passes."""
    for _ in range(3000):
        if until():
            return
        table = next(iter(bot.tables.tables.values()), None)
        seat = table.to_act() if table is not None else None
        try:
            if table is not None and seat is not None and seat.user_id == human.id and not seat.cpu_plays:
                action = table.view(seat.index).legal_actions[0]  # typed as the player would
                await human.slash(place.thread, "move", action=to_player(table.spec, str(action)))
                await env.advance_time(THINK_TIME)
            else:
                await env.advance_time(TEST_CPU_DELAY)
        except (Crash, BaseExceptionGroup) as error:  # the stopped bot's tasks died of the Crash
            if isinstance(error, BaseExceptionGroup) and error.subgroup(Crash) is None:
                raise
    raise AssertionError("the scenario never reached its point")


def _own(message: Any, game_id: int) -> list[tuple[int, str]]:
    found = []
    for button in buttons(message):
        match = OWN_ID.match(button.custom_id or "")
        if match and int(match[1]) == game_id:
            found.append((int(match[2]), match[3]))
    return found


@asynccontextmanager
async def _world(tmp_path: Any, name: str, killer: Killer) -> AsyncIterator[World]:
    """A simulated Discord with alice on a server, the bot that will be stopped (``first``) and
    the one that takes over its database (``second``); every bot is released afterwards."""
    settings = Settings(database_path=str(tmp_path / f"{name}.db"), cpu_delay=TEST_CPU_DELAY, turn_timeout=0)
    first, second = TsukiBot(settings), TsukiBot(settings)
    env = patient(simcord.Env(first, settle_timeout=SETTLE_TIMEOUT, check_errors=False))
    await env.start()
    try:
        _, channel, (alice,) = setup_guild(env, "alice")
        killer.victims += [first.http, env._webhook_adapter]
        yield World(env, first, second, alice, channel, Place(channel, env))
    finally:
        await env.shutdown()
        for bot in (first, second):
            await bot.release()


async def _take_over(world: World) -> None:
    """The stopped bot is gone; a fresh one starts on the same database."""
    _watch.clear()
    world.env.errors.clear()
    await world.env.restart_bot(world.second)
    world.env.errors.clear()
    await world.env.advance_time(0.1)


async def _run(tmp_path: Any, monkeypatch: pytest.MonkeyPatch, scenario: Scenario, k: int) -> bool:
    """One run, crashing at point ``k``; False when the bot got through without crashing."""
    killer = Killer(k)
    _install(monkeypatch, killer)
    async with _world(tmp_path, f"crash-{k}", killer) as w:
        extra = {} if scenario.command == "goita solo" else {"opponent": "cpu"}
        _watch.update(bot=w.first, target=scenario.target, human=0)
        await w.alice.slash(w.channel, scenario.command, **scenario.options, **extra)
        (game_id,) = w.first.tables.tables
        await _drive(
            w.env, w.first, w.place, w.alice, until=lambda: killer.dead or (killer.armed and _quiet(w.first))
        )
        if not killer.dead:
            return False  # every outside call was made: no crash point k
        await _take_over(w)
        await _check_recovered(w.second, w.place, game_id, killer, scenario)
        await _drive(w.env, w.second, w.place, w.alice, until=lambda: _ended(w.place, game_id))
        await _check_ended(w.second, w.place, game_id)
    return True


def _quiet(bot: TsukiBot) -> bool:
    tables = list(bot.tables.tables.values())
    return all(
        not t.outbox.pending and (t.outbox.announcing is None or t.outbox.announcing.done()) for t in tables
    )


def _ended(place: Place, game_id: int) -> bool:
    return any(verb == "rematch" for m in place.messages() for _, verb in _own(m, game_id))


async def _check_recovered(
    bot: TsukiBot, place: Place, game_id: int, killer: Killer, scenario: Scenario
) -> None:
    row = await store.get_game(bot.db, game_id)
    assert row is not None
    actions = await store.actions_for(bot.db, game_id)
    assert killer.crashed_seq is not None
    assert len(actions) > killer.crashed_seq, "the move stored before the crash is kept"
    messages = place.messages()
    boards = [seq for m in messages for seq, verb in _own(m, game_id) if verb == "hand"]
    assert len(boards) == len(set(boards)), f"a board post was made twice: {boards} ({killer.log})"
    cards = [
        m.flags.components_v2 for m in messages if any(v in ("hand", "rematch") for _, v in _own(m, game_id))
    ]
    assert cards and all(cards), "the board and the results are cards, read back by their buttons"
    if row.status == "finished":
        results = [m for m in messages if any(v == "rematch" for _, v in _own(m, game_id))]
        assert len(results) == 1, f"the results are posted exactly once ({killer.log})"
        assert row.results_posted and row.announced_seq == len(actions)
        return
    table = bot.tables.tables[game_id]
    assert table.outbox.announced == table.seq == len(actions) and not table.outbox.pending, killer.log
    assert max(boards) == table.seq, f"the newest board shows every stored move ({killer.log})"
    if scenario.ping:  # a player who plays in their hand (here by /move) is pinged once idle (issue 28)
        await place.env.advance_time(idle_after(table) + 1)
        messages = place.messages()
    pings = [m for m in messages if any(v == "turn" for _, v in _own(m, game_id))]
    if scenario.ping:
        assert len(pings) == 1, f"the player to act is pinged exactly once ({killer.log})"
        assert f"<@{table.seats[0].user_id}>" in pings[0].content


async def _check_ended(bot: TsukiBot, place: Place, game_id: int) -> None:
    row = await store.get_game(bot.db, game_id)
    assert row is not None and row.status == "finished" and row.results_posted
    results = [m for m in place.messages() if any(v == "rematch" for _, v in _own(m, game_id))]
    assert len(results) == 1


@pytest.mark.parametrize("name", sorted(SCENARIOS))
async def test_a_crash_after_a_stored_move_loses_no_post(
    name: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    scenario = SCENARIOS[name]
    for k in range(MAX_POINTS):
        with monkeypatch.context() as patch:
            if not await _run(tmp_path, patch, scenario, k):
                assert k >= 2, "the announcement makes several outside calls, each a crash point"
                return
    raise AssertionError(f"more than {MAX_POINTS} outside calls after one move")


async def test_a_typed_move_stored_just_before_a_crash_gets_its_answer_from_the_next_bot(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13: "A click that was stored before a crash, whose interaction was already deferred
    and whose token is still valid, gets its 'loading' reply finished after the restart." The
    bot dies as it is about to answer ``/move``; the token stored with the move lets the new bot
    answer it with the player's hand."""
    killer = Killer(MAX_POINTS, die_at="@original")
    _install(monkeypatch, killer)
    async with _world(tmp_path, "typed", killer) as w:
        await w.alice.slash(w.channel, "koikoi start", rounds=3, opponent="cpu")
        (table,) = w.first.tables.tables.values()

        def alice_to_act() -> bool:
            seat = table.to_act()
            assert seat is not None
            return seat.user_id == w.alice.id

        await _drive(w.env, w.first, w.place, w.alice, until=alice_to_act)
        _watch.update(bot=w.first, target=lambda engine, before, after, human: True, human=0)
        move = str(table.view(0).legal_actions[0])
        answer = await w.alice.slash(w.place.thread, "move", action=move)
        assert killer.dead, killer.log
        assert "Your hand" not in (answer.response.content if answer.response else ""), "not answered yet"
        await _take_over(w)
        assert answer.response is not None and "Your hand" in answer.response.content, answer
        assert answer.response.attachments, "the hand's image"
