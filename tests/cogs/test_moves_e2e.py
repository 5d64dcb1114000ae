"""Moves by slash command (``/move``, ``/koikoi play``, ``/hand``) end to end on SimCord.

Deals are chosen by searching seeds with the engine itself, so the situations a test needs (a
card matching two field cards, a drawn card with a choice, Koi-Koi and Shōbu) come up in a few
moves whatever the engine's deal order is.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import store
from cogs.koikoi.spec import SPEC
from cogs.table.spec import GameSpec
from cogs.table.typed import MAX_CHOICES, choices_for, fold
from engine.hanafuda import koikoi as kk
from engine.hanafuda.cards import CARDS, card, cards
from i18n import card_name
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    THINK_TIME,
    Place,
    answer,
    buttons,
    fix_seed,
    match_over,
    post_text,
    setup_guild,
    step_buttons,
    the_table,
    two_player_table,
)
from tests.typed import unchecked

RULES = kk.rules_from("seed", {"rounds": 3})


# --- helpers ----------------------------------------------------------------------------------


def values(choices: list[dict[str, Any]]) -> list[str]:
    return [c["value"] for c in choices]


def legal(table, seat_index: int) -> list[str]:
    return [str(a) for a in table.view(seat_index).legal_actions]


async def stored(bot, table) -> list[str]:
    return [row.action for row in await store.actions_for(bot.db, table.id)]


def first_seed(found: Callable[[kk.KoiKoiView], bool]) -> int:
    """A seed whose opening position (for the seat to act) satisfies ``found``."""
    for seed in range(1, 5000):
        state, _ = kk.ENGINE.begin(2, RULES, seed)
        seat = kk.to_act(state)
        if seat is not None and found(kk.view(state, seat)):
            return seed
    raise AssertionError("no such deal")


# --- a whole match by /move only --------------------------------------------------------------


async def test_a_whole_match_against_the_cpu_played_only_by_slash_commands(
    simcord_env, simcord_bot, monkeypatch
):
    fix_seed(monkeypatch, 7)
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    await alice.slash(channel, "koikoi start", opponent="cpu", rounds=3)
    place = Place(channel, env)
    table = the_table(simcord_bot)
    seat = table.seat_of(alice.id)
    played = 0
    for _ in range(600):
        if table.status != "active":
            break
        if table.to_act() is not seat:
            assert await alice.autocomplete(place.thread, "move", "action", "") == []
            await env.advance_time(TEST_CPU_DELAY)
            continue
        choices = await alice.autocomplete(place.thread, "move", "action", "")
        assert values(choices) == legal(table, seat.index)
        before = table.seq
        result = await alice.slash(place.thread, "move", action=choices[0]["value"])
        reply = answer(result)
        assert result.ephemeral and reply.content.startswith("✅ You played"), reply.content
        assert table.seq == before + 1
        if table.status == "active":
            assert [a.filename for a in reply.attachments] == ["hand.png"]
        played += 1
        await env.advance_time(THINK_TIME)
    assert match_over(place)
    assert played >= 12, "alice played every one of her moves by /move"
    assert "match.png" in [a.filename for a in place.last_table().attachments]
    assert len(await stored(simcord_bot, table)) == table.seq


# --- two humans typing: /koikoi play for one seat, /move for the other -------------------------


def scripted(view: kk.KoiKoiView, seen: list[str]) -> kk.Action:
    """First legal move, except: take a two-way capture once, Koi-Koi once, then Shōbu."""
    legal_now = view.legal_actions
    if view.phase is kk.Phase.DECIDE:
        return kk.KoiKoi() if "koikoi" not in seen and kk.KoiKoi() in legal_now else kk.Shobu()
    if "target" not in seen:
        for action in legal_now:
            if isinstance(action, kk.Play) and action.target is not None:
                return action
    return legal_now[0]


def kind(action: kk.Action) -> str:
    if isinstance(action, kk.Play):
        return "target" if action.target is not None else "play"
    return {kk.Capture: "drawn", kk.KoiKoi: "koikoi", kk.Shobu: "shobu"}[type(action)]


def scripted_seed(limit: int = 40) -> int:
    """A deal where the script meets every kind of typed move, ending with Shōbu."""
    wanted = {"target", "drawn", "koikoi", "shobu"}
    for seed in range(1, 5000):
        state, _ = kk.ENGINE.begin(2, RULES, seed)
        seen: list[str] = []
        for _ in range(limit):
            seat = kk.to_act(state)
            if seat is None:
                break
            action = scripted(kk.view(state, seat), seen)
            seen.append(kind(action))
            if isinstance(action, kk.Shobu):
                break
            state, _ = kk.apply(state, action)
        if wanted <= set(seen):
            return seed
    raise AssertionError("no such deal")


async def test_two_humans_type_moves_with_koikoi_play_and_move(simcord_env, simcord_bot, monkeypatch):
    fix_seed(monkeypatch, scripted_seed())
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    place = await two_player_table(env, channel, alice, bob, rounds=3)
    table = the_table(simcord_bot)
    seen: list[str] = []
    for _ in range(40):
        seat = table.to_act()
        actor, command = (alice, "koikoi play") if seat.user_id == alice.id else (bob, "move")
        view = table.view(seat.index)
        choices = await actor.autocomplete(place.thread, command, "action", "")
        assert values(choices) == legal(table, seat.index)
        action = scripted(view, seen)
        before, log = table.seq, await stored(simcord_bot, table)
        if isinstance(action, kk.Play) and action.target is not None:  # the card alone is ambiguous:
            # refused, nothing changes
            refused = answer(await actor.slash(place.thread, command, action=str(action.card)))
            assert refused.flags.ephemeral and "matches two field cards" in refused.content
            assert str(action) in refused.content, "the refusal lists the legal moves"
            assert (table.seq, await stored(simcord_bot, table)) == (before, log)
        typed = str(action) if not isinstance(action, kk.Capture) else f" > {str(action.target).upper()} "
        result = await actor.slash(place.thread, command, action=typed)
        assert result.ephemeral and answer(result).content.startswith("✅"), answer(result).content
        assert table.seq == before + 1 and (await stored(simcord_bot, table))[-1] == str(action)
        if table.to_act() is seat and table.view(seat.index).phase is kk.Phase.DECIDE:
            assert "made a yaku" in answer(result).content, "the reply shows the next decision"
        seen.append(kind(action))
        if kind(action) == "shobu":
            break
        await env.advance_time(THINK_TIME)
    assert {"target", "drawn", "koikoi", "shobu"} <= set(seen)
    assert any("calls **Koi-Koi!**" in post_text(m) for m in place.table_messages())


# --- autocomplete ---------------------------------------------------------------------------


async def test_autocomplete_offers_only_the_acting_seats_own_legal_moves(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob, carol) = setup_guild(env, "alice", "bob", "carol")
    place = await two_player_table(env, channel, alice, bob, rounds=3)
    table = the_table(simcord_bot)
    acting = table.to_act()
    waiting = next(s for s in table.seats if s is not acting)
    actor, other = (alice, bob) if acting.user_id == alice.id else (bob, alice)
    view = table.view(acting.index)

    for command in ("move", "koikoi play"):
        choices = await actor.autocomplete(place.thread, command, "action", "")
        assert values(choices) == [str(a) for a in view.legal_actions]
        assert [c["name"] for c in choices] == [SPEC.action_label(a, view, "en") for a in view.legal_actions]
        assert all(0 < len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices)
        assert await other.autocomplete(place.thread, command, "action", "") == []
        assert await other.autocomplete(place.thread, command, "action", "1") == []
        assert await carol.autocomplete(place.thread, command, "action", "") == []
    # the lobby channel is the same table's place
    assert values(await actor.autocomplete(channel, "move", "action", "")) == legal(table, acting.index)

    # nothing hidden leaks: only the seat's own hand and the field appear
    visible = {*view.hand, *view.field}
    named = {c for choice in choices for c in CARDS if str(c) in choice["value"].split(">")}
    assert named <= visible
    hidden = set(table.view(waiting.index).hand) - visible
    visible_names = {c.name("ja") for c in visible}
    for c in hidden:
        if c.name("ja") not in visible_names:
            assert not any(c.name("ja") in choice["name"] for choice in choices)


async def test_autocomplete_filters_by_notation_and_by_names_in_other_languages(
    simcord_env, simcord_bot, monkeypatch
):
    def holds_a_march_card(view: kk.KoiKoiView) -> bool:
        hand = view.hand or ()
        return any(c.month == 3 for c in hand) and any(c.month != 3 for c in hand)

    fix_seed(monkeypatch, first_seed(holds_a_march_card))
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    place = await two_player_table(env, channel, alice, bob, rounds=3)
    table = the_table(simcord_bot)
    acting = table.to_act()
    actor = alice if acting.user_id == alice.id else bob
    view = table.view(acting.index)
    everything = [str(a) for a in view.legal_actions]

    def labels(value: str) -> list[str]:
        action = kk.parse_action(value)
        return [value, *(SPEC.action_label(action, view, lang) for lang in ("en", "fr"))]

    by_month = values(await actor.autocomplete(place.thread, "move", "action", "3"))
    assert {v for v in everything if v.startswith("3")} <= set(by_month)
    assert all(any("3" in text for text in labels(v)) for v in by_month)
    assert len(by_month) < len(everything)

    # a French name, typed in capitals by an English-speaking user, and a Japanese name
    play = next(a for a in view.legal_actions if fold(card_name(a.card, "fr")) not in fold(labels(str(a))[1]))
    french = card_name(play.card, "fr").upper()
    found = values(await actor.autocomplete(place.thread, "move", "action", french))
    assert str(play) in found and len(found) < len(everything)
    japanese = play.card.name("ja")
    found = values(await actor.autocomplete(place.thread, "move", "action", japanese))
    assert str(play) in found
    assert all(japanese in " ".join(labels(v)) for v in found)
    assert await actor.autocomplete(place.thread, "move", "action", "zzz") == []


def test_choices_are_capped_and_labels_fit_discord():
    class Many(GameSpec):  # only action_label: the rest keeps the base class defaults
        def action_label(self, action: Any, view: Any, locale: str) -> str:
            return f"{action} " + "long label " * 20

    view = SimpleNamespace(legal_actions=tuple(f"m{i}" for i in range(40)))
    choices = choices_for(Many(), view, "en", "")
    assert len(choices) == MAX_CHOICES
    assert all(len(c.name) <= 100 and c.name.endswith("…") for c in choices)
    assert [c.value for c in choices_for(Many(), view, "en", "M3")] == [
        "m3",
        *(f"m{i}" for i in range(30, 40)),
    ]


def test_koikoi_labels_in_each_language():
    view = unchecked(  # a stand-in: what the labels read
        SimpleNamespace(
            field=cards("1c 3b 3c 3d 8a 8b"),
            pending_draw=card("8c"),
            stop_score=SimpleNamespace(points=(0, 9)),
            seat=1,
        )
    )
    label = SPEC.action_label
    assert (
        label(kk.Play(card("1a")), view, "en")
        == "1a Crane and sun (松に鶴) → capture 1c Pine chaff (松のカス)"
    )
    assert label(kk.Play(card("2a")), view, "en") == "2a Bush warbler (梅に鶯) → to the field"
    assert label(kk.Play(card("3a")), view, "en").endswith("→ capture 3b, 3c, 3d")
    assert label(kk.Play(card("3a"), card("3c")), view, "en").endswith("→ capture 3c Cherry chaff (桜のカス)")
    assert label(kk.Capture(card("8a")), view, "en").startswith("Drawn 8c ")
    assert label(kk.KoiKoi(), view, "en").startswith("Koi-Koi!")
    assert label(kk.Shobu(), view, "en") == "Shōbu (勝負) — stop with 9 points"
    assert label(kk.Shobu(), view, "fr") == "Shōbu (勝負) — arrêter avec 9 points"
    fr = label(kk.Play(card("1a")), view, "fr")
    assert fr.startswith(f"1a {card_name(card('1a'), 'fr')} (松に鶴) → prendre 1c")
    for c in CARDS:  # every card, with the longest capture it can make, fits a choice
        mates = tuple(m for m in CARDS if m.month == c.month and m != c)
        wide = unchecked(SimpleNamespace(field=mates, pending_draw=mates[0], stop_score=None, seat=0))
        for action in (kk.Play(c), kk.Play(c, mates[0]), kk.Capture(c)):
            for lang in ("en", "fr"):
                text = label(action, wide, lang)
                assert len(text) <= 100 and not text.endswith("…"), text


# --- refusals --------------------------------------------------------------------------------


async def test_text_that_is_not_a_legal_move_is_refused_and_changes_nothing(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob, carol) = setup_guild(env, "alice", "bob", "carol")
    place = await two_player_table(env, channel, alice, bob, rounds=3)
    table = the_table(simcord_bot)
    acting = table.to_act()
    waiting = next(s for s in table.seats if s is not acting)
    actor, other = (alice, bob) if acting.user_id == alice.id else (bob, alice)
    before = (table.seq, table.state, await stored(simcord_bot, table), len(place.messages()))

    async def refused(who, text: str, command: str = "move") -> str:
        result = await who.slash(place.thread, command, action=text)
        reply = answer(result)
        assert result.ephemeral and reply.flags.ephemeral
        assert (table.seq, table.state, await stored(simcord_bot, table), len(place.messages())) == before
        return reply.content

    assert "`hello` is not a move of this game" in (text := await refused(actor, "hello"))
    assert "Your moves now:" in text and str(table.view(acting.index).legal_actions[0]) in text
    assert "`13z` is not a card" in await refused(actor, "3a>13z")
    theirs = str(table.view(waiting.index).hand[0])  # a real card, but in the other hand
    assert f"`{theirs}` is not in your hand" in (text := await refused(actor, theirs, "koikoi play"))
    assert "Your moves now:" in text
    assert "does not fit this moment" in await refused(actor, "koikoi")
    mine = str(table.view(acting.index).legal_actions[0])
    assert "not your turn" in await refused(other, mine)
    assert "not seated" in await refused(carol, mine)


async def test_commands_where_no_match_is_played_are_refused(simcord_env, simcord_bot):
    env = simcord_env
    guild, channel, (alice,) = setup_guild(env, "alice")
    empty = guild.create_text_channel("empty")
    for command, options in (("move", {"action": "3a"}), ("koikoi play", {"action": "3a"}), ("hand", {})):
        result = await alice.slash(empty, command, **options)
        assert result.ephemeral and "There is no game in this channel" in answer(result).content
    assert await alice.autocomplete(empty, "move", "action", "") == []
    await alice.slash(channel, "koikoi start")  # a lobby, waiting for a second player
    result = await alice.slash(channel, "move", action="3a")
    assert result.ephemeral and "has not started" in answer(result).content
    assert await alice.autocomplete(channel, "move", "action", "") == []
    assert not await store.actions_for(simcord_bot.db, the_table(simcord_bot).id)


# --- /hand ---------------------------------------------------------------------------------------


async def test_hand_command_shows_the_private_hand_at_any_table(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, bob, carol) = setup_guild(env, "alice", "bob", "carol")
    place = await two_player_table(env, channel, alice, bob, rounds=3)
    table = the_table(simcord_bot)
    acting = table.to_act()
    actor, other = (alice, bob) if acting.user_id == alice.id else (bob, alice)
    mine = await actor.slash(place.thread, "hand")
    reply = answer(mine)
    assert mine.ephemeral and reply.flags.ephemeral
    assert [a.filename for a in reply.attachments] == ["hand.png"]
    assert "Your hand" in reply.content and step_buttons(reply.message), "the acting seat can click its move"
    theirs = answer(await other.slash(channel, "hand"))  # from the lobby channel too
    assert theirs.flags.ephemeral and not step_buttons(theirs.message)
    assert "Waiting for" in theirs.content
    assert reply.id not in [m.id for m in place.thread.history(viewer=carol)]
    nobody = await carol.slash(place.thread, "hand")
    assert nobody.ephemeral and "not seated" in answer(nobody).content
    assert table.seq == 0 and not any(b.custom_id.endswith(":rematch") for b in buttons(place.last_table()))
