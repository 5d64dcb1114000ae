"""Run the tests on a machine whose cores are busy: pytest beside processes that spin for ever.

    .venv/bin/python bench/busy_cores.py                          # the whole suite, 2 busy cores
    .venv/bin/python bench/busy_cores.py -- -q tests/cogs/test_demo.py
    .venv/bin/python bench/busy_cores.py --busy 4 -- -q -x tests/cogs

The tests must pass on a slow, loaded machine: no deadline of theirs may depend on how fast it
is (SimCord's settle deadlines are generous, and waits for bot work are not timed; see
``tests/cogs/harness.py``). This is how to check it before a pull request. The busy processes
(``--busy``, default 2: both cores of a small CI machine) are ``bench.busy``'s pure Python
loops at normal priority; they are stopped when pytest ends, however it ends, and stop
themselves after ``--limit`` seconds should this script be killed. Prints pytest's exit status
and the wall-clock time it took (a figure, not a test: expect about twice the idle time on 2
cores).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.busy import busy_cores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--busy", type=int, default=2, help="processes kept busy beside pytest (default 2)")
    parser.add_argument(
        "--limit", type=float, default=4 * 3600, help="seconds after which the busy processes stop anyway"
    )
    parser.add_argument("pytest_args", nargs="*", help="passed to pytest (after --)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    with busy_cores(args.busy, limit=args.limit):
        status = subprocess.call([sys.executable, "-m", "pytest", *args.pytest_args])
    took = time.monotonic() - started
    print(f"pytest exited with {status} after {took:.0f} s beside {args.busy} busy processes")
    return status


if __name__ == "__main__":
    sys.exit(main())
