"""``bot.py --demo`` refuses an option its game's start command does not offer, and exits."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tsuki.demo import run_demo

ROOT = Path(__file__).resolve().parents[2]


async def test_a_round_count_the_command_does_not_offer_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert await run_demo("koikoi", str(tmp_path), rounds=1) == 2
    err = capsys.readouterr().err
    assert "/koikoi start does not offer rounds 1: choose one of 12, 6, 3" in err
    assert not (tmp_path / "transcript.md").exists(), "no match was played"


def test_the_process_exits_with_one_line_instead_of_hanging(tmp_path: Path) -> None:
    """It used to raise inside the simulated Discord, leave the database thread open and hang."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    result = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--demo", "gostop", "--rounds", "5", "--out", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,  # a hang, not slowness: a busy machine starts Python slowly
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    refusals = [line for line in result.stderr.splitlines() if line.startswith("Tsuki:")]
    assert refusals == ["Tsuki: /gostop start does not offer rounds 5: choose one of 12, 6, 3"]
