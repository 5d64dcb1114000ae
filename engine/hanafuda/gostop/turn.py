"""Go-Stop turn resolution: the flip, captures and specials, pi stealing, then Go/Stop or the next seat.

A turn is resolved once both of its cards are known (:func:`resolve`), so seolsa, jjok, ttadak,
ppeok, sseul, the joker stacks and pi stealing are decided in one place. :mod:`.game` validates
the actions and calls these; the deal and the round/match transitions live in :mod:`.rounds`.
"""

from __future__ import annotations

from engine.hanafuda.gostop.cards import (
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
    Captured,
    CardFlipped,
    Event,
    JokerStacked,
    Phase,
    PiStolen,
    RoundResult,
    ScoreItem,
    Seolsa,
    StopCalled,
    Threshold,
)

PLAY, FLIP_CHOICE, DECIDE, CLAIM, CUP = Phase.PLAY, Phase.FLIP_CHOICE, Phase.DECIDE, Phase.CLAIM, Phase.CUP


# --- the turn --------------------------------------------------------------------------------


def flip(
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
    return resolve(s, seat, p, pt, d, None, steals, events)


def resolve(
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
            t = on.bit_length() - 1
            if k == 2:
                assert pt is not None  # two of the month on the field: the play named its target
                t = pt
            takes.append((1 << p | 1 << t, None))
            field &= ~(1 << t)
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
            t = on.bit_length() - 1
            if n == 2:
                assert dt is not None  # two of the month on the field: the flip's target was chosen
                t = dt
            takes.append((1 << d | 1 << t, None))
            field &= ~(1 << t)
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
    stolen, given = s.stolen, s.given
    if steals and not last:
        captured, stolen, given = _steal(captured, stolen, given, seat, steals, events)
    s = s._replace(
        field=field,
        captured=captured,
        stacks=stacks,
        seolsa=seolsa,
        pot=pot,
        phase=PLAY,
        pending=None,
        stolen=stolen,
        given=given,
    )
    if seolsa[seat] >= 3:
        # "Si durant la partie un joueur fait 3 설사 (seolsa), il marque 5 points et remporte la manche."
        return flat_win(s, seat, "three_seolsa", s.rules.seolsa_points, events)
    if s.rules.sake_cup == "choose" and s.cup < 0 and not had_cup and cap >> SAKE_CUP & 1:
        return s._replace(phase=CUP, to_act=seat), tuple(events)
    return after_turn(s, seat, events)


def _steal(
    captured: tuple[int, ...],
    stolen: tuple[int, ...],
    given: tuple[int, ...],
    thief: int,
    count: int,
    events: list[Event],
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Each opponent gives one 1-point pi, else a double pi (a 2-pi joker counts as one), else
    nothing: "On ne peut prendre à ses adversaires que des cartes pi valant 1 point, sauf si le
    joueur n'a pas d'autres choix." The lowest such card is given (no choice asked).

    Also returns the round's per-seat tallies of pi cards taken (``stolen``) and given (``given``),
    counted in cards: a double pi handed over counts as one."""
    caps = list(captured)
    took = 0
    gave = list(given)
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
            took += 1
            gave[victim] += 1
            events.append(PiStolen(thief, victim, card_str(c), "steal"))
    if not took:
        return tuple(caps), stolen, given
    return tuple(caps), set_at(stolen, thief, stolen[thief] + took), tuple(gave)


def after_turn(s: State, seat: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
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
        return win_round(s, seat, "stop", events)
    return next_turn(s, seat, events)


def next_turn(s: State, seat: int, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
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
        return win_round(s, leaders[0], "exhausted", events)
    return end_round(s, result(s, "nagari", None, ()), events)


def win_round(s: State, seat: int, reason: str, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    base, items, bonus, score, pays = settle(
        s.rules, seat, s.captured, s.gos, s.go_order, s.shakes, s.carry, s.cup
    )
    return end_round(
        s, result(s, reason, seat, pays, items=items, base=base, bonus=bonus, score=score), events
    )


def flat_win(
    s: State, seat: int, reason: str, points: int, events: list[Event]
) -> tuple[State, tuple[Event, ...]]:
    """``seat`` wins the round with ``points`` (three seolsa, the joker claim: « il marque 5 points »).

    Seed reading (``flat_wins="settled"``): those points are the round's score, settled as any
    won round is; the seed ties its doublings to winning or losing the round, not to a stop
    (« S'il remporte la manche, il doublera son score »; « Un joueur qui a fait un 고 (Go) et qui
    perd la manche doit donner au gagnant le double de points »). ``flat``: each opponent pays
    ``points``, times the nagari carry only.
    """
    item = ScoreItem(reason, points, ())
    if s.rules.flat_wins == "flat":
        pays = flat_payments(seat, s.n, points, s.carry)
        return end_round(s, result(s, reason, seat, pays, items=(item,), base=points, score=points), events)
    base, items, bonus, score, pays = settle(
        s.rules, seat, s.captured, s.gos, s.go_order, s.shakes, s.carry, s.cup, flat=item
    )
    return end_round(
        s, result(s, reason, seat, pays, items=items, base=base, bonus=bonus, score=score), events
    )


def end_round(s: State, res: RoundResult, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    return close_round(s, res, events), tuple(events)
