"""Driving a table like a person would: read the table message, open the hand, click buttons."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord
from simcord.results import ResponseMessage

from cogs.table.cards import text_of, walk

# SimCord runs a bot's sleep in real time when it ends before the settle deadline (it counts as
# part of the action) and virtually otherwise. The tests' settle deadline is 20 s (conftest), so a
# CPU pause longer than that passes only when a test advances the virtual clock, instantly.
# The deadline of one action (a click, a command) is that settle deadline: it stays below the CPU
# pause, and a busy machine has room to draw its images; a heavier action (a round animation)
# sets its own with ``@pytest.mark.simcord(settle_timeout=...)``.
SETTLE_TIMEOUT = 20.0
TEST_CPU_DELAY = 25.0
# ``env.advance_time`` runs every bot step due meanwhile (CPU moves, their posts and images) under
# one deadline. While time advances every sleep is virtual, so this deadline only catches a hang:
# it is generous, for a machine whose cores are busy with other work (see :func:`patient`).
ADVANCE_TIMEOUT = 600.0
# A test's own wait for bot work that will finish (a retried post): only a hang trips it.
HANG = 600.0
# Virtual seconds a simulated person takes per move. Without it a test clicks faster than
# Discord's ~5 messages per 5 s per channel, and the bot's pacer makes SimCord wait in real time.
THINK_TIME = 3.0


def patient(env: Any) -> Any:
    """``env`` with :data:`ADVANCE_TIMEOUT` as the deadline of each ``advance_time``, and the
    settle deadline of every other action unchanged (SimCord uses one for both)."""
    advance = env.advance_time

    async def advance_time(seconds: float) -> None:
        action_deadline, env.settle_timeout = env.settle_timeout, ADVANCE_TIMEOUT
        try:
            await advance(seconds)
        finally:
            env.settle_timeout = action_deadline

    env.advance_time = advance_time
    return env


@dataclass
class Place:
    """Where a match is played (its thread) and the lobby channel."""

    channel: Any
    env: Any

    @property
    def thread(self) -> Any:
        threads = self.channel.threads
        return threads[-1] if threads else self.channel

    def messages(self) -> list[discord.Message]:
        return sorted(self.thread.history(), key=lambda m: m.id)

    def table_messages(self) -> list[discord.Message]:
        """Public table posts (those carrying a table image)."""
        return [m for m in self.messages() if any(a.filename == "table.png" for a in m.attachments)]

    def last_table(self) -> discord.Message:
        return self.table_messages()[-1]


def answer(result: Any) -> Any:
    """The message the user finally sees (a deferred command answers with a follow-up)."""
    return result.followups[-1] if result.followups else result.response


async def game_snapshot(bot: Any, table: Any) -> tuple[Any, ...]:
    """What a refused input must leave unchanged: the move count, the state, the stored moves."""
    import store

    return (table.seq, table.state, len(await store.actions_for(bot.db, table.id)))


def custom_ids(message: Any) -> list[str]:
    return [c.custom_id for c in buttons(message) if getattr(c, "custom_id", None)]


def buttons(message: Any) -> list[Any]:
    """The message's buttons and select menus, in a classic message's rows or a card's."""
    interactive = (discord.ComponentType.button, discord.ComponentType.string_select)
    return [c for c in walk(message.components) if getattr(c, "type", None) in interactive]


def post_text(message: Any) -> str:
    """What a message says: its content, or a card's text (the board, the results, a spectator's
    view); ``message`` may be an interaction's answer (SimCord's ``ResponseMessage``)."""
    return text_of(message.message if isinstance(message, ResponseMessage) else message)


def step_buttons(message: Any) -> list[Any]:
    return [b for b in buttons(message) if (b.custom_id or "").startswith("a:")]


def shown_seq(message: Any) -> int:
    """The move number a hand's move buttons belong to (``a:{game}:{seq}:…``)."""
    (seq,) = {int(b.custom_id.split(":")[2]) for b in step_buttons(message)}
    return seq


async def open_hand(actor: Any, place: Place) -> Any:
    """Click "My hand" on the latest table message; returns the ephemeral message."""
    table = place.last_table()
    hand_button = next(b for b in buttons(table) if (b.custom_id or "").endswith(":hand"))
    result = await actor.click(table, custom_id=hand_button.custom_id)
    assert result.ephemeral
    return result.response.message


def keep_stale(env: Any, message: Any) -> None:
    """The bot's next edit of ``message`` does not reach Discord (Unknown Message), so the
    buttons it shows stay as they are. Opening the hand again retires the older hand message
    (issue 28); a stale-click test uses this to keep a button from an earlier turn clickable, as
    a player sees it who clicks before that edit lands."""
    env.inject_error(
        "PATCH", f"/webhooks/*/messages/{message.id}", status=404, code=10008, message="Unknown Message"
    )


def is_turn_of(actor: Any, place: Place) -> bool:
    content = post_text(place.last_table())
    return f"<@{actor.id}>" in content.splitlines()[-1] if content else False


async def wait_for_turn(env: Any, place: Place, actor: Any, *, tries: int = 50) -> None:
    """Let the CPUs move until the table says it is ``actor``'s turn."""
    for _ in range(tries):
        if is_turn_of(actor, place):
            return
        await env.advance_time(TEST_CPU_DELAY)
    raise AssertionError(f"{actor.name}'s turn never came")


async def play_one_move(actor: Any, place: Place, choose: Any = None) -> Any:
    """Open the hand and click through the steps of one move (first option unless ``choose``)."""
    message = await open_hand(actor, place)
    while True:
        steps = [b for b in step_buttons(message) if not b.custom_id.endswith(":")]
        assert steps, f"no move offered: {message.content}"
        button = choose(steps) if choose else steps[0]
        result = await actor.click(message, custom_id=button.custom_id)
        message = result.response.message if result.response else message
        fresh = step_buttons(message)
        if not fresh or fresh[0].custom_id.split(":")[2] != button.custom_id.split(":")[2]:
            return message  # the move was played (the seq moved on) or the match ended


async def quit_match(actor: Any, where: Any, command: str = "koikoi quit") -> Any:
    """``/<game> quit`` in a running match, then **Forfeit** in the confirmation only ``actor``
    sees; returns the click's result."""
    asked = await actor.slash(where, command)
    assert asked.ephemeral and "Really forfeit" in asked.response.content, asked
    confirm = next(b for b in buttons(asked.response.message) if (b.custom_id or "").endswith(":yes"))
    return await actor.click(asked.response.message, custom_id=confirm.custom_id)


async def rules_options(actor: Any, shown: Any) -> str:
    """Click **Options** under a ``/<game> rules`` reply (``shown``); the options page's text."""
    message = shown.response.message
    button = next(b for b in buttons(message) if (b.custom_id or "").endswith(":options"))
    result = await actor.click(message, custom_id=button.custom_id)
    return "\n".join(e.description or "" for e in result.response.embeds)


def match_over(place: Place) -> bool:
    last = place.last_table()
    return any((b.custom_id or "").endswith(":rematch") for b in buttons(last))


async def play_match(env: Any, place: Place, humans: list[Any], *, max_steps: int = 3000) -> None:
    """Humans play their moves with clicks; CPU seats move as virtual time passes."""
    for _ in range(max_steps):
        if match_over(place):
            return
        actor = next((h for h in humans if is_turn_of(h, place)), None)
        if actor is not None:
            await play_one_move(actor, place)
            await env.advance_time(THINK_TIME)
        else:
            await env.advance_time(TEST_CPU_DELAY)
    raise AssertionError("the match did not end")


async def two_player_table(
    env: Any, channel: Any, host: Any, guest: Any, *, command: str = "koikoi start", **options: Any
) -> Place:
    """``host`` opens a table (Koi-Koi unless ``command`` says), ``guest`` joins, ``host`` starts it."""
    lobby = await host.slash(channel, command, **options)
    await guest.click(lobby.response.message, label="Join")
    await host.click(lobby.response.message, label="Start")
    return Place(channel, env)


def setup_guild(env: Any, *names: str) -> tuple[Any, Any, list[Any]]:
    """A server with a ``hanafuda`` channel and one member per name."""
    guild = env.create_guild()
    channel = guild.create_text_channel("hanafuda")
    members = [guild.add_member(env.create_user(n)) for n in names]
    return guild, channel, members


async def start_vs_cpu(
    env: Any, channel: Any, host: Any, *, command: str = "koikoi start", **options: Any
) -> Place:
    """``host`` plays CPUs (Koi-Koi unless ``command`` says): the table starts at once."""
    result = await host.slash(channel, command, opponent="cpu", **options)
    assert not result.ephemeral
    return Place(channel, env)


def the_table(bot: Any) -> Any:
    """The one open table of a test."""
    (table,) = bot.tables.tables.values()
    return table


def fix_seed(monkeypatch: Any, seed: int) -> None:
    """The next table opened deals from ``seed``."""
    monkeypatch.setattr("cogs.table.lobby._new_seed", lambda: seed)


def seed_where(found: Callable[[Any], bool], *, moves: int = 60, rounds: int = 3) -> tuple[int, int]:
    """(seed, n): a Koi-Koi deal where ``found(view of the seat to act)`` holds after ``n`` moves
    of everyone playing their first legal action (what clicking the first button does)."""
    from engine.hanafuda import koikoi as kk

    rules = kk.rules_from("seed", {"rounds": rounds})
    for seed in range(1, 5000):
        state = kk.new_game(2, rules, seed)
        for n in range(moves):
            seat = kk.to_act(state)
            if seat is None:
                break
            if found(kk.view(state, seat)):
                return seed, n
            state, _ = kk.apply(state, kk.legal_actions(state)[0])
    raise AssertionError("no such deal found")
