"""A live hand that only watches (the table passing for its player) keeps working (issue 28).

Discord lets the bot edit a live hand for 15 minutes after the player's last click in it; a pass
the table makes for them (auto-pass) is no click and renews nothing. So once the hand has less
than ``keep_live.RENEW_BEFORE`` left, each redraw offers **Keep my hand live**: that click
reopens the same message with a fresh token. The forced pass is still made for them, with no
click (the table never waits for it), and a fresh hand offers nothing.

Goita (docs/rules/goita.md, « S'il ne peut pas jouer …, il doit alors annoncer qu'il passe »):
a seat that cannot block can only pass. ``RENEW_BEFORE`` is set to a whole token's life, so any
live hand counts as ending soon (as one last clicked 12 minutes ago would).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cogs.table import keep_live
from cogs.table.private_message import TOKEN_LIFE
from i18n import t
from tests.cogs.harness import TEST_CPU_DELAY, answer, buttons
from tests.cogs.test_autopass_e2e import FINE_STEP, Spy, clicker, drive, forced_now, start

pytestmark = pytest.mark.usefixtures("auto_pass", "virtual_backoff")
KEEP = t("en", "table.keep_live")


def keep_button(message: Any) -> Any | None:
    return next((b for b in buttons(message) if b.label == KEEP), None)


def edits_with(env: Any, text: str) -> int:
    """How many of the bot's edits of private messages (webhook PATCHes) carry ``text``."""
    return sum(
        1
        for r in env.http_requests
        if r.method == "PATCH" and "/webhooks/" in r.path and text in json.dumps(r.json, ensure_ascii=False)
    )


async def test_a_hand_near_its_end_offers_the_click_that_keeps_it_live(
    simcord_env: Any, simcord_bot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = simcord_env
    alice, place, table = await start(env, simcord_bot, monkeypatch, "goita")
    spy = Spy(env)
    spy.install(monkeypatch, simcord_bot)
    click = clicker("goita", env, alice, place, table)
    await drive(env, table, click, lambda: forced_now(table), step=FINE_STEP)
    assert 0 in table.live.hands, "her live hand is open"
    assert not edits_with(env, KEEP), "a hand far from its end offers nothing"

    monkeypatch.setattr(keep_live, "RENEW_BEFORE", TOKEN_LIFE)  # from now on, it is near its end
    passed, hand = len(spy.forced()), table.live.hands[0]
    for _ in range(40):  # the table passes for her, with no click
        if len(spy.forced()) > passed:
            break
        await env.advance_time(FINE_STEP)
    assert len(spy.forced()) > passed and spy.forced()[-1].by == "human", "the table passed for her"
    await env.advance_time(TEST_CPU_DELAY + 1)  # a CPU moves: her hand is redrawn
    assert edits_with(env, KEEP), "her refreshed hand offers Keep my hand live"

    # Her hand, as Discord shows it now, and its button.
    result = await alice.slash(place.thread, "goita hand")  # a fresh hand (the older is retired)
    await env.advance_time(TEST_CPU_DELAY + 1)  # a CPU moves: it is redrawn, near its end too
    shown = answer(result).message
    button = keep_button(shown)
    assert button is not None, f"no {KEEP!r} button: {[b.label for b in buttons(shown)]}"
    token = table.live.hands[0].message.token
    clicked = await alice.click(shown, custom_id=button.custom_id)
    live = table.live.hands[0]
    assert live.message.token != token, "the click renewed the hand's token"
    assert live.message.message_id == shown.id, "in the same message"
    assert clicked.response is not None and not clicked.followups
    assert hand is not live
