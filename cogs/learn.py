"""``/<game> learn``: a practice match against the CPU in which every turn explains itself.

Where it is played: like any table, from a lobby message in the channel and then in the match's
thread, with CPU (beginner) seats filling every other seat at once, so nobody else can sit down.
What is private is what matters: the hints and the tutorial are only ever in the learner's own
hand message (ephemeral), computed from their seat's view (:mod:`engine.hints`). A private
thread would hide the board too, but needs the *Create Private Threads* permission and Discord
shows it to nobody who could help; the public thread lets a friend watch (``/watch``) and, with
``/coach``, teach.

The match is short (each game's ``GameSpec.learn``: three rounds, two hands, a low target), its options say
``learn`` and ``hints`` (the lobby says so), and the first four decisions open with the steps
of the tutorial (``cogs.table.hints_text``), skipped with **Skip tutorial**. Neither is kept
in memory only: the step follows the learner's moves in the stored log and the skip is saved in
the table's meta, so a restarted bot resumes the tutorial where it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from cogs.table import hints_text, lobby, play
from cogs.table.components import Routed
from cogs.table.manager import TableManager
from cogs.table.replies import refuse, report_error, user_locale
from engine.ai.levels import Level
from i18n import t

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot


async def start_learn(tables: TableManager, interaction: discord.Interaction, game: str) -> None:
    """``/<game> learn``: open a table with the caller and beginner CPUs; it starts at once."""
    try:
        spec = tables.specs[game]
        if spec.learn is None:
            raise KeyError(f"{game} has no learn mode")
        seats, fixed = spec.learn
        engine = spec.engine
        rules = engine.rules_from("seed", fixed)
        options: dict[str, Any] = {"seats": seats, **fixed, "preset": "seed", "learn": True, "hints": True}
        table = await lobby.open_lobby(
            tables,
            interaction,
            game,
            rules,
            options,
            cpu_seats=seats - 1,
            cpu_levels=[Level.BEGINNER],
        )
        locale = user_locale(interaction)
        where = f"<#{table.thread_id}>" if table.thread_id else f"<#{table.channel_id}>"
        await interaction.followup.send(t(locale, "learn.started", where=where), ephemeral=True)
    except Exception as error:
        await report_error(interaction, error)


class SkipTutorial(Routed, template=hints_text.SKIP_TEMPLATE):
    """**Skip tutorial** in a learner's hand: the tutorial ends, the hand shows the hints only."""

    async def on_click(self, interaction: discord.Interaction) -> None:
        tables = TableManager.of(interaction.client)
        table = tables.tables.get(self.number("game"))
        seat = table.seat_of(interaction.user.id) if table is not None else None
        if table is None or seat is None or seat.index != self.number("seat"):
            return await refuse(interaction, "error.unknown_button")
        async with table.lock:  # saved with the table: a restarted bot keeps it skipped
            seat.tutorial_skipped = True
            await tables.save_meta(table)
        await play.send_hand(interaction, table, seat, tables)
        return None


async def setup(bot: TsukiBot) -> None:
    """Route **Skip tutorial** clicks (the command itself is each game's ``learn``)."""
    bot.add_dynamic_items(SkipTutorial)
