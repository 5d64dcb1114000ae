"""Where a move's time and CPU go in ``bench/load.py``: the click -> table post delay cut into
stages, the images drawn per move with their wait, and the CPU of the bot and its render workers.

The stages of a human move, timed on its table's thread (wall clock, bot side):

* ``to bot``: the ``/move`` sent until the bot parses its interaction (SimCord's delivery);
* ``to stored``: until the move is committed (the table's lock, the store's commit batch);
* ``announcer``: until the announcer takes the move to narrate it (a flush still running for
  the earlier moves: their board, their ping, the live hands);
* ``board``: drawing the post that narrates it (its images: the render pool's queue included);
* ``to post``: from the post drawn to its sending, minus the per-channel pacing (reported apart).

The click's post is the one that narrates its move (:meth:`Breakdown.carries`), not whatever
post of the thread comes first (an earlier move's board or ping, still on its way).
"""

from __future__ import annotations

import os
import time
from collections import Counter, OrderedDict, defaultdict
from dataclasses import dataclass, field
from typing import Any

STAGES = ("to bot", "to stored", "announcer", "board", "to post")
MARKS = ("click", "received", "stored", "narrating", "drawn")
RECENT = 2000  # draws remembered to count repeats


@dataclass
class Breakdown:
    """The timeline of each thread's pending click, and what the run's images and CPU cost."""

    timeline: dict[int, dict[str, float]] = field(default_factory=dict)  # thread id -> mark -> time
    move_seq: dict[int, int] = field(default_factory=dict)  # thread id -> the pending click's move
    stages: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    draws: Counter[str] = field(default_factory=Counter)  # images drawn, by spec method
    draw_wait: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    repeats: Counter[str] = field(default_factory=Counter)  # drawn with the same arguments again
    reads: int = 0  # SQLite: reads of the store
    forced: int = 0  # of which committed an open write batch first (their fsync, under the lock)
    commits: list[float] = field(default_factory=list)  # SQLite: seconds each COMMIT held the lock
    recent: OrderedDict[int, None] = field(default_factory=OrderedDict)  # hashes of the last draws

    def drawing(self, game: str, method: str, args: tuple[Any, ...]) -> None:
        """Count an image drawn with arguments equal to one of the last :data:`RECENT` (the views
        are frozen dataclasses: equal views hash equal)."""
        try:
            key = hash((game, method, args))
        except TypeError:  # (a list among the arguments: not counted)
            return
        if key in self.recent:
            self.repeats[method] += 1
            self.recent.move_to_end(key)
            return
        self.recent[key] = None
        if len(self.recent) > RECENT:
            self.recent.popitem(last=False)

    def click(self, where: int, at: float) -> None:
        self.timeline[where] = {"click": at}
        self.move_seq.pop(where, None)

    def drop(self, where: int) -> None:
        """The click has no post to wait for (refused, or its turn goes on)."""
        self.timeline.pop(where, None)
        self.move_seq.pop(where, None)

    def mark(self, where: int, name: str) -> None:
        """Time ``name`` for the click pending in ``where`` (the first time, in order only)."""
        marks = self.timeline.get(where)
        if marks is not None and name not in marks and (name == "received" or _before(name) in marks):
            marks[name] = time.perf_counter()

    def stored(self, where: int, seq: int) -> None:
        """The pending click's move is stored as move ``seq``."""
        if where in self.timeline and "stored" not in self.timeline[where]:
            self.mark(where, "stored")
            self.move_seq[where] = seq

    def narrating(self, where: int, upto: int) -> None:
        """The announcer narrates the moves before ``upto`` (in one post)."""
        seq = self.move_seq.get(where)
        if seq is not None and seq < upto:
            self.mark(where, "narrating")

    def carries(self, where: int) -> bool:
        """Whether the post going out now in ``where`` narrates the pending click's move."""
        return "drawn" in self.timeline.get(where, {})

    def posted(self, where: int, paced: float) -> None:
        """The click's table post went out now: its stages, pacing taken out of the last one."""
        marks = self.timeline.pop(where, None)
        self.move_seq.pop(where, None)
        if marks is None or not all(m in marks for m in MARKS):
            return
        now = time.perf_counter()
        points = [marks[m] for m in MARKS] + [now - paced]
        for stage, start, end in zip(STAGES, points[:-1], points[1:], strict=True):
            self.stages[stage].append(end - start)


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def _before(name: str) -> str:
    """The mark that must come first (the board of an earlier move does not count)."""
    return {"stored": "click", "narrating": "stored", "drawn": "narrating"}.get(name, "click")


def cpu_seconds(pid: int | str) -> float:
    """User + system CPU seconds of a process so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def workers_cpu_seconds() -> float:
    """CPU seconds of the RENDER_WORKERS processes up now."""
    from cogs.table import render_pool

    total = 0.0
    for pid in render_pool.pool().processes():
        try:
            total += cpu_seconds(pid)
        except OSError:  # a worker gone meanwhile
            continue
    return total


def hook(breakdown: Breakdown, backend: Any) -> list[tuple[Any, str, Any]]:
    """Hook the render pool, the narration and the posts' drawing; returns what to restore. (The
    click, the interaction's arrival, the stored move and the post: :mod:`bench.load_metrics`.)"""
    from cogs.table import messages, render_pool

    restore: list[tuple[Any, str, Any]] = []

    def patch(owner: Any, name: str, new: Any) -> None:
        restore.append((owner, name, getattr(owner, name)))
        setattr(owner, name, new)

    real_draw = render_pool.draw

    async def draw(game: str, spec: Any, method: str, *args: Any) -> Any:
        start = time.perf_counter()
        breakdown.drawing(game, method, args)
        try:
            return await real_draw(game, spec, method, *args)
        finally:
            breakdown.draws[method] += 1
            breakdown.draw_wait[method].append(time.perf_counter() - start)

    patch(render_pool, "draw", draw)

    from store.backends.sqlite import SqliteBackend

    if isinstance(backend, SqliteBackend):
        real_read, real_flush = SqliteBackend.read, SqliteBackend._flush_locked

        def read(self: SqliteBackend) -> Any:
            breakdown.reads += 1
            breakdown.forced += self._batch is not None
            return real_read(self)

        async def flush_locked(self: SqliteBackend) -> None:
            start = time.perf_counter()
            committing = self._batch is not None
            await real_flush(self)
            if committing:
                breakdown.commits.append(time.perf_counter() - start)

        patch(SqliteBackend, "read", read)
        patch(SqliteBackend, "_flush_locked", flush_locked)

    real_narration = messages.narration

    def narration(table: Any, batch: Any) -> Any:
        if batch:
            breakdown.narrating(table.play_channel_id, batch[-1].seq + 1)
        return real_narration(table, batch)

    patch(messages, "narration", narration)

    for name in ("board_message", "results_message"):
        real = getattr(messages, name)

        async def drawn(table: Any, *args: Any, _real: Any = real, **kwargs: Any) -> Any:
            result = await _real(table, *args, **kwargs)
            breakdown.mark(table.play_channel_id, "drawn")
            return result

        patch(messages, name, drawn)
    return restore


def report(
    breakdown: Breakdown, moves: int, human_moves: int, cpu: float, workers_cpu: float, wall: float
) -> str:
    """Lines: the stages of click -> post (p50 / p99 ms), images and CPU per move, the store."""
    ms = lambda v: f"{v * 1000:.0f}" if v >= 0.01 else f"{v * 1000:.1f}"  # noqa: E731
    stages = "; ".join(
        f"{stage} {ms(pct(breakdown.stages[stage], 50))} / {ms(pct(breakdown.stages[stage], 99))}"
        for stage in STAGES
        if breakdown.stages[stage]
    )
    staged = len(breakdown.stages[STAGES[0]])
    images = ", ".join(
        f"{method} {count / max(human_moves, 1):.2f} ({breakdown.repeats[method] / max(count, 1):.0%} "
        f"repeats; wait p50 {ms(pct(breakdown.draw_wait[method], 50))} p99 "
        f"{ms(pct(breakdown.draw_wait[method], 99))} ms)"
        for method, count in sorted(breakdown.draws.items())
    )
    per = lambda s, n: f"{s / max(n, 1) * 1000:.2f}"  # noqa: E731
    return (
        f"  click → post by stage, p50 / p99 ms ({staged} posts): {stages}\n"
        f"  images per human move: {images}\n"
        f"  CPU ms per move ({moves} moves, {human_moves} humans'): bot process {per(cpu, moves)}, "
        f"render workers {per(workers_cpu, moves)}; per human move: bot {per(cpu, human_moves)}, "
        f"workers {per(workers_cpu, human_moves)}\n"
        f"  SQLite: {breakdown.reads / wall:.0f} reads/s, {breakdown.forced / wall:.0f}/s of which committed "
        f"the open batch first; {len(breakdown.commits) / wall:.0f} commits/s, each holding the store "
        f"p50 {ms(pct(breakdown.commits, 50))} p99 {ms(pct(breakdown.commits, 99))} ms (busy "
        f"{sum(breakdown.commits) / wall:.0%} of the time)"
    )
