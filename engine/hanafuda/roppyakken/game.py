"""Roppyakken play: legal actions and turns (play a card, then draw).

``apply`` validates every action itself (one source of truth) and auto-advances rounds: a
round's last move returns ``RoundEnded`` then ``RoundStarted`` (and any ``Redealt``,
``TeyakuShown``) of the next, or ``MatchEnded``. ``legal_actions`` lists exactly the actions
``apply`` accepts; a property test checks that they never disagree.
"""

from __future__ import annotations

from typing import Any

from engine.core import GameOver, IllegalAction, Outcome
from engine.hanafuda.cards import CARDS, from_mask
from engine.hanafuda.roppyakken.rounds import close_round, first_dealer, new_game, start
from engine.hanafuda.roppyakken.state import CAPTURES, State, options, plays_of
from engine.hanafuda.roppyakken.types import (
    Action,
    Capture,
    CardDrawn,
    CardPlayed,
    Event,
    Phase,
    Play,
)

__all__ = ["apply", "first_dealer", "legal_actions", "new_game", "outcome", "start", "to_act"]

_new = tuple.__new__
PLAY, DRAW_CHOICE, OVER = Phase.PLAY, Phase.DRAW_CHOICE, Phase.OVER


def legal_actions(s: State) -> tuple[Action, ...]:
    """Every action the seat to act may take (empty once the match is over)."""
    phase = s.phase
    if phase is PLAY:
        field = s.field
        out: list[Action] = []
        rest = s.hands[s.to_act]  # type: ignore[index]
        while rest:
            low = rest & -rest
            rest ^= low
            out.extend(plays_of(low.bit_length() - 1, field))
        return tuple(out)
    if phase is DRAW_CHOICE:
        return tuple(CAPTURES[o.bit_length() - 1] for o in options(s.pending, s.field))
    return ()


def apply(s: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Play ``action`` for ``s.to_act``; returns the new state and what happened.

    Raises :class:`IllegalAction` (with a ``key`` for translations) or :class:`GameOver`.
    """
    kind = type(action)
    if s.phase is PLAY and kind is Play:
        return _play(s, action)  # type: ignore[arg-type]
    if s.phase is DRAW_CHOICE and kind is Capture:
        return _capture(s, action)  # type: ignore[arg-type]
    raise _refusal(s, action)


def _refusal(s: State, action: Any) -> Exception:
    if s.phase is OVER:
        return GameOver("The match is over.", key="game_over")
    if not isinstance(action, Play | Capture):
        return IllegalAction(f"{action!r} is not a Roppyakken move", key="bad_move", text=repr(action))
    if s.phase is PLAY:
        message = "Play a card from your hand first."
    else:
        message = f"The drawn card {CARDS[s.pending]} has several captures: choose which one it takes."
    return IllegalAction(message, key="wrong_phase", phase=s.phase.value, action=str(action))


def _is_card(x: object) -> bool:
    return isinstance(x, int) and 0 <= x < 48


def _choose(card: int, opts: tuple[int, ...], target: Any, drawn: bool) -> int:
    """The capture mask of ``card`` given its options and the named ``target`` (validated)."""
    if len(opts) >= 2:
        if target is None:
            names = " ".join(str(CARDS[o.bit_length() - 1]) for o in opts)
            raise IllegalAction(
                f"{CARDS[card]} can capture {names}: choose which one.",
                key="target_required",
                card=str(CARDS[card]),
                targets=names,
            )
        if _is_card(target) and (1 << target) in opts:
            return 1 << target
        raise IllegalAction(
            f"{CARDS[card]} cannot capture {target}.",
            key="bad_target",
            card=str(CARDS[card]),
            target=str(target),
        )
    if target is not None:
        raise IllegalAction(
            f"{CARDS[card]} has no choice to make: play it as {CARDS[card]}.",
            key="target_not_needed",
            card=str(CARDS[card]),
        )
    assert not drawn
    return opts[0] if opts else 0


def _play(s: State, action: Play) -> tuple[State, tuple[Event, ...]]:
    seat: int = s.to_act  # type: ignore[assignment]
    card = action.card
    hands = s.hands
    hand = hands[seat]
    if not _is_card(card) or not hand >> card & 1:
        raise IllegalAction(f"{card} is not in your hand.", key="card_not_in_hand", card=str(card))
    field = s.field
    # « si la carte défaussée permet de créer une paire, il est obligé de la capturer »
    taken = _choose(card, options(card, field), action.target, False)
    hands = (*hands[:seat], hand ^ 1 << card, *hands[seat + 1 :])
    cap = s.captured[seat]
    if taken:
        field ^= taken
        cap |= taken | 1 << card
    else:
        field |= 1 << card
    # « Après avoir joué une carte de sa main, le joueur pioche une carte. »
    pos = s.pile_pos
    drawn = s.pile[pos]
    dopts = options(drawn, field)
    played = _played(seat, card, taken)
    if len(dopts) >= 2:
        captured = (*s.captured[:seat], cap, *s.captured[seat + 1 :])
        state = _new(State, (
            s.rules, s.seed, s.seats, s.round_no, s.dealer, s.scores, s.history, DRAW_CHOICE, seat, hands,
            field, s.pile, pos + 1, captured, s.teyaku, drawn, (seat, card, taken, drawn, 0), (),
        ))  # fmt: skip
        return state, (played, _drawn(seat, drawn, 0, True))
    dtaken = dopts[0] if dopts else 0
    if dtaken:
        field ^= dtaken
        cap |= dtaken | 1 << drawn
    else:
        field |= 1 << drawn
    captured = (*s.captured[:seat], cap, *s.captured[seat + 1 :])
    events: list[Event] = [played, _drawn(seat, drawn, dtaken, False)]
    return _end_turn(s, seat, hands, field, pos + 1, captured, (seat, card, taken, drawn, dtaken), events)


def _capture(s: State, action: Capture) -> tuple[State, tuple[Event, ...]]:
    seat: int = s.to_act  # type: ignore[assignment]
    drawn = s.pending
    tbit = _choose(drawn, options(drawn, s.field), action.target, True)
    cap = s.captured[seat] | tbit | 1 << drawn
    captured = (*s.captured[:seat], cap, *s.captured[seat + 1 :])
    last = s.last
    assert last is not None
    events: list[Event] = [_drawn(seat, drawn, tbit, False)]
    return _end_turn(
        s, seat, s.hands, s.field ^ tbit, s.pile_pos, captured, (seat, last[1], last[2], drawn, tbit), events
    )


def _end_turn(
    s: State,
    seat: int,
    hands: tuple[int, ...],
    field: int,
    pos: int,
    captured: tuple[int, ...],
    last: tuple[int, int, int, int, int],
    events: list[Event],
) -> tuple[State, tuple[Event, ...]]:
    """Next seat anticlockwise; « Lorsque chaque joueur a vidé sa main, la manche se termine »."""
    state = _new(State, (
        s.rules, s.seed, s.seats, s.round_no, s.dealer, s.scores, s.history, PLAY, (seat + 1) % s.seats,
        hands, field, s.pile, pos, captured, s.teyaku, -1, last, (),
    ))  # fmt: skip
    if any(hands):
        return state, tuple(events)
    state = close_round(state, events)
    return state, tuple(events)


# --- cached per-move events (immutable, so shared) --------------------------------------------

_PLAYED: dict[int, CardPlayed] = {}
_DRAWN: dict[int, CardDrawn] = {}


def _played(seat: int, card: int, taken: int) -> CardPlayed:
    key = taken << 8 | card << 2 | seat
    event = _PLAYED.get(key)
    if event is None:
        event = _PLAYED[key] = CardPlayed(seat, CARDS[card], from_mask(taken))
    return event


def _drawn(seat: int, card: int, taken: int, waiting: bool) -> CardDrawn:
    key = taken << 9 | card << 3 | waiting << 2 | seat
    event = _DRAWN.get(key)
    if event is None:
        event = _DRAWN[key] = CardDrawn(seat, CARDS[card], from_mask(taken), waiting)
    return event


def outcome(s: State) -> Outcome | None:
    """Final totals and the winner once the match is over."""
    if s.phase is not OVER:
        return None
    return Outcome(s.scores, s.winners)


def to_act(s: State) -> int | None:
    return s.to_act
