"""Numbers that come from outside (a custom_id, a command option) checked before they reach the store.

Every id the bot stores (a game, a user, a channel) is a signed 64-bit integer, so a number
above ``2**63 - 1`` was never one of ours: a forged button or a typed number. Passed on, it
would make the database driver raise ``OverflowError`` (a "something went wrong" and a
traceback); checked here, it gets the same clear refusal as any unknown button or match.
"""

from __future__ import annotations

import re

MAX_ID = (1 << 63) - 1  # the largest signed 64-bit integer: no stored id is larger
_DIGITS = re.compile(r"\d+")


def is_stored_id(number: int) -> bool:
    """Whether ``number`` can be an id of ours (stored ids are never negative either)."""
    return 0 <= number <= MAX_ID


def custom_id_fits(custom_id: str) -> bool:
    """Whether every number written in ``custom_id`` fits a stored id: ours always do (game ids,
    move numbers, seats, user ids), so one that does not was forged."""
    return all(is_stored_id(int(run)) for run in _DIGITS.findall(custom_id))
