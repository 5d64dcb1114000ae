"""The choices a Koi-Koi turn can ask for, through the buttons: which card to take, Koi-Koi or Shōbu.

The deal is chosen by searching seeds with the engine itself for one where the situation comes
up while every player clicks their first offered button (which plays ``legal_actions[0]``).
"""

from __future__ import annotations

import io

from PIL import Image

import store
from engine.hanafuda import koikoi as kk
from render.hanafuda.hand_row import choice_height
from tests.cogs.harness import (
    THINK_TIME,
    Place,
    buttons,
    fix_seed,
    is_turn_of,
    open_hand,
    play_one_move,
    post_text,
    quit_match,
    seed_where,
    setup_guild,
    step_buttons,
    two_player_table,
)


async def two_humans_at(env, monkeypatch, seed: int, moves: int):
    fix_seed(monkeypatch, seed)
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    place = await two_player_table(env, channel, alice, bob, rounds=3)
    for _ in range(moves):
        await play_one_move(alice if is_turn_of(alice, place) else bob, place)
        await env.advance_time(THINK_TIME)
    return place, (alice if is_turn_of(alice, place) else bob)


def two_targets(view: kk.KoiKoiView) -> bool:
    return view.phase is kk.Phase.PLAY and any(
        isinstance(a, kk.Play) and a.target for a in view.legal_actions
    )


async def test_a_card_matching_two_field_cards_asks_which_one_to_take(simcord_env, simcord_bot, monkeypatch):
    seed, moves = seed_where(two_targets)
    place, actor = await two_humans_at(simcord_env, monkeypatch, seed, moves)
    (table,) = simcord_bot.tables.tables.values()
    view = table.view(table.seat_of(actor.id).index)
    card = next(a.card for a in view.legal_actions if isinstance(a, kk.Play) and a.target)
    hand = await open_hand(actor, place)
    chooser = next(b for b in step_buttons(hand) if b.custom_id.endswith(f":{card}"))
    result = await actor.click(hand, custom_id=chooser.custom_id)
    targets = [b for b in step_buttons(result.response.message) if b.label.startswith("Take ")]
    expected = {str(a.target) for a in view.legal_actions if isinstance(a, kk.Play) and a.card == card}
    assert {b.custom_id.rsplit(".", 1)[1] for b in targets} == expected, "one button per matching field card"
    assert any(b.label == "Back" for b in buttons(result.response.message))
    # the hand image now shows the played card and the two it may take (issue 28), privately
    before = Image.open(io.BytesIO(await hand.attachments[0].read()))
    after = Image.open(io.BytesIO(await result.response.message.attachments[0].read()))
    assert after.height == before.height + choice_height()
    assert table.seq == moves, "choosing the card alone plays nothing yet"
    await actor.click(result.response.message, custom_id=targets[0].custom_id)
    assert table.seq == moves + 1


def decision(view: kk.KoiKoiView) -> bool:
    return view.phase is kk.Phase.DECIDE and any(isinstance(a, kk.KoiKoi) for a in view.legal_actions)


async def test_a_new_yaku_offers_koikoi_or_shobu_with_the_score(simcord_env, monkeypatch):
    seed, moves = seed_where(decision, moves=200)
    place, actor = await two_humans_at(simcord_env, monkeypatch, seed, moves)
    hand = await open_hand(actor, place)
    labels = [b.label for b in step_buttons(hand)]
    assert any(label.startswith("Koi-Koi") for label in labels)
    assert any(label.startswith("Shōbu") and "points" in label for label in labels)
    assert "made a yaku" in hand.content and "Your yaku:" in hand.content
    koikoi = next(b for b in step_buttons(hand) if b.label.startswith("Koi-Koi"))
    await actor.click(hand, custom_id=koikoi.custom_id)
    assert "calls **Koi-Koi!**" in post_text(place.last_table())


async def test_rematch_opens_a_new_table_with_the_same_options(simcord_env, simcord_bot):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("hanafuda")
    alice = guild.add_member(env.create_user("alice"))
    await alice.slash(channel, "koikoi start", opponent="cpu", rounds=6)
    place = Place(channel, env)
    await quit_match(alice, place.thread)
    await alice.click(place.last_table(), label="Rematch")
    (table,) = simcord_bot.tables.tables.values()
    assert table.status == "active" and table.options["rounds"] == 6
    assert [s.is_cpu for s in table.seats] == [False, True]


async def test_the_host_of_a_cpu_only_table_can_stop_watching_it(simcord_env, simcord_bot):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("hanafuda")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    await alice.slash(channel, "koikoi start", opponent="watch")
    (table,) = simcord_bot.tables.tables.values()
    assert all(s.is_cpu for s in table.seats)
    place = Place(channel, env)
    refused = await bob.slash(place.thread, "koikoi quit")
    assert refused.ephemeral and "not seated" in refused.response.content
    stopped = await alice.slash(place.thread, "koikoi quit")
    assert stopped.ephemeral and not simcord_bot.tables.tables
    assert "stopped this table" in post_text(place.last_table())
    row = await store.get_game(simcord_bot.db, table.id)
    assert row is not None and row.status == "abandoned"
