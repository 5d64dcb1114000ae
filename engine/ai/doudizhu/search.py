"""Dou Dizhu for the generic search (``engine.ai.search``): a full state sampled from one seat's
view, the playout policy, the value and the horizon.

What the view hides: the other two hands, and the kitty until the bidding ends. What it tells
about them, and :func:`determinize` honours:

- every card played (the tricks), the seat's own hand, the kitty once shown (it went to the
  landlord's hand: those of its cards not played yet are the landlord's);
- the face-up card turned before the deal went to the first bidder: until played, it is theirs;
- the hand sizes;
- passes (soft): a seat that passed over an opponent's single or pair below a 2 is taken not
  to hold a higher plain single or pair (below the 2s). Samples breaking that are redrawn a few
  times; if none fits (a player may pass on purpose) the last draw is kept.

It reads nothing but the view and the RNG; the seed of later deals is drawn from the RNG.
"""

from __future__ import annotations

import random

from engine.ai.doudizhu.heuristic import choose_action
from engine.doudizhu import ENGINE
from engine.doudizhu.cards import RANK_OF
from engine.doudizhu.game import State
from engine.doudizhu.moves import U
from engine.doudizhu.types import Action, DoudizhuView, Phase

__all__ = ["determinize", "done", "policy", "value"]

TRIES = 12  # redraws to satisfy the pass constraints


def _enc(m: int) -> int:
    enc = 0
    while m:
        low = m & -m
        enc += U[RANK_OF[low.bit_length() - 1]]
        m ^= low
    return enc


def _mask(cards: tuple[int, ...] | list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m


def _lacks(view: DoudizhuView) -> dict[int, tuple[int, int]]:
    """Per seat, (single, pair): the lowest key it is taken not to beat with a plain single /
    pair below the 2s (15: no constraint), from its passes over an opponent's play."""
    out: dict[int, list[int]] = {}
    lord = view.landlord
    for trick in (*view.tricks, view.trick):
        last = None
        for tp in trick:
            if tp.move is not None:
                last = tp
                continue
            if last is None or last.move is None or last.move.kind not in ("single", "pair"):
                continue
            partners = lord is not None and tp.seat != lord and last.seat != lord
            if partners or last.move.key >= 12:
                continue
            lim = out.setdefault(tp.seat, [15, 15])
            i = 0 if last.move.kind == "single" else 1
            lim[i] = min(lim[i], last.move.key)
    return {s: (v[0], v[1]) for s, v in out.items()}


def _fits(enc: int, lack: tuple[int, int]) -> bool:
    single, pair = lack
    for r in range(min(single, pair) + 1, 12):
        n = enc >> (4 * r) & 15
        if (n >= 1 and r > single) or (n >= 2 and r > pair):
            return False
    return True


def determinize(view: DoudizhuView, rng: random.Random) -> State:
    """A whole match state that shows ``view`` to ``view.seat``, hidden cards sampled."""
    me = view.seat
    assert me is not None, "a spectator's view cannot be determinized"
    played = 0
    plays = [0, 0, 0]
    for trick in (*view.tricks, view.trick):
        for tp in trick:
            if tp.move is not None:
                played |= _mask(tp.cards)
                plays[tp.seat] += 1
    own = _mask(view.hand or ())
    counts = list(view.hand_counts)
    fixed = [0, 0, 0]
    fixed[me] = own
    kitty: tuple[int, ...] | None = None
    lord = view.landlord
    if view.kitty is not None and lord is not None:
        kitty = tuple(int(c) for c in view.kitty)
        if lord != me:
            fixed[lord] |= _mask(kitty) & ~played
    if view.face_up is not None and view.first_bidder is not None and view.first_bidder != me:
        face = 1 << int(view.face_up)
        if not face & played and not face & own:
            fixed[view.first_bidder] |= face
    known = played | fixed[0] | fixed[1] | fixed[2]
    unseen = [c for c in range(54) if not known >> c & 1]
    need = [counts[s] - fixed[s].bit_count() if s != me else 0 for s in range(3)]
    lacks = _lacks(view)
    masks = [0, 0, 0]
    kitty_draw: tuple[int, ...] = ()
    for _ in range(TRIES):
        rng.shuffle(unseen)
        pos = 0
        masks = list(fixed)
        for s in range(3):
            if s != me:
                masks[s] |= _mask(unseen[pos : pos + need[s]])
                pos += need[s]
        kitty_draw = tuple(unseen[pos : pos + 3])
        if all(_fits(_enc(masks[s]), lack) for s, lack in lacks.items() if s != me):
            break
    if kitty is None:
        kitty = kitty_draw
    assert len(kitty) == 3
    last_seat = view.to_beat_seat if view.to_beat_seat is not None else -1
    passes = 1 if view.to_beat is not None and view.trick and view.trick[-1].move is None else 0
    m = (masks[0], masks[1], masks[2])
    face_up = int(view.face_up) if view.face_up is not None else 0
    return State(
        view.rules, rng.getrandbits(63), view.hand_no, 0, (view.scores[0], view.scores[1], view.scores[2]),
        view.history, view.phase, view.to_act, face_up, view.first_bidder or 0,
        (kitty[0], kitty[1], kitty[2]), m, (_enc(m[0]), _enc(m[1]), _enc(m[2])), view.bids, view.bid,
        lord if lord is not None else -1,
        view.to_beat, last_seat, passes, view.trick, view.tricks, (plays[0], plays[1], plays[2]), view.bombs,
    )  # fmt: skip


_POLICY: dict[tuple[object, ...], Action] = {}
_POLICY_SIZE = 200_000


def policy(state: State, rng: random.Random) -> Action:
    """The playout policy: the normal CPU, on the sampled state's view of the seat to act.

    During play the normal CPU's choice depends only on the seat's hand, the move to beat, its
    role, who played that move and how close the opponents are to going out; the choice is
    memoised on exactly those (this process's playouts meet the same positions again and
    again: the candidates of one determinization share their endings), so most playout moves
    skip building a view and scoring a thousand leads."""
    seat = state.to_act
    if state.phase is not Phase.PLAY:
        return choose_action(ENGINE.view(state, seat), rng)
    lord = state.landlord
    assert lord is not None and seat is not None  # play has begun: a landlord, a seat to act
    if seat == lord:
        near = min(state.masks[(lord + 1) % 3].bit_count(), state.masks[(lord + 2) % 3].bit_count())
    else:
        near = state.masks[lord].bit_count()
    partner_led = state.last is not None and seat != lord and state.last_seat != lord
    rules = state.rules.bomb_over_bomb
    key = (state.encs[seat], state.last, seat == lord, partner_led, near <= 2, near <= 4, rules)
    action = _POLICY.get(key)
    if action is None:
        if len(_POLICY) >= _POLICY_SIZE:
            _POLICY.clear()
        action = _POLICY[key] = choose_action(ENGINE.view(state, seat), rng)
    return action


def value(state: State, seat: int) -> float:
    """The seat's match points (zero-sum: what it wins, the others lose)."""
    return float(state.scores[seat])


def done(root: State, state: State) -> bool:
    """The playout stops when the hand is over (or redealt: nobody bid)."""
    if state.phase is Phase.OVER or state.hand_no != root.hand_no:
        return True
    return state.phase is Phase.BID and (root.phase is not Phase.BID or len(state.bids) < len(root.bids))
