"""What a board post keeps of its lines: its head, its latest lines, and the mark of those dropped.

A board post (one card per round) shows the lines that opened it and the round's notable moments
(its head) and the latest turns narrated on it since; older ones give way. The post says so
with an :data:`ELIDED` line where they were: without it, "Round 1: CPU 1 leads" read as if
followed at once by "CPU 4 blocks…". The whole round stays readable through the board's **Log**
button (:mod:`cogs.table.round_log`).
"""

from __future__ import annotations

from collections.abc import Sequence

ELIDED = "…"  # the line that stands for older lines a post no longer shows (the Log has them)
HEAD_LINES = 6  # the lines of one notable move kept in a board post's head, through its edits
HEAD_KEEP = 12  # the head's lines after its opening (a round's notable moves, the turns before)
LOG_LINES = 6  # the latest turns shown under them


def latest_lines(lines: Sequence[str], keep: int) -> list[str]:
    """The last ``keep`` of ``lines``, under an :data:`ELIDED` line when older ones were dropped.

    A list that already starts with the mark (a board's kept lines, edited with new ones) keeps
    it at its top: the mark counts as a line, so it is dropped and put back as the list grows."""
    if len(lines) <= keep:
        return list(lines)
    tail = lines[-keep:]
    return list(tail) if tail[0] == ELIDED else [ELIDED, *tail]


def board_sections(
    head: Sequence[str],
    log: Sequence[str],
    notes: Sequence[str],
    lines: Sequence[str],
    *,
    fresh: bool,
    notable: bool,
    opening: int = 0,
) -> tuple[list[str], list[str]]:
    """A board post's head and latest lines once ``lines`` (and ``notes``: a start, its sealed
    deal, a forfeit) are narrated on it. A fresh post opened by a notable moment is headed by its
    lines; another fresh post starts its latest lines with them; an edit adds them to the post's
    ``log`` under its ``head``, or, for a notable moment, to its head: the story since the
    post's first ``opening`` head lines (what opened it, never cut) stays above the moment, up to
    :data:`HEAD_KEEP` lines. Older lines give way with an :data:`ELIDED` mark
    (:func:`latest_lines`); notes opening a post are never cut."""
    if fresh and notable:
        return [*notes, *latest_lines(lines, HEAD_LINES)], []
    if fresh:
        return list(notes), latest_lines(lines, LOG_LINES)
    if notable:
        story = [*head[opening:], *log, *notes, *latest_lines(lines, HEAD_LINES)]
        return [*head[:opening], *latest_lines(story, HEAD_KEEP)], []
    return list(head), latest_lines([*log, *notes, *lines], LOG_LINES)
