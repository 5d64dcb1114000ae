"""Issue 25 in words: the rules cards and the hints say what the seed preset now allows, in
every language: the Gaji may be laid on the field (« il peut capturer »), and a King laid face
down counts as « posé » (both Kings: one face down, the other attacks)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import i18n
from cogs.table import hints_text
from cogs.table.model import Seat, Table
from engine.goita import PRESETS as GOITA_PRESETS
from engine.goita import Down, Piece
from engine.goita import Rules as GoitaRules
from engine.hanafuda.roppyakken import PRESETS as RP_PRESETS
from engine.hanafuda.roppyakken import Rules as RoppyakkenRules
from render.rules_card import render_rules_card
from render.widgets import recording
from tests.engine.goita.test_ai_king_pair import king_pair_position
from tests.engine.roppyakken.test_ai_gaji_lay import drawn_gaji, gaji_in_hand
from tsuki.bot import game_specs

LOCALES = i18n.supported()


def squeeze(text: str) -> str:
    """Without whitespace: a card wraps lines anywhere in CJK and between words elsewhere."""
    return "".join(text.split())


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", ["roppyakken", "goita"])
def test_the_rules_card_states_the_new_move(game: str, locale: str) -> None:
    with recording() as texts:
        render_rules_card(game, locale=locale)
    words = squeeze("".join(d.text for d in texts))
    assert squeeze(i18n.t(locale, f"rules_card.{game}.turn.1")) in words
    if locale == "en":
        said = {"roppyakken": "The Gaji (11a) takes any card but chaff, or may be laid on the field.",
                "goita": "A King attacks only once a King was laid (yours face down counts)"}  # fmt: skip
        assert squeeze(said[game]) in words


def table_at(game: str, locale: str, state: Any, seats: int) -> Table:
    spec: Any = game_specs()[game]
    table = Table(
        id=1, game=game, spec=spec, guild_id=1, channel_id=1, host_id=1, rules=state.rules,
        options={"seats": seats, "hints": True}, locale=locale, turn_timeout=300, status="active", seed=1,
    )  # fmt: skip
    table.seats = [Seat(i, 100 + i, f"P{i + 1}") for i in range(seats)]
    table.state = state
    return table


@pytest.mark.parametrize("locale", LOCALES)
def test_the_hints_offer_the_gaji_lay(locale: str) -> None:
    state = drawn_gaji(RP_PRESETS["seed"])
    table = table_at("roppyakken", locale, state, 2)
    text = hints_text.hints_text(table, 0, table.spec.engine.view(state, 0), locale)
    gaji = i18n.t(locale, "learn.hint.gaji_lay", card="\x00").split("\x00")
    assert all(part in text for part in gaji), text
    state = gaji_in_hand(RP_PRESETS["seed"])
    table = table_at("roppyakken", locale, state, 2)
    assert gaji[-1] in hints_text.hints_text(table, 0, table.spec.engine.view(state, 0), locale)
    # With the compulsory option there is no lay to hint at.
    old = gaji_in_hand(RoppyakkenRules(gaji_capture="compulsory"))
    table = table_at("roppyakken", locale, old, 2)
    assert gaji[-1] not in hints_text.hints_text(table, 0, table.spec.engine.view(old, 0), locale)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_hints_offer_the_king_pair(locale: str) -> None:
    state = king_pair_position(GOITA_PRESETS["seed"])
    table = table_at("goita", locale, state, 4)
    text = hints_text.hints_text(table, 0, table.spec.engine.view(state, 0), locale)
    assert i18n.t(locale, "learn.hint.king_pair") in text
    state, _ = table.spec.engine.apply(state, Down(Piece.K))
    table.state = state
    text = hints_text.hints_text(table, 0, table.spec.engine.view(state, 0), locale)
    assert i18n.t(locale, "learn.hint.king_attack_ready") in text
    old = king_pair_position(dataclasses.replace(GoitaRules(), king_face_down_counts=False))
    table = table_at("goita", locale, old, 4)
    assert i18n.t(locale, "learn.hint.king_pair") not in hints_text.hints_text(
        table, 0, table.spec.engine.view(old, 0), locale
    )
