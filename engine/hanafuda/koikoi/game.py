"""Koi-Koi play: legal actions, turns, the koi-koi decision and how a round ends.

``apply`` validates every action itself (one source of truth) and auto-advances rounds: a
round's last move returns ``RoundEnded`` then ``RoundStarted`` (and any ``Redealt``,
``LuckyHand``…) of the next, or ``MatchEnded`` after the last round. ``legal_actions`` lists
exactly the actions ``apply`` accepts; a property test checks that they never disagree.

Hot path (CPU players and the benchmark): card sets are int masks, actions are prebuilt
objects, per-move events are cached, and the state is a NamedTuple built once per move.
"""

from __future__ import annotations

from typing import Any

from engine.core import GameOver, IllegalAction, Outcome
from engine.hanafuda.cards import CARDS, MONTH_MASKS, from_mask
from engine.hanafuda.koikoi.rounds import close_round, first_dealer, new_game, start
from engine.hanafuda.koikoi.scoring import round_result
from engine.hanafuda.koikoi.state import CAPTURES, LIGHTNING, MONTH_OF, OPTIONS, PLAYS_AT, State, bits
from engine.hanafuda.koikoi.types import (
    Action,
    Capture,
    CardDrawn,
    CardPlayed,
    Event,
    KoiKoi,
    KoiKoiCalled,
    Phase,
    Play,
    RoundResult,
    Shobu,
    ShobuCalled,
    YakuMade,
)
from engine.hanafuda.koikoi.yaku import improved, scores_of, yaku_items

__all__ = ["apply", "first_dealer", "legal_actions", "new_game", "outcome", "start", "to_act"]

# A NamedTuple's own __new__ is a Python function; tuple.__new__ builds the same object faster.
_new = tuple.__new__

KOIKOI = KoiKoi()
SHOBU = Shobu()
_DECISIONS = (KOIKOI, SHOBU)
_NOT_NOVEMBER = ((1 << 48) - 1) & ~MONTH_MASKS[11]

PLAY, DRAW_CHOICE, DECIDE, OVER = Phase.PLAY, Phase.DRAW_CHOICE, Phase.DECIDE, Phase.OVER


# --- legal actions -------------------------------------------------------------------------


def legal_actions(s: State) -> tuple[Action, ...]:
    """Every action the seat to act may take (empty once the match is over)."""
    phase = s.phase
    if phase is PLAY:
        assert s.to_act is not None
        hand = s.hands[s.to_act]
        field = s.field
        out: list[Action] = []
        rest = hand
        while rest:
            low = rest & -rest
            rest ^= low
            c = low.bit_length() - 1
            out.extend(OPTIONS[c][field >> (c & ~3) & 15])
        if hand >> LIGHTNING & 1 and s.rules.lightning_wild:
            row = PLAYS_AT[LIGHTNING]
            out.extend(row[t] for t in bits(field & _NOT_NOVEMBER))
        return tuple(out)
    if phase is DRAW_CHOICE:
        return tuple(CAPTURES[t] for t in bits(s.field & MONTH_OF[s.pending]))
    if phase is DECIDE:
        return _DECISIONS
    return ()


# --- apply ---------------------------------------------------------------------------------


def apply(s: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Play ``action`` for ``s.to_act``; returns the new state and what happened.

    Raises :class:`IllegalAction` (with a ``key`` for translations) or :class:`GameOver`.
    """
    phase = s.phase
    if phase is PLAY and type(action) is Play:
        return _play(s, action)
    if phase is DRAW_CHOICE and type(action) is Capture:
        return _capture(s, action)
    if phase is DECIDE:
        if type(action) is KoiKoi:
            return _koikoi(s)
        if type(action) is Shobu:
            assert s.to_act is not None
            return _shobu(s, s.to_act, [ShobuCalled(s.to_act)])
    raise _refusal(s, action)


def _refusal(s: State, action: Any) -> Exception:
    if s.phase is OVER:
        return GameOver("The match is over.", key="game_over")
    if not isinstance(action, Play | Capture | KoiKoi | Shobu):
        return IllegalAction(f"{action!r} is not a Koi-Koi move", key="bad_move", text=repr(action))
    if s.phase is PLAY:
        message = "Play a card from your hand first."
    elif s.phase is DRAW_CHOICE:
        drawn = CARDS[s.pending]
        message = f"The drawn card {drawn} matches two field cards: choose which one it captures."
    else:
        message = "You made a yaku: call koi-koi or shobu."
    return IllegalAction(message, key="wrong_phase", phase=s.phase.value, action=str(action))


def _play(s: State, action: Play) -> tuple[State, tuple[Event, ...]]:
    seat = s.to_act
    assert seat is not None
    card = action.card
    target = action.target
    hands = s.hands
    hand = hands[seat]
    if not isinstance(card, int) or not 0 <= card < 48 or not hand >> card & 1:
        raise IllegalAction(f"{card} is not in your hand.", key="card_not_in_hand", card=str(card))
    field = s.field
    matches = field & MONTH_OF[card]
    sweep = s.sweep
    if target is None:
        if matches.bit_count() == 2:
            a, b = bits(matches)
            raise IllegalAction(
                f"{card} matches {CARDS[a]} and {CARDS[b]}: choose which one to capture.",
                key="target_required",
                card=str(card),
                targets=f"{CARDS[a]} {CARDS[b]}",
            )
        taken = matches
    else:
        if not isinstance(target, int) or not 0 <= target < 48 or not field >> target & 1:
            raise IllegalAction(
                f"{target} is not on the field.", key="bad_target", card=str(card), target=str(target)
            )
        tbit = 1 << target
        if matches & tbit:
            if matches.bit_count() != 2:
                raise IllegalAction(
                    f"{card} has no choice to make: play it as {card}.",
                    key="target_not_needed",
                    card=str(card),
                )
            taken = tbit
        elif card == LIGHTNING and s.rules.lightning_wild:
            taken = tbit
            sweep = (seat, target // 4 + 1)
        else:
            raise IllegalAction(
                f"{card} cannot capture {target}: they are not of the same month.",
                key="bad_target",
                card=str(card),
                target=str(target),
            )
    hand ^= 1 << card
    cap = s.captured[seat]
    if taken:
        field ^= taken
        cap |= taken | 1 << card
    else:
        field |= 1 << card
    hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
    captured = (cap, s.captured[1]) if seat == 0 else (s.captured[0], cap)
    # The drawn card never enters the hand: it captures, waits for a choice, or joins the field.
    pos = s.pile_pos
    drawn = s.pile[pos]
    dmatches = field & MONTH_OF[drawn]
    n = dmatches.bit_count()
    if n == 2:
        state = _new(State, (
            s.rules, s.seed, s.round_no, s.dealer, s.scores, s.history, DRAW_CHOICE, seat, hands, field,
            s.pile, pos + 1, captured, s.yaku, s.koikoi, s.last_koikoi, drawn, (seat, card, taken, drawn, 0),
            sweep, s.table,
        ))  # fmt: skip
        return state, (_played(seat, card, taken), _drawn(seat, drawn, 0, True))
    if n:
        field ^= dmatches
        cap |= dmatches | 1 << drawn
        captured = (cap, captured[1]) if seat == 0 else (captured[0], cap)
    else:
        field |= 1 << drawn
    events: list[Event] = [_played(seat, card, taken), _drawn(seat, drawn, dmatches, False)]
    return _end_turn(
        s, seat, hands, field, pos + 1, captured, (seat, card, taken, drawn, dmatches), sweep,
        bool(taken or n), events,
    )  # fmt: skip


def _capture(s: State, action: Capture) -> tuple[State, tuple[Event, ...]]:
    seat = s.to_act
    assert seat is not None
    target = action.target
    drawn = s.pending
    matches = s.field & MONTH_OF[drawn]
    if not isinstance(target, int) or not 0 <= target < 48 or not matches >> target & 1:
        a, b = bits(matches)
        raise IllegalAction(
            f"The drawn card {CARDS[drawn]} can capture {CARDS[a]} or {CARDS[b]}, not {target}.",
            key="bad_target",
            card=str(CARDS[drawn]),
            target=str(target),
        )
    tbit = 1 << target
    cap = s.captured[seat] | tbit | 1 << drawn
    captured = (cap, s.captured[1]) if seat == 0 else (s.captured[0], cap)
    last = s.last
    assert last is not None
    events: list[Event] = [_drawn(seat, drawn, tbit, False)]
    return _end_turn(
        s, seat, s.hands, s.field ^ tbit, s.pile_pos, captured, (seat, last[1], last[2], drawn, tbit),
        s.sweep, True, events,
    )  # fmt: skip


def _end_turn(
    s: State,
    seat: int,
    hands: tuple[int, int],
    field: int,
    pos: int,
    captured: tuple[int, int],
    last: tuple[int, int, int, int, int],
    sweep: tuple[int, int] | None,
    changed: bool,
    events: list[Event],
) -> tuple[State, tuple[Event, ...]]:
    """The yaku check after both cards of a turn, then the next turn or the round's end."""
    old = s.yaku[seat]
    if changed:
        items = yaku_items(captured[seat], s.month, s.table, s.koikoi[seat] > 0)
        new = improved(old, items)
        if new and s.rules.decision == "points_rose" and _total(items) <= _total(old):
            new = ()
        yaku = (items, s.yaku[1]) if seat == 0 else (s.yaku[0], items)
    else:
        new = ()
        yaku = s.yaku
    if new:
        # "Si un yaku a été formé ou amélioré, alors on a le choix de continuer la manche ou non"
        can_koikoi = hands[seat] != 0
        state = _new(State, (
            s.rules, s.seed, s.round_no, s.dealer, s.scores, s.history, DECIDE, seat, hands, field,
            s.pile, pos, captured, yaku, s.koikoi, s.last_koikoi, -1, last, sweep, s.table,
        ))  # fmt: skip
        items = yaku[seat]
        events.append(YakuMade(seat, scores_of(items, captured[seat], s.month, s.table), new, can_koikoi))
        if not can_koikoi:
            # RULINGS: with an empty hand there is nothing to continue with: the round stops (shōbu).
            events.append(ShobuCalled(seat))
            return _shobu(state, seat, events)
        return state, tuple(events)
    state = _new(State, (
        s.rules, s.seed, s.round_no, s.dealer, s.scores, s.history, PLAY, 1 - seat, hands, field,
        s.pile, pos, captured, yaku, s.koikoi, s.last_koikoi, -1, last, sweep, s.table,
    ))  # fmt: skip
    if hands[seat]:
        return state, tuple(events)
    mode = s.rules.empty_hands
    dealer = s.dealer
    if mode == "dealer_out":
        if seat == dealer:
            return _dealer_out(state, events)
        return state, tuple(events)
    if hands[1 - seat]:
        return state, tuple(events)
    final = s.round_no >= s.rules.rounds
    if mode == "all_lost":
        # "lorsque les deux joueurs n'ont plus de cartes, tous les points accumulés jusqu'ici sont perdus"
        stays = s.rules.all_lost_dealer == "stays"
        result = round_result(
            state, "all_lost", None, next_dealer=None if final else (dealer if stays else 1 - dealer)
        )
    elif state.last_koikoi is None:
        # "aucun des joueurs ne marque de point … Le donneur restera le même"
        result = round_result(state, "draw", None, next_dealer=None if final else dealer)
    else:
        # "le dernier joueur ayant appelé koi-koi remporte ses points" (over-7 doubling only).
        caller = state.last_koikoi
        result = round_result(
            state, "exhausted", caller, koikoi_factor=False, next_dealer=None if final else caller
        )
    return _finish(state, result, events)


def _dealer_out(s: State, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """Seed variant "Le donneur n'a plus de cartes": the round stops with the dealer's last card."""
    final = s.round_no >= s.rules.rounds
    dealer = s.dealer
    other = 1 - dealer
    nxt = None if final else other
    if s.last_koikoi == dealer:
        result = round_result(s, "dealer_out", None, next_dealer=nxt, oyaken=False)
    elif s.last_koikoi == other:
        result = round_result(s, "dealer_out", other, next_dealer=nxt)
    else:
        result = round_result(s, "draw", None, next_dealer=nxt)
    return _finish(s, result, events)


def _total(items: tuple[tuple[str, int], ...]) -> int:
    return sum(p for _, p in items)


def _koikoi(s: State) -> tuple[State, tuple[Event, ...]]:
    seat = s.to_act
    assert seat is not None
    calls = s.koikoi[seat] + 1
    koikoi = (calls, s.koikoi[1]) if seat == 0 else (s.koikoi[0], calls)
    # The caller still holds cards (no koi-koi with an empty hand), and so does the opponent.
    state = s._replace(phase=PLAY, to_act=1 - seat, koikoi=koikoi, last_koikoi=seat)
    if calls == 1 and s.table.viewing_koikoi:
        # viewing_after_koikoi: the viewing yaku are worth more from the call on; the raise is
        # part of the caller's yaku from now, not an improvement of a later turn.
        items = yaku_items(s.captured[seat], s.month, s.table, True)
        state = state._replace(yaku=(items, s.yaku[1]) if seat == 0 else (s.yaku[0], items))
    return state, (KoiKoiCalled(seat, calls),)


def _shobu(s: State, seat: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    final = s.round_no >= s.rules.rounds
    return _finish(s, round_result(s, "shobu", seat, next_dealer=None if final else seat), events)


def _finish(s: State, result: RoundResult, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    state = close_round(s, result, events)
    return state, tuple(events)


# --- cached per-move events ------------------------------------------------------------------

_PLAYED: dict[int, CardPlayed] = {}
_DRAWN: dict[int, CardDrawn] = {}


def _played(seat: int, card: int, taken: int) -> CardPlayed:
    key = taken << 7 | card << 1 | seat
    event = _PLAYED.get(key)
    if event is None:
        event = _PLAYED[key] = CardPlayed(seat, CARDS[card], from_mask(taken))
    return event


def _drawn(seat: int, card: int, taken: int, waiting: bool) -> CardDrawn:
    key = taken << 8 | card << 2 | waiting << 1 | seat
    event = _DRAWN.get(key)
    if event is None:
        event = _DRAWN[key] = CardDrawn(seat, CARDS[card], from_mask(taken), waiting)
    return event


# --- results -------------------------------------------------------------------------------


def outcome(s: State) -> Outcome | None:
    """Final totals once the match is over: the higher total wins, equal totals both win."""
    if s.phase is not OVER:
        return None
    best = max(s.scores)
    return Outcome(s.scores, tuple(i for i in (0, 1) if s.scores[i] == best))


def to_act(s: State) -> int | None:
    """The seat expected to act, ``None`` once the match is over."""
    return s.to_act
