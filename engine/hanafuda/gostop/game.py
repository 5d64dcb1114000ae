"""Go-Stop play: legal actions, action validation, Go/Stop and the match outcome.

``apply`` validates every action against :func:`legal_actions` (one source of truth, so the two
never disagree) and auto-advances rounds. A turn is resolved once both of its cards are known,
in :mod:`.turn` (seolsa, jjok, ttadak, ppeok, sseul, the joker stacks and pi stealing, then the
Go/Stop threshold or the next seat). The deal and the round/match transitions live in
:mod:`.rounds`.
"""

from __future__ import annotations

from engine.core import GameError, GameOver, IllegalAction, Outcome
from engine.hanafuda.gostop.cards import (
    BONUS_MASK,
    MONTH_OF,
    card_str,
    names,
)
from engine.hanafuda.gostop.rounds import set_at
from engine.hanafuda.gostop.scoring import points_of
from engine.hanafuda.gostop.state import State
from engine.hanafuda.gostop.turn import after_turn, flat_win, flip, next_turn, resolve, win_round
from engine.hanafuda.gostop.types import (
    Action,
    Bomb,
    Captured,
    CardPlayed,
    Claim,
    CupAs,
    Event,
    Flip,
    Go,
    GoCalled,
    Phase,
    Play,
    Shake,
    Shaken,
    Stop,
    StopCalled,
    Take,
)
from engine.hanafuda.koikoi.state import bits

__all__ = ["apply", "legal_actions", "outcome", "to_act"]

PLAY, FLIP_CHOICE, DECIDE, CLAIM, CUP, OVER = (
    Phase.PLAY, Phase.FLIP_CHOICE, Phase.DECIDE, Phase.CLAIM, Phase.CUP, Phase.OVER,
)  # fmt: skip
GO, STOP, FLIP = Go(), Stop(), Flip()
_CLAIMS = (Claim(True), Claim(False))
_CUPS = (CupAs(False), CupAs(True))
_NIBBLE = 15
# Every action object is built once: legal_actions hands out these shared, immutable values.
_PLAYS = tuple(Play(c) for c in range(51))
_PLAYS_AT = tuple(tuple(Play(c, t) for t in range(48)) for c in range(48))
_TAKES = tuple(Take(c) for c in range(48))
_BOMBS = tuple(Bomb(m) for m in range(1, 13))  # _BOMBS[m - 1] bombs month m
_SHAKES = tuple(Shake(m) for m in range(1, 13))


# --- legal actions ---------------------------------------------------------------------------


_LOW = sum(1 << (4 * m) for m in range(12))  # the first card of each month


def field_months(field: int) -> int:
    """Every card of each month that has a card on the table (a mask of whole months)."""
    return ((field | field >> 1 | field >> 2 | field >> 3) & _LOW) * _NIBBLE


def legal_actions(s: State) -> tuple[Action, ...]:
    """Every action the seat to act may take (empty once the match is over)."""
    phase = s.phase
    if phase is PLAY:
        seat = s.to_act
        assert seat is not None
        hand = s.hands[seat]
        field = s.field
        out: list[Action] = []
        regular = hand & ~BONUS_MASK
        pairs = 0 if s.rules.free_discard else regular & field_months(field)
        for c in bits(hand):
            if c >= 48:
                # "Les jokers ne peuvent pas être joués lors du premier tour."
                if s.turns[seat] or not regular:
                    out.append(_PLAYS[c])
                continue
            if pairs and not pairs >> c & 1:
                continue  # "doivent faire une paire": a card that pairs must be played
            on_field = field & MONTH_OF[c]
            if on_field.bit_count() == 2:
                row = _PLAYS_AT[c]
                out.extend(row[t] for t in bits(on_field))
            else:
                out.append(_PLAYS[c])
        for m in range(12):
            if (hand >> (4 * m) & _NIBBLE).bit_count() == 3:
                if field >> (4 * m) & _NIBBLE:
                    out.append(_BOMBS[m])
                elif not s.shaken >> (m + 1) & 1:
                    out.append(_SHAKES[m])
        if s.flips[seat] and s.pile_pos < len(s.pile):
            out.append(FLIP)
        return tuple(out)
    if phase is FLIP_CHOICE:
        assert s.pending is not None
        return tuple(_TAKES[t] for t in bits(s.field & MONTH_OF[s.pending[2]]))
    if phase is DECIDE:
        return (GO, STOP)
    if phase is CLAIM:
        return _CLAIMS
    if phase is CUP:
        return _CUPS
    return ()


# --- apply -----------------------------------------------------------------------------------


def apply(s: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Play ``action`` for ``s.to_act``; returns the new state and what happened.

    Raises :class:`IllegalAction` (with a ``key`` for translations) or :class:`GameOver`.
    """
    if s.phase is OVER:
        raise GameOver("The match is over.", key="game_over")
    try:
        legal = action in legal_actions(s)
    except TypeError:
        legal = False
    if not legal:
        raise _refusal(s, action)
    seat = s.to_act
    assert seat is not None
    events: list[Event] = []
    if type(action) is Go:
        gos = set_at(s.gos, seat, s.gos[seat] + 1)
        score = points_of(s.captured[seat], s.cup)
        order = s.go_order if seat in s.go_order else (*s.go_order, seat)
        events.append(GoCalled(seat, gos[seat], score))
        s = s._replace(gos=gos, go_at=set_at(s.go_at, seat, score), go_order=order)
        return next_turn(s, seat, events)
    if type(action) is Stop:
        events.append(StopCalled(seat))
        return win_round(s, seat, "stop", events)
    if type(action) is Take:
        assert s.pending is not None
        p, pt, d, steals = s.pending
        s = s._replace(phase=PLAY, pending=None)
        return resolve(s, seat, p, None if pt < 0 else pt, d, action.target, steals, events)
    if type(action) is Claim:
        assert s.pending is not None
        p, pt, d, steals = s.pending
        s = s._replace(phase=PLAY, pending=None)
        if action.accept:
            # "il a alors la possibilité de remporter la manche et marque 5 points."
            return flat_win(s, seat, "joker_win", s.rules.joker_win_points, events)
        return resolve(s, seat, p, None if pt < 0 else pt, d, None, steals, events)
    if type(action) is CupAs:
        s = s._replace(phase=PLAY, cup=int(action.as_pi))
        return after_turn(s, seat, events)
    if type(action) is Shake:
        # "Si un joueur a 3 cartes du même mois dans sa main, il peut alors l'annoncer par 흔들
        # (heundeul). S'il remporte la manche, il doublera son score." The turn goes on.
        month = action.month
        three = s.hands[seat] & MONTH_OF[(month - 1) * 4]
        events.append(Shaken(seat, names(three), False))
        s = s._replace(
            shakes=set_at(s.shakes, seat, s.shakes[seat] + 1),
            shaken=s.shaken | 1 << month,
            shown=set_at(s.shown, seat, s.shown[seat] | three),  # shown to all: public from now on
        )
        return s, tuple(events)
    hands = list(s.hands)
    if type(action) is Bomb:
        month = action.month
        mm = MONTH_OF[(month - 1) * 4]
        three = hands[seat] & mm
        hands[seat] ^= three
        taken = three | (s.field & mm) | s.pot[month]
        events.append(Shaken(seat, names(three), True))
        events.append(CardPlayed(seat, names(three), "bomb"))
        events.append(Captured(seat, names(taken), "bomb"))
        # RULINGS: a bomb counts as a shake (once per month: a shaken month does not count twice).
        shakes = s.shakes if s.shaken >> month & 1 else set_at(s.shakes, seat, s.shakes[seat] + 1)
        s = s._replace(
            hands=tuple(hands),
            field=s.field & ~mm,
            captured=set_at(s.captured, seat, s.captured[seat] | taken),
            shakes=shakes,
            shaken=s.shaken | 1 << month,
            flips=set_at(s.flips, seat, s.flips[seat] + 2),
            stacks=s.stacks & ~(1 << month),
            pot=set_at(s.pot, month, 0),
        )
        # "폭탄 (poktan). Ses adversaires lui donne une carte pi." (counted with the turn's other steals)
        return flip(s, seat, -1, None, 1, events)
    if type(action) is Flip:
        # "il pourra alors lorsqu'il le désire et à deux reprises, ne poser aucune carte et
        # simplement piocher"
        s = s._replace(flips=set_at(s.flips, seat, s.flips[seat] - 1))
        return flip(s, seat, -1, None, 0, events)
    assert type(action) is Play
    c = action.card
    hands[seat] ^= 1 << c
    if c >= 48:
        # "Si un joueur joue un joker, il la dépose avec les cartes pi qu'il a remporté et pioche
        # une carte qu'il place dans sa main et rejoue."
        events.append(CardPlayed(seat, (card_str(c),), "joker"))
        pos = s.pile_pos
        if pos < len(s.pile):
            hands[seat] |= 1 << s.pile[pos]
            pos += 1
        s = s._replace(
            hands=tuple(hands),
            captured=set_at(s.captured, seat, s.captured[seat] | 1 << c),
            pile_pos=pos,
            joker_turn=s.joker_turn | 1 << c,
        )
        if not hands[seat]:
            return after_turn(s, seat, events)
        return s, tuple(events)
    events.append(CardPlayed(seat, (card_str(c),), "play"))
    s = s._replace(hands=tuple(hands))
    return flip(s, seat, c, action.target, 0, events)


def _refusal(s: State, action: object) -> GameError:
    if not isinstance(action, Play | Shake | Bomb | Flip | Take | Go | Stop | Claim | CupAs):
        return IllegalAction(f"{action!r} is not a Go-Stop move", key="bad_move", text=repr(action))
    text = str(action)
    if s.phase is DECIDE:
        return IllegalAction("You reached the threshold: call go or stop.", key="wrong_phase", action=text)
    if s.phase is FLIP_CHOICE:
        message = "The flipped card matches two table cards: choose which one it takes."
        return IllegalAction(message, key="wrong_phase", action=text)
    if s.phase is CLAIM:
        return IllegalAction("Claim the round (5 points) or decline.", key="wrong_phase", action=text)
    if s.phase is CUP:
        return IllegalAction("Say how your sake cup counts: animal or pi.", key="wrong_phase", action=text)
    seat = s.to_act
    assert seat is not None
    if isinstance(action, Play):
        c = action.card
        if not isinstance(c, int) or not 0 <= c < 51 or not s.hands[seat] >> c & 1:
            return IllegalAction(f"{text} is not in your hand.", key="card_not_in_hand", card=text)
        if c >= 48:
            return IllegalAction("A joker cannot be played on your first turn.", key="joker_first_turn")
        if not s.field & MONTH_OF[c]:
            pairs = s.hands[seat] & ~BONUS_MASK & field_months(s.field)
            return IllegalAction(
                f"{text} pairs with nothing on the table and you hold a card that pairs: play one of "
                f"{', '.join(names(pairs))}.",
                key="must_pair",
                card=text,
                cards=names(pairs),
            )
        if (s.field & MONTH_OF[c]).bit_count() == 2 and action.target is None:
            return IllegalAction(
                f"{card_str(c)} matches two table cards: choose which one to take.",
                key="target_required",
                card=card_str(c),
                targets=names(s.field & MONTH_OF[c]),
            )
        target = card_str(action.target) if action.target is not None else "—"
        return IllegalAction(
            f"{text} cannot take that card.", key="bad_target", card=card_str(c), target=target
        )
    if isinstance(action, Shake):
        message = "Heundeul needs three cards of a month in hand, none on the table, not shaken yet."
        return IllegalAction(message, key="bad_shake")
    if isinstance(action, Bomb):
        return IllegalAction(
            "A bomb needs three cards of a month in hand and the fourth on the table.", key="bad_bomb"
        )
    if isinstance(action, Flip):
        return IllegalAction("You have no free flip left.", key="no_free_flip")
    return IllegalAction(f"{text} is not a legal move now.", key="illegal_move", action=text)


def outcome(s: State) -> Outcome | None:
    """Final totals once the match is over: the highest total wins (ties: all of them)."""
    if s.phase is not OVER:
        return None
    best = max(s.scores)
    return Outcome(s.scores, tuple(i for i in range(s.n) if s.scores[i] == best))


def to_act(s: State) -> int | None:
    return s.to_act
