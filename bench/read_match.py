"""What a new player sees, in order: one scripted human-vs-CPU match per game, read back.

Run: ``python bench/read_match.py [game ...] [--out DIR]``. Each game's match is played through
SimCord (the real bot, a simulated Discord) by the scripted human of ``tests/cogs/match_counts``
(auto-pass on, as in production), and everything the human would see is written, in order, to
``DIR/<game>/thread.txt``: every public post and every later edit of it (its text, its buttons),
and every private (ephemeral) answer the human got and its edits. Each image is saved once to
``DIR/<game>/`` (``NNN-public-table.png``, ``NNN-private-hand.png``…), its name quoted in the
thread where it shows. The matches are short (a round or two) so the thread stays readable.
Prints, per game, the number of posts, edits, private messages and images.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
from simcord import Env

from cogs.table import autopass, lobby
from cogs.table.cards import text_of, walk
from tests.cogs.harness import SETTLE_TIMEOUT, TEST_CPU_DELAY, patient, setup_guild, start_vs_cpu, the_table
from tests.cogs.match_counts import MAX_STEPS, SETTLE_AFTER, Counts, Player, Style
from tsuki.bot import TsukiBot
from tsuki.settings import Settings

# Short matches: what one or two rounds show is what every round shows.
MATCHES: dict[str, tuple[str, dict[str, Any]]] = {
    "koikoi": ("koikoi start", {"rounds": 3}),
    "roppyakken": ("roppyakken start", {"target": 300}),
    "gostop": ("gostop start", {"rounds": 3}),
    "doudizhu": ("doudizhu start", {"deals": 1}),
    "goita": ("goita start", {"target": 10}),
}
SEED = 7
HUMAN_MOVES = 30  # the reading stops (mid-match) once the human has made this many moves


def controls(message: Any) -> list[str]:
    """The message's buttons and menus as a player reads them: label (or emoji), greyed or not."""
    shown: list[str] = []
    for item in walk(message.components):
        kind = getattr(item, "type", None)
        if kind == discord.ComponentType.button:
            label = " ".join(part for part in (str(item.emoji or ""), item.label or "") if part) or "?"
            style = "" if item.style is discord.ButtonStyle.secondary else f" ({item.style.name})"
            shown.append(f"[{label}{style}{' (greyed)' if item.disabled else ''}]")
        elif kind == discord.ComponentType.string_select:
            options = ", ".join(o.label for o in item.options)
            shown.append(f"<menu {item.placeholder or ''}: {options}>")
    return shown


class Reader:
    """Writes what the human sees, as it changes, and saves each image once."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.lines: list[str] = []
        self.seen: dict[int, tuple[str, tuple[str, ...], tuple[str, ...]]] = {}
        self.images: dict[str, str] = {}  # attachment url -> saved name
        self.posts = self.edits = self.private = 0
        self.clock = 0.0

    async def _images(self, message: Any, where: str) -> list[str]:
        names = []
        for attachment in message.attachments:
            if attachment.url not in self.images:
                name = f"{len(self.images):03d}-{where}-{attachment.filename}"
                (self.folder / name).write_bytes(await attachment.read())
                self.images[attachment.url] = name
            names.append(self.images[attachment.url])
        return names

    async def show(self, message: Any, where: str) -> None:
        """Write ``message`` if it is new or changed since it was last shown."""
        if message is None:
            return
        text, buttons = text_of(message), tuple(controls(message))
        images = tuple(await self._images(message, where))
        before = self.seen.get(message.id)
        if before == (text, buttons, images):
            return
        kind = "edit" if before is not None else "new"
        if before is None:
            self.posts += where == "public"
            self.private += where == "private"
        else:
            self.edits += 1
        self.seen[message.id] = (text, buttons, images)
        self.lines.append(f"===== t={self.clock:.0f}s {where} {kind} #{message.id % 100000}")
        self.lines.extend(text.splitlines() or ["(no text)"])
        if images:
            self.lines.append("images: " + ", ".join(images))
        if buttons:
            self.lines.append("buttons: " + " ".join(buttons))

    def note(self, line: str) -> None:
        self.lines.append(f"----- {line}")


class ReadingPlayer(Player):
    """The scripted human, whose every private answer is read."""

    reader: Reader

    async def click(self, message: Any, custom_id: str) -> Any:
        label = next(
            (
                getattr(i, "label", None) or str(getattr(i, "emoji", "") or "")
                for i in walk(message.components)
                if getattr(i, "custom_id", None) == custom_id
            ),
            custom_id,
        )
        self.reader.note(f"alice clicks [{label}]")
        result = await super().click(message, custom_id)
        for shown in ([result.response] if result.response is not None else []) + result.followups:
            await self.reader.show(shown.message, "private" if shown.ephemeral else "public")
        return result


async def read_aside(player: ReadingPlayer, place: Any) -> bool:
    """A few moves in, the human clicks the board's other buttons (Log, Watch) once and reads
    what they show, then goes back to playing in their hand."""
    board = place.last_table()
    hand = player.hand
    for item in walk(board.components):
        custom_id = getattr(item, "custom_id", None) or ""
        if getattr(item, "label", None) not in (None, "") and not custom_id.endswith(":hand"):
            await player.click(board, custom_id)
    player.hand = hand  # the hand stays the message they play in
    return True


async def read_match(game: str, out: Path) -> Reader:
    command, options = MATCHES[game]
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(database_path=f"{tmp}/tsuki.db", cpu_delay=TEST_CPU_DELAY, turn_timeout=300)
        bot = TsukiBot(settings)
        env = patient(Env(bot, settle_timeout=SETTLE_TIMEOUT))
        await env.start()
        reader = Reader(out / game)
        try:
            _, channel, (alice,) = setup_guild(env, "alice")
            place = await start_vs_cpu(env, channel, alice, command=command, **options)
            table = the_table(bot)
            player = ReadingPlayer(env, place, alice, table, Counts(game, Style.LIVE_HAND))
            player.reader = reader
            advance = env.advance_time

            async def advance_and_read(seconds: float) -> None:
                await advance(seconds)
                reader.clock += seconds
                for message in place.messages():
                    await reader.show(message, "public")
                await reader.show(player.hand_message(), "private")

            env.advance_time = advance_and_read
            await advance_and_read(0)
            await player.open_from_board()
            moves_read_aside = False
            for _ in range(MAX_STEPS):
                if not moves_read_aside and player.counts.moves >= 3:
                    moves_read_aside = await read_aside(player, place)
                if table.status != "active" or player.counts.moves >= HUMAN_MOVES:
                    reader.note("match over" if table.status != "active" else "reading stopped")
                    break
                if player.to_act():
                    seq = table.seq
                    await env.advance_time(autopass.DELAY[1])
                    if table.seq == seq and player.to_act():
                        await player.play_turn_move()
                        player.counts.moves += 1
                        await advance_and_read(0)
                else:
                    await env.advance_time(TEST_CPU_DELAY)
            await env.advance_time(SETTLE_AFTER)
        finally:
            await env.shutdown()
            await bot.release()
    (out / game / "thread.txt").write_text("\n".join(reader.lines) + "\n")
    return reader


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(MATCHES))
    parser.add_argument("--out", type=Path, default=Path("read_match"))
    args = parser.parse_args()
    lobby._new_seed = lambda: SEED  # the same deal every run
    for game in args.games:
        reader = await read_match(game, args.out)
        print(
            f"{game}: {reader.posts} public posts, {reader.edits} edits, {reader.private} private "
            f"messages, {len(reader.images)} images -> {args.out / game}/thread.txt"
        )


if __name__ == "__main__":
    asyncio.run(main())
