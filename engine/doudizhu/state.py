"""Dou Dizhu's match state and its deal: who holds what, the bidding and the trick in play.

Every deal comes from ``seeded_rng(seed, "deal", hand_no, attempt)``, so ``(rules, seed,
actions)`` replays a match exactly. Hands are kept twice: card masks (bit = card, for suits and
display) and rank counts (:mod:`engine.doudizhu.moves` encoding, for the rules).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import seeded_rng
from engine.doudizhu.cards import CARDS, RANK_OF, from_mask
from engine.doudizhu.moves import Move, U
from engine.doudizhu.rules import Rules
from engine.doudizhu.types import Event, HandResult, HandStarted, Phase, TrickPlay

__all__ = ["State", "deal", "enc_of_mask", "open_hand"]


class State(NamedTuple):
    """A whole match (all hands). Never shown to players: it leaves the engine through
    :func:`engine.doudizhu.game.view`."""

    rules: Rules
    seed: int
    hand_no: int  # 1-based
    attempt: int  # redeals of this hand so far
    scores: tuple[int, int, int]
    history: tuple[HandResult, ...]
    phase: Phase
    to_act: int | None
    face_up: int  # the card turned before the deal
    first_bidder: int
    kitty: tuple[int, int, int]
    masks: tuple[int, int, int]  # cards held, bit = card
    encs: tuple[int, int, int]  # the same hands as rank counts
    bids: tuple[tuple[int, int], ...]  # (seat, bid) this deal, 0 = pass
    bid: int  # highest bid so far (the hand's multiplier once bidding ends)
    landlord: int  # -1 while bidding
    last: Move | None  # the move to beat; None: to_act leads
    last_seat: int
    passes: int  # consecutive passes since ``last``
    trick: tuple[TrickPlay, ...]
    tricks: tuple[tuple[TrickPlay, ...], ...]
    plays: tuple[int, int, int]  # moves played per seat this hand (spring)
    bombs: int  # bombs and rockets played this hand


def enc_of_mask(m: int) -> int:
    enc = 0
    for c in from_mask(m):
        enc += U[RANK_OF[c]]
    return enc


def deal(seed: int, hand_no: int, attempt: int) -> tuple[list[int], int]:
    """The shuffled deck of one deal and the index (0–50) of the card turned face up.

    Seed: « on retourne une carte au hasard au milieu du paquet, puis on distribue les cartes
    une par une aux trois joueurs, jusqu'à ce qu'il ne reste que 3 cartes » — card ``i < 51``
    goes to seat ``i % 3``, the last three are the kitty.
    """
    rng = seeded_rng(seed, "deal", hand_no, attempt)
    deck = list(range(54))
    rng.shuffle(deck)
    return deck, rng.randrange(51)


def open_hand(
    rules: Rules,
    seed: int,
    hand_no: int,
    attempt: int,
    scores: tuple[int, int, int],
    history: tuple[HandResult, ...],
    events: list[Event],
) -> State:
    """The match at the bidding of a new deal (``attempt``: its redeals so far), its start told."""
    deck, face = deal(seed, hand_no, attempt)
    masks = [0, 0, 0]
    for i in range(51):
        masks[i % 3] |= 1 << deck[i]
    first = face % 3
    events.append(HandStarted(hand_no, attempt, CARDS[deck[face]], first))
    m = (masks[0], masks[1], masks[2])
    return State(
        rules, seed, hand_no, attempt, scores, history, Phase.BID, first, deck[face], first,
        (deck[51], deck[52], deck[53]), m, (enc_of_mask(m[0]), enc_of_mask(m[1]), enc_of_mask(m[2])),
        (), 0, -1, None, -1, 0, (), (), (0, 0, 0), 0,
    )  # fmt: skip
