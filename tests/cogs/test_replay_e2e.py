"""Issue 18, replays: ``/replay`` and the results post's **Replay** button, for every game.

Each game plays one short CPU match through the real table flow; then a watcher opens its replay,
steps through every move with ▶ (the last frame shows the stored results and says the replay
reached them), ``/verify`` passes, and the ``/export`` record replays offline to the same scores.
Refusals, comments and the animated round have their own tests.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image

import store
from tests.cogs.harness import TEST_CPU_DELAY, Place, answer, buttons, match_over, setup_guild
from tsuki import replay as offline

# (start command, options): the shortest match of each game that the table flow plays.
MATCHES: dict[str, tuple[str, dict[str, Any]]] = {
    "koikoi": ("koikoi start", {"opponent": "watch", "options": "rounds=1"}),
    "roppyakken": ("roppyakken start", {"opponent": "watch", "options": "target=50"}),
    "gostop": ("gostop start", {"opponent": "watch", "options": "rounds=1"}),
    "doudizhu": ("doudizhu start", {"opponent": "watch", "hands": 1}),
    "goita": ("goita start", {"opponent": "watch", "target": 1}),
}
HEADER = re.compile(r"move (?P<n>\d+)/(?P<total>\d+)")


async def cpu_match(env: Any, bot: Any, game: str) -> tuple[Any, Any, Place, int]:
    """A CPU-only match of ``game``, watched by its host, played to its results post."""
    _, channel, (host, other) = setup_guild(env, "host", "other")
    command, options = MATCHES[game]
    await host.slash(channel, command, **options)
    (game_id,) = bot.tables.tables
    place = Place(channel, env)
    for _ in range(3000):
        if place.table_messages() and match_over(place):
            break
        await env.advance_time(TEST_CPU_DELAY)
    assert match_over(place), "the match ended"
    return host, other, place, game_id


def replay_button(message: Any) -> Any:
    return next(b for b in buttons(message) if (b.custom_id or "").startswith("rp:"))


def control(message: Any, verb: str) -> Any:
    return next(b for b in buttons(message) if (b.custom_id or "").endswith(f":{verb}"))


def position(message: Any) -> tuple[int, int]:
    found = HEADER.search(message.content)
    assert found is not None, message.content
    return int(found["n"]), int(found["total"])


async def open_replay(actor: Any, place: Place) -> Any:
    """Click **Replay** under the results post: the replay opens privately."""
    result = await actor.click(place.last_table(), custom_id=replay_button(place.last_table()).custom_id)
    shown = answer(result)
    assert shown.ephemeral, "a replay is private to who opened it"
    return shown.message


@pytest.mark.parametrize("game", list(MATCHES))
async def test_a_replay_steps_through_every_move_to_the_stored_result(
    simcord_env: Any, simcord_bot: Any, game: str, tmp_path: Path
) -> None:
    _, other, place, game_id = await cpu_match(simcord_env, simcord_bot, game)
    actions = await store.actions_for(simcord_bot.db, game_id)
    results = await store.results_for(simcord_bot.db, game_id)
    row = await store.get_game(simcord_bot.db, game_id)
    assert row is not None
    names = [s.display_name for s in row.seats]

    message = await open_replay(other, place)
    assert position(message) == (0, len(actions))
    assert any(a.filename.endswith(".png") for a in message.attachments)
    seen = 0
    while position(message)[0] < len(actions):
        result = await other.click(message, custom_id=control(message, "next").custom_id)
        message = answer(result).message if answer(result) is not None else message
        n, _ = position(message)
        assert n == seen + 1, "▶ shows the next move"
        seen = n
        move = actions[n - 1]
        name = names[move.seat]
        assert f"**{name}: " in message.content, message.content
    assert control(message, "next").disabled
    for r in results:
        assert f"{names[r.seat]} **{r.points}**" in message.content, message.content
    assert "✅ Replayed from its seed" in message.content

    verified = await other.slash(place.thread, "verify", game=game_id)
    assert "every deal and every move checks out" in answer(verified).content

    exported = await other.slash(place.thread, "export", game=game_id)
    (attachment,) = exported.response.attachments
    path = tmp_path / attachment.filename
    path.write_bytes(await attachment.read())
    assert offline.main([str(path)]) == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    lines, ok = offline.replay(record)
    assert ok
    for r in results:
        assert any(line.startswith(f"  seat {r.seat} ") and f": {r.points}" in line for line in lines), lines
