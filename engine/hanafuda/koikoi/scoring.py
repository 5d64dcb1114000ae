"""End-of-round scoring: multipliers, the lightning sweep and the itemised :class:`RoundResult`.

Seed, "Multiplicateurs de score": "Plus de 7 points … doublé. Ce multiplicateur doit être
appliqué avant le suivant" then "Koi-Koi adverse … doublé". Both are factors, so the order only
matters for the threshold: the over-7 test looks at the base score, never at a score already
doubled by the koi-koi multiplier. The list keeps the seed's order for the score sheet.

``koikoi_bonus="plus_n"`` (KoiKoi-Japan): the scorer's own n koi-koi calls add an itemised
``koikoi_calls`` line worth n to the yaku (n <= 3), or a ``koikoi_calls`` ×(n − 2) factor
(n >= 4). ``zero_sum``: what a seat gains is taken from the other.
"""

from __future__ import annotations

from engine.hanafuda.cards import MONTH_MASKS, from_mask
from engine.hanafuda.koikoi.rules import Rules
from engine.hanafuda.koikoi.state import State
from engine.hanafuda.koikoi.types import Multiplier, RoundResult, YakuScore
from engine.hanafuda.koikoi.yaku import scores_of, yaku_items


def multipliers(
    rules: Rules, base: int, seat: int, koikoi: tuple[int, int], koikoi_factor: bool
) -> tuple[Multiplier, ...]:
    """The factors a seat scoring ``base`` earns; ``koikoi_factor=False`` keeps only over-7."""
    out: list[Multiplier] = []
    if rules.double_at and base >= rules.double_at:
        out.append(Multiplier("over_seven", 2))
    if koikoi_factor and rules.koikoi_bonus == "plus_n" and koikoi[seat] >= 4:
        out.append(Multiplier("koikoi_calls", koikoi[seat] - 2))
    if koikoi_factor:
        own, opp = koikoi[seat], koikoi[1 - seat]
        mode = rules.opponent_koikoi
        if mode == "double" and opp:
            out.append(Multiplier("opponent_koikoi", 2))
        elif mode == "per_call" and opp:
            out.append(Multiplier("opponent_koikoi", opp + 1))
        elif mode == "self" and own:
            out.append(Multiplier("own_koikoi", 2))
        elif mode == "anyone" and (own or opp):
            out.append(Multiplier("any_koikoi", 2))
    return tuple(out)


def swept(s: State) -> tuple[tuple[int, int], int]:
    """Captured masks and field after the lightning wild card's end-of-round sweep.

    Seed: "à la fin de la manche, le joueur ramassera l'ensemble des cartes restées dans la
    rivière appartenant au mois de la carte capturée par la Foudre".
    """
    if s.sweep is None:
        return s.captured, s.field
    seat, month = s.sweep
    take = s.field & MONTH_MASKS[month]
    caps = list(s.captured)
    caps[seat] |= take
    return (caps[0], caps[1]), s.field & ~take


def round_result(
    s: State,
    reason: str,
    winner: int | None,
    *,
    koikoi_factor: bool = True,
    next_dealer: int | None,
    captured: tuple[int, int] | None = None,
    oyaken: bool = True,
) -> RoundResult:
    """Score the round of ``s`` for ``winner``.

    With no winner, ``oyaken`` lets the rule of that name pay the dealer (seed: "si la manche
    est nulle, le donneur marque un point").
    """
    caps = swept(s)[0] if captured is None else captured
    rules = s.rules
    points = [0, 0]
    mults: tuple[Multiplier, ...] = ()
    yaku: tuple[YakuScore, ...] = ()
    base = 0
    if winner is not None:
        m = caps[winner]
        calls = s.koikoi[winner]
        yaku = scores_of(yaku_items(m, s.month, s.table, calls > 0), m, s.month, s.table)
        base = sum(y.points for y in yaku)
        mults = multipliers(rules, base, winner, s.koikoi, koikoi_factor)
        if koikoi_factor and rules.koikoi_bonus == "plus_n" and 0 < calls <= 3:
            yaku = (*yaku, YakuScore("koikoi_calls", calls, ()))
            base += calls
        total = base
        for f in mults:
            total *= f.factor
        points[winner] = total
        if rules.zero_sum:
            points[1 - winner] = -total
    elif oyaken and rules.oyaken:
        yaku = (YakuScore("oyaken", rules.oyaken, ()),)
        base = rules.oyaken
        points[s.dealer] = rules.oyaken
        if rules.zero_sum:
            points[1 - s.dealer] = -rules.oyaken
    return RoundResult(
        round_no=s.round_no,
        reason=reason,
        winner=winner,
        yaku=yaku,
        base=base,
        multipliers=mults,
        points=(points[0], points[1]),
        captured=(from_mask(caps[0]), from_mask(caps[1])),
        koikoi_calls=s.koikoi,
        dealer=s.dealer,
        next_dealer=next_dealer,
    )
