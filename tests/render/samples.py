"""Representative images of every kind, for every game: the legibility test, the bench and the
README screenshots draw from here. Every kind: tables, hands, round sheets, summaries, the rules
cards, the leaderboard / profile / history cards, replay frames and animated replays.

Each entry renders one PNG. Positions come from the synthetic Koi-Koi views of
:mod:`tests.render.factory` and from seeded random playouts of the other engines (a few hundred
moves at most, cached), plus a few crowded synthetic positions (long names, French, full piles)
that push the layouts to their limits. The playouts and names are
:mod:`tests.render.sample_playouts`'s, the images every game shares
:mod:`tests.render.samples_shared`'s (their names importable from here too).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from typing import Any

import engine.goita as gt
from engine.doudizhu import ENGINE as DOUDIZHU
from engine.doudizhu.types import HandEnded
from engine.doudizhu.types import Phase as DPhase
from engine.goita import memory as gm
from engine.hanafuda.cards import CARDS, Kind, cards
from engine.hanafuda.gostop import RoundEnded as GRoundEnded
from engine.hanafuda.koikoi.types import LastMove as KLastMove
from engine.hanafuda.koikoi.types import YakuScore
from engine.hanafuda.roppyakken import ENGINE as ROPPYAKKEN
from engine.hanafuda.roppyakken import Item, SeatScore
from engine.hanafuda.roppyakken import LastMove as RLastMove
from render import doudizhu as dd
from render import goita as go
from render.hanafuda import gostop as gs
from render.hanafuda import koikoi as kk
from render.hanafuda import roppyakken as rp
from tests.render.factory import NAMES, random_result, random_view, sample_result, showcase_view
from tests.render.sample_playouts import _ENGINES as _ENGINES
from tests.render.sample_playouts import LONG as LONG
from tests.render.sample_playouts import PLAYERS as PLAYERS
from tests.render.sample_playouts import RATED as RATED
from tests.render.sample_playouts import Render as Render
from tests.render.sample_playouts import _after as _after
from tests.render.sample_playouts import _view as _view
from tests.render.sample_playouts import playout as playout
from tests.render.samples_shared import REPLAYS as REPLAYS
from tests.render.samples_shared import _scaled as _scaled
from tests.render.samples_shared import _width as _width
from tests.render.samples_shared import animated_replay as animated_replay
from tests.render.samples_shared import replay_frame as replay_frame
from tests.render.samples_shared import shared as shared

# --- Koi-Koi ---------------------------------------------------------------------------------


def _koikoi_crowded() -> Any:
    chaff = tuple(c for c in CARDS if c.kind is Kind.CHAFF)
    others = tuple(c for c in CARDS if c.kind is not Kind.CHAFF)
    yaku = tuple(YakuScore(y, 9, chaff[:3]) for y in ("goko", "inoshikacho", "akatan_aotan", "kasu", "tane"))
    return dataclasses.replace(
        random_view(2),
        field=others[:16],
        captured=(chaff, others[16:]),
        yaku=(yaku, yaku[:2]),
        hand_counts=(8, 8),
        draw_pile=24,
        koikoi_calls=(3, 12),
        scores=(123, 45),
        last_move=KLastMove(0, chaff[0], chaff[1:4], others[0], others[1:4]),
    )


def koikoi() -> Iterator[tuple[str, Render]]:
    history = tuple(dataclasses.replace(random_result(s), round_no=s + 1) for s in range(12))
    yield "koikoi/table", lambda: kk.render_table(showcase_view(), names=NAMES)
    yield "koikoi/table_fr_crowded", lambda: kk.render_table(_koikoi_crowded(), names=LONG[:2], locale="fr")
    yield "koikoi/table_random", lambda: kk.render_table(random_view(5), names=NAMES)
    yield "koikoi/hand", lambda: kk.render_hand(showcase_view(seat=1))
    yield "koikoi/hand_fr_waiting", lambda: kk.render_hand(showcase_view(seat=0), locale="fr")
    yield "koikoi/round_sheet", lambda: kk.render_round_sheet(sample_result(), names=NAMES, scores=(40, 9))
    yield (
        "koikoi/round_sheet_fr_draw",
        lambda: kk.render_round_sheet(sample_result(None, "draw"), names=NAMES, scores=(0, 0), locale="fr"),
    )
    yield "koikoi/summary", lambda: kk.render_match_summary(history, names=NAMES, scores=(30, 12))
    yield (
        "koikoi/summary_rated_fr",
        lambda: kk.render_match_summary(
            history, names=NAMES, scores=(30, 12), locale="fr", ratings=RATED[:2]
        ),
    )


# --- Roppyakken ------------------------------------------------------------------------------


def _roppyakken_crowded() -> Any:
    v = roppyakken_view(3)
    half = len(CARDS) // 2
    yaku = tuple(Item(n, 100, cards("1a 3a 8a")) for n in ("shiko", "nanatan", "teppo", "aotan"))
    teyaku = (Item("tesan", 200, cards("4a 4b 4c")),)
    big = SeatScore((Item("lights", 300, cards("1a 2a 3a 8a 11a 12a")),), yaku, teyaku, 990)
    return dataclasses.replace(
        v,
        field=CARDS[:12],
        captured=(CARDS[20 : half + 10], CARDS[half + 10 :], CARDS[12:20]),
        hand_counts=(8, 8, 8),
        draw_pile=30,
        scores=(1234, 599, 0),
        running=(big, big, SeatScore((), (), teyaku, 600)),
        last_move=RLastMove(0, CARDS[0], CARDS[1:4], CARDS[5], CARDS[6:9]),
    )


def roppyakken_view(seats: int, seat: str = "acting") -> Any:
    return _view("roppyakken", seats, 8, _after(37 if seats == 3 else 20), seat)


def roppyakken() -> Iterator[tuple[str, Render]]:
    states, _ = playout("roppyakken", 3, 8)
    over = ROPPYAKKEN.view(states[-1], None)
    history, scores = over.history if hasattr(over, "history") else (), over.scores
    yield "roppyakken/table_3p", lambda: rp.render_table(roppyakken_view(3, "spectator"), names=PLAYERS[:3])
    yield "roppyakken/table_2p", lambda: rp.render_table(roppyakken_view(2), names=PLAYERS[:2])
    yield (
        "roppyakken/table_fr_crowded",
        lambda: rp.render_table(_roppyakken_crowded(), names=LONG[:3], locale="fr"),
    )
    yield "roppyakken/hand", lambda: rp.render_hand(roppyakken_view(3))
    yield "roppyakken/hand_fr", lambda: rp.render_hand(roppyakken_view(2), locale="fr")
    results = _roppyakken_results()
    yield (
        "roppyakken/round_sheet",
        lambda: rp.render_round_sheet(results[-1], names=PLAYERS[:3], scores=scores),
    )
    yield (
        "roppyakken/round_sheet_fr",
        lambda: rp.render_round_sheet(results[0], names=LONG[:3], scores=scores, locale="fr"),
    )
    yield "roppyakken/summary", lambda: rp.render_match_summary(results, names=PLAYERS[:3], scores=scores)
    yield (
        "roppyakken/summary_rated",
        lambda: rp.render_match_summary(results, names=PLAYERS[:3], scores=scores, ratings=RATED[:3]),
    )
    del history


def _roppyakken_results() -> tuple[Any, ...]:
    states, _ = playout("roppyakken", 3, 8)
    return tuple(states[-1].history)


# --- Go-Stop ---------------------------------------------------------------------------------


def gostop_view(seats: int, seat: str = "acting", test: Callable[[Any], bool] | None = None) -> Any:
    return _view("gostop", seats, 3, test or _after(25), seat)


def gostop() -> Iterator[tuple[str, Render]]:
    _, events = playout("gostop", 3, 5)
    ended = [e for e in events if isinstance(e, GRoundEnded)]
    history = tuple(e.result for e in ended)
    big = max(ended, key=lambda e: len(e.result.payments) + len(e.result.items))
    crowded = dataclasses.replace(
        gostop_view(3),
        field=tuple(f"{m}{s}" for m in range(1, 5) for s in "abc"),
        stacks=(2,),
        pot=((3, ("J2", "J3")),),
        gos=(2, 0, 1),
        seolsa=(1, 0, 0),
        shakes=(1, 0, 0),
        stolen=(0, 2, 0),
        captured=(
            ("5a", "6a", "7b", "1c", "1d", "2d", "5c", "6c", "6d", "7c", "8c", "9c", "9d", "10c"),
            ("8a", "8b", "4c", "4d", "J2", "J2b", "J3"),
            ("12a", "12b", "12c", "12d", "11c", "11d"),
        ),
    )
    yield "gostop/table_3p", lambda: gs.render_table(gostop_view(3, "spectator"), names=PLAYERS[:3])
    yield "gostop/table_2p", lambda: gs.render_table(gostop_view(2), names=PLAYERS[:2])
    yield "gostop/table_late", lambda: gs.render_table(gostop_view(3, test=_after(60)), names=PLAYERS[:3])
    yield "gostop/table_fr_crowded", lambda: gs.render_table(crowded, names=LONG[:3], locale="fr")
    yield "gostop/hand", lambda: gs.render_hand(gostop_view(3))
    yield (
        "gostop/hand_fr_moves",
        lambda: gs.render_hand(
            dataclasses.replace(gostop_view(2), hand=("1a", "J2", "J3", "11d", "3a", "3b", "3c")), locale="fr"
        ),
    )
    yield (
        "gostop/round_sheet",
        lambda: gs.render_round_sheet(big.result, names=PLAYERS[:3], scores=big.scores),
    )
    yield (
        "gostop/round_sheet_fr",
        lambda: gs.render_round_sheet(big.result, names=LONG[:3], scores=big.scores, locale="fr"),
    )
    yield (
        "gostop/summary",
        lambda: gs.render_match_summary(history, names=PLAYERS[:3], scores=ended[-1].scores),
    )
    yield (
        "gostop/summary_rated_fr",
        lambda: gs.render_match_summary(
            history, names=LONG[:3], scores=ended[-1].scores, locale="fr", ratings=RATED[1:4]
        ),
    )


# --- Dou Dizhu -------------------------------------------------------------------------------


def doudizhu_view(test: Callable[[Any], bool], seat: str = "acting") -> Any:
    return _view("doudizhu", 3, 1, test, seat)


def _dd_mid(v: Any) -> bool:
    return (
        v.phase is DPhase.PLAY
        and len(v.tricks) >= 2
        and any(p.move is None for p in v.trick)
        and (v.trick[-1].move is not None)
    )


def doudizhu() -> Iterator[tuple[str, Render]]:
    _, events = playout("doudizhu", 3, 1)
    ended = [e for e in events if isinstance(e, HandEnded)]
    states, _ = playout("doudizhu", 3, 1)
    final = DOUDIZHU.view(states[-1], None)
    bidding = doudizhu_view(lambda v: v.phase is DPhase.BID and len(v.bids) == 1)
    yield "doudizhu/table", lambda: dd.render_table(doudizhu_view(_dd_mid, "spectator"), names=PLAYERS[:3])
    yield "doudizhu/table_bid", lambda: dd.render_table(bidding, names=PLAYERS[:3])
    yield (
        "doudizhu/table_fr_long",
        lambda: dd.render_table(doudizhu_view(_dd_mid), names=LONG[:3], locale="fr"),
    )
    yield (
        "doudizhu/table_last_trick",
        lambda: dd.render_table(
            doudizhu_view(lambda v: v.phase is DPhase.PLAY and not v.trick and len(v.tricks) > 2),
            names=PLAYERS[:3],
        ),
    )
    yield "doudizhu/hand", lambda: dd.render_hand(doudizhu_view(_dd_mid))
    yield "doudizhu/hand_fr_bid", lambda: dd.render_hand(bidding, locale="fr")
    yield (
        "doudizhu/round_sheet",
        lambda: dd.render_round_sheet(ended[0].result, names=PLAYERS[:3], scores=ended[0].scores),
    )
    yield (
        "doudizhu/round_sheet_fr",
        lambda: dd.render_round_sheet(ended[-1].result, names=LONG[:3], scores=ended[-1].scores, locale="fr"),
    )
    yield (
        "doudizhu/summary",
        lambda: dd.render_match_summary(final.history, names=PLAYERS[:3], scores=final.scores, winners=(0,)),
    )
    yield (
        "doudizhu/summary_rated",
        lambda: dd.render_match_summary(
            final.history,
            names=PLAYERS[:3],
            scores=final.scores,
            winners=(0,),
            ratings=(*RATED[:2], RATED[3]),
        ),
    )


# --- Goita -----------------------------------------------------------------------------------


def _goita_mid(v: Any) -> bool:
    return (
        v.phase is gt.Phase.RESPOND
        and any(not x.face_up for row in v.tables for x in row)
        and sum(len(row) for row in v.tables) >= 6
    )


def goita_view(seats: int, seat: str = "acting") -> Any:
    return _view("goita", seats, 2, _goita_mid, seat)


def memory_view(seats: int, turns: int) -> Any:
    states, _ = playout("memory", seats, 7)
    s = states[min(turns, len(states) - 1)]
    return gm.view(s, 0)


def goita() -> Iterator[tuple[str, Render]]:
    states, events = playout("goita", 4, 2)
    ended = [e for e in events if isinstance(e, gt.RoundEnded)]
    outcome = gt.outcome(states[-1])
    winners = outcome.winners if outcome is not None else ()
    yield "goita/table_4p", lambda: go.render_table(goita_view(4, "spectator"), names=PLAYERS)
    yield "goita/table_3p", lambda: go.render_table(goita_view(3), names=PLAYERS[:3])
    yield "goita/table_2p_fr", lambda: go.render_table(goita_view(2), names=LONG[:2], locale="fr")
    yield "goita/hand", lambda: go.render_hand(goita_view(4))
    yield "goita/hand_fr", lambda: go.render_hand(goita_view(3), locale="fr")
    yield (
        "goita/round_sheet",
        lambda: go.render_round_sheet(ended[-1].result, names=PLAYERS, scores=ended[-1].scores),
    )
    yield (
        "goita/round_sheet_fr",
        lambda: go.render_round_sheet(ended[0].result, names=LONG, scores=ended[0].scores, locale="fr"),
    )
    yield (
        "goita/summary",
        lambda: go.render_match_summary(
            states[-1].history, names=PLAYERS, scores=states[-1].scores, winners=winners
        ),
    )
    yield (
        "goita/summary_rated_fr",
        lambda: go.render_match_summary(
            states[-1].history,
            names=LONG,
            scores=states[-1].scores,
            winners=winners,
            locale="fr",
            ratings=RATED,
        ),
    )
    yield "goita/memory", lambda: go.render_memory(memory_view(1, 40), names=PLAYERS[:1])
    yield "goita/memory_fr_coop", lambda: go.render_memory(memory_view(3, 15), names=LONG[:3], locale="fr")


# --- Sub-choices: the hand with the drawn, flipped or played card and its candidates ----------


def acting_view(name: str, seats: int, test: Callable[[Any], bool]) -> Any:
    """The first acting seat's view (seeded playouts, seeds 1-39) that passes ``test``."""
    eng = _ENGINES[name]
    for seed in range(1, 40):
        for state in playout(name, seats, seed)[0]:
            seat = eng.to_act(state)
            if seat is not None and test(view := eng.view(state, seat)):
                return view
    raise LookupError(f"no {name} position found")


def _two_targets(view: Any) -> Any:
    """The hand card of a play with a target (it matches two field cards), or None."""
    return next((a.card for a in view.legal_actions if getattr(a, "target", None) is not None), None)


def sub_choices() -> Iterator[tuple[str, Render]]:
    yield (
        "koikoi/hand_played_choice",
        lambda: kk.render_hand(v := acting_view("koikoi", 2, _two_targets), played=_two_targets(v)),
    )
    yield (
        "roppyakken/hand_draw_choice_fr",
        lambda: rp.render_hand(
            acting_view(
                "roppyakken", 3, lambda v: v.phase.name == "DRAW_CHOICE" and len(v.legal_actions) > 1
            ),
            locale="fr",
        ),
    )
    yield (
        "gostop/hand_flip_choice",
        lambda: gs.render_hand(acting_view("gostop", 3, lambda v: v.phase.name == "FLIP_CHOICE")),
    )


def all_images() -> dict[str, Render]:
    """Every sample image, by name (``game/kind``)."""
    return dict(
        item for gen in (koikoi, roppyakken, gostop, doudizhu, goita, sub_choices, shared) for item in gen()
    )
