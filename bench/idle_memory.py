"""Memory of an idle bot with its image caches warm, what the caches hold, and render speed.

    .venv/bin/python bench/idle_memory.py [--positions 40]

Steps, each with the process's resident memory (RSS), and its anonymous part (what the process
itself allocated; the rest is mapped files: the libraries and the font file):

1. the bot's imports (and two malloc arenas, ``render.heap.limit_arenas()``, as the bot's start);
2. start-up's warm-up (every game's ``spec.warm()``, then ``render.heap.trim()``, as
   ``TsukiBot.setup_hook`` runs them);
3. steady state: table images and hands of every game (five real positions each) in the six
   languages, as a bot serving tables in several languages draws them.

Then what the image caches hold (entries and decoded bytes; fonts loaded) and the render times
of step 3 with the caches warm (median and p95 per image), so a smaller cache can be checked not
to cost render speed.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

LOCALES = ("en", "fr", "ja", "ko", "zh-CN", "zh-TW")
GAMES = ("koikoi", "roppyakken", "gostop", "doudizhu", "goita")
NAMES = ("Aki", "Benoît", "Chiyo", "Daichi")


def memory() -> tuple[float, float]:
    """(RSS, anonymous) in MB, from /proc/self/smaps_rollup."""
    values = {}
    with open("/proc/self/smaps_rollup") as f:
        for line in f:
            key, _sep, rest = line.partition(":")
            if key in ("Rss", "Anonymous"):
                values[key] = int(rest.split()[0]) / 1024
    return values["Rss"], values["Anonymous"]


def step(label: str) -> None:
    gc.collect()
    rss, anon = memory()
    print(f"{label:<58} RSS {rss:6.0f} MB   anonymous {anon:6.0f} MB", flush=True)


def positions(spec: Any, count: int, seed: int) -> list[tuple[Any, Any, tuple[str, ...]]]:
    """(spectator view, acting seat's view, names) from random playouts of the game."""
    engine, rng = spec.engine, random.Random(seed)
    out: list[tuple[Any, Any, tuple[str, ...]]] = []
    seats = max(engine.min_seats, 3 if engine.max_seats >= 3 else 2)
    while len(out) < count:
        state = engine.new_game(seats, engine.rules_from(None, None), rng.getrandbits(32))
        for move in range(200):
            seat = engine.to_act(state)
            if seat is None or len(out) >= count:
                break
            if move % 9 == 4:
                out.append((engine.view(state, None), engine.view(state, seat), NAMES[:seats]))
            state, _ = engine.apply(state, rng.choice(engine.legal_actions(state)))
    return out


def cache_values(cached: Any) -> list[Any]:
    """What an unbounded ``@cache`` holds (an ``lru_cache``'s links cannot be looked into)."""
    return [value for ref in gc.get_referents(cached) if isinstance(ref, dict) for value in ref.values()]


def image_bytes(value: Any) -> int:
    """Decoded bytes of the PIL images in ``value`` (an image, or a tuple or list of them)."""
    from PIL import Image

    if isinstance(value, Image.Image):
        return value.width * value.height * len(value.getbands())
    if isinstance(value, (list, tuple)):
        return sum(image_bytes(v) for v in value)
    return 0


def caches() -> None:
    """Entries and decoded image bytes of every functools cache in ``render``; fonts loaded."""
    import render.fonts as fonts

    print("\nimage caches (entries, decoded MB; 0.0 for an lru_cache, counted in the total):")
    for name, module in sorted(sys.modules.items()):
        if not name.startswith("render") or module is None:
            continue
        for attr, cached in vars(module).items():
            info = getattr(cached, "cache_info", None)
            if info is None or getattr(cached, "__module__", None) != name:
                continue
            size = sum(image_bytes(value) for value in cache_values(cached))
            entries = info().currsize
            if entries:
                print(f"  {name}.{attr:<22} {entries:5d} {size / 2**20:7.1f}")
    from PIL import Image

    alive = sum(image_bytes(o) for o in gc.get_objects() if isinstance(o, Image.Image))
    print(f"  every image alive: {alive / 2**20:.1f} MB decoded; fonts open: {fonts.loaded()}")


def unbounded() -> None:
    """The caches as they were: every hanafuda face and every font size kept for good."""
    import functools

    import render.fonts as fonts
    import render.hanafuda.faces as faces

    fonts._font = functools.cache(fonts._font.__wrapped__)
    faces._face = functools.cache(faces._face.__wrapped__)
    fonts.loaded = lambda: fonts._font.cache_info().currsize


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--positions", type=int, default=40, help="positions per game")
    parser.add_argument(
        "--unbounded", action="store_true", help="every face and font kept, as before the bounds (to compare)"
    )
    args = parser.parse_args()
    step("python")
    if args.unbounded:
        unbounded()
    import tsuki.bot  # noqa: F401  (everything the bot imports)
    from render import heap
    from tsuki.bot import game_specs

    heap.limit_arenas()  # as TsukiBot.__init__ does (MALLOC_ARENA_MAX in the environment wins)
    specs = game_specs()
    step("1. the bot's imports")
    for game_spec in specs.values():
        game_spec.warm()
    heap.trim()  # as TsukiBot.setup_hook does after the warm-up
    step("2. after start-up's warm-up")
    work = {game: positions(specs[game], args.positions, i) for i, game in enumerate(GAMES)}
    times: dict[str, list[float]] = {}
    for rep in range(2):  # the second pass is the steady state: caches as warm as they get
        for game, pairs in work.items():
            spec: Any = specs[game]
            for i, (public, seat_view, names) in enumerate(pairs):
                locale = LOCALES[i % len(LOCALES)]
                start = time.perf_counter()
                spec.render_table(public, names, locale)
                middle = time.perf_counter()
                spec.render_hand(seat_view, locale)
                end = time.perf_counter()
                if rep:
                    times.setdefault(f"{game} table", []).append(middle - start)
                    times.setdefault(f"{game} hand", []).append(end - middle)
    step("3. steady state: every game's images in the six languages")
    heap.trim()
    step("   the same, the C heap's free memory given back")
    caches()
    print("\nrender times, caches warm (ms): median / p95")
    for label, values in times.items():
        values.sort()
        p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
        print(f"  {label:<18} {statistics.median(values) * 1000:6.1f} / {p95 * 1000:6.1f}")
    every = [v for values in times.values() for v in values]
    median, mean = statistics.median(every) * 1000, sum(every) / len(every) * 1000
    print(f"  {'every image':<18} {median:6.1f} median, {mean:6.1f} mean")


if __name__ == "__main__":
    main()
