"""What a match costs a person, counted: a scripted human-vs-CPU match per game through SimCord.

Issue 28 measured, per match with one human seat, how often the table pings that human, how many
clicks a move takes, how many private messages they open, how many forced moves (a pass with no
other choice) still cost them clicks, and how many posts stay in the thread. :func:`play_counted`
plays such a match and counts those things for the human, so tests can bound them
(``tests/cogs/test_match_counts.py``) and ``python -m pytest -s`` prints them for the docs.

The human is scripted: on each of their turns they take :data:`THINK_TIME` virtual seconds to
look, then click the first option of every step (what ``harness.play_one_move`` does), in the
hand they reach the way their :class:`Style` says. Everything is read from what Discord shows or
from the store (the log of moves), never from the bot's private fields, so the counters stay true
whatever the table flow becomes; the only table fields read are whose turn it is and its status.

Counters, for the human seat:

- ``pings``: public posts that mention the human and carry an "Open my hand" button (turn pings
  and the timer's warnings), from the HTTP log: each one notified them.
- ``clicks`` and ``clicks_per_move``: every click the human made, over the moves of their seat.
- ``private_opened``: distinct private (ephemeral) messages the human was answered with.
- ``forced`` and ``forced_clicks``: the seat's moves that had a single legal choice (replayed
  from the stored log), and the clicks the human made while such a move was pending.
- ``forced_passes`` and ``forced_pass_clicks``: those of them that were a pass
  (``GameEngine.forced_pass``: what auto-pass plays for them), and the clicks they cost.
- ``posts_left``: the bot's messages left in the match's thread at the end.
- ``turns`` (runs of consecutive moves by the seat), ``moves`` and ``rounds`` to divide by.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import store
from tests.cogs.harness import TEST_CPU_DELAY, Place, setup_guild, start_vs_cpu, the_table

THINK_TIME = 3.0  # virtual seconds the human looks at their turn before clicking
SETTLE_AFTER = 120.0  # virtual seconds given to the last posts once the match is over
MAX_STEPS = 5000  # clock advances and moves before a match is declared stuck


class Style(enum.Enum):
    """How the scripted human reaches their moves."""

    LIVE_HAND = "live hand"  # opens the hand once from the board and plays in it from then on
    PING_BUTTON = "ping button"  # clicks "Open my hand" on each ping they get, else the open hand


@dataclass(frozen=True)
class Match:
    """One game's scripted match: its start command, its options, and its round number."""

    game: str
    command: str
    options: dict[str, Any]
    round_of: Callable[[Any], int]  # the round (or hand) number a public view shows


def _round_no(view: Any) -> int:
    return int(view.round_no)


def _hand_no(view: Any) -> int:
    return int(view.hand_no)


# Matches of a few rounds (the bounds are per turn and per round), long enough for a dozen turns
# or more: Koi-Koi and Go-Stop over 6 rounds, Roppyakken to 600, Dou Dizhu 3 hands, Goita to 15.
MATCHES: dict[str, Match] = {
    "koikoi": Match("koikoi", "koikoi start", {"rounds": 6}, _round_no),
    "roppyakken": Match("roppyakken", "roppyakken start", {}, _round_no),
    "gostop": Match("gostop", "gostop start", {"rounds": 6}, _round_no),
    "doudizhu": Match("doudizhu", "doudizhu start", {"deals": 3}, _hand_no),
    "goita": Match("goita", "goita start", {"target": 15}, _round_no),
}


@dataclass
class Counts:
    """What one match cost its human (see the module's docstring)."""

    game: str
    style: Style
    turns: int = 0
    moves: int = 0
    rounds: int = 0
    clicks: int = 0
    pings: int = 0
    private_opened: int = 0
    forced: int = 0
    forced_clicks: int = 0
    forced_passes: int = 0
    forced_pass_clicks: int = 0
    posts_left: int = 0
    clicks_at: Counter[int] = field(default_factory=Counter)  # move number -> clicks made then

    @property
    def clicks_per_move(self) -> float:
        return self.clicks / self.moves if self.moves else 0.0

    @property
    def turns_per_ping(self) -> float:
        return self.turns / self.pings if self.pings else float("inf")

    def line(self) -> str:
        """One line for the docs' table."""
        return (
            f"{self.game} ({self.style.value}): {self.turns} turns, {self.moves} moves, "
            f"{self.rounds} rounds | pings {self.pings} | clicks/move {self.clicks_per_move:.2f} | "
            f"private messages opened {self.private_opened} | forced moves {self.forced} "
            f"costing {self.forced_clicks} clicks (passes {self.forced_passes} costing "
            f"{self.forced_pass_clicks}) | posts left {self.posts_left}"
        )


# --- reading components (classic action rows and Components V2 layouts alike) -----------------


def _components(message: Any) -> Iterator[Any]:
    """Every component of ``message``, nested ones included (rows, containers, sections)."""
    stack = list(getattr(message, "components", None) or [])
    while stack:
        item = stack.pop(0)
        yield item
        for attr in ("children", "components"):
            stack.extend(getattr(item, attr, None) or [])
        accessory = getattr(item, "accessory", None)
        if accessory is not None:
            stack.append(accessory)


def custom_ids(message: Any) -> list[str]:
    return [cid for item in _components(message) if (cid := getattr(item, "custom_id", None))]


def ending(message: Any, verb: str) -> str | None:
    """The custom_id of ``message``'s table button ``t:…:<verb>``, if it has one."""
    return next(
        (cid for cid in custom_ids(message) if cid.startswith("t:") and cid.endswith(f":{verb}")), None
    )


def move_steps(message: Any) -> list[str]:
    """The step buttons of a hand (``a:…``) that go forward (not "Back", whose path is empty)."""
    return [cid for cid in custom_ids(message) if cid.startswith("a:") and not cid.endswith(":")]


# --- the scripted human ------------------------------------------------------------------------


class Player:
    """The human, clicking, with every click and private message counted."""

    def __init__(self, env: Any, place: Place, member: Any, table: Any, counts: Counts) -> None:
        self.env, self.place, self.member, self.table, self.counts = env, place, member, table, counts
        self.hand: Any = None  # the result whose response is their newest private hand message
        self.seen_private: set[int] = set()
        self.pings_clicked: set[int] = set()

    @property
    def seat(self) -> Any:
        return self.table.seat_of(self.member.id)

    def to_act(self) -> bool:
        seat = self.table.to_act()
        return self.table.status == "active" and seat is not None and seat.index == self.seat.index

    async def click(self, message: Any, custom_id: str) -> Any:
        self.counts.clicks += 1
        self.counts.clicks_at[self.table.seq] += 1
        result = await self.member.click(message, custom_id=custom_id)
        response = result.response
        if result.ephemeral and response is not None:
            if response.id not in self.seen_private:
                self.seen_private.add(response.id)
                self.counts.private_opened += 1
            self.hand = result
        return result

    def hand_message(self) -> Any:
        """Their newest private hand message as it reads now (the bot edits it)."""
        response = self.hand.response if self.hand is not None else None
        return response.message if response is not None else None

    def newest(self, verb: str) -> tuple[Any, str] | None:
        """The newest public post with a table button ``verb`` (``hand``: a board; ``turn``: a
        ping for the human), and that button."""
        for message in reversed(self.place.messages()):
            cid = ending(message, verb)
            if cid is not None and (verb != "turn" or f"<@{self.member.id}>" in (message.content or "")):
                return message, cid
        return None

    async def open_from_board(self) -> None:
        found = self.newest("hand")
        assert found is not None, "no board with a My hand button"
        await self.click(*found)

    async def reach_hand(self) -> Any:
        """The hand message to play in, reached as the style says; ``None`` if it offers nothing."""
        if self.counts.style is Style.PING_BUTTON:
            ping = self.newest("turn")
            if ping is not None and ping[0].id not in self.pings_clicked:
                self.pings_clicked.add(ping[0].id)
                await self.click(*ping)
        message = self.hand_message()
        if message is None or not move_steps(message):
            reopen = ending(message, "hand") if message is not None else None
            if reopen is not None:  # an expired hand: its button reopens it in place
                await self.click(message, reopen)
            else:
                await self.open_from_board()
            message = self.hand_message()
        return message

    async def play_turn_move(self) -> None:
        """One move of the human's, clicking the first option of each step."""
        seq = self.table.seq
        message = await self.reach_hand()
        for _ in range(12):
            if self.table.seq != seq or self.table.status != "active":
                return
            steps = move_steps(message)
            assert steps, f"no move offered in the hand: {message.content if message else None!r}"
            await self.click(message, steps[0])
            message = self.hand_message()
        raise AssertionError("a move took more than 12 clicks")


# --- a whole match -----------------------------------------------------------------------------


async def play_counted(
    env: Any, bot: Any, match: Match, style: Style, *, think: float = THINK_TIME
) -> Counts:
    """Play ``match`` to its end with one scripted human against CPUs; what it cost them."""
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=match.command, **match.options)
    table = the_table(bot)
    counts = Counts(match.game, style)
    player = Player(env, place, alice, table, counts)
    if style is Style.LIVE_HAND:
        await player.open_from_board()
    for _ in range(MAX_STEPS):
        if table.status != "active":
            break
        if player.to_act():
            seq = table.seq
            await env.advance_time(think)  # a person reads the turn (and an automatic move may come)
            if table.seq == seq and player.to_act():
                await player.play_turn_move()
        else:
            await env.advance_time(TEST_CPU_DELAY)
    else:
        raise AssertionError(f"the {match.game} match did not end")
    await env.advance_time(SETTLE_AFTER)  # the results post and the last edits
    await _count_from_log(bot, table, match, counts, player.seat.index)
    counts.pings = _pings(env, alice.id)
    counts.posts_left = sum(
        1 for m in place.messages() if bot.user is not None and m.author.id == bot.user.id
    )
    return counts


async def _count_from_log(bot: Any, table: Any, match: Match, counts: Counts, seat: int) -> None:
    """Turns, moves, forced moves (and their clicks) and rounds, by replaying the stored moves."""
    engine = table.spec.engine
    state, _ = engine.begin(table.seat_count, table.rules, table.seed)
    rounds = {match.round_of(engine.view(state, None))}
    previous = None
    for row in await store.actions_for(bot.db, table.id):
        if row.seat == seat:
            counts.moves += 1
            counts.turns += previous != seat
            if len(engine.legal_actions(state)) == 1:
                counts.forced += 1
                counts.forced_clicks += counts.clicks_at[row.seq]
                if engine.forced_pass(engine.legal_actions(state)) is not None:
                    counts.forced_passes += 1
                    counts.forced_pass_clicks += counts.clicks_at[row.seq]
        previous = row.seat
        state, _ = engine.apply(state, engine.parse_action(row.action))
        rounds.add(match.round_of(engine.view(state, None)))
    counts.rounds = len(rounds)


def _pings(env: Any, user_id: int) -> int:
    """Posts that mention ``user_id`` with an "Open my hand" button (``t:…:turn``)."""
    mention = f"<@{user_id}>"
    return sum(
        1
        for r in env.http_requests
        if r.method == "POST"
        and r.path.endswith("/messages")
        and ":turn" in str(r.json)
        and mention in str(r.json)
    )
