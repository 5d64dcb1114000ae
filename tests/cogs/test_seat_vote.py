"""The rule of ``/table replace`` (:mod:`cogs.seat_vote`): a present player's seat changes hands
with their consent, or with the host and a majority of the other seated humans, never on one
person's word; the host hands a CPU seat or an away player's seat over at once."""

from __future__ import annotations

from types import SimpleNamespace

from cogs.seat_vote import at_once, open_vote
from cogs.table.model import Seat, Table
from tests.typed import unchecked

HOST, B, C, D = 1, 2, 3, 4


def table(*user_ids: int | None, away: tuple[int, ...] = ()) -> Table:
    seats = [Seat(i, uid, f"p{i}", away=uid in away) for i, uid in enumerate(user_ids)]
    return unchecked(SimpleNamespace(seats=seats, host_id=HOST))  # a stand-in: seats and host


def test_the_host_replaces_at_once_only_a_cpu_an_away_or_their_own_seat():
    t = table(HOST, B, None, C, away=(C,))
    assert at_once(t, 0, HOST), "the host's own seat"
    assert not at_once(t, 1, HOST), "b is present"
    assert at_once(t, 2, HOST), "a CPU seat"
    assert at_once(t, 3, HOST), "c is away: the CPU plays for them"
    assert not at_once(t, 3, B) and not at_once(t, 2, B), "never at once for a player who is not the host"


def test_two_humans_nobody_takes_a_present_player_s_seat_alone():
    t = table(HOST, B)
    by_host = open_vote(t, 1, HOST, "new")
    assert not by_host.passed and not by_host.majority_can_pass
    by_host.yes.add(B)
    assert by_host.passed, "b consents"
    by_guest = open_vote(t, 0, B, "new")
    assert not by_guest.passed and not by_guest.majority_can_pass
    assert by_guest.voters == {HOST, B}
    by_guest.yes.add(HOST)
    assert by_guest.passed, "the host consents"


def test_a_majority_of_the_others_passes_only_with_the_host():
    t = table(HOST, B, C, D)
    vote = open_vote(t, 3, B, "new")  # b asks for d's seat; the others are host, b, c: 2 needed
    assert vote.needed == 2 and vote.majority_can_pass
    vote.yes.add(C)
    assert not vote.passed, "b and c are a majority, but the host has not agreed"
    vote.yes.add(HOST)
    assert vote.passed
    asked_by_host = open_vote(t, 3, HOST, "new")
    assert not asked_by_host.passed, "the host alone is not a majority of the others"
    asked_by_host.yes.add(C)
    assert asked_by_host.passed


def test_a_player_giving_up_their_own_seat_needs_nobody():
    assert open_vote(table(HOST, B, C), 1, B, "new").passed


def test_a_cpu_seat_asked_for_by_a_player_needs_the_host():
    t = table(HOST, B, None)
    vote = open_vote(t, 2, B, "dave")
    assert vote.holder is None and not vote.passed
    vote.yes.add(HOST)
    assert vote.passed


def test_the_host_away_from_their_own_seat_the_others_decide():
    """Nobody could ever give the host's yes: a majority of the other seated humans (two at least)."""
    t = table(HOST, B, C, away=(HOST,))
    vote = open_vote(t, 0, B, "new")
    assert vote.host is None and not vote.passed
    vote.yes.add(C)
    assert vote.passed
    alone = open_vote(table(HOST, B, away=(HOST,)), 0, B, "new")
    assert not alone.passed and not alone.majority_can_pass, "never one person alone"
