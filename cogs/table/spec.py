"""What a game cog supplies to the shared table flow.

The table flow (lobby → seats → turns → round end → match end) is the same for all five
games. A game supplies only this: its engine, how a seat's legal actions become buttons
(``action_steps``), how events become one-line narration, which images to render, its CPU
player and how a finished match becomes leaderboard rows. No rule logic lives in cogs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core import GameEngine, Outcome
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


class GameSpec(Protocol):
    """The per-game adapter the shared table flow drives."""

    engine: GameEngine[Any, Any, Any, Any]
    title_key: str  # i18n key of the game's display name
    # (Whether a game's leaderboard ranks by wins or by points is the store's: ``store.stats``.)
    #
    # Optional methods (the flow checks with ``getattr``):
    # ``picker(view, locale) -> Picker | None``: a select menu in the hand (Dou Dizhu's cards).
    # ``pick(view, values, locale) -> action``: the legal action the picked values make, or an
    #     :class:`~engine.core.IllegalAction` whose message says why not (shown to the player).
    # ``suggested(view, locale) -> Sequence[action]``: the actions offered as buttons when there
    #     are too many to list (default: every legal action).
    # ``lobby_teams(seat_count) -> tuple[str, ...] | None``: a team label per seat; the lobby
    #     then shows the teams and a "Swap partners" button (Goita: seats 1&3 against 2&4).
    # ``to_player(text) -> str`` / ``from_player(text) -> str``: the engine's notation ↔ the one
    #     players read and type, when they differ (Go-Stop's Korean month numbers); ``/move``
    #     converts at the edge (``cogs.table.typed``) so stored actions keep the engine's form.
    # ``preset_table(rules) -> (preset, rows) | None``: the named preset these rules are, with its
    #     table of ``(rule, value, source)`` rows; ``/<game> rules`` shows it as a page of its own.
    # Optional ``one_post_per_turn = True``: when a seat acts again at once (Goita's block, then
    #     attack), its moves share one table post instead of one post each.

    def cpu_choose(self, view: Any, rng: random.Random) -> Any:
        """The CPU's action, from the seat's view only."""

    def action_steps(self, action: Any, view: Any, locale: str) -> tuple[Step, ...]:
        """The clicks that lead to ``action`` in the ephemeral hand view."""

    def action_label(self, action: Any, view: Any, locale: str) -> str:
        """The whole action in words, for ``/move`` suggestions (at most 100 characters).

        Start with the notation players type (``str(action)`` or the card's), then what it does,
        with the game's native names too (``3a Cherry curtain (桜に幕) → capture …``): the typed
        text is matched against this label in every supported language.
        """

    def narrate(self, events: Sequence[Any], names: Sequence[str], locale: str) -> list[str]:
        """One short line per notable event, for the public table message."""

    def hand_text(self, view: Any, locale: str) -> str:
        """Text above the hand image: what the seat must decide now (yaku and score…)."""

    def status_text(self, view: Any, names: Sequence[str], locale: str) -> str:
        """One line under the narration: round, scores."""

    def render_table(self, view: Any, names: Sequence[str], locale: str) -> bytes: ...

    def render_hand(self, view: Any, locale: str, owner: str | None = None) -> bytes:
        """The seat's hand image. ``owner``: the seat's player name when someone else reads it
        (a replay): the hand is then "<owner>'s hand", its status in the third person."""

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

    def results(self, outcome: Outcome, view: Any) -> list[SeatResult]:
        """Leaderboard rows once the match is over (``view`` is the public final view)."""

    def rules_text(self, rules: Any, locale: str) -> str:
        """How the game is played, in a few short paragraphs, for ``/<game> rules`` (its options
        page lists ``rules.to_dict()`` with the ``<game>.option.<key>`` meanings)."""

    def warm(self) -> None:
        """Pre-draw image caches (run once in a thread at start-up) so first moves answer fast."""


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
