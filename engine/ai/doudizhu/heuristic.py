"""A Dou Dizhu CPU player that decides from its seat's view only.

Heuristic, one ply:

- Bidding: hand strength from jokers, 2s, aces, bombs and long chains; bid the level it
  reaches if that is above the current bid, else pass.
- Leading: shed the most cards at the lowest rank without breaking a bomb or the rocket
  (chains, airplanes and triples with their lowest kickers first, lone low cards early); keep
  bombs and the rocket unless they finish the hand.
- Following: a peasant does not beat its partner (unless it can go out); otherwise play the
  cheapest answer that does not break a bomb; bombs and the rocket only when an opponent is
  close to going out or they finish the hand.
"""

from __future__ import annotations

import random

from engine.core import NotYourTurn
from engine.doudizhu.moves import SHIFTS, Move, counts
from engine.doudizhu.types import PASS, Action, Bid, DoudizhuView, Pass, Phase

__all__ = ["choose_action", "choose_action_legacy", "hand_strength", "score_moves"]


def hand_strength(ranks: list[int]) -> float:
    """Rough worth of a hand's rank counts for bidding (about 0–12)."""
    score = 2.5 * ranks[14] + 2.0 * ranks[13] + 1.2 * ranks[12] + 0.5 * ranks[11]
    score += sum(2.5 for r in range(13) if ranks[r] == 4)
    if ranks[13] and ranks[14]:
        score += 1.0
    # Short of low singles is good: count lonely low cards as a weakness.
    score -= 0.25 * sum(1 for r in range(8) if ranks[r] == 1)
    return score


def _hand(view: DoudizhuView) -> list[int]:
    legal = view.legal_actions
    if not legal or view.seat is None or view.to_act != view.seat:
        raise NotYourTurn("The CPU is not to act.", key="not_your_turn")
    hand = [0] * 15
    for c in view.hand or ():
        hand[c.rank] += 1
    return hand


def score_moves(view: DoudizhuView) -> list[tuple[Action, float]]:
    """The heuristic's value of every legal action (higher is better), for the beginner's
    noisy pick and the strong search's candidates: leads by their cost, answers by how cheap
    they are (bombs dear unless needed), bids by hand strength."""
    hand = _hand(view)
    legal = view.legal_actions
    if view.phase is Phase.BID:
        pick = _bid(hand, view, legal)
        return [(a, 1.0 if a == pick else 0.0) for a in legal]
    size = sum(hand)
    out: list[tuple[Action, float]] = []
    lord = view.landlord
    assert lord is not None  # bidding is over: there is a landlord
    seat = view.seat
    opponents = [lord] if seat != lord else [i for i in range(3) if i != lord]
    danger = min(view.hand_counts[i] for i in opponents) <= 4
    partner_led = view.to_beat is not None and seat != lord and view.to_beat_seat != lord
    for a in legal:
        if not isinstance(a, Move):
            out.append((a, -6.0 if partner_led else -14.0))
            continue
        if a.size == size:
            v = 1000.0
        elif view.to_beat is None:
            v = -_lead_cost(a, hand, view)
        elif a.is_bomb:
            v = -(30.0 + a.key) if danger or size <= 6 else -100.0 - a.key
        elif _breaks(a, hand):
            v = -60.0 - a.key
        else:
            v = -(a.key + 3 * _splits(a, hand) + 0.05 * (a.enc >> SHIFTS[12])) - (
                20.0 if partner_led else 0.0
            )
        out.append((a, v))
    return out


def choose_action_legacy(view: DoudizhuView, rng: random.Random) -> Action:
    """The CPU as it was before the levels, for the duel bench."""
    return _choose(view, rng, improved=False)


def choose_action(view: DoudizhuView, rng: random.Random) -> Action:
    """A legal action for ``view.seat``, decided from the view alone."""
    return _choose(view, rng, improved=True)


def _choose(view: DoudizhuView, rng: random.Random, *, improved: bool) -> Action:
    legal = view.legal_actions
    hand = _hand(view)
    if view.phase is Phase.BID:
        return _bid(hand, view, legal, BIDS_AT if improved else LEGACY_BIDS)
    moves = [a for a in legal if isinstance(a, Move)]
    size = sum(hand)
    finishing = [m for m in moves if m.size == size]
    if finishing:
        return finishing[0]
    if improved and (teamwork := _teamwork(moves, hand, view)) is not None:
        return teamwork
    if view.to_beat is None:
        return min(moves, key=lambda m: _lead_cost(m, hand, view))
    return _follow(moves, hand, view, rng)


def _teamwork(moves: list[Move], hand: list[int], view: DoudizhuView) -> Action | None:
    """A peasant's play for its partner: when the partner is down to one or two cards and
    plays next, lead the lowest single (or pair) it can beat; when the partner led and the
    landlord, next, is about to go out, cover the partner's low play with a high one."""
    seat, lord = view.seat, view.landlord
    if seat is None or lord is None or seat == lord:
        return None
    partner = 3 - seat - lord
    left = view.hand_counts[partner]
    if view.to_beat is None and left <= 2 and (seat + 1) % 3 == partner:
        kind = "single" if left == 1 else "pair"
        low = [m for m in moves if m.kind == kind and not _breaks(m, hand)]
        if low:
            return min(low, key=lambda m: m.key)
    if (
        view.to_beat is not None
        and view.to_beat_seat == partner
        and (seat + 1) % 3 == lord
        and view.hand_counts[lord] <= 2
        and view.to_beat.key < 10
    ):
        cover = [m for m in moves if not m.is_bomb and not _breaks(m, hand) and m.key >= 10]
        if cover:
            return min(cover, key=lambda m: m.key)
    return None


# Hand strength needed to bid 1, 2 and 3. The landlord takes the kitty and leads, and CPU
# peasants defend poorly, so bidding pays from weaker hands than it seems: against the earlier
# thresholds (4.5, 6, 8; kept as LEGACY_BIDS), these win +1.1 points per deal in duplicate.
BIDS_AT = (1.0, 3.5, 5.5)
LEGACY_BIDS = (4.5, 6.0, 8.0)


def _bid(
    hand: list[int], view: DoudizhuView, legal: tuple[Action, ...], at: tuple[float, ...] = BIDS_AT
) -> Action:
    s = hand_strength(hand)
    want = 3 if s >= at[2] else 2 if s >= at[1] else 1 if s >= at[0] else 0
    if want > view.bid:
        for a in legal:
            if isinstance(a, Bid) and a.value == want:
                return a
    return PASS


def _breaks(m: Move, hand: list[int]) -> bool:
    """Whether ``m`` takes part of a bomb or one joker of the rocket without being it."""
    if m.is_bomb:
        return False
    mc = counts(m.enc)
    if hand[13] and hand[14] and (mc[13] or mc[14]):
        return True
    return any(hand[r] == 4 and mc[r] for r in range(13))


def _splits(m: Move, hand: list[int]) -> int:
    """How many ranks the move leaves with a lonely remainder (a pair or triple broken)."""
    mc = counts(m.enc)
    return sum(1 for r in range(15) if mc[r] and 0 < hand[r] - mc[r] < hand[r] and hand[r] < 4)


def _lead_cost(m: Move, hand: list[int], view: DoudizhuView) -> float:
    cost = m.key * 1.0 - 1.6 * m.size + 3.0 * _splits(m, hand)
    if _breaks(m, hand):
        cost += 40
    if m.is_bomb:
        cost += 60
    # Kickers: the lowest first.
    mc = counts(m.enc)
    cost += 0.1 * sum(r * n for r, n in enumerate(mc))
    # Low singles are hard to shed later: lead them while the table is open.
    if m.kind == "single" and m.key >= 12:
        cost += 8
    # Opponent close to going out: lead what is hardest to follow (long, high).
    lord = view.landlord
    if lord is not None and view.seat is not None:
        opponents = [lord] if view.seat != lord else [i for i in range(3) if i != lord]
        if min(view.hand_counts[i] for i in opponents) <= 2 and m.size <= 2:
            cost += 10 - m.key
    return cost


def _follow(moves: list[Move], hand: list[int], view: DoudizhuView, rng: random.Random) -> Action:
    seat = view.seat
    lord = view.landlord
    last_seat = view.to_beat_seat
    assert seat is not None and lord is not None and last_seat is not None
    partner_led = seat != lord and last_seat != lord
    if partner_led:
        return PASS
    opponents = [lord] if seat != lord else [i for i in range(3) if i != lord]
    danger = min(view.hand_counts[i] for i in opponents) <= 4
    plain = [m for m in moves if not m.is_bomb and not _breaks(m, hand)]
    if plain:
        best = min(plain, key=lambda m: m.key + 3 * _splits(m, hand) + 0.05 * (m.enc >> SHIFTS[12]))
        # Do not waste a 2 or a joker on a low single early, unless it matters.
        if best.key >= 12 and not danger and view.to_beat is not None and view.to_beat.key < 8:
            return PASS if rng.random() < 0.5 else best
        return best
    bombs = [m for m in moves if m.is_bomb]
    if bombs and (danger or sum(hand) <= 6):
        return min(bombs, key=lambda m: m.key)
    return PASS if any(isinstance(a, Pass) for a in view.legal_actions) else moves[0]
