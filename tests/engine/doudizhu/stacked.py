"""Stacked decks and hand-built states for Dou Dizhu tests, from card notation strings."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.doudizhu import Rules, cards, state
from engine.doudizhu.cards import FULL_DECK_MASK, from_mask, mask
from engine.doudizhu.moves import Move, parse_move
from engine.doudizhu.state import State, enc_of_mask
from engine.doudizhu.types import Phase


def mv(text: str) -> Move:
    return parse_move(text)


def m(text: str) -> int:
    return mask(cards(text))


def stacked_deck(hands: Sequence[str], kitty: str) -> list[int]:
    """A deck that deals ``hands[seat]`` (17 cards each) and leaves ``kitty`` (3 cards)."""
    hs = [list(cards(h)) for h in hands]
    assert [len(h) for h in hs] == [17, 17, 17], [len(h) for h in hs]
    deck: list[int] = [hs[i % 3][i // 3] for i in range(51)]
    deck += cards(kitty)
    assert len(set(deck)) == 54
    return deck


def stack_deals(monkeypatch: pytest.MonkeyPatch, deals: Sequence[tuple[list[int], int]]) -> None:
    """Make the next deals (hand_no, attempt in order) use these (deck, face-up index)."""
    queue = list(deals)

    def fake(seed: int, hand_no: int, attempt: int) -> tuple[list[int], int]:
        return queue.pop(0) if queue else real(seed, hand_no, attempt)

    real = state.deal  # the deal the match state opens each hand with
    monkeypatch.setattr(state, "deal", fake)


def rest_of_deck(*used: str) -> str:
    """The cards not in ``used``, as a notation string."""
    taken = 0
    for u in used:
        taken |= m(u)
    left = FULL_DECK_MASK & ~taken
    return " ".join(str(c) for c in from_mask(left))


def play_state(
    hands: tuple[str, str, str],
    *,
    landlord: int = 0,
    bid: int = 1,
    to_act: int | None = None,
    last: str | None = None,
    last_seat: int = -1,
    passes: int = 0,
    rules: Rules | None = None,
    bombs: int = 0,
    plays: tuple[int, int, int] = (1, 1, 1),
    kitty: str = "",
) -> State:
    """A PLAY-phase state with these hands (other cards are out of play)."""
    masks = (m(hands[0]), m(hands[1]), m(hands[2]))
    encs = (enc_of_mask(masks[0]), enc_of_mask(masks[1]), enc_of_mask(masks[2]))
    a, b, c = cards(kitty) if kitty else (0, 1, 2)
    return State(
        rules or Rules(hands=1), 7, 1, 0, (0, 0, 0), (), Phase.PLAY, landlord if to_act is None else to_act,
        0, 0, (a, b, c), masks, encs, ((landlord, bid),), bid, landlord,
        None if last is None else mv(last), last_seat, passes, (), (), plays, bombs,
    )  # fmt: skip
