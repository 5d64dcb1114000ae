"""``python bot.py --demo <game>``: a whole CPU match through the real cogs on a simulated Discord.

SimCord runs discord.py unmodified against an in-memory Discord, with a virtual clock, so
the CPU pauses and turn timers pass instantly. Every message the bot posted is written to a
transcript, and every image it attached to a numbered PNG file in the output folder.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

import discord

from tsuki.settings import Settings

# Each game's start command and its options; ``rounds`` is passed only to games that take it.
DEMO_COMMANDS: dict[str, tuple[str, dict[str, Any]]] = {
    "koikoi": ("koikoi start", {"opponent": "watch"}),
    "roppyakken": ("roppyakken start", {"opponent": "watch", "preset": "sanbyakuken"}),
    "gostop": ("gostop start", {"opponent": "watch"}),
    "doudizhu": ("doudizhu start", {"opponent": "watch", "hands": 2}),
    "goita": ("goita start", {"opponent": "watch"}),
}
TAKES_ROUNDS = {"koikoi", "gostop"}


async def run_demo(game: str, out: str, *, rounds: int = 3, max_steps: int = 5000) -> int:
    """Play one match of ``game`` between CPU seats; returns a process exit status."""
    import simcord

    from tsuki.bot import TsukiBot

    if game not in DEMO_COMMANDS:
        print(f"Tsuki: no demo for {game!r}; try one of: {', '.join(DEMO_COMMANDS)}")
        return 2
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(database_path=str(Path(tmp) / "demo.db"), cpu_delay=1.5)
        bot = TsukiBot(settings)
        async with simcord.run(bot) as env:
            guild = env.create_guild(name="Tsuki demo")
            channel = guild.create_text_channel(game)
            host = guild.add_member(env.create_user("demo-host"))
            command, options = DEMO_COMMANDS[game]
            if game in TAKES_ROUNDS:
                options = {"rounds": rounds, **options}
            await host.slash(channel, command, **options)
            for _ in range(max_steps):
                if not bot.tables.tables:
                    break
                await env.advance_time(settings.cpu_delay)
            place = channel.threads[0] if channel.threads else channel
            lines = await _write_transcript(place.history(), folder)
        await bot.release()
    print(f"Demo finished: {len(lines)} messages, transcript and images in {folder}/")
    return 0


async def _write_transcript(history: list[discord.Message], folder: Path) -> list[str]:
    lines: list[str] = []
    for n, message in enumerate(sorted(history, key=lambda m: m.id), start=1):
        lines.append(f"--- message {n} ---")
        lines.append(message.content)
        for attachment in message.attachments:
            name = f"{n:03d}-{_safe(attachment.filename)}"
            data: Any = await attachment.read()
            (folder / name).write_bytes(data)
            lines.append(f"[image: {name}]")
    (folder / "transcript.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return lines


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", name)
