"""A Goita CPU player that decides from its seat's view only.

Heuristic, one ply, counting pieces: what is not in its hand and not face up on the table may be
in another hand (face-down and set-aside pieces count as unknown).

- Redeal: with 5+ pawns it asks; as the partner it agrees when its own hand is weak.
- Respond: never blocks its partner (unless that finishes the round); blocks an opponent with
  the same piece when it has one, with a King only when the attack is high or the hand is short
  (Kings are kept: they block almost anything and may finish a round).
- Down: hides the piece it least needs (a Pawn, else a single low piece; a King only when nothing else is
  left, even where the rules allow one face down); at the end it pairs the last two pieces so
  the finish is doubled.
- Attack: prefers pieces nobody else can hold (all copies seen), then pieces it holds several of
  (it can attack with them again), then low pieces; it keeps its best piece for the finish. An
  attack nobody can block with three pieces in hand is a sure finish (all pass; the last two
  are laid face down and attacked with).
- Both Kings (seed: a King laid face down counts as « posé », rule ``king_face_down_counts``):
  with both Kings and two other pieces, it lays a King face down and attacks with the other,
  which nobody can block: the round is won (:func:`king_pair_finish`), unless another piece in
  hand already makes an unblockable attack (then the Kings finish, doubled).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from engine.core import NotYourTurn
from engine.goita.types import SET_COUNTS, Action, Attack, Block, Down, GoitaView, Phase, Redeal

_K, _L, _P = 0, 6, 7
# The score of a move that wins the round for sure (above any other down; an attack's bonus).
SURE_FINISH = 5.0


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


def score_moves(v: GoitaView) -> list[tuple[Action, float]]:
    """Every legal action of ``v.seat`` with the heuristic's value (higher is better; about one
    unit between a good and a doubtful move)."""
    if v.seat is None or v.seat != v.to_act or not v.legal_actions:
        raise NotYourTurn("The CPU can only move for the seat to act.", key="not_your_turn")
    partner = v.attacker is not None and v.teams[v.attacker] == v.teams[v.seat]
    attack = int(v.attack) if v.attack is not None else None
    hand = _counts(v.hand or ())
    rules = v.rules
    return score(
        v.phase,
        v.legal_actions,
        hand,
        rules.values,
        partner,
        attack,
        lambda: unseen(v),
        rules.king_face_down_counts,
    )


def king_pair_finish(hand: list[int], out: list[int]) -> bool:
    """With both Kings and two other pieces in hand (``out``: :func:`unseen`), a King laid face
    down lets the other attack, unblockable: all pass, and the last two pieces end the round. Not
    when one of those two already attacks unblockable (then it goes first and the Kings finish,
    doubled). Needs the rule ``king_face_down_counts``."""
    if hand[_K] != 2 or sum(hand) != 4:
        return False
    return not any(hand[k] and out[k] == 0 for k in range(1, 8))


def score(
    phase: Phase,
    legal: tuple[Action, ...],
    hand: list[int],
    values: tuple[int, ...],
    partner: bool,
    attack: int | None,
    out: Callable[[], list[int]],
    king_down_counts: bool = False,
) -> list[tuple[Action, float]]:
    """:func:`score_moves` from plain facts (``partner``: the attack is the partner's; ``out``:
    :func:`unseen`, asked for only when attacking or holding both Kings; ``king_down_counts``:
    the rule ``king_face_down_counts``), so playouts can call it on a sampled state."""
    if phase is Phase.ASK:
        return [(a, 1.0 if isinstance(a, Redeal) else 0.0) for a in legal]
    if phase is Phase.CONSENT:
        strength = sum(values[k] * hand[k] for k in range(_P)) + 3 * values[_K] * hand[_K]
        redeal = strength < 12 * values[_P] * 2
        return [(a, 1.0 if isinstance(a, Redeal) == redeal else 0.0) for a in legal]
    if phase is Phase.RESPOND:
        return [(a, _respond_score(a, hand, values, partner, attack)) for a in legal]
    if phase is Phase.DOWN:
        if king_down_counts and hand[_K] == 2 and king_pair_finish(hand, out()):
            return [
                (a, SURE_FINISH if isinstance(a, Down) and a.piece == _K else _down_score(a, hand, values))
                for a in legal
            ]
        return [(a, _down_score(a, hand, values)) for a in legal]
    return _attack_scores(legal, hand, values, out)


def choose_action(v: GoitaView, rng: random.Random | None = None) -> Action:
    """The CPU's move for the seat of ``v`` (which must be the seat to act)."""
    return pick(score_moves(v), rng or random.Random(0))


def pick(scored: list[tuple[Action, float]], rng: random.Random) -> Action:
    """The best-scored action, ties broken at random."""
    return max(scored, key=lambda p: p[1] + rng.random() * 1e-3)[0]


def _respond_score(
    a: Action, hand: list[int], values: tuple[int, ...], partner: bool, attack: int | None
) -> float:
    if not isinstance(a, Block):
        return 0.0
    left = sum(hand)
    if partner and left > 2:
        return -2.0  # never block the partner (unless that finishes the round)
    if int(a.piece) != _K:
        return 1.5
    # Only a King can block: spend it on a high attack, or late in the round.
    kind = attack if attack is not None else _P
    return 1.0 if left <= 4 or values[kind] >= values[1] else -0.5


def _down_score(a: Action, hand: list[int], values: tuple[int, ...]) -> float:
    assert isinstance(a, Down)
    k = int(a.piece)
    top = max(values)
    if sum(hand) == 2:
        # Last two pieces: a pair doubles; else hide the lower and finish with the higher.
        return -values[k] / top
    # Hide a low piece, a Pawn first even from several (audited against the search, issue 19:
    # +0.97 points a deal over the old choice, which kept Pawn pairs); keep other pairs (they
    # attack twice and may double) and Kings (they block almost anything).
    return -(3.0 * (k == _K) + 1.5 * (hand[k] >= 2 and k != _P) + values[k] / top)


def _attack_scores(
    legal: tuple[Action, ...], hand: list[int], values: tuple[int, ...], unseen_of: Callable[[], list[int]]
) -> list[tuple[Action, float]]:
    attacks = [a for a in legal if isinstance(a, Attack)]
    if len(attacks) == 1:
        return [(attacks[0], 0.0)]
    out = unseen_of()
    best_keep = max(values[int(a.piece)] for a in attacks)

    def value(a: Attack) -> float:
        k = int(a.piece)
        s = 0.0
        if out[k] == 0 and not (k != _K and k < _L and out[_K] > 0):
            s += 10.0  # nobody can block it
            if sum(hand) == 3:
                s += SURE_FINISH  # all pass, then the last two pieces: the round is won
        s -= 1.5 * out[k]
        s += 2.0 * (hand[k] - 1)
        if k == _K:
            s -= 4.0  # keep Kings for blocking and the finish
        if values[k] == best_keep and hand[k] == 1:
            s -= 2.0
        return s

    return [(a, value(a)) for a in attacks]
