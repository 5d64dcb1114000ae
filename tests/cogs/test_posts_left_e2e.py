"""Issue 28, one card per board: a match leaves at most two posts per round in its thread, plus
the results post, and every post it leaves is a card (text, table image, buttons in one post).

A scripted match per game, one human (clicking the first button of each step in the hand) against
CPUs; the turn pings are deleted when their turn ends, so what stays is the story of the match:
each round's board card (a round's sheet opens the next round's card; a yaku or a bomb is kept in
the card's head instead of a post of its own) and the results card.
"""

from __future__ import annotations

from typing import Any

import pytest

import store
from tests.cogs.goita_helpers import click_steps, human_to_act
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    THINK_TIME,
    Place,
    answer,
    buttons,
    post_text,
    setup_guild,
    start_vs_cpu,
    the_table,
)

# game: its start command's options for a short match of several rounds
MATCHES: dict[str, dict[str, Any]] = {
    "koikoi": {"rounds": 3},
    "gostop": {"rounds": 3},
    "doudizhu": {"hands": 2},
    "goita": {"target": 5},
}
ROUND_ENDS = {"RoundEnded", "HandEnded"}  # each engine's event closing a round (a hand, a deal)


async def play_to_end(env: Any, place: Place, table: Any, alice: Any, game: str) -> None:
    """Alice plays her turns in her hand (``/<game> hand``, then the first button of each step);
    the CPUs play theirs as time passes."""
    for _ in range(3000):
        if table.status != "active":
            return
        if human_to_act(table, {table.seat_of(alice.id).index: alice}) is not None:
            hand = answer(await alice.slash(place.thread, f"{game} hand")).message
            await click_steps(alice, hand, table)
            await env.advance_time(THINK_TIME)
        else:
            await env.advance_time(TEST_CPU_DELAY)
    raise AssertionError("the match did not end")


async def rounds_played(bot: Any, table: Any) -> int:
    """How many rounds the match had: its round-closing events, replayed from the stored moves."""
    engine = table.spec.engine
    state, events = engine.begin(table.seat_count, table.rules, table.seed)
    ended = sum(type(e).__name__ in ROUND_ENDS for e in events)
    for row in await store.actions_for(bot.db, table.id):
        state, events = engine.apply(state, engine.parse_action(row.action))
        ended += sum(type(e).__name__ in ROUND_ENDS for e in events)
    return ended


@pytest.mark.parametrize("game", sorted(MATCHES))
async def test_a_match_leaves_at_most_two_cards_per_round_and_its_results(simcord_env, simcord_bot, game):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=f"{game} start", **MATCHES[game])
    table = the_table(simcord_bot)
    await play_to_end(env, place, table, alice, game)
    assert table.status == "finished"

    posts = place.messages()
    rounds = await rounds_played(simcord_bot, table)
    print(f"{game}: {len(posts)} posts left for {rounds} rounds")
    assert rounds >= 2, "a match of several rounds"
    assert len(posts) <= 2 * rounds + 1, [post_text(p).splitlines()[0] for p in posts]
    assert all(p.flags.components_v2 for p in posts), "every post left is a card"
    assert all("table.png" in [a.filename for a in p.attachments] for p in posts)
    results = posts[-1]
    assert any((b.custom_id or "").endswith(":rematch") for b in buttons(results)), "the results card is last"
    assert "wins the match" in post_text(results) or "tie" in post_text(results).lower()
