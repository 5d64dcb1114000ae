"""Dou Dizhu's scoring of a deal: the bid, bombs and springs multiply the base stakes.

Seed: « Le maitre gagne s'il finit son jeu en premier » — the landlord wins +2 per bid unit from
the peasants' −1 each, the other way round if a peasant goes out first.
"""

from __future__ import annotations

from engine.doudizhu.cards import from_mask
from engine.doudizhu.state import State
from engine.doudizhu.types import HandResult, Multiplier

__all__ = ["multipliers", "no_bid_result", "result"]


def multipliers(s: State, landlord_won: bool) -> tuple[Multiplier, ...]:
    """Seed: « multiplié par l'enchère … et remultiplié par 2 si une bombe a été sortie »."""
    out = [Multiplier("bid", s.bid)]
    if s.bombs:
        if s.rules.bomb_multiplier == "once":
            out.append(Multiplier("bomb", 2))
        else:
            out.extend(Multiplier("bomb", 2) for _ in range(s.bombs))
    spring = _spring(s, landlord_won)
    if spring:
        out.append(Multiplier(spring, 2))
    return tuple(out)


def _spring(s: State, landlord_won: bool) -> str | None:
    if not s.rules.spring:
        return None
    lord = s.landlord
    if landlord_won:
        return "spring" if all(s.plays[i] == 0 for i in range(3) if i != lord) else None
    return "anti_spring" if s.plays[lord] == 1 else None


def result(s: State, winner: int) -> HandResult:
    """The deal ``winner`` finished: who won, the multipliers and each seat's points."""
    lord = s.landlord
    won = winner == lord
    sign = 1 if won else -1
    base = tuple(2 * sign if i == lord else -sign for i in range(3))
    mults = multipliers(s, won)
    factor = 1
    for f in mults:
        factor *= f.factor
    return HandResult(
        hand_no=s.hand_no,
        reason="played",
        landlord=lord,
        bid=s.bid,
        winner=winner,
        landlord_won=won,
        base=base,
        multipliers=mults,
        factor=factor,
        points=tuple(b * factor for b in base),
        bombs=s.bombs,
        spring=_spring(s, won),
        left=tuple(from_mask(m) for m in s.masks),
    )


def no_bid_result(s: State) -> HandResult:
    """A deal nobody would be landlord of, past the redeals allowed: it scores nothing."""
    return HandResult(
        hand_no=s.hand_no, reason="no_bid", landlord=None, bid=0, winner=None, landlord_won=False,
        base=(0, 0, 0), multipliers=(), factor=0, points=(0, 0, 0), bombs=0, spring=None,
        left=tuple(from_mask(m) for m in s.masks),
    )  # fmt: skip
