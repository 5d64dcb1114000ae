"""Players see the bot in their Discord language; commands are localised; dev-guild sync."""

from __future__ import annotations

import discord
import pytest
import simcord
import simcord.interactions as sim_interactions

from tests.cogs.harness import Place, is_turn_of, open_hand, step_buttons
from tsuki.settings import Settings


@pytest.fixture
def french(monkeypatch: pytest.MonkeyPatch) -> set[int]:
    """User ids whose Discord client is in French (SimCord always sends en-US otherwise)."""
    users: set[int] = set()
    original = sim_interactions.base_payload

    def payload(*args, **kwargs):
        record, data = original(*args, **kwargs)
        user = (data.get("member") or {}).get("user") or data.get("user") or {}
        if int(user.get("id", 0)) in users:
            data["locale"] = "fr"
        return record, data

    monkeypatch.setattr(sim_interactions, "base_payload", payload)
    return users


async def test_a_french_player_gets_french_answers_and_buttons(simcord_env, french):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("hanafuda")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    french.add(bob.id)
    lobby = await alice.slash(channel, "koikoi start")
    await bob.click(lobby.response.message, label="Join")
    await alice.click(lobby.response.message, label="Start")
    place = Place(channel, env)
    bob_hand = await open_hand(bob, place)
    alice_hand = await open_hand(alice, place)
    assert "Votre main" in bob_hand.content
    assert "Your hand" in alice_hand.content
    french_player_to_act = is_turn_of(bob, place)
    acting_hand = bob_hand if french_player_to_act else alice_hand
    assert step_buttons(acting_hand)
    again = await bob.slash(channel, "koikoi start")
    assert again.ephemeral and "déjà ouverte" in again.response.content


async def test_commands_carry_french_names_and_descriptions(simcord_env, simcord_bot):
    commands = {c.name: c for c in await simcord_bot.tree.fetch_commands()}
    koikoi = commands["koikoi"]
    assert koikoi.description_localizations, "group description is localised"
    start = next(o for o in koikoi.options if o.name == "start")
    assert start.name_localizations.get(discord.Locale.french) == "commencer"


async def test_commands_sync_to_the_dev_guild_when_set(tmp_path, make_bot):
    """With DEV_GUILD_ID the commands appear in that server at once and nothing is synced globally."""
    bot = make_bot(Settings(database_path=str(tmp_path / "dev.db"), dev_guild_id=1234))
    async with simcord.run(bot):
        guild_commands = await bot.tree.fetch_commands(guild=discord.Object(1234))
        global_commands = await bot.tree.fetch_commands()
    assert {c.name for c in guild_commands} >= {"koikoi", "leaderboard", "stats"}
    assert global_commands == []
