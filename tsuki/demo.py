"""``python bot.py --demo <game>``: a whole CPU match through the real cogs on a simulated Discord.

SimCord runs discord.py unmodified against an in-memory Discord, with a virtual clock, so
the CPU pauses and turn timers pass instantly. Every message the bot posted is written to a
transcript, and every image it attached to a numbered PNG file in the output folder (the files
of an earlier demo there are removed first). It prints a line as each round begins and one at
the end, with the seconds elapsed.
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from cogs.registry import SPECS
from cogs.table import cards
from tsuki.local.quiet import import_simcord
from tsuki.settings import Settings

# Each game's start command and its options (``GameSpec.demo``); ``rounds`` is passed only to
# games that take it.
DEMO_COMMANDS: dict[str, tuple[str, dict[str, Any]]] = {
    game: (f"{game} start", dict(spec.demo)) for game, spec in SPECS.items() if spec.demo is not None
}
TAKES_ROUNDS = {game for game, spec in SPECS.items() if spec.demo_rounds}
# How long one step of the demo (the start, one CPU move and its posts) may take on this machine
# before SimCord calls it stuck: generous, as a busy machine draws its images slowly. The CPU's
# pause is longer still, so it always passes on the virtual clock: SimCord waits a bot's sleep
# out in real time when it would end before that deadline.
SETTLE_TIMEOUT = 300.0
CPU_DELAY = SETTLE_TIMEOUT + 60.0


async def run_demo(game: str, out: str, *, rounds: int = 3, max_steps: int = 5000) -> int:
    """Play one match of ``game`` between CPU seats; returns a process exit status (2: refused)."""
    simcord = import_simcord()
    from tsuki.bot import TsukiBot

    if game not in DEMO_COMMANDS:
        print(f"Tsuki: no demo for {game!r}; try one of: {', '.join(DEMO_COMMANDS)}", file=sys.stderr)
        return 2
    folder = Path(out)
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(database_path=str(Path(tmp) / "demo.db"), cpu_delay=CPU_DELAY)
        bot = TsukiBot(settings)
        bot.warm_games = (game,)  # the demo draws one game's cards, not all five
        print(f"Tsuki demo: {game}, CPU against CPU on a simulated Discord; drawing the cards…", flush=True)
        try:  # however the demo ends, the bot's database thread is closed (else the process hangs)
            async with simcord.run(bot, settle_timeout=SETTLE_TIMEOUT) as env:
                guild = env.create_guild(name="Tsuki demo")
                channel = guild.create_text_channel(game)
                host = guild.add_member(env.create_user("demo-host"))
                command, options = DEMO_COMMANDS[game]
                if game in TAKES_ROUNDS:
                    options = {"rounds": rounds, **options}
                refusal = option_refusal(bot.tree, command, options)
                if refusal is not None:
                    print(f"Tsuki: {refusal}", file=sys.stderr)
                    return 2
                clear_demo_files(folder)
                try:
                    await host.slash(channel, command, **options)
                except simcord.OptionError as error:  # a constraint the check above does not know
                    print(f"Tsuki: /{command} refused the demo's options: {error}", file=sys.stderr)
                    return 2
                rounds_seen = RoundLines(began)
                for _ in range(max_steps):
                    rounds_seen.look(bot.tables.tables.values())
                    if not bot.tables.tables:
                        break
                    await env.advance_time(settings.cpu_delay)
                rounds_seen.finish()
                place = channel.threads[0] if channel.threads else channel
                history = place.history()
                await _write_transcript(history, folder)
                traffic = count_traffic(env.http_requests, {channel.id, place.id})
        finally:
            await bot.release()
    print(
        f"Demo finished in {time.perf_counter() - began:.0f} s: {traffic.posts} new messages "
        f"({traffic.pings} of them turn pings), {traffic.edits} edits; transcript and images in {folder}/"
    )
    return 0


DEMO_FILE = re.compile(r"^(transcript\.md|\d{3}-[A-Za-z0-9._-]+)$")


def clear_demo_files(folder: Path) -> int:
    """Make ``folder`` and remove what an earlier demo wrote there (the transcript and its
    numbered images), so old images never mix with new ones. Other files are left alone: the
    folder may be one the user named with ``--out``. Returns how many were removed."""
    folder.mkdir(parents=True, exist_ok=True)
    removed = 0
    for path in folder.iterdir():
        if path.is_file() and DEMO_FILE.match(path.name):
            path.unlink()
            removed += 1
    return removed


class RoundLines:
    """Prints a line as each round (a hand, in Dou Dizhu) begins and one when the match ends:
    the seconds since the demo began and the table's own status line (round, scores)."""

    def __init__(self, began: float) -> None:
        self.began = began
        self.round: object = None
        self.table: Any = None

    def look(self, tables: Iterable[Any]) -> None:
        for table in tables:
            if table.state is None:
                continue
            self.table = table
            view = table.public_view().view
            number = table.spec.engine.round_of(view)
            if number != self.round:
                self._print_skipped(number)
                self.round = number
                self._print(table, view, number)

    def finish(self) -> None:
        if self.table is not None and self.table.state is not None:
            view = self.table.public_view().view
            number = self.table.spec.engine.round_of(view)
            if number != self.round:
                self._print_skipped(number, through=True)
            self._print(self.table, view, None, over=True)

    def _print_skipped(self, number: object, *, through: bool = False) -> None:
        """Rounds that began and ended between two looks: a lucky hand (Koi-Koi), a chongtong
        (Go-Stop) ends a round as it is dealt, with no turn to see it by. ``through``: up to
        ``number`` itself (the match ended in it). Before the first look the match is before its
        first round: a first round that ended as it was dealt gets its line too."""
        last = 0 if self.round is None else self.round
        if not isinstance(last, int) or not isinstance(number, int):
            return
        for skipped in range(last + 1, number + 1 if through else number):
            print(
                f"  {time.perf_counter() - self.began:5.1f} s  #{skipped} · ended as it was dealt", flush=True
            )

    def _print(self, table: Any, view: Any, number: object, *, over: bool = False) -> None:
        status = " ".join(table.spec.status_text(view, table.names, table.locale).replace("**", "").split())
        if number is not None and str(number) not in status:
            status = f"#{number} · {status}"
        mark = "match over: " if over else ""
        print(f"  {time.perf_counter() - self.began:5.1f} s  {mark}{status}", flush=True)


@dataclass(frozen=True, slots=True)
class Traffic:
    """What a match cost in Discord messages, as players see it in their channel."""

    posts: int  # new messages, pings included
    pings: int  # new messages that ping the player to act (deleted when the turn ends)
    edits: int  # messages edited in place (the live board, the lobby)


def count_traffic(requests: Iterable[Any], channel_ids: set[int]) -> Traffic:
    """Count the bot's REST calls that create or edit messages in ``channel_ids``."""
    posts = pings = edits = 0
    for request in requests:
        parts = request.path.strip("/").split("/")
        if (
            len(parts) < 3
            or parts[0] != "channels"
            or int(parts[1]) not in channel_ids
            or parts[2] != "messages"
        ):
            continue
        if request.method == "POST" and len(parts) == 3:
            posts += 1
            pings += ":turn" in str(request.json)
        elif request.method == "PATCH" and len(parts) == 4:
            edits += 1
    return Traffic(posts, pings, edits)


def option_refusal(tree: app_commands.CommandTree[Any], command: str, options: dict[str, Any]) -> str | None:
    """Why ``/command`` would refuse ``options`` (a value outside its choices or range), or None.

    Checked before the demo types the command, so ``--rounds 1`` is refused in words that name
    the values allowed, instead of failing inside the simulated Discord.
    """
    group, _, name = command.partition(" ")
    found = tree.get_command(group)
    if isinstance(found, app_commands.Group) and name:
        found = found.get_command(name)
    if not isinstance(found, app_commands.Command):
        return f"the demo's command /{command} does not exist"
    for key, value in options.items():
        param = found.get_parameter(key)
        if param is None:
            return f"/{command} has no option {key!r}"
        allowed = [choice.value for choice in param.choices]
        if allowed and value not in allowed:
            shown = ", ".join(map(str, allowed))
            return f"/{command} does not offer {key} {value!r}: choose one of {shown}"
        low, high = param.min_value, param.max_value
        if isinstance(value, int | float) and (
            (low is not None and value < low) or (high is not None and value > high)
        ):
            return f"/{command} takes {key} from {low} to {high}, not {value}"
    return None


async def _write_transcript(history: list[discord.Message], folder: Path) -> None:
    lines: list[str] = []
    for n, message in enumerate(sorted(history, key=lambda m: m.id), start=1):
        lines.append(f"--- message {n} ---")
        lines.append(cards.text_of(message))  # a board's and the results' text are a card's
        for attachment in message.attachments:
            name = f"{n:03d}-{_safe(attachment.filename)}"
            data: Any = await attachment.read()
            (folder / name).write_bytes(data)
            lines.append(f"[image: {name}]")
    (folder / "transcript.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", name)
