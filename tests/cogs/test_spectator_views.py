"""A spectator's view in every game, built directly (no simulated Discord): the table image is
drawn from the public view only, no hand is drawn for a spectator, and a coach gets exactly the
one hand of the seat that chose them."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from cogs.table import cards
from cogs.table.coach import board_lines, not_seated
from cogs.table.model import Coach, Seat, Table
from cogs.table.private_message import PrivateMessage
from cogs.table.spectators import Watcher, view_message
from tsuki.bot import game_specs

SPECS = game_specs()
COACH, OTHER = 900, 901  # user ids of two spectators


def live_table(game: str, moves: int = 5) -> Table:
    """A running table of ``game`` after ``moves`` first-legal moves, people in every seat."""
    spec: Any = SPECS[game]
    engine = spec.engine
    seats = engine.min_seats
    table = Table(
        id=1,
        game=game,
        spec=spec,
        guild_id=1,
        channel_id=1,
        host_id=100,
        rules=engine.rules_from(None, {}),
        options={"seats": seats},
        locale="en",
        turn_timeout=300,
        status="active",
    )
    table.seats = [Seat(i, 100 + i, f"P{i}") for i in range(seats)]
    table.state, _ = engine.begin(seats, table.rules, 11)
    for _ in range(moves):
        seat = engine.to_act(table.state)
        if seat is None:
            break
        table.state, _ = engine.apply(table.state, engine.view(table.state, seat).legal_actions[0])
        table.seq += 1
    return table


@pytest.mark.parametrize("game", sorted(SPECS))
async def test_a_spectator_sees_the_public_view_and_a_coach_one_hand(game: str, monkeypatch) -> None:
    table = live_table(game)
    drawn: dict[str, list[Any]] = {"table": [], "hand": []}
    real_table, real_hand = table.spec.render_table, table.spec.render_hand

    def render_table(view: Any, *args: Any) -> bytes:
        drawn["table"].append(view)
        return real_table(view, *args)

    monkeypatch.setattr(table.spec, "render_table", render_table)
    owners: list[str | None] = []

    def render_hand(view: Any, locale: str, owner: str | None = None) -> bytes:
        drawn["hand"].append(view)
        owners.append(owner)
        return real_hand(view, locale, owner)

    monkeypatch.setattr(table.spec, "render_hand", render_hand)

    plain = await view_message(table, OTHER, "en")
    assert [f.filename for f in plain["attachments"]] == ["table.png"]
    assert [v.seat for v in drawn["table"]] == [None] and not drawn["hand"]
    assert "You are watching" in card_text(plain)
    assert card_images(plain) == ["table.png"], "one card: its text, the image it names, its buttons"

    table.live.coaches[0] = Coach(0, COACH, "Ben")
    coached = await view_message(table, COACH, "en")
    assert [f.filename for f in coached["attachments"]] == ["table.png", "hand.png"]
    assert [v.seat for v in drawn["hand"]] == [0], "exactly seat 0's hand, for its coach"
    assert owners == ["P0"], "titled with its player's name, not 'Your hand'"
    assert "P0 shows their hand to Ben" in card_text(coached)
    assert card_images(coached) == ["table.png", "hand.png"]
    other = await view_message(table, OTHER, "en")
    assert [f.filename for f in other["attachments"]] == ["table.png"], "nobody else gets it"
    assert "P0 shows their hand to Ben" in card_text(other)
    assert all(v.seat is None for v in drawn["table"]) and len(drawn["hand"]) == 1
    buttons = [b.custom_id for b in cards.walk(other["view"].children) if isinstance(b, discord.ui.Button)]
    assert buttons == ["w:1:watch", "w:1:stop"], "a spectator's only controls act on nothing"

    drawn["table"].clear()
    shared: dict[Any, Any] = {}  # one refresh: every spectator reading English shares one drawing
    for user_id in (OTHER, OTHER + 1, COACH):
        await view_message(table, user_id, "en", shared)
    assert len(drawn["table"]) == 1 and len(drawn["hand"]) == 2


def card_text(payload: dict[str, Any]) -> str:
    """The text of a view's card (a V2 message has no content)."""
    assert isinstance(payload["view"], discord.ui.LayoutView) and payload["content"] is None
    return "\n".join(
        c.content for c in payload["view"].walk_children() if isinstance(c, discord.ui.TextDisplay)
    )


def card_images(payload: dict[str, Any]) -> list[str]:
    """The attachments the card shows, in order (``attachment://name``)."""
    galleries = [c for c in payload["view"].walk_children() if isinstance(c, discord.ui.MediaGallery)]
    return [item.media.url.removeprefix("attachment://") for g in galleries for item in g.items]


def test_the_board_lines_and_who_is_told_they_watch() -> None:
    table = live_table("koikoi", moves=0)
    assert board_lines(table, "en") == []
    view = PrivateMessage("t", 1, 0.0)
    table.live.watchers = {OTHER: Watcher(OTHER, view, "en"), 100: Watcher(100, view, "en")}
    table.live.coaches[1] = Coach(1, COACH, "Ben")
    assert board_lines(table, "en") == ["🎓 P1 shows their hand to Ben", "👁 1 watching"], (
        "a player is not counted"
    )
    assert not_seated(table, OTHER).key == "spectating" and not_seated(table, COACH).key == "spectating"
    assert not_seated(table, 12345).key == "not_seated"
