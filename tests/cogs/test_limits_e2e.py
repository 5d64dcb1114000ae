"""Oversize input on every command that takes text gets a clear refusal that fits in a Discord
message and changes nothing; forged custom_ids are refused as not part of the table.

SimCord rejects what Discord rejects (content over 2,000 characters, an embed over its limits),
so a refusal that did not fit would fail these tests with Discord's own 400 error.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import pytest
from simcord import actors as sim_actors
from simcord.backend import serializers
from simcord.builders import ChannelHandle
from simcord.enums import InteractionType

from cogs.table import limits
from cogs.table.commands import MAX_OPTIONS
from cogs.table.spec import GameSpec
from cogs.table.typed import MAX_MOVE, _with_moves
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    answer,
    buttons,
    game_snapshot,
    open_hand,
    setup_guild,
    start_vs_cpu,
    step_buttons,
    the_table,
)

GAMES = ["koikoi", "roppyakken", "gostop", "doudizhu", "goita"]
FOREIGN = "This button is not part of this table"


@pytest.fixture(autouse=True)
def no_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """No refusal here may end as "Sorry, something went wrong" (logged as an error)."""
    caplog.set_level(logging.WARNING)
    yield
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not failures, [r.getMessage() for r in failures]


def refusal(result: Any) -> str:
    """The ephemeral answer the user sees; it fits in one message."""
    shown = answer(result)
    assert shown is not None and shown.ephemeral, result
    assert len(shown.content) <= limits.CONTENT
    return shown.content


async def my_turn(env: Any, bot: Any, actor: Any, *, tries: int = 60) -> Any:
    """Let the CPUs move until ``actor``'s seat is to act; its table."""
    for _ in range(tries):
        table = the_table(bot)
        seat = table.to_act()
        if seat is not None and seat.user_id == actor.id:
            return table
        await env.advance_time(TEST_CPU_DELAY)
    raise AssertionError(f"{actor.name}'s turn never came")


# --- /<game> start options: -------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
async def test_start_options_too_long_are_refused_saying_what_is_allowed(simcord_env, simcord_bot, game):
    """3,000 characters of options used to make a 3,064-character refusal Discord rejects."""
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    result = await alice.slash(channel, f"{game} start", options="x" * 3000)
    text = refusal(result)
    assert "3000 characters" in text and f"at most {MAX_OPTIONS}" in text and f"/{game} rules" in text
    assert not simcord_bot.tables.tables, "no table was opened"


@pytest.mark.parametrize(
    "options",
    ["x" * MAX_OPTIONS, "k" * (MAX_OPTIONS - 2) + "=1", "viewing=" + "y" * (MAX_OPTIONS - 8)],
    ids=["no-equals", "unknown-key", "huge-value"],
)
async def test_long_bad_options_within_the_cap_are_refused_briefly(simcord_env, simcord_bot, options):
    """Options under the cap but wrong: the refusal quotes what it echoes with a cap and keeps its
    explanation."""
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    text = refusal(await alice.slash(channel, "koikoi start", options=options))
    assert len(text) < 600
    assert "`" in text, "it names the option or the text at fault"
    assert not simcord_bot.tables.tables


# --- /move and /<game> play -----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
async def test_a_typed_move_too_long_is_refused_with_the_legal_moves(simcord_env, simcord_bot, game):
    """5,000 characters used to be cut at 2,000 with the legal moves lost; now the refusal says
    the limit and lists the moves, for ``/move`` and for ``/<game> play`` alike."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    await start_vs_cpu(env, channel, alice, command=f"{game} start")
    table = await my_turn(env, simcord_bot, alice)
    thread = channel.threads[-1] if channel.threads else channel
    before = await game_snapshot(simcord_bot, table)
    for command in ("move", f"{game} play"):
        text = refusal(await alice.slash(thread, command, action="z" * 5000))
        assert "5000 characters" in text and f"at most {MAX_MOVE}" in text
        assert "Your moves now:" in text and "`" in text.split("Your moves now:")[1]
    longest = refusal(await alice.slash(thread, "move", action="q" * MAX_MOVE))
    assert "Your moves now:" in longest and len(longest) < 1000, "the move is quoted, the moves listed"
    assert await game_snapshot(simcord_bot, table) == before, "nothing changed"


@pytest.mark.parametrize("game", GAMES)
async def test_autocomplete_of_an_oversize_move_offers_nothing_and_changes_nothing(
    simcord_env, simcord_bot, game
):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    await start_vs_cpu(env, channel, alice, command=f"{game} start")
    table = await my_turn(env, simcord_bot, alice)
    thread = channel.threads[-1] if channel.threads else channel
    before = await game_snapshot(simcord_bot, table)
    for command in ("move", f"{game} play"):
        assert await alice.autocomplete(thread, command, "action", "z" * 5000) == []
        offered = await alice.autocomplete(thread, command, "action", "")
        assert 0 < len(offered) <= limits.CHOICES
        assert all(len(c["name"]) <= limits.CHOICE_NAME and len(c["value"]) <= 100 for c in offered)
    assert await game_snapshot(simcord_bot, table) == before


class _ManyMoves:
    """A view with hundreds of legal moves (a Dou Dizhu lead can have that many)."""

    legal_actions = tuple(f"move-number-{i:04d}" for i in range(600))


class _PlainSpec(GameSpec):
    """A game with no notation of its own: the spec's defaults (what players type is the engine's)."""


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_a_refusal_lists_as_many_moves_as_fit_and_counts_the_rest(locale):
    text = _with_moves(_PlainSpec(), "r" * 3000, _ManyMoves(), locale)
    assert len(text) <= limits.CONTENT
    shown = text.count("`move-number-")
    assert 30 < shown < 600, "the reason takes at most half of the message"
    assert str(600 - shown) in text.splitlines()[-1], "how many more moves there are"


# --- forged custom_ids ------------------------------------------------------------------------------


async def forge(actor: Any, message: Any, custom_id: str) -> Any:
    """A click with a made-up custom_id (a modified client sends it, and claims the message holds
    that button, so discord.py routes it to our DynamicItems)."""
    env = actor._env
    stored = sim_actors._visible_message(actor, message)
    payload = dict(serializers.message_payload(env.backend, stored))
    button = {"type": 2, "style": 2, "label": "forged", "custom_id": custom_id}
    payload["components"] = [{"type": 1, "components": [button]}]
    channel = ChannelHandle(env, actor.guild, env.backend.get_channel(stored.channel_id))
    data = {"custom_id": custom_id, "component_type": 2}
    return await sim_actors._dispatch_actor_interaction(
        actor,
        InteractionType.MESSAGE_COMPONENT,
        channel,
        data,
        extra={"message": payload},
        source_message_id=stored.id,
    )


async def test_a_button_from_a_future_move_is_not_part_of_this_table(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice)
    table = await my_turn(env, simcord_bot, alice)
    hand = await open_hand(alice, place)
    step = step_buttons(hand)[0].custom_id  # a:{game}:{seq}:{path}
    game, seq, path = step.split(":")[1:4]
    before = await game_snapshot(simcord_bot, table)
    ahead = f"a:{game}:{int(seq) + 3}:{path}"
    assert refusal(await forge(alice, hand, ahead)).startswith(FOREIGN)
    hand_button = next(b for b in buttons(place.last_table()) if b.custom_id.endswith(":hand"))
    future_hand = hand_button.custom_id.replace(f":{seq}:", f":{int(seq) + 1}:")
    assert refusal(await forge(alice, place.last_table(), future_hand)).startswith(FOREIGN)
    assert refusal(await forge(alice, hand, f"p:{game}:{int(seq) + 9}")).startswith(FOREIGN)
    assert await game_snapshot(simcord_bot, table) == before
    if int(seq) > 0:  # a real earlier turn is still called that
        earlier = await forge(alice, hand, f"a:{game}:{int(seq) - 1}:{path}")
        assert "earlier turn" in refusal(earlier)


async def test_a_button_naming_another_table_is_not_part_of_this_table(simcord_env, simcord_bot):
    """A custom_id naming a table of another channel (or one that never existed) acts on
    nothing: it used to reach the other table (a Join there, a hand of that game)."""
    env = simcord_env
    guild, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    other_channel = guild.create_text_channel("other")
    mine = (await alice.slash(channel, "koikoi start")).response.message
    await bob.slash(other_channel, "koikoi start")
    other = next(t for t in simcord_bot.tables.tables.values() if t.host_id == bob.id)
    for forged in (f"l:{other.id}:join", f"t:{other.id}:0:hand", f"l:{other.id + 50}:join", "a:987654:0:x"):
        assert refusal(await forge(alice, mine, forged)).startswith(FOREIGN), forged
    assert [s.name for s in other.seats] == ["bob"], "the other lobby did not change"
    mine_table = next(t for t in simcord_bot.tables.tables.values() if t.host_id == alice.id)
    assert [s.name for s in mine_table.seats] == ["alice"]
