"""Every routed component's errors are answered in one place (``Routed.callback`` and its guard,
``Routed.interaction_check``): a rules error is the player's clear private message; anything else
is logged once, with an id, and the player gets a short apology quoting that id. Nothing is left
unanswered, and discord.py's own "Ignoring exception" log never sees it."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest

from cogs.table import play, routes
from engine.core import GameOver
from i18n import t
from tests.cogs.harness import (
    answer,
    buttons,
    game_snapshot,
    quit_match,
    setup_guild,
    start_vs_cpu,
    the_table,
)

APOLOGY = re.compile(r"^Sorry, something went wrong on our side \(error id `([0-9a-f]{8})`\)")


def _hand_button(message: Any) -> str:
    return next(b.custom_id for b in buttons(message) if (b.custom_id or "").endswith(":hand"))


def _errors(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR]


async def _broken(*args: object, **kwargs: object) -> None:
    raise RuntimeError("a bug in a handler")


async def _unexpected_click(env: Any, bot: Any, caplog: pytest.LogCaptureFixture) -> None:
    """Click **My hand** (whose handler or guard the caller broke): the apology with an error id,
    that id logged once with the traceback, the game unchanged."""
    caplog.set_level(logging.WARNING)
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(bot)
    before = await game_snapshot(bot, table)
    caplog.clear()
    board = place.last_table()
    shown = answer(await alice.click(board, custom_id=_hand_button(board)))
    found = APOLOGY.match(shown.content)
    assert shown.ephemeral and found, shown.content
    errors = _errors(caplog)
    assert len(errors) == 1, [r.getMessage() for r in errors]
    assert errors[0].getMessage() == f"interaction failed [{found[1]}]"
    assert errors[0].exc_info is not None and isinstance(errors[0].exc_info[1], RuntimeError)
    assert await game_snapshot(bot, table) == before


async def test_an_unexpected_error_in_a_click_gets_the_apology_and_is_logged_once(
    simcord_env, simcord_bot, caplog, monkeypatch
):
    monkeypatch.setattr(play, "send_hand", _broken)
    await _unexpected_click(simcord_env, simcord_bot, caplog)


async def test_an_unexpected_error_in_the_guard_is_answered_too(
    simcord_env, simcord_bot, caplog, monkeypatch
):
    """discord.py drops an error raised by ``interaction_check`` without a word: ours answers it."""
    monkeypatch.setattr(routes, "is_foreign", _broken)
    await _unexpected_click(simcord_env, simcord_bot, caplog)


async def test_a_rules_error_in_a_click_is_the_players_message_and_logs_nothing(
    simcord_env, simcord_bot, caplog, monkeypatch
):
    caplog.set_level(logging.WARNING)

    async def over(*args: object, **kwargs: object) -> None:
        raise GameOver("This game is over.", key="game_over")

    monkeypatch.setattr(play, "send_hand", over)
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    place = await start_vs_cpu(simcord_env, channel, alice, rounds=3)
    board = place.last_table()
    shown = answer(await alice.click(board, custom_id=_hand_button(board)))
    assert shown.ephemeral and shown.content == t("en", "error.game_over")
    assert not _errors(caplog), [r.getMessage() for r in _errors(caplog)]


async def test_a_routed_button_of_another_cog_gets_the_same_answer(
    simcord_env, simcord_bot, caplog, monkeypatch
):
    """**Forfeit** under ``/koikoi quit`` (the seats cog's button): a failure while forfeiting,
    after the click was deferred, still gets the apology and one logged error."""
    caplog.set_level(logging.WARNING)
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    place = await start_vs_cpu(simcord_env, channel, alice, rounds=3)
    monkeypatch.setattr(play, "forfeit_match", _broken)
    caplog.clear()
    shown = answer(await quit_match(alice, place.thread))
    found = APOLOGY.match(shown.content)
    assert shown.ephemeral and found, shown.content
    errors = _errors(caplog)
    assert [r.getMessage() for r in errors] == [f"interaction failed [{found[1]}]"]
    assert the_table(simcord_bot).status == "active"
