"""High Card joins the bot: one line per registry, and its locale folder for i18n.

A game in the tree writes these lines in the registries themselves; a game that lives outside
(this one, in the tests) calls :func:`register` before the bot starts and :func:`unregister`
after, so no other test sees it.
"""

from __future__ import annotations

from pathlib import Path

import i18n
from cogs import registry as cogs_registry
from engine import registry as engine_registry
from render import registry as render_registry
from tests.sixth_game import rules_card
from tests.sixth_game.engine import ENGINE
from tests.sixth_game.spec import SPEC

EXTENSION = "tests.sixth_game.commands"
LOCALES = Path(__file__).parent / "locales"


def register() -> None:
    engine_registry.register(SPEC.game, ENGINE)
    cogs_registry.register(SPEC, EXTENSION)
    render_registry.register(SPEC.game, rules_card)
    i18n.add_folder(LOCALES)


def unregister() -> None:
    engine_registry.unregister(SPEC.game)
    cogs_registry.unregister(SPEC, EXTENSION)
    render_registry.unregister(SPEC.game)
    i18n.remove_folder(LOCALES)
