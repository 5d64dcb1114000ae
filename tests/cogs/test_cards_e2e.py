"""Issue 28, one card per board: the board, the results and a spectator's view are each one
Components V2 card (text, image, buttons), whose routed buttons work from inside the card, whose
mentions notify nobody (the player to act gets a ping of their own), and which Discord's limits
are checked on (40 components, 4000 characters of text)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from cogs.table import cards, limits, messages
from cogs.table.elision import ELIDED, HEAD_KEEP, board_sections
from tests.cogs.harness import (
    answer,
    buttons,
    play_one_move,
    post_text,
    quit_match,
    setup_guild,
    start_vs_cpu,
    the_table,
    wait_for_turn,
)


def layout(message: Any) -> list[str]:
    """The card's parts, in reading order: ``container``, ``text``, ``image:<name>``, ``row``."""
    names = {
        discord.ComponentType.container: "container",
        discord.ComponentType.text_display: "text",
        discord.ComponentType.action_row: "row",
    }
    attached = {a.url: a.filename for a in message.attachments}
    parts = []
    for component in cards.walk(message.components):
        if component.type == discord.ComponentType.media_gallery:
            parts += [f"image:{attached.get(item.media.url, item.media.url)}" for item in component.items]
        elif component.type in names:
            parts.append(names[component.type])
    return parts


def notified(env: Any, message: Any) -> list[int]:
    """Who the message notified (SimCord keeps who a message pings apart from whom it shows)."""
    return list(env.backend.messages[message.channel.id][message.id].ping_user_ids)


def pings(place: Any) -> list[Any]:
    return [m for m in place.messages() if any((b.custom_id or "").endswith(":turn") for b in buttons(m))]


async def test_the_board_is_one_card_whose_mention_notifies_nobody_and_whose_buttons_work(
    simcord_env, simcord_bot
):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    await wait_for_turn(env, place, alice)
    board = place.last_table()
    assert board.flags.components_v2 and not board.content and not board.embeds
    parts = layout(board)
    assert parts[:3] == ["container", "text", "image:table.png"] and parts[-1] == "row", parts
    text = post_text(board)
    assert f"<@{alice.id}>" in text.splitlines()[-1] and "<t:" in text, "whose turn and its deadline, last"
    assert notified(env, board) == [], "the board shows the mention but notifies nobody"
    (ping,) = pings(place)
    assert notified(env, ping) == [alice.id], "the ping, a message of its own, notifies alice"

    hand_button = next(b for b in buttons(board) if b.custom_id.endswith(":hand"))
    opened = await alice.click(board, custom_id=hand_button.custom_id)
    assert opened.ephemeral and opened.response.attachments, (
        "My hand, clicked inside the card, opens the hand"
    )


async def test_a_board_posted_before_cards_turns_into_one_at_its_next_edit(
    simcord_env, simcord_bot, monkeypatch
):
    """A match running across the upgrade: its board is a classic post (content, image, buttons);
    the next move's edit turns that same post into a card, its content cleared as Discord
    requires (it refuses a card with content)."""
    real = messages.board_message
    posted: list[bool] = []

    async def classic_first(table: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        payload = await real(table, *args, **kwargs)
        if posted:
            return payload
        posted.append(True)
        texts = [c.content for c in payload["view"].walk_children() if isinstance(c, discord.ui.TextDisplay)]
        view = messages.table_view(table, finished=False)
        return {"content": texts[0], "files": payload["files"], "view": view}

    monkeypatch.setattr(messages, "board_message", classic_first)
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    (classic,) = place.table_messages()
    assert not classic.flags.components_v2 and classic.content, "posted the old way"
    await wait_for_turn(env, place, alice)
    await play_one_move(alice, place)  # the board is edited with her move
    (board,) = place.table_messages()
    assert board.id == classic.id and board.flags.components_v2 and not board.content
    assert layout(board)[:3] == ["container", "text", "image:table.png"]


async def test_a_spectator_view_is_a_card_to_its_last_words(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice, carol) = setup_guild(env, "alice", "carol")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    board = place.last_table()
    watch = next(b for b in buttons(board) if (b.custom_id or "").endswith(":watch"))
    watched = await carol.click(board, custom_id=watch.custom_id)
    view = answer(watched)
    assert view.ephemeral and view.flags.components_v2
    assert layout(view.message)[:3] == ["container", "text", "image:table.png"]
    assert "You are watching" in post_text(view)
    assert "👁 1 watching" in post_text(place.last_table()), "the board's card is edited with the count"
    assert layout(place.last_table())[:3] == ["container", "text", "image:table.png"], "its image stays"

    stop = next(b for b in buttons(view.message) if (b.custom_id or "").endswith(":stop"))
    stopped = await carol.click(view.message, custom_id=stop.custom_id)
    last = answer(stopped)
    assert last.flags.components_v2 and "stopped watching" in post_text(last) and not last.attachments
    assert the_table(simcord_bot).live.watchers == {}


async def test_the_results_are_one_card_with_rematch_and_replay(simcord_env, simcord_bot):
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    await quit_match(alice, place.thread)
    await env.advance_time(1)
    results = place.last_table()
    assert results.flags.components_v2 and "forfeits" in post_text(results)
    assert {b.custom_id.rsplit(":", 1)[-1] for b in buttons(results)} >= {"rematch", "open"}
    assert notified(env, results) == []


def test_a_card_is_fitted_to_discords_limits() -> None:
    """4000 characters of text at most (the longest text gives way), 40 components at most."""
    long = cards.card("x" * 5000, ["table.png"])
    fitted = limits.fit({"view": long})["view"]
    (text,) = [c for c in fitted.walk_children() if isinstance(c, discord.ui.TextDisplay)]
    assert len(text.content) == limits.CARD_TEXT and text.content.endswith(limits.ELLIPSIS)

    crowded = discord.ui.View()
    for i in range(25):
        crowded.add_item(discord.ui.Button(label=str(i), custom_id=f"b{i}"))
    with pytest.raises(limits.LimitError):  # 1 container + 1 text + 10 images + 5 rows + 25 buttons
        cards.card("t", [f"{i}.png" for i in range(10)], crowded)


async def test_a_select_menu_gets_a_row_of_its_own_and_buttons_go_five_to_a_row() -> None:
    controls = discord.ui.View()
    controls.add_item(discord.ui.Select(custom_id="p", options=[discord.SelectOption(label="a")]))
    for i in range(7):
        controls.add_item(discord.ui.Button(label=str(i), custom_id=f"b{i}"))
    card = cards.card("t", [], controls)
    rows = [c for c in card.walk_children() if isinstance(c, discord.ui.ActionRow)]
    assert [len(r.children) for r in rows] == [1, 5, 2]
    assert card.is_finished(), "stopped: its buttons are routed by custom_id, not kept live"


def test_a_notable_move_joins_the_head_of_the_rounds_card_and_what_opened_it_stays() -> None:
    """A yaku, a call or a bomb no longer opens a post: its lines join the head of the round's
    card under the turns before it (older ones marked dropped), and the lines that opened the
    post (the start, the sealed deal: /verify reads it there) are never cut."""
    opened = ["🎴 The match begins!", "🔒 Deal sealed: `#1 sha256:…`"]
    head, log = board_sections([], [], opened, ["Round 1"], fresh=True, notable=True)
    opening = len(head)
    for n in range(20):
        head, log = board_sections(head, log, [], [f"turn {n}"], fresh=False, notable=False)
    head, log = board_sections(head, log, [], ["🎉 a yaku"], fresh=False, notable=True, opening=opening)
    assert head[:opening] == [*opened, "Round 1"] and log == []
    assert head[-2:] == ["turn 19", "🎉 a yaku"] and ELIDED in head, "the turns before it, then the moment"
    for n in range(30):
        head, log = board_sections(
            head, log, [], [f"turn {n}"], fresh=False, notable=n % 3 == 0, opening=opening
        )
    assert head[:opening] == [*opened, "Round 1"], "what opened the post stays, however long the round"
    assert len(head) <= opening + HEAD_KEEP + 1 and head[opening] == ELIDED
