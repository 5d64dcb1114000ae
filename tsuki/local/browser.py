"""``python bot.py`` without a token, from a terminal: play at a table in the browser.

The same bot (every cog, the store, the CPUs, the images) runs on SimCord, a simulated Discord,
and SimCord's preview serves its one channel on this computer: type a game's start command and play
against the CPU, or open a second tab as the second player. Nothing leaves the computer.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import tempfile
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cogs.registry import GROUPS
from tsuki.local.pump import ClockPump
from tsuki.local.quiet import import_simcord
from tsuki.local.world import build_world, post_welcome, set_clock_to_now
from tsuki.settings import Settings

LOCALE = "en"  # SimCord's interactions speak en-US: the page, the bot's replies and the guide agree


def show_mentions_in_embeds() -> bool:
    """Have the preview draw ``<@id>`` in an embed's description and field values as a name.

    Discord does (without pinging); SimCord 3.2's preview leaves them as raw ids, so the lobby's
    seat list read ``<@1575807832429690884>``. Titles, footers and field names stay plain, as on
    Discord. Returns False, changing nothing, if the preview's markdown policies are not the
    shape this was written for.
    """
    try:
        from simcord.preview._markdown import _FIELD_POLICIES as policies
    except ImportError:
        return False
    fields = ("embed_description", "embed_field_value")
    if not all(isinstance(policies.get(f), dict) and "mentions" in policies[f] for f in fields):
        return False
    for field in fields:
        policies[field]["mentions"] = True
    return True


def local_timezone() -> str:
    """The IANA name of this computer's time zone (``TZ``, else /etc/localtime), else UTC."""
    from zoneinfo import ZoneInfo

    candidates = [os.environ.get("TZ", "").lstrip(":")]
    with contextlib.suppress(OSError):
        candidates.append(str(Path("/etc/localtime").resolve()).partition("zoneinfo/")[2])
    for name in candidates:
        if not name:
            continue
        try:
            ZoneInfo(name)
        except Exception:
            continue
        return name
    return "UTC"


def announce(url: str, *, opened: bool) -> None:
    """Tell the person in the terminal where the table is and how to stop."""
    where = "Opened in your browser" if opened else "Open this address in your browser"
    print(f"Tsuki is running on a simulated Discord. {where}:\n  {url}", flush=True)
    first, *others = (f"/{game}" for game in GROUPS)
    print(
        f"Type {first} start (or {', '.join(others)}) there. A second tab plays as Player 2. Ctrl+C stops.",
        flush=True,
    )


async def run_browser_table(
    settings: Settings,
    *,
    open_url: Callable[[str], bool] = webbrowser.open,
    port: int | None = None,
    ready: Callable[[Any], None] | None = None,
) -> int:
    """Run the bot on a simulated Discord and serve its channel to the browser until the page's
    **End preview session**, Ctrl+C or cancellation. ``ready`` gets the preview once it serves
    (the tests read its address there)."""
    simcord = import_simcord()
    show_mentions_in_embeds()
    from tsuki.bot import TsukiBot

    print("Tsuki: starting on a simulated Discord (the first start draws the cards: ~20 s)…", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        local = Settings(
            database_path=str(Path(tmp) / "local.db"),
            turn_timeout=settings.turn_timeout,
            cpu_delay=settings.cpu_delay,
            log_level=settings.log_level,
            cpu_think_time=settings.cpu_think_time,
            cpu_workers=settings.cpu_workers,
        )
        bot = TsukiBot(local)
        try:
            async with simcord.run(bot, settle_timeout=60.0) as env:
                await set_clock_to_now(env)
                world = build_world(env, locale=LOCALE)
                await post_welcome(world.guild, world, locale=LOCALE)
                preview = env.preview(
                    world.channel,
                    viewers=list(world.players),
                    layout="channel",
                    timezone=local_timezone(),
                    port=port,
                )
                async with preview:
                    pump = ClockPump(env, preview)
                    pump.serialise()
                    if ready is not None:
                        ready(preview)
                    announce(preview.url, opened=_open(open_url, preview.url))
                    running = asyncio.ensure_future(pump.run())
                    try:
                        await preview.wait_closed()
                    finally:
                        running.cancel()
                        with contextlib.suppress(asyncio.CancelledError):
                            await running
        finally:
            await bot.release()
    return 0


def _open(open_url: Callable[[str], bool], url: str) -> bool:
    try:
        return bool(open_url(url))
    except Exception:  # no browser here (a server over SSH): the address is printed anyway
        return False


def stdin_is_terminal() -> bool:
    """A person at a terminal (not a service, a container or a pipe)."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False
