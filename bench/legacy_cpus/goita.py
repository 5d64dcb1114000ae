"""The Goita CPU as it was before the levels (issue 19), kept as the ``legacy`` agent of
``bench/cpu_duel.py`` so the normal level can be measured against it. Do not tune this one.

A Goita CPU player that decides from its seat's view only.

Heuristic, one ply, counting pieces: what is not in its hand and not face up on the table may be
in another hand (face-down and set-aside pieces count as unknown).

- Redeal: with 5+ pawns it asks; as the partner it agrees when its own hand is weak.
- Respond: never blocks its partner (unless that finishes the round); blocks an opponent with
  the same piece when it has one, with a King only when the attack is high or the hand is short
  (Kings are kept: they block almost anything and may finish a round).
- Down: hides the piece it least needs (a single low piece; a King only when nothing else is
  left, even where the rules allow one face down); at the end it pairs the last two pieces so
  the finish is doubled.
- Attack: prefers pieces nobody else can hold (all copies seen), then pieces it holds several of
  (it can attack with them again), then low pieces; it keeps its best piece for the finish.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from engine.core import NotYourTurn
from engine.goita.types import SET_COUNTS, Action, Attack, Block, Down, GoitaView, Keep, Pass, Phase, Redeal

_K, _L, _P = 0, 6, 7


def _counts(pieces: Iterable[int]) -> list[int]:
    c = [0] * 8
    for p in pieces:
        c[int(p)] += 1
    return c


def unseen(v: GoitaView) -> list[int]:
    """How many of each piece may be in another hand (or face down, or set aside)."""
    mine = _counts(v.hand or ())
    seen = [0] * 8
    for row in v.tables:
        for slot in row:
            if slot.piece is not None:
                seen[int(slot.piece)] += 1
    return [SET_COUNTS[k] - mine[k] - seen[k] for k in range(8)]


def choose_action(v: GoitaView, rng: random.Random | None = None) -> Action:
    """The CPU's move for the seat of ``v`` (which must be the seat to act)."""
    if v.seat is None or v.seat != v.to_act or not v.legal_actions:
        raise NotYourTurn("The CPU can only move for the seat to act.", key="not_your_turn")
    rng = rng or random.Random(0)
    legal = v.legal_actions
    hand = _counts(v.hand or ())
    values = v.rules.values
    if v.phase is Phase.ASK:
        return Redeal()
    if v.phase is Phase.CONSENT:
        strength = sum(values[k] * hand[k] for k in range(_P)) + 3 * values[_K] * hand[_K]
        return Redeal() if strength < 12 * values[_P] * 2 else Keep()
    if v.phase is Phase.RESPOND:
        return _respond(v, legal, hand, values)
    if v.phase is Phase.DOWN:
        return _down(v, legal, hand, values, rng)
    return _attack(v, legal, hand, values, rng)


def _respond(v: GoitaView, legal: tuple[Action, ...], hand: list[int], values: tuple[int, ...]) -> Action:
    blocks = [a for a in legal if isinstance(a, Block)]
    if not blocks:
        return Pass()
    left = sum(hand)
    partner = v.attacker is not None and v.seat is not None and v.teams[v.attacker] == v.teams[v.seat]
    if partner and left > 2:
        return Pass()
    same = [b for b in blocks if int(b.piece) != _K]
    if same:
        return same[0]
    # Only a King can block: spend it on a high attack, or late in the round.
    attack = int(v.attack) if v.attack is not None else _P
    if left <= 4 or values[attack] >= values[1]:
        return blocks[0]
    return Pass()


def _down(
    v: GoitaView, legal: tuple[Action, ...], hand: list[int], values: tuple[int, ...], rng: random.Random
) -> Action:
    downs = [a for a in legal if isinstance(a, Down)]
    if sum(hand) == 2:
        # Last two pieces: a pair doubles; else hide the lower and finish with the higher.
        return min(downs, key=lambda a: values[int(a.piece)])
    # Hide a single, low piece; keep pairs (they attack twice and may double) and Kings (they
    # block almost anything, and a hidden King tells the others nothing).
    return min(
        downs,
        key=lambda a: (int(a.piece) == _K, hand[int(a.piece)] >= 2, values[int(a.piece)], rng.random()),
    )


def _attack(
    v: GoitaView, legal: tuple[Action, ...], hand: list[int], values: tuple[int, ...], rng: random.Random
) -> Action:
    attacks = [a for a in legal if isinstance(a, Attack)]
    if len(attacks) == 1:
        return attacks[0]
    out = unseen(v)
    best_keep = max(values[int(a.piece)] for a in attacks)

    def score(a: Attack) -> float:
        k = int(a.piece)
        s = 0.0
        if out[k] == 0 and not (k != _K and k < _L and out[_K] > 0):
            s += 10.0  # nobody can block it
        s -= 1.5 * out[k]
        s += 2.0 * (hand[k] - 1)
        if k == _K:
            s -= 4.0  # keep Kings for blocking and the finish
        if values[k] == best_keep and hand[k] == 1:
            s -= 2.0
        return s + rng.random() * 0.1

    return max(attacks, key=score)
