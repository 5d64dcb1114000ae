"""Roppyakken end to end: real cogs, real store and renderer, on SimCord's simulated Discord.

Matches are played to 300 (preset ``sanbyakuken``) on fixed deals so that they last one or two
rounds; situations a test needs (the Gaji with several prey) are found by searching seeds with
the engine itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import store
from cogs.roppyakken.spec import SPEC
from engine.hanafuda import roppyakken as rk
from engine.hanafuda.cards import card
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    Place,
    answer,
    fix_seed,
    game_snapshot,
    is_turn_of,
    keep_stale,
    match_over,
    open_hand,
    play_match,
    play_one_move,
    post_text,
    rules_options,
    setup_guild,
    start_vs_cpu,
    step_buttons,
    the_table,
)

START = "roppyakken start"
SHORT = rk.rules_from("sanbyakuken")
GAJI = card("11a")


def first_seed(found: Callable[[rk.RoppyakkenView], bool], seats: int = 2) -> int:
    """A seed whose opening position has seat 0 (the host) to act and satisfies ``found``."""
    for seed in range(1, 5000):
        state, _ = rk.ENGINE.begin(seats, SHORT, seed)
        if rk.to_act(state) == 0 and found(rk.view(state, 0)):
            return seed
    raise AssertionError("no such deal")


def gaji_choice(view: rk.RoppyakkenView) -> bool:
    return sum(isinstance(a, rk.Play) and a.card == GAJI for a in view.legal_actions) >= 2


async def wait_to_play_a_card(env: Any, place: Place, who: Any, table: Any, seat: int) -> None:
    """Let the CPUs move (and finish ``who``'s pending draw choice) until ``who`` plays a card."""
    for _ in range(50):
        if is_turn_of(who, place):
            if table.view(seat).phase is rk.Phase.PLAY:
                return
            await play_one_move(who, place)
        else:
            await env.advance_time(TEST_CPU_DELAY)
    raise AssertionError("never our turn")


# --- whole matches ----------------------------------------------------------------------------


async def test_human_plays_a_two_player_match_against_the_cpu_to_the_end(
    simcord_env, simcord_bot, monkeypatch
):
    fix_seed(monkeypatch, 3)
    env = simcord_env
    guild, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START, preset="sanbyakuken")
    table = the_table(simcord_bot)
    assert table.rules.target == 300 and len(table.seats) == 2
    assert channel.threads, "the match runs in a thread created from the lobby message"
    first = place.last_table()
    assert "table.png" in [a.filename for a in first.attachments]
    assert "Round 1" in post_text(first) and "to 300" in post_text(first)
    await play_match(env, place, [alice])
    final = place.last_table()
    assert "match.png" in [a.filename for a in final.attachments]
    assert "wins the match" in post_text(final) and "End of round" in "\n".join(
        post_text(m) for m in place.table_messages()
    )
    assert any(a.filename.startswith("round-") for m in place.table_messages() for a in m.attachments)
    rows = await store.leaderboard(simcord_bot.db, guild.id, "roppyakken")
    assert [r.user_id for r in rows] == [alice.id] and rows[0].games == 1
    board = answer(await alice.slash(channel, "leaderboard", game="roppyakken"))
    assert "leaderboard.png" in [a.filename for a in board.attachments]
    mine = (await store.user_ratings(simcord_bot.db, alice.id))["roppyakken"]
    assert (mine.matches, mine.cpu_matches) == (0, 1), "a match against CPUs counts apart from the ladder"


async def test_one_human_and_two_cpus_play_a_three_player_match_to_600(simcord_env, simcord_bot, monkeypatch):
    fix_seed(monkeypatch, 2)
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START, players=3, target=600)
    table = the_table(simcord_bot)
    assert [s.is_cpu for s in table.seats] == [False, True, True]
    assert table.rules.target == 600
    hand = table.view(0).hand
    assert hand is not None and len(hand) == 7, "three players get seven cards each"
    await play_match(env, place, [alice])
    assert match_over(place)
    final = place.last_table()
    assert "wins the match" in post_text(final) and "match.png" in [a.filename for a in final.attachments]
    *_, match_line, _, status = post_text(final).splitlines()  # the match, the deal revealed, the status
    assert all(s.name in match_line for s in table.seats), "the final totals name every seat"
    assert "match over" in status, "the status line does not repeat them"


# --- moves: buttons, the Gaji, /roppyakken play --------------------------------------------------


async def test_the_gaji_offers_every_capturable_target_and_autocomplete_equals_legal_moves(
    simcord_env, simcord_bot, monkeypatch
):
    fix_seed(monkeypatch, first_seed(gaji_choice))
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    place = await start_vs_cpu(env, channel, alice, command=START, preset="sanbyakuken")
    table = the_table(simcord_bot)
    view = table.view(0)
    legal = [str(a) for a in view.legal_actions]

    choices = await alice.autocomplete(place.thread, "roppyakken play", "action", "")
    assert [c["value"] for c in choices] == legal
    assert [c["name"] for c in choices] == [SPEC.action_label(a, view, "en") for a in view.legal_actions]
    assert await bob.autocomplete(place.thread, "roppyakken play", "action", "") == []

    prey = {str(a.target) for a in view.legal_actions if isinstance(a, rk.Play) and a.card == GAJI}
    hand = await open_hand(alice, place)
    gaji = next(b for b in step_buttons(hand) if b.custom_id.endswith(":11a"))
    clicked = await alice.click(hand, custom_id=gaji.custom_id)
    targets = [b for b in step_buttons(clicked.response.message) if not b.custom_id.endswith(":")]
    assert {b.custom_id.rsplit(".", 1)[1] for b in targets} == prey
    assert all(b.label.startswith("Take ") for b in targets)
    before = table.seq
    await alice.click(clicked.response.message, custom_id=targets[0].custom_id)
    assert table.seq == before + 1
    assert "Rain man `11a` and takes" in "\n".join(post_text(m) for m in place.table_messages())


async def test_a_bad_click_or_text_is_refused_and_changes_nothing(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, carol) = setup_guild(env, "alice", "carol")
    place = await start_vs_cpu(env, channel, alice, command=START, preset="sanbyakuken")
    table = the_table(simcord_bot)
    await wait_to_play_a_card(env, place, alice, table, 0)
    stale_hand = await open_hand(alice, place)
    keep_stale(env, stale_hand)  # its stale button stays on screen (the retiring edit is late)
    stale_button = step_buttons(stale_hand)[0]
    await play_one_move(alice, place)
    await wait_to_play_a_card(env, place, alice, table, 0)
    before = await game_snapshot(simcord_bot, table)

    async def unchanged() -> None:
        assert await game_snapshot(simcord_bot, table) == before

    stale = await alice.click(stale_hand, custom_id=stale_button.custom_id)
    text = answer(stale).content
    assert stale.ephemeral and "earlier turn" in text
    await unchanged()
    mine = table.view(0)
    refused = answer(await alice.slash(place.thread, "roppyakken play", action="hello"))
    assert refused.flags.ephemeral and "`hello` is not a move of this game" in refused.content
    assert str(mine.legal_actions[0]) in refused.content, "the refusal lists the legal moves"
    theirs = str(next(c for c in table.view(1).hand or ()))
    refused = answer(await alice.slash(place.thread, "roppyakken play", action=theirs))
    assert f"`{theirs}` is not in your hand" in refused.content
    refused = answer(await carol.slash(place.thread, "roppyakken play", action=str(mine.legal_actions[0])))
    assert "not seated" in refused.content
    await unchanged()


# --- rules, demo ----------------------------------------------------------------------------


async def test_rules_command_lists_the_options(simcord_env):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    preset = await alice.slash(channel, "roppyakken rules", preset="sanbyakuken")
    assert preset.ephemeral and "`target` = `300`" in await rules_options(alice, preset)
    await start_vs_cpu(env, channel, alice, command=START, options="teyaku=off lead=0")
    result = await alice.slash(Place(channel, env).thread, "roppyakken rules")
    assert result.ephemeral and "Rules of this table" in result.response.embeds[0].title
    assert "Gaji" in result.response.embeds[0].description
    options = await rules_options(alice, result)
    assert "`teyaku` = `off`" in options and "`lead` = `0`" in options
    assert "`target` = `600`" in options
