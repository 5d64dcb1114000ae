"""Go-Stop play: legal actions, the two-phase turn, Go/Stop and the round's end.

``apply`` validates every action against :func:`legal_actions` (one source of truth, so the two
never disagree) and auto-advances rounds. A turn is resolved once both of its cards are known
(:func:`_resolve`), so seolsa, jjok, ttadak, ppeok, sseul, the joker stacks and pi stealing are
decided in one place. The deal and the round/match transitions live in :mod:`.rounds`.
"""

from __future__ import annotations

from engine.core import GameError, GameOver, IllegalAction, Outcome
from engine.hanafuda.gostop.cards import (
    BONUS_MASK,
    DOUBLE_PI_M,
    J2,
    J2B,
    MONTH_OF,
    SAKE_CUP,
    SINGLE_PI_M,
    card_str,
    names,
)
from engine.hanafuda.gostop.rounds import close_round, result, set_at
from engine.hanafuda.gostop.scoring import flat_payments, points_of, settle
from engine.hanafuda.gostop.state import State
from engine.hanafuda.gostop.types import (
    Action,
    Bomb,
    Captured,
    CardFlipped,
    CardPlayed,
    Claim,
    CupAs,
    Event,
    Flip,
    Go,
    GoCalled,
    JokerStacked,
    Phase,
    PiStolen,
    Play,
    RoundResult,
    Seolsa,
    Shake,
    Shaken,
    Stop,
    StopCalled,
    Take,
    Threshold,
)
from engine.hanafuda.koikoi.state import bits

__all__ = ["apply", "legal_actions", "outcome", "to_act"]

PLAY, FLIP_CHOICE, DECIDE, CLAIM, CUP, OVER = (
    Phase.PLAY, Phase.FLIP_CHOICE, Phase.DECIDE, Phase.CLAIM, Phase.CUP, Phase.OVER,
)  # fmt: skip
GO, STOP, FLIP = Go(), Stop(), Flip()
_CLAIMS = (Claim(True), Claim(False))
_CUPS = (CupAs(False), CupAs(True))
_NIBBLE = 15
# Every action object is built once: legal_actions hands out these shared, immutable values.
_PLAYS = tuple(Play(c) for c in range(51))
_PLAYS_AT = tuple(tuple(Play(c, t) for t in range(48)) for c in range(48))
_TAKES = tuple(Take(c) for c in range(48))
_BOMBS = (None, *(Bomb(m) for m in range(1, 13)))
_SHAKES = (None, *(Shake(m) for m in range(1, 13)))


# --- legal actions ---------------------------------------------------------------------------


def legal_actions(s: State) -> tuple[Action, ...]:
    """Every action the seat to act may take (empty once the match is over)."""
    phase = s.phase
    if phase is PLAY:
        seat: int = s.to_act  # type: ignore[assignment]
        hand = s.hands[seat]
        field = s.field
        out: list[Action] = []
        regular = hand & ~BONUS_MASK
        for c in bits(hand):
            if c >= 48:
                # "Les jokers ne peuvent pas être joués lors du premier tour."
                if s.turns[seat] or not regular:
                    out.append(_PLAYS[c])
                continue
            on_field = field & MONTH_OF[c]
            if on_field.bit_count() == 2:
                row = _PLAYS_AT[c]
                out.extend(row[t] for t in bits(on_field))
            else:
                out.append(_PLAYS[c])
        for m in range(12):
            if (hand >> (4 * m) & _NIBBLE).bit_count() == 3:
                if field >> (4 * m) & _NIBBLE:
                    out.append(_BOMBS[m + 1])  # type: ignore[arg-type]
                elif not s.shaken >> (m + 1) & 1:
                    out.append(_SHAKES[m + 1])  # type: ignore[arg-type]
        if s.flips[seat] and s.pile_pos < len(s.pile):
            out.append(FLIP)
        return tuple(out)
    if phase is FLIP_CHOICE:
        return tuple(_TAKES[t] for t in bits(s.field & MONTH_OF[s.pending[2]]))  # type: ignore[index]
    if phase is DECIDE:
        return (GO, STOP)
    if phase is CLAIM:
        return _CLAIMS
    if phase is CUP:
        return _CUPS
    return ()


# --- apply -----------------------------------------------------------------------------------


def apply(s: State, action: Action) -> tuple[State, tuple[Event, ...]]:
    """Play ``action`` for ``s.to_act``; returns the new state and what happened.

    Raises :class:`IllegalAction` (with a ``key`` for translations) or :class:`GameOver`.
    """
    if s.phase is OVER:
        raise GameOver("The match is over.", key="game_over")
    try:
        legal = action in legal_actions(s)
    except TypeError:
        legal = False
    if not legal:
        raise _refusal(s, action)
    seat: int = s.to_act  # type: ignore[assignment]
    events: list[Event] = []
    kind = type(action)
    if kind is Go:
        gos = set_at(s.gos, seat, s.gos[seat] + 1)
        score = points_of(s.captured[seat], s.cup)
        order = s.go_order if seat in s.go_order else (*s.go_order, seat)
        events.append(GoCalled(seat, gos[seat], score))
        s = s._replace(gos=gos, go_at=set_at(s.go_at, seat, score), go_order=order)
        return _next_turn(s, seat, events)
    if kind is Stop:
        events.append(StopCalled(seat))
        return _win(s, seat, "stop", events)
    if kind is Take:
        p, pt, d, steals = s.pending  # type: ignore[misc]
        s = s._replace(phase=PLAY, pending=None)
        return _resolve(s, seat, p, None if pt < 0 else pt, d, action.target, steals, events)  # type: ignore[union-attr]
    if kind is Claim:
        p, pt, d, steals = s.pending  # type: ignore[misc]
        s = s._replace(phase=PLAY, pending=None)
        if action.accept:  # type: ignore[union-attr]
            # "il a alors la possibilité de remporter la manche et marque 5 points."
            pays = flat_payments(seat, s.n, s.rules.joker_win_points, s.carry)
            return _end(s, result(s, "joker_win", seat, pays), events)
        return _resolve(s, seat, p, None if pt < 0 else pt, d, None, steals, events)
    if kind is CupAs:
        s = s._replace(phase=PLAY, cup=int(action.as_pi))  # type: ignore[union-attr]
        return _after_turn(s, seat, events)
    if kind is Shake:
        # "Si un joueur a 3 cartes du même mois dans sa main, il peut alors l'annoncer par 흔들
        # (heundeul). S'il remporte la manche, il doublera son score." The turn goes on.
        month = action.month  # type: ignore[union-attr]
        events.append(Shaken(seat, names(s.hands[seat] & MONTH_OF[(month - 1) * 4]), False))
        s = s._replace(shakes=set_at(s.shakes, seat, s.shakes[seat] + 1), shaken=s.shaken | 1 << month)
        return s, tuple(events)
    hands = list(s.hands)
    if kind is Bomb:
        month: int = action.month  # type: ignore[union-attr]
        mm = MONTH_OF[(month - 1) * 4]
        three = hands[seat] & mm
        hands[seat] ^= three
        taken = three | (s.field & mm) | s.pot[month]
        events.append(Shaken(seat, names(three), True))
        events.append(CardPlayed(seat, names(three), "bomb"))
        events.append(Captured(seat, names(taken), "bomb"))
        # RULINGS: a bomb counts as a shake (once per month: a shaken month does not count twice).
        shakes = s.shakes if s.shaken >> month & 1 else set_at(s.shakes, seat, s.shakes[seat] + 1)
        s = s._replace(
            hands=tuple(hands),
            field=s.field & ~mm,
            captured=set_at(s.captured, seat, s.captured[seat] | taken),
            shakes=shakes,
            shaken=s.shaken | 1 << month,
            flips=set_at(s.flips, seat, s.flips[seat] + 2),
            stacks=s.stacks & ~(1 << month),
            pot=set_at(s.pot, month, 0),
        )
        # "폭탄 (poktan). Ses adversaires lui donne une carte pi." (counted with the turn's other steals)
        return _flip(s, seat, -1, None, 1, events)
    if kind is Flip:
        # "il pourra alors lorsqu'il le désire et à deux reprises, ne poser aucune carte et
        # simplement piocher"
        s = s._replace(flips=set_at(s.flips, seat, s.flips[seat] - 1))
        return _flip(s, seat, -1, None, 0, events)
    c: int = action.card  # type: ignore[union-attr]
    hands[seat] ^= 1 << c
    if c >= 48:
        # "Si un joueur joue un joker, il la dépose avec les cartes pi qu'il a remporté et pioche
        # une carte qu'il place dans sa main et rejoue."
        events.append(CardPlayed(seat, (card_str(c),), "joker"))
        pos = s.pile_pos
        if pos < len(s.pile):
            hands[seat] |= 1 << s.pile[pos]
            pos += 1
        s = s._replace(
            hands=tuple(hands),
            captured=set_at(s.captured, seat, s.captured[seat] | 1 << c),
            pile_pos=pos,
            joker_turn=s.joker_turn | 1 << c,
        )
        if not hands[seat]:
            return _after_turn(s, seat, events)
        return s, tuple(events)
    events.append(CardPlayed(seat, (card_str(c),), "play"))
    s = s._replace(hands=tuple(hands))
    return _flip(s, seat, c, action.target, 0, events)  # type: ignore[union-attr]


def _refusal(s: State, action: object) -> GameError:
    if not isinstance(action, Play | Shake | Bomb | Flip | Take | Go | Stop | Claim | CupAs):
        return IllegalAction(f"{action!r} is not a Go-Stop move", key="bad_move", text=repr(action))
    text = str(action)
    if s.phase is DECIDE:
        return IllegalAction("You reached the threshold: call go or stop.", key="wrong_phase", action=text)
    if s.phase is FLIP_CHOICE:
        message = "The flipped card matches two table cards: choose which one it takes."
        return IllegalAction(message, key="wrong_phase", action=text)
    if s.phase is CLAIM:
        return IllegalAction("Claim the round (5 points) or decline.", key="wrong_phase", action=text)
    if s.phase is CUP:
        return IllegalAction("Say how your sake cup counts: animal or pi.", key="wrong_phase", action=text)
    seat: int = s.to_act  # type: ignore[assignment]
    if isinstance(action, Play):
        c = action.card
        if not isinstance(c, int) or not 0 <= c < 51 or not s.hands[seat] >> c & 1:
            return IllegalAction(f"{text} is not in your hand.", key="card_not_in_hand", card=text)
        if c >= 48:
            return IllegalAction("A joker cannot be played on your first turn.", key="joker_first_turn")
        if (s.field & MONTH_OF[c]).bit_count() == 2 and action.target is None:
            return IllegalAction(
                f"{card_str(c)} matches two table cards: choose which one to take.",
                key="target_required",
                card=card_str(c),
            )
        return IllegalAction(f"{text} cannot take that card.", key="bad_target", action=text)
    if isinstance(action, Shake):
        message = "Heundeul needs three cards of a month in hand, none on the table, not shaken yet."
        return IllegalAction(message, key="bad_shake")
    if isinstance(action, Bomb):
        return IllegalAction(
            "A bomb needs three cards of a month in hand and the fourth on the table.", key="bad_bomb"
        )
    if isinstance(action, Flip):
        return IllegalAction("You have no free flip left.", key="no_free_flip")
    return IllegalAction(f"{text} is not a legal move now.", key="illegal_move", action=text)


# --- the turn --------------------------------------------------------------------------------


def _flip(
    s: State, seat: int, p: int, pt: int | None, steals: int, events: list[Event]
) -> tuple[State, tuple[Event, ...]]:
    """Phase 2: turn pile cards until one is not a joker, then resolve or ask for a choice."""
    pos = s.pile_pos
    pile = s.pile
    cap = s.captured[seat]
    d = -1
    while pos < len(pile):
        c = pile[pos]
        pos += 1
        events.append(CardFlipped(seat, card_str(c)))
        if c >= 48:
            # "Si un joueur pioche un joker, il la dépose avec les cartes PI qu'il a remporté et
            # pioche une nouvelle carte."
            cap |= 1 << c
            continue
        d = c
        break
    s = s._replace(pile_pos=pos, captured=set_at(s.captured, seat, cap))
    if d >= 0 and (p < 0 or MONTH_OF[d] != MONTH_OF[p]):
        on_table = (s.field & MONTH_OF[d]).bit_count()
        if s.joker_turn and on_table == 3:
            s = s._replace(phase=CLAIM, pending=(p, -1 if pt is None else pt, d, steals))
            return s, tuple(events)
        if on_table == 2 and not s.joker_turn:
            s = s._replace(phase=FLIP_CHOICE, pending=(p, -1 if pt is None else pt, d, steals))
            return s, tuple(events)
    return _resolve(s, seat, p, pt, d, None, steals, events)


def _resolve(
    s: State, seat: int, p: int, pt: int | None, d: int, dt: int | None, steals: int, events: list[Event]
) -> tuple[State, tuple[Event, ...]]:
    """Both cards of the turn are known: captures, seolsa, specials, pi stealing."""
    field = s.field
    cap = s.captured[seat]
    stacks = s.stacks
    seolsa = s.seolsa
    pot = s.pot
    jokers = s.joker_turn
    takes: list[tuple[int, str | None]] = []
    if p >= 0:
        pm = MONTH_OF[p]
        month = p // 4 + 1
        on = field & pm
        k = on.bit_count()
        same = d >= 0 and MONTH_OF[d] == pm
        if same and k == 1:
            # "Si le joueur forme une paire lors de la première phase, puis pioche ensuite une 3ème
            # carte du même mois lors de la seconde phase, il fait un 설사 (seolsa), laisse les cartes
            # sur la table et ne remporte rien."
            field |= 1 << p | 1 << d
            stacks |= 1 << month
            seolsa = set_at(seolsa, seat, seolsa[seat] + 1)
            events.append(Seolsa(seat, month, seolsa[seat]))
            if jokers:
                # "les 3 cartes et le joker seront alors remportés par celui qui complètera le mois"
                cap &= ~jokers
                pot = set_at(pot, month, pot[month] | jokers)
                events.append(JokerStacked(seat, month, names(jokers)))
                jokers = 0
            d = -1
        elif same and k == 0:
            # "si la carte qu'il pioche forme une paire avec celle ci, il fait un 쪽 (jjok)"
            takes.append((1 << p | 1 << d, "jjok"))
            steals += 1
            d = -1
        elif same and k == 2:
            # "que le joueur forme une paire avec une de ces cartes et qu'il pioche la dernière il
            # fait un 따닥 (tadak). Il remporte alors les 4 cartes du mois"
            takes.append((on | 1 << p | 1 << d | pot[month], "ttadak"))
            field &= ~pm
            pot = set_at(pot, month, 0)
            steals += 1
            d = -1
        elif k == 3:
            # "S'il y a 3 cartes de la même famille sur la table … pourront être récupérées en une
            # fois"; a seolsa stack: "il fait un 뻑 (beok). Il remporte les 4 cartes"
            ppeok = bool(stacks >> month & 1)
            takes.append((on | 1 << p | pot[month], "ppeok" if ppeok else "stack"))
            field &= ~pm
            stacks &= ~(1 << month)
            pot = set_at(pot, month, 0)
            steals += ppeok
        elif k == 0:
            field |= 1 << p
        else:
            t = pt if k == 2 else on.bit_length() - 1
            takes.append((1 << p | 1 << t, None))  # type: ignore[operator]
            field &= ~(1 << t)  # type: ignore[operator]
    if d >= 0:
        dm = MONTH_OF[d]
        month = d // 4 + 1
        on = field & dm
        n = on.bit_count()
        if n == 0:
            field |= 1 << d
        elif n == 3:
            ppeok = bool(stacks >> month & 1)
            takes.append((on | 1 << d | pot[month], "ppeok" if ppeok else "stack"))
            field &= ~dm
            stacks &= ~(1 << month)
            pot = set_at(pot, month, 0)
            steals += ppeok
        elif n == 2 and jokers:
            # "S'il y a 2 cartes du même mois sur la table, que le joueur joue un joker et pioche une
            # troisième carte du mois, les 3 cartes et le joker seront alors remportés par celui qui
            # complètera le mois."
            field |= 1 << d
            cap &= ~jokers
            pot = set_at(pot, month, pot[month] | jokers)
            events.append(JokerStacked(seat, month, names(jokers)))
        else:
            t = dt if n == 2 else on.bit_length() - 1
            takes.append((1 << d | 1 << t, None))  # type: ignore[operator]
            field &= ~(1 << t)  # type: ignore[operator]
    had_cup = cap >> SAKE_CUP & 1
    for taken, special in takes:
        cap |= taken
        events.append(Captured(seat, names(taken), special))
    hands = s.hands
    # "Ces cas de figures ne peuvent pas s'appliquer au dernier tour de la manche"
    last = not any(hands) and not (any(s.flips) and s.pile_pos < len(s.pile))
    if takes and not field and not any(pot) and not last:
        # "Si un joueur remporte toutes les cartes de la table suite aux deux phases de jeux, il
        # fait un 쓸 (sseul)."
        steals += 1
        events.append(Captured(seat, (), "sseul"))
    captured = set_at(s.captured, seat, cap)
    if steals and not last:
        captured = _steal(captured, seat, steals, events)
    s = s._replace(
        field=field, captured=captured, stacks=stacks, seolsa=seolsa, pot=pot, phase=PLAY, pending=None
    )
    if seolsa[seat] >= 3:
        # "Si durant la partie un joueur fait 3 설사 (seolsa), il marque 5 points et remporte la manche."
        pays = flat_payments(seat, s.n, s.rules.seolsa_points, s.carry)
        return _end(s, result(s, "three_seolsa", seat, pays), events)
    if s.rules.sake_cup == "choose" and s.cup < 0 and not had_cup and cap >> SAKE_CUP & 1:
        return s._replace(phase=CUP, to_act=seat), tuple(events)
    return _after_turn(s, seat, events)


def _steal(captured: tuple[int, ...], thief: int, count: int, events: list[Event]) -> tuple[int, ...]:
    """Each opponent gives one 1-point pi, else a double pi (a 2-pi joker counts as one), else
    nothing: "On ne peut prendre à ses adversaires que des cartes pi valant 1 point, sauf si le
    joueur n'a pas d'autres choix." The lowest such card is given (no choice asked)."""
    caps = list(captured)
    doubles = DOUBLE_PI_M | 1 << J2 | 1 << J2B
    for _ in range(count):
        for victim in range(len(caps)):
            if victim == thief:
                continue
            pool = caps[victim] & SINGLE_PI_M or caps[victim] & doubles
            if not pool:
                # "si les adversaires n'ont à ce moment là pas de cartes pi, ils ne donnent rien"
                events.append(PiStolen(thief, victim, None, "no_pi"))
                continue
            c = (pool & -pool).bit_length() - 1
            caps[victim] ^= 1 << c
            caps[thief] |= 1 << c
            events.append(PiStolen(thief, victim, card_str(c), "steal"))
    return tuple(caps)


def _after_turn(s: State, seat: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """End of a turn: the threshold check (Go/Stop), else the next seat."""
    s = s._replace(turns=set_at(s.turns, seat, s.turns[seat] + 1), joker_turn=0)
    score = points_of(s.captured[seat], s.cup)
    # "Pour stopper une partie, il faut atteindre un seuil de 5 ou 7 points (2 joueurs) ou 3
    # points (3 joueurs)"; after a Go "il devra alors atteindre à nouveau le seuil" (RULINGS:
    # decide again only when the score rises above the score of the last Go).
    if score >= s.rules.threshold(s.n) and score > s.go_at[seat]:
        can_go = bool(s.hands[seat] or (s.flips[seat] and s.pile_pos < len(s.pile)))
        events.append(Threshold(seat, score, can_go))
        if can_go:
            return s._replace(phase=DECIDE, to_act=seat), tuple(events)
        # RULINGS (as Koi-Koi): with nothing left to play, the round stops.
        events.append(StopCalled(seat))
        return _win(s, seat, "stop", events)
    return _next_turn(s, seat, events)


def _next_turn(s: State, seat: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    n = s.n
    flips_left = s.pile_pos < len(s.pile)
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if s.hands[nxt] or (s.flips[nxt] and flips_left):
            return s._replace(phase=PLAY, to_act=nxt), tuple(events)
    # "Si la partie s'arrête, faute de carte restante, le joueur qui a le plus de points remporte
    # la manche, cependant si personne n'a atteint le seuil, la partie est nulle."
    pts = [points_of(c, s.cup) for c in s.captured]
    best = max(pts)
    leaders = [i for i in range(n) if pts[i] == best]
    if best >= s.rules.threshold(n) and len(leaders) == 1:
        return _win(s, leaders[0], "exhausted", events)
    return _end(s, result(s, "nagari", None, ()), events)


def _win(s: State, seat: int, reason: str, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    base, items, bonus, score, pays = settle(
        s.rules, seat, s.captured, s.gos, s.go_order, s.shakes, s.carry, s.cup
    )
    return _end(s, result(s, reason, seat, pays, items=items, base=base, bonus=bonus, score=score), events)


def _end(s: State, res: RoundResult, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    return close_round(s, res, events), tuple(events)


def outcome(s: State) -> Outcome | None:
    """Final totals once the match is over: the highest total wins (ties: all of them)."""
    if s.phase is not OVER:
        return None
    best = max(s.scores)
    return Outcome(s.scores, tuple(i for i in range(s.n) if s.scores[i] == best))


def to_act(s: State) -> int | None:
    return s.to_act
