"""When nobody blocks, Goita's board says the attacker leads again, once.

docs/rules/goita.md, « Si le joueur qui a lancé l'attaque n'est bloqué par aucun des 3 autres
joueurs, il peut de nouveau poser une carte face cachée puis attaquer avec une nouvelle carte. »
The engine tells it with ``AllPassed``, then the attacker's next move with its own ``PieceLaid``
(face down) and attack. Read as a new player (``bench/read_match.py``), the board said "Nobody
blocks: alice lays a piece face down and attacks again." then "alice lays a piece face down.", as
if two pieces were laid; ``AllPassed`` now says only who leads again. Deals come from the real
engine (a seed, then every seat playing its first legal move).
"""

from __future__ import annotations

from typing import Any

import pytest

from cogs.goita.spec import SPEC
from engine import goita as gt

NAMES = ("alice", "CPU 1", "CPU 2", "CPU 3")
LANGS = ("en", "fr", "ja", "ko", "zh-CN", "zh-TW")


def narration_after_all_passed(locale: str) -> list[str]:
    """The board's lines of the move where everyone passed and of the attacker's next move."""
    rules = gt.rules_from(None, {})
    for seed in range(1, 200):
        state, _ = gt.ENGINE.begin(4, rules, seed)
        for _ in range(200):
            if gt.ENGINE.to_act(state) is None:
                break
            state, events = gt.ENGINE.apply(state, gt.ENGINE.legal_actions(state)[0])
            if any(isinstance(e, gt.AllPassed) for e in events):
                lines: list[Any] = SPEC.narrate(list(events), NAMES, locale)
                _, next_events = gt.ENGINE.apply(state, gt.ENGINE.legal_actions(state)[0])
                return lines + SPEC.narrate(list(next_events), NAMES, locale)
    raise AssertionError("no deal where everybody passed")


@pytest.mark.parametrize("locale", LANGS)
def test_nobody_blocks_the_face_down_piece_is_told_once(locale: str) -> None:
    lines = narration_after_all_passed(locale)
    face_down = SPEC.narrate([gt.PieceLaid(0, 0, "down", None)], NAMES, locale)[0]
    # The opening words of "<name> lays a piece face down" (its first six characters after the
    # name: "lays a", "が駒を1枚伏", "暗出一枚棋子"…), in whatever tense a line tells it.
    laying = face_down.removeprefix(NAMES[0]).strip()[:6]
    assert sum(laying in line for line in lines) == 1, lines
