"""``bot.py --demo <game>``: a whole CPU match through the real bot, written to a folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from tsuki.demo import DEMO_COMMANDS, Traffic, count_traffic, run_demo

# Issue 12's targets for each demo match (CPU seats only): new messages in the thread, the live
# board's edits not counted. Before the live board: 41, 19, 56, 96 and 247.
MAX_MESSAGES = {"koikoi": 20, "roppyakken": 10, "gostop": 25, "doudizhu": 25, "goita": 60}


@pytest.mark.parametrize("game", sorted(DEMO_COMMANDS))
async def test_demo_plays_a_whole_cpu_match_and_writes_transcript_and_images(
    tmp_path: Path, game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert await run_demo(game, str(tmp_path), rounds=3) == 0
    transcript = (tmp_path / "transcript.md").read_text(encoding="utf-8")
    assert any(words in transcript for words in ("wins the match", "win the match", "tie")), (
        "the match ends with a winner line"
    )
    images = sorted(tmp_path.glob("*.png"))
    assert any("table" in p.name for p in images) and any("match" in p.name for p in images)
    assert images[0].read_bytes().startswith(b"\x89PNG")
    printed = capsys.readouterr().out
    posts = int(printed.split("Demo finished in ")[1].split(" s: ")[1].split(" new messages")[0])
    assert 2 <= posts <= MAX_MESSAGES[game], printed


def test_traffic_counts_posts_pings_and_edits_in_the_match_channels_only() -> None:
    class Call:
        def __init__(self, method: str, path: str, json: object = None) -> None:
            self.method, self.path, self.json = method, path, json

    calls = [
        Call("POST", "/channels/7/messages", {"content": "board"}),
        Call("POST", "/channels/7/messages", {"components": [{"custom_id": "t:1:4:turn"}]}),
        Call("PATCH", "/channels/7/messages/99", {"content": "board, edited"}),
        Call("POST", "/channels/8/messages", {"content": "another channel"}),
        Call("DELETE", "/channels/7/messages/98"),
        Call("POST", "/channels/7/messages/99/threads", {"name": "a thread"}),
    ]
    assert count_traffic(calls, {7}) == Traffic(posts=2, pings=1, edits=1)


async def test_an_unknown_demo_game_is_refused(tmp_path: Path) -> None:
    assert await run_demo("chess", str(tmp_path)) == 2
