"""Issue 28, "Done when": a scripted human-vs-CPU match per game, counted (``match_counts``).

Run with ``-s`` to print each match's counts (the figures in docs/table-flow.md).
"""

from __future__ import annotations

import pytest

from cogs.table import autopass
from engine.registry import ENGINES
from tests.cogs.match_counts import MATCHES, Counts, Style, play_counted

_played: dict[tuple[str, Style], Counts] = {}


async def counted(env, bot, game: str, style: Style) -> Counts:
    counts = await play_counted(env, bot, MATCHES[game], style)
    print("\n" + counts.line())
    return counts


@pytest.mark.parametrize("game", sorted(MATCHES))
async def test_a_scripted_match_is_counted(simcord_env, simcord_bot, game):
    """The harness plays every game to its end and counts what the human did."""
    counts = await counted(simcord_env, simcord_bot, game, Style.LIVE_HAND)
    assert counts.moves > 0 and counts.turns > 0 and counts.rounds >= 1
    assert counts.clicks >= counts.moves - counts.forced, "every move the human made took a click"
    assert counts.private_opened >= 1 and counts.posts_left >= 1
    # One card per board: each round's board card stays (a round's sheet opens the next), a yaku
    # or a bomb stays at the top of its round's card, then the results card.
    assert counts.posts_left <= 2 * counts.rounds + 1, f"posts left ≤ 2 per round + results: {counts.line()}"


@pytest.mark.usefixtures("auto_pass")
@pytest.mark.parametrize("game", [g for g in sorted(MATCHES) if ENGINES[g].has_passes])
async def test_forced_passes_cost_no_click_with_auto_pass_on(simcord_env, simcord_bot, game):
    """Issue 28: with auto-pass on (the default), a pass that is the human's only move is made for
    them: a person who looks at their turn as long as the longest auto-pass pause never has to
    click it. (The other tests of this file play with auto-pass off, clicking every move.)"""
    counts = await play_counted(
        simcord_env, simcord_bot, MATCHES[game], Style.LIVE_HAND, think=autopass.DELAY[1]
    )
    print("\n" + counts.line())
    assert counts.forced_passes > 0, "the match had forced passes"
    assert counts.forced_pass_clicks == 0, f"{counts.forced_pass_clicks} clicks on forced passes"
