"""Go-Stop notation as players read and type it: the Korean month numbers of the card faces.

The engine's notation (stored action logs, ``str(action)``, ``parse_action``) numbers the months in
Japanese order, like every hanafuda game here: willow is 11, paulownia 12. Hwatu faces number
them the Korean way, paulownia 11 (오동) and willow 12 (비), and so does every text a Go-Stop
player reads or types: ``11a`` is the phoenix, ``12a`` the rain man, ``shake11`` shakes
paulownia. Stored logs keep the engine's form, so games stored before this still replay.

The two numberings differ only by swapping 11 and 12, so one function converts both ways.
"""

from __future__ import annotations

import re

_NUMBER = re.compile(r"\d+")
_SWAP = {11: 12, 12: 11}


def _swap(match: re.Match[str]) -> str:
    number = int(match.group())
    return str(_SWAP[number]) if number in _SWAP else match.group()


def korean_notation(text: str) -> str:
    """A notation text (card, cards or action) with months 11 and 12 swapped; its own inverse.

    ``"12a>12d"`` (engine) ↔ ``"11a>11d"`` (player); ``"shake11"`` ↔ ``"shake12"``; other months,
    bonus cards (``J2``, ``J3``, ``J2b``) and words (``go``, ``cup:pi``) are unchanged.
    """
    return _NUMBER.sub(_swap, text)


def korean_month(month: int) -> int:
    """A month in engine (Japanese) numbering → the number on the hwatu faces (11 ↔ 12)."""
    return _SWAP.get(month, month)


def to_player(text: str) -> str:
    """Engine notation → the notation players read (Korean month numbers)."""
    return korean_notation(text)


def from_player(text: str) -> str:
    """What a player typed (Korean month numbers) → engine notation, for ``parse_action``."""
    return korean_notation(text)
