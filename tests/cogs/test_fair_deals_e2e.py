"""Issue 18, provably fair deals and export: the sealed deal in the first post, its reveal in the
results, ``/verify`` against the channel's post, and the ``/export`` record replayed offline."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import store
from tests.cogs.harness import TEST_CPU_DELAY, Place, answer, match_over, post_text, setup_guild
from tsuki import replay

START = "doudizhu start"
SEALED = re.compile(r"`#(?P<game>\d+) sha256:(?P<digest>[0-9a-f]{64})`")
REVEALED = re.compile(r"seed `(?P<seed>\d+)`, salt `(?P<salt>[0-9a-f]{32})`")


async def finished_match(env: Any, bot: Any) -> tuple[Any, Place, int]:
    """A one-hand Dou Dizhu match of three CPUs, watched by its host, played to its results."""
    _, channel, (host,) = setup_guild(env, "host")
    await host.slash(channel, START, deals=1, opponent="watch")
    (game_id,) = bot.tables.tables
    place = Place(channel, env)
    for _ in range(200):
        if place.table_messages() and match_over(place):
            break
        await env.advance_time(TEST_CPU_DELAY)
    assert match_over(place), "the match ended"
    row = await store.get_game(bot.db, game_id)
    assert row is not None and row.status == "finished"
    return host, place, game_id


def own_posts(place: Place, bot: Any) -> list[Any]:
    return [m for m in place.messages() if m.author.id == bot.user.id]


async def test_the_first_post_seals_the_deal_and_the_results_post_reveals_it(simcord_env, simcord_bot):
    _, place, game_id = await finished_match(simcord_env, simcord_bot)
    posts = own_posts(place, simcord_bot)
    sealed = SEALED.search(post_text(posts[0]))
    assert sealed is not None and int(sealed["game"]) == game_id, post_text(posts[0])
    assert not any(SEALED.search(post_text(m)) for m in posts[1:]), "sealed once, in the first post"
    revealed = REVEALED.search(post_text(place.last_table()))
    assert revealed is not None, post_text(place.last_table())
    assert not any(REVEALED.search(post_text(m)) for m in posts[:-1]), "revealed only at the end"
    row = await store.get_game(simcord_bot.db, game_id)
    assert row is not None and int(revealed["seed"]) == row.seed
    assert revealed["salt"] == await store.salt_for(simcord_bot.db, game_id)
    digest = hashlib.sha256(f"{revealed['seed']}:{revealed['salt']}".encode()).hexdigest()
    assert sealed["digest"] == digest


async def test_verify_passes_on_a_finished_match_and_fails_on_a_tampered_log(simcord_env, simcord_bot):
    host, place, game_id = await finished_match(simcord_env, simcord_bot)
    checked = await host.slash(place.thread, "verify", game=game_id)
    text = answer(checked).content
    assert "every deal and every move checks out" in text, text

    actions = await store.actions_for(simcord_bot.db, game_id)
    tampered = next(a for a in actions if a.action != actions[-1].action)
    async with simcord_bot.db.transaction() as conn:  # someone edits the stored log
        await conn.execute(
            "UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
            (actions[-1].action, game_id, tampered.seq),
        )
    checked = await host.slash(place.thread, "verify", game=game_id)
    text = answer(checked).content
    assert "checks out" not in text.split(":", 1)[0] and text.startswith("❌"), text
    assert f"move {tampered.seq} " in text or "replay gives" in text, text


async def test_verify_reads_the_seal_from_the_channel_not_the_database(simcord_env, simcord_bot):
    """The seed stored after the match differs from the sealed one: the posted hash gives it away."""
    host, place, game_id = await finished_match(simcord_env, simcord_bot)
    async with simcord_bot.db.transaction() as conn:
        await conn.execute("UPDATE games SET seed = seed + 1 WHERE id = ?", (game_id,))
    checked = await host.slash(place.thread, "verify", game=game_id)
    text = answer(checked).content
    assert text.startswith("❌") and "not the deal that was sealed" in text, text


async def test_verify_and_export_refuse_a_running_match(simcord_env, simcord_bot):
    _, channel, (host,) = setup_guild(simcord_env, "host")
    await host.slash(channel, START, deals=1, opponent="watch")
    (game_id,) = simcord_bot.tables.tables
    for command in ("verify", "export"):
        refused = await host.slash(channel, command, game=game_id)
        assert refused.ephemeral and "not over" in refused.response.content, refused


async def test_the_exported_record_replays_offline_to_the_same_scores(
    simcord_env, simcord_bot, tmp_path: Path, capsys: Any
):
    host, place, game_id = await finished_match(simcord_env, simcord_bot)
    exported = await host.slash(place.thread, "export", game=game_id)
    assert exported.ephemeral
    (attachment,) = exported.response.attachments
    data = await attachment.read()
    record = json.loads(data)
    stored = await store.actions_for(simcord_bot.db, game_id)
    assert [a["action"] for a in record["actions"]] == [a.action for a in stored]
    assert record["salt"] == await store.salt_for(simcord_bot.db, game_id)
    path = tmp_path / attachment.filename
    path.write_bytes(data)

    assert replay.main([str(path)]) == 0
    printed = capsys.readouterr().out
    results = await store.results_for(simcord_bot.db, game_id)
    for result in results:
        name = record["players"][result.seat]["name"]
        assert f"seat {result.seat} {name}: {result.points}" in printed, printed
    assert "the replay matches the recorded results" in printed
    assert record["commitment"] in printed

    record["actions"][-1]["action"] = record["actions"][0]["action"]  # a forged last move
    path.write_text(json.dumps(record), encoding="utf-8")
    assert replay.main([str(path)]) == 1
    assert "MISMATCH" in capsys.readouterr().out
