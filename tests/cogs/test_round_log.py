"""Issue 28, "a readable log", without Discord: the board's elision mark and the log's pages.

"Each board post keeps its last 6 lines and drops older ones without a mark, so 'Round 1: CPU 1
leads' is followed by 'CPU 4 blocks…'." Built: "the board marks elided lines with '…'", and "a
**Log** button shows the round's moves privately, in order, paged, built from the public events
only". The Discord side (the button, its pages, a restart) is ``test_round_log_e2e.py``; that the
log does not depend on hidden cards is ``test_public_differential.py``.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cogs.replay.timeline import Frame, round_of
from cogs.table import components as c
from cogs.table import limits, round_log
from cogs.table.elision import ELIDED, HEAD_LINES, LOG_LINES, board_sections, latest_lines
from cogs.table.messages import last_lines
from cogs.table.round_log import Shown, by_round, deal_kind, log_message, pages, round_lines, target
from tsuki.bot import game_specs

SPECS = game_specs()
SEATS = {"koikoi": 2, "roppyakken": 3, "gostop": 3, "doudizhu": 3, "goita": 4, "goita_solo": 1}


# --- the board's mark ----------------------------------------------------------------------------


def test_latest_lines_marks_exactly_when_lines_are_dropped() -> None:
    lines = [f"move {i}" for i in range(9)]
    for n in range(10):
        kept = latest_lines(lines[:n], 6)
        assert (ELIDED in kept) == (n > 6), (n, kept)
        assert [line for line in kept if line != ELIDED] == lines[max(0, n - 6) : n]


def test_a_board_post_marks_dropped_lines_through_its_edits() -> None:
    """A post's narrated lines, batch after batch (a notable opening, then edits): the post shows
    the mark exactly when some line narrated on it is not shown, always at the top of the lines
    it stands for, and the lines shown are the latest ones, in order."""
    rng = random.Random(28)
    for trial in range(300):
        notes = [f"note {trial}"] if rng.random() < 0.3 else []
        notable = rng.random() < 0.5
        opening = [f"open {i}" for i in range(rng.randint(0, 9))]
        head, recent = board_sections([], [], notes, opening, fresh=True, notable=notable)
        narrated_head = opening if notable else []
        narrated = [] if notable else opening
        shown_head = head[len(notes) :]
        assert head[: len(notes)] == notes, "notes opening a post are never cut"
        assert (ELIDED in shown_head) == (len(narrated_head) > HEAD_LINES)
        for edit in range(rng.randint(0, 6)):
            more = [f"edit {edit}.{i}" for i in range(rng.randint(1, 4))]
            narrated += more
            head, recent = board_sections(head, recent, [], more, fresh=False, notable=False)
            assert head[len(notes) :] == shown_head, "an edit keeps the post's head"
        assert (ELIDED in recent) == (len(narrated) > LOG_LINES), (narrated, recent)
        if ELIDED in recent:
            assert recent[0] == ELIDED and recent.count(ELIDED) == 1
        assert [line for line in recent if line != ELIDED] == narrated[-LOG_LINES:]


def test_an_overlong_post_marks_the_lines_it_drops_and_still_fits() -> None:
    lines = [f"line {i} " + "x" * 90 for i in range(40)]
    text = last_lines(lines, limits.CONTENT)
    assert len(text) <= limits.CONTENT
    assert text.splitlines()[0] == ELIDED and text.endswith(lines[-1])
    short = last_lines(lines[:3], limits.CONTENT)
    assert ELIDED not in short.splitlines() and short == "\n".join(lines[:3])
    already = last_lines([ELIDED, *lines[-3:]], limits.CONTENT)
    assert already.splitlines().count(ELIDED) == 1, "a post's own mark is not doubled"


# --- the log: the board's lines, by round ---------------------------------------------------------


def random_match(game: str, seed: int) -> tuple[Any, list[Frame]]:
    """A seeded match at random, as ``cogs.replay.timeline.build`` keeps it (frames)."""
    spec = SPECS[game]
    engine = spec.engine
    state, events = engine.begin(SEATS[game], engine.rules_from(None, {}), seed)
    frames = [Frame(0, state, state, tuple(events), None, round_of(spec, state))]
    rng = random.Random(seed)
    while engine.outcome(state) is None:
        before = state
        state, events = engine.apply(state, rng.choice(engine.legal_actions(state)))
        frames.append(Frame(len(frames), state, before, tuple(events), object(), round_of(spec, before)))  # type: ignore[arg-type]  # the move row: only whether there is one counts here
    return spec, frames


@pytest.mark.parametrize("game", list(SEATS))
def test_the_log_is_the_boards_narration_cut_into_rounds(game: str) -> None:
    """Every line the board narrates, in order, each in the round it happened in: a move that
    ends a round and deals the next gives its deal's lines to the next round (a frame's last part
    is in the round its state is in), and the rounds run 1, 2, 3… to the match's last."""
    names = ("Aki", "Ben", "Chloé", "Dai")[: SEATS[game]]
    for seed in (0, 1):
        spec, frames = random_match(game, seed)
        rounds = round_lines(spec, frames, names, "en")
        board = [line for f in frames for line in spec.narrate(f.events, names, "en")]
        assert [line for r in sorted(rounds) for line in rounds[r]] == board
        assert sorted(rounds) == list(range(1, round_of(spec, frames[-1].state) + 1))
        dealt = deal_kind(frames)
        for frame in frames:
            parts = by_round(frame, dealt)
            if parts and frame.move is not None:
                assert parts[-1][0] == round_of(spec, frame.state), (frame.position, parts)
        if len(rounds) > 1:
            assert any(len(by_round(f, dealt)) > 1 for f in frames), "a round's end dealt the next"


def test_pages_keep_whole_lines_in_order_within_the_limit() -> None:
    rng = random.Random(5)
    lines = [f"{i}: " + "y" * rng.randint(0, 120) for i in range(200)] + ["z" * 5000]
    book = pages(lines)
    assert all(len("\n".join(page)) <= round_log.PAGE_CHARS for page in book)
    assert [line for page in book for line in page][:-1] == lines[:-1], "whole lines, in order"
    assert book[-1][-1] == limits.cut(lines[-1], round_log.PAGE_CHARS), "a line too long is cut"
    assert pages(lines[:150])[:-1] == book[: len(pages(lines[:150])) - 1], "a page keeps its lines"
    assert pages([]) == [[]]


def test_the_log_message_fits_and_its_controls_page_through() -> None:
    rounds = {1: [f"r1 move {i} " + "w" * 60 for i in range(80)], 2: ["r2 deal", "r2 move"]}
    game = 2**63 - 1  # the largest stored id: every custom_id still fits
    first = target(rounds, Shown(0, 0), "open")
    assert first == Shown(2, 0), "the board's button: the current round's latest page"
    back = target(rounds, first, "rprev")
    assert back == Shown(1, 0)
    last = len(pages(rounds[1])) - 1
    assert last > 0
    walked = [back]
    while walked[-1].page < last:
        walked.append(target(rounds, walked[-1], "next"))
    assert target(rounds, walked[-1], "next") == walked[-1], "▶ stops at the last page"
    assert target(rounds, back, "prev") == back, "◀ stops at the first"
    assert target(rounds, Shown(9, 9), "next") == first, "a round the match does not have"
    assert target(rounds, Shown(1, 99), "next") == Shown(1, last), "a page it does not have"
    read = []
    for shown in walked:
        payload = log_message(game, "Title", rounds, shown, "en")
        assert len(payload["content"]) <= limits.CONTENT
        header, *body = payload["content"].splitlines()
        assert f"round 1 · page {shown.page + 1}/{last + 1}" in header
        read += body
        ids = [item.custom_id for item in payload["view"].children]
        assert all(len(i) <= limits.CUSTOM_ID and re.fullmatch(c.LOG_TEMPLATE, i) for i in ids)
        by_verb = {i.rsplit(":", 1)[1]: item for i, item in zip(ids, payload["view"].children, strict=True)}
        assert by_verb["prev"].disabled == (shown.page == 0)
        assert by_verb["next"].disabled == (shown.page == last)
        assert by_verb["rprev"].disabled and not by_verb["rnext"].disabled
    assert read == rounds[1], "the pages read the round's lines in order"
    empty = log_message(game, "Title", {1: []}, Shown(1, 0), "fr")
    assert "Rien n'a encore été joué" in empty["content"]
