"""Every image kind of every game at fixed, seeded positions, for the pixel goldens.

:mod:`tests.render.samples` holds the showcase images (crowded layouts, French, rated summaries);
this adds, per game, the first positions of every phase a seeded match goes through (sub-choices:
Koi-Koi's draw choice and koi-koi call, Go-Stop's flip choice, go/stop and claims, Dou Dizhu's
bidding, Goita's attack and block), drawn as the public table, the acting seat's table and hand,
and a waiting seat's hand; each game's images in the other locales (their regional CJK faces);
the rating cards, the rules cards in every locale, and replay images (a composed frame, the
frames of an animation).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache, partial
from typing import Any

from engine.core import GameEngine
from engine.doudizhu import ENGINE as DOUDIZHU
from engine.goita import ENGINE as GOITA
from engine.hanafuda.gostop import ENGINE as GOSTOP
from engine.hanafuda.koikoi import ENGINE as KOIKOI
from engine.hanafuda.roppyakken import ENGINE as ROPPYAKKEN
from render import doudizhu as dd
from render import goita as go
from render import replay
from render.cards import render_leaderboard, render_profile
from render.cards.history import render_history
from render.hanafuda import gostop as gs
from render.hanafuda import koikoi as kk
from render.hanafuda import roppyakken as rp
from render.rules_card import GAMES, render_rules_card
from tests.render import card_samples
from tests.render.samples import PLAYERS, all_images

Render = Callable[[], bytes]
LOCALES = ("en", "fr", "ja", "ko", "zh-CN", "zh-TW")
PER_PHASE = 2  # positions kept per phase and game
SEEDS = (11, 12, 13)

# (name, engine, draw module, seats)
GAMES_DRAWN: tuple[tuple[str, GameEngine[Any, Any, Any, Any], Any, int], ...] = (
    ("koikoi", KOIKOI, kk, 2),
    ("roppyakken", ROPPYAKKEN, rp, 3),
    ("roppyakken2", ROPPYAKKEN, rp, 2),
    ("gostop", GOSTOP, gs, 3),
    ("gostop2", GOSTOP, gs, 2),
    ("doudizhu", DOUDIZHU, dd, 3),
    ("goita", GOITA, go, 4),
    ("goita3", GOITA, go, 3),
    ("goita2", GOITA, go, 2),
)


@cache
def phase_states(name: str) -> tuple[tuple[str, Any], ...]:
    """Up to ``PER_PHASE`` states of each phase the seeded matches of ``name`` go through,
    labelled ``<phase><n>`` (the match's end excluded: no table is drawn then)."""
    _, eng, _, seats = next(g for g in GAMES_DRAWN if g[0] == name)
    seen: dict[str, int] = {}
    out = []
    for seed in SEEDS:
        rng = random.Random(seed)
        state = eng.new_game(seats, eng.rules_from(None, None), seed)
        for step in range(3000):
            legal = eng.legal_actions(state)
            if not legal:
                break
            phase = getattr(eng.view(state, None), "phase", None)
            key = getattr(phase, "value", str(phase))
            # A phase's first position, then one some moves later (fuller piles, another seat).
            if seen.get(key, 0) < PER_PHASE and (key not in seen or step % 9 == 0):
                seen[key] = seen.get(key, 0) + 1
                out.append((f"{key}{seen[key]}", state))
            state, _ = eng.apply(state, rng.choice(legal))
    return tuple(out)


def _game_images(
    name: str, eng: GameEngine[Any, Any, Any, Any], module: Any, seats: int
) -> Iterator[tuple[str, Render]]:
    names = PLAYERS[:seats]
    for label, state in phase_states(name):
        acting = eng.to_act(state)
        waiting = (acting + 1) % seats if acting is not None else 0
        public, own, other = eng.view(state, None), eng.view(state, acting), eng.view(state, waiting)
        yield f"{name}/{label}/table", partial(module.render_table, public, names=names)
        yield f"{name}/{label}/table_acting", partial(module.render_table, own, names=names)
        yield f"{name}/{label}/hand", partial(module.render_hand, own)
        yield f"{name}/{label}/hand_waiting", partial(module.render_hand, other)
    label, state = phase_states(name)[-1]
    acting = eng.to_act(state)
    for loc in LOCALES[2:]:
        public, own = eng.view(state, None), eng.view(state, acting)
        yield (
            f"{name}/{label}/table_{loc}",
            partial(module.render_table, public, names=names, locale=loc),
        )
        yield f"{name}/{label}/hand_{loc}", partial(module.render_hand, own, locale=loc)
        owner = names[acting] if acting is not None else names[0]
        yield (
            f"{name}/{label}/hand_replay_{loc}",
            partial(module.render_hand, own, locale=loc, owner=owner),
        )


def _leaderboard(seed: int, loc: str) -> bytes:
    return render_leaderboard(card_samples.board(seed, loc), locale=loc)


def _profile(seed: int, loc: str) -> bytes:
    return render_profile(card_samples.profile(seed, loc), locale=loc)


def _history(seed: int, loc: str) -> bytes:
    return render_history(card_samples.history(seed, loc), locale=loc)


def _cards() -> Iterator[tuple[str, Render]]:
    for seed, loc in ((0, "en"), (3, "fr"), (5, "ja"), (7, "ko"), (9, "zh-CN"), (11, "zh-TW")):
        yield (
            f"cards/leaderboard_{seed}_{loc}",
            partial(_leaderboard, seed, loc),
        )
        yield (
            f"cards/profile_{seed}_{loc}",
            partial(_profile, seed, loc),
        )
        yield (
            f"cards/history_{seed}_{loc}",
            partial(_history, seed, loc),
        )


def _rules() -> Iterator[tuple[str, Render]]:
    for game in GAMES:
        for loc in LOCALES:
            yield f"rules/{game}_{loc}", partial(render_rules_card, game, locale=loc)


def _replay_frame(name: str, label_index: int) -> bytes:
    _, eng, module, seats = next(g for g in GAMES_DRAWN if g[0] == name)
    _, state = phase_states(name)[label_index]
    names = PLAYERS[:seats]
    table = module.render_table(eng.view(state, None), names=names)
    hands = [(names[s], module.render_hand(eng.view(state, s), owner=names[s])) for s in range(seats)]
    return replay.compose(table, hands, active=eng.to_act(state))


def _replay() -> Iterator[tuple[str, Render]]:
    for name in ("koikoi", "gostop", "doudizhu", "goita"):
        yield f"replay/{name}_frame", partial(_replay_frame, name, 0)
        yield f"replay/{name}_frame_late", partial(_replay_frame, name, -1)


def animation() -> bytes:
    """An animated WebP of three Koi-Koi replay frames (the golden hashes each decoded frame)."""
    frames = [_replay_frame("koikoi", i) for i in range(3)]
    return replay.animate(frames, 8 * 1024 * 1024)


def golden_images() -> dict[str, Render]:
    """Every golden image, by name: PNG bytes (the animation apart: :func:`animation`)."""
    out = dict(all_images())
    for name, eng, module, seats in GAMES_DRAWN:
        out.update(_game_images(name, eng, module, seats))
    out.update(_cards())
    out.update(_rules())
    out.update(_replay())
    return out
