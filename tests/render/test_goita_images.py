"""Goita images from real engine positions: valid PNGs for 2, 3 and 4 players at the start,
mid-round and the end, en and fr; the memory mode; hidden pieces never drawn."""

from __future__ import annotations

import dataclasses
import io
import random
from functools import cache

import pytest
from PIL import Image

import engine.goita as gt
from engine.goita import memory as m
from engine.goita.types import Piece, Slot
from render.goita import (
    render_hand,
    render_match_summary,
    render_memory,
    render_round_sheet,
    render_table,
    slot_drawings,
    warm,
)
from render.goita.memory import cell_drawings
from render.goita.pieces import piece_back, piece_face

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = ("Aki", "Benoît", "Chiyo", "Daichi")
LOCALES = ("en", "fr")


def _check(png: bytes, max_kib: int = 120) -> Image.Image:
    assert png.startswith(PNG_SIGNATURE)
    img = Image.open(io.BytesIO(png))
    img.load()
    assert img.mode == "P"
    assert img.width == 1200
    assert len(png) < max_kib * 1024
    return img


@cache
def _play(seats: int, seed: int, steps: int) -> tuple[gt.State, tuple[gt.RoundEnded, ...]]:
    """The state after ``steps`` random legal actions (or the match's end) and the rounds ended."""
    rng = random.Random(seed)
    s = gt.new_game(seats, gt.rules_from("seed"), seed)
    ended: list[gt.RoundEnded] = []
    for _ in range(steps):
        legal = gt.legal_actions(s)
        if not legal:
            break
        s, events = gt.apply(s, rng.choice(legal))
        ended += [e for e in events if isinstance(e, gt.RoundEnded)]
    return s, tuple(ended)


def _mid(seats: int) -> gt.State:
    """A position with a face-down piece on the table and an attack to answer."""
    for seed in range(50):
        for steps in range(6, 40):
            s, _ = _play(seats, seed, steps)
            v = gt.view(s, None)
            if v.phase is gt.Phase.RESPOND and any(not x.face_up for row in v.tables for x in row):
                return s
    pytest.skip("no mid-round position found")


def test_warm_runs() -> None:
    warm()


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("locale", LOCALES)
def test_table_and_hand_every_stage(seats: int, locale: str) -> None:
    names = NAMES[:seats]
    start, _ = _play(seats, 1, 0)
    end, _ = _play(seats, 1, 5000)
    assert end.phase is gt.Phase.OVER
    for s in (start, _mid(seats), end):
        for seat in (None, *range(seats)):
            v = gt.view(s, seat)
            _check(render_table(v, names=names, locale=locale))
            if seat is not None:
                _check(render_hand(v, locale=locale))


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("locale", LOCALES)
def test_sheets(seats: int, locale: str) -> None:
    names = NAMES[:seats]
    end, ended = _play(seats, 2, 5000)
    assert ended
    for e in ended:
        _check(render_round_sheet(e.result, names=names, scores=e.scores, locale=locale))
    outcome = gt.outcome(end)
    winners = outcome.winners if outcome is not None else ()
    _check(render_match_summary(end.history, names=names, scores=end.scores, locale=locale, winners=winners))


def test_long_history_and_association_values() -> None:
    rules = gt.rules_from("association")
    s = gt.new_game(4, rules, 3)
    rng = random.Random(3)
    while gt.legal_actions(s):
        s, _ = gt.apply(s, rng.choice(gt.legal_actions(s)))
    history = s.history * 6
    _check(render_match_summary(history, names=NAMES, scores=s.scores))
    _check(render_table(gt.view(s, None), names=NAMES))


@pytest.mark.parametrize("locale", LOCALES)
def test_memory_mid_and_finished(locale: str) -> None:
    for seats in (1, 3):
        names = NAMES[:seats]
        s = m.MEMORY.new_game(seats, m.rules_from(), 7)
        rng = random.Random(7)
        _check(render_memory(m.view(s, 0), names=names, locale=locale))
        s, _ = m.apply(s, m.legal_actions(s)[0])
        _check(render_memory(m.view(s, 0), names=names, locale=locale))  # one piece turned
        while m.legal_actions(s):
            s, _ = m.apply(s, rng.choice(m.legal_actions(s)))
            if s.phase == "discard":
                _check(render_memory(m.view(s, 0), names=names, locale=locale))
        assert s.phase == "over"
        _check(render_memory(m.view(s, 0), names=names, locale=locale))


# --- hidden information ----------------------------------------------------------------------


def test_spectator_sees_only_backs_for_face_down_pieces() -> None:
    s = _mid(4)
    spectator = gt.view(s, None)
    drawn = slot_drawings(spectator)
    for row, row_drawn in zip(spectator.tables, drawn, strict=True):
        for slot, (kind, piece, _) in zip(row, row_drawn, strict=True):
            if not slot.face_up:
                assert (kind, piece) == ("back", None)
            else:
                assert (kind, piece) == ("face", slot.piece)


def test_own_face_down_pieces_are_marked_backs() -> None:
    s = _mid(4)
    for seat in range(4):
        v = gt.view(s, seat)
        for other, row in enumerate(slot_drawings(v)):
            for slot, (kind, piece, _) in zip(v.tables[other], row, strict=True):
                if slot.face_up:
                    assert kind == "face"
                elif other == seat:
                    assert kind == "own" and piece is slot.piece
                else:
                    assert (kind, piece) == ("back", None)


def test_face_down_slot_pixels_do_not_depend_on_the_piece() -> None:
    """Two spectator views differing only in a hidden piece give the same image; known pieces differ."""
    v = gt.view(_mid(4), None)
    seat = next(i for i, row in enumerate(v.tables) if any(not x.face_up for x in row))

    def with_slot(slot: Slot) -> gt.GoitaView:
        rows = list(v.tables)
        row = list(rows[seat])
        i = next(k for k, x in enumerate(row) if not x.face_up)
        row[i] = slot
        rows[seat] = tuple(row)
        return dataclasses.replace(v, tables=tuple(rows))

    hidden = render_table(with_slot(Slot(None, False)), names=NAMES)
    assert hidden == render_table(v, names=NAMES)
    mine_g = render_table(dataclasses.replace(with_slot(Slot(Piece.G, False)), seat=seat), names=NAMES)
    mine_p = render_table(dataclasses.replace(with_slot(Slot(Piece.P, False)), seat=seat), names=NAMES)
    assert mine_g != mine_p  # the owner sees which piece it is
    assert piece_back(60).tobytes() != piece_face(Piece.P, 60).tobytes()


def test_memory_draws_only_visible_pieces() -> None:
    s = m.MEMORY.new_game(1, m.rules_from(), 11)
    s, _ = m.apply(s, m.legal_actions(s)[0])
    v = m.view(s, 0)
    drawn = cell_drawings(v)
    for pos, (kind, piece) in enumerate(drawn):
        if pos in v.guards:
            assert kind == "guard" and piece is v.cells[pos]
        elif pos in v.turned:
            assert kind == "turned" and piece is v.cells[pos]
        else:
            assert (kind, piece) == ("back", None)


def test_second_king_is_gyoku() -> None:
    v = gt.view(_mid(4), None)
    k = Slot(Piece.K, True)
    v2 = dataclasses.replace(v, tables=((k, k), *v.tables[1:]))
    kinds = slot_drawings(v2)[0]
    assert [g for _, _, g in kinds] == [False, True]


def test_the_letter_on_each_piece_is_the_letter_of_its_moves_in_every_language() -> None:
    """Issue 12: the seed's French initials put "R" on the King while ``attack:R`` plays the Rook.
    Each face now carries the notation letter, and that letter parses back to the same piece."""
    from render.goita.pieces import PIECE_LETTERS

    assert PIECE_LETTERS == {
        Piece.K: "K",
        Piece.R: "R",
        Piece.B: "B",
        Piece.G: "G",
        Piece.S: "S",
        Piece.N: "N",
        Piece.L: "L",
        Piece.P: "P",
    }
    for piece, letter in PIECE_LETTERS.items():
        assert Piece.parse(letter) is piece
        assert gt.parse_action(f"attack:{letter}") == gt.Attack(piece)
    assert piece_face(Piece.G, 100, initial="G", value=3).tobytes() != piece_face(Piece.G, 100).tobytes()
