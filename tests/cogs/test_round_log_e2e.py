"""Issue 28, "a readable log": the board's **Log** button, through the real bot on SimCord.

"There is no log of the round: each board post keeps its last 6 lines and drops older ones
without a mark." Built: "a **Log** button shows the round's moves privately, in order, paged,
built from the public events only; the board marks elided lines with '…'." Here a spectator and a
player open the log of a running match; its pages read, in order, every line the board narrated
in the round (the board's own latest lines end it); ◀ ▶ and the round buttons page through it;
the log survives a restart (it is read from the store); the board shows "…" where it dropped
lines; a forged button is refused. The log's independence from the hidden cards is checked with
every other public payload in ``tests/cogs/test_public_differential.py``.
"""

from __future__ import annotations

from typing import Any

import store
from cogs.replay.timeline import build, round_of
from cogs.table import round_log
from cogs.table.elision import ELIDED
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    THINK_TIME,
    Place,
    answer,
    buttons,
    match_over,
    play_one_move,
    post_text,
    setup_guild,
    start_vs_cpu,
    the_table,
    wait_for_turn,
)
from tests.cogs.test_limits_e2e import FOREIGN, forge


def log_button(message: Any) -> Any:
    return next(b for b in buttons(message) if (b.custom_id or "").startswith("lg:"))


def control(message: Any, verb: str) -> Any:
    return next(b for b in buttons(message) if (b.custom_id or "").endswith(f":{verb}"))


async def open_log(actor: Any, place: Place) -> Any:
    """Click **Log** under the latest board post: the log opens privately."""
    board = place.last_table()
    shown = answer(await actor.click(board, custom_id=log_button(board).custom_id))
    assert shown.ephemeral, "the log is private to who opened it"
    return shown.message


def body(message: Any) -> list[str]:
    """A log page's lines, under its header."""
    return message.content.splitlines()[1:]


async def stored_log(bot: Any, game_id: int) -> dict[int, list[str]]:
    """The rounds' lines as the board narrates them, replayed from the store here."""
    row = await store.get_game(bot.db, game_id)
    assert row is not None
    spec = bot.tables.specs[row.game]
    timeline = build(spec, row, await store.actions_for(bot.db, game_id))
    return round_log.round_lines(spec, timeline.frames, timeline.names, "en")


def board_narration(content: str) -> list[str]:
    """The narrated lines of a board post: from its top (or the "…" mark) down to the blank line
    or the status line; the last narrated lines are those just above the status."""
    lines = content.splitlines()
    if "" in lines:  # the head, a blank line, then the latest turns
        lines = lines[lines.index("") + 1 :]
    if ELIDED in lines:
        lines = lines[lines.index(ELIDED) + 1 :]
    return lines


async def watched_goita(env: Any, bot: Any, rounds_at_least: int, moves: int = 12) -> tuple[Any, Any, Place]:
    """A CPU-only Goita match watched by its host, played ``moves`` moves into round
    ``rounds_at_least`` (or a later one)."""
    _, channel, (host, other) = setup_guild(env, "host", "other")
    await host.slash(channel, "goita start", opponent="watch", target=50)
    place = Place(channel, env)
    table = the_table(bot)
    began = None
    for _ in range(600):
        if began is None and round_of(table.spec, table.state) >= rounds_at_least:
            began = table.seq
        if began is not None and table.seq >= began + moves:
            break
        await env.advance_time(TEST_CPU_DELAY)
    assert began is not None and table.seq >= began + moves, "the match went on to a later round"
    assert not match_over(place)
    return host, other, place


async def test_the_log_reads_the_rounds_lines_in_order_in_pages(
    simcord_env: Any, simcord_bot: Any, monkeypatch: Any
) -> None:
    env, bot = simcord_env, simcord_bot
    monkeypatch.setattr(round_log, "PAGE_CHARS", 300)  # a round's lines fill several pages
    _, other, place = await watched_goita(env, bot, rounds_at_least=2)
    table = the_table(bot)
    rounds = await stored_log(bot, table.id)
    current = max(rounds)
    lines = rounds[current]
    book = round_log.pages(lines, 300)
    assert len(book) > 1, "the round's lines fill more than one page"

    message = await open_log(other, place)  # a spectator: nobody's hand, the public lines
    assert f"round {current} · page {len(book)}/{len(book)}" in message.content.splitlines()[0]
    assert body(message) == book[-1], "the board's button opens the latest page"
    assert control(message, "next").disabled and not control(message, "prev").disabled
    narrated = board_narration(post_text(place.last_table()))
    shown = [line for line in narrated if line in lines]
    assert shown and lines[-len(shown) :] == shown, "the log ends with the board's latest lines"

    read: list[list[str]] = [body(message)]
    while not control(message, "prev").disabled:
        message = answer(await other.click(message, custom_id=control(message, "prev").custom_id)).message
        read.insert(0, body(message))
    assert [line for page in read for line in page] == lines, "every line of the round, in order"
    assert all(len("\n".join(page)) <= 300 for page in read)
    message = answer(await other.click(message, custom_id=control(message, "next").custom_id)).message
    assert body(message) == book[1], "▶ turns to the next page"

    earlier = answer(await other.click(message, custom_id=control(message, "rprev").custom_id)).message
    assert f"round {current - 1} · page 1/" in earlier.content.splitlines()[0]
    assert body(earlier) == round_log.pages(rounds[current - 1], 300)[0], "⏪ reads the round before"


async def test_a_player_reads_the_same_log_after_a_restart(
    simcord_env: Any, simcord_bot: Any, settings: Any, make_bot: Any
) -> None:
    """A seated player presses **Log** too; the log is read from the store, so a restarted bot
    (nothing of the match in memory but what it reads back) shows the same lines, and the
    buttons of a log opened before the restart still work."""
    env, bot = simcord_env, simcord_bot
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    for _ in range(3):
        await wait_for_turn(env, place, alice)
        await play_one_move(alice, place)
        await env.advance_time(THINK_TIME)
    table = the_table(bot)
    rounds = await stored_log(bot, table.id)
    opened = await open_log(alice, place)
    assert body(opened) == rounds[1], "the round so far, every line, in order"
    assert any("alice" in line for line in body(opened)) and any("CPU" in line for line in body(opened))

    await env.restart_bot(make_bot(settings))
    after = await open_log(alice, place)
    assert body(after) == rounds[1], "the restarted bot shows the same log"
    again = answer(await alice.click(opened, custom_id=control(opened, "latest").custom_id)).message
    assert body(again) == rounds[1], "a log opened before the restart still pages"


async def test_a_forged_log_button_is_refused_or_clamped(simcord_env: Any, simcord_bot: Any) -> None:
    """Another table's log (a custom_id can be forged) is refused as a foreign button; a round or
    page the match does not have is clamped to it (out-of-range ids: ``test_ids_e2e``)."""
    env, bot = simcord_env, simcord_bot
    _, other, place = await watched_goita(env, bot, rounds_at_least=1)
    table = the_table(bot)
    board = place.last_table()
    refused = answer(await forge(other, board, f"lg:{table.id + 1}:0:0:open"))
    assert refused.ephemeral and FOREIGN in refused.content, refused.content
    page = await open_log(other, place)
    far = answer(await forge(other, page, f"lg:{table.id}:99:99:next")).message
    assert body(far) == body(page), "a round or page the match does not have: the latest page"


def sections(content: str) -> tuple[list[str], list[str]]:
    """A board post's head (its opening lines) and its latest lines, mark included, above the
    status line (the two are parted by a blank line; the status and the turn close the post)."""
    lines = content.splitlines()
    if "" not in lines:  # no turn narrated on it yet
        return lines[:-2], []
    return lines[: lines.index("")], lines[lines.index("") + 1 : -2]


def ends_at(log: list[str], run: list[str]) -> int:
    """Where ``run`` ends in ``log``: at its end, or a move before (a seat that acts again at once
    gets one post per turn: its first move waits in the log)."""
    for end in range(len(log), max(len(log) - 3, len(run) - 1), -1):
        if log[end - len(run) : end] == run:
            return end
    raise AssertionError(f"the board's lines are not the log's latest: {run}")


async def test_the_board_marks_dropped_lines_exactly(simcord_env: Any, simcord_bot: Any) -> None:
    """A board post keeps its opening lines and its latest 6; an "…" line on top of the latest
    says lines were dropped between the two, exactly when some were (read in the log). Round 1
    of a CPU-only Goita match, seen after every turn."""
    env, bot = simcord_env, simcord_bot
    _, _, place = await watched_goita(env, bot, rounds_at_least=1, moves=1)
    table = the_table(bot)
    marked = unmarked = 0
    while round_of(table.spec, table.state) == 1 and marked + unmarked < 60:
        head, recent = sections(post_text(place.last_table()))
        log = [line for lines in (await stored_log(bot, table.id)).values() for line in lines]
        shown = [line for line in recent if line != ELIDED]
        if shown:
            start = ends_at(log, shown) - len(shown)
            dropped = log[start - 1] != head[-1]  # the line before the latest is not the head's last
            assert (ELIDED in recent) == dropped, (head, recent, log[max(0, start - 3) : start])
            assert ELIDED not in recent or recent.index(ELIDED) == 0, "the mark tops the latest lines"
            marked, unmarked = marked + dropped, unmarked + (not dropped)
        await env.advance_time(TEST_CPU_DELAY)
    assert marked and unmarked, "both were seen"
