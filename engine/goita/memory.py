"""The seed's solo / co-operative memory mode (« Mode solo ou coopératif », by Gilles Badaire).

Four different pieces, the *Gardes*, stand face up at the corners of a 4 × 8 grid; the other
28 lie face down. A turn turns two face-down pieces face up, one at a time. Identical pairs among
the visible pieces (guards included) are captured; with no pair the player must discard one
piece (visible or face down), and the turned pieces go back face down. The game ends when no
face-down piece is left; the score is the value of the captured pieces (at most 76, the whole
set at the seed's values). Several players (co-op) take turns and share the score.

Positions are 0–31, row by row (row 0: 0–7 … row 3: 24–31); the guards start at 0, 7, 24, 31.

Action notation (``str`` / :func:`parse_action` round-trip): ``flip:12`` turns position 12 face
up; ``discard:5`` discards the piece at position 5 (when the two turned pieces made no pair).

Rulings (the seed is silent): the two turned pieces, when identical, pair with each other
(a matching guard stays); a turned piece and a guard of the same kind pair (the guard leaves
its corner); turned pieces left unpaired go back face down; with one face-down piece left the
turn turns only that one; guards left at the end go to the discard.
"""

from __future__ import annotations

from dataclasses import dataclass
from hashlib import blake2b
from typing import Any, NamedTuple

from engine.core import BadRules, GameEngine, GameOver, IllegalAction, Outcome, derive_seed
from engine.goita.types import PIECES, SET_COUNTS, Piece

CORNERS = (0, 7, 24, 31)
VALUES = (5, 4, 4, 3, 3, 2, 2, 1)  # the seed's values: « Le score maximum est de 76 points »
MAX_SCORE = sum(v * n for v, n in zip(VALUES, SET_COUNTS, strict=True))
EMPTY = -1


@dataclass(frozen=True, slots=True)
class MemoryRules:
    """The memory mode has no options yet (kept for the shared table flow)."""

    def to_dict(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MemoryRules:
        if not isinstance(data, dict):
            raise BadRules("Goita memory rules must be a mapping", key="bad_rules")
        for key in data:
            raise BadRules(f"unknown Goita memory rule option {key!r}", key="unknown_rule", option=key)
        return cls()


def rules_from(preset: str | None = None, overrides: dict[str, Any] | None = None) -> MemoryRules:
    if preset not in (None, "seed"):
        raise BadRules(
            f"unknown Goita memory preset {preset!r} (valid: seed)", key="unknown_preset", preset=preset
        )
    return MemoryRules.from_dict(overrides or {})


@dataclass(frozen=True, slots=True)
class Flip:
    pos: int

    def __str__(self) -> str:
        return f"flip:{self.pos}"


@dataclass(frozen=True, slots=True)
class Discard:
    pos: int

    def __str__(self) -> str:
        return f"discard:{self.pos}"


MemoryAction = Flip | Discard


def parse_action(text: str) -> MemoryAction:
    cleaned = text.strip().lower().replace(" ", "")
    verb, _, pos = cleaned.partition(":")
    if verb in ("flip", "discard") and pos.isdigit() and 0 <= int(pos) < 32:
        return Flip(int(pos)) if verb == "flip" else Discard(int(pos))
    raise IllegalAction(f"{text!r} is not a Goita memory move", key="bad_move", text=text)


@dataclass(frozen=True, slots=True)
class Turned:
    seat: int
    pos: int
    piece: Piece


@dataclass(frozen=True, slots=True)
class Captured:
    pieces: tuple[Piece, Piece]
    positions: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Discarded:
    pos: int
    piece: Piece


@dataclass(frozen=True, slots=True)
class Finished:
    score: int
    leftovers: tuple[Piece, ...]


class MemoryState(NamedTuple):
    seed: int
    seats: int
    grid: tuple[int, ...]  # kind per position, EMPTY once gone
    guards: frozenset[int]  # positions holding a guard (always face up)
    phase: str  # "flip", "discard", "over"
    to_act: int | None
    turned: tuple[int, ...]  # positions turned face up this turn
    captured: tuple[int, ...]
    discard: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MemoryView:
    """``cells[pos]`` is the piece if visible (a guard, or turned this turn), ``None`` if face down;
    ``present[pos]`` says whether a piece lies there. The discard is public (« consultable »)."""

    seat: int | None
    seats: int
    phase: str
    to_act: int | None
    cells: tuple[Piece | None, ...]
    present: tuple[bool, ...]
    guards: tuple[int, ...]
    turned: tuple[int, ...]
    captured: tuple[Piece, ...]
    discard: tuple[Piece, ...]
    score: int
    legal_actions: tuple[MemoryAction, ...]

    @property
    def teams(self) -> tuple[int, ...]:
        """Every seat's team: the one team of all (``MEMORY.seat_teams``)."""
        return (0,) * self.seats


def _shuffled(seed: int, attempt: int) -> list[int]:
    key = derive_seed(seed, "memory", attempt)
    x = int.from_bytes(blake2b(key.to_bytes(8, "big"), digest_size=32).digest(), "big")
    deck = [k for k, n in enumerate(SET_COUNTS) for _ in range(n)]
    for i in range(31, 0, -1):
        x, j = divmod(x, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def new_game(seats: int, rules: MemoryRules, seed: int) -> MemoryState:
    """« On commence par tirer au hasard 4 cartes différentes (si certaines sont identiques on
    renouvelle l'opération jusqu'à obtenir 4 cartes différentes). »"""
    if not 1 <= seats <= 4:
        raise BadRules(f"Goita memory is played by 1 to 4 players, not {seats}", key="bad_seats", seats=seats)
    attempt = 0
    while True:
        deck = _shuffled(seed, attempt)
        if len(set(deck[:4])) == 4:
            break
        attempt += 1
    grid = [EMPTY] * 32
    for pos, k in zip(CORNERS, deck[:4], strict=True):
        grid[pos] = k
    rest = iter(deck[4:])
    for pos in range(32):
        if pos not in CORNERS:
            grid[pos] = next(rest)
    return MemoryState(seed, seats, tuple(grid), frozenset(CORNERS), "flip", 0, (), (), ())


def _face_down(s: MemoryState) -> list[int]:
    return [p for p in range(32) if s.grid[p] != EMPTY and p not in s.guards and p not in s.turned]


def legal_actions(s: MemoryState) -> tuple[MemoryAction, ...]:
    if s.phase == "flip":
        return tuple(Flip(p) for p in _face_down(s))
    if s.phase == "discard":
        return tuple(Discard(p) for p in range(32) if s.grid[p] != EMPTY)
    return ()


def apply(s: MemoryState, action: MemoryAction) -> tuple[MemoryState, tuple[object, ...]]:
    if s.phase == "over":
        raise GameOver("The game is over.", key="game_over")
    if action not in legal_actions(s):
        raise IllegalAction(f"{action} is not possible now.", key="bad_move", text=str(action))
    seat = s.to_act
    assert seat is not None
    if isinstance(action, Discard):
        grid = list(s.grid)
        k = grid[action.pos]
        grid[action.pos] = EMPTY
        s2 = s._replace(grid=tuple(grid), guards=s.guards - {action.pos}, discard=(*s.discard, k))
        return _next_turn(s2, [Discarded(action.pos, PIECES[k])])
    turned = (*s.turned, action.pos)
    events: list[object] = [Turned(seat, action.pos, PIECES[s.grid[action.pos]])]
    s = s._replace(turned=turned)
    if len(turned) < 2 and len(_face_down(s)) > 0:
        return s, tuple(events)
    # Pairs among the visible pieces: the turned pieces with each other, else with a guard.
    grid = list(s.grid)
    guards = set(s.guards)
    captured = list(s.captured)
    left = list(turned)
    if len(left) == 2 and grid[left[0]] == grid[left[1]]:
        events.append(Captured((PIECES[grid[left[0]]],) * 2, (left[0], left[1])))
        captured += [grid[left[0]]] * 2
        grid[left[0]] = grid[left[1]] = EMPTY
        left = []
    for pos in list(left):
        match = next((g for g in sorted(guards) if grid[g] == grid[pos]), None)
        if match is not None:
            events.append(Captured((PIECES[grid[pos]], PIECES[grid[match]]), (pos, match)))
            captured += [grid[pos]] * 2
            grid[pos] = grid[match] = EMPTY
            guards.discard(match)
            left.remove(pos)
    s = s._replace(grid=tuple(grid), guards=frozenset(guards), captured=tuple(captured))
    if len(left) == len(turned):
        # « on doit RETIRER une carte (soit une carte visible, soit une carte face cachée) »
        return s._replace(phase="discard"), tuple(events)
    return _next_turn(s, events)


def _next_turn(s: MemoryState, events: list[object]) -> tuple[MemoryState, tuple[object, ...]]:
    """Turned pieces go back face down; the next seat plays, or the game ends."""
    assert s.to_act is not None
    s = s._replace(turned=(), phase="flip", to_act=(s.to_act + 1) % s.seats)
    if not _face_down(s):
        # « S'il reste des cartes dépareillées à la fin de la partie elles sont mises dans la défausse. »
        leftovers = tuple(k for k in s.grid if k != EMPTY)
        s = s._replace(
            grid=(EMPTY,) * 32,
            guards=frozenset(),
            discard=(*s.discard, *leftovers),
            phase="over",
            to_act=None,
        )
        events.append(Finished(score(s), tuple(PIECES[k] for k in leftovers)))
    return s, tuple(events)


def score(s: MemoryState) -> int:
    """« On comptabilise les points en additionnant la valeur de chaque carte capturée. »"""
    return sum(VALUES[k] for k in s.captured)


def view(s: MemoryState, seat: int | None) -> MemoryView:
    visible = s.guards | set(s.turned)
    return MemoryView(
        seat=seat,
        seats=s.seats,
        phase=s.phase,
        to_act=s.to_act,
        cells=tuple(PIECES[k] if k != EMPTY and p in visible else None for p, k in enumerate(s.grid)),
        present=tuple(k != EMPTY for k in s.grid),
        guards=tuple(sorted(s.guards)),
        turned=s.turned,
        captured=tuple(PIECES[k] for k in s.captured),
        discard=tuple(PIECES[k] for k in s.discard),
        score=score(s),
        legal_actions=legal_actions(s) if seat is not None and seat == s.to_act else (),
    )


def outcome(s: MemoryState) -> Outcome | None:
    """Co-operative: every seat gets the shared score and every seat wins together."""
    if s.phase != "over":
        return None
    return Outcome((score(s),) * s.seats, tuple(range(s.seats)))


def to_act(s: MemoryState) -> int | None:
    return s.to_act


def _phase(view: MemoryView) -> str:
    """The decision ``view`` waits for (``GameEngine.phase``)."""
    return view.phase


def _one_team(seats: int) -> tuple[tuple[int, ...], ...]:
    """Co-operative: every seat plays for the one team (a player quitting loses it for all)."""
    return (tuple(range(seats)),)


MEMORY: GameEngine[MemoryState, MemoryAction, MemoryView, MemoryRules] = GameEngine(
    name="goita-memory",
    min_seats=1,
    max_seats=4,
    new_game=new_game,
    legal_actions=legal_actions,
    apply=apply,
    view=view,
    outcome=outcome,
    to_act=to_act,
    parse_action=parse_action,
    rules_from=rules_from,
    rating="unrated",  # a memory game: best scores, no skill ladder
    teams=_one_team,
    phase=_phase,
)
