"""Issue 24: nothing public depends on a hidden card: the differential leak test.

At every point of seeded matches of the five games and Goita's memory mode (random legal play),
a second state is built with the same public view but the hidden cards dealt differently (the
unseen cards shuffled among the hidden places: hands, the pile, the kitty, face-down pieces;
``tests/cogs/hidden_cards.py``). It is checked first that ``view(other, None) == view(state,
None)``; then every public payload the bot builds (``tests/cogs/public_payloads.py``: the board
with the move's narration and images, its edits, the results, the turn ping and warning, a
spectator's view, the lobby, a forfeit line, the round's log) must be identical for the two:
texts, embeds, component labels and custom_ids, image bytes.

Auto-pass (issue 28): the seats have it on, so the turn ping is also built while a turn's
auto-pass window holds it, and wherever the seat to act may pass, its pass is posted as the table
makes it when forced and as a click when not (:func:`compare_passes`): the seeded matches meet
points where one deal forces the pass and the other does not, and both posts must be the same.

The matches reach the moments where a seat's private prompt says most (the test asserts each was
met): a Go-Stop seat that may shake or bomb, a Goita seat that cannot block (its only move is a
pass) or may ask for a redeal, the Koi-Koi koi-koi decision, Dou Dizhu's bidding, round ends and
the match's end. Before the fix the turn ping quoted the acting seat's hand prompt ("You hold
three cards of a month: you may shake…", "you cannot block it: pass"); this test failed on it.

Drawings: the renderers are pure (an image is a function of its arguments), so at each point
each distinct drawing is made once and reused (the second state's images cost nothing when their
arguments are equal, and differ when they are not). Real PNG bytes are compared at every notable moment
and every few moves; between those, a drawing is stood in for by a token unique to its
arguments, so the check stays on what each image is drawn from and the test runs in seconds.
"""

from __future__ import annotations

import collections
import random
from typing import Any

import pytest

import store
from cogs.replay.timeline import Frame, round_of
from cogs.table import autopass
from cogs.table.model import Pending
from tests.cogs.hidden_cards import reshuffle_hidden
from tests.cogs.public_payloads import (
    PUBLIC_PAYLOADS,
    Moment,
    at_moment,
    first_difference,
    make_table,
    normalise,
    passed_board,
)
from tests.typed import unchecked
from tsuki.bot import game_specs

SPECS = game_specs()
LOCALES = ("en", "fr", "ja", "ko", "zh-CN", "zh-TW")
# game: (rule options for short matches, its matches as (seats, seed)). The seeds are ones whose
# random play meets every moment in REQUIRED (asserted below: a change of the deals shows).
MATCHES: dict[str, tuple[dict[str, Any], tuple[tuple[int, int], ...]]] = {
    "koikoi": ({"rounds": 2}, ((2, 0), (2, 3))),
    "roppyakken": ({"target": 50}, ((3, 0), (3, 1), (2, 2))),
    "gostop": ({"rounds": 1}, ((2, 18), (2, 26), (3, 29))),
    "doudizhu": ({"hands": 1}, ((3, 0), (3, 1))),
    "goita": ({"target_score": 5}, ((4, 0), (4, 8), (2, 1))),
    "goita_solo": ({}, ((1, 0), (2, 1))),
}
REQUIRED: dict[str, set[str]] = {
    "koikoi": {"koi-koi decision", "round end", "match end"},
    "roppyakken": {"round end", "match end"},
    "gostop": {"may shake", "may bomb", "go or stop", "round end", "match end"},
    "doudizhu": {"bidding", "round end", "match end", "forced vs chosen pass"},
    "goita": {"redeal", "cannot block", "round end", "match end", "forced vs chosen pass"},
    "goita_solo": {"discard", "match end"},
}
REAL_DRAWING_EVERY = 6  # real PNG bytes at every notable moment and every 6th move
MOVES_AT_MOST = 2000


def situations(game: str, engine: Any, state: Any, events: tuple[Any, ...], finished: bool) -> set[str]:
    """The notable moments ``state`` is at (what the acting seat's private prompt would tell)."""
    found = set()
    kinds = {type(e).__name__ for e in events}
    if kinds & {"RoundEnded", "HandEnded"}:
        found.add("round end")
    if finished:
        found.add("match end")
        return found
    phase = engine.view(state, None).phase
    phase = getattr(phase, "value", phase)
    moves = {type(a).__name__ for a in engine.legal_actions(state)}
    if game == "koikoi" and phase == "decide":
        found.add("koi-koi decision")
    if game == "gostop" and "Shake" in moves:
        found.add("may shake")
    if game == "gostop" and "Bomb" in moves:
        found.add("may bomb")
    if game == "gostop" and phase == "decide":
        found.add("go or stop")
    if game == "doudizhu" and phase == "bid":
        found.add("bidding")
    if game == "goita" and phase in ("ask", "consent"):
        found.add("redeal")
    if game == "goita" and phase == "respond" and moves == {"Pass"}:
        found.add("cannot block")
    if game == "goita_solo" and phase == "discard":
        found.add("discard")
    return found


class Drawings:
    """The game's spec, its drawings made once per distinct arguments (see the module's doc)."""

    def __init__(self, spec: Any) -> None:
        self._spec = spec
        self.real = True
        self._made: dict[Any, Any] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self._spec, name)

    def next_point(self, *, real: bool) -> None:
        """A new point of the match: its drawings real or stood in for; the last point's dropped
        (a point's two states share their drawings; memory stays small)."""
        self.real = real
        self._made.clear()

    def _draw(self, method: str, args: tuple[Any, ...]) -> Any:
        key = (method, self.real or method == "event_images", args)
        if key not in self._made:
            if key[1]:
                self._made[key] = getattr(self._spec, method)(*args)
            else:
                self._made[key] = b"stand-in drawing %d" % len(self._made)
        return self._made[key]

    def render_table(self, *args: Any) -> bytes:
        return self._draw("render_table", args)

    def render_hand(self, view: Any, locale: str, owner: str | None = None) -> bytes:
        return self._draw("render_hand", (view, locale, owner))

    def event_images(self, *args: Any) -> Any:
        return self._draw("event_images", args)


async def compare_match(
    game: str, seats: int, seed: int, locale: str, drawings: Drawings, met: collections.Counter[str]
) -> list[str]:
    """Play one seeded match at random; at each point compare every public payload of the state
    and of the same state dealt differently. Returns the differences found."""
    options = MATCHES[game][0]
    engine = drawings.engine
    rules = engine.rules_from(None, options)
    state, events = engine.begin(seats, rules, seed)
    batch = (Pending(-1, 0, tuple(events), "cpu"),)  # the deal, as the announcer narrates it
    frames = [Frame(0, state, state, tuple(events), None, round_of(unchecked(drawings), state))]  # the log's
    table = make_table(game, drawings, rules, seats, locale)
    play, deal = random.Random(seed), random.Random(f"other deal {game} {seed}")
    differences: list[str] = []
    for move in range(MOVES_AT_MOST):
        finished = engine.outcome(state) is not None
        moment = Moment(game, move, batch, finished, tuple(frames))
        notable = situations(game, engine, state, moment.events, finished)
        met.update(notable)
        drawings.next_point(real=bool(notable) or move % REAL_DRAWING_EVERY == 0)
        other = reshuffle_hidden(game, state, deal)
        assert engine.view(other, None) == engine.view(state, None), "the reshuffle kept the public view"
        seat = engine.to_act(state)
        if seat is not None and engine.view(other, seat) != engine.view(state, seat):
            met["a seat's own view differs"] += 1
        for name, build in PUBLIC_PAYLOADS.items():
            mine = normalise(await build(at_moment(table, state, moment), moment))
            theirs = normalise(await build(at_moment(table, other, moment), moment))
            if mine != theirs:
                where = f"{game} {seats} seats seed {seed} ({locale}) move {move} {sorted(notable)}"
                differences.append(f"{where}: the {name} differs at {first_difference(mine, theirs)}")
        if not finished and seat is not None:
            differences += await compare_passes(table, state, other, moment, met)
        if finished:
            met["matches"] += 1
            return differences
        by = "timeout" if move % 7 == 3 else "human"  # a time-out line now and then
        action = play.choice(engine.legal_actions(state))
        before, (state, events) = state, engine.apply(state, action)
        batch = (Pending(move, seat if seat is not None else 0, tuple(events), by),)
        stored = store.ActionRow(42, move, seat if seat is not None else 0, str(action), by != "human", "")
        frames.append(
            Frame(move + 1, state, before, tuple(events), stored, round_of(unchecked(drawings), before))
        )
    raise AssertionError(f"{game} seed {seed}: no end after {MOVES_AT_MOST} moves")


async def compare_passes(
    table: Any, state: Any, other: Any, moment: Moment, met: collections.Counter[str]
) -> list[str]:
    """Issue 28: where the seat to act may pass, its pass posted as the table makes it when it
    is forced (auto-pass) and as a click when the seat had a choice must read the same, with
    the same images: here one deal forces it and the other may not (or the other way round)."""
    engine = table.spec.engine
    passes = [a for a in engine.legal_actions(state) if engine.is_pass is not None and engine.is_pass(a)]
    if not passes:
        return []
    forced = engine.forced_pass(engine.legal_actions(state)) is not None
    other_forced = engine.forced_pass(engine.legal_actions(other)) is not None
    if forced != other_forced:
        met["forced vs chosen pass"] += 1
    elif moment.move % REAL_DRAWING_EVERY:
        return []  # (both forced or both free: the ordinary payloads cover them)
    mine = normalise(await passed_board(table, state, moment, passes[0], autopass.BY if forced else "human"))
    theirs = normalise(
        await passed_board(table, other, moment, passes[0], autopass.BY if other_forced else "human")
    )
    if mine == theirs:
        return []
    where = f"{moment.game} seed move {moment.move} (forced {forced} vs {other_forced})"
    return [f"{where}: the pass's board post differs at {first_difference(mine, theirs)}"]


@pytest.mark.usefixtures("auto_pass")  # the seats have auto-pass on (its window holds the ping)
@pytest.mark.parametrize("game", list(MATCHES))
async def test_public_payloads_do_not_depend_on_hidden_cards(game: str) -> None:
    drawings = Drawings(SPECS[game])
    met: collections.Counter[str] = collections.Counter()
    differences: list[str] = []
    offset = list(MATCHES).index(game)
    for i, (seats, seed) in enumerate(MATCHES[game][1]):
        locale = LOCALES[(offset + i) % len(LOCALES)]
        differences += await compare_match(game, seats, seed, locale, drawings, met)
    assert not differences, f"{len(differences)} public payloads differ:\n" + "\n".join(differences[:12])
    assert met["matches"] == len(MATCHES[game][1])
    missing = REQUIRED[game] - set(met)
    assert not missing, f"{game}: the seeded matches never met {sorted(missing)}; choose other seeds"
    if game != "goita_solo":  # (the memory mode has no hands: a seat sees what everyone sees)
        assert met["a seat's own view differs"], "the other deal changed what the seats hold"
