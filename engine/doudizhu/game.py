"""Dou Dizhu play: the deal, the bidding, tricks, the end of a hand and of the match.

``apply`` validates every action itself (one source of truth) and moves on by itself: the
third pass of a bidding redeals, a hand's last card scores it and deals the next (or ends the
match). ``legal_actions`` lists exactly what ``apply`` accepts (a property test checks it).

The match's state and its deals are :mod:`engine.doudizhu.state`'s; a deal's score is
:mod:`engine.doudizhu.scoring`'s.
"""

from __future__ import annotations

from engine.core import BadRules, GameError, GameOver, IllegalAction, Outcome
from engine.doudizhu.cards import CARDS, RANK_OF, from_mask
from engine.doudizhu.moves import SHIFTS, Move, U, answers, beats, classify, fits, leads
from engine.doudizhu.rules import Rules
from engine.doudizhu.scoring import no_bid_result, result
from engine.doudizhu.state import State, deal, open_hand
from engine.doudizhu.types import (
    BIDS,
    PASS,
    Action,
    Bid,
    BidMade,
    DoudizhuView,
    Event,
    HandEnded,
    HandResult,
    LandlordChosen,
    MatchEnded,
    Pass,
    Passed,
    Phase,
    Played,
    Redealt,
    TrickPlay,
    TrickWon,
)

__all__ = ["State", "apply", "deal", "legal_actions", "new_game", "outcome", "start", "to_act", "view"]

BID, PLAY, OVER = Phase.BID, Phase.PLAY, Phase.OVER
_new = tuple.__new__


def start(seats: int, rules: Rules, seed: int) -> tuple[State, tuple[Event, ...]]:
    """A new match and the events of its first deal."""
    if seats != 3:
        raise BadRules(f"Dou Dizhu is played by 3 players, not {seats}", key="bad_seats", seats=seats)
    if not isinstance(rules, Rules):
        raise BadRules("Dou Dizhu needs Dou Dizhu rules", key="bad_rules")
    events: list[Event] = []
    state = open_hand(rules, seed, 1, 0, (0, 0, 0), (), events)
    return state, tuple(events)


def new_game(seats: int, rules: Rules, seed: int) -> State:
    """A new match of ``rules.hands`` hands for seats 0, 1 and 2."""
    return start(seats, rules, seed)[0]


# --- legal actions -------------------------------------------------------------------------


def legal_actions(s: State) -> tuple[Action, ...]:
    """Every action the seat to act may take (empty once the match is over)."""
    phase = s.phase
    if phase is PLAY:
        assert s.to_act is not None
        enc = s.encs[s.to_act]
        last = s.last
        if last is None:
            return tuple(leads(enc))
        return (*answers(enc, last, s.rules.bomb_over_bomb), PASS)
    if phase is BID:
        return (*BIDS[s.bid :], PASS)
    return ()


# --- apply ---------------------------------------------------------------------------------


def apply(s: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Play ``action`` for ``s.to_act``; returns the new state and what happened.

    Raises :class:`IllegalAction` (with a ``key`` for translations) or :class:`GameOver`.
    """
    phase = s.phase
    if phase is PLAY:
        if type(action) is Move:
            return _play(s, action)
        if type(action) is Pass:
            return _pass(s)
        if type(action) is Bid:
            raise IllegalAction("The bidding is over: play or pass.", key="wrong_phase", phase="play")
    elif phase is BID:
        if type(action) is Bid:
            value = action.value
            if type(value) is not int or not 1 <= value <= 3:
                raise IllegalAction(f"A bid is 1, 2 or 3, not {value!r}.", key="bad_bid", bid=str(value))
            return _bid(s, value)
        if type(action) is Pass:
            return _bid(s, 0)
        if type(action) is Move:
            raise IllegalAction("Bid first: bid1, bid2, bid3 or pass.", key="wrong_phase", phase="bid")
    else:
        raise GameOver("The match is over.", key="game_over")
    raise IllegalAction(f"{action!r} is not a Dou Dizhu move", key="bad_move", text=repr(action))


def _bid(s: State, value: int) -> tuple[State, tuple[Event, ...]]:
    seat = s.to_act
    assert seat is not None
    if value and value <= s.bid:
        raise IllegalAction(f"Bid more than {s.bid} (or pass).", key="bid_too_low", bid=value, highest=s.bid)
    events: list[Event] = [BidMade(seat, value)]
    bids = (*s.bids, (seat, value))
    bid, bidder = (value, seat) if value else (s.bid, _bidder(s))
    # « S'il annonce directement 3, il devient directement le maitre » ; each seat bids once.
    if value == 3 or len(bids) == 3:
        if bid:
            return _landlord(s._replace(bids=bids), bidder, bid, events)
        # « Si aucun des joueurs n'annonce d'enchères, on redistribue. »
        attempt = s.attempt + 1
        events.append(Redealt(s.hand_no, attempt))
        limit = s.rules.max_redeals
        if limit and attempt > limit:
            return _close_hand(s, no_bid_result(s), events)
        state = open_hand(s.rules, s.seed, s.hand_no, attempt, s.scores, s.history, events)
        return state, tuple(events)
    return s._replace(to_act=(seat + 1) % 3, bids=bids, bid=bid), tuple(events)


def _bidder(s: State) -> int:
    for seat, value in s.bids:
        if value == s.bid and value:
            return seat
    return -1


def _landlord(s: State, seat: int, bid: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    k = s.kitty
    kmask = 1 << k[0] | 1 << k[1] | 1 << k[2]
    kenc = U[RANK_OF[k[0]]] + U[RANK_OF[k[1]]] + U[RANK_OF[k[2]]]
    masks = list(s.masks)
    encs = list(s.encs)
    masks[seat] |= kmask
    encs[seat] += kenc
    events.append(LandlordChosen(seat, bid, (CARDS[k[0]], CARDS[k[1]], CARDS[k[2]])))
    # « Il jouera tout seul, mais il a le bonus de récupérer les 3 dernières cartes » ; « Le dizhu
    # entame la partie. »
    state = s._replace(
        phase=PLAY,
        to_act=seat,
        bid=bid,
        landlord=seat,
        masks=(masks[0], masks[1], masks[2]),
        encs=(encs[0], encs[1], encs[2]),
    )
    return state, tuple(events)


def _take(m: int, enc: int) -> int:
    """The cards of ``m`` that play the ranks ``enc``: the lowest suits of each rank."""
    removed = 0
    r = 0
    while enc:
        n = enc & 15
        if n:
            if r < 13:
                field = f = (m >> SHIFTS[r]) & 15
                for _ in range(n):
                    f &= f - 1
                removed |= (field ^ f) << SHIFTS[r]
            else:
                removed |= 1 << (39 + r)  # 13 → 52 black joker, 14 → 53 red joker
        enc >>= 4
        r += 1
    return removed


def _play(s: State, move: Move) -> tuple[State, tuple[Event, ...]]:
    seat = s.to_act
    assert seat is not None
    enc = move.enc
    if type(enc) is not int or not 0 < enc < 1 << 60 or classify(enc) != move:
        raise IllegalAction(
            f"{move} is not a Dou Dizhu combination.", key="not_a_combination", text=str(move)
        )
    hand = s.encs[seat]
    if not fits(enc, hand):
        raise IllegalAction(f"You do not hold {move}.", key="not_in_hand", move=str(move))
    last = s.last
    if last is not None and not beats(move, last, s.rules.bomb_over_bomb):
        if last.kind == "bomb" and move.kind == "bomb":
            raise IllegalAction(
                f"{move} does not beat the bomb {last}: with these rules only the rocket beats a bomb.",
                key="bomb_stands",
                move=str(move),
                last=str(last),
            )
        raise IllegalAction(
            f"{move} does not beat {last}: play the same kind of combination, higher, or a bomb.",
            key="does_not_beat",
            move=str(move),
            last=str(last),
        )
    removed = _take(s.masks[seat], enc)
    hand -= enc
    mask = s.masks[seat] ^ removed
    cards = from_mask(removed)
    if seat == 0:
        masks, encs = (mask, s.masks[1], s.masks[2]), (hand, s.encs[1], s.encs[2])
        plays = (s.plays[0] + 1, s.plays[1], s.plays[2])
    elif seat == 1:
        masks, encs = (s.masks[0], mask, s.masks[2]), (s.encs[0], hand, s.encs[2])
        plays = (s.plays[0], s.plays[1] + 1, s.plays[2])
    else:
        masks, encs = (s.masks[0], s.masks[1], mask), (s.encs[0], s.encs[1], hand)
        plays = (s.plays[0], s.plays[1], s.plays[2] + 1)
    bombs = s.bombs + (move.kind == "bomb" or move.kind == "rocket")
    trick = (*s.trick, TrickPlay(seat, move, cards))
    events: list[Event] = [Played(seat, move, cards, mask.bit_count())]
    state = _new(State, (
        s.rules, s.seed, s.hand_no, s.attempt, s.scores, s.history, PLAY, (seat + 1) % 3, s.face_up,
        s.first_bidder, s.kitty, masks, encs, s.bids, s.bid, s.landlord, move, seat, 0, trick, s.tricks,
        plays, bombs,
    ))  # fmt: skip
    if hand:
        return state, tuple(events)
    # « Le maitre gagne s'il finit son jeu en premier, les paysans gagnent si l'un d'entre eux
    # finit ses cartes en premier. »
    state = state._replace(tricks=(*s.tricks, trick), trick=())
    return _close_hand(state, result(state, seat), events)


def _pass(s: State) -> tuple[State, tuple[Event, ...]]:
    seat = s.to_act
    assert seat is not None
    if s.last is None:
        raise IllegalAction("You lead this trick: play a combination.", key="must_lead")
    trick = (*s.trick, TrickPlay(seat, None, ()))
    if s.passes == 1:
        # « Le pli est remporté par le dernier joueur ayant joué quand les 2 joueurs suivants
        # passent consécutivement. »
        winner = s.last_seat
        state = s._replace(
            to_act=winner, last=None, last_seat=-1, passes=0, trick=(), tricks=(*s.tricks, trick)
        )
        return state, (Passed(seat), TrickWon(winner))
    return s._replace(to_act=(seat + 1) % 3, passes=1, trick=trick), (Passed(seat),)


def _close_hand(s: State, scored: HandResult, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    p = scored.points
    scores = (s.scores[0] + p[0], s.scores[1] + p[1], s.scores[2] + p[2])
    history = (*s.history, scored)
    events.append(HandEnded(scored, scores))
    if s.hand_no >= s.rules.hands:
        best = max(scores)
        events.append(MatchEnded(scores, tuple(i for i in range(3) if scores[i] == best)))
        return s._replace(phase=OVER, to_act=None, scores=scores, history=history), tuple(events)
    state = open_hand(s.rules, s.seed, s.hand_no + 1, 0, scores, history, events)
    return state, tuple(events)


# --- view and results ----------------------------------------------------------------------


def view(s: State, seat: int | None) -> DoudizhuView:
    """The match as ``seat`` sees it (``None``: a spectator, who sees no hand)."""
    if seat is not None and seat not in (0, 1, 2):
        raise GameError(f"Dou Dizhu has seats 0, 1 and 2, not {seat}.", key="bad_seat", seat=seat)
    over = s.phase is OVER
    factor = s.bid
    if s.bombs:
        factor *= 2 if s.rules.bomb_multiplier == "once" else 2**s.bombs
    return DoudizhuView(
        seat=seat,
        rules=s.rules,
        phase=s.phase,
        to_act=s.to_act,
        hand_no=s.hand_no,
        hands_total=s.rules.hands,
        scores=s.scores,
        hand=None if seat is None else from_mask(s.masks[seat]),
        hand_counts=(s.masks[0].bit_count(), s.masks[1].bit_count(), s.masks[2].bit_count()),
        face_up=None if over else CARDS[s.face_up],
        first_bidder=None if over else s.first_bidder,
        bids=s.bids,
        bid=s.bid,
        landlord=s.landlord if s.landlord >= 0 else None,
        kitty=tuple(CARDS[c] for c in s.kitty) if s.landlord >= 0 else None,
        trick=s.trick,
        tricks=s.tricks,
        to_beat=s.last,
        to_beat_seat=s.last_seat if s.last is not None else None,
        bombs=s.bombs,
        factor=factor,
        legal_actions=legal_actions(s) if seat is not None and seat == s.to_act else (),
        history=s.history,
    )


def outcome(s: State) -> Outcome | None:
    """Final totals once the match is over: the highest total wins (ties: all of them)."""
    if s.phase is not OVER:
        return None
    best = max(s.scores)
    return Outcome(s.scores, tuple(i for i in range(3) if s.scores[i] == best))


def to_act(s: State) -> int | None:
    return s.to_act
