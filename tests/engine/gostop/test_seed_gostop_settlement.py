"""The seed's Go/Stop decision, round ends and settlement with every multiplier (000, Go-Stop)."""

from __future__ import annotations

import pytest

from engine.hanafuda.gostop import (
    PRESETS,
    Claim,
    Go,
    Multiplier,
    Phase,
    RoundResult,
    Rules,
    ScoreItem,
    Stop,
    apply,
    legal_actions,
    new_game,
    settle,
)
from engine.hanafuda.gostop.scoring import go_score
from tests.engine.gostop.stacked import Extra, Position, Varied, act, make_state, mk, result_of

GWANG3 = "1a 3a 12a"  # 3 points


def test_threshold_seven_or_five_with_two_players_three_with_three() -> None:
    """« Pour stopper une partie, il faut atteindre un seuil de 5 ou 7 points (2 joueurs) ou 3
    points (3 joueurs). »"""
    two: Position = {"hands": ("8a 5a", "6a 7a"), "field": "8c", "pile": "9c"}
    # 1a 3a 12a + 8a = 4 gwang: 4 points, under both thresholds.
    s, _ = apply(make_state(**two, captured=("1a 3a 12a", "")), act("8a"))
    assert s.phase is Phase.PLAY and s.to_act == 1
    # + chodan (3) = 7: the decision with 2 players.
    s, _ = apply(make_state(**two, captured=("1a 3a 12a 4b 5b 7b", "")), act("8a"))
    assert s.phase is Phase.DECIDE and legal_actions(s) == (Go(), Stop())
    # 4 gwang + five ribbons (1) = 5: the decision only with the 5-point option.
    five: Varied = {**two, "captured": ("1a 3a 12a 1b 4b 6b 10b 11c", "")}
    s, _ = apply(make_state(**five), act("8a"))
    assert s.phase is Phase.PLAY
    s, _ = apply(make_state(**five, rules=Rules(threshold_2p=5)), act("8a"))
    assert s.phase is Phase.DECIDE
    three = make_state(hands=("8a 5a", "6a 7a", "10a 11a"), field="8c", pile="9c", captured=("1a 3a", "", ""))
    s, _ = apply(three, act("8a"))  # 3 gwang = 3 points
    assert s.phase is Phase.DECIDE


def test_stop_wins_and_opponents_pay_the_points() -> None:
    """« Lorsque un joueur atteint le seuil et décide d'arrêter la partie, il remporte la manche et
    les adversaires lui donnent son nombre de points. »"""
    s = make_state(hands=("8a 5a", "6a 7a"), field="8c", pile="9c", captured=("1a 3a 12a 4b 5b 7b", "1c 2a"))
    s, _ = apply(s, act("8a"))
    s, events = apply(s, Stop())
    r = result_of(events)
    assert (r.reason, r.winner, r.base, r.points) == ("stop", 0, 7, (14, -14))  # gwang-bak ×2
    assert r.payments[0].multipliers == (Multiplier("gwang_bak", 2),)


def test_go_continues_and_the_decision_comes_back_only_when_the_score_rises() -> None:
    """« Si au contraire il décide de continuer, il devra alors atteindre à nouveau le seuil pour
    pouvoir arrêter la partie. » (RULINGS: only when the score rises above the last Go.)"""
    s = make_state(
        hands=("8a 5a 4c", "6a 7a 11d"), field="8c", pile="9c 10c 10d", captured=("1a 3a 12a 4b 5b 7b", "1c")
    )
    s, _ = apply(s, act("8a"))
    s, _ = apply(s, Go())
    assert s.gos == (1, 0) and s.go_at == (7, -1) and s.to_act == 1
    s, _ = apply(s, act("6a"))  # seat 1 flips 10c
    s, _ = apply(s, act("5a"))  # seat 0: no capture, flips 10d onto 10c: a capture of plain pi, no rise
    assert s.phase is Phase.PLAY and s.to_act == 1
    rise = make_state(
        hands=("2b 5a", "6a 7a"), field="2c", pile="9c", captured=("1a 3a 8a 12a 4b 5b 7b 1b", ""),
        gos=(1, 0), go_at=(7, -1),
    )  # fmt: skip
    s, _ = apply(rise, act("2b"))  # five ribbons: 7 → 8
    assert s.phase is Phase.DECIDE and s.to_act == 0


def test_go_adds_one_point_each_and_doubles_from_the_third() -> None:
    """« Si un joueur fait 3 고 (Go) durant une partie il double son score. Si il en fait 4 il double à
    nouveau son score et ainsi de suite. Chaque fois qu'un joueur dit 고 (go) il gagne un point
    supplémentaire, ces points sont comptabilisés avant de doubler le score. »"""
    assert [go_score(7, g)[1] for g in range(6)] == [7, 8, 9, 20, 44, 96]
    caps = (mk(GWANG3 + " 4b 5b 7b 8a"), mk("1c 2a 11a"))
    r = settle(Rules(), 0, caps, (3, 0), (0,), (0, 0), 1)
    assert r[3] == 20 and r[4][0].amount == 20 and Multiplier("go", 2) in r[4][0].multipliers


def test_a_loser_who_called_go_pays_double_and_for_the_other_loser() -> None:
    """« Un joueur qui a fait un 고 (Go) et qui perd la manche doit donner au gagnant le double de
    points et doit aussi s'acquitter des points que lui doit l'autre joueur en cas de partie à 3. »"""
    caps = (mk("1c 3a"), mk(GWANG3 + " 4b 5b 7b 8a 2a"))
    (pay,) = settle(Rules(), 1, caps, (1, 0), (0,), (0, 0), 1)[4]
    assert (pay.payer, pay.amount) == (0, 14) and pay.multipliers[-1] == Multiplier("go_bak", 2)
    caps3 = (mk("1c 3a"), mk(GWANG3 + " 8a"), mk("2c 2a"))
    pays = settle(Rules(), 1, caps3, (1, 0, 0), (0,), (0, 0, 0), 1)[4]
    assert [(p.payer, p.amount, p.covers) for p in pays] == [(0, 8, None), (0, 8, 2)]
    assert settle(Rules(go_bak=False), 1, caps3, (1, 0, 0), (0,), (0, 0, 0), 1)[4][1].payer == 2


def test_another_player_stopping_after_a_go_wins_even_with_fewer_points() -> None:
    """« Si après avoir décidé de continuer, un autre joueur atteint le seuil et arrête la partie,
    ce dernier remporte alors la manche, même s'il a moins de points que ses adversaires. »"""
    s = make_state(
        hands=("5a 6c", "8a 7a"), field="8c", pile="9c", captured=("2a 4a 8b 1b 2b 3b", "1a 3a 12a 4b 5b 7b"),
        gos=(1, 0), go_at=(8, -1), to_act=1,
    )  # fmt: skip
    s, _ = apply(s, act("8a"))  # seat 1: 4 gwang + chodan = 7 < 8 for seat 0
    assert s.phase is Phase.DECIDE and s.to_act == 1
    s, events = apply(s, Stop())
    r = result_of(events)
    assert r.winner == 1 and r.base == 7
    (pay,) = r.payments
    assert pay.payer == 0 and pay.multipliers == (Multiplier("gwang_bak", 2), Multiplier("go_bak", 2))
    assert pay.amount == 7 * 2 * 2


def test_cards_run_out_most_points_wins_else_nagari() -> None:
    """« Si la partie s'arrête, faute de carte restante, le joueur qui a le plus de points remporte la
    manche, cependant si personne n'a atteint le seuil, la partie est nulle. »"""
    s = make_state(hands=("5a", ""), field="2a", pile="9c", captured=("1c", "1d"))
    s, events = apply(s, act("5a"))
    assert result_of(events).reason == "nagari" and s.carry == 2
    s = make_state(
        hands=("5a", ""),
        field="2a",
        pile="9c",
        captured=("1a 3a 8a 12a 4b 5b 7b", "1d"),
        gos=(1, 0),
        go_at=(7, -1),
    )
    s, events = apply(s, act("5a"))
    r = result_of(events)
    assert (r.reason, r.winner) == ("exhausted", 0) and r.go_bonus == 1


def test_nagari_doubles_the_next_win() -> None:
    """« Si une manche se solde par un nul, c'est un 나가리 (Nagari). le gagnant de la manche suivante
    recevra de ses adversaires le double de point. »"""
    caps = (mk(GWANG3 + " 4b 5b 7b 8a"), mk("1c 2a 3b"))
    plain = settle(Rules(), 0, caps, (0, 0), (), (0, 0), 1)[4][0].amount
    doubled = settle(Rules(), 0, caps, (0, 0), (), (0, 0), 2)[4][0]
    assert doubled.amount == 2 * plain and Multiplier("nagari", 2) in doubled.multipliers


@pytest.mark.parametrize(
    ("winner", "loser", "mult", "rules"),
    [
        # « 광박 (kwang bak) : Le gagnant remporte la manche avec 3 cartes 광 (lumière) ou plus, les
        # adversaires n'ayant aucune cartes 광 (lumière) lui donnent le double de points. »
        (GWANG3 + " 4b 5b 7b", "1c", "gwang_bak", Rules()),
        # « Si le joueur remporte la manche avec 5 광 (lumière), les autres joueurs lui donnent le
        # double de point. »
        ("1a 3a 8a 11a 12a", "1c 2a", "five_gwang", Rules()),
        # « 멍따 (meongbak) : Si le gagnant a 7 cartes 열끗 (animal) ou plus, les autres joueurs lui
        # donnent le double de point. »
        ("2a 4a 5a 6a 7a 10a 11b", "1c 1a", "meong_bak", Rules()),
        # « 피박 (pibak) : Si le gagnant a 10 cartes 피 (pi) ou plus et que les adversaires on 4 cartes
        # 피 (pi) ou moins, ils lui donnent le double de points. »
        ("1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 4b 5b 7b", "8c 8d 9c 9d 1a", "pi_bak", Rules()),
        ("1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 4b 5b 7b", "1a", "pi_bak", Rules()),
        # FudaWiki variant: losers with 1–7 pi (2 players) pay double, 0 pi do not.
        (
            "1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 4b 5b 7b",
            "8c 8d 9c 9d 10c 10d 1a",
            "pi_bak",
            Rules(pi_bak="fudawiki"),
        ),
    ],
)
def test_per_loser_doubles(winner: str, loser: str, mult: str, rules: Rules) -> None:
    (pay,) = settle(rules, 0, (mk(winner), mk(loser)), (0, 0), (), (0, 0), 1)[4]
    assert Multiplier(mult, 2) in pay.multipliers


def test_pi_bak_variant_spares_a_loser_with_no_pi() -> None:
    """FudaWiki: "The player who did not capture any Chaff card … do not pay double" (variant)."""
    w = mk("1c 1d 2c 2d 3c 3d 4c 4d 5c 5d 6c 6d 7c 7d 4b 5b 7b")
    (seed,) = settle(Rules(), 0, (w, mk("1a")), (0, 0), (), (0, 0), 1)[4]
    (wiki,) = settle(Rules(pi_bak="fudawiki"), 0, (w, mk("1a")), (0, 0), (), (0, 0), 1)[4]
    assert Multiplier("pi_bak", 2) in seed.multipliers and Multiplier("pi_bak", 2) not in wiki.multipliers


def test_match_length_and_winner_deals() -> None:
    """FudaWiki: "12 rounds is traditional … 6 rounds, 3 rounds"; RULINGS: the round winner deals
    next, after a nagari the dealer stays."""
    import random

    from engine.hanafuda.gostop import Phase as P

    rng = random.Random(3)
    for rounds in (3, 6):
        s = new_game(2, Rules(rounds=rounds), 7)
        while s.phase is not P.OVER:
            s, _ = apply(s, rng.choice(legal_actions(s)))
        assert len(s.history) == rounds
        for prev, nxt in zip(s.history, s.history[1:], strict=False):
            assert nxt.dealer == (prev.dealer if prev.winner is None else prev.winner)
    s = new_game(2, Rules(target_score=1), 7)
    while s.phase is not P.OVER:
        s, _ = apply(s, rng.choice(legal_actions(s)))
    assert max(s.scores) >= 1 or len(s.history) == 12


SEOLSA3: Position = {"hands": ("1a 5a", "6a 7a"), "field": "1b", "pile": "1c", "seolsa": (2, 0)}
SEOLSA3_3P: Position = {
    "hands": ("1a 5a", "6a 7a", "8a 9a"),
    "field": "1b",
    "pile": "1c",
    "seolsa": (2, 0, 0),
}


def three_seolsa(rules: Rules, extra: Extra, base: Position = SEOLSA3) -> RoundResult:
    position: Varied = {**base, **extra}
    s = make_state(**position, rules=rules)
    _, events = apply(s, act("1a"))
    r = result_of(events)
    assert (r.reason, r.winner) == ("three_seolsa", 0)
    return r


@pytest.mark.parametrize(
    ("extra", "base", "settled", "mults"),
    [
        ({}, SEOLSA3, (5, -5), ()),
        # « S'il remporte la manche, il doublera son score. » (heundeul)
        ({"shakes": (1, 0)}, SEOLSA3, (10, -10), ("shake",)),
        # « Un joueur qui a fait un 고 (Go) et qui perd la manche doit donner au gagnant le double »
        ({"gos": (0, 1)}, SEOLSA3, (10, -10), ("go_bak",)),
        # « … et doit aussi s'acquitter des points que lui doit l'autre joueur en cas de partie à 3 »
        ({"gos": (0, 1, 0)}, SEOLSA3_3P, (15, -15, 0), ("go_bak",)),
        # « Chaque fois qu'un joueur dit 고 (go) il gagne un point supplémentaire »
        ({"gos": (1, 0)}, SEOLSA3, (6, -6), ()),
        # « Le gagnant remporte la manche avec 3 cartes 광 … les adversaires n'ayant aucune cartes 광 »
        ({"captured": ("3a 8a 12a", "")}, SEOLSA3, (10, -10), ("gwang_bak",)),
    ],
)
def test_il_marque_5_points_then_settled_as_any_won_round(
    extra: Extra, base: Position, settled: tuple[int, ...], mults: tuple[str, ...]
) -> None:
    """« Si durant la partie un joueur fait 3 설사 (seolsa), il marque 5 points et remporte la
    manche. » Reading: those 5 points are the round's score, and every rule the seed ties to
    winning or losing a round applies (Go bonus, heundeul, the -bak doublings, go-bak). Option
    ``flat_wins="flat"`` (in ``fudawiki``): 5 from each opponent, whatever happened."""
    r = three_seolsa(Rules(), extra, base)
    assert r.points == settled and r.base == 5
    assert r.items == (ScoreItem("three_seolsa", 5, ()),)
    assert [m.name for m in r.payments[0].multipliers] == list(mults)
    for rules in (Rules(flat_wins="flat"), PRESETS["fudawiki"]):
        flat = three_seolsa(rules, extra, base)
        losers = len(settled) - 1
        assert flat.points == (5 * losers, *(-5,) * losers)
        assert all(p.multipliers == () for p in flat.payments)


def test_joker_claim_marque_5_points_settled_as_any_won_round() -> None:
    """« Si il y a 3 cartes d'un même mois sur la table, que le joueur joue un joker et pioche
    ensuite la dernière carte du mois, il a alors la possibilité de remporter la manche et marque 5
    points. » Settled as any won round (here heundeul ×2); ``flat_wins="flat"``: 5."""
    for rules, points in ((Rules(), (10, -10)), (Rules(flat_wins="flat"), (5, -5))):
        deal: Position = {"hands": ("J2 5a", "6a 7a"), "field": "1a 1b 1c", "pile": "7c 1d 9c"}
        s = make_state(**deal, shakes=(1, 0), rules=rules)
        s, _ = apply(s, act("J2"))
        s, _ = apply(s, act("5a"))
        _, events = apply(s, Claim(True))
        r = result_of(events)
        assert (r.reason, r.points, r.base) == ("joker_win", points, 5)
