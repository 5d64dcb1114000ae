"""Issue 26: a game that exists only in the tests (High Card, ``tests/sixth_game/``) joins with one
line and plays end to end: lobby, hand buttons, ``/move`` with autocomplete, the board image, the
results post, ratings and ``/leaderboard``, ``/help``, ``/highcard rules`` and ``/replay``, with no
shared module naming it. Its author followed ``docs/adding-a-game.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

import cogs.ratings.leaderboard
import cogs.ratings.profile
import store
from cogs.table import cpu_pool
from tests.cogs.harness import (
    THINK_TIME,
    Place,
    answer,
    buttons,
    is_turn_of,
    match_over,
    open_hand,
    play_match,
    post_text,
    setup_guild,
    step_buttons,
    the_table,
    two_player_table,
)
from tests.sixth_game import registration
from tsuki.bot import TsukiBot
from tsuki.settings import Settings

# The rating commands are defined before the game registers, as in a bot whose modules were all
# imported first: their game choices must still offer it (``refresh_game_choices``).
RATING_COGS = (cogs.ratings.leaderboard.LeaderboardCog, cogs.ratings.profile.ProfileCog)


@pytest.fixture(autouse=True)
def high_card() -> Iterator[None]:
    """High Card is registered before the bot starts, and only for this module's tests."""
    registration.register()  # the one line a game outside the tree writes
    yield
    registration.unregister()


@pytest.fixture
def simcord_bot(high_card: None, make_bot: Callable[[Settings], TsukiBot], settings: Settings) -> TsukiBot:
    """The bot, built once the game is registered (the shared fixtures start SimCord first)."""
    return make_bot(settings)


async def play_by_buttons(actor: Any, place: Any) -> None:
    """Open the hand from the table post and click the first card offered."""
    hand = await open_hand(actor, place)
    assert [a.filename for a in hand.attachments] == ["hand.png"]
    steps = [b for b in step_buttons(hand) if not b.custom_id.endswith(":")]
    assert steps, hand.content
    await actor.click(hand, custom_id=steps[0].custom_id)


async def play_by_move(actor: Any, place: Any, table: Any) -> None:
    """``/move`` as a player types it: the suggestions are exactly the seat's legal cards."""
    seat = table.seat_of(actor.id).index
    choices = await actor.autocomplete(place.thread, "move", "action", "")
    legal = [str(a) for a in table.view(seat).legal_actions]
    assert sorted(c["value"] for c in choices) == sorted(legal)
    result = await actor.slash(place.thread, "move", action=choices[0]["value"])
    assert result.ephemeral and answer(result).content.startswith("✅ You played"), answer(result).content


async def test_high_card_plays_end_to_end_through_the_shared_flow(simcord_env: Any, simcord_bot: Any) -> None:
    env = simcord_env
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")

    helped = await alice.slash(channel, "help")
    assert any(
        "**High Card** (cards, 2 players)" in (f.value or "") for f in helped.response.embeds[0].fields
    )
    rules = await alice.slash(channel, "highcard rules")
    shown = rules.response.message
    assert rules.ephemeral and "the higher card wins the trick" in shown.embeds[0].description
    assert [a.filename for a in shown.attachments] == ["highcard-rules.png"], "its rules card"
    for name in ("leaderboard", "stats", "history"):  # filled from the registry when the cog was made
        offered = simcord_bot.tree.get_command(name).get_parameter("game").choices
        assert [c.value for c in offered][-1:] == ["highcard"], name

    place = await two_player_table(env, channel, alice, bob, command="highcard start")
    table = the_table(simcord_bot)
    assert table.game == "highcard"
    assert [a.filename for a in place.last_table().attachments] == ["table.png"], "the board image"
    by_button = True
    for _ in range(20):
        if match_over(place):
            break
        actor = alice if is_turn_of(alice, place) else bob
        assert is_turn_of(actor, place)
        if by_button:
            await play_by_buttons(actor, place)
        else:
            await play_by_move(actor, place, table)
        by_button = not by_button
        await env.advance_time(THINK_TIME)
    assert match_over(place), "three tricks end the match"

    results = await store.results_for(simcord_bot.db, table.id)
    (winner,) = [r.seat for r in results if r.won]
    assert sum(r.points for r in results) == 3, "three cards each: three tricks in all"
    assert max(r.points for r in results) == next(r.points for r in results if r.seat == winner) >= 2
    last = place.last_table()
    assert any("wins the match!" in line for line in post_text(last).splitlines()), post_text(last)
    seats = [table.seat_of(p.id).index for p in (alice, bob)]
    ratings = [(await store.user_ratings(simcord_bot.db, p.id))["highcard"] for p in (alice, bob)]
    assert [(r.matches, r.wins) for r in ratings] == [(1, int(s == winner)) for s in seats]
    assert ratings[seats.index(winner)].rating.mu > ratings[1 - seats.index(winner)].rating.mu

    board = answer(await alice.slash(channel, "leaderboard", game="highcard"))
    assert "High Card leaderboard" in board.embeds[0].title
    assert "1. " in board.embeds[0].description and "alice" in board.embeds[0].description
    assert "bob" in board.embeds[0].description

    stats = answer(await bob.slash(channel, "stats", user=alice, game="highcard"))
    assert [a.filename for a in stats.attachments] == ["stats-highcard.png"]
    assert [f.name for f in stats.embeds[0].fields] == ["High Card"]

    replay = next(b for b in buttons(last) if (b.custom_id or "").startswith("rp:"))
    opened = answer(await bob.click(last, custom_id=replay.custom_id))
    assert opened.ephemeral and any(a.filename.endswith(".png") for a in opened.message.attachments)
    typed = answer(await alice.slash(channel, "replay", game=str(table.id)))
    assert typed.ephemeral and "move 0/6" in typed.message.content, typed.message.content


async def test_high_card_leaves_the_registries_after_its_tests() -> None:
    """The fixture's ``unregister`` takes the game out again (checked from inside: it is in)."""
    from cogs.registry import EXTENSIONS, GROUPS, SPECS
    from engine.registry import ENGINES

    assert "highcard" in SPECS and "highcard" in ENGINES
    assert "highcard" in GROUPS and registration.EXTENSION in EXTENSIONS
    registration.unregister()
    assert "highcard" not in SPECS and "highcard" not in ENGINES
    assert "highcard" not in GROUPS, "its start command is no longer offered (tsuki.local)"
    assert registration.EXTENSION not in EXTENSIONS
    registration.register()


async def test_its_strong_cpu_plays_in_the_bot_even_with_cpu_workers(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game outside the tree registers no CPU levels: its spec's ``cpu_choose`` plays every
    level in a thread of the bot, and the worker processes (which know only the registries' own
    games) are never asked, even when the settings have some."""
    assert simcord_bot.settings.cpu_workers > 0
    asked: list[str] = []
    monkeypatch.setattr(cpu_pool, "spawn_pool", lambda workers: asked.append("pool"))
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    started = await alice.slash(channel, "highcard start", opponent="cpu_strong")
    assert not started.ephemeral
    place = Place(channel, simcord_env)
    await play_match(simcord_env, place, [alice])
    assert match_over(place) and asked == []
