"""Round setup and transitions: first dealer, the deal (jokers, four on the table, chongtong), round ends.

Every deal comes from ``seeded_rng(seed, "deal", round_no, attempt)``, so a match replays from
``(rules, seed, actions)`` whatever happened in earlier rounds.
"""

from __future__ import annotations

from engine.core import BadRules, seeded_rng
from engine.hanafuda.gostop.cards import BONUS_MASK, card_str, deck_cards
from engine.hanafuda.gostop.rules import Rules
from engine.hanafuda.gostop.scoring import flat_payments, totals
from engine.hanafuda.gostop.state import State
from engine.hanafuda.gostop.types import (
    Chongtong,
    Event,
    JokerToDealer,
    MatchEnded,
    Payment,
    Phase,
    Redealt,
    RoundEnded,
    RoundResult,
    RoundStarted,
    ScoreItem,
)
from engine.hanafuda.koikoi.state import bits


def set_at(t: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    """``t`` with item ``i`` replaced by ``v``."""
    return (*t[:i], v, *t[i + 1 :])


def deal_order(seed: int, round_no: int, attempt: int, bonus: int) -> list[int]:
    """The shuffled deck (48 cards + ``bonus`` jokers) of one deal."""
    deck = list(deck_cards(bonus))
    seeded_rng(seed, "deal", round_no, attempt).shuffle(deck)
    return deck


def first_dealer(seed: int, seats: int) -> int:
    """The first dealer, drawn from the game's seed (the seed does not say how)."""
    return seeded_rng(seed, "first_dealer").randrange(seats)


def start(seats: int, rules: Rules, seed: int) -> tuple[State, tuple[Event, ...]]:
    """A new match and the events of its opening deal (redeals, table jokers, chongtong)."""
    if seats not in (2, 3):
        raise BadRules(f"Go-Stop is played by 2 or 3 players, not {seats}", key="bad_seats", seats=seats)
    if not isinstance(rules, Rules):
        raise BadRules("Go-Stop needs Go-Stop rules", key="bad_rules")
    events: list[Event] = []
    s = open_round(rules, seed, seats, 1, first_dealer(seed, seats), (0,) * seats, (), 1, events)
    return s, tuple(events)


def new_game(seats: int, rules: Rules, seed: int) -> State:
    """A new match for ``seats`` (2 or 3) players, seats 0..seats-1."""
    return start(seats, rules, seed)[0]


def deal_packets(deck: list[int], n: int, dealer: int) -> tuple[list[int], int, int]:
    """(hands by seat, table mask, index of the pile's first card).

    "jamais une à une, par exemple 5 par joueur, puis 4 sur la table, puis une seconde fois pour
    2 joueurs (4 aux joueurs, 3 sur la table, puis 3 aux joueurs et 3 sur la table pour une partie
    à 3)"; players are served from the dealer in playing order.
    """
    packets = ((5, 4), (5, 4)) if n == 2 else ((4, 3), (3, 3))
    hands = [0] * n
    table = 0
    i = 0
    for per_player, to_table in packets:
        for k in range(n):
            seat = (dealer + k) % n
            for c in deck[i : i + per_player]:
                hands[seat] |= 1 << c
            i += per_player
        for c in deck[i : i + to_table]:
            table |= 1 << c
        i += to_table
    return hands, table, i


def _four(m: int) -> int:
    """The first month (1..12) with all four cards in mask ``m``, else 0."""
    for k in range(12):
        if m >> (4 * k) & 15 == 15:
            return k + 1
    return 0


def open_round(
    rules: Rules,
    seed: int,
    n: int,
    round_no: int,
    dealer: int,
    scores: tuple[int, ...],
    history: tuple[RoundResult, ...],
    carry: int,
    events: list[Event],
) -> State:
    events.append(RoundStarted(round_no, dealer, carry))
    attempt = 0
    while True:
        deck = deal_order(seed, round_no, attempt, rules.bonus_cards)
        hands, table, pos = deal_packets(deck, n, dealer)
        dealer_jokers = table & BONUS_MASK
        table ^= dealer_jokers
        joker_events: list[Event] = []
        # "Si un joker est distribué sur la table, la personne qui distribue le remporte et tire
        # une carte de la pioche qu'il dépose sur la table. Si il pioche à nouveau un joker, il le
        # garde et pioche encore une carte."
        for j in bits(dealer_jokers):
            while True:
                c = deck[pos]
                pos += 1
                joker_events.append(JokerToDealer(dealer, card_str(j), card_str(c)))
                if c < 48:
                    table |= 1 << c
                    break
                dealer_jokers |= 1 << c
                j = c
        # "S'il y a 4 cartes d'une même famille sur la table, la partie est nulle et les cartes sont
        # mélangées et distribuées à nouveau." Option four_on_table="redeal": deal this round again.
        four = _four(table)
        if not four or rules.four_on_table == "nagari":
            break
        events.append(Redealt("four_on_table"))
        attempt += 1
    events.extend(joker_events)
    captured = [0] * n
    captured[dealer] = dealer_jokers
    zeros = (0,) * n
    s = State(
        rules=rules, seed=seed, n=n, round_no=round_no, dealer=dealer, scores=scores, history=history,
        carry=carry, phase=Phase.PLAY, to_act=dealer, hands=tuple(hands), field=table, pile=tuple(deck),
        pile_pos=pos, captured=tuple(captured), gos=zeros, go_at=(-1,) * n, go_order=(), shakes=zeros,
        shaken=0, seolsa=zeros, stacks=0, flips=zeros, turns=zeros, pending=None, pot=(0,) * 13,
        joker_turn=0, cup=-1, stolen=zeros, given=zeros, shown=zeros,
    )  # fmt: skip
    if four:
        # Seed reading (docs/rules/gostop.md, Readings): « la partie est nulle » is the seed's own
        # word for a nagari ("si personne n'a atteint le seuil, la partie est nulle"; "Si une
        # manche se solde par un nul, c'est un 나가리"), so the round ends as one: the dealer stays
        # and the next round's win counts double. The cards are dealt again for that round.
        events.append(Redealt("four_on_table"))
        return close_round(s, result(s, "nagari", None, ()), events)
    # "Si un joueur a 4 cartes d'une même famille dans les mains, il le déclare, gagne
    # immédiatement la manche et ses adversaires lui donne chacun 5 points. Si 2 des joueurs sont
    # dans ce cas de figure, la manche est nulle pour une partie à 2 joueurs, lorsqu'il y a 3
    # joueurs, le dernier donne alors 5 points aux autres."
    holders = [seat for seat in range(n) if _four(hands[seat])]
    if not holders:
        return s
    for seat in holders:
        events.append(Chongtong(seat, _four(hands[seat])))
    pts = rules.chongtong_points
    if len(holders) == 1:
        res = result(s, "chongtong", holders[0], flat_payments(holders[0], n, pts, carry))
    elif n == 2 or len(holders) == 3:
        res = result(s, "nagari", None, ())
    else:
        third = next(x for x in range(n) if x not in holders)
        pays = tuple(p for w in holders for p in flat_payments(w, n, pts, carry) if p.payer == third)
        # Two winners: the next dealer is the first of them in playing order from the dealer.
        first = min(holders, key=lambda w: (w - dealer) % n)
        res = result(s, "double_chongtong", first, pays)
    return close_round(s, res, events)


def result(
    s: State,
    reason: str,
    winner: int | None,
    pays: tuple[Payment, ...],
    *,
    items: tuple[ScoreItem, ...] = (),
    base: int = 0,
    bonus: int = 0,
    score: int = 0,
) -> RoundResult:
    """The round's result; the winner deals next, after a nagari the dealer stays."""
    final = s.round_no >= s.rules.rounds
    nxt = None if final else (s.dealer if winner is None else winner)
    return RoundResult(
        round_no=s.round_no, reason=reason, winner=winner, items=items, base=base, go_bonus=bonus,
        score=score, payments=pays, points=totals(s.n, pays), dealer=s.dealer, next_dealer=nxt,
    )  # fmt: skip


def close_round(s: State, res: RoundResult, events: list[Event]) -> State:
    """Record ``res``, then deal the next round or end the match (rounds played or target hit)."""
    scores = tuple(a + b for a, b in zip(s.scores, res.points, strict=True))
    nxt = res.next_dealer
    target = s.rules.target_score
    if target and max(scores) >= target:
        nxt = None
    events.append(RoundEnded(res, scores))
    history = (*s.history, res)
    if nxt is None:
        best = max(scores)
        events.append(MatchEnded(scores, tuple(i for i in range(s.n) if scores[i] == best)))
        return s._replace(phase=Phase.OVER, to_act=None, scores=scores, history=history, pending=None)
    # "Si une manche se solde par un nul, c'est un 나가리 (Nagari). le gagnant de la manche
    # suivante recevra de ses adversaires le double de point." (consecutive nagari stack ×2 each)
    carry = s.carry * 2 if res.winner is None and s.rules.nagari_double else 1
    return open_round(s.rules, s.seed, s.n, s.round_no + 1, nxt, scores, history, carry, events)
