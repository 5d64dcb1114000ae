"""``bot.py --demo <game>``: a whole CPU match through the real bot, written to a folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from tsuki.demo import DEMO_COMMANDS, run_demo


@pytest.mark.parametrize("game", sorted(DEMO_COMMANDS))
async def test_demo_plays_a_whole_cpu_match_and_writes_transcript_and_images(
    tmp_path: Path, game: str
) -> None:
    assert await run_demo(game, str(tmp_path), rounds=3) == 0
    transcript = (tmp_path / "transcript.md").read_text(encoding="utf-8")
    assert any(words in transcript for words in ("wins the match", "win the match", "tie")), (
        "the match ends with a winner line"
    )
    images = sorted(tmp_path.glob("*.png"))
    assert len(images) > 10 and any("match" in p.name for p in images)
    assert images[0].read_bytes().startswith(b"\x89PNG")


async def test_an_unknown_demo_game_is_refused(tmp_path: Path) -> None:
    assert await run_demo("chess", str(tmp_path)) == 2
