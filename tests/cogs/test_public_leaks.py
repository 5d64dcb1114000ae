"""Issue 18: no hidden card leaves through a public payload, over 200 random matches per game.

Run on the engines and the message builders directly (no simulated Discord, so it stays fast):
after every move of random legal play, with short match rules so a match is a round or two,

* the narration of the move and the board post built from it (its text and its components,
  ``cogs.table.messages.board_message``), and a spectator's view (``cogs.table.spectators``),
* the public view (seat ``None``: what a spectator and the table image are given; the renderer is
  replaced by a recorder, so the check is on the image's input view),

must not name a card that is hidden at that moment: another seat's hand, the draw pile, the
kitty before it is shown, a face-down Goita piece. Hidden cards are read from the engine's state,
in each game's notation (docs/notation.md; Go-Stop's text uses the Korean numbering).

It complements the differential test of issue 24 (``test_public_differential.py``), which deals
the hidden cards again under the same public view and requires every public payload to stay the
same: that one proves the builders read nothing but the public view and the events; this one
checks the events' narration itself names no card that is still hidden.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import random
import re
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cogs.table import cards, messages, render_pool, spectators
from cogs.table.model import Seat, Table
from engine.doudizhu.cards import CARDS as DDZ_CARDS
from engine.doudizhu.cards import Card as DdzCard
from engine.goita.state import HIDDEN
from engine.hanafuda.cards import CARDS as HANAFUDA
from engine.hanafuda.cards import Card as HanafudaCard
from engine.hanafuda.gostop.cards import card_str
from engine.hanafuda.gostop.notation import to_player
from tests.typed import unchecked
from tsuki.bot import game_specs

MATCHES = 200
SPECTATOR = 999  # a user id with no seat
SPECS = game_specs()
# Short matches (a round or a hand, a low target) so that 200 of them take a few seconds.
RULES: dict[str, tuple[int, dict[str, Any]]] = {
    "koikoi": (2, {"rounds": 1}),
    "roppyakken": (3, {"target": 50}),
    "gostop": (3, {"rounds": 1}),
    "doudizhu": (3, {"hands": 1}),
    "goita": (4, {"target_score": 5}),
}
HANAFUDA_ID = re.compile(r"(?<![0-9A-Za-z])(?:1[0-2]|[1-9])[a-d](?![0-9A-Za-z])|J2b|J2|J3")
DOUDIZHU_ID = re.compile(r"(?<![0-9A-Za-z])[3-9TJQKA2][shdc](?![0-9A-Za-z])")
SKIPPED_FIELDS = {"history", "rules"}  # rounds already over (all revealed), and the options


def bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def hidden_ids(game: str, state: Any) -> set[str]:
    """Every card id nobody may see publicly now, in the notation the game's texts use."""
    if game in ("koikoi", "roppyakken"):
        held = {str(HANAFUDA[c]) for mask in state.hands for c in bits(mask)}
        shown = set()  # Roppyakken's teyaku are shown at the deal (RULINGS): public
        for items in getattr(state, "teyaku", ()):
            shown |= {str(c) for item in items for c in item.cards}
        return (held - shown) | {str(c) for c in state.pile[state.pile_pos :]}
    if game == "gostop":
        cards = [c for mask in state.hands for c in bits(mask)] + list(state.pile[state.pile_pos :])
        return {card_str(c) for c in cards}
    if game == "doudizhu":
        unseen = {c for mask in state.masks for c in bits(mask)}
        if state.landlord < 0:  # the kitty is shown once someone is landlord (then held: still public)
            unseen |= set(state.kitty)
        else:
            unseen -= set(state.kitty)
        unseen.discard(state.face_up)  # the card turned up before the deal is seen by everyone
        return {str(DDZ_CARDS[c]) for c in unseen}
    return set()


def text_ids(game: str, text: str) -> set[str]:
    """Card ids named in a text a player reads."""
    if game == "doudizhu":
        return set(DOUDIZHU_ID.findall(text))
    found = set(HANAFUDA_ID.findall(text))
    return {to_player(c) for c in found} if game == "gostop" else found  # the swap is its own inverse


SCALARS = (int, float, bool, type(None), enum.Enum)


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(kind) if f.name not in SKIPPED_FIELDS)


def view_ids(game: str, value: Any, memo: dict[int, Any] | None = None) -> set[str]:
    """Card ids held anywhere in a view (cards as objects, or as notation strings).

    ``memo`` remembers the ids under each tuple already walked (views of successive moves share
    their long tuples: a hand's tricks); it keeps the tuples alive so their ids stay theirs."""
    pattern = DOUDIZHU_ID if game == "doudizhu" else HANAFUDA_ID
    memo = {} if memo is None else memo

    def walk(v: Any) -> set[str]:
        kind: type = type(v)
        if kind is HanafudaCard or kind is DdzCard:
            return {str(v)}
        if kind is str:
            return set(pattern.findall(v))
        if isinstance(v, SCALARS):
            return set()
        if kind is tuple or kind is list or kind is frozenset or kind is set:
            hit = memo.get(id(v))
            if hit is not None and hit[0] is v:
                return hit[1]
            found = set().union(*(walk(item) for item in v)) if v else set()
            memo[id(v)] = (v, found)
            return found
        if dataclasses.is_dataclass(v):
            return set().union(*(walk(getattr(v, name)) for name in _field_names(kind)))
        if kind is dict:
            return set().union(*(walk(item) for item in v.values()))
        return set()

    return walk(value)


NEW_DEAL = {"RoundStarted", "HandStarted", "Redealt"}
SHOWING = {"Shaken"}  # Go-Stop's 흔들: the three cards of a month are shown to everyone


def split_at_deal(events: tuple[Any, ...]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """A move's events before a new deal (the round it ended) and from the deal on."""
    for i, e in enumerate(events):
        if type(e).__name__ in NEW_DEAL:
            return events[:i], events[i:]
    return events, ()


def goita_public_leaks(state: Any, view: Any, events: Any) -> list[str]:
    """Goita's pieces are not unique, so its check is on shape: no hand, every face-down piece
    shown without its kind, and no face-down piece named in an event."""
    leaks = []
    if view.hand is not None:
        leaks.append("the public view holds a hand")
    for seat, row in enumerate(state.laid):
        for slot, code in enumerate(row):
            shown = view.tables[seat][slot]
            if code >= HIDDEN and shown.piece is not None:
                leaks.append(f"seat {seat}'s face-down piece {slot} shows as {shown.piece}")
    for e in events:
        if getattr(e, "role", None) == "down" and getattr(e, "piece", None) is not None:
            leaks.append(f"a face-down piece is named in {e!r}")
    return leaks


class RecordingSpec:
    """The game's spec, but its table renderer records the view it is given instead of drawing."""

    def __init__(self, spec: Any) -> None:
        self._spec = spec
        self.drawn: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._spec, name)

    def render_table(self, view: Any, names: Any, locale: str) -> bytes:
        self.drawn.append(view)
        return b""


def board_table(game: str, spec: RecordingSpec, rules: Any, seats: int) -> Table:
    table = Table(
        id=1,
        game=game,
        spec=unchecked(spec),  # a stand-in: the game's spec, recording the views drawn
        guild_id=1,
        channel_id=1,
        host_id=1,
        rules=rules,
        options={"seats": seats},
        locale="en",
        turn_timeout=300.0,
    )
    table.seats = [Seat(i, None, f"CPU {i + 1}") for i in range(seats)]
    table.status = "active"
    return table


def payload_text(payload: dict[str, Any]) -> str:
    """Everything a post shows as text: its content, or a card's text displays, and every button
    label and custom_id (inside a card's rows too)."""
    parts = [payload.get("content") or ""]
    view = payload.get("view")
    for item in cards.walk(getattr(view, "children", [])):
        parts += [str(getattr(item, "content", "") or "")]
        parts += [str(getattr(item, "label", "") or ""), str(getattr(item, "custom_id", "") or "")]
    return "\n".join(parts)


async def play_and_check(game: str, seed: int, check: Callable[[str], None]) -> None:
    seats, options = RULES[game]
    spec = RecordingSpec(SPECS[game])
    engine = spec.engine
    rules = engine.rules_from(None, options)
    names = [f"CPU {i + 1}" for i in range(seats)]
    rng = random.Random(seed)
    state, events = engine.begin(seats, rules, seed)
    table = board_table(game, spec, rules, seats)
    before = state
    memo: dict[int, Any] = {}
    shown: set[str] = set()  # cards a seat showed (a Go-Stop shake) stay public while held
    for move in range(2000):
        public = engine.view(state, None)
        old, new = split_at_deal(events)
        if new:
            shown = set()
        for e in events:
            if type(e).__name__ in SHOWING:
                shown |= view_ids(game, e)
        # What the move did in the round it ended is checked against what was hidden then, less
        # what the move itself showed (the card played, the card drawn); news of a new deal
        # against what is hidden now. Cards are dealt again each round, so ids repeat.
        old_lines, new_lines = spec.narrate(old, names, "en"), spec.narrate(new, names, "en")
        table.state, table.seq = state, move
        spec.drawn.clear()
        payload = await messages.board_message(table, table.public_view(), [], old_lines + new_lines, [])
        watched = await spectators.view_message(table, SPECTATOR, "en")  # a spectator's private view
        if game == "goita":
            for leak in goita_public_leaks(state, public, events):
                check(f"{game} seed {seed} move {move}: {leak}")
            for drawn in spec.drawn:
                for leak in goita_public_leaks(state, drawn, ()):
                    check(f"{game} seed {seed} move {move}, table image: {leak}")
        else:
            now_hidden = hidden_ids(game, state) - shown
            then_hidden = (
                hidden_ids(game, before) - view_ids(game, old) if new else hidden_ids(game, before) - shown
            )
            if not new:
                then_hidden &= now_hidden
            rest = payload_text(payload) + "\n" + payload_text(watched)
            for line in old_lines:
                rest = rest.replace(line, "")
            for label, named, hidden in [
                ("narration", text_ids(game, "\n".join(old_lines)), then_hidden),
                ("board", text_ids(game, rest), now_hidden),
            ]:
                if named & hidden:
                    check(
                        f"{game} seed {seed} move {move}: the {label} names hidden {sorted(named & hidden)}"
                    )
            drawn = [d for d in spec.drawn if d != public]  # the same view twice: checked once
            for label, view in [("public view", public), *(("table image's view", d) for d in drawn)]:
                leaked = view_ids(game, view, memo) & now_hidden
                if leaked:
                    check(f"{game} seed {seed} move {move}: the {label} holds hidden {sorted(leaked)}")
        assert spec.drawn, "the board draws the table from a view"
        if engine.outcome(state) is not None:
            return
        before = state
        state, events = engine.apply(state, rng.choice(engine.legal_actions(state)))
    raise AssertionError(f"{game} seed {seed}: no end after 2000 moves")


async def _in_place(function: Callable[..., Any], *args: Any) -> Any:
    return function(*args)


@pytest.mark.parametrize("game", list(RULES))
async def test_no_hidden_card_in_any_public_payload(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The recorder draws nothing: no worker thread needed (thousands of hops would cost seconds).
    monkeypatch.setattr(render_pool, "in_thread", _in_place)
    monkeypatch.setattr(spectators, "asyncio", types.SimpleNamespace(to_thread=_in_place))
    leaks: list[str] = []
    for seed in range(MATCHES):
        await play_and_check(game, seed, leaks.append)
        assert not leaks, "\n".join(leaks[:10])


def test_the_detectors_see_a_leak() -> None:
    """The checks above would fail on a leak: a hand card named in a text, a hand in a view."""
    engine = SPECS["koikoi"].engine
    state, _ = engine.begin(2, engine.rules_from(None, {"rounds": 1}), 3)
    hidden = hidden_ids("koikoi", state)
    own = engine.view(state, 0)
    assert {str(c) for c in own.hand} <= hidden
    assert view_ids("koikoi", own) & hidden, "a seat's own view holds hidden cards (its hand)"
    card = next(iter(hidden))
    assert text_ids("koikoi", f"CPU 1 plays {card}.") == {card}
    assert not view_ids("koikoi", engine.view(state, None)) & hidden
