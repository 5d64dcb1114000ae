"""Why a set of cards is not a legal Dou Dizhu play: the most helpful reason, for a person.

:func:`why_not` looks at the ranks picked (an encoding of :mod:`engine.doudizhu.moves`) and at
the move to beat, and returns an i18n key suffix (``error.doudizhu_<suffix>``) with its
parameters, or ``None`` when the cards are a combination that may be played now. It only
*explains*: legality itself is ``classify`` and ``beats`` (the engine's one source of truth).

The reasons follow the seed (003) and RULINGS.md:

- « une chaine de minimum 5 cartes simples qui se suivent, une chaine de minimum 3 doubles
  consécutives, ou une chaine de minimum 2 triples consécutives » → ``straight_short``,
  ``pair_chain_short``, ``chain_gap``; RULINGS « never contain a 2 or a joker » → ``chain_no_two``;
- « S'il joue une triple, il peut y joindre une carte simple ou une paire » → ``trio_kickers``;
  chains of triples take one single or one pair per triple (RULINGS) → ``airplane_wings``,
  and the kickers are of other ranks → ``kicker_same_rank``;
- « S'il joue une quadruple, il peut y joindre deux cartes simples ou deux paires » and « Dans le
  cas de la bombe il est interdit d'associer 2 cartes ou 2 paires » → ``four_kickers``;
- RULINGS « the rocket is never a kicker » → ``rocket_kicker``;
- « Pour jouer il faut impérativement respecter la catégorie entamée par le premier joueur, et
  jouer plus haut dans la même catégorie » → ``wrong_kind``, ``chain_length``, ``too_low``;
- « 4 cartes identiques forment une bombe … à moins qu'une super-bombe constituée des 2 jokers
  ne soit jouée » → ``beat_bomb``, ``rocket_unbeatable``; with the option ``bomb_over_bomb``
  off, a bomb over a bomb → ``bomb_stands``.

Parameters are plain text: ``cards``/``move``/``last`` in notation (``33344``), ``kind`` and
``need`` as kind ids (``pair``; the caller names them in the player's language), counts as ints.
"""

from __future__ import annotations

import itertools
from typing import Any

from engine.doudizhu.cards import ACE, RANKS
from engine.doudizhu.moves import CHAIN_MIN, Move, beats, classify, counts

__all__ = ["why_not"]

Reason = tuple[str, dict[str, Any]]


def _text(c: list[int]) -> str:
    return "".join(RANKS[r] * n for r, n in enumerate(c))


def _consecutive(ranks: list[int]) -> bool:
    return all(b == a + 1 for a, b in itertools.pairwise(ranks))


def _chain(ranks: list[int], per: int, cards: str) -> Reason | None:
    """Why ranks with ``per`` cards each are no chain (``None`` if they are one)."""
    kind = {1: "straight", 2: "pair_chain", 3: "airplane"}[per]
    need = CHAIN_MIN[kind]
    if len(ranks) < need:
        key = {1: "straight_short", 2: "pair_chain_short", 3: "chain_gap"}[per]
        return key, {"cards": cards, "count": len(ranks), "need": need}
    if ranks[-1] > ACE:
        return "chain_no_two", {"cards": cards}
    if not _consecutive(ranks):
        return "chain_gap", {"cards": cards}
    return None


def _not_a_combination(enc: int) -> Reason:
    c = counts(enc)
    cards = _text(c)
    size = sum(c)
    held = [r for r in range(15) if c[r]]
    by_count = {n: [r for r in held if c[r] == n] for n in (1, 2, 3, 4)}
    ones, pairs, trios, fours = by_count[1], by_count[2], by_count[3], by_count[4]
    jokers = c[13] + c[14]
    if size == 2:  # two different ranks (the rocket classifies)
        return "pair_same_rank", {"cards": cards}
    if size == 3 and len(held) > 1 and not trios:
        return "trio_same_rank", {"cards": cards}
    # One count on every rank: a chain that is too short, has a gap, or reaches the 2.
    for per in (1, 2, 3):
        if len(held) == len(by_count[per]) and len(held) > 1:
            reason = _chain(held, per, cards)
            if reason is not None:
                return reason
    if fours:
        if len(fours) > 1 and size == 4 * len(fours):
            return "one_bomb", {"cards": cards}
        rest = [r for r in held if r not in fours[:1]]
        if c[13] and c[14] and size == 6:
            return "rocket_kicker", {"cards": cards}
        # A four next to triples was meant as an airplane whose kicker repeats a triple's rank.
        if any(abs(fours[0] - t) == 1 for t in trios) and fours[0] <= ACE:
            return "kicker_same_rank", {"cards": cards}
        return "four_kickers", {"cards": cards, "count": size - 4, "ranks": len(rest)}
    if trios:
        chain = _longest_run([r for r in trios if r <= ACE])
        if len(trios) == 1 or len(chain) <= 1:
            if len(trios) > 1:
                return "chain_gap", {"cards": cards}
            extra = size - 3
            if extra == 2 and jokers == 2:
                return "rocket_kicker", {"cards": cards}
            return "trio_kickers", {"cards": cards, "count": extra}
        n = len(chain)
        if jokers == 2:
            return "rocket_kicker", {"cards": cards}
        return "airplane_wings", {"cards": cards, "triples": n, "count": size - 3 * n}
    # Only singles and pairs, not one chain: mixed counts.
    if pairs and ones:
        return "mixed", {"cards": cards}
    return "not_combination", {"cards": cards}


def _longest_run(ranks: list[int]) -> list[int]:
    best: list[int] = []
    run: list[int] = []
    for r in sorted(ranks):
        run = [*run, r] if run and r == run[-1] + 1 else [r]
        if len(run) > len(best):
            best = run
    return best


def _does_not_beat(move: Move, last: Move, bomb_over_bomb: bool) -> Reason:
    params = {"move": str(move), "last": str(last), "kind": last.kind}
    if last.kind == "rocket":
        return "rocket_unbeatable", params
    if last.kind == "bomb":
        return ("beat_bomb" if bomb_over_bomb else "bomb_stands"), params
    if move.kind != last.kind:
        return "wrong_kind", params
    if move.length != last.length:
        return "chain_length", {**params, "count": last.size}
    return "too_low", params


def why_not(enc: int, to_beat: Move | None, bomb_over_bomb: bool = True) -> Reason | None:
    """Why the ranks ``enc`` cannot be played over ``to_beat`` (``None``: leading), or ``None``
    if they can (they form a combination and beat it). ``bomb_over_bomb``: the rule option of
    the same name (``False``: only the rocket beats a bomb, reason ``bomb_stands``).

    >>> why_not(0x101, None)   # a 3 and a 5
    ('pair_same_rank', {'cards': '35'})
    """
    if enc == 0:
        return "empty", {}
    move = classify(enc)
    if move is None:
        return _not_a_combination(enc)
    if to_beat is not None and not beats(move, to_beat, bomb_over_bomb):
        return _does_not_beat(move, to_beat, bomb_over_bomb)
    return None
