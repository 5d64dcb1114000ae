"""Random playouts over thousands of seeds: invariants, legality, replay and hidden information."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest

from engine.core import GameOver, IllegalAction
from engine.hanafuda.cards import CARDS, FULL_DECK_MASK, Card, mask
from engine.hanafuda.koikoi import (
    ENGINE,
    PRESETS,
    Action,
    Capture,
    CardDrawn,
    CardPlayed,
    KoiKoi,
    KoiKoiView,
    Phase,
    Play,
    Rules,
    Shobu,
    ShobuCalled,
    State,
    YakuMade,
    apply,
    legal_actions,
    new_game,
    outcome,
    view,
)
from engine.hanafuda.koikoi.rules import points_table
from engine.hanafuda.koikoi.yaku import GROUP, yaku_items
from tests.engine.koikoi.stacked import random_rules

CONFIGS: list[Rules] = [
    PRESETS["seed"],
    PRESETS["nintendo"],
    PRESETS["koikoi-japan"],
    Rules(lightning_wild=True, empty_hands="dealer_out", oyaken=1, viewing="one", rain_spoils_viewing=True),
    Rules(lightning_wild=True, empty_hands="all_lost", all_lost_dealer="changes", opponent_koikoi="per_call"),
    Rules(
        five_to_six=True,
        fifteen_point_yaku=True,
        opponent_koikoi="anyone",
        sake_cup="animal",
        lucky_hands=False,
    ),
    Rules(viewing="off", opponent_koikoi="self", double_at=0, oyaken=6),
]

UNIVERSE: list[Action] = [
    *(Play(c) for c in CARDS),
    *(Play(c, t) for c in CARDS for t in CARDS),
    *(Capture(t) for t in CARDS),
    KoiKoi(),
    Shobu(),
]


def conserved(s: State) -> bool:
    """The 48 cards are each in exactly one place."""
    parts = [*s.hands, s.field, *s.captured, mask(s.pile[s.pile_pos :])]
    if s.pending >= 0:
        parts.append(1 << s.pending)
    union = 0
    for p in parts:
        union |= p
    return union == FULL_DECK_MASK and sum(p.bit_count() for p in parts) == 48


def playout(rules: Rules, seed: int, rng: random.Random) -> Iterator[tuple[State, tuple[Action, ...]]]:
    """Yield each state before a move with its legal actions; the last has none."""
    s = new_game(2, rules, seed)
    for _ in range(2000):
        legal = legal_actions(s)
        yield s, legal
        if not legal:
            return
        s, _ = apply(s, rng.choice(legal))
    raise AssertionError(f"match did not end (seed {seed})")


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_random_playouts_keep_the_invariants(config: int) -> None:
    """48 cards conserved at every step, termination, legal_actions empty exactly at the end."""
    rules = dataclasses.replace(CONFIGS[config], rounds=3)
    rng = random.Random(config)
    reasons: set[str] = set()
    for seed in range(450):
        for s, legal in playout(rules, seed * 31 + config, rng):
            assert conserved(s), seed
            assert (not legal) == (s.phase is Phase.OVER) == (s.to_act is None)
            assert (outcome(s) is None) == bool(legal)
        assert len(s.history) == 3 or (rules.end_at_zero and min(s.scores) <= 0)
        start = rules.starting_score
        assert s.scores == tuple(start + sum(r.points[i] for r in s.history) for i in (0, 1))
        reasons.update(r.reason for r in s.history)
    assert {"shobu", "draw"} <= reasons or "all_lost" in reasons


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_legal_actions_and_apply_never_disagree(config: int) -> None:
    """DESIGN.md: « legal_actions and apply never disagree (a property test checks it) » — every
    legal action applies; every other action raises IllegalAction (GameOver at the end)."""
    rules = CONFIGS[config]
    rng = random.Random(100 + config)
    checked = 0
    for seed in range(6):
        for step, (s, legal) in enumerate(playout(rules, 1000 + seed, rng)):
            if not legal:
                for action in rng.sample(UNIVERSE, 20):
                    with pytest.raises(GameOver):
                        apply(s, action)
                continue
            for action in legal:
                apply(s, action)
            allowed = set(legal)
            # The whole action space now and then, a random sample otherwise.
            candidates = UNIVERSE if step % 40 == 0 else rng.sample(UNIVERSE, 30)
            for action in candidates:
                if action in allowed:
                    continue
                with pytest.raises(IllegalAction):
                    apply(s, action)
                checked += 1
    assert checked > 1000


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_replay_from_rules_seed_and_notation(config: int) -> None:
    """DESIGN.md: « (rules, seed, actions) replays any game exactly » — ``(rules, seed,
    [str(action) ...])`` rebuilds the very same state."""
    rules = CONFIGS[config]
    rng = random.Random(200 + config)
    for seed in range(40):
        s = new_game(2, rules, seed)
        log: list[str] = []
        while s.phase is not Phase.OVER:
            action = rng.choice(legal_actions(s))
            log.append(str(action))
            s, _ = apply(s, action)
            if len(log) % 50 == 0:
                assert ENGINE.replay(2, rules, seed, log) == s
        assert ENGINE.replay(2, rules, seed, log) == s
        assert outcome(s) == ENGINE.outcome(ENGINE.replay(2, rules, seed, log))


def cards_in(obj: object, skip: frozenset[str] = frozenset()) -> set[int]:
    """Every Card reachable from a view's fields (tuples and dataclasses walked)."""
    found: set[int] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, Card):
            found.add(int(x))
        elif isinstance(x, tuple | list):
            stack.extend(x)
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            stack.extend(getattr(x, f.name) for f in dataclasses.fields(x) if f.name not in skip)
    return found


def check_view(s: State, seat: int | None) -> KoiKoiView:
    v = view(s, seat)
    assert not any(isinstance(getattr(v, f.name), State) for f in dataclasses.fields(v))
    hidden = mask(s.pile[s.pile_pos :])
    for other in (0, 1):
        if other != seat:
            hidden |= s.hands[other]
    hidden_cards = {c for c in range(48) if hidden >> c & 1}
    # The current round's hidden cards appear nowhere. ``history`` holds finished rounds only
    # (earlier deals, whose cards are dealt again), ``rules`` only the table's public options.
    leaked = cards_in(v, frozenset({"history", "rules"})) & hidden_cards
    assert not leaked, f"seat {seat} sees {sorted(map(str, (CARDS[c] for c in leaked)))}"
    assert v.rules == s.rules and v.history == s.history
    assert len(v.history) == s.round_no - (s.phase is not Phase.OVER)
    if s.phase is Phase.OVER and v.history:
        # The last round's result is of this very deal: it shows no card still hidden (but a
        # lucky hand, which its holder declared to end the round).
        last = v.history[-1]
        declared = set(last.yaku[0].cards) if last.reason == "lucky_hand" else set()
        assert not (cards_in(last) - declared) & hidden_cards
    assert (v.hand is None) == (seat is None)
    if seat is not None:
        assert mask(v.hand or ()) == s.hands[seat]
    assert v.legal_actions == (legal_actions(s) if seat is not None and seat == s.to_act else ())
    assert v.hand_counts == (s.hands[0].bit_count(), s.hands[1].bit_count())
    assert v.draw_pile == len(s.pile) - s.pile_pos
    assert (v.stop_score is not None) == (s.phase is Phase.DECIDE)
    return v


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_views_never_leak_hidden_cards(config: int) -> None:
    """DESIGN.md: « A test asserts that no seat's view holds another seat's hidden cards or the
    deck order » — every field of every view (seat 0, seat 1, spectator) at every step."""
    rules = dataclasses.replace(CONFIGS[config], rounds=4)
    rng = random.Random(300 + config)
    for seed in range(12):
        for s, _ in playout(rules, 5000 + seed, rng):
            for seat in (0, 1, None):
                v = check_view(s, seat)
            if s.phase is Phase.DECIDE:
                stop = v.stop_score
                assert stop is not None and s.to_act is not None
                assert stop.winner == s.to_act and stop.points[s.to_act] > 0
            # History results only show what was public when their round ended.
            for result in v.history:
                for y in result.yaku:
                    if y.yaku not in ("teshi", "kuttsuki"):
                        assert set(y.cards) <= set(result.captured[result.winner or 0]) or y.yaku == "oyaken"


def _groups(items: tuple[tuple[str, int], ...]) -> dict[str, int]:
    out: dict[str, int] = {}
    for y, p in items:
        out[GROUP[y]] = out.get(GROUP[y], 0) + p
    return out


RANDOM_CONFIGS = [random_rules(random.Random(n)) for n in range(40)]


DECISION_CONFIGS = CONFIGS + RANDOM_CONFIGS[:10]


@pytest.mark.parametrize("config", range(len(DECISION_CONFIGS)))
def test_decision_offered_exactly_when_a_yaku_is_formed_or_improved(config: int) -> None:
    """« Si ce n'est pas le cas, le jeu se poursuit et c'est au tour de l'adversaire … Si un yaku
    a été formé ou amélioré, alors on a le choix de continuer la manche ou non » — after every
    turn of random matches, against the yaku recomputed from the captured cards group by group
    (RULINGS: with an empty hand the round stops as shōbu)."""
    rules = DECISION_CONFIGS[config]
    table = points_table(rules)
    rng = random.Random(7)
    decisions = 0
    for seed in range(25):
        s = new_game(2, dataclasses.replace(rules, rounds=3, target_score=0), seed)
        before: list[dict[str, int]] = [{}, {}]
        round_no = s.round_no
        while s.phase is not Phase.OVER:
            if s.round_no != round_no:
                before, round_no = [{}, {}], s.round_no
            action = rng.choice(legal_actions(s))
            seat, phase, cap, hand = s.to_act, s.phase, s.captured[s.to_act or 0], s.hands[s.to_act or 0]
            after_state, events = apply(s, action)
            if isinstance(action, KoiKoi) and seat is not None:
                # viewing_after_koikoi: the call itself raises the viewing yaku, no later turn does.
                before[seat] = _groups(yaku_items(cap, s.month, table, True))
            if phase is not Phase.DECIDE and not any(
                isinstance(e, CardDrawn) and e.awaiting_choice for e in events
            ):
                assert seat is not None
                for e in events:
                    if isinstance(e, CardPlayed | CardDrawn) and e.captured:
                        cap |= mask(e.captured) | 1 << e.card
                now = _groups(yaku_items(cap, s.month, table, s.koikoi[seat] > 0))
                better = any(p > before[seat].get(g, 0) for g, p in now.items())
                if rules.decision == "points_rose":
                    better = sum(now.values()) > sum(before[seat].values())
                made = [e for e in events if isinstance(e, YakuMade)]
                assert bool(made) == better, (seed, events)
                if isinstance(action, Play):
                    hand &= ~(1 << action.card)
                if better:
                    decisions += 1
                    assert made[0].can_koikoi == bool(hand)
                    if hand:
                        assert after_state.phase is Phase.DECIDE and after_state.to_act == seat
                    else:
                        assert ShobuCalled(seat) in events
                else:
                    assert after_state.phase is not Phase.DECIDE
                before[seat] = now
            s = after_state
    assert decisions > 20


@pytest.mark.parametrize("n", range(len(RANDOM_CONFIGS)))
def test_random_option_combinations_keep_the_invariants(n: int) -> None:
    """Any combination of options: cards conserved, termination, legal_actions and apply agree,
    no view leaks, exact replay from the action log."""
    rules = RANDOM_CONFIGS[n]
    rng = random.Random(n)
    for seed in range(3):
        s = new_game(2, rules, 77 * n + seed)
        log: list[str] = []
        for _ in range(2000):
            legal = legal_actions(s)
            assert conserved(s)
            assert (not legal) == (s.phase is Phase.OVER) == (outcome(s) is not None)
            for seat in (0, 1, None):
                check_view(s, seat)
            if not legal:
                break
            for action in legal:
                apply(s, action)
            for action in rng.sample(UNIVERSE, 10):
                if action not in legal:
                    with pytest.raises(IllegalAction):
                        apply(s, action)
            action = rng.choice(legal)
            log.append(str(action))
            s, _ = apply(s, action)
        assert s.phase is Phase.OVER and 1 <= len(s.history) <= rules.rounds
        assert ENGINE.replay(2, rules, 77 * n + seed, log) == s
