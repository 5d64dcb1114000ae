"""Moves per second the store sustains, on SQLite and PostgreSQL (issue 15's bottleneck).

    .venv/bin/python bench/store_throughput.py [--tables 100] [--seconds 5]

Each of ``--tables`` live tables stores moves as fast as it can, doing what the bot does per
move: ``append_action`` (with its live-hand token), then ``mark_announced`` once the board is
posted. All tables run at once on one event loop, like one bot process. Before issue 15 (one
aiosqlite thread hop per statement) the whole bot plateaued at ~70 moves/s on SQLite.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import store
from store import Database, LiveHand, SeatRow


async def run(target: str, tables: int, seconds: float) -> tuple[float, int]:
    db = await Database.open(target)
    try:
        games = []
        for i in range(tables):
            lobby = await store.create_game(db, 1, 1000 + i, "koikoi", {}, 1, 7)
            seats = [SeatRow(0, 7, "p"), SeatRow(1, None, "CPU")]
            games.append((await store.start_game(db, lobby.id, seats=seats)).id)
        stop = time.perf_counter() + seconds
        moves = 0

        async def play(game_id: int) -> None:
            nonlocal moves
            seq = 0
            while time.perf_counter() < stop:
                hand = LiveHand(0, "token", "en", store.utc_now())
                await store.append_action(db, game_id, seq, seq % 2, "3a", live_hand=hand)
                await store.mark_announced(db, game_id, seq + 1)
                seq += 1
                moves += 1

        start = time.perf_counter()
        await asyncio.gather(*(play(g) for g in games))
        return moves / (time.perf_counter() - start), db.backend.commits
    finally:
        await db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="tsuki-store-")
    rate, commits = asyncio.run(run(f"{tmp}/bench.db", args.tables, args.seconds))
    print(f"SQLite (file, WAL, synchronous=FULL): {rate:.0f} moves/s ({commits} commit batches)")
    import pgserver

    server = pgserver.get_server(f"{tmp}/pg", cleanup_mode="delete")
    rate, _ = asyncio.run(run(server.get_uri(), args.tables, args.seconds))
    print(f"PostgreSQL 16 (same machine): {rate:.0f} moves/s")


if __name__ == "__main__":
    main()
