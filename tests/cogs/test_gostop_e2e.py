"""Go-Stop end to end: real cogs, real store and renderer, on SimCord's simulated Discord.

Matches are three rounds long (``rounds: 3``) on fixed deals; the human clicks the first button
each time (so calls Go whenever offered), the CPUs play through ``engine.ai.gostop.heuristic``.
"""

from __future__ import annotations

from typing import Any

import store
from cogs.gostop.spec import SPEC
from engine.hanafuda import gostop as gs
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
    match_over,
    open_hand,
    play_one_move,
    post_text,
    rules_options,
    setup_guild,
    start_vs_cpu,
    step_buttons,
    the_table,
)

START = "gostop start"


async def play_match_watching(env: Any, place: Place, human: Any, table: Any, seat: int) -> list[Any]:
    """Play to the end like ``harness.play_match``; returns the hands shown at each Go/Stop decision."""
    decisions: list[Any] = []
    for _ in range(3000):
        if match_over(place):
            return decisions
        if is_turn_of(human, place):
            if table.view(seat).phase is gs.Phase.DECIDE:
                decisions.append(await open_hand(human, place))
            await play_one_move(human, place)
            await env.advance_time(THINK_TIME)
        else:
            await env.advance_time(TEST_CPU_DELAY)
    raise AssertionError("the match did not end")


async def wait_to_play_a_card(env: Any, place: Place, who: Any, table: Any, seat: int) -> None:
    """Let the CPUs move (and answer ``who``'s other decisions) until ``who`` must play a card."""
    for _ in range(80):
        if is_turn_of(who, place):
            if table.view(seat).phase is gs.Phase.PLAY:
                return
            await play_one_move(who, place)
        else:
            await env.advance_time(TEST_CPU_DELAY)
    raise AssertionError("never our turn")


# --- whole matches ----------------------------------------------------------------------------


async def test_human_plays_a_two_player_match_against_the_cpu_to_the_end(
    simcord_env, simcord_bot, monkeypatch
):
    fix_seed(monkeypatch, 18)
    env = simcord_env
    guild, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START, rounds=3)
    table = the_table(simcord_bot)
    assert table.rules.rounds == 3 and len(table.seats) == 2
    assert [s.is_cpu for s in table.seats] == [False, True]
    first = place.last_table()
    assert "table.png" in [a.filename for a in first.attachments]
    assert "Round 1" in post_text(first) and "Round 1/3" in post_text(first).splitlines()[-2]
    hand = table.view(0).hand
    assert hand is not None and len(hand) >= 10, "two players get ten cards each (jokers come on top)"

    decisions = await play_match_watching(env, place, alice, table, 0)

    final = place.last_table()
    assert "match.png" in [a.filename for a in final.attachments]
    everything = "\n".join(post_text(m) for m in place.table_messages())
    assert "End of round 3" in everything and "alice wins the match" in post_text(final)
    assert sum(a.filename.startswith("round-") for m in place.table_messages() for a in m.attachments) == 3
    assert decisions, "the deal brings alice to a Go/Stop decision"
    for decision in decisions:  # Go/Stop buttons say the score and what a Go risks
        labels = [b.label for b in buttons(decision)]
        assert any(label.startswith("Stop: win now with") for label in labels)
        assert any(label.startswith("Go #") for label in labels)
        assert "go-bak" in decision.content
    rows = await store.leaderboard(simcord_bot.db, guild.id, "gostop")
    assert [r.user_id for r in rows] == [alice.id] and rows[0].games == 1
    history = table.state.history
    assert sum(r.points[0] for r in history) == table.state.scores[0], "points are the final score"


async def test_one_human_and_two_cpus_play_a_three_player_match_to_the_end(
    simcord_env, simcord_bot, monkeypatch
):
    fix_seed(monkeypatch, 2)
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START, players=3, rounds=3)
    table = the_table(simcord_bot)
    assert [s.is_cpu for s in table.seats] == [False, True, True]
    assert table.rules.rounds == 3 and "threshold 3" in post_text(place.last_table())
    hand = table.view(0).hand
    assert hand is not None and len(hand) >= 7, "three players get seven cards each"
    await play_match_watching(env, place, alice, table, 0)
    final = place.last_table()
    assert "match.png" in [a.filename for a in final.attachments]
    assert "wins the match" in post_text(final) or "tie" in post_text(final)
    *_, match_line, _, status = post_text(final).splitlines()  # the match, the deal revealed, the status
    assert all(s.name in match_line for s in table.seats), "the final totals name every seat"
    assert "match over" in status, "the status line does not repeat them"
    assert sum(table.state.scores) == 0, "Go-Stop is zero-sum"


# --- moves: autocomplete, refusals ------------------------------------------------------------


async def test_autocomplete_equals_the_acting_seats_legal_moves(simcord_env, simcord_bot, monkeypatch):
    fix_seed(monkeypatch, 5)
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    place = await start_vs_cpu(env, channel, alice, command=START, rounds=3)
    table = the_table(simcord_bot)
    await wait_to_play_a_card(env, place, alice, table, 0)
    view = table.view(0)
    choices = await alice.autocomplete(place.thread, "gostop play", "action", "")
    assert [c["value"] for c in choices] == [SPEC.to_player(str(a)) for a in view.legal_actions]
    assert [c["name"] for c in choices] == [SPEC.action_label(a, view, "en") for a in view.legal_actions]
    assert await bob.autocomplete(place.thread, "gostop play", "action", "") == []

    hand = await open_hand(alice, place)
    offered = {b.custom_id.rsplit(":", 1)[1].split(".")[0] for b in step_buttons(hand)}
    first_steps = {SPEC.action_steps(a, view, "en")[0].key for a in view.legal_actions}
    assert offered == first_steps, "the hand's buttons are the first steps of the legal moves"

    move = SPEC.to_player(str(view.legal_actions[0]))
    before = table.seq
    played = answer(await alice.slash(place.thread, "gostop play", action=move))
    assert played.flags.ephemeral and table.seq > before


async def test_a_bad_click_or_text_is_refused_and_changes_nothing(simcord_env, simcord_bot, monkeypatch):
    fix_seed(monkeypatch, 11)
    env = simcord_env
    _, channel, (alice, carol) = setup_guild(env, "alice", "carol")
    place = await start_vs_cpu(env, channel, alice, command=START, rounds=3)
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
    refused = answer(await alice.slash(place.thread, "gostop play", action="hello"))
    assert refused.flags.ephemeral and "`hello` is not a move of this game" in refused.content
    first = SPEC.to_player(str(mine.legal_actions[0]))
    assert f"`{first}`" in refused.content, "the refusal lists the legal moves, as players type them"
    theirs = SPEC.to_player(next(c for c in table.view(1).hand or ()))
    refused = answer(await alice.slash(place.thread, "gostop play", action=theirs))
    assert f"`{theirs}` is not in your hand" in refused.content
    refused = answer(await alice.slash(place.thread, "gostop play", action="stop"))
    assert refused.flags.ephemeral and f"`{first}`" in refused.content, "no Stop before the threshold"
    refused = answer(await carol.slash(place.thread, "gostop play", action=first))
    assert "not seated" in refused.content
    await unchanged()


# --- rules, demo ----------------------------------------------------------------------------


async def test_rules_command_lists_the_options(simcord_env):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    preset = await alice.slash(channel, "gostop rules", preset="five")
    assert preset.ephemeral and "`threshold_2p` = `5`" in await rules_options(alice, preset)
    await start_vs_cpu(env, channel, alice, command=START, options="bonus_cards=0 go_bak=off")
    result = await alice.slash(Place(channel, env).thread, "gostop rules")
    assert result.ephemeral and "Rules of this table" in result.response.embeds[0].title
    assert "고도리" in result.response.embeds[0].description
    options = await rules_options(alice, result)
    assert "`bonus_cards` = `0`" in options and "`go_bak` = `off`" in options
    assert "`rounds` = `12`" in options


# --- shake, bomb, pi steal: clicked in the hand ------------------------------------------------
# Deals found with the engine (2 players, preset "seed", 3 rounds; the CPU plays as the table's
# ``seeded_rng(seed, "cpu", seq)`` makes it): seed 8 lets alice shake month 9 at her first turn,
# seed 41 lets her bomb month 1, and at seed 13, after the CPU's shake and 1b, alice's 1a makes a
# jjok that takes a pi from the CPU. Each test checks its deal first, so a changed deal fails loudly.


async def click_action(env: Any, actor: Any, place: Place, action: gs.Action, view: gs.GoStopView) -> Any:
    """Open the hand and click the buttons of ``action``, step by step; returns the last message."""
    keys = [s.key for s in SPEC.action_steps(action, view, "en")]
    message = await open_hand(actor, place)
    for i in range(len(keys)):
        path = ".".join(keys[: i + 1])
        button = next((b for b in step_buttons(message) if b.custom_id.endswith(f":{path}")), None)
        assert button is not None, f"no {path} button in {[b.custom_id for b in step_buttons(message)]}"
        result = await actor.click(message, custom_id=button.custom_id)
        message = result.response.message if result.response else message
    await env.advance_time(THINK_TIME)
    return message


def public_text(place: Place) -> str:
    return "\n".join(post_text(m) for m in place.table_messages())


def line_with(text: str, needle: str) -> str:
    found = [line for line in text.splitlines() if needle in line]
    assert found, f"no line with {needle!r} in:\n{text}"
    return found[-1]


async def test_human_shakes_with_the_button_then_plays(simcord_env, simcord_bot, monkeypatch):
    fix_seed(monkeypatch, 8)
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START, rounds=3)
    table = the_table(simcord_bot)
    view = table.view(0)
    assert view.to_act == 0 and gs.Shake(9) in view.legal_actions, "the deal: alice may shake month 9"
    assert sorted(c for c in view.hand or () if c.startswith("9")) == ["9a", "9b", "9c"]

    hand = await open_hand(alice, place)
    assert "you may **shake**" in hand.content
    shake = next(b for b in step_buttons(hand) if b.custom_id.endswith(":shake9"))
    assert shake.label == "Shake month 9 (흔들 heundeul, ×2 if you win)"
    before = table.seq
    after_shake = await click_action(env, alice, place, gs.Shake(9), view)

    view = table.view(0)
    assert table.seq == before + 1 and view.shakes == (1, 0)
    assert view.phase is gs.Phase.PLAY and view.to_act == 0, "a shake is no move: alice still plays a card"
    assert gs.Shake(9) not in view.legal_actions, "a month is shaken once"
    assert "9a" in (view.hand or ()), "the shown cards stay in the hand"
    line = line_with(public_text(place), "**shakes (흔들 heundeul)**")
    assert line.startswith("🫨 alice ") and all(f"`9{x}`" in line for x in "abc")
    assert "shakes and bombs: 1" in after_shake.content, "the hand updates after the click"

    play = next(a for a in view.legal_actions if isinstance(a, gs.Play))
    await click_action(env, alice, place, play, view)
    assert table.seq == before + 2 and table.view(0).to_act == 1
    assert table.view(0).shakes == (1, 0) and table.view(1).shakes == (1, 0), "everyone sees the shake"


async def test_human_drops_a_bomb_with_the_button(simcord_env, simcord_bot, monkeypatch):
    fix_seed(monkeypatch, 41)
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START, rounds=3)
    table = the_table(simcord_bot)
    view = table.view(0)
    assert view.to_act == 0 and gs.Bomb(1) in view.legal_actions, "the deal: alice may bomb month 1"
    assert "1d" in view.field and {"1a", "1b", "1c"} <= set(view.hand or ())

    hand = await open_hand(alice, place)
    assert "you may **bomb**" in hand.content
    bomb = next(b for b in step_buttons(hand) if b.custom_id.endswith(":bomb1"))
    assert bomb.label == "Bomb month 1 (폭탄 poktan): take all four"
    before = table.seq
    await click_action(env, alice, place, gs.Bomb(1), view)

    view = table.view(0)
    assert table.seq == before + 1 and view.to_act == 1, "a bomb is alice's whole move"
    assert {"1a", "1b", "1c", "1d"} <= set(view.captured[0]) and "1d" not in view.field
    assert not any(c.startswith("1") and len(c) == 2 for c in view.hand or ())
    assert view.shakes == (1, 0), "a bomb counts as a shake"
    assert view.free_flips == (2, 0), "a bomb of three earns two free flips"
    text = public_text(place)
    line = line_with(text, "drops a **bomb (폭탄)**")
    assert line.startswith("💣 alice ") and all(f"`1{x}`" in line for x in "abc")
    line = line_with(text, "**bomb (폭탄)**, all four!")
    assert line.startswith("alice takes ") and all(f"`1{x}`" in line for x in "abcd")
    assert "CPU 1 has no chaff to give alice." in text, "the bomb's steal finds the CPU without chaff"


async def test_human_jjok_takes_a_pi_from_the_cpu(simcord_env, simcord_bot, monkeypatch):
    fix_seed(monkeypatch, 13)
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    # alice's jjok starts from a card that pairs with nothing while she holds cards that do: the
    # seed preset makes pairing compulsory, free_discard allows it.
    place = await start_vs_cpu(env, channel, alice, command=START, rounds=3, options="free_discard=on")
    table = the_table(simcord_bot)
    await wait_to_play_a_card(env, place, alice, table, 0)
    view = table.view(0)
    assert table.seq == 2 and view.shakes == (0, 1), "the deal: the CPU shook, then played"
    assert "1c" in view.captured[1] and "1c" not in view.captured[0], "the CPU holds the pi 1c"
    predicted, events = gs.apply(table.state, gs.Play(gs.parse_card("1a")))
    assert gs.PiStolen(thief=0, victim=1, card="1c", reason="steal") in events, "the deal: 1a makes a jjok"

    await click_action(env, alice, place, gs.Play(gs.parse_card("1a")), view)

    assert table.seq == 3 and table.state == predicted
    after = table.view(0)
    assert "1c" in after.captured[0] and "1c" not in after.captured[1], "the pi moved from CPU 1 to alice"
    assert {"1a", "1d"} <= set(after.captured[0])
    assert len(after.captured[1]) == len(view.captured[1]) - 1
    text = public_text(place)
    line = line_with(text, "**jjok (쪽)**")
    assert line.startswith("alice takes ") and "`1a`" in line and "`1d`" in line
    assert line_with(text, "🫳 alice takes").endswith("`1c` from CPU 1.")


# --- one numbering: the number on the face is the number typed -------------------------------
# Hwatu faces number paulownia 11 and willow 12 (Korean order); the engine's stored notation
# numbers them the Japanese way (12x, 11x). Seed 65 deals alice, first to play, both the
# paulownia chaff (engine 12c, face 11) and the willow ribbon (engine 11c, face 12), each playable.


async def test_typing_the_number_on_the_face_plays_that_card(simcord_env, simcord_bot, monkeypatch):
    fix_seed(monkeypatch, 65)
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START, rounds=3)
    table = the_table(simcord_bot)
    view = table.view(0)
    paulownia, willow = gs.Play(gs.parse_card("12c")), gs.Play(gs.parse_card("11c"))
    assert view.to_act == 0 and {paulownia, willow} <= set(view.legal_actions), "the deal"

    choices = await alice.autocomplete(place.thread, "gostop play", "action", "")
    offered = {c["value"]: c["name"] for c in choices}
    assert offered["11c"].startswith("11c Paulownia chaff"), offered
    assert offered["12c"].startswith("12c Willow red ribbon"), offered

    hand = await open_hand(alice, place)
    labels = {b.custom_id.rsplit(":", 1)[1]: b.label for b in step_buttons(hand)}
    assert labels["12c"].startswith("11c Paulownia") and labels["11c"].startswith("12c Willow")

    played = answer(await alice.slash(place.thread, "gostop play", action="11c"))
    assert played.flags.ephemeral and "Paulownia chaff" in played.content
    assert [row.action for row in await store.actions_for(simcord_bot.db, table.id)][-1] == "12c", (
        "the log keeps the engine's notation, so stored games replay"
    )
    assert "12c" not in (table.view(0).hand or ()) and "11c" in (table.view(0).hand or ())
    assert "Paulownia chaff `11c`" in public_text(place)


async def test_a_refusal_names_cards_by_the_number_on_their_face(simcord_env, simcord_bot, monkeypatch):
    fix_seed(monkeypatch, 17)  # the CPU holds the rain man (engine 11a, face 12); alice does not
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START, rounds=3)
    table = the_table(simcord_bot)
    assert "11a" in (table.view(1).hand or ()) and not {"11a", "12a"} & set(table.view(0).hand or ())
    refused = answer(await alice.slash(place.thread, "gostop play", action="12a"))
    assert "`12a` is not in your hand" in refused.content
    refused = answer(await alice.slash(place.thread, "gostop play", action="13a"))
    assert "`13a`" in refused.content, "a typed text that is no card reads back as typed"
