"""``/<game> rules`` pages through SimCord: a Koi-Koi preset's table of sources (issue 14: "`/koikoi
rules preset:koikoi-japan` and `preset:nintendo` show the tables"), the page buttons, and every
page within Discord's limits."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.table import limits
from engine.hanafuda import koikoi as kk
from tests.cogs.harness import Place, buttons, setup_guild, start_vs_cpu
from tests.cogs.test_newcomers_e2e import french_server  # noqa: F401 (a fixture)

GAMES = ("koikoi", "roppyakken", "gostop", "doudizhu", "goita")


def text_of(message: Any) -> str:
    return "\n".join(f"{e.title or ''}\n{e.description or ''}" for e in message.embeds)


def assert_fits(message: Any) -> None:
    """What Discord accepts: ≤ 10 embeds, ≤ 4096 characters a description, ≤ 6000 in all."""
    embeds = message.embeds
    assert 1 <= len(embeds) <= limits.EMBEDS
    for e in embeds:
        assert len(e.description or "") <= limits.EMBED_DESCRIPTION
        assert len(e.title or "") <= limits.EMBED_TITLE
    total = sum(len(e.title or "") + len(e.description or "") + len(e.footer.text or "") for e in embeds)
    assert total <= limits.EMBED_TOTAL, total
    assert not any((e.description or "").endswith(limits.ELLIPSIS) for e in embeds), "nothing was cut"


def page_button(message: Any, page: str) -> Any:
    return next(b for b in buttons(message) if (b.custom_id or "").endswith(f":{page}"))


async def turn_to(actor: Any, message: Any, page: str) -> Any:
    result = await actor.click(message, custom_id=page_button(message, page).custom_id)
    assert result.response is not None and result.response.ephemeral
    return result.response.message


# Rows of the lists, as the table shows them (rule in bold, then value, then source).
ROWS = {
    "koikoi-japan": (
        "• **Three Brights (sanko)**: 5; without the rain man (rain + 2: none)",
        "“Three Lights 5 (… three lights including the rain man score nothing)”",
        "• **Own koi-koi calls**: +n for the scorer's n ≤ 3 calls, ×(n − 2) for n ≥ 4",
        "• **Flower-Viewing Sake (hanami)**: 1; 3 once the pile's owner has called koi-koi; rain never "
        "cancels it",
        "• **Match**: 8 rounds, 30 points each to start, ends early when a total is 0 or below",
        "KoiKoi-Japan: “An exhausted round gives the dealer +1 and the other −1”",
    ),
    "nintendo": (
        "• **Big score doubling**: ×2 when the yaku total is 7 or more",
        "Nintendo (JP): 五光（10点）",
        "• **Cards of the Month (tsukifuda)**: off",
        "• **Sake cup**: an animal and a chaff card",
        "Nintendo (JP): 「菊に盃」は、10点札とカス札としても通用します",
        "• **Deal**: 2 at a time to the opponent, the field, the dealer",
    ),
}


@pytest.mark.parametrize("preset", ["koikoi-japan", "nintendo"])
async def test_a_koikoi_preset_shows_every_rule_next_to_its_source(simcord_env, preset):
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    shown = await alice.slash(channel, "koikoi rules", preset=preset)
    assert shown.ephemeral
    message = shown.response.message
    assert_fits(message)
    text = text_of(message)
    assert f"Preset “{preset}”: every rule and its source" in text
    assert f"`/koikoi start preset:{preset}`" in text
    for row in ROWS[preset]:
        assert row in text, row
    rows = kk.preset_table(preset)
    assert text.count("\n• **") == len(rows) == 29, "one bullet per row of the preset's table"
    assert "akatan\\_aotan" in text, "markdown in the engine's text is escaped"
    if len(message.embeds) > 1:
        assert all(e.title is None for e in message.embeds[1:]), "one title for a page"

    # The other pages, and back: the buttons carry the preset's name, hyphen included.
    options = await turn_to(alice, message, "options")
    assert_fits(options)
    if preset == "koikoi-japan":
        assert "`group_scoring` = `stack` — animal and ribbon sets" in text_of(options)
        assert "`zero_sum` = `on` — the points a player scores" in text_of(options)
    assert ".option." not in text_of(options), "every option has its text"
    rules = await turn_to(alice, options, "rules")
    assert_fits(rules)
    assert "**Your turn**" in text_of(rules)
    again = await turn_to(alice, rules, "table")
    assert text_of(again) == text


async def test_plain_rules_open_on_the_rules_with_a_sources_button(simcord_env):
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    shown = await alice.slash(channel, "koikoi rules")
    message = shown.response.message
    assert "**Your turn**" in text_of(message)
    assert {b.label for b in buttons(message)} >= {"Sources"}
    seed = await turn_to(alice, message, "table")
    assert_fits(seed)
    assert "Preset “seed”" in text_of(seed) and "Seed: « Cinq Lumières » 10" in text_of(seed)


async def test_a_table_playing_a_preset_as_it_is_offers_its_sources(simcord_env):
    """``/koikoi start preset:koikoi-japan`` plays the preset itself (its 8 rounds, not the
    command's usual 12), so the table's rules page offers the preset's sources."""
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    await start_vs_cpu(simcord_env, channel, alice, preset="koikoi-japan")
    shown = await alice.slash(Place(channel, simcord_env).thread, "koikoi rules")
    message = shown.response.message
    assert message.embeds[0].title == "Rules of this table"
    sources = await turn_to(alice, message, "table")
    assert "• **Match**: 8 rounds, 30 points each to start" in text_of(sources)


async def test_a_table_with_changed_options_has_no_sources_page(simcord_env):
    """The sources hold for the preset's values only: after ``oyaken=2`` they would not."""
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    await start_vs_cpu(simcord_env, channel, alice, preset="koikoi-japan", options="oyaken=2")
    shown = await alice.slash(Place(channel, simcord_env).thread, "koikoi rules")
    ids = [b.custom_id for b in buttons(shown.response.message)]
    assert any(i.endswith(":options") for i in ids) and not any(i.endswith(":table") for i in ids)


async def test_the_table_page_in_french(simcord_env, french_server):  # noqa: F811
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    french_server.add(alice.id)
    shown = await alice.slash(channel, "koikoi rules", preset="nintendo")
    message = shown.response.message
    assert_fits(message)
    text = text_of(message)
    assert "Préréglage « nintendo » : chaque règle et sa source" in text
    assert "• **Big score doubling**: ×2 when the yaku total is 7 or more" in text
    count = len(kk.PRESETS["nintendo"].to_dict())
    assert {b.label for b in buttons(message)} == {"Règles", f"Options ({count})"}


@pytest.mark.parametrize("game", GAMES)
async def test_every_page_of_every_game_fits(simcord_env, game):
    """The options pages are the longest a game has besides a preset table."""
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    shown = await alice.slash(channel, f"{game} rules")
    message = shown.response.message
    assert_fits(message)
    options = await turn_to(alice, message, "options")
    assert_fits(options)
    assert f"{game}.option." not in text_of(options)
