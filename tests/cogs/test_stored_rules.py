"""Issue 25: a stored match keeps the rules it was played with.

The seed preset changed twice (Roppyakken's Gaji may be laid; Goita's face-down King counts as
« posé »). A stored rules record without the option loads with the rules of its time, on
SQLite and PostgreSQL, wherever stored games are loaded (``GameEngine.stored_rules``): resume,
``/verify``, replays and exports; and ``/verify`` and the offline replay of its export still
replay a match played under the old rules.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

import store
from cogs.fairness import check_replay, export_record
from cogs.goita.spec import SPEC as GOITA_SPEC
from cogs.roppyakken.spec import SPEC as ROPPYAKKEN_SPEC
from engine.ai.goita.heuristic import choose_action as goita_choice
from engine.ai.roppyakken.heuristic import choose_action
from engine.audit import ENGINES, Move, replay_log
from engine.goita import ENGINE as GOITA
from engine.goita import PRESETS as GOITA_PRESETS
from engine.goita import Attack, Down, Piece
from engine.goita import Rules as GoitaRules
from engine.hanafuda.roppyakken import ENGINE as ROPPYAKKEN
from engine.hanafuda.roppyakken import PRESETS as RP_PRESETS
from engine.hanafuda.roppyakken import CardDrawn, Rules, first_dealer
from engine.hanafuda.roppyakken import rounds as rounds_module
from engine.hanafuda.roppyakken.scoring import GAJI
from tests.engine.goita.stacked import table
from tests.engine.roppyakken.stacked import deal
from tests.postgres import fresh_url
from tsuki import replay as offline


@pytest.fixture(params=["sqlite", "postgresql"])
async def db(request: pytest.FixtureRequest) -> AsyncIterator[store.Database]:
    database = await store.Database.open(":memory:" if request.param == "sqlite" else fresh_url())
    yield database
    await database.close()


def without(record: dict[str, Any], key: str) -> dict[str, Any]:
    """A rules record as saved before ``key`` existed."""
    return {k: v for k, v in record.items() if k != key}


async def stored_row(db: store.Database, game: str, rules: dict[str, Any], seed: int, seats: int) -> int:
    """An active game stored with this rules record (each in a channel of its own)."""
    channel = 10 + len(await store.unfinished_games(db))
    lobby = await store.create_game(db, 1, channel, game, rules, seed, 100, {})
    seat_rows = [store.SeatRow(i, 100 if i == 0 else None, f"P{i}") for i in range(seats)]
    row = await store.start_game(db, lobby.id, seed=seed, seats=seat_rows)
    return row.id


async def test_old_records_load_with_the_rules_they_were_played_with(db: store.Database) -> None:
    goita_old = without(GOITA_PRESETS["seed"].to_dict(), "king_face_down_counts")
    rp_old = without(RP_PRESETS["seed"].to_dict(), "gaji_capture")
    goita_id = await stored_row(db, "goita", goita_old, 5, 4)
    row = await store.get_game(db, goita_id)
    assert row is not None and "king_face_down_counts" not in row.rules
    rules = GOITA.stored_rules(row.rules)
    assert rules == GoitaRules(king_face_down_counts=False)
    # Played on from the store: the face-down King does not unlock the other one.
    s, _ = GOITA.apply(table(("KKGSNLPP", "RBGSNLPP", "RBGSNLPP", "GSNLPPPP"), rules=rules), Down(Piece.K))
    assert Attack(Piece.K) not in GOITA.legal_actions(s)
    rp_id = await stored_row(db, "roppyakken", rp_old, 5, 2)
    row = await store.get_game(db, rp_id)
    assert row is not None and ROPPYAKKEN.stored_rules(row.rules).gaji_capture == "compulsory"
    # A record that names the option keeps it; a new seed record keeps the new readings.
    assert ROPPYAKKEN.stored_rules(RP_PRESETS["seed"].to_dict()) == RP_PRESETS["seed"]
    assert GOITA.stored_rules(GOITA_PRESETS["seed"].to_dict()) == GOITA_PRESETS["seed"]
    assert GOITA.stored_rules(GOITA_PRESETS["association"].to_dict()) == GOITA_PRESETS["association"]
    # Games without such options load as before.
    for name, engine in ENGINES.items():
        if name not in ("goita", "roppyakken"):
            seed_rules = engine.rules_from(None, None)
            assert engine.stored_rules(seed_rules.to_dict()) == seed_rules


def cpu_match(
    engine: Any, rules: Any, seats: int, seed: int, choose: Callable[[Any, random.Random], Any]
) -> tuple[Any, list[tuple[int, str]], list[Any]]:
    """A match ``choose`` plays for every seat to its end: the last state, the moves as
    ``(seat, text)`` and every event."""
    state, _ = engine.begin(seats, rules, seed)
    rng = random.Random(seed)
    moves: list[tuple[int, str]] = []
    events: list[Any] = []
    while engine.outcome(state) is None:
        seat = engine.to_act(state)
        assert seat is not None
        action = choose(engine.view(state, seat), rng)
        moves.append((seat, str(action)))
        state, new = engine.apply(state, action)
        events += new
    return state, moves, events


async def store_moves(db: store.Database, game_id: int, moves: list[tuple[int, str]]) -> None:
    """The moves of :func:`cpu_match` stored in order (seat 0 is the human)."""
    for seq, (seat, text) in enumerate(moves):
        await store.append_action(db, game_id, seq, seat, text, by_cpu=seat != 0)


def stacked_gaji_draw(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Round 1 of ``seed`` deals a hand whose first play draws the Gaji with one prey (9a) and
    no November card on the field: the old seed rules captured it at once, today's ask."""
    dealer = first_dealer(seed, 2)
    first = dealer  # the dealer plays first
    hands = ["", ""]
    hands[first] = "1c 1d 2c 2d 3c 3d 4c 4d"  # plains of months not on the field
    hands[1 - first] = "1a 2a 3a 4a 5a 6a 7a 8a"
    deck = deal(hands=tuple(hands), field="9a 9c 10c 10d 12c 12d 8c 8d", dealer=dealer, pile="11a")
    real = rounds_module.deal_order

    def fake(s: int, round_no: int, attempt: int) -> list[Any]:
        return list(deck) if (round_no, attempt) == (1, 0) else real(s, round_no, attempt)

    monkeypatch.setattr(rounds_module, "deal_order", fake)


async def test_verify_replays_a_match_stored_with_the_compulsory_gaji(
    db: store.Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Roppyakken match played under the old seed preset (the Gaji drawn with one prey took it
    at once), stored with a record that predates ``gaji_capture``, still verifies; read with
    today's default the same log would not replay."""
    seed = 7
    stacked_gaji_draw(monkeypatch, seed)
    old = Rules(gaji_capture="compulsory", target=50)
    state, moves, events = cpu_match(ROPPYAKKEN, old, 2, seed, choose_action)
    drawn_at_once = any(
        isinstance(e, CardDrawn) and int(e.card) == GAJI and e.captured and not e.awaiting_choice
        for e in events
    )
    assert drawn_at_once
    record = without(old.to_dict(), "gaji_capture")
    game_id = await stored_row(db, "roppyakken", record, seed, 2)
    await store_moves(db, game_id, moves)
    outcome = ROPPYAKKEN.outcome(state)
    assert outcome is not None
    results = ROPPYAKKEN_SPEC.results(outcome, ROPPYAKKEN.view(state, None))
    await store.finish_with_results(db, game_id, results)
    row = await store.get_game(db, game_id)
    actions = await store.actions_for(db, game_id)
    stored = await store.results_for(db, game_id)
    assert row is not None and row.status == "finished"
    assert check_replay(ROPPYAKKEN_SPEC, row, actions, stored) is None
    # Exported, it replays offline too (``python -m tsuki.replay``).
    lines, ok = offline.replay(export_record(row, None, actions, stored))
    assert ok, lines
    # The same log read with today's seed default stops at the drawn Gaji's choice.
    today = ROPPYAKKEN.rules_from(None, row.rules)
    assert today.gaji_capture == "optional"
    replayed = replay_log(ROPPYAKKEN, 2, today, seed, [Move(a.seq, a.seat, a.action) for a in actions])
    assert replayed.mismatch is not None and replayed.mismatch.kind == "turn"


async def test_verify_replays_a_goita_match_stored_before_the_face_down_king(db: store.Database) -> None:
    """A Goita match stored with a record that predates ``king_face_down_counts`` verifies (its
    rules load with the face-up-only reading)."""
    seed = 11
    old = GoitaRules(king_face_down_counts=False, target_score=5)
    state, moves, _ = cpu_match(GOITA, old, 4, seed, goita_choice)
    game_id = await stored_row(db, "goita", without(old.to_dict(), "king_face_down_counts"), seed, 4)
    await store_moves(db, game_id, moves)
    outcome = GOITA.outcome(state)
    assert outcome is not None
    await store.finish_with_results(db, game_id, GOITA_SPEC.results(outcome, GOITA.view(state, None)))
    row = await store.get_game(db, game_id)
    assert row is not None
    assert GOITA.stored_rules(row.rules) == old
    actions = await store.actions_for(db, game_id)
    assert check_replay(GOITA_SPEC, row, actions, await store.results_for(db, game_id)) is None
