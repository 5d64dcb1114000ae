"""How a finished match moves skill ratings: pure rules, no SQL, no Discord (issue 16).

Ratings are OpenSkill's Weng–Lin Plackett–Luce model (``openskill``): each player has a mean
``mu`` and an uncertainty ``sigma`` per game. :func:`rate_match` turns one match's stored results
into new ratings; ``store.ratings`` folds matches into the database in order, and recomputes them.

Shapes, from what ``results`` stores, as each game's engine describes it (``GameEngine.rating``
and ``GameEngine.teams_of``; this module never names a game):

- ``"places"``: free-for-all, ranked by :func:`place_key` (a forfeit last, then the stored win,
  then match points; equal places share the rank, so a tie is a draw); or, when the engine pairs
  the seats into teams at this seat count (Goita with 4 players: 0+2 against 1+3), team against
  team, each ranked by its best member's place.
- ``"landlord_deals"`` (Dou Dizhu): every played deal is a contest of the landlord's side against
  the others. Deals are not stored one by one; each seat's ``extra`` holds ``landlord_hands`` and
  ``landlord_wins``, which give every deal's landlord and whether the landlord won (the others
  are the peasants), but not their order within the match, so the deals are folded in a
  fixed order (:func:`landlord_deals`). The bid does not weight a deal: it reflects how the
  landlord judged their own hand and already scales the points; the rating measures who wins
  deals. The landlord's side is the landlord plus :data:`KITTY`, a fixed average stand-in for the
  three extra cards and the first lead: without it the model would expect one player to lose to
  two nearly always (about 17 % landlord wins between equals), so a landlord's win would move
  ratings five times as far as a loss. A forfeit counts as one more deal the quitter lost as
  landlord. A match without any recorded deal is rated free-for-all like the others.
- ``"unrated"`` (the Goita memory mode) and games the registry does not know have no rating.

By default only matches between humans move the ladder. A match with a CPU seat counts toward
each human's separate vs-CPU record instead (kind ``"cpu"``), so practising against the bot never
inflates or sinks a rating. A server may choose otherwise (``cpu_rated``): its CPU matches are
then rated like the others, every CPU seat playing as :data:`CPU`, a fixed average player whose
rating never moves (the bot's strength does not change from match to match).

Shown rating: :func:`display_rating`, the conservative ordinal ``mu − 3·sigma`` mapped to
``1000 + 25 × ordinal`` (a new player shows 1000; 400 points are about 10:1 odds between settled
players, as in Elo). A player is provisional until :data:`PROVISIONAL_MATCHES` rated matches.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any, Literal

from openskill.models import PlackettLuce

from engine.registry import engine_of

MODEL = PlackettLuce()
DEFAULT_MU: float = MODEL.mu
DEFAULT_SIGMA: float = MODEL.sigma

PROVISIONAL_MATCHES = 5
DISPLAY_BASE = 1000
DISPLAY_SCALE = 25

Kind = Literal["ladder", "cpu", "none"]


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill in one game: mean and uncertainty on OpenSkill's scale."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu − 3·sigma``: the player is very likely at least this good."""
        return self.mu - 3 * self.sigma


# The landlord's fixed partner in a ``"landlord_deals"`` deal (see the module docstring); never updated.
KITTY = Rating(DEFAULT_MU, 0.001)
# A CPU seat, where a server rates CPU matches: an average player, certain and never updated.
CPU = Rating(DEFAULT_MU, 0.001)


@dataclass(frozen=True, slots=True)
class SeatOutcome:
    """One seat of a finished match as the results store it (``user_id`` None: a CPU)."""

    seat: int
    user_id: int | None
    points: int
    won: bool
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Contest:
    """One rated contest: teams of seats and their ranks (1 = best; equal ranks tie). ``kitty``:
    the first team is a deal's landlord, partnered by :data:`KITTY`."""

    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]
    kitty: bool = False


@dataclass(frozen=True, slots=True)
class MatchRating:
    """What one match does to its humans' ratings.

    ``kind``: ``"ladder"`` (humans only: ``after`` holds each user's new rating), ``"cpu"`` (a CPU
    seat: only the vs-CPU record counts) or ``"none"`` (not rated). ``won``: each human's result.
    """

    kind: Kind
    after: dict[int, Rating]
    won: dict[int, bool]


def display_rating(rating: Rating) -> int:
    """The rating shown to players: ``1000 + 25 × (mu − 3·sigma)``, never below 0."""
    return max(0, round(DISPLAY_BASE + DISPLAY_SCALE * rating.ordinal))


def is_provisional(rated_matches: int) -> bool:
    """Whether a player has played too few rated matches for their rating to mean much."""
    return rated_matches < PROVISIONAL_MATCHES


def ladder_key(rating: Rating, rated_matches: int, user_id: int) -> tuple[bool, int, int, int]:
    """Sort key of a ladder: established players first (a provisional player is never ranked
    above one), then higher shown rating, then more matches, then user id (a stable order)."""
    return (is_provisional(rated_matches), -display_rating(rating), -rated_matches, user_id)


def match_kind(game: str, seats: Sequence[SeatOutcome], *, cpu_rated: bool = False) -> Kind:
    """Whether the match moves the ladder, only the vs-CPU record, or nothing (``cpu_rated``:
    the server rates matches with CPU seats on the ladder)."""
    humans = [s.user_id for s in seats if s.user_id is not None]
    engine = engine_of(game)
    if engine is None or engine.rating == "unrated" or len(seats) < 2 or not humans:
        return "none"
    if len(humans) < len(seats) and not cpu_rated:
        return "cpu"
    if len(set(humans)) < len(humans):  # one user in two seats: whose skill would it measure?
        return "none"
    return "ladder"


def place_key(seat: SeatOutcome) -> tuple[bool, bool, int]:
    """Order of places in a match: a forfeit last, then winners first, then more points."""
    return (bool(seat.extra.get("forfeit", False)), not seat.won, -seat.points)


def _ranks(keys: Sequence[Any]) -> tuple[int, ...]:
    """Competition ranks (1, 1, 3 …): equal keys share a rank."""
    return tuple(1 + sum(other < key for other in keys) for key in keys)


def free_for_all(seats: Sequence[SeatOutcome]) -> Contest:
    ordered = sorted(seats, key=lambda s: s.seat)
    return Contest(tuple((s.seat,) for s in ordered), _ranks([place_key(s) for s in ordered]))


def team_contest(seats: Sequence[SeatOutcome], teams: Sequence[tuple[int, ...]]) -> Contest:
    """Teams ranked by their best member's place (partners share points and the win)."""
    by_seat = {s.seat: s for s in seats}
    keys = [min(place_key(by_seat[seat]) for seat in team) for team in teams]
    return Contest(tuple(teams), _ranks(keys))


def _count(seat: SeatOutcome, key: str) -> int:
    value = seat.extra.get(key, 0)
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def landlord_deals(seats: Sequence[SeatOutcome]) -> list[tuple[int, bool]]:
    """Each deal as ``(landlord seat, landlord won)``, in a fixed order: round-robin over the seats,
    each seat's deals alternating won and lost while both remain; then one lost deal as landlord
    for a seat that forfeited."""
    per_seat: list[list[tuple[int, bool]]] = []
    for s in sorted(seats, key=lambda s: s.seat):
        hands = _count(s, "landlord_hands")
        wins = min(_count(s, "landlord_wins"), hands)
        won, lost = [(s.seat, True)] * wins, [(s.seat, False)] * (hands - wins)
        mixed = [deal for pair in zip(won, lost, strict=False) for deal in pair]
        n = min(len(won), len(lost))
        per_seat.append(mixed + won[n:] + lost[n:])
    rounds = zip_longest(*per_seat)  # round-robin: each seat's first deal, then each one's second …
    deals = [deal for round_ in rounds for deal in round_ if deal is not None]
    deals += [(s.seat, False) for s in sorted(seats, key=lambda s: s.seat) if s.extra.get("forfeit")]
    return deals


def contests(game: str, seats: Sequence[SeatOutcome]) -> list[Contest]:
    """The rated contests of a match, in the order they are folded."""
    engine = engine_of(game)
    teams = engine.teams_of(len(seats)) if engine is not None else None
    if teams:
        return [team_contest(seats, teams)]
    if engine is not None and engine.rating == "landlord_deals":
        deals = landlord_deals(seats)
        if deals:
            everyone = sorted(s.seat for s in seats)
            return [
                Contest(((lord,), tuple(s for s in everyone if s != lord)), (1, 2) if won else (2, 1), True)
                for lord, won in deals
            ]
    return [free_for_all(seats)]


def _rate(contest: Contest, ratings: dict[int, Rating], fixed: frozenset[int] = frozenset()) -> None:
    """Fold one contest into ``ratings`` (seat → rating), in place; ``fixed`` seats (CPUs) keep theirs."""
    teams = [[MODEL.rating(ratings[s].mu, ratings[s].sigma) for s in team] for team in contest.teams]
    if contest.kitty:
        teams[0].append(MODEL.rating(KITTY.mu, KITTY.sigma))
    rated = MODEL.rate(teams, ranks=list(contest.ranks))
    for team, new in zip(contest.teams, rated, strict=False):
        for seat, r in zip(team, new, strict=False):  # the kitty, last of its team, is dropped
            if seat not in fixed:
                ratings[seat] = Rating(r.mu, r.sigma)


def rate_match(
    game: str, seats: Sequence[SeatOutcome], current: Mapping[int, Rating], *, cpu_rated: bool = False
) -> MatchRating:
    """New ratings for the humans of one finished match.

    ``current``: each user's rating before the match (a user missing from it is new). Only a
    ``"ladder"`` match has ``after``; ``won`` is filled for the humans of any rated game.
    ``cpu_rated``: CPU seats play on the ladder as :data:`CPU` instead of making it a vs-CPU match.
    """
    kind = match_kind(game, seats, cpu_rated=cpu_rated)
    won = {s.user_id: s.won for s in seats if s.user_id is not None} if kind != "none" else {}
    if kind != "ladder":
        return MatchRating(kind, {}, won)
    by_seat = {s.seat: current.get(s.user_id, Rating()) if s.user_id is not None else CPU for s in seats}
    cpus = frozenset(s.seat for s in seats if s.user_id is None)
    for contest in contests(game, seats):
        _rate(contest, by_seat, cpus)
    return MatchRating(kind, {s.user_id: by_seat[s.seat] for s in seats if s.user_id is not None}, won)
