"""Every game the bot plays, by the name the store keeps in ``games.game``: the engine layer's
one list of games.

Shared code iterates :data:`ENGINES` or asks a game's engine for its facts (seats, teams, how its
board and its ratings rank a match: :class:`~engine.core.GameEngine`); it never names a game.
A new game adds one line here (or calls :func:`register`, as a game that lives in the tests does).
"""

from __future__ import annotations

from typing import Any

from engine.core import GameEngine
from engine.doudizhu import ENGINE as DOUDIZHU
from engine.goita import ENGINE as GOITA
from engine.goita.memory import MEMORY as GOITA_SOLO
from engine.hanafuda.gostop import ENGINE as GOSTOP
from engine.hanafuda.koikoi import ENGINE as KOIKOI
from engine.hanafuda.roppyakken import ENGINE as ROPPYAKKEN

ENGINES: dict[str, GameEngine[Any, Any, Any, Any]] = {
    "koikoi": KOIKOI,
    "roppyakken": ROPPYAKKEN,
    "gostop": GOSTOP,
    "doudizhu": DOUDIZHU,
    "goita": GOITA,
    "goita_solo": GOITA_SOLO,
}


def register(game: str, engine: GameEngine[Any, Any, Any, Any]) -> None:
    """Add a game under ``game`` (its name in the store): one line for a game outside the tree."""
    ENGINES[game] = engine


def unregister(game: str) -> None:
    """Take ``game`` out again (a test's game, once the test is over)."""
    ENGINES.pop(game, None)


def engine_of(game: str) -> GameEngine[Any, Any, Any, Any] | None:
    """``game``'s engine, or ``None`` for a name the registry does not know (an old row)."""
    return ENGINES.get(game)
