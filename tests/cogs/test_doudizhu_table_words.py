"""Dou Dizhu's table words as a new player reads them (issue 28's reading of whole matches):
no "stakes ×—" while nobody is landlord yet, each figure once at the end of the match, and the
start command's number of deals called "deals", as the table says ("Deal 1/3").

Seed (docs/rules/doudizhu.md): « Le joueur qui a misé le plus haut devient le propriétaire » —
the stakes exist once a landlord is chosen; before, only the bidding is shown.
"""

from __future__ import annotations

from typing import Any

import pytest

from cogs.doudizhu.commands import DoudizhuCog
from cogs.doudizhu.spec import SPEC as DOUDIZHU
from cogs.table.podium import number, signed
from engine import doudizhu as dz
from i18n import t

LOCALES = ("en", "fr", "ja", "ko", "zh-CN", "zh-TW")
NAMES = ("alice", "CPU 1", "CPU 2")


def _play(stop: Any) -> tuple[Any, list[Any]]:
    """A one-deal match played with everyone's first legal action, until ``stop(state)``; the
    state and the events of the last move."""
    state, events = dz.ENGINE.begin(3, dz.rules_from("seed", {"hands": 1}), 3)
    while not stop(state):
        state, events = dz.ENGINE.apply(state, dz.ENGINE.legal_actions(state)[0])
    return state, list(events)


def _bidding(state: Any) -> bool:
    view = dz.ENGINE.view(state, None)
    return view.phase is dz.Phase.BID and view.bid > 0


@pytest.mark.parametrize("locale", LOCALES)
def test_no_stakes_are_shown_before_a_landlord_is_chosen(locale: str) -> None:
    """Before the first bid and after it, the status line reads as the bidding ("no bid yet",
    "highest bid 1"), with no "×—" stakes; once a landlord is chosen it shows the stakes."""
    begun, _ = dz.ENGINE.begin(3, dz.rules_from("seed", {"hands": 1}), 3)
    bid, _ = _play(_bidding)
    chosen, _ = _play(lambda s: dz.ENGINE.view(s, None).landlord is not None)
    before = [DOUDIZHU.status_text(dz.ENGINE.view(s, None), NAMES, locale) for s in (begun, bid)]
    for line in before:
        assert "—" not in line and "×" not in line, line
    assert before[0] != before[1], "the first bid shows"
    after = dz.ENGINE.view(chosen, None)
    assert f"×{after.factor}" in DOUDIZHU.status_text(after, NAMES, locale)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_end_of_the_match_gives_each_total_once(locale: str) -> None:
    """The last deal's line gives each seat's change for the deal; the match's line gives the
    totals, winners first; the board's status line under them repeats no score."""
    over, events = _play(lambda s: dz.ENGINE.outcome(s) is not None)
    ended = next(e for e in events if isinstance(e, dz.HandEnded))
    lines = DOUDIZHU.narrate(events, NAMES, locale)
    status = DOUDIZHU.status_text(dz.ENGINE.view(over, None), NAMES, locale)
    for i, name in enumerate(NAMES):
        with_total = t(
            locale,
            "doudizhu.narrate.total",
            name=name,
            points=signed(ended.result.points[i], locale),
            total=number(ended.scores[i], locale),
        )
        assert not any(with_total in line for line in lines), "the totals are the match line's"
        assert any(signed(ended.result.points[i], locale) in line and name in line for line in lines)
        assert name not in status, f"the status line repeats {name}'s score: {status!r}"
    match_line = DOUDIZHU.narrate([next(e for e in events if isinstance(e, dz.MatchEnded))], NAMES, locale)
    assert match_line[0] in lines, "the match line, with the totals, is there"


def test_a_deal_that_does_not_end_the_match_still_gives_the_totals() -> None:
    """Mid-match, a deal's line gives each seat's change and its total so far."""
    state, events = dz.ENGINE.begin(3, dz.rules_from("seed", {"hands": 2}), 3)
    while not any(isinstance(e, dz.HandEnded) for e in events):
        state, events = dz.ENGINE.apply(state, dz.ENGINE.legal_actions(state)[0])
    ended = next(e for e in events if isinstance(e, dz.HandEnded))
    assert not any(isinstance(e, dz.MatchEnded) for e in events)
    text = "\n".join(DOUDIZHU.narrate(events, NAMES, "en"))
    assert f"alice: deal {signed(ended.result.points[0], 'en')} · total **{number(ended.scores[0])}**" in text


def test_the_start_option_is_called_deals_in_every_language() -> None:
    """``/doudizhu start deals:`` (it was ``hands``): the word the table, the hand and the lobby
    use; its translations name deals too."""
    params = {p.display_name: p for p in DoudizhuCog.start.parameters}
    assert "deals" in params and "hands" not in params
    assert params["deals"].description.startswith("Number of deals")
    for locale in ("fr", "ja", "ko", "zh-CN", "zh-TW"):
        assert t(locale, "cmd.deals") != "cmd.deals"
        assert t(locale, "cmd.deals") == t(locale, "table.lobby.option.hands").replace(" ", "").lower()
