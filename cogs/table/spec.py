"""What a game cog supplies to the shared table flow.

The table flow (lobby → seats → turns → round end → match end) is the same for every game. A
game supplies only this: its engine, how a seat's legal actions become buttons
(``action_steps``), how events become one-line narration, which images to render, its CPU
player and how a finished match becomes leaderboard rows, plus the optional hooks of
:class:`GameSpec` whose defaults say "not in this game". No rule logic lives in cogs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core import GameEngine, Outcome
from engine.hints import Hints
from i18n import t
from render.rating_change import RatingShown
from store import SeatResult


@dataclass(frozen=True, slots=True)
class Step:
    """One click towards an action: ``key`` goes in the custom_id, ``label`` on the button.

    An action is reached by its path of steps, e.g. a Koi-Koi play that must pick between two
    field cards is ``(Step("3a", …), Step("3c", …))``: the hand first offers 3a, then the two
    targets. ``style`` is a discord.ButtonStyle name (``primary``, ``success``, ``danger``…).
    """

    key: str
    label: str
    style: str = "secondary"
    emoji: str | None = None


@dataclass(frozen=True, slots=True)
class PickOption:
    """One entry of a select menu: ``value`` is what comes back when it is picked (≤ 100 chars)."""

    value: str
    label: str
    description: str | None = None
    emoji: str | None = None


@dataclass(frozen=True, slots=True)
class Picker:
    """A select menu shown above the step buttons, for moves made of several items at once
    (Dou Dizhu: the cards of a combination). At most 25 options (Discord's limit)."""

    placeholder: str
    options: tuple[PickOption, ...]
    max_values: int
    min_values: int = 1


@dataclass(frozen=True, slots=True)
class Image:
    filename: str
    data: bytes


class GameSpec:
    """The per-game adapter the shared table flow drives: every Discord fact of one game.

    A game subclasses it (usually through :class:`~cogs.table.match_spec.MatchSpec`), sets the
    class attributes and writes the methods without a default; every other hook has a default
    that means "the game does not do this". The shared flow asks the spec and never names a game.
    """

    game: ClassVar[str]  # the name the store keeps, the i18n prefix and the command group's name
    engine: GameEngine[Any, Any, Any, Any]
    title_key: str  # i18n key of the game's display name
    display_name: ClassVar[str] = ""  # its English name, as command choices show it (translated)
    # When a seat acts again at once (Goita's block, then attack), its moves share one table post
    # instead of one post each.
    one_post_per_turn: ClassVar[bool] = False
    # Events whose lines stay at the top of the round's board post, through its edits (a yaku, a
    # call…); a round's sheet opens the next board post.
    notable_events: ClassVar[tuple[type, ...]] = ()
    # ``/<game> learn``: the seats and the rules a practice match fixes. A game that teaches also
    # gives :meth:`hints` (the learn table and ``hints=on`` show them).
    learn: ClassVar[tuple[int, dict[str, Any]] | None] = None
    # ``bot.py --demo <game>``: the options of ``/<game> start`` for a match of CPUs (``None``: no
    # demo); ``demo_rounds``: the start command takes the demo's ``--rounds``.
    demo: ClassVar[dict[str, Any] | None] = None
    demo_rounds: ClassVar[bool] = False
    # Whether the seats hold hands: a replay frame draws each seat's (the memory mode has none).
    has_hands: ClassVar[bool] = True

    def cpu_choose(self, view: Any, rng: random.Random) -> Any:
        """The CPU's action, from the seat's view only."""
        raise NotImplementedError

    def action_steps(self, action: Any, view: Any, locale: str) -> tuple[Step, ...]:
        """The clicks that lead to ``action`` in the ephemeral hand view."""
        raise NotImplementedError

    def action_label(self, action: Any, view: Any, locale: str) -> str:
        """The whole action in words, for ``/move`` suggestions (at most 100 characters).

        Start with the notation players type (``str(action)`` or the card's), then what it does,
        with the game's native names too (``3a Cherry curtain (桜に幕) → capture …``): the typed
        text is matched against this label in every supported language.
        """
        raise NotImplementedError

    def narrate(self, events: Sequence[Any], names: Sequence[str], locale: str) -> list[str]:
        """One short line per notable event, for the public table message."""
        raise NotImplementedError

    def hand_text(self, view: Any, locale: str) -> str:
        """Text above the hand image: what the seat must decide now (yaku and score…)."""
        raise NotImplementedError

    def hand_text_along(self, view: Any, locale: str, path: tuple[str, ...]) -> str:
        """The hand's text part-way through a move (``path``: the step keys clicked so far): a
        game says there what the move still has to choose. Default: :meth:`hand_text`."""
        return self.hand_text(view, locale)

    def status_text(self, view: Any, names: Sequence[str], locale: str) -> str:
        """One line under the narration: round, scores."""
        raise NotImplementedError

    def render_table(self, view: Any, names: Sequence[str], locale: str) -> bytes:
        raise NotImplementedError

    def render_hand(self, view: Any, locale: str, owner: str | None = None) -> bytes:
        """The seat's hand image. ``owner``: the seat's player name when someone else reads it
        (a replay): the hand is then "<owner>'s hand", its status in the third person."""
        raise NotImplementedError

    def render_live_hand(self, view: Any, locale: str, path: tuple[str, ...]) -> bytes:
        """The hand image of the seat's live hand, part-way through a move (``path``: the step
        keys clicked so far, empty before the first): a game shows there what the move still
        has to choose (a played card's candidates). Private: from the seat's own view only.
        Default: the hand as :meth:`render_hand` draws it."""
        return self.render_hand(view, locale)

    def event_images(
        self,
        events: Sequence[Any],
        view: Any,
        names: Sequence[str],
        locale: str,
        ratings: Sequence[RatingShown | None] | None = None,
    ) -> list[Image]:
        """Extra images for some events (round score sheets, the match summary). ``ratings``:
        each seat's rating change, drawn on the match summary (rated matches only)."""
        return []

    def has_event_images(self, events: Sequence[Any]) -> bool:
        """Whether :meth:`event_images` draws anything for ``events``, asked on the event loop
        so that a move bringing no image sends no job to the render threads or workers (most
        moves: a job that draws nothing still waits in their queue behind the images). Default:
        a game that draws event images is asked every time."""
        return type(self).event_images is not GameSpec.event_images

    def results(self, outcome: Outcome, view: Any) -> list[SeatResult]:
        """Leaderboard rows once the match is over (``view`` is the public final view)."""
        raise NotImplementedError

    def rules_text(self, rules: Any, locale: str) -> str:
        """How the game is played, in a few short paragraphs, for ``/<game> rules`` (its options
        page lists ``rules.to_dict()`` with the ``<game>.option.<key>`` meanings)."""
        raise NotImplementedError

    def warm(self) -> None:
        """Pre-draw image caches (run once in a thread at start-up) so first moves answer fast."""

    # --- optional hooks: the defaults say "the game does not do this" --------------------------

    def is_notable(self, event: Any) -> bool:
        """Whether ``event`` is kept at the top of the board post (default: one of ``notable_events``)."""
        return isinstance(event, self.notable_events)

    def picker(self, view: Any, locale: str) -> Picker | None:
        """A select menu in the hand (Dou Dizhu's cards), or ``None``."""
        return None

    def pick(self, view: Any, values: Sequence[str], locale: str) -> Any | None:
        """The legal action the picked values make, or an :class:`~engine.core.IllegalAction`
        whose message says why not (shown to the player); ``None``: the game has no menu."""
        return None

    def suggested(self, view: Any, locale: str) -> Sequence[Any] | None:
        """The actions offered as buttons when there are too many to list (``None``: every
        legal action)."""
        return None

    def lobby_teams(self, seat_count: int) -> tuple[str, ...] | None:
        """A team label per seat; the lobby then shows the teams and a "Swap partners" button
        (Goita: seats 1&3 against 2&4). ``None``: everyone plays alone."""
        return None

    def to_player(self, text: str) -> str:
        """The engine's notation → the one players read and type, when they differ (Go-Stop's
        Korean month numbers); ``/move`` converts at the edge (``cogs.table.typed``) so stored
        actions keep the engine's form."""
        return text

    def from_player(self, text: str) -> str:
        """What a player typed → the engine's notation (the inverse of :meth:`to_player`)."""
        return text

    @property
    def own_notation(self) -> bool:
        """Whether players read and type another notation than the engine's."""
        return type(self).to_player is not GameSpec.to_player

    def preset_table(self, rules: Any) -> tuple[str, tuple[tuple[str, str, str], ...]] | None:
        """The named preset these rules are, with its table of ``(rule, value, source)`` rows;
        ``/<game> rules`` shows it as a page of its own. ``None``: no such page."""
        return None

    def replay_view(self, state: Any, later: Iterable[tuple[Any, Sequence[Any]]]) -> Any:
        """The public view of a replayed position, with what lay face down turned up (the match is
        over). ``later``: the state and events of each later move of the same deal, for what is
        turned up only later (a kitty). Default: the public view, which shows everything."""
        return self.engine.view(state, None)

    def hints(self, view: Any) -> Hints:
        """The hints for the seat of ``view`` (``engine.hints``), on a table that shows them."""
        return ()

    def hint_card(self, code: str, locale: str) -> str:
        """A card or piece of a hint, in words: by default its notation as players read it."""
        return f"`{self.to_player(code)}`"

    def help_line(self, locale: str, command: Callable[[str], str]) -> str:
        """The game's line in ``/help`` (``command("koikoi start")`` is the command as the
        reader's Discord names it)."""
        return t(locale, f"help.game.{self.game}", start=command(f"{self.game} start"))


def fit_label(text: str, limit: int = 100) -> str:
    """``text`` cut to Discord's ``limit`` (100 for choices and options, 80 for buttons) with "…"."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def actions_along(
    spec: GameSpec, view: Any, locale: str, path: tuple[str, ...]
) -> tuple[list[Any], list[Any]]:
    """The seat's legal actions whose steps start with ``path``, and those ``path`` completes."""
    starts, complete = [], []
    for action in view.legal_actions:
        keys = tuple(s.key for s in spec.action_steps(action, view, locale))
        if keys[: len(path)] == path:
            starts.append(action)
            if len(keys) == len(path):
                complete.append(action)
    return starts, complete
