"""The rating commands speak the reader's language through SimCord, cards included.

``/leaderboard``, ``/stats`` and ``/history`` answer publicly: their words, their alt texts and their
cards (each text drawn in the language's regional face) are in the server's language, or the one
``/config language`` chose; refusals and ``/profile`` answer the caller alone, in their own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageFont

import store
from cogs.config_locale import SETTING
from tests.cogs.harness import answer, setup_guild
from tests.cogs.test_locale_e2e import _patch_locales
from tests.cogs.test_rating_cards_e2e import finished, png_of
from tests.render.text_spy import texts_drawn

HANGUL = re.compile(r"[\uac00-\ud7a3]")
KANA = re.compile(r"[\u3040-\u30ff]")


@pytest.fixture
def faces() -> Iterator[list[tuple[str, str]]]:
    """``(text, regional face)`` of every text drawn while the test runs."""
    drawn: list[tuple[str, str]] = []

    def keep(text: str, f: Any, _fill: Any) -> None:
        if isinstance(f, ImageFont.FreeTypeFont):
            drawn.append((text, (f.getname()[0] or "").removeprefix("Noto Sans CJK ")))

    with texts_drawn(keep):
        yield drawn


async def test_a_korean_reader_in_a_japanese_server(simcord_env, simcord_bot, monkeypatch, faces):
    locales = _patch_locales(monkeypatch)
    guild, channel, (aki, minjun) = setup_guild(simcord_env, "aki", "minjun")
    locales.guilds[guild.id] = "ja"
    locales.users[minjun.id] = "ko"
    for _ in range(2):
        await finished(simcord_bot, guild, channel, "koikoi", [aki, minjun], [7, 1])

    board = await minjun.slash(channel, "leaderboard", game="koikoi")
    shown = answer(board)
    assert not board.ephemeral, "a public answer"
    embed = shown.embeds[0]
    assert "ランキング" in embed.title and KANA.search(embed.description)
    assert not HANGUL.search(embed.title + embed.description), "the server's language, not the caller's"
    alt = next(a for a in shown.attachments if a.filename == "leaderboard.png").description
    assert alt and KANA.search(alt), "the screen reader's text too"
    png = await png_of(shown, "leaderboard.png")
    assert png.startswith(b"\x89PNG") and len(png) <= 80 * 1024
    drawn = {text for text, _ in faces}
    assert {"順位", "プレイヤー", "レート", "対局", "勝率"} <= drawn, "the card's words"
    assert {face for _, face in faces} == {"JP"}, "drawn in the Japanese face"

    refused = await minjun.slash(channel, "leaderboard", game="koikoi", scope="global", season=1)
    assert refused.ephemeral and HANGUL.search(refused.response.content), "a refusal: the caller's own"

    faces.clear()
    stats = answer(await minjun.slash(channel, "stats", user=aki))
    assert "の成績" in stats.embeds[0].title and not HANGUL.search(stats.embeds[0].fields[0].value)
    assert KANA.search(next(a for a in stats.attachments if a.filename == "stats-koikoi.png").description)
    assert "レート" in {text for text, _ in faces} and {face for _, face in faces} == {"JP"}
    history = answer(await minjun.slash(channel, "history"))
    assert KANA.search(history.embeds[0].title) and "負け" in history.embeds[0].description

    private = await minjun.slash(channel, "profile", public=True)
    assert private.ephemeral and HANGUL.search(private.response.content), "only the caller sees it"


@pytest.mark.parametrize(("chosen", "face", "header"), [("zh-TW", "TC", "排名"), ("ko", "KR", "순위")])
async def test_config_language_picks_the_boards_language_and_face(
    simcord_env, simcord_bot, monkeypatch, faces, chosen, face, header
):
    locales = _patch_locales(monkeypatch)
    guild, channel, (aki, ben) = setup_guild(simcord_env, "aki", "ben")
    locales.guilds[guild.id] = "ja"
    await store.set_guild_setting(simcord_bot.db, guild.id, SETTING, chosen)
    await finished(simcord_bot, guild, channel, "koikoi", [aki, ben], [7, 1])
    shown = answer(await ben.slash(channel, "leaderboard", game="koikoi"))
    assert not KANA.search(shown.embeds[0].title)
    assert header in {text for text, _ in faces}
    assert {f for _, f in faces} == {face}
