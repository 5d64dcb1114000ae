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
from engine.hanafuda.roppyakken.scoring import GAJI
from engine.hanafuda.roppyakken.state import (
    CAPTURES,
    LAY_DRAWN,
    State,
    may_lay,
    name_of,
    options,
    plays_of,
)
from engine.hanafuda.roppyakken.types import (
    Action,
    Capture,
    CardDrawn,
    CardPlayed,
    Event,
    Lay,
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
        rules = s.rules
        out: list[Action] = []
        assert s.to_act is not None
        rest = s.hands[s.to_act]
        while rest:
            low = rest & -rest
            rest ^= low
            out.extend(plays_of(low.bit_length() - 1, field, rules))
        return tuple(out)
    if phase is DRAW_CHOICE:
        opts = options(s.pending, s.field, s.rules)
        captures = tuple(CAPTURES[name_of(o)] for o in opts)
        return (*captures, LAY_DRAWN) if may_lay(s.pending, opts, s.field, s.rules) else captures
    return ()


def apply(s: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Play ``action`` for ``s.to_act``; returns the new state and what happened.

    Raises :class:`IllegalAction` (with a ``key`` for translations) or :class:`GameOver`.
    """
    if s.phase is PLAY:
        if type(action) is Play:
            return _play(s, action)
        if type(action) is Lay and action.card is not None:
            return _lay_from_hand(s, action)
    if s.phase is DRAW_CHOICE:
        if type(action) is Capture:
            return _capture(s, action)
        if type(action) is Lay and action.card is None:
            return _lay_drawn(s)
    raise _refusal(s, action)


def _refusal(s: State, action: Any) -> Exception:
    if s.phase is OVER:
        return GameOver("The match is over.", key="game_over")
    if not isinstance(action, Play | Capture | Lay):
        return IllegalAction(f"{action!r} is not a Roppyakken move", key="bad_move", text=repr(action))
    if s.phase is PLAY:
        message = "Play a card from your hand first."
    else:
        message = f"The drawn card {CARDS[s.pending]} is waiting for your choice: take a card with it."
        if may_lay(s.pending, options(s.pending, s.field, s.rules), s.field, s.rules):
            message = f"The drawn card {CARDS[s.pending]} is waiting: take a card with it or lay it (>field)."
    return IllegalAction(message, key="wrong_phase", phase=s.phase.value, action=str(action))


def _is_card(x: object) -> bool:
    return isinstance(x, int) and 0 <= x < 48


def _names(opts: tuple[int, ...]) -> str:
    return " ".join(str(CARDS[name_of(o)]) for o in opts)


def _pick(card: int, opts: tuple[int, ...], target: Any) -> int:
    """The option of ``card`` named by ``target`` (its lowest card), else :class:`IllegalAction`."""
    if _is_card(target):
        for o in opts:
            if o & -o == 1 << target:
                return o
    raise IllegalAction(
        f"{CARDS[card]} cannot capture {target}.", key="bad_target", card=str(CARDS[card]), target=str(target)
    )


def _choose(card: int, opts: tuple[int, ...], target: Any) -> int:
    """The capture mask of ``card`` played from the hand, given its options and ``target``."""
    if len(opts) >= 2:
        if target is None:
            raise IllegalAction(
                f"{CARDS[card]} can capture {_names(opts)}: choose which one.",
                key="target_required",
                card=str(CARDS[card]),
                targets=_names(opts),
            )
        return _pick(card, opts, target)
    if target is not None:
        raise IllegalAction(
            f"{CARDS[card]} has no choice to make: play it as {CARDS[card]}.",
            key="target_not_needed",
            card=str(CARDS[card]),
        )
    return opts[0] if opts else 0


def _from_hand(s: State, card: Any) -> int:
    """``card`` as an int once checked to be in the hand of the seat to act."""
    assert s.to_act is not None
    if not _is_card(card) or not s.hands[s.to_act] >> card & 1:
        raise IllegalAction(f"{card} is not in your hand.", key="card_not_in_hand", card=str(card))
    return int(card)


def _play(s: State, action: Play) -> tuple[State, tuple[Event, ...]]:
    card = _from_hand(s, action.card)
    # « si la carte défaussée permet de créer une paire, il est obligé de la capturer »
    return _turn(s, card, _choose(card, options(card, s.field, s.rules), action.target))


def _lay_from_hand(s: State, action: Lay) -> tuple[State, tuple[Event, ...]]:
    card = _from_hand(s, action.card)
    opts = options(card, s.field, s.rules)
    if not may_lay(card, opts, s.field, s.rules):
        raise _must_capture(s, card, opts)
    return _turn(s, card, 0)


def _must_capture(s: State, card: int, opts: tuple[int, ...]) -> IllegalAction:
    if card != GAJI:
        text = "Only the Gaji (11a) may be laid on the field while it can capture."
        return IllegalAction(text, key="lay_not_gaji", card=str(CARDS[card]))
    if not opts:
        text = f"{CARDS[card]} captures nothing here: play it as {CARDS[card]}."
        return IllegalAction(text, key="lay_not_needed", card=str(CARDS[card]))
    if s.rules.gaji_capture == "optional":
        text = "A November card on the field pairs with the Gaji: it must capture."
    else:
        text = "The Gaji must capture when it can (« il est obligé de la capturer »)."
    return IllegalAction(text, key="gaji_must_capture", targets=_names(opts))


def _turn(s: State, card: int, taken: int) -> tuple[State, tuple[Event, ...]]:
    """``card`` leaves the hand and takes ``taken`` (0: it joins the field); then the draw."""
    seat = s.to_act
    assert seat is not None
    hands = s.hands
    hands = (*hands[:seat], hands[seat] ^ 1 << card, *hands[seat + 1 :])
    field = s.field
    cap = s.captured[seat]
    if taken:
        field ^= taken
        cap |= taken | 1 << card
    else:
        field |= 1 << card
    # « Après avoir joué une carte de sa main, le joueur pioche une carte. »
    pos = s.pile_pos
    drawn = s.pile[pos]
    dopts = options(drawn, field, s.rules)
    played = _played(seat, card, taken)
    if len(dopts) >= 2 or (drawn == GAJI and may_lay(drawn, dopts, field, s.rules)):
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
    drawn = s.pending
    return _drawn_to(s, drawn, _pick(drawn, options(drawn, s.field, s.rules), action.target))


def _lay_drawn(s: State) -> tuple[State, tuple[Event, ...]]:
    drawn = s.pending
    opts = options(drawn, s.field, s.rules)
    if not may_lay(drawn, opts, s.field, s.rules):
        raise _must_capture(s, drawn, opts)
    return _drawn_to(s, drawn, 0)


def _drawn_to(s: State, drawn: int, tbit: int) -> tuple[State, tuple[Event, ...]]:
    """The pending drawn card takes ``tbit`` (0: it is laid on the field); the turn ends."""
    seat = s.to_act
    assert seat is not None
    cap = s.captured[seat]
    field = s.field
    if tbit:
        cap |= tbit | 1 << drawn
        field ^= tbit
    else:
        field |= 1 << drawn
    captured = (*s.captured[:seat], cap, *s.captured[seat + 1 :])
    last = s.last
    assert last is not None
    events: list[Event] = [_drawn(seat, drawn, tbit, False)]
    moved = (seat, last[1], last[2], drawn, tbit)
    return _end_turn(s, seat, s.hands, field, s.pile_pos, captured, moved, events)


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
