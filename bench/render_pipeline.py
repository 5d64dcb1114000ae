"""CPU time and PNG size of every image kind of every game, one table of figures.

Run: ``python bench/render_pipeline.py [count] [--code DIR]``. ``count`` positions per game
(default 120) come from seeded random playouts of the engines (every few moves a spectator's
table and the acting seat's hand are kept); the sheets, summaries, memory grids, rating cards,
rules cards and replay frames come from the render samples. Each image's time is the process's
CPU time (``time.process_time``) around one call, so the figures hold on a loaded machine (other
processes take wall-clock time, not this process's CPU time); printed: median and p95 in ms,
PNG size median and max in KiB.

``--code DIR`` imports ``render``, ``engine`` and the samples from another checkout of the
project (the old code, for "before" figures) instead of this one. ``--before DIR`` also times the
cards (rating cards, rules cards) with that checkout's code, in a second process right after,
and prints each card's median as a share of that one (the issue's "≤ 50 % of before").
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench.timing: this checkout's

from bench.timing import positions, run_jobs

Job = Callable[[], bytes]


def figures(jobs: Sequence[Job]) -> tuple[float, float, float, float]:
    """Median and p95 CPU ms, median and max KiB of running every job once."""
    times, sizes = run_jobs(jobs)
    p95 = statistics.quantiles(times, n=20)[-1] if len(times) > 1 else times[0]
    return statistics.median(times), p95, statistics.median(sizes), max(sizes)


def game_jobs(count: int) -> list[tuple[str, str, list[Job]]]:
    import engine.goita as gt
    from engine.doudizhu import ENGINE as DOUDIZHU
    from engine.hanafuda.gostop import ENGINE as GOSTOP
    from engine.hanafuda.koikoi import ENGINE as KOIKOI
    from engine.hanafuda.roppyakken import ENGINE as ROPPYAKKEN
    from render import doudizhu, goita
    from render.hanafuda import gostop, koikoi, roppyakken

    names = ("Aki", "Benoît", "Chiyo", "Daichi")
    out: list[tuple[str, str, list[Job]]] = []
    for game, module, engine, seats in (
        ("Koi-Koi", koikoi, KOIKOI, 2),
        ("Roppyakken 3p", roppyakken, ROPPYAKKEN, 3),
        ("Go-Stop 3p", gostop, GOSTOP, 3),
        ("Go-Stop 2p", gostop, GOSTOP, 2),
        ("Dou Dizhu", doudizhu, DOUDIZHU, 3),
        ("Goita 4p", goita, gt.ENGINE, 4),
        ("Goita 2p", goita, gt.ENGINE, 2),
    ):
        module.warm()
        pairs = positions(engine, seats, count)
        table, hand = module.render_table, module.render_hand
        out.append((game, "table", [partial(table, v, names=names[:seats]) for v, _ in pairs]))
        out.append((game, "hand", [partial(hand, v) for _, v in pairs]))
    return out


def sample_jobs(repeat: int) -> list[tuple[str, str, list[Job]]]:
    """Sheets, summaries and the memory grid of the render samples, each drawn ``repeat`` times."""
    from tests.render.samples import all_images

    games = {"koikoi": "Koi-Koi", "roppyakken": "Roppyakken 3p", "gostop": "Go-Stop 3p"}
    games |= {"doudizhu": "Dou Dizhu", "goita": "Goita 4p"}
    kinds: dict[tuple[str, str], list[Job]] = {}
    for name, job in all_images().items():
        game, image = name.split("/")
        kind = next((k for k in ("round_sheet", "summary", "memory") if image.startswith(k)), None)
        if kind is not None:
            kinds.setdefault((games[game], kind), []).extend([job] * repeat)
    return [(game, kind, jobs) for (game, kind), jobs in kinds.items()]


def card_jobs(count: int) -> list[tuple[str, str, list[Job]]]:
    from render.cards import render_leaderboard, render_profile
    from render.cards.history import render_history
    from render.rules_card import GAMES, render_rules_card
    from tests.render.card_samples import board, history, profile

    def leaderboard(i: int) -> bytes:
        return render_leaderboard(board(i))

    def profile_card(i: int) -> bytes:
        return render_profile(profile(i))

    def history_card(i: int) -> bytes:
        return render_history(history(i))

    locales = ("en", "fr", "ja", "ko", "zh-CN", "zh-TW")
    rules: list[Job] = [partial(render_rules_card, g, locale=loc) for g in GAMES for loc in locales]
    return [
        ("cards", "leaderboard", [partial(leaderboard, i) for i in range(count)]),
        ("cards", "profile", [partial(profile_card, i) for i in range(count)]),
        ("cards", "history", [partial(history_card, i) for i in range(count)]),
        ("cards", "rules (5 games × 6 locales)", rules * max(1, count // 30)),
    ]


def replay_jobs(count: int) -> list[tuple[str, str, list[Job]]]:
    """A replay frame: the public table and every seat's hand drawn, then composed (one PNG)."""
    from engine.hanafuda.koikoi import ENGINE as KOIKOI
    from render.hanafuda import koikoi
    from render.replay import compose

    names = ("Aki", "Benoît")
    pairs = positions(KOIKOI, 2, count)
    drawn = [
        (koikoi.render_table(pub, names=names), [(n, koikoi.render_hand(pub, owner=n)) for n in names])
        for pub, _ in pairs
    ]
    return [("replay", "compose (Koi-Koi)", [partial(compose, t, h, active=0) for t, h in drawn])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", nargs="?", type=int, default=120)
    parser.add_argument("--code", help="import the project from this checkout (old code)")
    parser.add_argument("--only", default="", help="only the groups whose game or image holds this text")
    parser.add_argument("--before", help="a checkout to compare the cards' CPU time with")
    args = parser.parse_args()
    root = Path(args.code).resolve() if args.code else Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root))
    import render

    print(f"code: {Path(render.__file__).parents[1]}; CPU time per image (time.process_time)")
    start = time.process_time()
    wanted = args.only.lower()
    groups = (
        game_jobs(args.count) if wanted in "koi-koi roppyakken go-stop dou dizhu goita table hand" else []
    )
    groups += sample_jobs(max(1, args.count // 20))
    groups += card_jobs(args.count)
    groups += replay_jobs(max(10, args.count // 4)) if wanted in "replay compose" else []
    groups = [g for g in groups if wanted in f"{g[0]} {g[1]}".lower()]
    print(f"warm-up and positions: {time.process_time() - start:.1f} s CPU")
    print(f"{'game':<14} {'image':<28} {'median ms':>9} {'p95 ms':>7} {'KiB med':>8} {'KiB max':>8} {'n':>5}")
    cards: dict[str, float] = {}
    for game, kind, jobs in groups:
        # Each kind's first calls pay its one-off caches (palettes, faces; the bot warms them at
        # start): not counted. The rules cards: each game's once.
        for job in jobs[: 30 if kind.startswith("rules") else 2]:
            job()
        median, p95, size, biggest = figures(jobs)
        print(f"{game:<14} {kind:<28} {median:9.1f} {p95:7.1f} {size:8.1f} {biggest:8.1f} {len(jobs):5}")
        if game == "cards":
            cards[kind] = median
    if args.before and cards:
        compare_cards(args.before, args.count, cards)


def compare_cards(before: str, count: int, now: dict[str, float]) -> None:
    """Time the cards with the ``before`` checkout's code (another process) and print each
    card's median now as a share of that one."""
    command = [sys.executable, __file__, str(count), "--code", before, "--only", "cards"]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    print(f"cards against {before} (median CPU ms, before -> now, share)")
    for line in out.splitlines():
        if not line.startswith("cards "):
            continue
        kind = line[15:43].strip()
        old = float(line[43:53])
        if kind in now:
            print(f"  {kind:<28} {old:7.1f} -> {now[kind]:5.1f}   {100 * now[kind] / old:4.0f} %")


if __name__ == "__main__":
    main()
