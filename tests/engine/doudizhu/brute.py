"""An independent, definitional Dou Dizhu classifier used to check the move generator.

Written straight from the rules (docs/rules/doudizhu.md §3), on plain count lists, with no
code shared with ``engine.doudizhu.moves``: slow and obvious on purpose.
"""

from __future__ import annotations

from itertools import product

Interp = tuple[str, int, int]  # kind, key, length


def _consecutive(ranks: list[int]) -> bool:
    return ranks == list(range(ranks[0], ranks[0] + len(ranks))) and ranks[-1] <= 11


def interpretations(c: list[int]) -> set[Interp]:
    """Every (kind, key, length) the counts ``c`` (15 ranks) can be read as."""
    n = sum(c)
    present = [r for r in range(15) if c[r]]
    out: set[Interp] = set()
    if n == 0:
        return out
    if n == 2 and c[13] == 1 and c[14] == 1:
        out.add(("rocket", 13, 1))
    if len(present) == 1:
        r = present[0]
        name = {1: "single", 2: "pair", 3: "trio", 4: "bomb"}[c[r]]
        out.add((name, r, 1))
    if len(present) == 2:
        a, b = present
        for t, k in ((a, b), (b, a)):
            if c[t] == 3 and c[k] == 1:
                out.add(("trio_single", t, 1))
            if c[t] == 3 and c[k] == 2:
                out.add(("trio_pair", t, 1))
    for per, kind, least in ((1, "straight", 5), (2, "pair_chain", 3), (3, "airplane", 2)):
        if all(c[r] == per for r in present) and len(present) >= least and _consecutive(present):
            out.add((kind, present[0], len(present)))
    # Airplanes with wings: try every chain of triples.
    for k in range(2, 7):
        for start in range(0, 12 - k + 1):
            chain = range(start, start + k)
            if any(c[r] < 3 for r in chain):
                continue
            rest = list(c)
            for r in chain:
                rest[r] -= 3
            if any(rest[r] for r in chain):
                continue  # kickers never share a rank with the chain
            if sum(rest) == k and max(rest) <= 3 and not (rest[13] and rest[14]):
                adjacent = [r for r in (start - 1, start + k) if 0 <= r <= 11]
                if not any(rest[r] == 3 for r in adjacent):
                    out.add(("airplane_single", start, k))
            pairs = [r for r in range(15) if rest[r]]
            if len(pairs) == k and all(rest[r] == 2 and r <= 12 for r in pairs):
                out.add(("airplane_pair", start, k))
    for q in range(13):
        if c[q] != 4:
            continue
        rest = list(c)
        rest[q] = 0
        if sum(rest) == 2 and not (rest[13] and rest[14]):
            out.add(("four_two_single", q, 1))
        ks = [r for r in range(15) if rest[r]]
        if len(ks) == 2 and all(rest[r] == 2 for r in ks):
            out.add(("four_two_pair", q, 1))
    return out


def beats(mine: Interp, last: Interp) -> bool:
    if last[0] == "rocket":
        return False
    if mine[0] == "rocket":
        return True
    if last[0] == "rocket":
        return False
    if mine[0] == "bomb":
        return last[0] != "bomb" or mine[1] > last[1]
    return mine[0] == last[0] and mine[2] == last[2] and mine[1] > last[1]


def submultisets(c: list[int]) -> list[list[int]]:
    """Every non-empty sub-multiset of the counts ``c``."""
    out = []
    for combo in product(*(range(x + 1) for x in c)):
        if any(combo):
            out.append(list(combo))
    return out
