"""``/<game> rules`` shows the game's rules card (render/rules_card.py) above its pages."""

from __future__ import annotations

from render.rules_card import GAMES
from tests.cogs.harness import buttons, setup_guild


async def test_rules_command_shows_the_card_in_the_readers_language(simcord_env, simcord_bot) -> None:
    _, channel, (alice,) = setup_guild(simcord_env, "alice")
    for game in GAMES:
        shown = await alice.slash(channel, f"{game} rules")
        assert shown.ephemeral
        message = shown.response.message
        assert [a.filename for a in message.attachments] == [f"{game}-rules.png"]
        # Turning the page keeps the card above the text.
        page = next((b for b in buttons(message) if (b.custom_id or "").endswith(":options")), None)
        if page is not None:
            turned = await alice.click(message, custom_id=page.custom_id)
            assert [a.filename for a in turned.response.message.attachments] == [f"{game}-rules.png"]
