"""Koi-Koi for the generic search (``engine.ai.search``): a full state sampled from one seat's
view, the playout policy, the value and the horizon.

What the view hides: the opponent's hand and the draw pile's order (plus the seed of later
deals). Everything else is public or the seat's own. :func:`determinize` deals the unseen cards
(48 minus hand, field, both captured piles and a drawn card awaiting its choice) at random
between the opponent's hand (its known size) and the pile, and draws a fresh seed for later
rounds; it reads nothing but the view and the RNG.

Two facts of the state are not in the view and are rebuilt as well as the view allows: which
seat called koi-koi last when both did (taken to be the opponent: calls alternate with yaku
made in turn) and a lightning wild-card sweep pending at the round's end (assumed none).
"""

from __future__ import annotations

import random

from engine.ai.koikoi.heuristic import Table, choose_action, decide_rule, play_value
from engine.hanafuda.cards import CARDS, mask
from engine.hanafuda.koikoi import ENGINE, legal_actions
from engine.hanafuda.koikoi.rules import points_table
from engine.hanafuda.koikoi.scoring import round_result
from engine.hanafuda.koikoi.state import State
from engine.hanafuda.koikoi.types import Action, Capture, KoiKoiView, Phase, Play
from engine.hanafuda.koikoi.yaku import yaku_items

__all__ = ["determinize", "done", "policy", "value", "view_policy"]


def determinize(view: KoiKoiView, rng: random.Random) -> State:
    """A whole match state that shows ``view`` to ``view.seat``, hidden cards sampled."""
    me = view.seat
    assert me is not None, "a spectator's view cannot be determinized"
    hand = mask(view.hand or ())
    field = mask(view.field)
    captured = (mask(view.captured[0]), mask(view.captured[1]))
    pending = -1 if view.pending_draw is None else int(view.pending_draw)
    seen = hand | field | captured[0] | captured[1] | (1 << pending if pending >= 0 else 0)
    unseen = [c for c in range(48) if not seen >> c & 1]
    rng.shuffle(unseen)
    n_opp = view.hand_counts[1 - me]
    opp = mask(unseen[:n_opp])
    pile = tuple(CARDS[c] for c in unseen[n_opp:])
    hands = (hand, opp) if me == 0 else (opp, hand)
    table = points_table(view.rules)
    month = view.month
    calls = view.koikoi_calls
    yaku_caps = list(captured)
    last = None
    if view.last_move is not None:
        lm = view.last_move
        played = -1 if lm.played is None else int(lm.played)
        drawn = -1 if lm.drawn is None else int(lm.drawn)
        last = (lm.seat, played, mask(lm.played_captured), drawn, mask(lm.drawn_captured))
        if view.phase is Phase.DRAW_CHOICE and lm.played_captured:
            # The yaku check comes after both cards: the seat's yaku are still last turn's.
            yaku_caps[lm.seat] &= ~(mask(lm.played_captured) | 1 << played)
    yaku = (
        yaku_items(yaku_caps[0], month, table, calls[0] > 0),
        yaku_items(yaku_caps[1], month, table, calls[1] > 0),
    )
    if calls[0] and calls[1]:
        last_koikoi: int | None = 1 - me
    elif calls[0] or calls[1]:
        last_koikoi = 0 if calls[0] else 1
    else:
        last_koikoi = None
    return State(
        view.rules, rng.getrandbits(63), view.round_no, view.dealer, (view.scores[0], view.scores[1]),
        view.history, view.phase, view.to_act, hands, field, pile, 0, captured, yaku, (calls[0], calls[1]),
        last_koikoi,
        pending, last, None, table,
    )  # fmt: skip


def policy(state: State, rng: random.Random) -> Action:
    """The playout policy: the normal CPU's move for the seat to act, read from the sampled
    state's masks rather than a built view (the same move and the same random draws as
    ``choose_action`` on the seat's view; about twice as many playouts a second)."""
    phase = state.phase
    me = state.to_act
    assert me is not None
    caps = state.captured
    t = Table(me, state.month, state.hands[me], state.field, caps[me], caps[1 - me], state.pending)
    if phase is Phase.DECIDE:
        return _decide(state, me, t)
    legal = legal_actions(state)
    best = legal[0]
    best_value = float("-inf")
    if phase is Phase.PLAY:
        for action in legal:
            assert isinstance(action, Play)
            v = play_value(t, action) + rng.random() * 1e-3
            if v > best_value:
                best, best_value = action, v
        return best
    drawn = 1 << state.pending
    for action in legal:
        assert isinstance(action, Capture)
        v = t.take_value(1 << action.target | drawn) + rng.random() * 1e-3
        if v > best_value:
            best, best_value = action, v
    return best


def _decide(s: State, me: int, t: Table) -> Action:
    """``engine.ai.koikoi.heuristic.decide`` read from the state: its rule on the same values.

    The stop score is ``scoring.round_result``'s (what the view shows), computed only when the
    rule gets that far (half the playouts' decisions): 4,920-5,080 playouts/s against
    5,150-5,280 for a points-only copy of the scoring (12 strong decisions x 1,500 playouts)."""
    return decide_rule(
        t,
        stop=lambda: round_result(s, "shobu", me, next_dealer=None).points[me],
        mine=s.scores[me],
        theirs=s.scores[1 - me],
        opp_calls=s.koikoi[1 - me],
        opp_has_yaku=bool(yaku_items(s.captured[1 - me], s.month, s.table, s.koikoi[1 - me] > 0)),
        last_round=s.round_no >= s.rules.rounds > 1,
        double_at=s.rules.double_at or 7,
        hand_empty=not s.hands[me],
    )


def view_policy(state: State, rng: random.Random) -> Action:
    """The normal CPU on the sampled state's view (what :func:`policy` reproduces faster)."""
    return choose_action(ENGINE.view(state, state.to_act), rng)


def value(state: State, seat: int) -> float:
    """The seat's lead in match points."""
    return float(state.scores[seat] - state.scores[1 - seat])


def done(root: State, state: State) -> bool:
    """The playout stops when the round is over (the match over, or the next round dealt)."""
    return state.phase is Phase.OVER or state.round_no != root.round_no
