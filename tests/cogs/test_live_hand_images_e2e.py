"""A live hand is drawn again only when what its image shows changed (issue 27: images per move).

After every move at the table each live hand is edited (its text says whose turn it is, its
buttons carry the move number), but while its player waits and their pieces stay as they are
the image would come out the same: the edit keeps the image already on the message (no drawing,
no upload) and changes only the text and the buttons. A hand whose pieces, the attack it must
answer, its moves or the move started in it changed is drawn again, and so is every hand after
a restart (what a message's image shows is not stored).

Goita shows this best: four seats, the hand shows the pieces and the attack (a CPU's pass
changes neither), and its **Auto-pass** switch carries the move number while the seat waits.
"""

from __future__ import annotations

import asyncio
import io
from collections import Counter
from typing import Any

import pytest
from PIL import Image

from cogs.table import render_pool
from cogs.table.typed import choices_for
from engine.hanafuda import koikoi as kk
from render.hanafuda.hand_row import choice_height
from tests.cogs.goita_helpers import click_steps
from tests.cogs.harness import (
    TEST_CPU_DELAY,
    THINK_TIME,
    Place,
    buttons,
    fix_seed,
    is_turn_of,
    play_one_move,
    post_text,
    seed_where,
    setup_guild,
    start_vs_cpu,
    step_buttons,
    the_table,
    two_player_table,
    wait_for_turn,
)


def count_hand_draws(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """The images drawn from now on, by spec method (``render_live_hand``: a live hand)."""
    drawn: Counter[str] = Counter()
    real_draw = render_pool.draw

    async def counting_draw(game: str, spec: Any, method: str, *args: Any) -> Any:
        drawn[method] += 1
        return await real_draw(game, spec, method, *args)

    monkeypatch.setattr(render_pool, "draw", counting_draw)
    return drawn


async def open_live_hand(actor: Any, place: Place) -> Any:
    """Click "My hand" on the board; the answer (read again at each ``.message``)."""
    board = place.last_table()
    mine = next(b for b in buttons(board) if (b.custom_id or "").endswith(":hand"))
    result = await actor.click(board, custom_id=mine.custom_id)
    assert result.ephemeral
    return result.response


def image_id(message: Any) -> int:
    (image,) = [a for a in message.attachments if a.filename == "hand.png"]
    return int(image.id)


def switch_seq(message: Any) -> int:
    """The move number on the hand's Auto-pass switch (``t:{game}:{seq}:autopass``)."""
    (switch,) = [b for b in buttons(message) if (b.custom_id or "").endswith(":autopass")]
    return int(switch.custom_id.split(":")[2])


def goita_looks(table: Any, seat: int) -> tuple[Any, ...]:
    """What a Goita hand image shows: the seat's pieces, the attack, the pieces that block it."""
    view = table.view(seat)
    return view.hand, view.attack, view.legal_actions


async def goita_vs_cpus(env: Any, bot: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Place, Any]:
    fix_seed(monkeypatch, 7)
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command="goita start", target=15)
    return alice, place, the_table(bot)


async def test_a_waiting_hand_keeps_its_image_and_follows_the_turn_in_its_text_and_buttons(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    alice, place, table = await goita_vs_cpus(env, simcord_bot, monkeypatch)
    seat = table.seats[0]
    live = await open_live_hand(alice, place)
    drawn = count_hand_draws(monkeypatch)

    def snapshot() -> tuple[int, tuple[Any, ...], int, int]:
        return table.seq, goita_looks(table, 0), drawn["render_live_hand"], image_id(live.message)

    kept = redrawn = 0
    before = snapshot()
    for _ in range(60):
        if table.status != "active" or (kept >= 3 and redrawn >= 3):
            break
        if table.to_act() is seat:  # alice plays in her live hand (the same message)
            await click_steps(alice, live.message, table)
            await env.advance_time(THINK_TIME)
            before = snapshot()
            continue
        await env.advance_time(TEST_CPU_DELAY)
        after = snapshot()
        if after[0] == before[0]:
            continue
        message = live.message
        if table.to_act() is not seat:
            assert switch_seq(message) == table.seq, "the hand's buttons carry the current move"
            waiting = f"Waiting for {table.to_act().name} to play."
            assert waiting in post_text(message), "its text says whose turn it is"
        if after[1] == before[1] and after[0] == before[0] + 1:
            assert after[2] == before[2], "nothing it shows changed: no hand drawn"
            assert after[3] == before[3], "the edit kept the image on the message"
            kept += 1
        elif after[1] != before[1]:
            assert after[2] > before[2] and after[3] != before[3], "its pieces or the attack changed"
            redrawn += 1
        before = after
    assert kept >= 3 and redrawn >= 3, f"passes kept the image {kept} times, changes redrew it {redrawn}"


async def test_the_auto_pass_switch_edits_the_hand_without_drawing_it(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    alice, place, table = await goita_vs_cpus(env, simcord_bot, monkeypatch)
    live = await open_live_hand(alice, place)
    drawn = count_hand_draws(monkeypatch)
    image, seq = image_id(live.message), table.seq
    switch = next(b for b in buttons(live.message) if (b.custom_id or "").endswith(":autopass"))
    assert switch.label == "Auto-pass: on", "on by default"
    await alice.click(live.message, custom_id=switch.custom_id)
    after = next(b for b in buttons(live.message) if (b.custom_id or "").endswith(":autopass"))
    assert table.seq == seq and after.label == "Auto-pass: off", "the switch shows its new state"
    assert drawn["render_live_hand"] == 0 and image_id(live.message) == image, "the same image"


async def test_a_hand_is_drawn_again_when_a_move_started_in_it_changes_its_focus(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Koi-Koi: the first click of a card matching two field cards shows them (a new image);
    Back shows the hand as it was (drawn again: the message showed the choice)."""

    def two_targets(view: kk.KoiKoiView) -> bool:
        return view.phase is kk.Phase.PLAY and any(
            isinstance(a, kk.Play) and a.target for a in view.legal_actions
        )

    env = simcord_env
    seed, moves = seed_where(two_targets)
    fix_seed(monkeypatch, seed)
    _, channel, (alice, bob) = setup_guild(env, "alice", "bob")
    place = await two_player_table(env, channel, alice, bob, rounds=3)
    for _ in range(moves):
        await play_one_move(alice if is_turn_of(alice, place) else bob, place)
        await env.advance_time(THINK_TIME)
    actor = alice if is_turn_of(alice, place) else bob
    table = the_table(simcord_bot)
    view = table.view(table.seat_of(actor.id).index)
    card = next(a.card for a in view.legal_actions if isinstance(a, kk.Play) and a.target)
    live = await open_live_hand(actor, place)
    drawn = count_hand_draws(monkeypatch)
    plain, plain_height = image_id(live.message), await hand_height(live.message)

    chooser = next(b for b in step_buttons(live.message) if b.custom_id.endswith(f":{card}"))
    await actor.click(live.message, custom_id=chooser.custom_id)
    focused = image_id(live.message)
    assert drawn["render_live_hand"] == 1 and focused != plain, "the choice is drawn"
    assert await hand_height(live.message) == plain_height + choice_height()

    back = next(b for b in buttons(live.message) if b.label == "Back")
    await actor.click(live.message, custom_id=back.custom_id)
    assert drawn["render_live_hand"] == 2 and image_id(live.message) not in (plain, focused)
    assert await hand_height(live.message) == plain_height, "the hand as it was"


async def hand_height(message: Any) -> int:
    (image,) = [a for a in message.attachments if a.filename == "hand.png"]
    return int(Image.open(io.BytesIO(await image.read())).height)


async def test_after_a_restart_the_first_refresh_draws_the_hand(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch, make_bot: Any, settings: Any
) -> None:
    """What a message's image shows is not stored: the next bot draws each live hand once, then
    keeps that image while nothing it shows changes."""
    env = simcord_env
    alice, place, table = await goita_vs_cpus(env, simcord_bot, monkeypatch)
    live = await open_live_hand(alice, place)
    before = image_id(live.message)

    pieces = table.view(0).hand
    drawn = count_hand_draws(monkeypatch)
    second = make_bot(settings)
    await env.restart_bot(second)
    table = the_table(second)
    assert table.view(0).hand == pieces, "nothing was played meanwhile"
    assert drawn["render_live_hand"] == 1 and image_id(live.message) != before, "drawn once"
    assert table.live.hands[0].shown_seq == table.seq


async def test_a_typed_move_draws_its_answer_and_not_the_hand_it_replaces(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``/move`` answers with a new hand; the older one is retired as replaced. The board posted
    meanwhile must not have that older hand drawn first (for nobody to see)."""
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, rounds=3)
    table = the_table(simcord_bot)
    await wait_for_turn(env, place, alice)
    older = await open_live_hand(alice, place)
    seat = table.seat_of(alice.id).index
    (choice, *_) = choices_for(table.spec, table.view(seat), "en", "")
    seq = table.seq
    drawn: Counter[str] = Counter()
    real_draw = render_pool.draw

    async def answer_after_the_board(game: str, spec: Any, method: str, *args: Any) -> Any:
        """The answer is drawn once the move's board is out and the flush that posted it is
        over (a busy bot: the answer waits in the render queue while the announcer runs)."""
        drawn[method] += 1
        if method == "render_live_hand" and drawn[method] == 1:
            outbox = table.outbox
            while outbox.announced <= seq or (outbox.announcing is not None and not outbox.announcing.done()):
                await asyncio.sleep(0.01)
        return await real_draw(game, spec, method, *args)

    monkeypatch.setattr(render_pool, "draw", answer_after_the_board)
    result = await alice.slash(place.thread, "move", action=choice.value)
    assert table.seq == seq + 1 and result.ephemeral
    assert "replaced" in older.message.content and not older.message.attachments
    assert drawn["render_live_hand"] == 1, "only the answer is drawn"
