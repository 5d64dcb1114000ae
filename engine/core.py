"""The contract every game engine follows, its errors, and seeded randomness.

Each game module exposes the same small surface (modelled on pgx's ``step/observe`` and
open_spiel's observers)::

    new_game(seats, rules, seed) -> State
    legal_actions(state) -> tuple[Action, ...]      # for state.to_act
    apply(state, action) -> (State, tuple[Event, ...])   # raises IllegalAction
    view(state, seat) -> View                       # None = public / spectator
    outcome(state) -> Outcome | None                # final scores once the match is over
    parse_action(text) -> Action                    # inverse of str(action)

``(rules, seed, actions)`` replays any game exactly, which is how games are stored, resumed
after a restart and audited. :class:`GameEngine` bundles one game's functions so the shared
table flow can drive any of the five games without knowing their rules.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar


class GameError(Exception):
    """A move or request the rules refuse.

    ``key`` names the message in the translation tables (``error.<key>``) and ``params`` fill
    it; ``str(error)`` is the English text, fit to show a player.
    """

    key = "game_error"

    def __init__(self, message: str, *, key: str | None = None, **params: Any) -> None:
        super().__init__(message)
        if key is not None:
            self.key = key
        self.params = params


class IllegalAction(GameError):
    """The action is not allowed in the current state."""

    key = "illegal_action"


class NotYourTurn(GameError):
    """Somebody other than the seat to act tried to act."""

    key = "not_your_turn"


class GameOver(GameError):
    """The match has already ended."""

    key = "game_over"


class BadRules(GameError):
    """Malformed or unknown rule options."""

    key = "bad_rules"


def derive_seed(seed: int, *labels: object) -> int:
    """A 64-bit seed derived from ``seed`` and labels, stable across Python versions.

    Used instead of a mutable RNG in the (frozen) state: round 3's deck order is
    ``derive_seed(seed, "deal", 3, attempt)`` whatever happened before.
    """
    text = ":".join([str(seed), *map(str, labels)])
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def mask(items: Iterable[int]) -> int:
    """Bitmask of a collection of card indices (every engine keeps card sets as int bitmasks)."""
    m = 0
    for c in items:
        m |= 1 << c
    return m


def seeded_rng(seed: int, *labels: object) -> random.Random:
    """A fresh ``random.Random`` for one labelled use of the game's seed."""
    return random.Random(derive_seed(seed, *labels))


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final result of a match: points per seat and the winning seats (several on a tie)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
R = TypeVar("R")

# How a game's win/points board orders its players: most wins first, or most points first (games
# played for points won and lost).
RankedBy = Literal["wins", "points"]
# How a finished match moves skill ratings (``store.rating_rules``): ``"places"``: each team (a
# player alone, or partners as ``GameEngine.teams`` pairs them) ranked by its best member's place;
# ``"landlord_deals"``: every deal is the landlord against the others (the extras of the stored
# results count each seat's deals as landlord); ``"unrated"``: no rating at all.
RatingShape = Literal["places", "landlord_deals", "unrated"]


class RulesLike(Protocol):
    """What the table flow needs from a game's ``Rules`` dataclass."""

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class GameEngine(Generic[S, A, V, R]):
    """One game's pure functions, bundled so shared code can drive any game.

    ``to_act`` gives the seat expected to act (``None`` once the match is over); ``rules_from``
    builds the game's ``Rules`` from a preset name and overrides, rejecting unknown keys with
    :class:`BadRules`.

    The game's facts, for shared code that must never name a game: ``min_seats``/``max_seats``,
    ``teams`` (seat count → the partnerships, ``None`` while everyone plays alone), ``ranked_by``
    (its win/points board), ``rating`` (:data:`RatingShape`), ``round_no`` (the round, or
    hand, a view is in; ``None`` for a game played in one go), ``scores`` (the running scores
    a view shows; ``None`` for a game that keeps none), ``phase`` (the name of the decision a
    view waits for, e.g. ``"decide"``; ``None`` for a game without phases) and ``is_pass`` (which
    of its actions are passes; ``None``: the game has none), which :meth:`forced_pass` reads.
    """

    name: str
    min_seats: int
    max_seats: int
    new_game: Callable[[int, R, int], S]
    legal_actions: Callable[[S], tuple[A, ...]]
    apply: Callable[[S, A], tuple[S, tuple[Any, ...]]]
    view: Callable[[S, int | None], V]
    outcome: Callable[[S], Outcome | None]
    to_act: Callable[[S], int | None]
    parse_action: Callable[[str], A]
    rules_from: Callable[[str | None, dict[str, Any] | None], R]
    start: Callable[[int, R, int], tuple[S, tuple[Any, ...]]] | None = None
    rules_from_record: Callable[[dict[str, Any]], R] | None = None
    teams: Callable[[int], tuple[tuple[int, ...], ...] | None] | None = None
    ranked_by: RankedBy = "wins"
    rating: RatingShape = "places"
    round_no: Callable[[V], int] | None = None
    scores: Callable[[V], tuple[int, ...]] | None = None
    phase: Callable[[V], str] | None = None
    is_pass: Callable[[A], bool] | None = None

    @property
    def has_passes(self) -> bool:
        """Whether a seat of this game may ever have to pass (see :meth:`forced_pass`)."""
        return self.is_pass is not None

    def forced_pass(self, legal: Sequence[A]) -> A | None:
        """The pass, when it is the only legal action of a seat (``legal``: its view's legal
        actions), else ``None``. The table plays it for a player who asked for it (auto-pass):
        the choice is the seat's own, so only its own legal actions may decide it."""
        if self.is_pass is None or len(legal) != 1 or not self.is_pass(legal[0]):
            return None
        return legal[0]

    def teams_of(self, seats: int) -> tuple[tuple[int, ...], ...] | None:
        """The partnerships at ``seats`` players (seat numbers per team), or ``None``: all alone."""
        return self.teams(seats) if self.teams is not None else None

    def seat_teams(self, seats: int) -> tuple[int, ...]:
        """Each seat's team number: the index of its partnership, or the seat itself when alone.

        Seats on one side share a number (a forfeit loses for the whole side); a team game's
        final scores are per team, in this order.
        """
        teams = self.teams_of(seats)
        if teams is None:
            return tuple(range(seats))
        return tuple(next(i for i, team in enumerate(teams) if seat in team) for seat in range(seats))

    def round_of(self, view: V) -> int | None:
        """The round (or hand) ``view`` is in, counted from 1; ``None`` for a game without rounds."""
        return self.round_no(view) if self.round_no is not None else None

    def phase_of(self, view: V) -> str | None:
        """The name of the decision ``view`` waits for (public: every seat sees the phase)."""
        return self.phase(view) if self.phase is not None else None

    def scores_of(self, view: V, seats: int) -> tuple[int, ...]:
        """The running scores ``view`` shows (per seat, or per team in a team game): what a match
        forfeited before its end is settled on. Zeros for a game that keeps none."""
        return self.scores(view) if self.scores is not None else (0,) * seats

    def begin(self, seats: int, rules: R, seed: int) -> tuple[S, tuple[Any, ...]]:
        """A new game and the events of its opening deal (redeals, lucky hands…), to announce."""
        if self.start is not None:
            return self.start(seats, rules, seed)
        return self.new_game(seats, rules, seed), ()

    def stored_rules(self, record: dict[str, Any]) -> R:
        """The rules a stored match was played with, from its saved options (``to_dict``).

        Use it wherever a stored game is loaded (resume, ``/verify``, replays, exports): an
        option added since, or whose seed default changed, takes the value the match was played
        under (the game's ``rules_from_record``), never today's default.
        """
        if self.rules_from_record is not None:
            return self.rules_from_record(record)
        return self.rules_from(None, record)

    def replay(self, seats: int, rules: R, seed: int, actions: Sequence[str]) -> S:
        """Rebuild a state from its stored action log (each action in text notation)."""
        state = self.new_game(seats, rules, seed)
        for text in actions:
            state, _ = self.apply(state, self.parse_action(text))
        return state
