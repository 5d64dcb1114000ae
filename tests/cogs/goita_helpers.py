"""Driving a Goita table (match or memory game) by its hand buttons, for the Goita e2e tests."""

from __future__ import annotations

from typing import Any

from cogs.goita.spec import SPEC
from tests.cogs.harness import Place, answer, step_buttons


def offered_keys(message: Any) -> set[str]:
    """The step keys of a hand's buttons (``bG``, ``pass``…), the Back button left out."""
    return {
        b.custom_id.rsplit(":", 1)[1].split(".")[-1]
        for b in step_buttons(message)
        if not b.custom_id.endswith(":")
    }


def first_keys(view: Any, spec: Any = SPEC) -> set[str]:
    return {spec.action_steps(a, view, "en")[0].key for a in view.legal_actions}


async def hand_by_command(actor: Any, place: Place) -> Any:
    """``/goita hand``: the same private hand as the "My hand" button (no history to scan)."""
    result = await actor.slash(place.thread, "goita hand")
    assert result.ephemeral
    return answer(result).message


async def click_steps(actor: Any, message: Any, table: Any) -> None:
    """Click the first button of each step of ``message`` until a move is played."""
    seq = table.seq
    for _ in range(4):
        steps = [b for b in step_buttons(message) if not b.custom_id.endswith(":")]
        assert 0 < len(steps) <= 24, f"no move offered: {message.content}"
        result = await actor.click(message, custom_id=steps[0].custom_id)
        if table.seq != seq or table.status != "active":
            return
        message = result.response.message
    raise AssertionError("the clicks played nothing")


async def click_one_move(actor: Any, place: Place, table: Any) -> None:
    """Open the hand and click the first button of each step until the move is played."""
    await click_steps(actor, await hand_by_command(actor, place), table)


def human_to_act(table: Any, humans: dict[int, Any]) -> Any:
    seat = table.to_act()
    if table.status != "active" or seat is None or seat.cpu_plays:
        return None
    return humans.get(seat.index)
