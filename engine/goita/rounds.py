"""Goita rounds: the deal, the round's opening (redeal requests, teyaku) and its end.

``open_round`` deals a round and opens it; ``close_round`` records a round's result and deals
the next one (or ends the match). Turns (down, attack, block, pass, redeal answers) are in
:mod:`engine.goita.game`, which calls these.
"""

from __future__ import annotations

from dataclasses import replace
from hashlib import blake2b

from engine.core import derive_seed, seeded_rng
from engine.goita.rules import Rules
from engine.goita.state import HIDDEN, PAWN, Counts, State
from engine.goita.types import (
    PIECES,
    SET_COUNTS,
    Event,
    MatchEnded,
    Phase,
    Piece,
    RoundEnded,
    RoundResult,
    RoundStarted,
    ScoreItem,
)

ASK, DOWN, OVER = Phase.ASK, Phase.DOWN, Phase.OVER

# Pieces per hand by number of players (seed: 8 each; « Jeu à 2 » 12; « Jeu à 3 » 10).
HAND_SIZE = {2: 12, 3: 10, 4: 8}


# --- the deal ------------------------------------------------------------------------------


def first_leader(seed: int, seats: int) -> int:
    """The first player of the match, drawn from the seed.

    Seed: « On détermine le premier joueur … celui qui habite le plus près du japon ou par toute
    autre méthode de votre choix. »
    """
    return seeded_rng(seed, "first_leader").randrange(seats)


def deal_order(seed: int, round_no: int, attempt: int) -> list[int]:
    """The 32 pieces (kinds) in shuffled order for one deal (Fisher-Yates on 256 hashed bits)."""
    key = derive_seed(seed, "deal", round_no, attempt)
    x = int.from_bytes(blake2b(key.to_bytes(8, "big"), digest_size=32).digest(), "big")
    deck = [k for k, n in enumerate(SET_COUNTS) for _ in range(n)]
    for i in range(31, 0, -1):
        x, j = divmod(x, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(
    rules: Rules, seats: int, seed: int, round_no: int, attempt: int, leader: int
) -> tuple[tuple[Counts, ...], Counts]:
    """Hands (counts per seat) and the pieces out of play for one deal.

    Seed: « Le joueur situé à la gauche de ce premier joueur distribue les 32 cartes une par
    une dans le sens anti-horaire »: piece ``i`` goes to seat ``leader + i``. With 3 players two
    pawns are removed first (or the first two shuffled pieces, option ``random``); with 2 players
    the last 8 pieces are set aside unseen.
    """
    deck = deal_order(seed, round_no, attempt)
    aside = [0] * 8
    if seats == 3:
        if rules.three_player_removal == "pawns":
            deck.remove(PAWN)
            deck.remove(PAWN)
            aside[PAWN] = 2
        else:
            for k in deck[:2]:
                aside[k] += 1
            deck = deck[2:]
    size = HAND_SIZE[seats]
    hands = [[0] * 8 for _ in range(seats)]
    for i in range(size * seats):
        hands[(leader + i) % seats][deck[i]] += 1
    for k in deck[size * seats :]:
        aside[k] += 1
    return tuple(tuple(h) for h in hands), tuple(aside)


def open_round(
    rules: Rules,
    seed: int,
    seats: int,
    round_no: int,
    leader: int,
    scores: tuple[int, ...],
    history: tuple[RoundResult, ...],
    events: list[Event],
    attempt: int = 0,
    dealt: tuple[tuple[Counts, ...], Counts] | None = None,
) -> State:
    """Deal round ``round_no`` (``dealt`` forces the hands: stacked tests) and open it."""
    if attempt == 0:
        events.append(RoundStarted(round_no, leader, (leader - 1) % seats))
    hands, aside = dealt if dealt is not None else deal(rules, seats, seed, round_no, attempt, leader)
    s = State(
        rules, seed, seats, round_no, attempt, leader, scores, history, DOWN, leader, hands,
        ((),) * seats, aside, -1, -1, 0, (), (), rules.values,
    )  # fmt: skip
    order = [(leader + i) % seats for i in range(seats)]
    if rules.teyaku and seats == 4:
        for seat in order:
            if hands[seat][PAWN] >= 6:
                return close_round(s, teyaku_result(s, seat), events)
    threshold = rules.redeal_pawns
    if threshold:
        asks = tuple(seat for seat in order if hands[seat][PAWN] >= threshold)
        if asks:
            return s._replace(phase=ASK, to_act=asks[0], asks=asks)
    return s


def teyaku_result(s: State, seat: int) -> RoundResult:
    """FudaWiki « List of Teyaku »: 6 pawns + 2 different (highest), 6 + a pair (both),
    7 pawns + 1 (double its value), 8 pawns (``teyaku_eight``)."""
    hand = s.hands[seat]
    values = s.values
    others = [k for k in range(PAWN) for _ in range(hand[k])]
    pawns = hand[PAWN]
    if pawns >= 8:
        item = ScoreItem("teyaku_eight_pawns", s.rules.teyaku_eight)
    elif pawns == 7:
        item = ScoreItem("teyaku_seven_pawns", 2 * values[others[0]])
    elif others[0] == others[1]:
        item = ScoreItem("teyaku_six_pawns_pair", 2 * values[others[0]])
    else:
        item = ScoreItem("teyaku_six_pawns", max(values[k] for k in others))
    team = s.team_of(seat)
    points = tuple(item.points if t == team else 0 for t in range(s.teams))
    revealed = tuple(PIECES[k] for k in range(8) for _ in range(hand[k]))
    return RoundResult(
        s.round_no, "teyaku", seat, team, None, (item,), item.points, (), points, revealed, s.leader,
        _next_leader(s, seat),
    )  # fmt: skip


def _next_leader(s: State, winner: int) -> int:
    """Seed: « Le premier joueur de la manche précédente devient le distributeur et le joueur
    situé à sa droite devient le nouveau premier joueur » (``rotate``); FudaWiki: the winner."""
    if s.rules.next_leader == "winner":
        return winner
    return (s.leader + 1) % s.seats


def close_round(s: State, result: RoundResult, events: list[Event]) -> State:
    """Record ``result``; deal the next round, or end the match once a team reaches the target.

    The result carries every seat's face-down pieces: seed « une carte face cachée de son choix
    qui le restera jusqu'à la fin de la manche », so they are shown once the round is over.
    """
    scores = tuple(a + b for a, b in zip(s.scores, result.points, strict=True))
    face_down = tuple(tuple(PIECES[c - HIDDEN] for c in row if c >= HIDDEN) for row in s.laid)
    result = replace(result, face_down=face_down)
    if max(scores) >= s.rules.target_score:
        result = replace(result, next_leader=None)
    history = (*s.history, result)
    events.append(RoundEnded(result, scores))
    if result.next_leader is None:
        best = max(scores)
        winners = tuple(seat for seat in range(s.seats) if scores[s.team_of(seat)] == best)
        events.append(MatchEnded(scores, winners))
        return s._replace(phase=OVER, to_act=None, scores=scores, history=history)
    return open_round(s.rules, s.seed, s.seats, s.round_no + 1, result.next_leader, scores, history, events)


def finish_result(s: State, seat: int, row: tuple[int, ...]) -> RoundResult:
    """The round's result when ``seat`` laid its last piece (the last code of ``row``).

    Seed: « Son équipe marque ainsi les points de la dernière carte posée … Si la carte posée à
    l'emplacement 7 est face cachée et identique à la carte jouée en 8 alors le nombre de points
    gagnés est doublé. »
    """
    k = row[-1]
    base = s.values[k]
    multipliers: tuple[ScoreItem, ...] = ()
    revealed: tuple[Piece, ...] = ()
    if s.rules.double_finish and row[-2] == k + HIDDEN:
        multipliers = (ScoreItem("double", 2),)
        revealed = (PIECES[k],)
    total = base * (2 if multipliers else 1)
    team = s.team_of(seat)
    points = tuple(total if t == team else 0 for t in range(s.teams))
    return RoundResult(
        s.round_no, "finish", seat, team, PIECES[k], (ScoreItem("finish", base),), base, multipliers, points,
        revealed, s.leader, _next_leader(s, seat),
    )  # fmt: skip
