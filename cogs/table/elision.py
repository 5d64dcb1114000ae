"""What a board post keeps of its lines: its head, its latest lines, and the mark of those dropped.

A board post shows the notable lines that opened it (its head) and the latest turns narrated
on it since; older ones give way. The post says so with an :data:`ELIDED` line where they were:
without it, "Round 1: CPU 1 leads" read as if followed at once by "CPU 4 blocks…". The whole
round stays readable through the board's **Log** button (:mod:`cogs.table.round_log`).
"""

from __future__ import annotations

from collections.abc import Sequence

ELIDED = "…"  # the line that stands for older lines a post no longer shows (the Log has them)
HEAD_LINES = 6  # the notable lines that opened a board post, kept through its edits
LOG_LINES = 6  # the latest turns shown under them


def latest_lines(lines: Sequence[str], keep: int) -> list[str]:
    """The last ``keep`` of ``lines``, under an :data:`ELIDED` line when older ones were dropped.

    A list that already starts with the mark (a board's kept lines, edited with new ones) keeps
    it at its top: the mark counts as a line, so it is dropped and put back as the list grows."""
    if len(lines) <= keep:
        return list(lines)
    return [ELIDED, *lines[-keep:]]


def board_sections(
    head: Sequence[str],
    log: Sequence[str],
    notes: Sequence[str],
    lines: Sequence[str],
    *,
    fresh: bool,
    notable: bool,
) -> tuple[list[str], list[str]]:
    """A board post's head and latest lines once ``lines`` (and ``notes``: a start, its sealed
    deal, a forfeit) are narrated on it. A notable moment opens a post headed by its lines; another
    fresh post starts its latest lines with them; an edit adds them to the post's ``log`` under its
    ``head``. Older lines give way with an :data:`ELIDED` mark (:func:`latest_lines`); notes
    opening a post are never cut."""
    if fresh and notable:
        return [*notes, *latest_lines(lines, HEAD_LINES)], []
    if fresh:
        return list(notes), latest_lines(lines, LOG_LINES)
    return list(head), latest_lines([*log, *notes, *lines], LOG_LINES)
