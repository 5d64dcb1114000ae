"""Dou Dizhu end to end: real cogs, store and renderer, on SimCord's simulated Discord.

Matches are one hand long (``hands: 1``) on fixed deals found with the engine. People play the
way the hand offers: bid buttons, cards picked in the hand's select menu then confirmed, or a
suggested move's button; CPU seats play through ``engine.ai.doudizhu.heuristic``.
"""

from __future__ import annotations

import random
from typing import Any

import store
from cogs.doudizhu.cards import menu_entries
from cogs.doudizhu.spec import SPEC
from engine.ai.doudizhu.heuristic import choose_action
from engine.doudizhu import (
    CARDS,
    Bid,
    DoudizhuView,
    Move,
    Phase,
    Played,
    TrickWon,
    apply,
    deal,
    new_game,
    rules_from,
    to_act,
    view,
)
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    THINK_TIME,
    Place,
    answer,
    buttons,
    custom_ids,
    fix_seed,
    is_turn_of,
    keep_stale,
    match_over,
    open_hand,
    play_one_move,
    post_text,
    setup_guild,
    start_vs_cpu,
    step_buttons,
    the_table,
)

START = "doudizhu start"
# Deals (preset "seed", one hand). Seed 1: the face-up card goes to seat 0, who bids first.
# Seed 7: with everyone playing ``policy`` below, seat 0 answers with a bomb on the 8th move,
# and the hand has tricks won after two passes.
FIRST_BIDDER_SEED = 1
BOMB_SEED = 7


def text_of(result: Any) -> str:
    return answer(result).content


def public_text(place: Place) -> str:
    return "\n".join(post_text(m) for m in place.messages())


def policy(v: DoudizhuView, seq: int) -> Any:
    """What the people of these tests play: bid 3 first, answer with a bomb when they can,
    otherwise what the CPU would play."""
    if v.phase is Phase.BID:
        return Bid(3)
    if v.to_beat is not None:
        bombs = [a for a in v.legal_actions if isinstance(a, Move) and a.kind == "bomb"]
        if bombs:
            return bombs[0]
    return choose_action(v, random.Random(seq))


def card_values(move: Move, v: DoudizhuView) -> list[str]:
    """Menu values (cards of the hand) that make ``move``."""
    hand = list(v.hand or ())
    values = []
    for rank in move.ranks:
        card = next(c for c in hand if c.rank == rank)
        hand.remove(card)
        values.append(str(card))
    return values


def menu_id(message: Any) -> str:
    return next(cid for cid in custom_ids(message) if cid.startswith("p:"))


async def pick(actor: Any, message: Any, values: list[str]) -> Any:
    """Select ``values`` in the hand's menu; returns the interaction result."""
    return await actor.select(message, values, custom_id=menu_id(message))


async def play_via_menu(env: Any, actor: Any, place: Place, move: Move, v: DoudizhuView) -> Any:
    """Open the hand, pick the move's cards in the menu, click "Play …"."""
    hand = await open_hand(actor, place)
    result = await pick(actor, hand, card_values(move, v))
    message = result.response.message if result.response else hand
    confirm = next(b for b in step_buttons(message) if b.custom_id.endswith(f":{move}"))
    assert confirm.label.startswith("Play "), confirm.label
    await actor.click(message, custom_id=confirm.custom_id)
    await env.advance_time(THINK_TIME)
    return message


async def click_action(env: Any, actor: Any, place: Place, action: Any) -> None:
    """Open the hand and click the button of ``action`` (a bid, Pass or a suggestion)."""
    hand = await open_hand(actor, place)
    button = next((b for b in step_buttons(hand) if b.custom_id.endswith(f":{action}")), None)
    assert button is not None, f"no {action} button in {[b.custom_id for b in step_buttons(hand)]}"
    await actor.click(hand, custom_id=button.custom_id)
    await env.advance_time(THINK_TIME)


# --- pure helpers of the spec ----------------------------------------------------------------


def test_menu_gives_each_card_an_option_and_groups_ranks_past_25() -> None:
    hand = tuple(CARDS[i] for i in (0, 1, 2, 4, 8, 9, 52, 53))  # 3 3 3 4 5 5 B R
    entries = menu_entries(hand)
    assert [v for v, _, _ in entries] == ["3s", "3h", "3d", "4s", "5s", "5h", "B", "R"]
    full = CARDS  # 54 cards: 13 ranks of four and two jokers cannot be listed card by card
    grouped = menu_entries(full)
    assert len(grouped) <= 25
    assert sum(n for _, _, n in grouped) == 54, "every card is still in the menu"
    assert ("3x4", 0, 4) in grouped and ("B", 13, 1) in grouped
    assert [r for _, r, _ in grouped] == sorted(r for _, r, _ in grouped), "ordered by rank"
    twenty_six = CARDS[:26]
    collapsed = [v for v, _, n in menu_entries(twenty_six) if n > 1]
    assert collapsed == ["3x4"], "only as many ranks collapse as needed (26 options → 23)"


# --- whole hands -----------------------------------------------------------------------------


async def test_one_human_and_two_cpus_play_a_hand_to_the_end(simcord_env, simcord_bot, monkeypatch):
    assert deal(FIRST_BIDDER_SEED, 1, 0)[1] % 3 == 0, "the deal: alice bids first"
    fix_seed(monkeypatch, FIRST_BIDDER_SEED)
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START, deals=1)
    table = the_table(simcord_bot)
    assert table.rules.hands == 1 and [s.is_cpu for s in table.seats] == [False, True, True]
    first = place.last_table()
    assert "Deal 1/1" in post_text(first) and "bids first" in post_text(first)

    hand = await open_hand(alice, place)
    labels = [b.label for b in step_buttons(hand)]
    assert labels[:3] == ["Bid 1", "Bid 2", "Bid 3"] and "No bid" in labels
    assert not any(cid.startswith("p:") for cid in custom_ids(hand)), "no card menu while bidding"
    assert "Bidding" in hand.content
    await click_action(env, alice, place, Bid(3))
    assert table.view(0).landlord == 0 and len(table.view(0).hand or ()) == 20
    assert "alice is the landlord" in public_text(place)

    via_menu = 0
    for _ in range(400):
        if match_over(place):
            break
        if not is_turn_of(alice, place):
            await env.advance_time(TEST_CPU_DELAY)
            continue
        v = table.view(0)
        if via_menu == 0:  # the first lead: cards picked in the menu
            hand = await open_hand(alice, place)
            assert "You lead" in hand.content and "landlord" in hand.content
            menu = next(c for row in hand.components for c in row.children if c.custom_id.startswith("p:"))
            assert len(menu.options) == 20 and menu.max_values == 20
            assert [o.value for o in menu.options] == [
                str(c) for c in sorted(v.hand or (), key=lambda c: c.rank)
            ]
            hint = next(b for b in step_buttons(hand) if str(b.emoji) == "💡")
            assert hint.custom_id.endswith(f":{SPEC.hint(table.view(0))}")
            assert len(step_buttons(hand)) <= 9
            await play_via_menu(env, alice, place, policy(v, table.seq), v)
            via_menu += 1
        else:  # then the first suggestion each time
            await play_one_move(alice, place)
            await env.advance_time(THINK_TIME)
    assert match_over(place) and via_menu == 1

    final = place.last_table()
    names = [a.filename for a in final.attachments]
    assert "hand-1.png" in names and "match.png" in names
    text = public_text(place)
    assert "wins the match" in text or "win the match" in text or "tie" in text
    assert "the landlord wins" in text or "the peasants beat alice" in text
    row = await store.get_game(simcord_bot.db, table.id)
    assert row is not None and row.status == "finished"
    results = await store.results_for(simcord_bot.db, table.id)
    lord_won = table.state.history[0].landlord_won
    assert results[0].extra == {
        "landlord_hands": 1,
        "landlord_wins": int(lord_won),
        "peasant_hands": 0,
        "peasant_wins": 0,
    }
    assert results[1].extra["peasant_hands"] == 1 and results[1].extra["landlord_hands"] == 0
    assert sum(r.points for r in results) == 0, "Dou Dizhu is zero-sum"

    board = answer(await alice.slash(channel, "leaderboard", game="doudizhu"))
    assert "leaderboard.png" in [a.filename for a in board.attachments]
    stats = answer(await alice.slash(channel, "stats"))
    field = next(f for f in stats.embeds[0].fields if f.name == "Dou Dizhu")
    assert f"As landlord: won {int(lord_won)} of 1 deals" in field.value


async def test_three_humans_play_a_hand_with_a_bomb_and_a_pass_round(simcord_env, simcord_bot, monkeypatch):
    # Check the deal with the engine first, so a changed deal fails loudly.
    state, seq = new_game(3, rules_from("seed", {"hands": 1}), BOMB_SEED), 0
    bombs_at: list[int] = []
    while to_act(state) is not None:
        state, events = apply(state, policy(view(state, to_act(state)), seq))
        seq += 1
        bombs_at += [e.seat for e in events if isinstance(e, Played) and e.move.kind == "bomb"]
    assert bombs_at, "the deal: somebody answers with a bomb"
    bomb_at = bombs_at[0]

    fix_seed(monkeypatch, BOMB_SEED)
    env = simcord_env
    _, channel, people = setup_guild(env, "alice", "bob", "carol")
    alice, bob, carol = people
    lobby = await alice.slash(channel, START, deals=1)
    await bob.click(lobby.response.message, label="Join")
    await carol.click(lobby.response.message, label="Join")
    await alice.click(lobby.response.message, label="Start")
    place = Place(channel, env)
    table = the_table(simcord_bot)
    assert [s.is_cpu for s in table.seats] == [False, False, False]

    bombs = 0
    for _ in range(200):
        if match_over(place):
            break
        seat = table.to_act().index
        actor = people[seat]
        assert is_turn_of(actor, place)
        v = table.view(seat)
        action = policy(v, table.seq)
        before = table.seq
        if isinstance(action, Move):
            await play_via_menu(env, actor, place, action, v)
            bombs += action.kind == "bomb"
        else:
            await click_action(env, actor, place, action)
        assert table.seq == before + 1 or match_over(place)
    assert match_over(place) and bombs >= 1

    text = public_text(place)
    assert f"💣 {people[bomb_at].name} plays a **bomb**" in text
    assert "passes." in text and "wins the trick and leads." in text
    engine = table.spec.engine
    state, events = engine.begin(3, table.rules, table.seed)
    every = list(events)
    for row in await store.actions_for(simcord_bot.db, table.id):
        state, more = engine.apply(state, engine.parse_action(row.action))
        every.extend(more)
    assert state == table.state, "the stored notation replays the hand"
    assert any(isinstance(e, TrickWon) for e in every), "two passes won a trick"
    assert "×2 bomb" in text, "the bomb doubles the stakes"
    results = await store.results_for(simcord_bot.db, table.id)
    assert sum(r.extra["landlord_hands"] for r in results) == 1
    assert sum(r.extra["peasant_hands"] for r in results) == 2


# --- refusals ----------------------------------------------------------------------------------


async def test_bad_selections_clicks_and_text_are_refused_and_change_nothing(
    simcord_env, simcord_bot, monkeypatch
):
    fix_seed(monkeypatch, FIRST_BIDDER_SEED)
    env = simcord_env
    _, channel, (alice, carol) = setup_guild(env, "alice", "carol")
    place = await start_vs_cpu(env, channel, alice, command=START, deals=1)
    table = the_table(simcord_bot)
    bidding_hand = await open_hand(alice, place)
    keep_stale(env, bidding_hand)  # its stale button stays on screen (the retiring edit is late)
    await click_action(env, alice, place, Bid(3))
    v = table.view(0)
    assert v.landlord == 0 and v.to_beat is None
    hand = await open_hand(alice, place)
    before = (table.seq, table.state)

    def unchanged() -> None:
        assert (table.seq, table.state) == before

    cards = list(v.hand or ())
    by_rank: dict[int, list[str]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(str(c))
    ranks = sorted(by_rank)
    # two cards of different ranks are no pair
    refused = await pick(alice, hand, [by_rank[ranks[0]][0], by_rank[ranks[1]][0]])
    assert refused.ephemeral and "a pair is two cards of the same rank" in text_of(refused)
    unchanged()
    # four consecutive-looking singles are no straight
    four = [by_rank[r][0] for r in ranks[:4] if r < 12]
    if len(four) == 4:
        refused = await pick(alice, hand, four)
        assert "at least 5 consecutive ranks" in text_of(refused) or "no gap" in text_of(refused)
        unchanged()
    # a stale button from the bidding
    old = step_buttons(bidding_hand)[0]
    stale_click = await alice.click(bidding_hand, custom_id=old.custom_id)
    assert stale_click.ephemeral and "earlier turn" in text_of(stale_click)
    unchanged()
    # garbage text, a move not held, a user without a seat
    refused = answer(await alice.slash(place.thread, "doudizhu play", action="hello"))
    assert refused.flags.ephemeral and "is not a move" in refused.content
    refused = answer(await carol.slash(place.thread, "doudizhu play", action=str(v.legal_actions[0])))
    assert "not seated" in refused.content
    table_hand = next(b for b in buttons(place.last_table()) if (b.custom_id or "").endswith(":hand"))
    refused = await carol.click(place.last_table(), custom_id=table_hand.custom_id)
    assert refused.ephemeral and "not seated" in text_of(refused)
    unchanged()

    # a legal pick is played only once confirmed; the old menu is stale afterwards
    single = next(a for a in v.legal_actions if isinstance(a, Move) and a.kind == "single")
    keep_stale(env, hand)  # the older copy keeps its menu on screen (its retiring edit is late)
    second_hand = await open_hand(alice, place)  # a second copy of the hand: the live one now
    chosen = await pick(alice, second_hand, card_values(single, v))
    assert table.seq == before[0], "picking asks to confirm; nothing is played yet"
    confirm_message = chosen.response.message
    confirm = next(b for b in step_buttons(confirm_message) if b.custom_id.endswith(f":{single}"))
    await alice.click(confirm_message, custom_id=confirm.custom_id)
    assert table.seq == before[0] + 1
    stale_pick = await pick(alice, hand, card_values(single, v))
    assert stale_pick.ephemeral and "earlier turn" in text_of(stale_pick)
    # not alice's turn now (a CPU's)
    refused = answer(await alice.slash(place.thread, "doudizhu play", action="pass"))
    assert "not your turn" in refused.content
    assert table.seq == before[0] + 1
