"""The commands every game shares: ``/<game> hand``, ``play`` (with autocomplete), ``learn``,
``rules`` and ``quit``, written once.

A game's cog subclasses :class:`GameCog`, sets ``spec`` (its :class:`~cogs.table.spec.GameSpec`),
``move_help`` (what ``play``'s ``action`` says) and ``presets``, and writes only what is its
own: ``start`` and any command of its own (Goita's ``solo``). Each subclass gets its own copy of
the shared commands, worded with the game's name (``"See your Koi-Koi hand (only you can see
it)"``: the same English texts as each game wrote before, so their translations still apply),
listed after the subclass's own commands, as discord.py orders a cog's commands.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from cogs.learn import start_learn
from cogs.table.commands import quit_game, show_hand, show_rules
from cogs.table.spec import GameSpec
from cogs.table.typed import action_choices, play_typed

if TYPE_CHECKING:
    from tsuki.bot import TsukiBot


class GameCog(commands.GroupCog):
    """A game's command group: the shared subcommands, worded for the game."""

    spec: ClassVar[GameSpec]
    move_help: ClassVar[str]  # ``/<game> play``'s ``action``: "Your move: pick a suggestion, or type …"
    presets: ClassVar[Iterable[str]]  # the rule presets ``/<game> rules preset:`` offers
    # The shared commands' descriptions; ``{title}`` is the game's English name.
    hand_help: ClassVar[str] = "See your {title} hand (only you can see it)"
    play_help: ClassVar[str] = "Make your {title} move by typing it (suggests your legal moves)"
    learn_help: ClassVar[str] = "Practice {title} against the CPU, with hints on every turn"
    rules_help: ClassVar[str] = "The {title} rules and the options of this table"
    quit_help: ClassVar[str] = "Forfeit your {title} match (counts as a loss)"

    def __init__(self, bot: TsukiBot) -> None:
        self.bot = bot
        super().__init__()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "spec" not in cls.__dict__:
            return  # an intermediate base: no command group of its own
        title = cls.spec.display_name

        def words(template: str) -> app_commands.locale_str:
            return _(template.format(title=title))

        def command(name: str, help_text: str, callback: Callable[..., Any]) -> Any:
            return app_commands.command(name=_(name), description=words(help_text))(callback)

        play = app_commands.describe(action=_(cls.move_help))(_own(cls, "play_move", _play_move))
        rules = app_commands.describe(preset=_("Show a preset's options instead of this table's"))(
            _own(cls, "rules", _rules)
        )
        rules = app_commands.choices(preset=[app_commands.Choice(name=n, value=n) for n in cls.presets])(
            rules
        )
        shared: dict[str, Any] = {  # in the order Discord lists them
            "hand": command("hand", cls.hand_help, _own(cls, "hand", _hand)),
            "play_move": command("play", cls.play_help, play),
        }
        shared["play_move"].autocomplete("action")(_own(cls, "play_move_action", _play_move_action))
        if cls.spec.learn is not None:
            shared["learn"] = command("learn", cls.learn_help, _own(cls, "learn", _learn))
        shared["rules"] = command("rules", cls.rules_help, rules)
        shared["quit"] = command("quit", cls.quit_help, _own(cls, "quit", _quit))
        for name, value in shared.items():
            if name not in cls.__dict__:  # a game may write its own
                setattr(cls, name, value)

    def game_here(self, interaction: discord.Interaction) -> str:
        """The game ``hand``, ``play`` and ``quit`` act on in this channel: by default this cog's
        (Goita's says ``goita_solo`` where a memory game is open)."""
        return self.spec.game


# The shared callbacks. Each subclass gets copies (``_own``), so that each is its own command.


async def _hand(self: GameCog, interaction: discord.Interaction) -> None:
    await show_hand(self.bot.tables, interaction, self.game_here(interaction))


async def _play_move(self: GameCog, interaction: discord.Interaction, action: str) -> None:
    """The same as ``/move`` (cogs/table/typed.py), for this game only."""
    await play_typed(self.bot.tables, interaction, action, game=self.game_here(interaction))


async def _play_move_action(
    self: GameCog, interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return action_choices(self.bot.tables, interaction, current, game=self.game_here(interaction))


async def _learn(self: GameCog, interaction: discord.Interaction) -> None:
    """A short match against beginner CPUs with a tutorial and hints (:mod:`cogs.learn`)."""
    await start_learn(self.bot.tables, interaction, self.spec.game)


async def _rules(self: GameCog, interaction: discord.Interaction, preset: str | None = None) -> None:
    game = self.game_here(interaction) if preset is None else self.spec.game
    await show_rules(self.bot.tables, interaction, game, preset)


async def _quit(self: GameCog, interaction: discord.Interaction) -> None:
    await quit_game(self.bot.tables, interaction, self.game_here(interaction))


def _own(cls: type, name: str, func: Callable[..., Any]) -> Callable[..., Any]:
    """A copy of ``func`` as a method of ``cls`` named ``name`` (discord.py reads a callback's
    qualified name to know it takes ``self``, and keeps per-command data on the function)."""
    copy = types.FunctionType(func.__code__, func.__globals__, name, func.__defaults__, func.__closure__)
    copy.__kwdefaults__ = func.__kwdefaults__
    copy.__annotations__ = dict(func.__annotations__)
    copy.__doc__ = func.__doc__
    copy.__qualname__ = f"{cls.__qualname__}.{name}"
    copy.__module__ = cls.__module__
    return copy
