"""Goita Shogi end to end: real cogs, real store and renderer, on SimCord's simulated Discord.

The four-seat match is played to the seed's 15 points; the other tests use small targets so a
match lasts one round. Situations a test needs (a redeal decision) are found by searching seeds
with the engine itself; the human clicks the first button offered each time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import store
from cogs.goita.spec import SPEC
from engine import goita as gt
from engine.core import seeded_rng
from tests.cogs.goita_helpers import click_one_move, first_keys, hand_by_command, human_to_act, offered_keys
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    THINK_TIME,
    Place,
    answer,
    buttons,
    fix_seed,
    game_snapshot,
    is_turn_of,
    keep_stale,
    open_hand,
    post_text,
    quit_match,
    rules_options,
    setup_guild,
    start_vs_cpu,
    step_buttons,
    the_table,
    two_player_table,
)

START = "goita start"


def redeal_seed(seats: int = 4) -> int:
    """A seed whose first deal asks seat 0 (the human) whether to redeal (5 pawns or more)."""
    rules = gt.rules_from("seed", {"target_score": 1})
    for seed in range(1, 20000):
        state, _ = gt.ENGINE.begin(seats, rules, seed)
        if gt.to_act(state) == 0 and state.phase is gt.Phase.ASK:
            return seed
    raise AssertionError("no such deal")


def seed_where(found: Callable[[gt.GoitaView], bool], *, target: int = 1) -> int:
    """A seed where seat 0, clicking the first button each time against the CPUs (which play as
    the table makes them: ``seeded_rng(seed, "cpu", seq)``), reaches a view where ``found``."""
    rules = gt.rules_from("seed", {"target_score": target})
    for seed in range(1, 500):
        state, _ = gt.ENGINE.begin(4, rules, seed)
        for seq in range(300):
            seat = gt.to_act(state)
            if seat is None:
                break
            view = gt.view(state, seat)
            if seat == 0:
                if found(view):
                    return seed
                action = view.legal_actions[0]
            else:
                action = SPEC.cpu_choose(view, seeded_rng(seed, "cpu", seq))
            state, _ = gt.apply(state, action)
    raise AssertionError("no such deal")


def can_block(view: gt.GoitaView) -> bool:
    return any(isinstance(a, gt.Block) for a in view.legal_actions)


def all_passed(view: gt.GoitaView) -> bool:
    return view.phase is gt.Phase.DOWN and any(view.tables)


async def play_to_end(env: Any, place: Place, table: Any, humans: dict[int, Any]) -> None:
    """Like ``harness.play_match``, but asks the table (not the whole history) whose turn it is:
    a Goita match posts hundreds of messages."""
    for _ in range(3000):
        if table.status != "active":
            return
        actor = human_to_act(table, humans)
        if actor is not None:
            await click_one_move(actor, place, table)
            await env.advance_time(THINK_TIME)
        else:
            await env.advance_time(TEST_CPU_DELAY)
    raise AssertionError("the match did not end")


async def wait_for_phase(env: Any, place: Place, who: Any, table: Any, seat: int, phases: Any) -> Any:
    """Let the game run (``who`` clicking the first button) until ``seat`` must act in ``phases``."""
    for _ in range(400):
        if table.status != "active":
            raise AssertionError("the match ended first")
        if human_to_act(table, {seat: who}) is not None:
            view = table.view(seat)
            if view.phase in phases:
                return view
            await click_one_move(who, place, table)
            await env.advance_time(THINK_TIME)
        else:
            await env.advance_time(TEST_CPU_DELAY)
    raise AssertionError("never reached")


# --- whole matches ----------------------------------------------------------------------------


async def test_one_human_and_three_cpus_play_a_team_match_to_15(simcord_env, simcord_bot, monkeypatch):
    fix_seed(monkeypatch, 7)
    env = simcord_env
    guild, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START, target=15)
    table = the_table(simcord_bot)
    assert [s.is_cpu for s in table.seats] == [False, True, True, True]
    assert table.rules.target_score == 15
    assert SPEC.lobby_teams(4) == ("A", "B", "A", "B") and SPEC.lobby_teams(2) is None
    first = place.last_table()
    assert "table.png" in [a.filename for a in first.attachments]
    assert "Round 1" in post_text(first) and "to 15" in post_text(first)
    assert "A (alice & CPU 2)" in post_text(first), "partners sit opposite: seats 1 & 3"
    hand = table.view(0).hand
    assert hand is not None and len(hand) == 8
    await play_to_end(env, place, table, {0: alice})
    final = place.last_table()
    assert "match.png" in [a.filename for a in final.attachments]
    everything = "\n".join(post_text(m) for m in place.table_messages())
    assert "wins the match" in post_text(final) and "wins round 1" in everything
    assert "lays a piece face down" in everything and "attacks with" in everything
    assert any(a.filename.startswith("round-") for m in place.table_messages() for a in m.attachments)

    game = await store.get_game(simcord_bot.db, table.id)
    assert game is not None and game.status == "finished"
    scores = table.state.scores
    winning_team = 0 if scores[0] >= 15 else 1
    assert max(scores) >= 15
    assert f"Team {'AB'[winning_team]} (" in post_text(final), "the winning team is named"
    results = await store.results_for(simcord_bot.db, table.id)
    won = {r.seat for r in results if r.won}
    assert won == {winning_team, winning_team + 2}, "both partners of the winning team win"
    assert all(r.points == scores[r.seat % 2] for r in results), "partners share their team's total"
    rows = await store.leaderboard(simcord_bot.db, guild.id, "goita")
    assert [r.user_id for r in rows] == [alice.id] and rows[0].games == 1
    assert rows[0].wins == (1 if winning_team == 0 else 0)
    board = answer(await alice.slash(channel, "leaderboard", game="goita"))
    assert "leaderboard.png" in [a.filename for a in board.attachments]
    mine = (await store.user_ratings(simcord_bot.db, alice.id))["goita"]
    assert (mine.matches, mine.cpu_matches) == (0, 1), "a match against CPUs counts apart from the ladder"


async def test_two_humans_play_a_two_player_round(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    place = await two_player_table(env, channel, alice, bob, command=START, players=2, target=1)
    table = the_table(simcord_bot)
    assert [s.user_id for s in table.seats] == [alice.id, bob.id]
    assert len(table.view(0).hand or ()) == 12 and table.view(1).set_aside == 8
    await play_to_end(env, place, table, {0: alice, 1: bob})
    everything = "\n".join(post_text(m) for m in place.table_messages())
    assert "wins round 1" in everything and "wins the match" in post_text(place.last_table())
    assert len(table.state.history) == 1


async def test_one_human_and_two_cpus_play_a_three_player_round(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START, players=3, target=1)
    table = the_table(simcord_bot)
    assert [s.is_cpu for s in table.seats] == [False, True, True]
    assert len(table.view(0).hand or ()) == 10
    await play_to_end(env, place, table, {0: alice})
    final = place.last_table()
    assert "wins the match" in post_text(final) and "match.png" in [a.filename for a in final.attachments]
    *_, match_line, _, status = post_text(final).splitlines()  # the match, the deal revealed, the status
    assert all(s.name in match_line for s in table.seats), "the final totals name every seat"
    assert "match over" in status, "the status line does not repeat them"


# --- the hand: blocks, the face-down choice, redeals ----------------------------------------------


async def test_the_hand_offers_only_legal_blocks_then_the_attack(simcord_env, simcord_bot, monkeypatch):
    fix_seed(monkeypatch, seed_where(can_block))
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START, target=1)
    table = the_table(simcord_bot)
    await wait_for_phase(env, place, alice, table, 0, {gt.Phase.RESPOND})
    while not can_block(view := table.view(0)):
        await click_one_move(alice, place, table)  # pass
        await wait_for_phase(env, place, alice, table, 0, {gt.Phase.RESPOND})
    hand = await open_hand(alice, place)
    assert offered_keys(hand) == first_keys(view), "only the legal blocks and Pass are offered"
    labels = [b.label for b in step_buttons(hand)]
    assert "Pass" in labels and any(label.startswith("Block: ") for label in labels)
    attack = view.attack
    assert attack is not None
    for a in view.legal_actions:
        if isinstance(a, gt.Block):
            assert a.piece is attack or (a.piece is gt.Piece.K and attack not in (gt.Piece.L, gt.Piece.P))
    assert "block it with the same piece" in hand.content or "block it too" in hand.content
    block = next(b for b in step_buttons(hand) if b.custom_id.rsplit(":", 1)[1].startswith("b"))
    before = table.seq
    clicked = await alice.click(hand, custom_id=block.custom_id)
    assert table.seq == before + 1
    after = clicked.response.message
    assert table.view(0).phase is gt.Phase.ATTACK
    assert offered_keys(after) == first_keys(table.view(0)), "then the attack piece"
    assert all(b.label.startswith("Attack: ") for b in step_buttons(after))
    await alice.click(after, custom_id=step_buttons(after)[0].custom_id)
    assert table.seq == before + 2
    assert "alice blocks with" in "\n".join(post_text(m) for m in place.table_messages())


async def test_the_face_down_choice_after_everyone_passed(simcord_env, simcord_bot, monkeypatch):
    fix_seed(monkeypatch, seed_where(all_passed))
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START, target=1)
    table = the_table(simcord_bot)
    await wait_for_phase(env, place, alice, table, 0, {gt.Phase.DOWN})
    while not all_passed(view := table.view(0)):
        await click_one_move(alice, place, table)
        await wait_for_phase(env, place, alice, table, 0, {gt.Phase.DOWN})
    hand = await open_hand(alice, place)
    assert "Everyone passed" in hand.content
    assert offered_keys(hand) == first_keys(view)
    assert all(b.label.startswith("Face down: ") for b in step_buttons(hand))
    assert "all passed" not in hand.content
    everything = "\n".join(post_text(m) for m in place.table_messages())
    assert "Nobody blocks" in everything or "Nobody can block the King" in everything


async def test_a_redeal_decision_with_five_pawns(simcord_env, simcord_bot, monkeypatch):
    fix_seed(monkeypatch, redeal_seed())
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START, target=1)
    table = the_table(simcord_bot)
    view = table.view(0)
    assert view.phase is gt.Phase.ASK and is_turn_of(alice, place)
    hand = await open_hand(alice, place)
    pawns = sum(p is gt.Piece.P for p in view.hand or ())
    assert f"You hold {pawns} pawns" in hand.content and pawns >= 5
    assert [b.label for b in step_buttons(hand)] == ["Ask for a redeal", "Play this deal"]
    await alice.click(hand, custom_id=step_buttons(hand)[0].custom_id)
    await env.advance_time(TEST_CPU_DELAY)
    everything = "\n".join(post_text(m) for m in place.table_messages())
    assert "alice holds five pawns or more and asks for a redeal" in everything
    assert "agrees to the redeal" in everything or "refuses the redeal" in everything


# --- bad input ------------------------------------------------------------------------------------


async def test_bad_clicks_and_text_are_refused_and_change_nothing(simcord_env, simcord_bot, monkeypatch):
    fix_seed(monkeypatch, 5)
    env = simcord_env
    _, channel, (alice, carol) = setup_guild(env, "alice", "carol")
    place = await start_vs_cpu(env, channel, alice, command=START, target=1)
    table = the_table(simcord_bot)
    await wait_for_phase(env, place, alice, table, 0, set(gt.Phase) - {gt.Phase.OVER})
    stale_hand = await open_hand(alice, place)
    keep_stale(env, stale_hand)  # its stale button stays on screen (the retiring edit is late)
    stale_button = step_buttons(stale_hand)[0]
    await click_one_move(alice, place, table)
    await env.advance_time(THINK_TIME)
    if human_to_act(table, {0: alice}) is None:  # alice waits: not her turn
        waiting = await hand_by_command(alice, place)
        assert not step_buttons(waiting) and "Waiting for" in waiting.content
        refused = answer(await alice.slash(place.thread, "goita play", action="pass"))
        assert refused.flags.ephemeral and "not your turn" in refused.content.lower()
    await wait_for_phase(env, place, alice, table, 0, set(gt.Phase) - {gt.Phase.OVER})
    before = await game_snapshot(simcord_bot, table)

    async def unchanged() -> None:
        assert await game_snapshot(simcord_bot, table) == before

    stale = await alice.click(stale_hand, custom_id=stale_button.custom_id)
    text = answer(stale).content
    assert stale.ephemeral and "earlier turn" in text
    await unchanged()
    public = place.last_table()
    hand_button = next(b for b in buttons(public) if b.custom_id.endswith(":hand"))
    intruder = await carol.click(public, custom_id=hand_button.custom_id)
    assert intruder.ephemeral and "not seated" in answer(intruder).content
    await unchanged()
    mine = table.view(0)
    refused = answer(await alice.slash(place.thread, "goita play", action="hello"))
    assert refused.flags.ephemeral and "`hello` is not a move of this game" in refused.content
    assert str(mine.legal_actions[0]) in refused.content, "the refusal lists the legal moves"
    illegal = next(
        text
        for text in ("attack:K", "block:P", "down:K", "redeal")
        if gt.parse_action(text) not in mine.legal_actions
    )
    refused = answer(await alice.slash(place.thread, "goita play", action=illegal))
    assert refused.flags.ephemeral and str(mine.legal_actions[0]) in refused.content
    refused = answer(await carol.slash(place.thread, "goita play", action=str(mine.legal_actions[0])))
    assert "not seated" in refused.content
    await unchanged()
    choices = await alice.autocomplete(place.thread, "goita play", "action", "")
    assert [c["value"] for c in choices] == [str(a) for a in mine.legal_actions]
    assert await carol.autocomplete(place.thread, "goita play", "action", "") == []
    played = answer(await alice.slash(place.thread, "goita play", action=str(mine.legal_actions[0])))
    assert played.flags.ephemeral and table.seq == before[0] + 1


# --- the lobby ------------------------------------------------------------------------------------


async def test_the_lobby_shows_the_teams_and_the_host_swaps_partners(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob, carol) = setup_guild(env, "alice", "bob", "carol")
    lobby = await alice.slash(channel, START)
    message = lobby.response.message
    seats = message.embeds[0].fields[0].value
    assert "team A" in seats and "team B" in seats
    await bob.click(message, label="Join")
    await carol.click(message, label="Join")
    table = the_table(simcord_bot)
    assert [s.user_id for s in table.seats] == [alice.id, bob.id, carol.id]
    refused = await bob.click(message, label="Swap partners")
    assert refused.ephemeral
    await alice.click(message, label="Swap partners")
    assert [s.user_id for s in table.seats] == [alice.id, carol.id, bob.id], "bob is alice's partner now"
    await alice.click(message, label="CPU: normal")
    await alice.click(message, label="Start")
    assert table.status == "active" and [s.is_cpu for s in table.seats] == [False, False, False, True]
    view = table.public_view().view
    assert view.teams == (0, 1, 0, 1)
    status = post_text(Place(channel, env).last_table())
    assert "Team A (alice & bob)" in status and "Team B (carol & CPU 1)" in status


async def test_rules_for_a_match_a_preset_and_the_memory_mode(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    preset = await alice.slash(channel, "goita rules", preset="association")
    assert preset.ephemeral and "teams" in preset.response.embeds[0].description
    text = await rules_options(alice, preset)
    assert "`target_score` = `150`" in text and "`teyaku` = `on`" in text
    await alice.slash(channel, "goita solo")
    result = await alice.slash(Place(channel, env).thread, "goita rules")
    embed = result.response.embeds[0]
    assert "memory" in embed.title and "76" in embed.description and "50 points" in embed.description
    bad = answer(await alice.slash(Place(channel, env).thread, "goita play", action="flip:99"))
    assert bad.flags.ephemeral and "flip:" in bad.content, "the refusal lists the legal moves"


async def test_quitting_a_team_match_loses_it_for_both_partners(simcord_env, simcord_bot):
    """Goita is played in teams (« équipe A/C contre équipe B/D »): when a player quits, their
    team loses, so their partner is not credited with a win; the other team wins."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START)
    table = the_table(simcord_bot)
    result = await quit_match(alice, place.thread, "goita quit")
    assert result.response.ephemeral and "forfeited" in result.response.content
    rows = {r.seat: r for r in await store.results_for(simcord_bot.db, table.id)}
    assert [rows[s].won for s in range(4)] == [False, True, False, True]
    assert rows[0].extra["forfeit"] and not rows[2].extra["forfeit"]


async def test_a_block_and_its_attack_are_posted_together(simcord_env, simcord_bot):
    """« bloquer … puis poser en dessous une nouvelle carte attaquante »: blocking and attacking are
    one turn, so the table is posted once for both (likewise a face-down piece and its attack)."""
    env = simcord_env
    _, channel, (host,) = setup_guild(env, "host")
    await host.slash(channel, START, opponent="watch")
    place = Place(channel, env)
    for _ in range(40):
        await env.advance_time(TEST_CPU_DELAY)
    posts = [post_text(m) for m in place.table_messages()]
    blocks = [p for p in posts if " blocks with " in p]
    assert blocks, "some pieces were blocked"
    assert all(" attacks with " in p for p in blocks)
    assert not any(" lays a piece face down." in p and " attacks with " not in p for p in posts)
