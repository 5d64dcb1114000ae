"""A restart resumes every table even when one of them fails part of its resumption (its
thread deleted, Discord or the database failing for it): the trouble of one table never stops
the bot from starting or the other tables from carrying on."""

from __future__ import annotations

from typing import Any

from cogs.table.announcer import Announcer
from tests.cogs.harness import setup_guild, start_vs_cpu


async def test_one_table_failing_to_resume_stops_neither_the_start_nor_the_other_tables(
    simcord_env: Any, simcord_bot: Any, settings: Any, make_bot: Any, monkeypatch: Any
) -> None:
    env = simcord_env
    guild, first_channel, (alice, bob) = setup_guild(env, "alice", "bob")
    second_channel = guild.create_text_channel("hanafuda-2")
    await start_vs_cpu(env, first_channel, alice)
    await start_vs_cpu(env, second_channel, bob)
    by_channel = {t.channel_id: t.id for t in simcord_bot.tables.tables.values()}
    broken, healthy = by_channel[first_channel.id], by_channel[second_channel.id]
    real_reconcile = Announcer.reconcile

    async def reconcile(self: Announcer, table: Any) -> None:
        if table.id == broken:
            raise RuntimeError("its thread was deleted")
        await real_reconcile(self, table)

    monkeypatch.setattr(Announcer, "reconcile", reconcile)
    await env.restart_bot(make_bot(settings))  # raised out of setup_hook before

    tables = env.bot.tables.tables
    assert healthy in tables and tables[healthy].status == "active", "the other table is resumed"
