"""``/<game> learn`` end to end: a whole practice match in each game, hints on every turn.

The learner plays every move by clicking in their hand (the first button of each step, as in
the other e2e tests); each time it is their turn, the hand message must carry the hints, and
the first four decisions the tutorial's steps. Nobody else's messages carry a hint.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.cogs.goita_helpers import click_steps
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    THINK_TIME,
    Place,
    answer,
    buttons,
    post_text,
    setup_guild,
    the_table,
)

GAMES = ["koikoi", "roppyakken", "gostop", "doudizhu", "goita"]


async def learner_hand(actor: Any, place: Place, game: str) -> Any:
    result = await actor.slash(place.thread, f"{game} hand")
    assert result.ephemeral
    return answer(result).message


async def play_learning(env: Any, place: Place, table: Any, actor: Any, game: str) -> list[str]:
    """Play ``actor``'s seat to the end of the match; the hand texts of each of their turns."""
    seen: list[str] = []
    for _ in range(4000):
        if table.status != "active":
            return seen
        seat = table.to_act()
        if seat is not None and seat.user_id == actor.id:
            message = await learner_hand(actor, place, game)
            seen.append(message.content)
            await click_steps(actor, message, table)
            await env.advance_time(THINK_TIME)
        else:
            await env.advance_time(TEST_CPU_DELAY)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game", GAMES)
async def test_learn_plays_a_whole_match_with_hints_on_every_turn(simcord_env, simcord_bot, game):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    result = await alice.slash(channel, f"{game} learn")
    assert not result.ephemeral  # the lobby: everyone sees a practice table started
    assert any(f.ephemeral and "practice match" in f.content for f in result.followups)
    table = the_table(simcord_bot)
    assert table.options["learn"] and table.options["hints"]
    assert all(s.is_cpu for s in table.seats[1:]) and table.seats[0].user_id == alice.id
    place = Place(channel, env)
    texts = await play_learning(env, place, table, alice, game)
    assert table.status == "finished"
    assert len(texts) >= 5
    assert all("**Hints**" in text for text in texts), [t for t in texts if "**Hints**" not in t][:1]
    for n, text in enumerate(texts[:4], start=1):
        assert f"Tutorial {n}/4" in text
    assert all("Tutorial" not in text for text in texts[4:])
    # Hints are private: no public post of the match shows one.
    assert not any("**Hints**" in post_text(m) for m in place.messages())


async def test_skip_tutorial_ends_it_and_keeps_the_hints(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    await alice.slash(channel, "koikoi learn")
    table = the_table(simcord_bot)
    place = Place(channel, env)
    for _ in range(20):
        if table.to_act() is not None and table.to_act().user_id == alice.id:
            break
        await env.advance_time(TEST_CPU_DELAY)
    hand = await learner_hand(alice, place, "koikoi")
    assert "Tutorial 1/4" in hand.content
    skip = next(b for b in buttons(hand) if (b.custom_id or "").endswith(":skip"))
    assert skip.label == "Skip tutorial"
    clicked = await alice.click(hand, custom_id=skip.custom_id)
    shown = clicked.response.message
    assert "Tutorial" not in shown.content and "**Hints**" in shown.content
    assert not any((b.custom_id or "").endswith(":skip") for b in buttons(shown))
    assert table.seats[0].tutorial_skipped


async def next_learner_hand(env: Any, place: Place, table: Any, actor: Any, game: str) -> Any:
    """The learner's hand at their next turn (the CPUs play in between)."""
    for _ in range(200):
        seat = table.to_act()
        if table.status == "active" and seat is not None and seat.user_id == actor.id:
            return await learner_hand(actor, place, game)
        await env.advance_time(TEST_CPU_DELAY)
    raise AssertionError("the learner's turn never came")


async def test_a_restart_resumes_the_tutorial_at_the_step_it_was(
    simcord_env, simcord_bot, settings, make_bot
):
    """The store resumes every match: a restarted bot shows the learner's third step at their third
    decision, not the first again (the step follows their moves in the stored log)."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    await alice.slash(channel, "koikoi learn")
    table = the_table(simcord_bot)
    place = Place(channel, env)
    for step in (1, 2):
        hand = await next_learner_hand(env, place, table, alice, "koikoi")
        assert f"Tutorial {step}/4" in hand.content
        await click_steps(alice, hand, table)
    new_bot = make_bot(settings)
    await env.restart_bot(new_bot)
    resumed = the_table(new_bot)
    assert resumed is not table and resumed.moves_by_seat.get(0) == 2, "rebuilt from the stored log"
    waiting = resumed.to_act() is None or resumed.to_act().user_id != alice.id
    if waiting:  # between turns: the step of the last decision, still worth reading
        assert "Tutorial 2/4" in (await learner_hand(alice, place, "koikoi")).content
    steps = []
    for _ in range(3):
        hand = await next_learner_hand(env, place, resumed, alice, "koikoi")
        steps.append(next((n for n in (1, 2, 3, 4) if f"Tutorial {n}/4" in hand.content), None))
        assert "**Hints**" in hand.content
        await click_steps(alice, hand, resumed)
    assert steps == [3, 4, None]


async def test_a_skipped_tutorial_stays_skipped_after_a_restart(simcord_env, simcord_bot, settings, make_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    await alice.slash(channel, "koikoi learn")
    table = the_table(simcord_bot)
    place = Place(channel, env)
    hand = await next_learner_hand(env, place, table, alice, "koikoi")
    skip = next(b for b in buttons(hand) if (b.custom_id or "").endswith(":skip"))
    await alice.click(hand, custom_id=skip.custom_id)
    new_bot = make_bot(settings)
    await env.restart_bot(new_bot)
    resumed = the_table(new_bot)
    assert resumed.seats[0].tutorial_skipped, "saved in the table's meta"
    hand = await next_learner_hand(env, place, resumed, alice, "koikoi")
    assert "Tutorial" not in hand.content and "**Hints**" in hand.content
    assert not any((b.custom_id or "").endswith(":skip") for b in buttons(hand))


async def test_hints_option_is_announced_and_private(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    lobby = await alice.slash(channel, "koikoi start", options="hints=on", rounds=3)
    embed = lobby.response.message.embeds[0]
    options = next(f.value for f in embed.fields if f.name == "Options")
    assert "Hints are on" in options
    await bob.click(lobby.response.message, label="Join")
    await alice.click(lobby.response.message, label="Start")
    table = the_table(simcord_bot)
    assert table.options["hints"] and not table.options.get("learn")
    place = Place(channel, env)
    for who in (alice, bob):
        hand = await learner_hand(who, place, "koikoi")
        assert "**Hints**" in hand.content  # each sees their own
        assert "Tutorial" not in hand.content  # a normal table has no tutorial
    assert not any("**Hints**" in post_text(m) for m in place.messages())


async def test_hints_are_off_by_default_and_a_bad_value_is_refused(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    refused = await alice.slash(channel, "koikoi start", options="hints=maybe", opponent="cpu")
    assert refused.ephemeral and "hints is on or off" in answer(refused).content
    assert not simcord_bot.tables.tables
    await alice.slash(channel, "koikoi start", opponent="cpu", rounds=3)
    table = the_table(simcord_bot)
    assert "hints" not in table.options
    hand = await learner_hand(alice, Place(channel, env), "koikoi")
    assert "Hints" not in hand.content


async def test_a_player_handed_the_learners_seat_gets_the_tutorial_from_step_one(
    simcord_env, simcord_bot, settings, make_bot
):
    """The seat's moves so far are the first player's: the newcomer's first decision is step 1,
    also after a restart (where the seat changed hands is saved in the table's meta)."""
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    await alice.slash(channel, "koikoi learn")
    table = the_table(simcord_bot)
    place = Place(channel, env)
    for _ in range(2):
        hand = await next_learner_hand(env, place, table, alice, "koikoi")
        await click_steps(alice, hand, table)
    await simcord_bot.tables.replace_seat(table, 0, bob.id, "bob")
    assert table.seats[0].tutorial_from == table.moves_by_seat[0] == 2
    hand = await next_learner_hand(env, place, table, bob, "koikoi")
    assert "Tutorial 1/4" in hand.content
    await click_steps(bob, hand, table)
    new_bot = make_bot(settings)
    await env.restart_bot(new_bot)
    resumed = the_table(new_bot)
    assert resumed.seats[0].tutorial_from == 2, "saved in the table's meta"
    hand = await next_learner_hand(env, place, resumed, bob, "koikoi")
    assert "Tutorial 2/4" in hand.content
