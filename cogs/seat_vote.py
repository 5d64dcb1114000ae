"""Who must agree before a seat of a running match changes hands (``/table replace``).

* The seat of a human who is **present** (playing their own turns) changes hands only with
  that player's **consent**, or when the **host** and a **majority of the other seated humans**
  agree, and never on one person's word alone: in a match of two humans the host cannot take
  the other player's seat while they play, nor can the other player take the host's.
* The seat of a player who is **away** (two turns ran out: the CPU plays it until "I'm back")
  or a CPU seat is handed over by the host at once; anyone else's request needs the host and a
  majority of the other seated humans, as above.
* Whoever asks counts as a yes; the host or a player giving up their own seat needs nobody.

The rule is pure (no Discord): :class:`Vote` counts, :func:`at_once` says when no vote is needed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cogs.table.model import Table
from i18n import t


@dataclass(slots=True)
class Vote:
    """A request to hand a seat over, and the yeses it has so far."""

    new_name: str
    requester: int
    holder: int | None  # the seat's player: their yes alone passes it (None: a CPU seat)
    host: int | None  # whose yes the majority path needs (None: nobody's, see :func:`open_vote`)
    others: frozenset[int]  # the seated humans but the holder: a majority of them is needed
    yes: set[int] = field(default_factory=set)

    @property
    def voters(self) -> frozenset[int]:
        """Everyone whose click counts: the holder, the host and the other seated humans."""
        return self.others | {uid for uid in (self.holder, self.host) if uid is not None}

    @property
    def needed(self) -> int:
        """Yeses needed among :attr:`others` (a strict majority of them)."""
        return len(self.others) // 2 + 1

    def passes_with(self, yes: set[int] | frozenset[int]) -> bool:
        if self.holder is not None and self.holder in yes:
            return True  # the player consents
        if self.host is not None and self.host not in yes:
            return False
        return len(yes & self.others) >= self.needed and len(yes) >= 2  # never one person alone

    @property
    def passed(self) -> bool:
        return self.passes_with(self.yes)

    @property
    def majority_can_pass(self) -> bool:
        """Whether it can pass without the holder (in a match of two humans it cannot)."""
        return self.passes_with(self.voters - {self.holder} if self.holder is not None else self.voters)


def at_once(table: Table, index: int, requester: int) -> bool:
    """The host hands a CPU seat, an away player's seat or their own seat over with no vote."""
    seat = table.seats[index]
    return requester == table.host_id and (seat.cpu_plays or seat.user_id == requester)


def open_vote(table: Table, index: int, requester: int, new_name: str) -> Vote:
    """The vote on handing seat ``index`` over at ``requester``'s request (their yes counted).

    The host's yes is required unless the seat is the host's own and the host is away: then
    nobody could ever give it, and a majority of the other seated humans decides alone.
    """
    seat = table.seats[index]
    host_away_from_own_seat = seat.user_id == table.host_id and seat.away
    others = frozenset(s.user_id for s in table.seats if s.user_id is not None and s.index != index)
    vote = Vote(
        new_name=new_name,
        requester=requester,
        holder=seat.user_id,
        host=None if host_away_from_own_seat else table.host_id,
        others=others,
    )
    vote.yes.add(requester)
    return vote


def mentions(user_ids: set[int] | frozenset[int]) -> str:
    return ", ".join(f"<@{uid}>" for uid in sorted(user_ids))


def rule_text(vote: Vote, locale: str) -> str:
    """What makes this vote pass, and who agreed so far, in ``locale``."""
    fields = {
        "player": f"<@{vote.holder}>",
        "host": f"<@{vote.host}>",
        "needed": vote.needed,
        "voters": mentions(vote.others),
    }
    if vote.holder is None:
        key = "seats.vote_rule_majority"
    elif not vote.majority_can_pass:
        key = "seats.vote_rule_consent"
    elif vote.host is None:
        key = "seats.vote_rule_either_no_host"
    else:
        key = "seats.vote_rule_either"
    rule = t(locale, key, **fields)
    return f"{rule}\n{t(locale, 'seats.vote_agreed', yes=mentions(vote.yes))}"
