"""A sampling profiler for ``bench/load.py --sample`` (no py-spy on the machine, and cProfile's
overhead slows a loaded run to a crawl).

A daemon thread wakes every ``interval`` seconds, reads ``sys._current_frames()`` and counts, for
every thread of the process, the function running (self) and every function on its stack
(inclusive). A thread is reported by its role: ``loop`` (the event loop's), ``render`` (a thread
of the default executor: images drawn in threads) and ``other``. A sample whose innermost frame is
the selector's wait (an idle loop) is counted as idle. Pure Python: the sampler takes the GIL to
read the frames, so it sees the threads between bytecodes, which is where they hold the GIL or
just released it; a frame inside a C call that released the GIL (zlib, a Pillow paste, a
``select``) is reported as that Python caller.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections import Counter, defaultdict
from types import FrameType

IDLE = {
    ("selectors.py", "select"),
    ("threading.py", "wait"),
    ("queue.py", "get"),
    ("thread.py", "_worker"),  # a pool thread waiting for work (SimpleQueue.get, in C)
    ("connection.py", "wait"),  # the process pool's manager thread waiting for a result
}
# Where a sample is charged besides its own function: the innermost frame of one of these.
AREAS = ("simcord/", "bench/", "cogs/", "store/", "render/", "tsuki/", "engine/", "i18n/", "discord/")


def _where(frame: FrameType) -> str:
    code = frame.f_code
    path = code.co_filename
    parts = path.replace("\\", "/").split("/")
    short = "/".join(parts[-2:])
    return f"{short}:{code.co_name}"


class Sampler:
    """Counts what each thread runs, every ``interval`` seconds, until :meth:`stop`."""

    def __init__(self, interval: float = 0.004) -> None:
        self.interval = interval
        self.loop_thread = threading.get_ident()  # started from the event loop's thread
        self.samples: Counter[str] = Counter()  # role -> samples taken
        self.idle: Counter[str] = Counter()
        self.own: defaultdict[str, Counter[str]] = defaultdict(Counter)  # role -> leaf -> n
        self.inclusive: defaultdict[str, Counter[str]] = defaultdict(Counter)  # role -> fn -> n
        self.areas: defaultdict[str, Counter[str]] = defaultdict(Counter)  # role -> area -> n
        self.charged: defaultdict[str, Counter[str]] = defaultdict(Counter)  # role -> leaf < caller
        # CPU-weighted: each sample counts the CPU seconds its thread used since the one before
        self.cpu_own: defaultdict[str, Counter[str]] = defaultdict(Counter)  # role -> caller-charged leaf
        self.cpu_inclusive: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self.cpu_areas: defaultdict[str, Counter[str]] = defaultdict(Counter)
        self._stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="sampler", daemon=True)
        self.cpu_before: dict[int, float] = {}
        self.cpu_spent: Counter[str] = Counter()  # thread name -> CPU seconds over the run

    def start(self) -> None:
        self.cpu_before = threads_cpu()
        self.thread.start()

    def stop(self) -> None:
        self._stop.set()
        self.thread.join()
        names = {t.native_id: t.name for t in threading.enumerate()}
        for tid, cpu in threads_cpu().items():
            name = names.get(tid, "(gone or not Python's)").split("-")[0].rstrip("_0123456789")
            if tid == os.getpid():
                name = "loop (main thread)"
            self.cpu_spent[name] += cpu - self.cpu_before.get(tid, 0.0)

    def _role(self, ident: int) -> str:
        if ident == self.loop_thread:
            return "loop"
        for thread in threading.enumerate():
            if thread.ident == ident:
                name = thread.name
                if name.startswith(("asyncio_", "render")):
                    return "render"
                if name == "sampler" or name.startswith("LagProbe"):
                    return "other"
                return name.split("-")[0].rstrip("_0123456789")
        return "other"

    def _cpu_clock(self, ident: int) -> int | None:
        """The thread's CPU-time clock (its samples are weighted by the CPU it used since the last)."""
        thread = next((t for t in threading.enumerate() if t.ident == ident), None)
        try:
            return time.pthread_getcpuclockid(ident) if thread is not None else None
        except OSError:
            return None

    def _run(self) -> None:
        me = threading.get_ident()
        roles: dict[int, str] = {}
        clocks: dict[int, int | None] = {}
        last_cpu: dict[int, float] = {}
        while not self._stop.wait(self.interval):
            for ident, frame in sys._current_frames().items():
                if ident == me:
                    continue
                role = roles.get(ident) or roles.setdefault(ident, self._role(ident))
                if role.startswith("other"):
                    continue
                self.samples[role] += 1
                clock = clocks[ident] if ident in clocks else clocks.setdefault(ident, self._cpu_clock(ident))
                cpu = 0.0
                if clock is not None:
                    try:
                        now = time.clock_gettime(clock)
                    except OSError:
                        now = last_cpu.get(ident, 0.0)
                    cpu, last_cpu[ident] = now - last_cpu.get(ident, now), now
                self._charge_cpu(role, frame, cpu)
                code = frame.f_code
                if (code.co_filename.rsplit("/", 1)[-1], code.co_name) in IDLE:
                    self.idle[role] += 1
                    continue
                leaf = _where(frame)
                self.own[role][leaf] += 1
                seen: set[str] = set()
                area = caller = None
                f: FrameType | None = frame
                while f is not None:
                    name = _where(f)
                    if name not in seen:
                        seen.add(name)
                        self.inclusive[role][name] += 1
                    if area is None:
                        path = f.f_code.co_filename
                        area = next((a for a in AREAS if a in path), None)
                        if area is not None and f is not frame:
                            caller = name
                    f = f.f_back
                self.areas[role][area or "stdlib"] += 1
                self.charged[role][f"{leaf}  <  {caller}" if caller else leaf] += 1

    def _charge_cpu(self, role: str, frame: FrameType, cpu: float) -> None:
        if cpu <= 0:
            return
        seen: set[str] = set()
        area = caller = None
        f: FrameType | None = frame
        while f is not None:
            name = _where(f)
            if name not in seen:
                seen.add(name)
                self.cpu_inclusive[role][name] += cpu
            if area is None:
                area = next((a for a in AREAS if a in f.f_code.co_filename), None)
                if area is not None and f is not frame:
                    caller = name
            f = f.f_back
        leaf = _where(frame)
        self.cpu_areas[role][area or "stdlib"] += cpu
        self.cpu_own[role][f"{leaf}  <  {caller}" if caller else leaf] += cpu

    def cpu_report(self, top: int = 40, moves: int = 0) -> str:
        """Per role, the CPU-weighted profile (ms per move, given ``moves``)."""
        out = []
        scale = 1000 / moves if moves else 1.0
        unit = "ms per move" if moves else "s"
        for role in sorted(self.cpu_areas):
            total = sum(self.cpu_areas[role].values())
            out.append(f"== {role}: CPU-weighted, {total * scale:.2f} {unit} sampled")
            out.append("  by innermost area:")
            for name, v in self.cpu_areas[role].most_common():
                out.append(f"    {v * scale:7.3f}  {v / total:6.1%}  {name}")
            out.append("  inclusive:")
            for name, v in self.cpu_inclusive[role].most_common(top):
                out.append(f"    {v * scale:7.3f}  {v / total:6.1%}  {name}")
            out.append("  own, with the innermost area's caller:")
            for name, v in self.cpu_own[role].most_common(top):
                out.append(f"    {v * scale:7.3f}  {v / total:6.1%}  {name}")
        return "\n".join(out)

    def report(self, top: int = 40, moves: int = 0) -> str:
        """The CPU of each thread (per move, given ``moves``); per role: the busy share, then the
        functions by inclusive and by own samples. The samples are wall-clock: a thread waiting
        for the GIL (after a socket, SQLite, a pipe) counts as busy where it waits."""
        out = ["CPU seconds by thread" + (f" (ms per move over {moves} moves)" if moves else "") + ":"]
        for name, cpu in self.cpu_spent.most_common():
            out.append(f"    {cpu:7.2f} s  {name}" + (f"  ({cpu / moves * 1000:.2f})" if moves else ""))
        out.append(self.cpu_report(top, moves))
        out.append("Wall-clock samples:")
        for role in sorted(self.samples):
            total, idle = self.samples[role], self.idle[role]
            busy = total - idle
            out.append(f"== {role}: {total} samples, {busy} busy ({busy / max(total, 1):.0%})")
            out.append("  inclusive (% of busy):")
            for name, n in self.inclusive[role].most_common(top):
                out.append(f"    {n / max(busy, 1):6.1%}  {name}")
            out.append("  own (% of busy):")
            for name, n in self.own[role].most_common(top):
                out.append(f"    {n / max(busy, 1):6.1%}  {name}")
            out.append("  by innermost area (% of busy):")
            for name, n in self.areas[role].most_common():
                out.append(f"    {n / max(busy, 1):6.1%}  {name}")
            out.append("  own, with the innermost area's caller (% of busy):")
            for name, n in self.charged[role].most_common(top):
                out.append(f"    {n / max(busy, 1):6.1%}  {name}")
        return "\n".join(out)


def threads_cpu() -> dict[int, float]:
    """CPU seconds (user + system) of each thread of this process, by native thread id."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for tid in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{tid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:  # ended meanwhile
            continue
        out[int(tid)] = (int(fields[11]) + int(fields[12])) / tick
    return out


def started(interval: float = 0.004) -> Sampler:
    sampler = Sampler(interval)
    sampler.start()
    return sampler


if __name__ == "__main__":  # a smoke run
    s = started()
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 0.2:
        sum(range(1000))
    s.stop()
    print(s.report(5))
