"""The command translator: Discord's name rule, and what it does with a text that breaks it."""

from __future__ import annotations

import discord
import pytest
import regex
from discord import app_commands
from hypothesis import given
from hypothesis import strategies as st

import i18n
from cogs import translator
from cogs.translator import TsukiTranslator, valid_name
from tests.typed import unchecked

DISCORD_NAME = regex.compile(r"^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
Location = app_commands.TranslationContextLocation


def discord_accepts(name: str) -> bool:
    """Discord's documented rule: the pattern, and lowercase where the script has case."""
    return DISCORD_NAME.match(name) is not None and name == name.lower()


@pytest.mark.parametrize(
    "name",
    [
        "commencer",
        "règles",
        "開始",
        "ルール",
        "시작",
        "규칙",
        "开始",
        "開局",
        "नया",
        "เริ่ม",
        "a-b_c'd",
        "x" * 32,
    ],
)
def test_names_discord_accepts(name: str) -> None:
    assert discord_accepts(name) and valid_name(name)


@pytest.mark.parametrize("name", ["", "Start", "two words", "x" * 33, "a/b", "점수!", "🎴", "a.b"])
def test_names_discord_refuses(name: str) -> None:
    assert not discord_accepts(name) and not valid_name(name)


@given(st.text(max_size=40))
def test_valid_name_agrees_with_discords_pattern(name: str) -> None:
    # \p{sc=Deva}/\p{sc=Thai} also admit their scripts' punctuation (danda, etc.); ours admits the
    # letters, digits and combining marks of those scripts, a subset: never more than Discord.
    if valid_name(name):
        assert discord_accepts(name)


async def _translate(text: str, locale: discord.Locale, location: Location) -> str | None:
    # A stand-in: a context without the command it belongs to (the translator reads the location).
    context = unchecked(app_commands.TranslationContext)(location=location, data=None)
    return await TsukiTranslator().translate(app_commands.locale_str(text), locale, context)


async def test_every_language_and_english_needs_none() -> None:
    assert await _translate("start", discord.Locale.french, Location.command_name) == "commencer"
    for locale in (
        discord.Locale.japanese,
        discord.Locale.korean,
        discord.Locale.chinese,
        discord.Locale.taiwan_chinese,
    ):
        expected = i18n.table(i18n.normalize(locale)).get("cmd.start")
        assert expected and await _translate("start", locale, Location.command_name) == expected
    assert await _translate("start", discord.Locale.american_english, Location.command_name) is None
    assert await _translate("start", discord.Locale.german, Location.command_name) is None  # falls back
    assert await _translate("no such text", discord.Locale.french, Location.command_name) is None


async def test_an_invalid_name_or_a_long_text_is_dropped_not_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    """One bad localization would make Discord reject the whole command sync."""
    fake = {"cmd.start": "Two Words", "cmd.Long": "x" * 101, "cmd.ok": "bien"}
    monkeypatch.setattr(translator, "table", lambda lang: fake)
    assert await _translate("start", discord.Locale.french, Location.command_name) is None
    assert await _translate("start", discord.Locale.french, Location.command_description) == "Two Words"
    assert await _translate("Long", discord.Locale.french, Location.parameter_description) is None
    assert await _translate("ok", discord.Locale.french, Location.parameter_name) == "bien"
