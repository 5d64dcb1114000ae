"""Random playouts for 2 and 3 players: conservation (jokers included), termination, legal/apply
agreement, replay from the action log, and no hidden information in the views."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields

import pytest

from engine.core import GameError
from engine.hanafuda.gostop import (
    ENGINE,
    Action,
    Bomb,
    Claim,
    CupAs,
    Flip,
    Go,
    Phase,
    Play,
    RoundEnded,
    Rules,
    Shake,
    Stop,
    Take,
    apply,
    legal_actions,
    new_game,
    view,
)
from engine.hanafuda.gostop.cards import MONTH_OF, deck_cards
from engine.hanafuda.gostop.cards import names as card_names
from engine.hanafuda.gostop.state import State
from tests.engine.gostop.stacked import all_cards
from tests.typed import acting

CANDIDATES: tuple[Action, ...] = (
    *(Play(c) for c in range(51)),
    *(Shake(m) for m in range(1, 13)),
    *(Play(c, t) for c in range(0, 48, 3) for t in range(c & ~3, (c & ~3) + 4)),
    *(Bomb(m) for m in range(1, 13)),
    *(Take(c) for c in range(48)),
    Flip(), Go(), Stop(), Claim(True), Claim(False), CupAs(True), CupAs(False),
)  # fmt: skip


def random_rules(rng: random.Random) -> Rules:
    return Rules(
        bonus_cards=rng.randint(0, 3),
        threshold_2p=rng.choice((5, 7)),
        rounds=rng.randint(1, 3),
        target_score=rng.choice((0, 0, 10)),
        pi_bak=rng.choice(("seed", "fudawiki")),
        sake_cup=rng.choice(("best", "choose")),
        go_bak=rng.random() < 0.8,
        five_gwang_double=rng.random() < 0.8,
        nagari_double=rng.random() < 0.8,
        four_on_table=rng.choice(("nagari", "redeal")),
        free_discard=rng.random() < 0.3,
        flat_wins=rng.choice(("settled", "flat")),
    )


def check_pairing(s: State, legal: tuple[object, ...]) -> None:
    """Seed: a card that pairs must be played when the hand holds one (unless ``free_discard``)."""
    if s.phase is not Phase.PLAY:
        return
    hand = s.hands[acting(s.to_act)]
    can_pair = any(hand >> c & 1 and s.field & MONTH_OF[c] for c in range(48))
    plays = [a.card for a in legal if isinstance(a, Play) and a.card < 48]
    if can_pair and not s.rules.free_discard:
        assert plays and all(s.field & MONTH_OF[c] for c in plays)
    else:
        assert set(plays) == {c for c in range(48) if hand >> c & 1}


def check_conserved(s: State) -> None:
    if s.phase is Phase.OVER:
        return
    held = all_cards(s)
    assert Counter(held) == Counter(deck_cards(s.rules.bonus_cards)), "cards not conserved"


def check_no_leak(s: State) -> None:
    names = {f.name for f in fields(ENGINE.view(s, None))}
    assert not names & {"pile", "hands", "seed", "deck"}
    for seat in (None, *range(s.n)):
        v = view(s, seat)
        public = set(v.field) | {c for cap in v.captured for c in cap} | {c for _, js in v.pot for c in js}
        for other in range(s.n):
            if other == seat:
                continue
            hidden = set(card_names(s.hands[other]))
            assert not hidden & (public | set(v.hand or ())), "a hidden card leaks"
        if seat is not None:
            assert v.hand is not None and set(v.hand) == set(card_names(s.hands[seat]))
            assert v.legal_actions == (legal_actions(s) if seat == s.to_act else ())
        else:
            assert v.hand is None and v.legal_actions == ()


def play_out(
    seats: int, rules: Rules, seed: int, rng: random.Random, *, deep: bool
) -> tuple[State, list[str]]:
    s, _ = ENGINE.begin(seats, rules, seed)
    log: list[str] = []
    steps = 0
    while s.phase is not Phase.OVER:
        legal = legal_actions(s)
        assert legal, f"no legal action in {s.phase}"
        assert len(set(legal)) == len(legal)
        check_pairing(s, legal)
        if deep:
            check_conserved(s)
            check_no_leak(s)
            for a in rng.sample(CANDIDATES, 25):
                if a in legal:
                    apply(s, a)
                else:
                    with pytest.raises(GameError):
                        apply(s, a)
        action = rng.choice(legal)
        log.append(str(action))
        before = s
        s, events = apply(s, action)
        for e in events:
            if isinstance(e, RoundEnded):
                assert sum(e.result.points) == 0  # zero-sum settlement
                assert all(p.amount > 0 for p in e.result.payments)
                r = e.result
                if r.reason in ("three_seolsa", "joker_win"):
                    # 5 points × the carry, flat; or settled: never less, per loser.
                    flat = 5 * before.carry
                    if rules.flat_wins == "flat":
                        assert [p.amount for p in r.payments] == [flat] * (seats - 1)
                    else:
                        assert all(p.amount >= flat for p in r.payments)
        steps += 1
        assert steps < 2000, "no termination"
    assert legal_actions(s) == ()
    assert ENGINE.outcome(s) is not None
    assert sum(s.scores) == 0
    assert s.scores == tuple(sum(r.points[i] for r in s.history) for i in range(seats))
    return s, log


@pytest.mark.parametrize("seats", [2, 3])
def test_random_playouts_keep_every_invariant(seats: int) -> None:
    rng = random.Random(seats)
    for seed in range(25):
        rules = random_rules(rng)
        s, log = play_out(seats, rules, seed, rng, deep=seed < 6)
        again = ENGINE.replay(seats, rules, seed, log)
        assert again == s


@pytest.mark.parametrize("seats", [2, 3])
def test_many_fast_playouts_terminate_and_conserve(seats: int) -> None:
    rng = random.Random(100 + seats)
    seen: Counter[str] = Counter()
    for seed in range(150):
        rules = Rules(rounds=2, bonus_cards=rng.randint(0, 3), sake_cup=rng.choice(("best", "choose")))
        s, _ = ENGINE.begin(seats, rules, seed)
        while s.phase is not Phase.OVER:
            check_conserved(s)
            s, _ = apply(s, rng.choice(legal_actions(s)))
        seen.update(r.reason for r in s.history)
    assert seen["stop"] > 0 and len(seen) >= 2, seen


def test_go_and_stop_both_happen_in_playouts() -> None:
    rng = random.Random(9)
    gos = 0
    for seed in range(60):
        s = new_game(2, Rules(rounds=1), seed)
        while s.phase is not Phase.OVER:
            s, events = apply(s, rng.choice(legal_actions(s)))
            gos += any(type(e).__name__ == "GoCalled" for e in events)
    assert gos > 0
