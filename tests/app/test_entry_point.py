"""``bot.py`` without a token, with bad settings, and the settings loader."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tsuki.settings import SettingsError, load_settings

ROOT = Path(__file__).resolve().parents[2]


def run_bot(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DEV_GUILD_ID", "TURN_TIMEOUT")
    }
    return subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        cwd=tmp_path,
        env={**clean, **env},
        stdin=subprocess.DEVNULL,  # no terminal: a service, a container
        capture_output=True,
        text=True,
        timeout=600,  # a hang, not slowness: a busy machine starts Python slowly
    )


@pytest.mark.parametrize("token", ["", "   "])
def test_no_token_prints_one_clear_line_and_exits_2(tmp_path: Path, token: str) -> None:
    result = run_bot(tmp_path, DISCORD_TOKEN=token)
    assert result.returncode == 2
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert "DISCORD_TOKEN" in lines[0] and "Traceback" not in result.stderr


def test_no_token_without_a_terminal_says_so_even_when_the_browser_table_could_run(
    tmp_path: Path,
) -> None:
    """Run by a service or in a container (no terminal), ``bot.py`` without a token does not
    start the browser table: it says what to do and exits 2, as before."""
    result = run_bot(tmp_path)
    assert result.returncode == 2
    assert result.stdout == "", "no simulated Discord was started"
    assert "DISCORD_TOKEN is not set" in result.stderr


def test_malformed_setting_is_named_without_a_traceback(tmp_path: Path) -> None:
    result = run_bot(tmp_path, DISCORD_TOKEN="x", TURN_TIMEOUT="soon")
    assert result.returncode == 2
    assert "TURN_TIMEOUT" in result.stderr and "Traceback" not in result.stderr


def test_settings_read_every_variable() -> None:
    settings = load_settings(
        {
            "DISCORD_TOKEN": " abc ",
            "DATABASE_PATH": "x.db",
            "DEV_GUILD_ID": "42",
            "TURN_TIMEOUT": "90",
            "CPU_DELAY": "0.5",
            "LOG_LEVEL": "debug",
        }
    )
    assert (settings.token, settings.database_path, settings.dev_guild_id) == ("abc", "x.db", 42)
    assert (settings.turn_timeout, settings.cpu_delay, settings.log_level) == (90.0, 0.5, "DEBUG")
    assert "abc" not in repr(settings), "the token is never printed"


@pytest.mark.parametrize(
    ("key", "value"), [("DEV_GUILD_ID", "my-server"), ("TURN_TIMEOUT", "5"), ("CPU_DELAY", "-1")]
)
def test_bad_settings_are_refused_with_their_name(key: str, value: str) -> None:
    with pytest.raises(SettingsError, match=key):
        load_settings({key: value})
