"""Players see the bot in their Discord language; servers' public posts in the server's.

- Private replies (hands, refusals) follow the user's Discord locale, public posts the server's
  (or ``/config language``); a table keeps the language it opened with, also after a restart.
- Commands carry localized names and descriptions in every language, all valid for Discord.
"""

from __future__ import annotations

import re
from types import SimpleNamespace
from typing import Any

import discord
import pytest
import regex
import simcord
import simcord.interactions as sim_interactions

import i18n
import render.fonts as fonts
import store
from cogs.config import ENDONYMS
from cogs.config_locale import SETTING
from tests.cogs.harness import (
    SETTLE_TIMEOUT,
    TEST_CPU_DELAY,
    Place,
    is_turn_of,
    open_hand,
    play_one_move,
    post_text,
    step_buttons,
    the_table,
    wait_for_turn,
)
from tsuki.settings import Settings

LOCALIZED = ("fr", "ja", "ko", "zh-CN", "zh-TW")  # every language but English, as Discord names them
NAME = regex.compile(r"^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
HANGUL = re.compile(r"[\uac00-\ud7a3]")
KANA = re.compile(r"[\u3040-\u30ff]")


def _patch_locales(monkeypatch: pytest.MonkeyPatch) -> SimpleNamespace:
    users: dict[int, str] = {}
    guilds: dict[int, str] = {}
    original = sim_interactions.base_payload

    def payload(*args: Any, **kwargs: Any) -> Any:
        record, data = original(*args, **kwargs)
        user = (data.get("member") or {}).get("user") or data.get("user") or {}
        if int(user.get("id", 0)) in users:
            data["locale"] = users[int(user["id"])]
        if int(data.get("guild_id") or 0) in guilds:
            data["guild_locale"] = guilds[int(data["guild_id"])]
        return record, data

    monkeypatch.setattr(sim_interactions, "base_payload", payload)
    return SimpleNamespace(users=users, guilds=guilds)


@pytest.fixture
def locales(monkeypatch: pytest.MonkeyPatch) -> SimpleNamespace:
    """Discord languages of simulated clients (``users``) and servers (``guilds``), by id:
    SimCord always sends ``en-US`` otherwise."""
    return _patch_locales(monkeypatch)


class _French(set[int]):
    """User ids whose Discord client is in French: ``french.add(user.id)``."""

    def __init__(self, locales: SimpleNamespace) -> None:
        super().__init__()
        self._users = locales.users

    def add(self, user_id: int) -> None:
        super().add(user_id)
        self._users[user_id] = "fr"


@pytest.fixture
def french(monkeypatch: pytest.MonkeyPatch) -> set[int]:
    """User ids whose Discord client is in French (other test modules import this fixture)."""
    return _French(_patch_locales(monkeypatch))


@pytest.fixture
def faces(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """``(render locale, regional face)`` of every font the renderers load during the test."""
    used: list[tuple[str, str]] = []
    original = fonts._font

    def spy(size: int, region: str) -> Any:
        used.append((fonts._drawing.get(), region))
        return original(size, region)

    monkeypatch.setattr(fonts, "_font", spy)
    return used


def _said(lang: str, key: str, text: str) -> bool:
    """Does ``text`` contain the ``key`` text of ``lang``, whatever its fields are?"""
    parts = re.split(r"\{[^}]*\}", i18n.t(lang, key))
    return re.search(".+?".join(map(re.escape, parts)), text) is not None


def _head(lang: str, key: str) -> str:
    """The fixed start of a text, before its first field (stable whatever the fields are)."""
    return i18n.t(lang, key).split("{")[0].strip()


async def test_a_korean_player_gets_korean_private_replies_in_a_french_server(simcord_env, locales):
    env = simcord_env
    guild = env.create_guild(preferred_locale="fr")
    locales.guilds[guild.id] = "fr"
    channel = guild.create_text_channel("hanafuda")
    kim = guild.add_member(env.create_user("kim"))
    locales.users[kim.id] = "ko"
    opened = await kim.slash(channel, "koikoi start", opponent="cpu")
    assert not opened.ephemeral
    place = Place(channel, env)
    first = place.table_messages()[0]
    assert _head("fr", "table.started") in post_text(first), "the public post is in the server's French"
    hand = await open_hand(kim, place)
    assert _head("ko", "koikoi.hand.title") in hand.content and HANGUL.search(hand.content)
    assert "Votre main" not in hand.content
    again = await kim.slash(channel, "koikoi start")
    assert again.ephemeral and again.response.content.startswith(_head("ko", "error.channel_busy"))


async def test_a_japanese_server_plays_in_japanese_drawn_with_the_japanese_face(
    simcord_env, locales, faces, make_bot, settings
):
    env = simcord_env
    guild = env.create_guild(preferred_locale="ja")
    locales.guilds[guild.id] = "ja"
    channel = guild.create_text_channel("hanafuda")
    mei = guild.add_member(env.create_user("mei"))
    locales.users[mei.id] = "zh-TW"  # her own hand: Traditional Chinese, drawn with the TC face
    await mei.slash(channel, "koikoi start", opponent="cpu")
    place = Place(channel, env)
    table = the_table(simcord_env.bot)
    assert table.locale == "ja"
    first = place.table_messages()[0]
    assert _head("ja", "table.started") in post_text(first) and KANA.search(post_text(first))
    assert "table.png" in [a.filename for a in first.attachments]
    public = {region for loc, region in faces if loc == "ja"}
    assert public == {"JP"}, f"the table image used {public}"
    hand = await open_hand(mei, place)
    assert _head("zh-TW", "koikoi.hand.title") in hand.content
    assert {region for loc, region in faces if loc == "zh-TW"} == {"TC"}
    await wait_for_turn(env, place, mei)
    await play_one_move(mei, place)
    await env.advance_time(TEST_CPU_DELAY)  # the CPU answers
    narration = post_text(place.last_table())
    assert "koikoi.narrate" not in narration and KANA.search(narration)
    assert any(_said("ja", f"koikoi.narrate.{k}", narration) for k in ("played_take", "played_field"))
    assert not any(_said("en", f"koikoi.narrate.{k}", narration) for k in ("played_take", "played_field"))
    assert {region for loc, region in faces if loc == "ja"} == {"JP"}
    stored = await store.get_game(simcord_env.bot.db, table.id)
    assert stored is not None and stored.meta["locale"] == "ja", "the table's language is stored"
    # A restart resumes the table in Japanese even though the server now says French.
    locales.guilds[guild.id] = "fr"
    await env.restart_bot(make_bot(settings))
    assert the_table(env.bot).locale == "ja"


async def test_config_language_sets_the_public_language_of_new_tables(simcord_env, locales):
    env = simcord_env
    guild = env.create_guild(preferred_locale="fr")
    locales.guilds[guild.id] = "fr"
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    ana = guild.add_member(env.create_user("ana"), roles=[admins])
    locales.users[ana.id] = "fr"
    hanafuda = guild.create_text_channel("hanafuda")
    bob = guild.add_member(env.create_user("bob"))
    assert not any(c.startswith("config") for c in bob.available_commands(hanafuda)), "admins only"
    assert any(c.startswith("config") for c in ana.available_commands(hanafuda))
    shown = await ana.slash(hanafuda, "config language")
    assert shown.ephemeral and "Français" in shown.response.content
    done = await ana.slash(hanafuda, "config language", language="ko")
    assert done.ephemeral and "한국어" in done.response.content
    assert (await store.get_guild_settings(env.bot.db, guild.id))[SETTING] == "ko"
    assert done.response.content == i18n.t("fr", "config.language.set", language="한국어")
    await ana.slash(hanafuda, "koikoi start", opponent="cpu")
    place = Place(hanafuda, env)
    assert _head("ko", "table.started") in post_text(place.table_messages()[0])
    back = await ana.slash(hanafuda, "config language", language="auto")
    assert back.ephemeral and SETTING not in await store.get_guild_settings(env.bot.db, guild.id)
    assert the_table(env.bot).locale == "ko", "a table keeps the language it opened with"


async def test_a_french_player_gets_french_answers_and_buttons(simcord_env, locales):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("hanafuda")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    locales.users[bob.id] = "fr"
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


def _nodes(command: dict[str, Any], path: str = "") -> list[tuple[str, dict[str, Any], str]]:
    """``(path, node, kind)`` for a command and every option and choice under it."""
    here = f"{path}/{command['name']}"
    out = [(here, command, "name")]
    for option in command.get("options") or []:
        out += _nodes(option, here)
    for choice in command.get("choices") or []:
        out.append((f"{here}={choice['value']}", choice, "choice"))
    return out


async def test_localized_command_names_sync_valid_for_discord(simcord_env):
    """The payload Discord receives: every command, subcommand and option has a name and a
    description in every language; names pass Discord's rule and are lowercase; two options
    of one command never share a localized name; choices are localized unless they are codes."""
    registered = list(simcord_env.backend.commands[None].values())
    assert {c["name"] for c in registered} >= {"koikoi", "gostop", "doudizhu", "goita", "config"}
    problems = []
    for command in registered:
        for path, node, kind in _nodes(command):
            names = node.get("name_localizations") or {}
            if kind == "choice":
                if str(node["name"]) == str(node["value"]) or node["name"].isdigit():
                    continue  # a code ("seed", "12") reads the same everywhere
                if node["name"] in ENDONYMS.values():
                    continue  # a language named in itself ("日本語") for /config language
                missing = [lang for lang in LOCALIZED if not names.get(lang)]
                problems += [f"{path}: choice untranslated in {missing}"] if missing else []
                continue
            descriptions = node.get("description_localizations") or {}
            for lang in LOCALIZED:
                name = names.get(lang)
                if not name:
                    problems.append(f"{path}: no {lang} name")
                elif not NAME.match(name) or name != name.lower():
                    problems.append(f"{path}: {lang} name {name!r} is invalid for Discord")
                if not descriptions.get(lang):
                    problems.append(f"{path}: no {lang} description")
                elif len(descriptions[lang]) > 100:
                    problems.append(f"{path}: {lang} description over 100 characters")
        for path, node, _ in _nodes(command):
            siblings = [o for o in node.get("options") or [] if "name" in o]
            for lang in LOCALIZED:
                localized = [(o.get("name_localizations") or {}).get(lang, o["name"]) for o in siblings]
                if len(localized) != len(set(localized)):
                    problems.append(f"{path}: two options share a {lang} name: {sorted(localized)}")
    assert not problems, f"{len(problems)} problems, first: {problems}"
    koikoi = next(c for c in registered if c["name"] == "koikoi")
    start = next(o for o in koikoi["options"] if o["name"] == "start")
    assert start["name_localizations"]["fr"] == "commencer"


async def test_commands_sync_to_the_dev_guild_when_set(tmp_path, make_bot):
    """With DEV_GUILD_ID the commands appear in that server at once and nothing is synced globally."""
    bot = make_bot(Settings(database_path=str(tmp_path / "dev.db"), dev_guild_id=1234))
    async with simcord.run(bot, settle_timeout=SETTLE_TIMEOUT):
        guild_commands = await bot.tree.fetch_commands(guild=discord.Object(1234))
        global_commands = await bot.tree.fetch_commands()
    assert {c.name for c in guild_commands} >= {"koikoi", "leaderboard", "stats"}
    assert global_commands == []
