"""CPU levels (beginner, normal, strong) and the per-game registry that maps them to choosers.

A *chooser* is ``choose(view, rng) -> action``: it sees one seat's view (never the state) and
returns one of ``view.legal_actions``. Each game registers a :class:`GameAI` in a module named
``engine/ai/<game>/levels.py`` (``<game>`` as in the cogs' ``spec.game``: ``koikoi``,
``doudizhu``, ``gostop``, ``roppyakken``, ``goita``…); :func:`game_ai` imports it on first use,
so a game that registers is picked up by the bot, the no-peeking test and the duel harness
without touching this file. A game with no such module (or only some levels) plays its
``normal`` everywhere: :func:`chooser` falls back level by level (strong → normal,
beginner → normal).

What a game provides (all optional but ``normal``):

- ``normal(view, rng)``: the heuristic CPU.
- ``score_moves(view) -> list[(action, score)]``: the heuristic's score of the legal actions
  it considers, higher is better (it need not list every legal action). Together with
  ``absurd(view, action) -> bool`` (moves a beginner must never play: giving away a finished
  yaku, breaking a bomb for nothing…) it gives the generic :func:`noisy_top_k` beginner.
- ``search``: a :class:`engine.ai.search.SearchGame` (determinize, playout policy, value);
  the strong level is :func:`engine.ai.search.search` over it. The no-peeking and hint tests
  use its ``determinize`` too.
- ``beginner``: an explicit chooser, to override the generic one.
- ``strong(view, rng, budget) -> (action, SearchStats)``: the game's own strong level, played
  instead of the search over ``search`` with the same budget (Koi-Koi's splits it by decision
  and values the koi-koi call itself; it calls :func:`engine.ai.search.search_with_stats` for
  the generic part).

The strong level takes a :class:`~engine.ai.search.Budget` (playouts, or CPU seconds with a
floor and a wall cap); the bot passes ``CPU_THINK_TIME``, ``CPU_MIN_PLAYOUTS`` and
``CPU_THINK_CAP``, tests a small fixed playout count. :func:`decide` is the bot's job: the action
and what it cost (:class:`Decision`, logged by ``cogs.table.cpu_pool``).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.ai.search import Budget, Meter, SearchGame, SearchStats, search_with_stats

__all__ = [
    "Chooser",
    "Decision",
    "GameAI",
    "Level",
    "choose",
    "chooser",
    "decide",
    "game_ai",
    "has_level",
    "noisy_top_k",
    "parse_level",
    "register",
    "registered",
]

Chooser = Callable[[Any, random.Random], Any]
ScoreMoves = Callable[[Any], Sequence[tuple[Any, float]]]
Absurd = Callable[[Any, Any], bool]
Strong = Callable[[Any, random.Random, Budget], tuple[Any, SearchStats]]
Searcher = Callable[[Any, random.Random], tuple[Any, SearchStats]]


class Level(StrEnum):
    """How well a CPU seat plays. The value is what is stored and typed (``opponent:strong``)."""

    BEGINNER = "beginner"
    NORMAL = "normal"
    STRONG = "strong"

    @property
    def i18n_key(self) -> str:
        """Key of the level's display name in ``i18n/locales/<lang>/cpu.json``."""
        return f"cpu.level.{self.value}"


DEFAULT_LEVEL = Level.NORMAL
_ALIASES = {"easy": Level.BEGINNER, "medium": Level.NORMAL, "hard": Level.STRONG}


def parse_level(text: str | None, default: Level = DEFAULT_LEVEL) -> Level:
    """The level named by ``text`` (case-insensitive; easy/medium/hard too); ``default`` when
    empty. Raises ``ValueError`` on anything else."""
    if text is None or not text.strip():
        return default
    key = text.strip().lower()
    if key in _ALIASES:
        return _ALIASES[key]
    return Level(key)


@dataclass(frozen=True, slots=True)
class GameAI:
    """One game's CPU levels (see the module docstring for each field)."""

    game: str
    normal: Chooser
    score_moves: ScoreMoves | None = None
    absurd: Absurd | None = None
    search: SearchGame | None = None
    beginner: Chooser | None = None
    strong: Strong | None = None
    beginner_k: int = 3  # the generic beginner (no ``beginner``) picks among normal's top k moves…
    beginner_noise: float = 1.0  # …with scores blurred by this much (in score units)


_REGISTRY: dict[str, GameAI] = {}
_TRIED: set[str] = set()


def register(ai: GameAI) -> GameAI:
    """Add (or replace) a game's levels; call it at import time of ``engine/ai/<game>/levels.py``."""
    _REGISTRY[ai.game] = ai
    return ai


def game_ai(game: str) -> GameAI | None:
    """The registered levels of ``game``, importing ``engine.ai.<game>.levels`` on first use."""
    if game not in _REGISTRY and game not in _TRIED:
        _TRIED.add(game)
        package = f"engine.ai.{game}"
        name = f"{package}.levels"
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name not in (name, package):  # a real import error inside the module: let it show
                raise
    return _REGISTRY.get(game)


def registered(games: Sequence[str]) -> list[GameAI]:
    """The ``GameAI`` of each of ``games`` that registers one (for generic tests and benches)."""
    return [ai for g in games if (ai := game_ai(g)) is not None]


def has_level(game: str, level: Level) -> bool:
    """Whether ``game`` has its own chooser for ``level`` (else :func:`chooser` falls back)."""
    ai = game_ai(game)
    if ai is None:
        return False
    if level is Level.STRONG:
        return ai.strong is not None or ai.search is not None
    if level is Level.BEGINNER:
        return ai.beginner is not None or ai.score_moves is not None
    return True


def noisy_top_k(
    view: Any, rng: random.Random, score_moves: ScoreMoves, absurd: Absurd | None, k: int, noise: float
) -> Any:
    """The generic beginner: normal's ``k`` best-scored moves, minus absurd ones, each score
    blurred by up to ``noise``; the best blurred score is played. Mistakes stay bounded: a
    move is only ever chosen over a better one that scores less than ``noise`` more."""
    scored = sorted(score_moves(view), key=lambda p: -p[1])
    top: list[tuple[Any, float]] = []
    for p in scored:  # the best k sane moves (absurd() runs on as few moves as it can)
        if absurd is None or not absurd(view, p[0]):
            top.append(p)
            if len(top) == k:
                break
    top = top or scored[:k]  # every move absurd: play as normal would
    if not top:
        return view.legal_actions[0]
    return max(top, key=lambda p: p[1] + rng.uniform(0.0, noise))[0]


def chooser(game: str, level: Level, budget: Budget | None = None) -> Chooser | None:
    """The chooser playing ``game`` at ``level`` (``None``: the game registers nothing; use the
    spec's own CPU). ``budget`` bounds the strong level's search."""
    ai = game_ai(game)
    if ai is None:
        return None
    strong = _strong(ai, level, budget)
    if strong is None:
        return _plain(ai, level)
    return lambda view, rng: strong(view, rng)[0]


def _strong(ai: GameAI, level: Level, budget: Budget | None) -> Searcher | None:
    """The strong search, returning its stats too (``None``: another level, or no search)."""
    if level is not Level.STRONG:
        return None
    b = budget or Budget(seconds=1.0)
    if ai.strong is not None:
        strong = ai.strong
        return lambda view, rng: strong(view, rng, b)
    if ai.search is not None:
        game_search = ai.search
        return lambda view, rng: search_with_stats(game_search, view, rng, b)
    return None


def _plain(ai: GameAI, level: Level) -> Chooser:
    """The chooser of a level without search (strong without one plays normal)."""
    if level is Level.BEGINNER:
        if ai.beginner is not None:
            return ai.beginner
        if ai.score_moves is not None:
            sm, ab, k, noise = ai.score_moves, ai.absurd, ai.beginner_k, ai.beginner_noise
            return lambda view, rng: noisy_top_k(view, rng, sm, ab, k, noise)
    return ai.normal


def choose(game: str, level: Level | str, view: Any, seed: int, budget: Budget | None = None) -> Any:
    """One decision, from plain arguments: the action ``game``'s ``level`` CPU takes from
    ``view``, with ``random.Random(seed)``."""
    return decide(game, level, view, seed, budget).action


@dataclass(frozen=True, slots=True)
class Decision:
    """One CPU decision and what it cost: the strong search's playouts (0: no search), and the
    CPU and wall-clock seconds of the whole decision on the budget's clocks."""

    action: Any
    game: str
    level: Level
    playouts: int
    cpu_seconds: float
    wall_seconds: float


def decide(game: str, level: Level | str, view: Any, seed: int, budget: Budget | None = None) -> Decision:
    """:func:`choose`, with what it cost: the picklable job of the CPU process pool (plain
    arguments in, plain data out; the worker never sees more than the seat's view)."""
    lvl = Level(level)
    ai = game_ai(game)
    if ai is None:
        raise LookupError(f"no CPU registered for {game!r}")
    meter = Meter(budget or Budget(seconds=1.0))
    rng = random.Random(seed)
    strong = _strong(ai, lvl, budget)
    if strong is None:
        action, playouts = _plain(ai, lvl)(view, rng), 0
    else:
        action, stats = strong(view, rng)
        playouts = stats.playouts
    meter.tick()
    return Decision(action, game, lvl, playouts, meter.cpu_seconds, meter.wall_seconds)
