"""Hints and the tutorial in a player's hand message: ``engine.hints`` lines put into words.

A table shows hints when its options say ``hints`` (``/<game> learn`` tables always; a normal
table with ``hints=on``). They go in the seat's own hand message only, computed from that seat's
view, so nobody learns anything they could not see. A learn table also runs a short tutorial:
on each of the player's first decisions of the match the hand opens with one step
(``learn.tutorial.<game>.<n>``), until the last step or a click on **Skip tutorial**.

The tutorial keeps no state of its own, so a restarted bot resumes it where it was: the step is
the seat's number of moves in the stored log plus one (``Table.moves_by_seat``, rebuilt from the
log on resume; moves the CPU made for an away player count too, as decisions they did not see),
and a skip is saved in the seat's meta (``Seat.tutorial_skipped``). A player handed the seat
during the match starts the tutorial afresh at their own first decision: the seat's moves are
counted from the number it had when they took it (``Seat.tutorial_from``, in the meta).

Each hint line is ``learn.hint.<key>`` (or a game's own ``learn.hint.<game>.<key>`` when the
words differ, e.g. Go-Stop's 스톱 against Koi-Koi's 勝負), filled from the line's parameters:
cards as the game's spec words them (``hint_card``), yaku as the game's own names (``*_key``),
seats as player names, actions as the game's own ``action_label``. A game teaches when its spec
has a ``learn`` preset; its ``hints`` give the lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from cogs.table import components as c
from cogs.table.model import Table
from engine.hints import Line, Progress
from i18n import lookup, t, tn

TUTORIAL_STEPS = 4
HINT_BUDGET = 1300  # characters of hints in a hand message (Discord: 2000 in all)
SKIP_TEMPLATE = r"lt:(?P<game>\d+):(?P<seat>\d+):skip"


def skip_id(game_id: int, seat: int) -> str:
    return f"lt:{game_id}:{seat}:skip"


def hints_on(table: Table) -> bool:
    return bool(table.options.get("hints")) and table.spec.learn is not None


def is_learn(table: Table) -> bool:
    return bool(table.options.get("learn")) and table.spec.learn is not None


def _step(table: Table, seat: int, view: Any) -> int | None:
    """The tutorial's step for this hand now (0: before the player's first decision; past
    ``TUTORIAL_STEPS``: over), or ``None`` when no tutorial runs for this seat: not a running
    learn table, or its player skipped it.

    On the seat's turn, the step of the decision it is about to make (the player's moves in the
    seat so far plus one); between its turns, the step of their last decision, still worth reading.
    """
    if not is_learn(table) or table.status != "active" or not 0 <= seat < len(table.seats):
        return None
    player = table.seats[seat]
    if player.tutorial_skipped:
        return None
    return table.moves_by_seat.get(seat, 0) - player.tutorial_from + (1 if view.legal_actions else 0)


def tutorial_step(table: Table, seat: int, view: Any) -> int | None:
    """The step (1..4) to show in this hand now, or ``None`` once the tutorial is over."""
    step = _step(table, seat, view)
    return step if step is not None and 1 <= step <= TUTORIAL_STEPS else None


# --- words -----------------------------------------------------------------------------------


def _card(table: Table, code: str, loc: str) -> str:
    return table.spec.hint_card(code, loc)


def _cards(table: Table, codes: Sequence[str], loc: str) -> str:
    return ", ".join(_card(table, code, loc) for code in codes) or "—"


def _progress(p: Progress, loc: str) -> str:
    mark = "✅ " if p.left == 0 else ""
    return t(loc, "learn.progress", name=f"{mark}{t(loc, p.name_key)}", have=p.have, need=p.need)


def _key(table: Table, name: str, loc: str) -> str:
    own = f"learn.hint.{table.game}.{name}"
    return own if lookup(loc, own) is not None else f"learn.hint.{name}"


def hint_line(table: Table, view: Any, hint: Line, loc: str) -> str:
    """One hint in ``loc``."""
    params: dict[str, Any] = {}
    plain = {name: value for name, value in hint.params if isinstance(value, int)}
    for name, value in hint.params:
        if name.endswith("_key"):  # a text of its own (a reason, a kind), with the line's numbers
            params[name[:-4]] = t(loc, value, **plain)
        elif name == "goal" and hint.key == "threat":
            params["goal"] = _progress(value, loc)
        elif name == "seat":
            params["name"] = table.names[value] if value < len(table.names) else str(value + 1)
        elif name == "action":
            params["action"] = table.spec.action_label(value, view, loc)
        elif name == "goal":
            params["goal"] = "" if value is None else " · " + _progress(value, loc)
        elif name == "goals":
            params["goals"] = " · ".join(_progress(p, loc) for p in value)
        elif name in ("card", "piece", "attack"):
            params[name] = _card(table, value, loc)
        elif name == "pieces" and hint.key == "unseen":  # counts: "G×2"
            params[name] = " ".join(value)
        elif name in ("cards", "on_field", "held", "pieces", "blocks"):
            params[name] = _cards(table, value, loc)
        elif name == "move":  # Dou Dizhu's play on the table, in notation
            params[name] = f"`{value}`"
        elif name in ("moves", "ranks"):
            params[name] = " ".join(f"`{v}`" for v in value) if name == "moves" else " ".join(value)
        else:
            params[name] = value
    if hint.key == "threat":  # where the missing card is, as the player sees it
        where = []
        if dict(hint.params)["on_field"]:
            where.append(t(loc, "learn.where.field", cards=params["on_field"]))
        if dict(hint.params)["held"]:
            where.append(t(loc, "learn.where.held", cards=params["held"]))
        if params["unseen"]:
            where.append(t(loc, "learn.where.unseen", n=params["unseen"]))
        params["where"] = "; ".join(where)
    if hint.key == "beats" and params.get("more"):
        params["moves"] += " " + tn(loc, "learn.more", params["more"])
    return t(loc, _key(table, hint.key, loc), **params)


def hints_text(table: Table, seat: int, view: Any, loc: str, room: int = HINT_BUDGET) -> str:
    """The hints block of a hand message in at most ``room`` characters (whole lines, the most
    useful first; empty when the table shows none)."""
    if not hints_on(table) or view.seat is None:
        return ""
    lines = [t(loc, "learn.hints_title")]
    size = len(lines[0])
    for hint in table.spec.hints(view):
        text = "• " + hint_line(table, view, hint, loc)
        if size + len(text) + 1 > min(room, HINT_BUDGET):
            break
        lines.append(text)
        size += len(text) + 1
    return "\n".join(lines) if len(lines) > 1 else ""


def tutorial_text(table: Table, seat: int, view: Any, loc: str) -> str:
    step = tutorial_step(table, seat, view)
    if step is None:
        return ""
    head = t(loc, "learn.tutorial_title", n=step, total=TUTORIAL_STEPS)
    text = f"{head}\n{t(loc, f'learn.tutorial.{table.game}.{step}')}"
    # The step on this very deal: the move the hints suggest, to try now.
    suggested = [h for h in table.spec.hints(view) if h.key == "suggest"] if view.legal_actions else []
    if suggested:
        action = table.spec.action_label(suggested[0].get("action"), view, loc)
        text += "\n" + t(loc, "learn.tutorial_try", action=action)
    return text


def extra_text(table: Table, seat: int, view: Any, loc: str, room: int = 2000) -> str:
    """What a hand message adds in at most ``room`` characters: the tutorial's step, then the
    hints (either may be empty)."""
    tutorial = tutorial_text(table, seat, view, loc)
    hints = hints_text(table, seat, view, loc, room - len(tutorial) - 4)
    return "\n\n".join(p for p in (tutorial, hints) if p)


def skip_button(table: Table, seat: int, view: Any, loc: str) -> discord.ui.Button[Any] | None:
    """**Skip tutorial** while this seat's tutorial runs (on a learn table); also before the
    player's first decision (step 0), to skip it ahead."""
    step = _step(table, seat, view)
    if step is None or step > TUTORIAL_STEPS:
        return None
    return c.button(skip_id(table.id, seat), t(loc, "learn.skip"), emoji="⏭️")
