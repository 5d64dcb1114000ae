"""``/verify`` and ``/export``: anyone on the server can check a finished match, or take it home.

``/verify <game>`` reads the commitment back from the match's first post in its thread (what
players saw, not the database), checks it against the revealed seed and salt, then replays every
stored move and compares the end with the stored results. ``/export <game>`` hands over the
match's record as JSON (docs/export.md), which ``python -m tsuki.replay FILE`` replays offline.
Only finished matches: a running match's seed stays sealed.
"""

from __future__ import annotations

import asyncio
import io
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

import store
from cogs.config_locale import public_locale
from cogs.table import cards, ids, limits
from cogs.table.commitment import posted_commitment
from cogs.table.replies import ephemeral, user_locale
from cogs.table.spec import GameSpec
from engine.audit import Move, commitment, replay_log
from engine.core import Outcome
from i18n import t

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot

HISTORY_LIMIT = 2000  # messages read back to find a match's first post (a long Goita match: ~200)
EXPORT_FORMAT, EXPORT_VERSION = "tsuki-match", 1


@dataclass(frozen=True, slots=True)
class Finding:
    """The answer to ``/verify``: an i18n key and its fields."""

    key: str
    params: dict[str, Any]

    @property
    def ok(self) -> bool:
        return self.key == "fairness.verify.ok"


def export_record(
    row: store.GameRow, salt: str | None, actions: list[store.ActionRow], results: list[store.SeatResult]
) -> dict[str, Any]:
    """A finished match as the JSON object of docs/export.md."""
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "game_id": row.id,
        "game": row.game,
        "status": row.status,
        "started_at": row.started_at,
        "finished_at": row.finished_at,
        "rules": row.rules,
        "seed": row.seed,
        "salt": salt,
        "commitment": None if salt is None else commitment(row.seed, salt),
        "players": [
            {"seat": s.seat, "name": s.display_name, "user_id": s.user_id, "cpu": s.is_cpu} for s in row.seats
        ],
        "actions": [{"seq": a.seq, "seat": a.seat, "action": a.action, "by_cpu": a.by_cpu} for a in actions],
        "results": [
            {"seat": r.seat, "points": r.points, "won": r.won, "best_round": r.best_round, "extra": r.extra}
            for r in results
        ],
    }


def expected_results(
    spec: GameSpec, state: Any, outcome: Outcome | None, stored: list[store.SeatResult]
) -> list[store.SeatResult]:
    """The results the table flow records for this final state: ``spec.results``, and for a forfeit
    the same adjustment as ``TableManager.finish`` (the quitter keeps no points won, their side loses)."""
    view = spec.engine.view(state, None)
    quitter = next((r.seat for r in stored if r.extra.get("forfeit")), None)
    if quitter is None:
        assert outcome is not None
        return spec.results(outcome, view)
    scores = spec.engine.scores_of(view, len(stored))
    rows = spec.results(outcome or Outcome(scores, ()), view)
    teams = spec.engine.seat_teams(len(rows))
    return [
        store.SeatResult(
            r.seat, min(r.points, 0) if r.seat == quitter else r.points, teams[r.seat] != teams[quitter]
        )
        for r in rows
    ]


def check_replay(
    spec: GameSpec, row: store.GameRow, actions: list[store.ActionRow], stored: list[store.SeatResult]
) -> Finding | None:
    """Replay the stored moves and compare with the stored results: the first mismatch, or None."""
    engine = spec.engine
    rules = engine.stored_rules(row.rules)
    moves = [Move(a.seq, a.seat, a.action) for a in actions]
    replayed = replay_log(engine, len(row.seats), rules, row.seed, moves)
    names = {s.seat: s.display_name for s in row.seats}
    if (m := replayed.mismatch) is not None:
        action = next((a for a in actions if a.seq == m.seq), None)
        who = names.get(action.seat, "?") if action else "?"
        params = {"seq": m.seq, "action": action.action if action else "?", "who": who, "error": m.detail}
        return Finding("fairness.verify.bad_move", {"why": f"fairness.why.{m.kind}", **params})
    forfeit = any(r.extra.get("forfeit") for r in stored)
    if replayed.outcome is None and not forfeit:
        return Finding("fairness.verify.unfinished", {"count": len(moves)})
    expected = {r.seat: r for r in expected_results(spec, replayed.state, replayed.outcome, stored)}
    for r in stored:
        want = expected.get(r.seat)
        if want is None or (want.points, want.won) != (r.points, r.won):
            points = None if want is None else want.points
            params = {"who": names.get(r.seat, "?"), "stored": r.points, "replayed": points}
            return Finding("fairness.verify.bad_result", params)
    return None


class FairnessCog(commands.Cog, name="Fairness"):
    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot

    async def _finished(self, interaction: discord.Interaction, game: int) -> store.GameRow | None:
        """The finished match ``game`` of this server, or None after refusing."""
        row = await store.get_game(self.bot.db, game) if ids.is_stored_id(game) else None
        loc = user_locale(interaction)
        if row is None or row.guild_id != interaction.guild_id:
            await ephemeral(interaction, t(loc, "fairness.not_found", game=game))
            return None
        if row.status != "finished":
            await ephemeral(interaction, t(loc, "fairness.not_finished", game=game))
            return None
        return row

    @app_commands.command(
        name=_("verify"), description=_("Check a finished match: its sealed deal and every move")
    )
    @app_commands.describe(game=_("The match's number (#12 in its posts)"))
    @app_commands.guild_only()
    async def verify(self, interaction: discord.Interaction, game: int) -> None:
        row = await self._finished(interaction, game)
        if row is None:
            return
        await interaction.response.defer(thinking=True)
        finding = await self.check(row)
        loc = await public_locale(self.bot.db, interaction)  # a public answer: the server's language
        params = dict(finding.params)
        if "why" in params:
            params["why"] = t(loc, params["why"], error=params["error"])
        text = t(loc, finding.key, game=row.id, **params)
        await interaction.followup.send(
            **limits.fit({"content": text}), allowed_mentions=discord.AllowedMentions.none()
        )

    async def check(self, row: store.GameRow) -> Finding:
        """The commitment as posted, the revealed seed and salt, then every move and the results."""
        salt = await store.salt_for(self.bot.db, row.id)
        if salt is None:
            return Finding("fairness.verify.no_salt", {})
        first = await self.first_post(row)
        if first is None:
            return Finding("fairness.verify.no_post", {"where": f"<#{row.place_id}>"})
        posted = posted_commitment(cards.text_of(first), row.id)  # a card's text, or a classic post's
        actual = commitment(row.seed, salt)
        if posted is None:
            return Finding("fairness.verify.no_post", {"where": first.jump_url})
        if posted != actual:
            return Finding(
                "fairness.verify.bad_hash", {"link": first.jump_url, "posted": posted, "actual": actual}
            )
        spec = self.bot.tables.specs[row.game]
        actions = await store.actions_for(self.bot.db, row.id)
        results = await store.results_for(self.bot.db, row.id)
        mismatch = await asyncio.to_thread(check_replay, spec, row, actions, results)
        if mismatch is not None:
            return mismatch
        return Finding(
            "fairness.verify.ok",
            {"link": first.jump_url, "seed": row.seed, "salt": salt, "moves": len(actions)},
        )

    async def first_post(self, row: store.GameRow) -> discord.Message | None:
        """The match's first public post: the bot's oldest message in the match's place that is
        of this match (its buttons carry ``t:{game}:``, or it carries the commitment). Newest
        first is the one reading order that pages the same everywhere; a match played in its
        lobby's channel stops at its lobby message."""
        try:
            channel = self.bot.get_channel(row.place_id) or await self.bot.fetch_channel(row.place_id)
        except discord.HTTPException:
            return None
        me, first = self.bot.user, None
        prefix = f"t:{row.id}:"
        try:
            async for message in channel.history(limit=HISTORY_LIMIT):  # type: ignore[union-attr]  # a table lives in a text channel or thread
                if row.lobby_message_id is not None and message.id <= row.lobby_message_id:
                    break
                if me is None or message.author.id != me.id:
                    continue
                ids = [getattr(c, "custom_id", None) or "" for c in cards.walk(message.components)]
                if any(i.startswith(prefix) for i in ids) or posted_commitment(
                    cards.text_of(message), row.id
                ):
                    first = message
        except discord.HTTPException:
            return None
        return first

    @app_commands.command(name=_("export"), description=_("A finished match's full record, as a JSON file"))
    @app_commands.describe(game=_("The match's number (#12 in its posts)"))
    @app_commands.guild_only()
    async def export(self, interaction: discord.Interaction, game: int) -> None:
        row = await self._finished(interaction, game)
        if row is None:
            return
        salt = await store.salt_for(self.bot.db, row.id)
        actions = await store.actions_for(self.bot.db, row.id)
        results = await store.results_for(self.bot.db, row.id)
        record = export_record(row, salt, actions, results)
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        name = f"tsuki-{row.game}-{row.id}.json"
        loc = user_locale(interaction)
        text = t(loc, "fairness.export.ready", game=row.id, file=name)
        await ephemeral(interaction, text, file=discord.File(io.BytesIO(data), filename=name))


async def setup(bot: TsukiBot) -> None:
    await bot.add_cog(FairnessCog(bot))
