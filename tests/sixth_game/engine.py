"""High Card's rules, pure functions under ``engine.core``'s contract.

Two players each get ``hand`` cards from a deck numbered 1 to 10. A trick: the leader plays a
card face up, the other seat answers with one of theirs; the higher card wins the trick and
its winner leads the next. When the hands are empty, the most tricks win the match.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.core import BadRules, GameEngine, GameOver, IllegalAction, Outcome, seeded_rng

DECK = tuple(range(1, 11))
PRESETS = ("seed",)


@dataclass(frozen=True, slots=True)
class Rules:
    hand: int = 3  # cards dealt to each seat: an odd count, so a match never ties

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand}


@dataclass(frozen=True, slots=True)
class Play:
    card: int

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class TrickWon:
    seat: int
    cards: tuple[int, int]


@dataclass(frozen=True, slots=True)
class MatchEnded:
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class State:
    rules: Rules
    hands: tuple[tuple[int, ...], ...]
    leader: int
    trick: tuple[int, ...]  # the cards played to the open trick, the leader's first
    tricks: tuple[int, ...]  # tricks won per seat


@dataclass(frozen=True, slots=True)
class View:
    """One seat's view (``seat=None``: the public one): a hand is its own seat's only."""

    seat: int | None
    hand: tuple[int, ...] | None
    cards_left: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    scores: tuple[int, ...]  # tricks won
    to_act: int | None
    legal_actions: tuple[Play, ...]
    rules: Rules


def rules_from(preset: str | None, overrides: dict[str, Any] | None) -> Rules:
    if preset not in (None, *PRESETS):
        raise BadRules(f"unknown preset {preset!r}")
    options = dict(overrides or {})
    hand = options.pop("hand", 3)
    if options:
        raise BadRules(f"unknown option {next(iter(options))!r}")
    if not isinstance(hand, int) or hand not in (1, 3, 5):
        raise BadRules("hand must be 1, 3 or 5")
    return Rules(hand=hand)


def new_game(seats: int, rules: Rules, seed: int) -> State:
    if seats != 2:
        raise BadRules("High Card is for two players")
    deck = list(DECK)
    seeded_rng(seed, "deal").shuffle(deck)
    hands = tuple(tuple(sorted(deck[s * rules.hand : (s + 1) * rules.hand])) for s in range(2))
    return State(rules, hands, leader=0, trick=(), tricks=(0, 0))


def to_act(state: State) -> int | None:
    if not any(state.hands):
        return None
    return (state.leader + len(state.trick)) % 2


def legal_actions(state: State) -> tuple[Play, ...]:
    seat = to_act(state)
    return () if seat is None else tuple(Play(c) for c in state.hands[seat])


def outcome(state: State) -> Outcome | None:
    if to_act(state) is not None:
        return None
    best = max(state.tricks)
    return Outcome(state.tricks, tuple(s for s, n in enumerate(state.tricks) if n == best))


def apply(state: State, action: Play) -> tuple[State, tuple[Any, ...]]:
    seat = to_act(state)
    if seat is None:
        raise GameOver("the match is over")
    if action not in legal_actions(state):
        raise IllegalAction(f"{action} is not in your hand")
    hands = tuple(
        tuple(c for c in h if c != action.card) if s == seat else h for s, h in enumerate(state.hands)
    )
    events: list[Any] = [Played(seat, action.card)]
    trick = (*state.trick, action.card)
    if len(trick) < 2:
        return replace(state, hands=hands, trick=trick), tuple(events)
    winner = state.leader if trick[0] > trick[1] else 1 - state.leader
    tricks = tuple(n + (s == winner) for s, n in enumerate(state.tricks))
    events.append(TrickWon(winner, (trick[0], trick[1])))
    state = replace(state, hands=hands, trick=(), leader=winner, tricks=tricks)
    done = outcome(state)
    if done is not None:
        events.append(MatchEnded(done.scores, done.winners))
    return state, tuple(events)


def view(state: State, seat: int | None) -> View:
    acting = to_act(state)
    return View(
        seat=seat,
        hand=state.hands[seat] if seat is not None else None,
        cards_left=tuple(len(h) for h in state.hands),
        trick=state.trick,
        leader=state.leader,
        scores=state.tricks,
        to_act=acting,
        legal_actions=legal_actions(state) if seat is not None and seat == acting else (),
        rules=state.rules,
    )


def parse_action(text: str) -> Play:
    try:
        return Play(int(text.strip()))
    except ValueError:
        raise IllegalAction(f"{text!r} is not a card number (1 to 10)") from None


def choose_action(view: View, rng: Any) -> Play:
    """The CPU: answer with the lowest card that wins, else its lowest; lead its highest."""
    cards = sorted(a.card for a in view.legal_actions)
    if view.trick:
        winning = [c for c in cards if c > view.trick[0]]
        return Play(winning[0] if winning else cards[0])
    return Play(cards[-1])


def _scores(view: View) -> tuple[int, ...]:
    """The running scores ``view`` shows (``GameEngine.scores``)."""
    return view.scores


ENGINE: GameEngine[State, Play, View, Rules] = GameEngine(
    name="highcard",
    min_seats=2,
    max_seats=2,
    new_game=new_game,
    legal_actions=legal_actions,
    apply=apply,
    view=view,
    outcome=outcome,
    to_act=to_act,
    parse_action=parse_action,
    rules_from=rules_from,
    scores=_scores,
)
