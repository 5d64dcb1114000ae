"""Numbers no id of ours reaches (``2**63`` and up) in a custom_id or a command option are
refused like any foreign button or unknown match: a clear private message, nothing changes and
nothing is logged as an error (they used to reach the store: "Sorry, something went wrong" and
an ``OverflowError`` traceback)."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import pytest

from cogs.table.ids import MAX_ID, custom_id_fits, is_stored_id
from tests.cogs.harness import answer, game_snapshot, setup_guild, start_vs_cpu, the_table
from tests.cogs.test_limits_e2e import FOREIGN, forge

OUT = (MAX_ID + 1, 10**30)


@pytest.fixture(autouse=True)
def no_errors(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    caplog.set_level(logging.WARNING)
    yield
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not failures, [r.getMessage() for r in failures]


def test_the_range_is_that_of_a_stored_id():
    assert is_stored_id(0) and is_stored_id(MAX_ID) and is_stored_id(1_456_074_443_980_800_027)
    assert not is_stored_id(MAX_ID + 1) and not is_stored_id(-1)
    assert custom_id_fits(f"sv:12:1:{MAX_ID}:0") and custom_id_fits("a:3:14:1a.2")
    assert not custom_id_fits(f"t:3:{MAX_ID + 1}:hand") and not custom_id_fits(f"rp:koikoi:t{10**30}:rules")


def forged_ids(big: int, game: int) -> list[str]:
    """One custom_id of every kind the bot routes, with ``big`` where a number goes."""
    return [
        f"l:{big}:join",
        f"t:{big}:0:hand",
        f"t:{game}:{big}:hand",
        f"a:{big}:0:1a",
        f"a:{game}:{big}:1a",
        f"p:{big}:0",
        f"w:{big}:watch",
        f"rp:{big}:0:open",
        f"rp:{game}:{big}:next",
        f"sv:{big}:0:0:0",
        f"sv:{game}:0:{big}:0",
        f"he:{big}:yes",
        f"qf:{big}:yes",
        f"lt:{big}:0:skip",
        f"rp:koikoi:t{big}:rules",
        f"lg:{big}:0:0:open",
        f"lg:{game}:{big}:0:next",
        f"lg:{game}:0:{big}:next",
    ]


async def test_a_forged_button_with_an_id_out_of_range_is_foreign(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    before = await game_snapshot(simcord_bot, table)
    board = place.last_table()
    for big in OUT:
        for custom_id in forged_ids(big, table.id):
            shown = answer(await forge(alice, board, custom_id))
            assert shown.ephemeral and shown.content.startswith(FOREIGN), custom_id
    assert await game_snapshot(simcord_bot, table) == before


async def test_a_match_number_out_of_range_is_an_unknown_match(simcord_env, simcord_bot):
    """A typed number: ``/replay game:`` is text (any length); the integer options of ``/verify``,
    ``/export`` and ``/watch`` are bounded by Discord (±2**53), negative ones included."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    asked = [await alice.slash(channel, "replay", game=str(big)) for big in OUT]
    for number in (-1, 2**53 - 1):
        for command in ("verify", "export", "watch"):
            asked.append(await alice.slash(channel, command, game=number))
    for result in asked:
        shown = answer(result)
        assert shown.ephemeral and re.search(r"no (running )?match #", shown.content), shown.content
