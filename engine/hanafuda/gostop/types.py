"""Go-Stop value objects: actions, events, itemised scores and settlements, the per-seat view.

Action notation (``str(action)`` and :func:`parse_action` round-trip):

============  ==============================================================================
``3a``        play 3a from the hand (``J2``: play a joker)
``3a>3c``     play 3a and take 3c (two cards of the month on the table)
``shake3``    declare heundeul (shaking): show the three cards of month 3; then play a card
``bomb3``     bomb: play the three cards of month 3 (Japanese numbering) onto the fourth
``flip``      a free flip earned by a bomb: turn a pile card without playing
``>3c``       the flipped card matched two table cards: take 3c
``go``/``stop``  the decision after reaching the threshold
``claim``/``decline``  seed joker rule: win the round with 5 points, or capture normally
``cup:pi``/``cup:animal``  option ``sake_cup="choose"``: how the captured sake cup counts
============  ==============================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from engine.core import IllegalAction
from engine.hanafuda.gostop.cards import card_str, parse_card

if TYPE_CHECKING:
    from engine.hanafuda.gostop.rules import Rules


class Phase(Enum):
    PLAY = "play"
    FLIP_CHOICE = "flip_choice"
    DECIDE = "decide"
    CLAIM = "claim"  # joker + 4th card of a month onto three: win the round with 5 points or not
    CUP = "cup"  # option sake_cup="choose": the owner says how the captured sake cup counts
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Play:
    card: int
    target: int | None = None

    def __str__(self) -> str:
        text = card_str(self.card)
        return f"{text}>{card_str(self.target)}" if self.target is not None else text

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Shake:
    """Heundeul: show three cards of ``month`` (none on the table) before playing; the turn goes on."""

    month: int

    def __str__(self) -> str:
        return f"shake{self.month}"


@dataclass(frozen=True, slots=True)
class Bomb:
    month: int

    def __str__(self) -> str:
        return f"bomb{self.month}"


@dataclass(frozen=True, slots=True)
class Flip:
    def __str__(self) -> str:
        return "flip"


@dataclass(frozen=True, slots=True)
class Take:
    target: int

    def __str__(self) -> str:
        return f">{card_str(self.target)}"

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Go:
    def __str__(self) -> str:
        return "go"


@dataclass(frozen=True, slots=True)
class Stop:
    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class Claim:
    """Seed joker rule: take the round with 5 points (``claim``) or capture normally (``decline``)."""

    accept: bool

    def __str__(self) -> str:
        return "claim" if self.accept else "decline"


@dataclass(frozen=True, slots=True)
class CupAs:
    """Option ``sake_cup="choose"``: the captured sake cup counts as an animal or as 2 pi."""

    as_pi: bool

    def __str__(self) -> str:
        return "cup:pi" if self.as_pi else "cup:animal"


Action = Play | Shake | Bomb | Flip | Take | Go | Stop | Claim | CupAs


def parse_action(text: str) -> Action:
    """Inverse of ``str(action)``; raises :class:`IllegalAction` for anything else."""
    t = text.strip().lower().replace(" ", "")
    try:
        if t == "go":
            return Go()
        if t == "stop":
            return Stop()
        if t == "flip":
            return Flip()
        if t in ("claim", "decline"):
            return Claim(t == "claim")
        if t in ("cup:pi", "cup:animal"):
            return CupAs(t == "cup:pi")
        if t.startswith("bomb") and t[4:].isdigit() and 1 <= int(t[4:]) <= 12:
            return Bomb(int(t[4:]))
        if t.startswith("shake") and t[5:].isdigit() and 1 <= int(t[5:]) <= 12:
            return Shake(int(t[5:]))
        if t.startswith(">"):
            return Take(parse_card(t[1:]))
        played, _, target = t.partition(">")
        return Play(parse_card(played), parse_card(target) if target else None)
    except IllegalAction:
        raise IllegalAction(f"{text!r} is not a Go-Stop move", key="bad_move", text=text) from None


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring element (``gwang``, ``godori``, ``pi``…) with its points and cards; a flat win
    (``three_seolsa``, ``joker_win``) is one item with no cards."""

    name: str
    points: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Multiplier:
    name: str  # go, shake, gwang_bak, five_gwang, meong_bak, pi_bak, go_bak, nagari
    factor: int


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` gives ``payee`` ``amount``; ``multipliers`` made it; ``covers`` = go-bak for that seat."""

    payer: int
    payee: int
    amount: int
    multipliers: tuple[Multiplier, ...]
    covers: int | None = None


@dataclass(frozen=True, slots=True)
class RoundResult:
    """``reason``: stop, exhausted, nagari, chongtong, double_chongtong, three_seolsa, joker_win.

    ``points`` is each seat's gain (negative: paid) this round; ``payments`` itemise it.
    """

    round_no: int
    reason: str
    winner: int | None
    items: tuple[ScoreItem, ...]
    base: int
    go_bonus: int
    score: int  # base + gos, ×go doubling: what each loser pays before per-loser multipliers
    payments: tuple[Payment, ...]
    points: tuple[int, ...]
    dealer: int
    next_dealer: int | None


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round_no: int
    dealer: int
    carry: int  # nagari multiplier carried into this round


@dataclass(frozen=True, slots=True)
class Redealt:
    """The deal was thrown in and the cards dealt again. ``reason`` ``four_on_table``: four cards
    of a month on the table; a ``RoundEnded`` nagari follows in the seed preset, while with
    ``four_on_table="redeal"`` the same round is dealt again."""

    reason: str


@dataclass(frozen=True, slots=True)
class JokerToDealer:
    seat: int
    card: str
    replacement: str


@dataclass(frozen=True, slots=True)
class Chongtong:
    seat: int
    month: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    cards: tuple[str, ...]
    kind: str  # play, bomb, joker


@dataclass(frozen=True, slots=True)
class Shaken:
    """Heundeul: ``seat`` shows three cards of a month (``bomb``: and plays them on the fourth)."""

    seat: int
    cards: tuple[str, ...]
    bomb: bool


@dataclass(frozen=True, slots=True)
class CardFlipped:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Captured:
    seat: int
    cards: tuple[str, ...]
    special: str | None  # jjok, ttadak, ppeok, sseul, bomb, stack, joker_stack, or None


@dataclass(frozen=True, slots=True)
class Seolsa:
    seat: int
    month: int
    count: int


@dataclass(frozen=True, slots=True)
class JokerStacked:
    """Seed joker rule: the jokers played this turn stay with a month's three cards on the table."""

    seat: int
    month: int
    jokers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PiStolen:
    thief: int
    victim: int
    card: str | None  # None: the victim had no pi to give
    reason: str


@dataclass(frozen=True, slots=True)
class Threshold:
    seat: int
    score: int
    can_go: bool


@dataclass(frozen=True, slots=True)
class GoCalled:
    seat: int
    count: int
    score: int


@dataclass(frozen=True, slots=True)
class StopCalled:
    seat: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    result: RoundResult
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MatchEnded:
    scores: tuple[int, ...]
    winners: tuple[int, ...]


Event = (
    RoundStarted | Redealt | JokerToDealer | Chongtong | CardPlayed | Shaken | CardFlipped | Captured | Seolsa
    | JokerStacked | PiStolen | Threshold | GoCalled | StopCalled | RoundEnded | MatchEnded
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class GoStopView:
    """What ``seat`` (``None``: spectator) may know: never other hands nor the pile order."""

    seat: int | None
    seats: int
    rules: Rules
    phase: Phase
    to_act: int | None
    round_no: int
    dealer: int
    scores: tuple[int, ...]
    carry: int
    field: tuple[str, ...]
    stacks: tuple[int, ...]  # months holding a seolsa stack
    hand: tuple[str, ...] | None
    hand_counts: tuple[int, ...]
    pile_count: int
    captured: tuple[tuple[str, ...], ...]
    round_scores: tuple[tuple[ScoreItem, ...], ...]
    gos: tuple[int, ...]
    shakes: tuple[int, ...]
    seolsa: tuple[int, ...]
    free_flips: tuple[int, ...]
    pending_played: str | None  # the card played this turn while a flip choice/claim is open
    pending_flip: str | None
    pot: tuple[tuple[int, tuple[str, ...]], ...]  # (month, jokers stacked on it)
    cup_as_pi: bool | None  # chosen count of the sake cup (None: best for its owner)
    legal_actions: tuple[Action, ...]
    history: tuple[RoundResult, ...]
    # Pi cards each seat took from opponents by steals this round (a double pi counts as one card),
    # and gave to thieves; reset each round. Defaults keep older callers (and tests) valid.
    stolen: tuple[int, ...] = ()
    given: tuple[int, ...] = ()
    # Per seat, the cards it showed by shaking (heundeul) this round and still holds: a shake
    # shows the three cards to everyone, so they are public until played.
    shown: tuple[tuple[str, ...], ...] = ()
