"""Issue 18, replays: ``/replay`` and the results post's **Replay** button, for every game.

Each game plays one short CPU match through the real table flow; then a watcher opens its replay,
steps through every move with ▶ (the last frame shows the stored results and says the replay
reached them), ``/verify`` passes, and the ``/export`` record replays offline to the same scores.
Refusals, comments and the animated round have their own tests.
"""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image, WebPImagePlugin

import store
from i18n import number
from store.comments import comments_for
from tests.cogs.harness import TEST_CPU_DELAY, THINK_TIME, Place, answer, buttons, match_over, setup_guild
from tsuki import replay as offline

# Drawing a whole round as one animated image is the heaviest single action (over 20 s with both
# cores busy); no table runs in that test, so no CPU pause is turned into real time by the room.
ANIMATION_SETTLE = 300.0

# (start command, options): the shortest match of each game that the table flow plays.
MATCHES: dict[str, tuple[str, dict[str, Any]]] = {
    "koikoi": ("koikoi start", {"opponent": "watch", "options": "rounds=1"}),
    "roppyakken": ("roppyakken start", {"opponent": "watch", "options": "target=50"}),
    "gostop": ("gostop start", {"opponent": "watch", "options": "rounds=1"}),
    "doudizhu": ("doudizhu start", {"opponent": "watch", "deals": 1}),
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
        assert f"{names[r.seat]} **{number('en', r.points)}**" in message.content, message.content
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

    tampered = next(a for a in actions if a.action != actions[-1].action)
    async with simcord_bot.db.transaction() as conn:  # someone edits the stored log
        await conn.execute(
            "UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
            (actions[-1].action, game_id, tampered.seq),
        )
    refuted = answer(await other.slash(place.thread, "verify", game=game_id)).content
    assert refuted.startswith("❌") and "checks out (" not in refuted, refuted


async def stored_match(
    bot: Any,
    guild: Any,
    channel: Any,
    game: str,
    players: list[Any],
    *,
    options: dict[str, Any] | None = None,
) -> int:
    """A finished match of ``game`` stored as the table flow stores one (moves, then results),
    its moves random legal ones; ``players`` sit first (a ``None`` is a CPU seat)."""
    spec = bot.tables.specs[game]
    engine = spec.engine
    rules = engine.rules_from(None, options or None)
    seed = 4242
    host = next(p for p in players if p is not None)
    row = await store.create_game(bot.db, guild.id, channel.id, game, rules.to_dict(), seed, host.id)
    seats = [
        (i, None if p is None else p.id, f"CPU {i + 1}" if p is None else p.name)
        for i, p in enumerate(players)
    ]
    await store.start_game(bot.db, row.id, seed=seed, seats=seats)
    state, _ = engine.begin(len(players), rules, seed)
    rng = random.Random(seed)
    seq = 0
    while engine.outcome(state) is None:
        action = rng.choice(engine.legal_actions(state))
        await store.append_action(bot.db, row.id, seq, engine.to_act(state), str(action))
        state, _ = engine.apply(state, action)
        seq += 1
    outcome = engine.outcome(state)
    assert outcome is not None
    await store.finish_with_results(bot.db, row.id, spec.results(outcome, engine.view(state, None)))
    return row.id


def comment_lines(message: Any) -> list[str]:
    return [line for line in message.content.splitlines() if line.startswith("💬")]


async def test_players_comment_on_a_move_and_everyone_sees_it(simcord_env: Any, simcord_bot: Any) -> None:
    guild, channel, (alice, bob) = setup_guild(simcord_env, "alice", "bob")
    game_id = await stored_match(simcord_bot, guild, channel, "koikoi", [alice, None], options={"rounds": 1})

    opened = await alice.slash(channel, "replay", game=str(game_id))
    message = answer(opened).message
    assert answer(opened).ephemeral and position(message)[0] == 0
    for _ in range(2):
        message = answer(await alice.click(message, custom_id=control(message, "next").custom_id)).message
    assert position(message)[0] == 2 and not comment_lines(message)

    form = await alice.click(message, custom_id=control(message, "note").custom_id)
    assert form.modal is not None
    sent = await alice.submit_modal(form, {"comment": "Why I took the crane here"})
    shown = answer(sent).message
    assert position(shown)[0] == 2
    assert comment_lines(shown) == ["💬 **alice**: Why I took the crane here"]

    seen = answer(await bob.slash(channel, "replay", game=str(game_id))).message
    assert not comment_lines(seen), "a comment shows on its move only"
    menu = next(b for b in buttons(seen) if (b.custom_id or "").endswith(":move"))
    marked = [o.value for o in menu.options if str(o.emoji or "") == "💬"]
    assert marked == ["2"], "the move list marks commented moves"
    moved = answer(await bob.select(seen, ["2"], custom_id=menu.custom_id)).message
    assert position(moved)[0] == 2 and comment_lines(moved) == ["💬 **alice**: Why I took the crane here"]

    refused = await bob.click(moved, custom_id=control(moved, "note").custom_id)
    assert refused.ephemeral and "Only the players" in refused.response.content
    assert [c.body for c in await comments_for(simcord_bot.db, game_id)] == ["Why I took the crane here"]


async def test_refusals_running_foreign_unknown_and_none_yet(simcord_env: Any, simcord_bot: Any) -> None:
    _, channel, (host,) = setup_guild(simcord_env, "host")
    nothing = await host.slash(channel, "replay")
    assert nothing.ephemeral and "No match has finished" in nothing.response.content

    await host.slash(channel, "doudizhu start", opponent="watch", deals=1)
    (running,) = simcord_bot.tables.tables
    live = await host.slash(channel, "replay", game=str(running))
    assert live.ephemeral and "still being played" in live.response.content, live.response.content

    other = simcord_env.create_guild(name="elsewhere")
    there = other.create_text_channel("cards")
    stranger = other.add_member(simcord_env.create_user("stranger"))
    foreign = await stranger.slash(there, "replay", game=str(running))
    assert foreign.ephemeral and f"no match #{running} on this server" in foreign.response.content

    for typed in ("abc", "99999", "9" * 30):
        bad = await host.slash(channel, "replay", game=typed)
        said = bad.response.content
        assert bad.ephemeral and ("There is no match #" in said or "is not a match number" in said), said


@pytest.mark.simcord(settle_timeout=ANIMATION_SETTLE)
async def test_the_round_animation_fits_the_upload_limit(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild, channel, (alice,) = setup_guild(simcord_env, "alice")
    game_id = await stored_match(simcord_bot, guild, channel, "koikoi", [alice, None], options={"rounds": 1})
    limit = 400_000
    reads = discord.Interaction._from_data

    def small_server(self: Any, data: Any) -> None:  # Discord reports this server's upload limit
        payload: Any = {**data, "attachment_size_limit": limit}
        reads(self, payload)

    monkeypatch.setattr(discord.Interaction, "_from_data", small_server)
    message = answer(await alice.slash(channel, "replay", game=str(game_id))).message
    result = await alice.click(message, custom_id=control(message, "anim").custom_id)
    shown = answer(result)
    assert shown.ephemeral
    (attachment,) = shown.attachments
    data = await attachment.read()
    assert attachment.filename.endswith(".webp") and len(data) <= limit - 64 * 1024
    picture = Image.open(io.BytesIO(data))
    actions = await store.actions_for(simcord_bot.db, game_id)
    assert isinstance(picture, WebPImagePlugin.WebPImageFile)
    assert picture.format == "WEBP" and picture.is_animated and picture.n_frames > 2
    assert picture.n_frames <= len(actions) + 1


async def test_the_memory_mode_verifies_exports_and_replays(
    simcord_env: Any, simcord_bot: Any, tmp_path: Path
) -> None:
    """The memory mode has no CPU: alice plays it alone with ``/move`` (her first legal move)."""
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    await alice.slash(channel, "goita solo")
    (table,) = simcord_bot.tables.tables.values()
    place = Place(channel, simcord_env)
    for _ in range(300):
        if table.status != "active":
            break
        await alice.slash(place.thread, "move", action=str(table.view(0).legal_actions[0]))
        await simcord_env.advance_time(THINK_TIME)
    assert match_over(place)
    game_id = table.id
    actions = await store.actions_for(simcord_bot.db, game_id)
    (result,) = await store.results_for(simcord_bot.db, game_id)

    verified = await alice.slash(place.thread, "verify", game=game_id)
    assert "every deal and every move checks out" in answer(verified).content
    exported = await alice.slash(place.thread, "export", game=game_id)
    (attachment,) = exported.response.attachments
    path = tmp_path / attachment.filename
    path.write_bytes(await attachment.read())
    assert offline.main([str(path)]) == 0

    message = answer(await alice.slash(channel, "replay")).message  # "last": her last match
    assert position(message) == (0, len(actions))
    message = answer(await alice.click(message, custom_id=control(message, "last").custom_id)).message
    assert (
        position(message) == (len(actions), len(actions)) and "✅ Replayed from its seed" in message.content
    )
    assert f"alice **{number('en', result.points)}**" in message.content


async def test_replay_buttons_work_after_a_restart(
    simcord_env: Any, simcord_bot: Any, settings: Any, make_bot: Any
) -> None:
    guild, channel, (alice,) = setup_guild(simcord_env, "alice")
    game_id = await stored_match(simcord_bot, guild, channel, "koikoi", [alice, None], options={"rounds": 1})
    message = answer(await alice.slash(channel, "replay", game=str(game_id))).message
    message = answer(await alice.click(message, custom_id=control(message, "next").custom_id)).message
    assert position(message)[0] == 1

    await simcord_env.restart_bot(make_bot(settings))  # a new process: no cache, no registered view
    message = answer(await alice.click(message, custom_id=control(message, "next").custom_id)).message
    assert position(message)[0] == 2, "the buttons of a replay opened before the restart still work"


async def test_jump_to_a_round_and_page_through_its_moves(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    guild, channel, (alice,) = setup_guild(simcord_env, "alice")
    game_id = await stored_match(simcord_bot, guild, channel, "koikoi", [alice, None], options={"rounds": 3})
    spec, owners = simcord_bot.tables.specs["koikoi"], []
    real_hand = spec.render_hand

    def render_hand(view: Any, locale: str, owner: str | None = None) -> bytes:
        owners.append(owner)
        return real_hand(view, locale, owner=owner)

    monkeypatch.setattr(spec, "render_hand", render_hand)
    message = answer(await alice.slash(channel, "replay", game=str(game_id))).message
    assert owners == ["alice", "CPU 2"], "each strip is drawn for an onlooker, named for its seat"
    rounds = next(b for b in buttons(message) if (b.custom_id or "").endswith(":round"))
    assert [o.label for o in rounds.options] == ["Round 1", "Round 2", "Round 3"]
    second = rounds.options[1].value
    jumped = answer(await alice.select(message, [second], custom_id=rounds.custom_id)).message
    assert position(jumped)[0] == int(second) and "round 2" in jumped.content.splitlines()[0]
    moves = next(b for b in buttons(jumped) if (b.custom_id or "").endswith(":move"))
    assert len(moves.options) <= 25 and moves.options[0].value == second, "the menu lists round 2's moves"
    assert all(o.label.split(".")[0].isdigit() for o in moves.options)
    back = answer(await alice.click(jumped, custom_id=control(jumped, "prev").custom_id)).message
    assert position(back)[0] == int(second) - 1 and "round 1" in back.content.splitlines()[0]
