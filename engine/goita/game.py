"""Goita play: the deal, redeal requests, teyaku, turns (down, attack, block, pass), round ends.

``apply`` validates every action itself (one source of truth) and auto-advances rounds: a
round's last move returns ``RoundEnded`` then ``RoundStarted`` of the next (or ``MatchEnded``).
``legal_actions`` lists exactly the actions ``apply`` accepts; a property test checks it.

Turn order is anticlockwise = increasing seat index (RULINGS.md). Every deal comes from
``derive_seed(seed, "deal", round_no, attempt)``, so ``(rules, seed, actions)`` replays a match.
"""

from __future__ import annotations

from dataclasses import replace
from hashlib import blake2b
from typing import Any

from engine.core import BadRules, GameOver, IllegalAction, Outcome, derive_seed, seeded_rng
from engine.goita.rules import Rules
from engine.goita.state import ATTACKS, BLOCKS, DOWNS, HIDDEN, KEEP, KING, LANCE, PASS, PAWN, Counts, State
from engine.goita.types import (
    PIECES,
    SET_COUNTS,
    Action,
    AllPassed,
    Attack,
    Block,
    Down,
    Event,
    Keep,
    MatchEnded,
    Pass,
    Passed,
    Phase,
    Piece,
    PieceLaid,
    Redeal,
    RedealChoice,
    Redealt,
    RoundEnded,
    RoundResult,
    RoundStarted,
    ScoreItem,
)

__all__ = ["apply", "first_leader", "legal_actions", "new_game", "outcome", "start", "to_act"]

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

# Pieces per hand by number of players (seed: 8 each; « Jeu à 2 » 12; « Jeu à 3 » 10).
HAND_SIZE = {2: 12, 3: 10, 4: 8}


# --- the deal ------------------------------------------------------------------------------


def first_leader(seed: int, seats: int) -> int:
    """The first player of the match, drawn from the seed.

    Seed: « On détermine le premier joueur … celui qui habite le plus près du japon ou par toute
    autre méthode de votre choix. »
    """
    return seeded_rng(seed, "first_leader").randrange(seats)


def deal_order(seed: int, round_no: int, attempt: int) -> list[int]:
    """The 32 pieces (kinds) in shuffled order for one deal (Fisher-Yates on 256 hashed bits)."""
    key = derive_seed(seed, "deal", round_no, attempt)
    x = int.from_bytes(blake2b(key.to_bytes(8, "big"), digest_size=32).digest(), "big")
    deck = [k for k, n in enumerate(SET_COUNTS) for _ in range(n)]
    for i in range(31, 0, -1):
        x, j = divmod(x, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(
    rules: Rules, seats: int, seed: int, round_no: int, attempt: int, leader: int
) -> tuple[tuple[Counts, ...], Counts]:
    """Hands (counts per seat) and the pieces out of play for one deal.

    Seed: « Le joueur situé à la gauche de ce premier joueur distribue les 32 cartes une par
    une dans le sens anti-horaire »: piece ``i`` goes to seat ``leader + i``. With 3 players two
    pawns are removed first (or the first two shuffled pieces, option ``random``); with 2 players
    the last 8 pieces are set aside unseen.
    """
    deck = deal_order(seed, round_no, attempt)
    aside = [0] * 8
    if seats == 3:
        if rules.three_player_removal == "pawns":
            deck.remove(PAWN)
            deck.remove(PAWN)
            aside[PAWN] = 2
        else:
            for k in deck[:2]:
                aside[k] += 1
            deck = deck[2:]
    size = HAND_SIZE[seats]
    hands = [[0] * 8 for _ in range(seats)]
    for i in range(size * seats):
        hands[(leader + i) % seats][deck[i]] += 1
    for k in deck[size * seats :]:
        aside[k] += 1
    return tuple(tuple(h) for h in hands), tuple(aside)


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


def open_round(
    rules: Rules,
    seed: int,
    seats: int,
    round_no: int,
    leader: int,
    scores: tuple[int, ...],
    history: tuple[RoundResult, ...],
    events: list[Event],
    attempt: int = 0,
    dealt: tuple[tuple[Counts, ...], Counts] | None = None,
) -> State:
    """Deal round ``round_no`` (``dealt`` forces the hands: stacked tests) and open it."""
    if attempt == 0:
        events.append(RoundStarted(round_no, leader, (leader - 1) % seats))
    hands, aside = dealt if dealt is not None else deal(rules, seats, seed, round_no, attempt, leader)
    s = State(
        rules, seed, seats, round_no, attempt, leader, scores, history, DOWN, leader, hands,
        ((),) * seats, aside, -1, -1, 0, (), (), rules.values,
    )  # fmt: skip
    order = [(leader + i) % seats for i in range(seats)]
    if rules.teyaku and seats == 4:
        for seat in order:
            if hands[seat][PAWN] >= 6:
                return close_round(s, teyaku_result(s, seat), events)
    threshold = rules.redeal_pawns
    if threshold:
        asks = tuple(seat for seat in order if hands[seat][PAWN] >= threshold)
        if asks:
            return s._replace(phase=ASK, to_act=asks[0], asks=asks)
    return s


def teyaku_result(s: State, seat: int) -> RoundResult:
    """FudaWiki « List of Teyaku »: 6 pawns + 2 different (highest), 6 + a pair (both),
    7 pawns + 1 (double its value), 8 pawns (``teyaku_eight``)."""
    hand = s.hands[seat]
    values = s.values
    others = [k for k in range(PAWN) for _ in range(hand[k])]
    pawns = hand[PAWN]
    if pawns >= 8:
        item = ScoreItem("teyaku_eight_pawns", s.rules.teyaku_eight)
    elif pawns == 7:
        item = ScoreItem("teyaku_seven_pawns", 2 * values[others[0]])
    elif others[0] == others[1]:
        item = ScoreItem("teyaku_six_pawns_pair", 2 * values[others[0]])
    else:
        item = ScoreItem("teyaku_six_pawns", max(values[k] for k in others))
    team = s.team_of(seat)
    points = tuple(item.points if t == team else 0 for t in range(s.teams))
    revealed = tuple(PIECES[k] for k in range(8) for _ in range(hand[k]))
    return RoundResult(
        s.round_no, "teyaku", seat, team, None, (item,), item.points, (), points, revealed, s.leader,
        _next_leader(s, seat),
    )  # fmt: skip


def _next_leader(s: State, winner: int) -> int:
    """Seed: « Le premier joueur de la manche précédente devient le distributeur et le joueur
    situé à sa droite devient le nouveau premier joueur » (``rotate``); FudaWiki: the winner."""
    if s.rules.next_leader == "winner":
        return winner
    return (s.leader + 1) % s.seats


def close_round(s: State, result: RoundResult, events: list[Event]) -> State:
    """Record ``result``; deal the next round, or end the match once a team reaches the target."""
    scores = tuple(a + b for a, b in zip(s.scores, result.points, strict=True))
    if max(scores) >= s.rules.target_score:
        result = replace(result, next_leader=None)
    history = (*s.history, result)
    events.append(RoundEnded(result, scores))
    if result.next_leader is None:
        best = max(scores)
        winners = tuple(seat for seat in range(s.seats) if scores[s.team_of(seat)] == best)
        events.append(MatchEnded(scores, winners))
        return s._replace(phase=OVER, to_act=None, scores=scores, history=history)
    return open_round(s.rules, s.seed, s.seats, s.round_no + 1, result.next_leader, scores, history, events)


# --- legal actions -------------------------------------------------------------------------


def _king_may_attack(s: State, hand: Counts) -> bool:
    """Seed: « Un Roi ne peut jamais être joué comme carte attaquante sauf si un Roi a déjà été
    posé précédemment … un Roi peut être joué en 8ème carte »; FudaWiki adds « If you have both
    Kings in hand »."""
    if hand[KING] >= 2 or sum(hand) == 1:
        return True
    return any(KING in row for row in s.laid)


def legal_actions(s: State) -> tuple[Action, ...]:
    """Every action the seat to act may take (empty once the match is over)."""
    phase = s.phase
    if phase is RESPOND:
        hand = s.hands[s.to_act]  # type: ignore[index]
        a = s.attack
        out: list[Action] = []
        if hand[a]:
            out.append(BLOCKS[a])
        if hand[KING] and a < LANCE and a != KING:
            out.append(BLOCKS[KING])
        out.append(PASS)
        return tuple(out)
    if phase is DOWN:
        hand = s.hands[s.to_act]  # type: ignore[index]
        downs = tuple(DOWNS[k] for k in range(1, 8) if hand[k])
        return downs or (DOWNS[KING],)
    if phase is ATTACK:
        hand = s.hands[s.to_act]  # type: ignore[index]
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
    kind = type(action)
    if phase is RESPOND:
        if kind is Pass:
            return _pass(s)
        if kind is Block:
            return _block(s, action.piece)  # type: ignore[union-attr]
    elif phase is DOWN:
        if kind is Down:
            return _down(s, action.piece)  # type: ignore[union-attr]
    elif phase is ATTACK:
        if kind is Attack:
            return _attack(s, action.piece)  # type: ignore[union-attr]
    elif (phase is ASK or phase is CONSENT) and (kind is Redeal or kind is Keep):
        return _decide(s, kind is Redeal)
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
    seat: int = s.to_act  # type: ignore[assignment]
    k = _check_piece(piece)
    hand = s.hands[seat]
    if not hand[k]:
        raise IllegalAction(f"You hold no {piece}.", key="not_in_hand", piece=str(piece))
    if k == KING and sum(hand) != hand[KING]:
        # FudaWiki: « not allowed to place a King face-down »; only Kings left: no other choice.
        raise IllegalAction("A King is never laid face down.", key="king_face_down")
    hands, laid = _lay(s, seat, k + HIDDEN, k)
    s2 = s._replace(phase=ATTACK, hands=hands, laid=laid)
    return s2, (PieceLaid(seat, len(laid[seat]), "down", None),)


def _attack(s: State, piece: Piece) -> tuple[State, tuple[Event, ...]]:
    seat: int = s.to_act  # type: ignore[assignment]
    k = _check_piece(piece)
    hand = s.hands[seat]
    if not hand[k]:
        raise IllegalAction(f"You hold no {piece}.", key="not_in_hand", piece=str(piece))
    if k == KING and not _king_may_attack(s, hand):
        raise IllegalAction(
            "A King may attack only once the other King was played, when you hold both,"
            " or as your last piece.",
            key="king_attack",
        )
    hands, laid = _lay(s, seat, k, k)
    row = laid[seat]
    events: list[Event] = [PieceLaid(seat, len(row), "attack", piece)]
    if not any(hands[seat]):
        return close_round(s._replace(hands=hands, laid=laid), _finish(s, seat, row), events), tuple(events)
    if k == KING:
        # FudaWiki: « A King used as an attack piece cannot be defended by the other 3 players ».
        events.append(AllPassed(seat, True))
        s2 = s._replace(phase=DOWN, to_act=seat, hands=hands, laid=laid, attacker=seat, attack=k, passes=0)
        return s2, tuple(events)
    s2 = s._replace(
        phase=RESPOND, to_act=(seat + 1) % s.seats, hands=hands, laid=laid, attacker=seat, attack=k, passes=0
    )
    return s2, tuple(events)


def _block(s: State, piece: Piece) -> tuple[State, tuple[Event, ...]]:
    seat: int = s.to_act  # type: ignore[assignment]
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
    seat: int = s.to_act  # type: ignore[assignment]
    passes = s.passes + 1
    if passes >= s.seats - 1:
        # Seed: « Si le joueur qui a lancé l'attaque n'est bloqué par aucun des 3 autres joueurs,
        # il peut de nouveau poser une carte face cachée puis attaquer avec une nouvelle carte. »
        s2 = s._replace(phase=DOWN, to_act=s.attacker, passes=passes)
        return s2, (Passed(seat), AllPassed(s.attacker, False))
    return s._replace(to_act=(seat + 1) % s.seats, passes=passes), (Passed(seat),)


def _finish(s: State, seat: int, row: tuple[int, ...]) -> RoundResult:
    """The round's result when ``seat`` laid its last piece (the last code of ``row``).

    Seed: « Son équipe marque ainsi les points de la dernière carte posée … Si la carte posée à
    l'emplacement 7 est face cachée et identique à la carte jouée en 8 alors le nombre de points
    gagnés est doublé. »
    """
    k = row[-1]
    base = s.values[k]
    multipliers: tuple[ScoreItem, ...] = ()
    revealed: tuple[Piece, ...] = ()
    if s.rules.double_finish and row[-2] == k + HIDDEN:
        multipliers = (ScoreItem("double", 2),)
        revealed = (PIECES[k],)
    total = base * (2 if multipliers else 1)
    team = s.team_of(seat)
    points = tuple(total if t == team else 0 for t in range(s.teams))
    return RoundResult(
        s.round_no, "finish", seat, team, PIECES[k], (ScoreItem("finish", base),), base, multipliers, points,
        revealed, s.leader, _next_leader(s, seat),
    )  # fmt: skip


def _decide(s: State, redeal: bool) -> tuple[State, tuple[Event, ...]]:
    """A redeal request (ASK, by the pawn holder) or its answer (CONSENT, by the partner).

    Seed: « il peut alors, avec l'accord de son partenaire, décider d'annuler la manche ».
    FudaWiki: with holders in both teams, the deal is redone only if both teams agree.
    Without partners (2 or 3 players) the holder decides alone.
    """
    seat: int = s.to_act  # type: ignore[assignment]
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
