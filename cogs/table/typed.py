"""Moves typed as text, for every game: the autocomplete of ``action`` options and playing them.

Shared by ``/move`` (cogs/moves.py) and each game's own ``/<game> play``. The table of the
channel/thread gives the engine (``parse_action``, legality) and the spec gives the words
(``action_label``).

What players type and read may differ from the engine's notation (Go-Stop numbers the months as
the hwatu faces do, the engine the Japanese way): a spec's ``to_player`` / ``from_player``
(identity by default) convert at this edge, so stored actions keep the engine's form.

Autocomplete answers from memory only (the caller's own seat's view, no database, no image),
well within Discord's 3 s, and never offers anything but the caller's own legal actions.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from cogs.table import limits, messages, play
from cogs.table.commands import seated_table
from cogs.table.manager import TableManager
from cogs.table.model import StaleClick, Table
from cogs.table.replies import ephemeral, error_text, report_error, user_locale
from cogs.table.spec import GameSpec
from engine.core import GameError, IllegalAction, NotYourTurn
from i18n import normalize, supported, t

MAX_CHOICES = limits.CHOICES  # Discord's limit for autocomplete answers
MAX_CHOICE_TEXT = limits.CHOICE_NAME  # a choice's name and value
MAX_MOVE = 200  # characters of a typed move: longer is refused (no notation comes close)


# --- the notation players read and type ---------------------------------------------------------


def to_player(spec: GameSpec, text: str) -> str:
    """Engine notation → what players of ``spec``'s game read (identity unless the spec says)."""
    return spec.to_player(text)


def from_player(spec: GameSpec, text: str) -> str:
    """What a player typed → the engine's notation (identity unless the spec says)."""
    return spec.from_player(text)


def _shown(spec: GameSpec, value: Any) -> Any:
    if isinstance(value, str):
        return to_player(spec, value)
    if isinstance(value, tuple | list):
        return tuple(_shown(spec, v) for v in value)
    return value


def shown_error(spec: GameSpec, error: GameError) -> GameError:
    """``error`` with its parameters (``card``, ``cards``, ``action``, the typed ``text``…) in the
    notation players read. ``from_player`` is the inverse of ``to_player``, so a typed text that
    failed to parse reads back as typed. (The English fallback message is left as it is.)"""
    if not spec.own_notation:
        return error
    params = {k: _shown(spec, v) for k, v in error.params.items()}
    return type(error)(str(error), key=error.key, **params)


# --- autocomplete -----------------------------------------------------------------------------


def fold(text: str) -> str:
    """Case- and accent-blind form for matching (``Shōbu`` ~ ``shobu``, ``Grue`` ~ ``grue``)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def matches(typed: str, haystacks: Iterable[str]) -> bool:
    """Every word typed occurs in one of the texts (so a plain substring always matches)."""
    words = fold(typed).split()
    if not words:
        return True
    texts = [fold(h) for h in haystacks]
    return all(any(w in text for text in texts) for w in words)


def choices_for(spec: GameSpec, view: Any, locale: str, typed: str) -> list[app_commands.Choice[str]]:
    """The seat's legal actions that match ``typed``: labels in ``locale``, notation as values.

    ``typed`` is matched against the notation and the label in every supported language (the
    labels carry the game's native names, e.g. Japanese card names).
    """
    lang = normalize(locale)
    others = [other for other in supported() if other != lang]
    out: list[app_commands.Choice[str]] = []
    for action in view.legal_actions:
        value = to_player(spec, str(action))
        if len(value) > MAX_CHOICE_TEXT:
            continue  # cannot round-trip through Discord; the buttons still offer it
        label = spec.action_label(action, view, lang)
        # (nothing typed yet matches everything: no labels in the other languages to compute)
        if typed.strip() and not matches(
            typed, [value, label, *(spec.action_label(action, view, o) for o in others)]
        ):
            continue
        name = label if len(label) <= MAX_CHOICE_TEXT else label[: MAX_CHOICE_TEXT - 1] + "…"
        out.append(app_commands.Choice(name=name or value, value=value))
        if len(out) == MAX_CHOICES:
            break
    return out


def action_choices(
    tables: TableManager, interaction: discord.Interaction, typed: str, game: str | None = None
) -> list[app_commands.Choice[str]]:
    """Autocomplete for an ``action`` option: the caller's own legal actions, else nothing.

    A user without a seat, a seat that is not to act, a lobby or another game's table: no
    choices at all (Discord cannot show an unselectable hint), so nothing hidden can leak.
    """
    table = tables.in_channel(interaction.channel_id)
    if table is None or table.status != "active" or (game is not None and table.game != game):
        return []
    if len(typed or "") > MAX_MOVE:  # no move is that long: nothing to match
        return []
    seat = table.seat_of(interaction.user.id)
    current = table.to_act()
    if seat is None or current is None or current.index != seat.index:
        return []
    view = table.view(seat.index)  # this seat's own view: its hand, never another's
    return choices_for(table.spec, view, user_locale(interaction), typed or "")


# --- playing typed text -----------------------------------------------------------------------


def _with_moves(spec: GameSpec, text: str, view: Any, locale: str) -> str:
    """An error, followed by the seat's legal moves in notation, so the next try can succeed.

    It fits in one message: the reason takes at most half of it, and the list of moves stops
    where the message would overflow, saying how many more there are (Dou Dizhu may have
    hundreds).
    """
    text = limits.cut(text, limits.CONTENT // 2)
    legal = [f"`{to_player(spec, str(a))}`" for a in view.legal_actions]
    if not legal:
        return text
    whole = f"{text}\n{t(locale, 'moves.your_moves', moves=', '.join(legal))}"
    if len(whole) <= limits.CONTENT:
        return whole
    used = len(text) + 1 + len(t(locale, "moves.your_moves_more", moves="", more=len(legal)))
    shown: list[str] = []
    for move in legal:
        if used + len(move) + 2 > limits.CONTENT:
            break
        shown.append(move)
        used += len(move) + 2
    more = t(locale, "moves.your_moves_more", moves=", ".join(shown), more=len(legal) - len(shown))
    return limits.cut(f"{text}\n{more}", limits.CONTENT)


def _refusal(table: Table, action: Any) -> GameError:
    """Why ``action`` (which parsed, but is not legal) is refused: the engine says it.

    ``apply`` is the one source of truth for legality; a dry run on the current state gives its
    reason (nothing is kept). Should it accept a move ``legal_actions`` left out, refuse anyway.
    """
    try:
        table.spec.engine.apply(table.state, action)
    except GameError as error:
        return error
    return IllegalAction(f"{action} is not one of your moves now.", key="not_a_legal_move", move=str(action))


async def play_typed(
    tables: TableManager, interaction: discord.Interaction, text: str, game: str | None = None
) -> None:
    """``/move action:<text>``: parse, check, play through ``TableManager.act``, show the hand.

    Anything that is not a legal action of the caller's seat is refused with an ephemeral reason
    before ``act`` (so nothing is stored); the public table message comes from ``act``.
    """
    locale = user_locale(interaction)
    try:
        table, seat = seated_table(tables, interaction, game, started=True)
        current = table.to_act()
        if current is None or current.index != seat.index:
            raise NotYourTurn("It is not your turn.")
        seq = table.seq
        view = table.view(seat.index)
        spec = table.spec
        if len(text) > MAX_MOVE:
            reason = t(locale, "moves.too_long", length=len(text), max=MAX_MOVE)
            return await ephemeral(interaction, _with_moves(spec, reason, view, locale))
        try:
            action = spec.engine.parse_action(from_player(spec, text))
        except GameError as error:
            reason = error_text(shown_error(spec, error), locale)
            return await ephemeral(interaction, _with_moves(spec, reason, view, locale))
        if action not in view.legal_actions:
            reason = error_text(shown_error(spec, _refusal(table, action)), locale)
            return await ephemeral(interaction, _with_moves(spec, reason, view, locale))
        label = table.spec.action_label(action, view, locale)
        deferred = await interaction.response.defer(ephemeral=True, thinking=True)
        answer_id = deferred.message_id if deferred is not None else None  # the answer to come
        token = tables.hands.token_of(interaction, seat.index, locale, answer_id)  # stored with the move
        try:
            await tables.act(table, seat, action, expected_seq=seq, live_hand=token)
        except StaleClick:
            return await ephemeral(interaction, t(locale, "moves.stale"))
        done = t(locale, "moves.played", move=label)
        if table.status != "active":
            return await ephemeral(interaction, f"{done}\n{t(locale, 'table.match_over')}")
        drawn = table.seq
        payload = await messages.hand_message(table, seat.index, locale, answer=True)
        payload["content"] = f"{done}\n{payload['content']}"
        # The answer is the player's live hand from now on (and, after a restart, the bot can
        # still finish it with the token stored with the move).
        answer = await interaction.edit_original_response(**limits.fit(payload))
        tables.hands.opened(
            table, seat.index, interaction, locale, answer.id, save=False, shown=drawn, played=True
        )
    except Exception as error:
        await report_error(interaction, error)
    return None


async def show_hand(tables: TableManager, interaction: discord.Interaction, game: str | None = None) -> None:
    """``/hand``: the same private hand as the table's "My hand" button."""
    try:
        table, seat = seated_table(tables, interaction, game, started=True)
        await play.send_hand(interaction, table, seat)
    except Exception as error:
        await report_error(interaction, error)
