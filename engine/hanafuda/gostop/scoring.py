"""Go-Stop scoring of a captured pile and the settlement of a won round (per loser)."""

from __future__ import annotations

from engine.hanafuda.gostop.cards import (
    ANIMAL_M,
    BONUS_PI,
    CHEONGDAN_M,
    CHODAN_M,
    DOUBLE_PI_M,
    GODORI_M,
    GWANG_M,
    HONGDAN_M,
    RAIN_GWANG,
    RIBBON_M,
    SAKE_CUP,
    SINGLE_PI_M,
    names,
)
from engine.hanafuda.gostop.rules import Rules
from engine.hanafuda.gostop.types import Multiplier, Payment, ScoreItem

CUP = 1 << SAKE_CUP


def pi_value(cap: int, cup_as_pi: bool) -> int:
    """Pi count: single 1, double 2, jokers 2/3, the sake cup 2 when it counts as pi."""
    v = (cap & SINGLE_PI_M).bit_count() + 2 * (cap & DOUBLE_PI_M).bit_count()
    for j, val in BONUS_PI.items():
        if cap >> j & 1:
            v += val
    if cup_as_pi and cap & CUP:
        v += 2
    return v


def _items(cap: int, cup_as_pi: bool) -> list[ScoreItem]:
    out: list[ScoreItem] = []
    g = cap & GWANG_M
    n = g.bit_count()
    if n >= 3:
        # "5 cartes 광 : 15 points; 4 : 4; 3 avec la carte de décembre : 2; 3 sans : 3"
        pts = 15 if n == 5 else 4 if n == 4 else (2 if g >> RAIN_GWANG & 1 else 3)
        out.append(ScoreItem("gwang", pts, names(g)))
    a = cap & ANIMAL_M & ~(CUP if cup_as_pi else 0)
    if a.bit_count() >= 5:
        out.append(ScoreItem("yeolkkeut", a.bit_count() - 4, names(a)))
    if a & GODORI_M == GODORI_M:
        out.append(ScoreItem("godori", 5, names(GODORI_M)))
    r = cap & RIBBON_M
    if r.bit_count() >= 5:
        out.append(ScoreItem("tti", r.bit_count() - 4, names(r)))
    for name, mm in (("hongdan", HONGDAN_M), ("cheongdan", CHEONGDAN_M), ("chodan", CHODAN_M)):
        if r & mm == mm:
            out.append(ScoreItem(name, 3, names(mm)))
    pv = pi_value(cap, cup_as_pi)
    if pv >= 10:
        pm = cap & (SINGLE_PI_M | DOUBLE_PI_M | (7 << 48) | (CUP if cup_as_pi else 0))
        out.append(ScoreItem("pi", pv - 9, names(pm)))
    return out


def evaluate(cap: int, cup: int = -1) -> tuple[int, tuple[ScoreItem, ...], bool]:
    """(points, items, cup_as_pi). ``cup`` -1: the sake cup counts as animal or 2 pi, whichever
    scores more for its owner (RULINGS: "whichever is best for its owner at each evaluation";
    animal on a tie); 0/1: as the owner chose (option ``sake_cup="choose"``)."""
    if cup >= 0:
        items = _items(cap, bool(cup))
        return sum(i.points for i in items), tuple(items), bool(cup and cap & CUP)
    items = _items(cap, False)
    total = sum(i.points for i in items)
    if cap & CUP:
        alt = _items(cap, True)
        alt_total = sum(i.points for i in alt)
        if alt_total > total:
            return alt_total, tuple(alt), True
    return total, tuple(items), False


def points_of(cap: int, cup: int = -1) -> int:
    return evaluate(cap, cup)[0]


def go_score(base: int, gos: int) -> tuple[int, int]:
    """(go bonus, score): "+1 par Go … comptabilisés avant de doubler"; 3 Go ×2, 4 Go ×4…"""
    score = base + gos
    if gos >= 3:
        score <<= gos - 2
    return gos, score


def settle(
    rules: Rules,
    winner: int,
    captured: tuple[int, ...],
    gos: tuple[int, ...],
    go_order: tuple[int, ...],
    shakes: tuple[int, ...],
    carry: int,
    cup: int = -1,
    flat: ScoreItem | None = None,
) -> tuple[int, tuple[ScoreItem, ...], int, int, tuple[Payment, ...]]:
    """(base, items, go bonus, score, payments) when ``winner`` wins the round.

    ``flat`` (three seolsa, joker claim) replaces the pile's points as the base; the Go bonus and
    every multiplier still apply, the -bak ones judged on the piles as for a stop.
    With the sake cup counted "best for its owner", the winner's cup is counted the way that
    collects more in total (points and meong-bak); each loser's the way that avoids pi-bak.
    """
    if cup < 0 and captured[winner] & CUP:
        a = _settle(rules, winner, captured, gos, go_order, shakes, carry, 0, -1, flat)
        b = _settle(rules, winner, captured, gos, go_order, shakes, carry, 1, -1, flat)
        return b if sum(p.amount for p in b[4]) > sum(p.amount for p in a[4]) else a
    return _settle(rules, winner, captured, gos, go_order, shakes, carry, cup, cup, flat)


def _settle(
    rules: Rules,
    winner: int,
    captured: tuple[int, ...],
    gos: tuple[int, ...],
    go_order: tuple[int, ...],
    shakes: tuple[int, ...],
    carry: int,
    wcup: int,
    lcup: int,
    flat: ScoreItem | None,
) -> tuple[int, tuple[ScoreItem, ...], int, int, tuple[Payment, ...]]:
    n = len(captured)
    cap = captured[winner]
    base, pile_items, cup_pi = evaluate(cap, wcup)
    items = pile_items
    if flat is not None:
        base, items = flat.points, (flat,)
    bonus, score = go_score(base, gos[winner])
    common: list[Multiplier] = []
    if gos[winner] >= 3:
        # "Si un joueur fait 3 Go durant une partie il double son score. Si il en fait 4 il double à nouveau"
        common.append(Multiplier("go", 1 << (gos[winner] - 2)))
    # "Si un joueur ayant annoncé un heundeul remporte la manche, il double son score" (each; bombs too)
    common.extend(Multiplier("shake", 2) for _ in range(shakes[winner]))
    if rules.five_gwang_double and (cap & GWANG_M).bit_count() == 5:
        common.append(Multiplier("five_gwang", 2))
    animals = (cap & ANIMAL_M & ~(CUP if cup_pi else 0)).bit_count()
    if animals >= 7:
        common.append(Multiplier("meong_bak", 2))
    if carry > 1:
        common.append(Multiplier("nagari", carry))
    has_gwang_item = any(i.name == "gwang" for i in pile_items)
    has_pi_item = any(i.name == "pi" for i in pile_items)
    amounts: dict[int, tuple[int, list[Multiplier]]] = {}
    for loser in range(n):
        if loser == winner:
            continue
        mults = list(common)
        lcap = captured[loser]
        if has_gwang_item and not lcap & GWANG_M:
            mults.append(Multiplier("gwang_bak", 2))
        if has_pi_item:
            lpi = (
                pi_value(lcap, bool(lcup)) if lcup >= 0 else max(pi_value(lcap, False), pi_value(lcap, True))
            )
            # seed: winner ≥10 pi (the pi item), loser 4 or fewer, 0 included; FudaWiki: 1–7 / 1–5
            bak = lpi <= 4 if rules.pi_bak == "seed" else 1 <= lpi <= (7 if n == 2 else 5)
            if bak:
                mults.append(Multiplier("pi_bak", 2))
        amount = base + bonus
        for mlt in mults:
            amount *= mlt.factor
        amounts[loser] = (amount, mults)
    payments: list[Payment] = []
    liable = next((s for s in go_order if s != winner and gos[s] > 0), None) if rules.go_bak else None
    if liable is not None:
        # "Un joueur qui a fait un Go et qui perd la manche doit donner au gagnant le double de
        # points et doit aussi s'acquitter des points que lui doit l'autre joueur en cas de partie à 3."
        amount, mults = amounts[liable]
        payments.append(Payment(liable, winner, amount * 2, (*mults, Multiplier("go_bak", 2))))
        for loser, (amt, ms) in amounts.items():
            if loser != liable:
                payments.append(Payment(liable, winner, amt, tuple(ms), covers=loser))
    else:
        for loser, (amt, ms) in amounts.items():
            payments.append(Payment(loser, winner, amt, tuple(ms)))
    return base, items, bonus, score, tuple(payments)


def flat_payments(winner: int, n: int, points: int, carry: int) -> tuple[Payment, ...]:
    """Chongtong (and, with ``flat_wins="flat"``, three seolsa and the joker claim): ``points`` from
    each opponent (nagari carry applies)."""
    ms = (Multiplier("nagari", carry),) if carry > 1 else ()
    return tuple(Payment(s, winner, points * carry, ms) for s in range(n) if s != winner)


def totals(n: int, payments: tuple[Payment, ...]) -> tuple[int, ...]:
    pts = [0] * n
    for p in payments:
        pts[p.payer] -= p.amount
        pts[p.payee] += p.amount
    return tuple(pts)
