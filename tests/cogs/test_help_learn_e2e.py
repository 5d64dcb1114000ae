"""``/help`` tells a newcomer how to learn, in each of the six languages: ``/<game> learn`` under
the name the reader's Discord shows, and the ``hints=on`` table option of ``/<game> start``."""

from __future__ import annotations

import pytest

import i18n
from cogs.help import command
from tests.cogs.harness import setup_guild
from tests.cogs.test_locale_e2e import _patch_locales
from tests.cogs.test_newcomers_e2e import within_discord_limits


@pytest.mark.parametrize("lang", i18n.supported())
async def test_help_says_how_to_learn_in_every_language(simcord_env, monkeypatch, lang):
    locales = _patch_locales(monkeypatch)
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    locales.users[alice.id] = lang
    result = await alice.slash(channel, "help")
    assert result.ephemeral
    embeds = result.response.embeds
    within_discord_limits(embeds)
    learn = next(f for f in embeds[0].fields if f.name == i18n.t(lang, "help.learn"))
    assert f"`{command(lang, 'koikoi learn')}`" in learn.value
    assert f"`{command(lang, 'koikoi start')}`" in learn.value and "`hints=on`" in learn.value
    assert f"`{command(lang, 'options')[1:]}`" in learn.value, "the option's name as Discord shows it"
    if lang != "en":
        assert "learn" not in command(lang, "koikoi learn"), "the localized command name"
