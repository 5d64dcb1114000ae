"""Round setup and transitions: the first dealer, the deal, misdeals, teyaku, the match's end.

Every deal comes from ``derive_seed(seed, "deal", round_no, attempt)`` (Koi-Koi's shuffle), so
a match replays from ``(rules, seed, actions)`` whatever happened in earlier rounds.
"""

from __future__ import annotations

from engine.core import BadRules, seeded_rng
from engine.hanafuda.cards import Card, from_mask, mask
from engine.hanafuda.koikoi.rounds import deal_order as _koikoi_deal_order
from engine.hanafuda.roppyakken.rules import Rules
from engine.hanafuda.roppyakken.scoring import has_four_of_a_month, seat_score, teyaku
from engine.hanafuda.roppyakken.state import State
from engine.hanafuda.roppyakken.types import (
    Event,
    MatchEnded,
    Phase,
    Redealt,
    RoundEnded,
    RoundResult,
    RoundStarted,
    SeatScore,
    TeyakuShown,
)

# (first packet to each player, first packet to the field, second to each, second to the field)
# « 2 joueurs : 4 à chaque joueurs, 4 au centre … puis de nouveau 4 … et enfin 4 au centre »;
# « 3 joueurs : 4 à chaque joueurs, 3 au centre … puis de nouveau 3 … et enfin 3 au centre ».
PACKETS: dict[int, tuple[int, int, int, int]] = {2: (4, 4, 4, 4), 3: (4, 3, 3, 3)}


def deal_order(seed: int, round_no: int, attempt: int) -> list[Card]:
    """The shuffled deck of one deal (the shared hanafuda shuffle; tests monkeypatch this)."""
    return _koikoi_deal_order(seed, round_no, attempt)


def first_dealer(seed: int, seats: int) -> int:
    """« chacun pioche une carte au hasard. Le joueur ayant la carte la plus proche du début de
    l'année commencera … En cas d'égalité, les joueurs concernés piochent une nouvelle carte. »"""
    contenders = list(range(seats))
    attempt = 0
    while True:
        drawn = seeded_rng(seed, "first_dealer", attempt).sample(range(48), len(contenders))
        months = [c // 4 for c in drawn]
        best = min(months)
        contenders = [s for s, mo in zip(contenders, months, strict=True) if mo == best]
        if len(contenders) == 1:
            return contenders[0]
        attempt += 1


def play_order(dealer: int, seats: int) -> list[int]:
    """Seats from the dealer, anticlockwise (increasing seat index)."""
    return [(dealer + i) % seats for i in range(seats)]


def split_deal(deck: list[Card], dealer: int, seats: int) -> tuple[list[int], int, tuple[Card, ...]]:
    """Hands (masks by seat), field mask and pile of a dealt deck.

    The dealer deals from the player after them (anticlockwise) and serves themself last.
    """
    a, b, c, d = PACKETS[seats]
    order = [(dealer + 1 + i) % seats for i in range(seats)]
    hands = [0] * seats
    field = 0
    pos = 0
    for packet, to_field in ((a, b), (c, d)):
        for seat in order:
            hands[seat] |= mask(deck[pos : pos + packet])
            pos += packet
        field |= mask(deck[pos : pos + to_field])
        pos += to_field
    return hands, field, tuple(deck[pos:])


def start(seats: int, rules: Rules, seed: int) -> tuple[State, tuple[Event, ...]]:
    """A new match and the events of its opening deal (misdeals, teyaku)."""
    if seats not in PACKETS:
        raise BadRules(f"Roppyakken is played by 2 or 3 players, not {seats}", key="bad_seats", seats=seats)
    if not isinstance(rules, Rules):
        raise BadRules("Roppyakken needs Roppyakken rules", key="bad_rules")
    events: list[Event] = []
    state = open_round(rules, seed, seats, 1, first_dealer(seed, seats), (0,) * seats, (), events)
    return state, tuple(events)


def new_game(seats: int, rules: Rules, seed: int) -> State:
    return start(seats, rules, seed)[0]


def open_round(
    rules: Rules,
    seed: int,
    seats: int,
    round_no: int,
    dealer: int,
    scores: tuple[int, ...],
    history: tuple[RoundResult, ...],
    events: list[Event],
) -> State:
    events.append(RoundStarted(round_no, dealer))
    attempt = 0
    while True:
        deck = deal_order(seed, round_no, attempt)
        hands, field, pile = split_deal(deck, dealer, seats)
        # « Si 4 cartes du même mois sont présentes face visible, la manche est annulée »; a hand
        # with four of a month is played in the seed (option ``hand_four="misdeal"``: FudaWiki).
        if has_four_of_a_month(field):
            events.append(Redealt("four_on_field"))
        elif rules.hand_four == "misdeal" and any(has_four_of_a_month(h) for h in hands):
            events.append(Redealt("four_in_hand"))
        else:
            break
        attempt += 1
    shown = tuple(teyaku(h, rules) for h in hands)
    for seat in play_order(dealer, seats):
        if shown[seat]:
            events.append(TeyakuShown(seat, shown[seat]))
    return State(
        rules, seed, seats, round_no, dealer, scores, history, Phase.PLAY, dealer, tuple(hands), field,
        pile, 0, (0,) * seats, shown, -1, None, (),
    )  # fmt: skip


def next_dealer(points: tuple[int, ...], dealer: int) -> int:
    """FudaWiki: « Whoever scored the most points in the previous round becomes the dealer ».
    On a tie for the most the dealer stays if among them, else the first of them in play order."""
    best = max(points)
    for seat in play_order(dealer, len(points)):
        if points[seat] == best:
            return seat
    raise AssertionError("unreachable")


def match_winner(
    rules: Rules, totals: tuple[int, ...], result_seats: tuple[SeatScore, ...]
) -> tuple[int, str] | None:
    """The winner after a round and why, or None when another round is played.

    Seed (``tie_break="lead"``, exactly, however many seats reached the target): « jusqu'à ce
    qu'un joueur atteigne ou dépasse les 600 points à l'issue d'une manche. Si ce dernier a plus
    de 30 points d'avance sur le second, il est déclaré vainqueur. Sinon, on rejoue une manche
    supplémentaire. » « on rejoue » is one more round, scores carried on (« en cumulant les
    scores »), then the same test again: there is no round limit.

    FudaWiki, when several seats reached the target: ``"yaku"`` = the one who made Four Brights
    this round, failing that Seven Ribbons, failing that the highest total; ``"score"`` = the
    highest total. An exact tie for the highest plays another round (« a further round may be
    played »). A single seat past the target still needs the ``lead``.
    """
    reached = [i for i, t in enumerate(totals) if t >= rules.target]
    if not reached:
        return None
    ranked = sorted(range(len(totals)), key=lambda i: -totals[i])
    first, second = ranked[0], ranked[1]
    if len(reached) >= 2 and rules.tie_break != "lead":
        if rules.tie_break == "yaku":
            for name in ("shiko", "nanatan"):
                holders = [i for i in reached if any(y.name == name for y in result_seats[i].yaku)]
                if len(holders) == 1:
                    return holders[0], name
        if totals[first] > totals[second]:
            return first, "score"
        return None
    if totals[first] - totals[second] > rules.lead:
        return first, "lead"
    return None


def close_round(s: State, events: list[Event]) -> State:
    """Score the round (cards + yaku + teyaku), then deal the next one or end the match."""
    rules = s.rules
    seats = tuple(seat_score(s.captured[i], s.teyaku[i], rules) for i in range(s.seats))
    points = tuple(x.total for x in seats)
    totals = tuple(a + b for a, b in zip(s.scores, points, strict=True))
    won = match_winner(rules, totals, seats)
    nxt = None if won is not None else next_dealer(points, s.dealer)
    result = RoundResult(
        round_no=s.round_no,
        dealer=s.dealer,
        seats=seats,
        points=points,
        captured=tuple(from_mask(c) for c in s.captured),
        next_dealer=nxt,
    )
    history = (*s.history, result)
    events.append(RoundEnded(result, totals))
    if won is not None:
        winner, reason = won
        events.append(MatchEnded(totals, (winner,), reason))
        return s._replace(phase=Phase.OVER, to_act=None, scores=totals, history=history, winners=(winner,))
    assert nxt is not None
    return open_round(rules, s.seed, s.seats, s.round_no + 1, nxt, totals, history, events)
