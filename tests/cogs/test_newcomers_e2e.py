"""Help for newcomers: ``/help``, the rules and their options page, a confirmed quit, a lobby
message that follows its table, all in the reader's (or the server's) language."""

from __future__ import annotations

import discord
import pytest
import simcord.interactions as sim_interactions

import store
from cogs.table.supervisor import LOBBY_TIMEOUT
from tests.cogs.harness import (
    Place,
    buttons,
    game_snapshot,
    open_hand,
    post_text,
    quit_match,
    rules_options,
    setup_guild,
    start_vs_cpu,
    the_table,
    two_player_table,
)


@pytest.fixture
def french_server(monkeypatch: pytest.MonkeyPatch) -> set[int]:
    """User ids whose Discord client, and whose server, are in French (SimCord sends en-US)."""
    users: set[int] = set()
    original = sim_interactions.base_payload

    def payload(*args, **kwargs):
        record, data = original(*args, **kwargs)
        user = (data.get("member") or {}).get("user") or data.get("user") or {}
        if int(user.get("id", 0)) in users:
            data["locale"] = data["guild_locale"] = "fr"
        return record, data

    monkeypatch.setattr(sim_interactions, "base_payload", payload)
    return users


def shown(text: str | None) -> str:
    """An embed's title, description or field value, which the bot always sets."""
    assert text is not None
    return text


def within_discord_limits(embeds: list[discord.Embed]) -> None:
    assert 1 <= len(embeds) <= 10
    total = 0
    for embed in embeds:
        assert len(embed.title or "") <= 256 and len(embed.description or "") <= 4096
        assert len(embed.fields) <= 25
        for f in embed.fields:
            assert f.value and len(shown(f.name)) <= 256 and len(f.value) <= 1024, f.name
        total += len(embed.title or "") + len(embed.description or "") + len(embed.footer.text or "")
        total += sum(len(shown(f.name)) + len(shown(f.value)) for f in embed.fields)
    assert total <= 6000


def lobby_message(channel, lobby) -> discord.Message:
    return next(m for m in channel.history() if m.id == lobby.response.message.id)


# --- /help ----------------------------------------------------------------------------------------


async def test_help_names_the_games_how_to_start_the_buttons_and_move(simcord_env):
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    result = await alice.slash(channel, "help")
    assert result.ephemeral, "only the reader sees the help"
    embeds = result.response.embeds
    within_discord_limits(embeds)
    text = "\n".join([e.description or "" for e in embeds] + [f.value for e in embeds for f in e.fields])
    for game in ("Koi-Koi", "Roppyakken", "Go-Stop", "Dou Dizhu", "Goita"):
        assert game in text
    for command in ("/koikoi start", "/gostop start", "/goita solo", "/move", "/koikoi rules", "/notify on"):
        assert f"`{command}`" in text
    assert "**My hand**" in text and "**Join**" in text and "**Start**" in text


async def test_help_speaks_french_with_the_french_command_names(simcord_env, french_server):
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    french_server.add(alice.id)
    result = await alice.slash(channel, "help")
    embeds = result.response.embeds
    within_discord_limits(embeds)
    text = "\n".join(f.value for e in embeds for f in e.fields) + (embeds[1].description or "")
    assert "Les jeux" in embeds[0].fields[0].name
    assert "`/koikoi commencer`" in text and "`/coup`" in text and "`/table remplacer`" in text
    assert "**Ma main**" in text


# --- rules and options ----------------------------------------------------------------------------


async def test_rules_are_text_and_the_options_are_a_second_page_and_back(simcord_env):
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    await start_vs_cpu(simcord_env, channel, alice, rounds=3, options="oyaken=2")
    place = Place(channel, simcord_env)
    shown = await alice.slash(place.thread, "koikoi rules")
    rules = shown.response.embeds[0]
    assert shown.ephemeral and rules.title == "Rules of this table"
    assert "**Your turn**" in rules.description and "`oyaken`" not in rules.description
    within_discord_limits(shown.response.embeds)
    options = await rules_options(alice, shown)
    assert "`oyaken` = `2` — points for the dealer on a draw" in options
    assert "`rounds` = `3`" in options
    assert options.count("\n• ") >= 20, "every option, one line each"
    back = next(b for b in buttons(shown.response.message) if b.custom_id.endswith(":rules"))
    again = await alice.click(shown.response.message, custom_id=back.custom_id)
    assert "**Your turn**" in again.response.embeds[0].description


async def test_a_table_s_options_page_still_works_after_its_match_ended(simcord_env, simcord_bot):
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    await start_vs_cpu(simcord_env, channel, alice, options="oyaken=2")
    place = Place(channel, simcord_env)
    shown = await alice.slash(place.thread, "koikoi rules")
    await quit_match(alice, place.thread)
    assert not simcord_bot.tables.tables
    assert "`oyaken` = `2`" in await rules_options(alice, shown), "read back from the store"


async def test_rules_and_options_in_french_and_for_a_preset(simcord_env, french_server):
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    french_server.add(alice.id)
    shown = await alice.slash(channel, "gostop rules", preset="five")
    assert "**À votre tour**" in shown.response.embeds[0].description
    assert "préréglage « five »" in shown.response.embeds[0].title
    options = await rules_options(alice, shown)
    assert "`threshold_2p` = `5`" in options and "Options" in options


async def test_a_game_without_options_shows_no_options_button(simcord_env):
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    await alice.slash(channel, "goita solo")
    shown = await alice.slash(Place(channel, simcord_env).thread, "goita rules")
    assert "memory" in shown.response.embeds[0].title and not buttons(shown.response.message)


# --- quitting asks first --------------------------------------------------------------------------


async def test_cancelling_a_quit_changes_nothing(simcord_env, simcord_bot):
    _, channel, (alice, bob) = setup_guild(simcord_env, "alice", "bob")
    place = await two_player_table(simcord_env, channel, alice, bob, rounds=3)
    table = the_table(simcord_bot)
    before, posts = await game_snapshot(simcord_bot, table), len(place.messages())
    asked = await bob.slash(place.thread, "koikoi quit")
    assert (
        asked.ephemeral and "Really forfeit?" in asked.response.content and "loss" in asked.response.content
    )
    assert await game_snapshot(simcord_bot, table) == before, "asking changes nothing"
    kept = await bob.click(asked.response.message, label="Cancel")
    assert "still playing" in kept.response.content and not buttons(kept.response.message)
    assert await game_snapshot(simcord_bot, table) == before
    assert table.status == "active" and len(place.messages()) == posts, "nothing was posted"
    assert await store.results_for(simcord_bot.db, table.id) == []
    assert step_or_hand_still_works(await open_hand(bob, place))


def step_or_hand_still_works(hand) -> bool:
    return "hand" in hand.content.lower()


async def test_a_confirmed_quit_names_the_winner_and_records_the_loss(simcord_env, simcord_bot):
    _, channel, (alice, bob) = setup_guild(simcord_env, "alice", "bob")
    place = await two_player_table(simcord_env, channel, alice, bob, rounds=3)
    table = the_table(simcord_bot)
    result = await quit_match(bob, place.thread)
    assert result.response.ephemeral and "forfeited" in result.response.content
    assert not buttons(result.response.message), "the confirmation's buttons are gone"
    post = post_text(place.messages()[-1])
    assert f"<@{bob.id}> forfeits the match" in post and f"🏆 <@{alice.id}> wins." in post
    rows = {r.seat: r for r in await store.results_for(simcord_bot.db, table.id)}
    bob_seat = next(s.index for s in table.seats if s.user_id == bob.id)
    assert not rows[bob_seat].won and rows[1 - bob_seat].won


async def test_a_quit_confirmed_too_late_is_refused(simcord_env, simcord_bot):
    """The confirmation of a player whose seat was handed over meanwhile forfeits nothing."""
    _, channel, (alice, bob) = setup_guild(simcord_env, "alice", "bob")
    place = await two_player_table(simcord_env, channel, alice, bob, rounds=3)
    table = the_table(simcord_bot)
    asked = await bob.slash(place.thread, "koikoi quit")
    bob_seat = next(s.index for s in table.seats if s.user_id == bob.id)
    handed = await alice.slash(place.thread, "table replace", seat=bob_seat + 1)
    await bob.click(handed.response.message, label="Agree")  # bob is present: his consent
    late = await bob.click(asked.response.message, label="Forfeit")
    assert "not seated" in late.response.content and not buttons(late.response.message)
    assert table.status == "active" and await store.results_for(simcord_bot.db, table.id) == []


# --- the lobby message follows its table ----------------------------------------------------------


async def test_the_lobby_message_follows_the_table_from_open_to_over(simcord_env):
    _, channel, (alice, bob) = setup_guild(simcord_env, "alice", "bob")
    lobby = await alice.slash(channel, "koikoi start", rounds=3, timer=2)
    embed = lobby_message(channel, lobby).embeds[0]
    assert "table open" in shown(embed.title)
    assert "Rounds: 3" in shown(embed.fields[1].value) and "Preset: `seed`" in shown(embed.fields[1].value)
    assert "Timer: 2 min per move" in shown(embed.fields[1].value)
    await bob.click(lobby.response.message, label="Join")
    await alice.click(lobby.response.message, label="Start")
    place = Place(channel, simcord_env)
    embed = lobby_message(channel, lobby).embeds[0]
    assert "match under way" in shown(embed.title) and str(bob.id) in shown(embed.fields[0].value)
    await quit_match(alice, place.thread)
    message = lobby_message(channel, lobby)
    assert "match over" in shown(message.embeds[0].title) and not message.components


async def test_a_cancelled_and_an_expired_lobby_say_closed(simcord_env):
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    lobby = await alice.slash(channel, "koikoi start")
    await alice.click(lobby.response.message, label="Cancel")
    embed = lobby_message(channel, lobby).embeds[0]
    assert "table closed" in shown(embed.title) and "cancelled" in shown(embed.description)
    again = await alice.slash(channel, "koikoi start")
    await simcord_env.advance_time(LOBBY_TIMEOUT + 1)
    embed = lobby_message(channel, again).embeds[0]
    assert "table closed" in shown(embed.title) and "in time" in shown(embed.description)


async def test_the_lobby_speaks_the_server_s_language(simcord_env, french_server):
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    french_server.add(alice.id)
    lobby = await alice.slash(channel, "gostop start", rounds=6)
    embed = lobby_message(channel, lobby).embeds[0]
    assert "table ouverte" in shown(embed.title)
    settings = shown(embed.fields[1].value)
    assert "Manches : 6" in settings and "Préréglage : `seed`" in settings
    assert "rounds" not in settings and "preset" not in settings
