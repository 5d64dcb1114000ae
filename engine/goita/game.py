"""Goita play: starting a match, redeal requests, turns (down, attack, block, pass).

``apply`` validates every action itself (one source of truth) and auto-advances rounds: a
round's last move returns ``RoundEnded`` then ``RoundStarted`` of the next (or ``MatchEnded``).
``legal_actions`` lists exactly the actions ``apply`` accepts; a property test checks it.

Turn order is anticlockwise = increasing seat index (RULINGS.md). Every deal comes from
``derive_seed(seed, "deal", round_no, attempt)``, so ``(rules, seed, actions)`` replays a match.
The deal and the round's opening and end (teyaku, scoring, next leader) are in
:mod:`engine.goita.rounds`.
"""

from __future__ import annotations

from typing import Any

from engine.core import BadRules, GameOver, IllegalAction, Outcome
from engine.goita.rounds import HAND_SIZE, close_round, deal, finish_result, first_leader, open_round
from engine.goita.rules import Rules
from engine.goita.state import ATTACKS, BLOCKS, DOWNS, HIDDEN, KEEP, KING, LANCE, PASS, PAWN, Counts, State
from engine.goita.types import (
    PIECES,
    Action,
    AllPassed,
    Attack,
    Block,
    Down,
    Event,
    Keep,
    Pass,
    Passed,
    Phase,
    Piece,
    PieceLaid,
    Redeal,
    RedealChoice,
    Redealt,
)

__all__ = [
    "apply",
    "close_round",
    "deal",
    "first_leader",
    "legal_actions",
    "new_game",
    "open_round",
    "outcome",
    "start",
    "to_act",
]

ASK, CONSENT, DOWN, ATTACK, RESPOND, OVER = (
    Phase.ASK,
    Phase.CONSENT,
    Phase.DOWN,
    Phase.ATTACK,
    Phase.RESPOND,
    Phase.OVER,
)
REDEAL = Redeal()
_DECISIONS: tuple[Action, ...] = (REDEAL, KEEP)


# --- the match -----------------------------------------------------------------------------


def start(seats: int, rules: Rules, seed: int) -> tuple[State, tuple[Event, ...]]:
    """A new match and the events of its opening (the deal, a teyaku)."""
    if seats not in HAND_SIZE:
        raise BadRules(f"Goita is played by 2, 3 or 4 players, not {seats}", key="bad_seats", seats=seats)
    if not isinstance(rules, Rules):
        raise BadRules("Goita needs Goita rules", key="bad_rules")
    events: list[Event] = []
    teams = 2 if seats == 4 else seats
    state = open_round(rules, seed, seats, 1, first_leader(seed, seats), (0,) * teams, (), events)
    return state, tuple(events)


def new_game(seats: int, rules: Rules, seed: int) -> State:
    """A new match for ``seats`` players (2, 3 or 4), played to ``rules.target_score``."""
    return start(seats, rules, seed)[0]


# --- legal actions -------------------------------------------------------------------------


def _king_may_attack(s: State, hand: Counts) -> bool:
    """Seed: « Un Roi ne peut jamais être joué comme carte attaquante sauf si un Roi a déjà été
    posé précédemment. En revanche un Roi peut être joué en 8ème carte même si l'autre Roi n'a
    pas été joué précédemment. » Option ``king_attack_with_both`` (association) adds FudaWiki's
    « If you have both Kings in hand ».

    « Posé » counts every King face up on the table and, with ``king_face_down_counts`` (seed:
    « le premier joueur pose devant lui une carte face cachée »), a King the player laid face
    down. Another seat's face-down King counts for nobody else: they cannot know it is there,
    and offering them the move would tell them.
    """
    if sum(hand) == 1 or (hand[KING] >= 2 and s.rules.king_attack_with_both):
        return True
    assert s.to_act is not None
    if s.rules.king_face_down_counts and KING + HIDDEN in s.laid[s.to_act]:
        return True
    return any(KING in row for row in s.laid)


def _king_may_go_down(s: State, hand: Counts) -> bool:
    """Seed: « une carte face cachée de son choix » (a King too). Option ``no_king_face_down``
    (association, FudaWiki « not allowed to place a King face-down »), unless only Kings are left."""
    return not s.rules.no_king_face_down or sum(hand) == hand[KING]


def legal_actions(s: State) -> tuple[Action, ...]:
    """Every action the seat to act may take (empty once the match is over)."""
    phase = s.phase
    if phase is RESPOND:
        assert s.to_act is not None
        hand = s.hands[s.to_act]
        a = s.attack
        out: list[Action] = []
        if hand[a]:
            out.append(BLOCKS[a])
        if hand[KING] and a < LANCE and a != KING:
            out.append(BLOCKS[KING])
        out.append(PASS)
        return tuple(out)
    if phase is DOWN:
        assert s.to_act is not None
        hand = s.hands[s.to_act]
        first = 0 if hand[KING] and _king_may_go_down(s, hand) else 1
        return tuple(DOWNS[k] for k in range(first, 8) if hand[k])
    if phase is ATTACK:
        assert s.to_act is not None
        hand = s.hands[s.to_act]
        first = 0 if hand[KING] and _king_may_attack(s, hand) else 1
        return tuple(ATTACKS[k] for k in range(first, 8) if hand[k])
    if phase is ASK or phase is CONSENT:
        return _DECISIONS
    return ()


# --- apply ---------------------------------------------------------------------------------


def apply(s: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Play ``action`` for ``s.to_act``; returns the new state and what happened.

    Raises :class:`IllegalAction` (with a ``key`` for translations) or :class:`GameOver`.
    """
    phase = s.phase
    if phase is RESPOND:
        if type(action) is Pass:
            return _pass(s)
        if type(action) is Block:
            return _block(s, action.piece)
    elif phase is DOWN:
        if type(action) is Down:
            return _down(s, action.piece)
    elif phase is ATTACK:
        if type(action) is Attack:
            return _attack(s, action.piece)
    elif (phase is ASK or phase is CONSENT) and (type(action) is Redeal or type(action) is Keep):
        return _decide(s, type(action) is Redeal)
    raise _refusal(s, action)


_PHASE_HELP = {
    ASK: "You hold enough pawns to ask for a redeal: choose redeal or keep.",
    CONSENT: "Your partner asks for a redeal: choose redeal or keep.",
    DOWN: "Lay a piece face down first.",
    ATTACK: "Lay your attack piece face up.",
    RESPOND: "Block the attack piece or pass.",
}


def _refusal(s: State, action: Any) -> Exception:
    if s.phase is OVER:
        return GameOver("The match is over.", key="game_over")
    if not isinstance(action, Down | Attack | Block | Pass | Redeal | Keep):
        return IllegalAction(f"{action!r} is not a Goita move", key="bad_move", text=repr(action))
    return IllegalAction(_PHASE_HELP[s.phase], key="wrong_phase", phase=s.phase.value, action=str(action))


def _take(hand: Counts, k: int) -> Counts:
    h = list(hand)
    h[k] -= 1
    return tuple(h)


def _lay(s: State, seat: int, code: int, k: int) -> tuple[tuple[Counts, ...], tuple[tuple[int, ...], ...]]:
    hands = list(s.hands)
    hands[seat] = _take(hands[seat], k)
    laid = list(s.laid)
    laid[seat] = (*laid[seat], code)
    return tuple(hands), tuple(laid)


def _check_piece(k: Any) -> int:
    if not isinstance(k, Piece):
        raise IllegalAction(f"{k!r} is not a Goita piece", key="bad_piece", text=repr(k))
    return int(k)


def _down(s: State, piece: Piece) -> tuple[State, tuple[Event, ...]]:
    seat = s.to_act
    assert seat is not None
    k = _check_piece(piece)
    hand = s.hands[seat]
    if not hand[k]:
        raise IllegalAction(f"You hold no {piece}.", key="not_in_hand", piece=str(piece))
    if k == KING and not _king_may_go_down(s, hand):
        raise IllegalAction("A King is never laid face down.", key="king_face_down")
    hands, laid = _lay(s, seat, k + HIDDEN, k)
    s2 = s._replace(phase=ATTACK, hands=hands, laid=laid)
    return s2, (PieceLaid(seat, len(laid[seat]), "down", None),)


def _attack(s: State, piece: Piece) -> tuple[State, tuple[Event, ...]]:
    seat = s.to_act
    assert seat is not None
    k = _check_piece(piece)
    hand = s.hands[seat]
    if not hand[k]:
        raise IllegalAction(f"You hold no {piece}.", key="not_in_hand", piece=str(piece))
    if k == KING and not _king_may_attack(s, hand):
        if s.rules.king_attack_with_both:
            raise IllegalAction(
                "A King may attack only once the other King was played, when you hold both,"
                " or as your last piece.",
                key="king_attack",
            )
        if s.rules.king_face_down_counts:
            raise IllegalAction(
                "A King may attack only once a King was laid: face up, or face down by you;"
                " or as your last piece.",
                key="king_attack_after_king_laid",
            )
        raise IllegalAction(
            "A King may attack only once the other King was played face up, or as your last piece.",
            key="king_attack_after_king",
        )
    hands, laid = _lay(s, seat, k, k)
    row = laid[seat]
    events: list[Event] = [PieceLaid(seat, len(row), "attack", piece)]
    if not any(hands[seat]):
        result = finish_result(s, seat, row)
        return close_round(s._replace(hands=hands, laid=laid), result, events), tuple(events)
    if k == KING:
        # FudaWiki: « A King used as an attack piece cannot be defended by the other 3 players ».
        # Under the seed's rule alone nobody could block it anyway: the other King is face up
        # on the table, or face down in the attacker's own row (or, with
        # ``king_attack_with_both``, in the attacker's hand).
        events.append(AllPassed(seat, True))
        s2 = s._replace(phase=DOWN, to_act=seat, hands=hands, laid=laid, attacker=seat, attack=k, passes=0)
        return s2, tuple(events)
    s2 = s._replace(
        phase=RESPOND, to_act=(seat + 1) % s.seats, hands=hands, laid=laid, attacker=seat, attack=k, passes=0
    )
    return s2, tuple(events)


def _block(s: State, piece: Piece) -> tuple[State, tuple[Event, ...]]:
    seat = s.to_act
    assert seat is not None
    k = _check_piece(piece)
    a = s.attack
    if not s.hands[seat][k]:
        raise IllegalAction(f"You hold no {piece}.", key="not_in_hand", piece=str(piece))
    if k != a:
        if k != KING:
            raise IllegalAction(
                f"Block {PIECES[a]} with a {PIECES[a]} (or a King).",
                key="block_mismatch",
                attack=str(PIECES[a]),
            )
        if a >= LANCE:
            raise IllegalAction("A King cannot block a Lance or a Pawn.", key="king_block")
    hands, laid = _lay(s, seat, k, k)
    s2 = s._replace(phase=ATTACK, to_act=seat, hands=hands, laid=laid)
    return s2, (PieceLaid(seat, len(laid[seat]), "block", piece),)


def _pass(s: State) -> tuple[State, tuple[Event, ...]]:
    seat = s.to_act
    assert seat is not None
    passes = s.passes + 1
    if passes >= s.seats - 1:
        # Seed: « Si le joueur qui a lancé l'attaque n'est bloqué par aucun des 3 autres joueurs,
        # il peut de nouveau poser une carte face cachée puis attaquer avec une nouvelle carte. »
        s2 = s._replace(phase=DOWN, to_act=s.attacker, passes=passes)
        return s2, (Passed(seat), AllPassed(s.attacker, False))
    return s._replace(to_act=(seat + 1) % s.seats, passes=passes), (Passed(seat),)


def _decide(s: State, redeal: bool) -> tuple[State, tuple[Event, ...]]:
    """A redeal request (ASK, by the pawn holder) or its answer (CONSENT, by the partner).

    Seed: « il peut alors, avec l'accord de son partenaire, décider d'annuler la manche ».
    FudaWiki: with holders in both teams, the deal is redone only if both teams agree.
    Without partners (2 or 3 players) the holder decides alone.
    """
    seat = s.to_act
    assert seat is not None
    events: list[Event] = []
    holder = s.asks[0]
    team = s.team_of(holder)
    yes = s.yes
    done = True
    if s.phase is ASK:
        events.append(RedealChoice(seat, "ask", redeal))
        if redeal and s.seats == 4:
            return s._replace(phase=CONSENT, to_act=(holder + 2) % 4), tuple(events)
    else:
        events.append(RedealChoice(seat, "consent", redeal))
    if redeal:
        yes = (*yes, team)
    # Drop the holder, and any holder of a team that has already agreed.
    asks = tuple(h for h in s.asks[1:] if s.team_of(h) not in yes)
    if not redeal and not any(s.team_of(h) == team for h in asks):
        asks = ()  # this team will not redeal: the round is played as dealt
        done = False
    if asks:
        return s._replace(phase=ASK, to_act=asks[0], asks=asks, yes=yes), tuple(events)
    holders = {s.team_of(seat) for seat in range(s.seats) if s.hands[seat][PAWN] >= s.rules.redeal_pawns}
    if done and holders <= set(yes):
        attempt = s.attempt + 1
        events.append(Redealt(attempt))
        s2 = open_round(
            s.rules, s.seed, s.seats, s.round_no, s.leader, s.scores, s.history, events, attempt=attempt
        )
        return s2, tuple(events)
    return s._replace(phase=DOWN, to_act=s.leader, asks=(), yes=()), tuple(events)


# --- match ---------------------------------------------------------------------------------


def to_act(s: State) -> int | None:
    return s.to_act


def outcome(s: State) -> Outcome | None:
    """Final team totals, per seat (partners share their team's total), once the match is over."""
    if s.phase is not OVER:
        return None
    scores = tuple(s.scores[s.team_of(seat)] for seat in range(s.seats))
    best = max(scores)
    return Outcome(scores, tuple(seat for seat in range(s.seats) if scores[seat] == best))
