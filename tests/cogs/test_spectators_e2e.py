"""Spectators (issue 18, part 2): anyone watches a live match privately, sees no hidden card and
cannot act; a player's coach sees that one hand, nobody else does; the board counts the watchers;
a restart keeps it all."""

from __future__ import annotations

from typing import Any

import pytest

import store.spectators as spectator_store
from i18n import card_name
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    Place,
    answer,
    buttons,
    game_snapshot,
    open_hand,
    play_one_move,
    post_text,
    quit_match,
    setup_guild,
    start_vs_cpu,
    step_buttons,
    the_table,
    two_player_table,
    wait_for_turn,
)
from tests.cogs.test_limits_e2e import forge

WATCHING = "You are watching this match; only seated players can play."


class Renders:
    """Every view the game's renderer is given: the table image's and the hand image's."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, spec: Any) -> None:
        self.tables: list[Any] = []
        self.hands: list[Any] = []
        real_table, real_hand = spec.render_table, spec.render_hand

        def render_table(view: Any, *args: Any, **kwargs: Any) -> bytes:
            self.tables.append(view)
            return real_table(view, *args, **kwargs)

        def render_hand(view: Any, *args: Any, **kwargs: Any) -> bytes:
            self.hands.append(view)
            return real_hand(view, *args, **kwargs)

        monkeypatch.setattr(spec, "render_table", render_table)
        monkeypatch.setattr(spec, "render_hand", render_hand)

    def clear(self) -> None:
        self.tables.clear()
        self.hands.clear()


def button_id(message: Any, suffix: str) -> str:
    return next(b.custom_id for b in buttons(message) if (b.custom_id or "").endswith(suffix))


async def watch(actor: Any, message: Any) -> Any:
    """Click **Watch** on ``message`` (the board or the lobby); the private view it opens."""
    result = await actor.click(message, custom_id=button_id(message, ":watch"))
    assert result.ephemeral, result
    return result


def hidden_names(table: Any) -> list[str]:
    """The English names of every card in a hand (nobody but that seat may see them)."""
    engine = table.spec.engine
    return [
        card_name(card, "en")
        for seat in range(len(table.seats))
        for card in engine.view(table.state, seat).hand
    ]


def files(message: Any) -> list[str]:
    return [a.filename for a in message.attachments]


async def test_a_spectator_sees_the_public_table_live_and_cannot_act(simcord_env, simcord_bot, monkeypatch):
    env = simcord_env
    _, channel, (alice, carol) = setup_guild(env, "alice", "carol")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    renders = Renders(monkeypatch, table.spec)

    watched = await watch(carol, place.last_table())
    view = answer(watched)
    assert view.flags.ephemeral and files(view) == ["table.png"], "the table image, no hand"
    assert "You are watching" in post_text(view)
    assert all(name not in post_text(view) for name in hidden_names(table)), "no hidden card in the text"
    assert renders.tables and all(v.seat is None for v in renders.tables), "drawn from the public view"
    assert all(v.hand is None for v in renders.tables)
    assert not renders.hands, "no hand image was drawn for a spectator"
    assert view.id not in [m.id for m in place.thread.history(viewer=alice)], "only carol sees it"
    assert "👁 1 watching" in post_text(place.last_table()), "the board counts her (an edit, no new post)"
    assert not step_buttons(view.message), "a spectator's view has no control that plays"

    # It is live: the moves that follow redraw the same message.
    first = post_text(view)
    await wait_for_turn(env, place, alice)
    assert answer(watched).id == view.id and post_text(answer(watched)) != first

    # Nothing a spectator clicks or types acts, and each refusal says why.
    before = await game_snapshot(simcord_bot, table)
    board = place.last_table()
    mine = await carol.click(board, custom_id=button_id(board, ":hand"))
    assert mine.ephemeral and WATCHING in post_text(answer(mine))
    hand = await open_hand(alice, place)  # alice's own hand: its step and menu ids, forged by carol
    step = step_buttons(hand)[0].custom_id
    refused = await forge(carol, board, step)
    assert WATCHING in post_text(answer(refused))
    game, seq = step.split(":")[1:3]
    assert WATCHING in post_text(answer(await forge(carol, board, f"p:{game}:{seq}")))
    assert WATCHING in post_text(answer(await forge(carol, board, f"l:{game}:join")))
    typed = await carol.slash(place.thread, "move", action=step.split(":")[3] or "1a")
    assert typed.ephemeral and WATCHING in post_text(answer(typed))
    shown = await carol.slash(place.thread, "hand")
    assert shown.ephemeral and WATCHING in post_text(answer(shown))
    assert await game_snapshot(simcord_bot, table) == before, "nothing changed"

    # Stop watching: the view says so, the board counts one fewer.
    stopped = await carol.click(
        answer(watched).message, custom_id=button_id(answer(watched).message, ":stop")
    )
    assert "stopped watching" in post_text(answer(stopped))
    assert "watching" not in post_text(place.last_table())
    assert not await spectator_store.spectators(simcord_bot.db, table.id)


async def test_watch_from_the_lobby_and_by_command_and_the_count(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob, carol, dave) = setup_guild(env, "alice", "bob", "carol", "dave")
    lobby = await alice.slash(channel, "koikoi start")
    waiting = await watch(carol, lobby.response.message)
    assert "not started yet" in post_text(answer(waiting)) and not answer(waiting).attachments
    bob_watched = await watch(bob, lobby.response.message)  # bob watches the lobby, then takes a seat
    await bob.click(lobby.response.message, label="Join")
    refused = await bob.click(lobby.response.message, custom_id=button_id(lobby.response.message, ":watch"))
    assert "have a seat" in post_text(answer(refused)), "a player watches through My hand"
    await alice.click(lobby.response.message, label="Start")
    place = Place(channel, env)
    assert files(answer(waiting)) == ["table.png"], "the lobby's watcher sees the match once it starts"
    assert "have a seat" in post_text(answer(bob_watched)) and not answer(bob_watched).attachments
    assert "👁 1 watching" in post_text(place.last_table()), "a player is not counted"
    await env.advance_time(5)  # Discord's 5 s window for the thread's posts
    assert button_id(lobby.response.message, ":watch"), "the started lobby keeps a Watch button"

    by_command = await dave.slash(place.thread, "watch")
    assert by_command.ephemeral and files(answer(by_command)) == ["table.png"]
    assert "👁 2 watching" in post_text(place.last_table())
    table = the_table(simcord_bot)
    elsewhere = await dave.slash(channel, "watch", game=table.id)  # by number, from another channel
    assert files(answer(elsewhere)) == ["table.png"]
    assert "👁 2 watching" in post_text(place.last_table()), "one view per person"
    nothing = await dave.slash(channel, "watch", game=table.id + 100)
    assert "no running match" in post_text(answer(nothing))

    actor = next(p for p in (alice, bob) if table.to_act().user_id == p.id)
    await play_one_move(actor, place)
    assert "👁 2 watching" in post_text(place.last_table()), "the count stays through the moves"


async def test_a_coach_sees_exactly_one_hand_and_everyone_is_told(
    simcord_env, simcord_bot, settings, make_bot, monkeypatch
):
    env = simcord_env
    _, channel, (alice, carol, dave) = setup_guild(env, "alice", "carol", "dave")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    renders = Renders(monkeypatch, table.spec)
    coach_view = await watch(carol, place.last_table())
    other_view = await watch(dave, place.last_table())
    hand = await open_hand(alice, place)

    assert post_text(answer(await alice.slash(place.thread, "coach show", user=alice))) == (
        "You cannot be your own coach."
    )
    renders.clear()
    set_up = await alice.slash(place.thread, "coach show", user=carol)
    assert set_up.ephemeral and "carol now sees your hand" in post_text(answer(set_up))
    line = "🎓 alice shows their hand to carol"
    assert line in post_text(place.last_table()), "the board says it"
    assert line in post_text(answer(coach_view)) and line in post_text(answer(other_view))
    assert line in hand.content or line in (await open_hand(alice, place)).content, "alice's hand says it"
    assert files(answer(coach_view)) == ["table.png", "hand.png"], "the coach sees alice's hand"
    assert "alice shows you their hand" in post_text(answer(coach_view))
    assert files(answer(other_view)) == ["table.png"], "the other spectator does not"
    assert {v.seat for v in renders.hands} == {0}, "only alice's seat's hand was drawn"
    assert all(v.seat is None for v in renders.tables)
    assert WATCHING in post_text(answer(await dave.slash(place.thread, "coach show", user=carol)))
    taken = await alice.slash(place.thread, "coach show", user=dave)  # replaces carol
    assert taken.ephemeral and "dave now sees your hand" in post_text(answer(taken))
    assert files(answer(coach_view)) == ["table.png"] and files(answer(other_view)) == [
        "table.png",
        "hand.png",
    ]
    await alice.slash(place.thread, "coach show", user=carol)
    assert files(answer(coach_view)) == ["table.png", "hand.png"] and files(answer(other_view)) == [
        "table.png"
    ]

    # A restart keeps the coach, the views and the count.
    new_bot = make_bot(settings)
    await env.restart_bot(new_bot)
    resumed = the_table(new_bot)
    assert {s: c.user_id for s, c in resumed.live.coaches.items()} == {0: carol.id}
    assert set(resumed.live.watchers) == {carol.id, dave.id}
    token = resumed.live.watchers[carol.id].token
    edits = sum(r.method == "PATCH" and token in r.path for r in env.http_requests)
    await play_one_move(alice, place)
    await env.advance_time(TEST_CPU_DELAY)
    await wait_for_turn(env, place, alice)
    assert sum(r.method == "PATCH" and token in r.path for r in env.http_requests) > edits, (
        "the coach's view still follows the match, through its stored token"
    )
    assert resumed.live.watchers[carol.id].shown_seq == resumed.seq
    assert files(answer(coach_view)) == ["table.png", "hand.png"]
    assert line in post_text(place.last_table()) and "👁 2 watching" in post_text(place.last_table())

    off = await alice.slash(place.thread, "coach off")
    assert "carol no longer sees your hand" in post_text(answer(off))
    assert files(answer(coach_view)) == ["table.png"] and line not in post_text(answer(coach_view))
    assert line not in post_text(place.last_table())
    assert not await spectator_store.coaches(new_bot.db, resumed.id)
    again = await alice.slash(place.thread, "coach off")
    assert "Nobody sees your hand" in post_text(answer(again))


async def test_a_view_expires_reopens_in_one_click_and_ends_with_the_match(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, carol) = setup_guild(env, "alice", "carol")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    watched = await watch(carol, place.last_table())
    assert "👁 1 watching" in post_text(place.last_table())

    await env.advance_time(14 * 60 + 1)  # the token lives 15 minutes
    expired = answer(watched)
    assert "Watch again" in [b.label for b in buttons(expired.message)] and not expired.attachments
    assert "watching" not in post_text(place.last_table()), "an expired view is not counted"
    assert not await spectator_store.spectators(simcord_bot.db, table.id)
    again = await carol.click(expired.message, custom_id=button_id(expired.message, ":watch"))
    assert answer(again).id == expired.id and files(answer(again)) == ["table.png"], "the same message"
    assert "👁 1 watching" in post_text(place.last_table())

    await alice.slash(place.thread, "coach show", user=carol)
    assert await spectator_store.coaches(simcord_bot.db, table.id)
    await quit_match(alice, place.thread)
    assert post_text(answer(again)) == "The match is over." and not answer(again).attachments
    assert not await spectator_store.spectators(simcord_bot.db, table.id)
    assert not await spectator_store.coaches(simcord_bot.db, table.id), "the coach ends with the match"


async def test_a_coach_is_one_spectator_for_one_seat_and_ends_when_the_seat_changes_hands(
    simcord_env, simcord_bot
):
    env = simcord_env
    _, channel, (alice, bob, carol, dave) = setup_guild(env, "alice", "bob", "carol", "dave")
    place = await two_player_table(env, channel, alice, bob, rounds=3)
    table = the_table(simcord_bot)
    bobs = next(s.index for s in table.seats if s.user_id == bob.id)
    coach_view = await watch(carol, place.last_table())
    await watch(dave, place.last_table())
    player = await alice.slash(place.thread, "coach show", user=bob)
    assert "plays at this match" in post_text(answer(player)) and not table.live.coaches
    await bob.slash(place.thread, "coach show", user=carol)
    taken = await alice.slash(place.thread, "coach show", user=carol)
    assert "already sees another player's hand" in post_text(answer(taken))
    assert [c.user_id for c in table.live.coaches.values()] == [carol.id], "one hand for one coach"
    assert files(answer(coach_view)) == ["table.png", "hand.png"]
    assert "👁 2 watching" in post_text(place.last_table())

    await env.advance_time(5)  # the thread's posts and edits so far are out of Discord's 5 s window
    asked = await alice.slash(place.thread, "table replace", seat=bobs + 1, player=dave)
    await bob.click(asked.response.message, label="Agree")  # bob is present: his consent
    assert not table.live.coaches and not await spectator_store.coaches(simcord_bot.db, table.id)
    assert files(answer(coach_view)) == ["table.png"], "bob's coach does not see dave's hand"
    assert "🎓" not in post_text(place.last_table())
    assert set(table.live.watchers) == {carol.id}, "dave plays now: he is not watching any more"
    assert "👁 1 watching" in post_text(place.last_table())
