"""``bot.py --demo``: what a newcomer sees in the terminal and the folder it writes."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tsuki.demo import RoundLines, clear_demo_files

ROOT = Path(__file__).resolve().parents[2]


def test_an_earlier_demos_files_are_removed_and_nothing_else(tmp_path: Path) -> None:
    folder = tmp_path / "demo-output"
    folder.mkdir()
    for name in ("transcript.md", "007-table.png", "012-round-2.png", "notes.txt", "table.png"):
        (folder / name).write_text("x")
    (folder / "003-kept-folder").mkdir()
    assert clear_demo_files(folder) == 3
    assert sorted(p.name for p in folder.iterdir()) == ["003-kept-folder", "notes.txt", "table.png"]


def test_a_missing_folder_is_made(tmp_path: Path) -> None:
    assert clear_demo_files(tmp_path / "new" / "out") == 0
    assert (tmp_path / "new" / "out").is_dir()


def test_the_demo_prints_a_line_per_round_and_no_warning(tmp_path: Path) -> None:
    """Issue 28: three warnings (intents, PyNaCl, davey) about things Tsuki never uses, then
    silence; old images mixed with new ones."""
    out = tmp_path / "demo-output"
    out.mkdir()
    (out / "042-table.png").write_bytes(b"an image of an earlier demo")
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "LOG_LEVEL")}
    result = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "--demo", "koikoi"],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", "no warning, no log line: " + result.stderr
    lines = result.stdout.splitlines()
    # A round that ends as it is dealt (a lucky hand) shows as "#2 · ended as it was dealt".
    rounds = [re.search(r"^\s+\d+\.\d s  (?:Round |#)(\d)", line) for line in lines]
    assert [found[1] for found in rounds if found] == ["1", "2", "3"], lines
    assert any("match over:" in line for line in lines), lines
    assert lines[-1].startswith("Demo finished in "), lines
    assert not (out / "042-table.png").exists(), "the earlier demo's image was removed"
    assert (out / "transcript.md").exists() and any(out.glob("0*-table.png"))


class _Engine:
    def round_of(self, view: int) -> int:
        return view


class _Spec:
    engine = _Engine()

    def status_text(self, view: int, names: object, locale: object) -> str:
        return f"Round {view}/3 · scores"


class _Table:
    """A table the demo looks at: its public view is just its round number."""

    spec = _Spec()
    names: tuple[str, ...] = ()
    locale = "en"

    def __init__(self, round_no: int) -> None:
        self.state: object = object()
        self.round_no = round_no

    def public_view(self) -> object:
        return type("Seen", (), {"view": self.round_no})()


def test_a_round_that_ended_between_two_looks_still_gets_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    """Round 2 was a lucky hand, dealt and scored within one step; round 3 ended the match."""
    lines = RoundLines(began=0.0)
    table = _Table(1)
    lines.look([table])
    table.round_no = 3
    lines.look([table])
    lines.finish()
    printed = [line.split(" s  ", 1)[1] for line in capsys.readouterr().out.splitlines()]
    assert printed == [
        "Round 1/3 · scores",
        "#2 · ended as it was dealt",
        "Round 3/3 · scores",
        "match over: Round 3/3 · scores",
    ]


def test_a_last_round_that_ended_as_it_was_dealt_gets_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    lines = RoundLines(began=0.0)
    table = _Table(1)
    lines.look([table])
    table.round_no = 2
    lines.look([table])
    table.round_no = 3
    lines.finish()
    printed = [line.split(" s  ", 1)[1] for line in capsys.readouterr().out.splitlines()]
    assert printed == [
        "Round 1/3 · scores",
        "Round 2/3 · scores",
        "#3 · ended as it was dealt",
        "match over: Round 3/3 · scores",
    ]


def test_a_first_round_that_ended_as_it_was_dealt_gets_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    """The opening deal was a lucky hand: the demo's first look already sees round 2 (a match
    dealt from seed 223 did so, and the demo printed no line for round 1)."""
    lines = RoundLines(began=0.0)
    table = _Table(2)
    lines.look([table])
    table.round_no = 3
    lines.look([table])
    lines.finish()
    printed = [line.split(" s  ", 1)[1] for line in capsys.readouterr().out.splitlines()]
    assert printed == [
        "#1 · ended as it was dealt",
        "Round 2/3 · scores",
        "Round 3/3 · scores",
        "match over: Round 3/3 · scores",
    ]
