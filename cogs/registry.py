"""Every game the bot plays, on Discord: the cog layer's one list of games.

Each game is its spec (:class:`~cogs.table.spec.GameSpec`: every Discord fact of the game) and the
extension that holds its slash commands. Shared code (the bot, ``/help``, the rating commands,
``/<game> learn``…) iterates :data:`SPECS` or asks a spec; it never names a game. A new game adds
one line here (or calls :func:`register`, as a game that lives in the tests does).
"""

from __future__ import annotations

from cogs.doudizhu.spec import SPEC as DOUDIZHU
from cogs.goita.memory_spec import SPEC as GOITA_SOLO
from cogs.goita.spec import SPEC as GOITA
from cogs.gostop.spec import SPEC as GOSTOP
from cogs.koikoi.spec import SPEC as KOIKOI
from cogs.roppyakken.spec import SPEC as ROPPYAKKEN
from cogs.table.spec import GameSpec

SPECS: dict[str, GameSpec] = {}
# The extensions that hold the games' commands, in the order the bot loads them.
EXTENSIONS: list[str] = []
# The games with a command group of their own (``/<game> start``), in the order registered.
GROUPS: list[str] = []


def register(spec: GameSpec, extension: str | None) -> None:
    """Add a game: its spec under ``spec.game`` and its commands' extension (``None``: its commands
    live in another game's extension, as ``/goita solo`` does in Goita's)."""
    SPECS[spec.game] = spec
    if extension is None:
        return
    GROUPS.append(spec.game)
    if extension not in EXTENSIONS:
        EXTENSIONS.append(extension)


def unregister(spec: GameSpec, extension: str | None) -> None:
    """Take a game out again (a test's game, once the test is over)."""
    SPECS.pop(spec.game, None)
    while spec.game in GROUPS:  # (its start command would still be offered: tsuki.local)
        GROUPS.remove(spec.game)
    if extension is not None and extension in EXTENSIONS:
        EXTENSIONS.remove(extension)


register(KOIKOI, "cogs.koikoi.commands")
register(ROPPYAKKEN, "cogs.roppyakken.commands")
register(GOSTOP, "cogs.gostop.commands")
register(DOUDIZHU, "cogs.doudizhu.commands")
register(GOITA, "cogs.goita.commands")
register(GOITA_SOLO, None)
