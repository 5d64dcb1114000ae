"""The seed's rules (001, Roppyakken) for the deal and the turns, one test per rule, on stacked
decks. Each docstring quotes the French sentence of the seed it checks; ``docs/rules/roppyakken.md``
points back here.
"""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, seeded_rng
from engine.hanafuda.cards import card, cards
from engine.hanafuda.roppyakken import (
    PRESETS,
    Capture,
    CardDrawn,
    CardPlayed,
    Phase,
    Redealt,
    RoundStarted,
    Rules,
    TeyakuShown,
    apply,
    first_dealer,
    legal_actions,
    new_game,
    start,
)
from tests.engine.roppyakken.stacked import (
    QUIET2,
    QUIET3,
    deal,
    m,
    make_state,
    play,
    stack_deals,
)
from tests.typed import event_at

# --- Mise en place ---------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3])
def test_first_dealer_is_earliest_month_with_redraw_on_tie(seats: int) -> None:
    """« chacun pioche une carte au hasard. Le joueur ayant la carte la plus proche du début de
    l'année commencera la première manche. En cas d'égalité, les joueurs concernés piochent une
    nouvelle carte. »"""
    dealers = set()
    for seed in range(200):
        contenders = list(range(seats))
        attempt = 0
        while True:
            drawn = seeded_rng(seed, "first_dealer", attempt).sample(range(48), len(contenders))
            best = min(c // 4 for c in drawn)
            contenders = [s for s, c in zip(contenders, drawn, strict=True) if c // 4 == best]
            if len(contenders) == 1:
                break
            attempt += 1
        assert first_dealer(seed, seats) == contenders[0]
        assert start(seats, Rules(), seed)[1][0] == RoundStarted(1, contenders[0])
        dealers.add(contenders[0])
    assert dealers == set(range(seats))


def test_two_players_deal_eight_each_and_eight_on_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Pour une partie à 2 joueurs : 4 à chaque joueurs, 4 au centre face visible, puis de
    nouveau 4 à chaque joueur, et enfin 4 au centre face visible. Chaque joueur se retrouve donc
    avec 8 cartes en main, et 8 cartes sont présentes au centre de la table. »"""
    dealer = first_dealer(5, 2)
    deck = deal(**QUIET2, dealer=dealer)
    # The packets in the deck: seat after the dealer, then the dealer, then the field.
    assert deck[:4] == list(cards(QUIET2["hands"][1 - dealer]))[:4]
    assert deck[8:12] == list(cards(QUIET2["field"]))[:4]
    stack_deals(monkeypatch, [deck])
    s = new_game(2, Rules(), 5)
    assert s.hands == (m(QUIET2["hands"][0]), m(QUIET2["hands"][1]))
    assert s.field == m(QUIET2["field"])
    assert len(s.pile) == 24


def test_three_players_deal_seven_each_and_six_on_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Pour une partie à 3 joueurs : 4 à chaque joueurs, 3 au centre face visible, puis de
    nouveau 3 à chaque joueur, et enfin 3 au centre face visible. Chaque joueur se retrouve donc
    avec 7 cartes en main, et 6 cartes sont présentes au centre de la table. »"""
    dealer = first_dealer(8, 3)
    stack_deals(monkeypatch, [deal(**QUIET3, dealer=dealer)])
    s = new_game(3, Rules(), 8)
    assert s.hands == tuple(m(h) for h in QUIET3["hands"])
    assert s.field == m(QUIET3["field"])
    assert len(s.pile) == 21
    real = new_game(3, Rules(), 99)
    assert [h.bit_count() for h in real.hands] == [7, 7, 7] and real.field.bit_count() == 6


def test_misdeal_when_four_of_a_month_are_on_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Si 4 cartes du même mois sont présentes face visible, la manche est annulée, et on
    procède à une nouvelle donne. »"""
    dealer = first_dealer(4, 2)
    bad = deal(hands=QUIET2["hands"], field="9b 10a 11a 12a 12b 12c 12d 1c", dealer=dealer)
    calls = stack_deals(monkeypatch, [bad, deal(**QUIET2, dealer=dealer)])
    s, events = start(2, Rules(), 4)
    assert Redealt("four_on_field") in events
    assert calls == [(1, 0), (1, 1)]
    assert s.field == m(QUIET2["field"]) and s.dealer == dealer


def test_four_in_a_hand_is_played_only_four_face_up_is_a_misdeal(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Si 4 cartes du même mois sont présentes face visible, la manche est annulée, et on
    procède à une nouvelle donne. » Only the field's cards are « face visible »: in the seed a
    hand holding four of a month is played, and its brelan (« 3 cartes de mois identiques :
    200 points ») is shown and scored. Option ``hand_four="misdeal"`` (FudaWiki: « If all 4 cards
    of a suit were dealt to a player's hand, they have to declare a misdeal too ») redeals."""
    dealer = first_dealer(4, 2)
    four = deal(hands=("1a 1b 1c 1d 5a 6a 7a 8a", QUIET2["hands"][1].replace("1b", "2c")),
                field=QUIET2["field"].replace("1c", "2d"), dealer=dealer)  # fmt: skip
    calls = stack_deals(monkeypatch, [four])
    s, events = start(2, Rules(), 4)
    assert calls == [(1, 0)] and not any(isinstance(e, Redealt) for e in events)
    assert s.hands[0] == m("1a 1b 1c 1d 5a 6a 7a 8a")
    (shown,) = [e for e in events if isinstance(e, TeyakuShown)]
    # Three cards make the brelan: the fourth (1a, the crane) stays in the hand, unseen.
    assert shown.seat == 0 and [(i.name, i.points, i.cards) for i in shown.teyaku] == [
        ("tesan", 200, cards("1b 1c 1d"))
    ]
    assert s.teyaku[0] == shown.teyaku
    calls = stack_deals(monkeypatch, [four, deal(**QUIET2, dealer=dealer)])
    s, events = start(2, Rules(hand_four="misdeal"), 4)
    assert Redealt("four_in_hand") in events and calls == [(1, 0), (1, 1)]
    assert s.hands == (m(QUIET2["hands"][0]), m(QUIET2["hands"][1]))
    assert PRESETS["seed"].hand_four == "play" and PRESETS["sanbyakuken"].hand_four == "misdeal"


# --- Tour de jeu -----------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3])
def test_dealer_plays_first_then_anticlockwise(seats: int) -> None:
    """« En commençant par le donneur, chaque joueur va réaliser son tour de jeu, dans le sens
    antihoraire » (anticlockwise = increasing seat index)."""
    for seed in range(10):
        s = new_game(seats, Rules(), seed)
        assert s.to_act == s.dealer
        order: list[int | None] = []
        for _ in range(seats + 1):
            order.append(s.to_act)
            action = legal_actions(s)[0]
            s, _ = apply(s, action)
            if s.phase is Phase.DRAW_CHOICE:
                s, _ = apply(s, legal_actions(s)[0])
        assert order == [(s.dealer + i) % seats for i in range(seats + 1)]


def test_one_matching_card_is_captured_as_a_pair() -> None:
    """« Une paire est constituée par deux cartes du même mois … les deux cartes qui constituent
    la paire sont capturées par le joueur »"""
    s = make_state(hands=("1a 5a", "2a 6a"), field="1c 3c", pile="4d")
    s2, events = apply(s, play("1a"))
    assert s2.captured[0] == m("1a 1c")
    assert s2.field == m("3c 4d")
    assert event_at(events, 0, CardPlayed).captured == cards("1c")


def test_two_matching_cards_the_player_chooses() -> None:
    """« Si deux cartes du même mois sont présentes au centre, le joueur choisit librement celle
    qu'il veut prendre. »"""
    s = make_state(hands=("1a 5a", "2a 6a"), field="1c 1d 3c", pile="4d")
    assert set(legal_actions(s)) == {play("1a>1c"), play("1a>1d"), play("5a")}
    with pytest.raises(IllegalAction) as err:
        apply(s, play("1a"))
    assert err.value.key == "target_required"
    s2, _ = apply(s, play("1a>1d"))
    assert s2.captured[0] == m("1a 1d") and s2.field >> card("1c") & 1


def test_three_on_the_table_the_fourth_takes_all_four() -> None:
    """« Exception : Si au centre de la table, il y a trois cartes du même mois et qu'un joueur
    pose la quatrième, il a alors le droit de prendre les quatre cartes. » (and a triple dealt
    to the table is captured together, FudaWiki)"""
    s = make_state(hands=("1a 5a", "2a 6a"), field="1b 1c 1d 3c", pile="4d")
    assert play("1a") in legal_actions(s) and play("1a>1c") not in legal_actions(s)
    with pytest.raises(IllegalAction):
        apply(s, play("1a>1c"))
    s2, _ = apply(s, play("1a"))
    assert s2.captured[0] == m("1a 1b 1c 1d")
    # The drawn card takes a triple the same way.
    s = make_state(hands=("5a 6a", "2a 6b"), field="1b 1c 1d 3c", pile="1a")
    s2, _ = apply(s, play("5a"))
    assert s2.captured[0] == m("1a 1b 1c 1d")


def test_a_card_that_matches_must_capture() -> None:
    """« Si le joueur ne peut pas ou ne veut pas créer de paire, il doit défausser face visible une
    de ses cartes au centre de la table. Mais si la carte défaussée permet de créer une paire, il
    est obligé de la capturer. »"""
    s = make_state(hands=("1a 5a", "2a 6a"), field="1c 3c", pile="4d")
    # Any card may be played (5a is a discard), but 1a can only be played as a capture.
    assert set(legal_actions(s)) == {play("1a"), play("5a")}
    s2, _ = apply(s, play("5a"))
    assert s2.field == m("1c 3c 5a 4d") and s2.captured[0] == 0
    s3, _ = apply(s, play("1a"))
    assert s3.field >> card("1a") & 1 == 0


def test_then_draw_and_capture_or_place() -> None:
    """« Après avoir joué une carte de sa main, le joueur pioche une carte. Comme précédemment, si
    cette carte permet de créer une paire avec une carte face visible, il capture la paire. S'il
    ne peut pas créer de paire, il la pose au centre de la table. »"""
    s = make_state(hands=("5a 6a", "2a 6b"), field="1c 3c", pile="3a 4d")
    s2, events = apply(s, play("5a"))
    assert events[1] == CardDrawn(0, card("3a"), cards("3c"))
    assert s2.captured[0] == m("3a 3c") and s2.field == m("1c 5a") and s2.to_act == 1
    s3, events = apply(s2, play("2a"))
    assert events[1] == CardDrawn(1, card("4d"), ())
    assert s3.field == m("1c 5a 2a 4d")
    # A drawn card with two matches waits for the player's choice, then the turn passes.
    s = make_state(hands=("5a 6a", "2a 6b"), field="3b 3c", pile="3a")
    s2, events = apply(s, play("5a"))
    assert s2.phase is Phase.DRAW_CHOICE and event_at(events, 1, CardDrawn).awaiting_choice
    assert legal_actions(s2) == (Capture(card("3b")), Capture(card("3c")))
    s3, _ = apply(s2, Capture(card("3c")))
    assert s3.captured[0] == m("3a 3c") and s3.to_act == 1


def test_the_round_ends_when_every_hand_is_empty() -> None:
    """« Lorsque chaque joueur a vidé sa main, la manche se termine, et chacun peut alors compter
    ses points. »"""
    s = make_state(hands=("5a", "6a", "7a"), field="1c", pile="2c 3c 4c")
    for seat in (0, 1):
        s, events = apply(s, legal_actions(s)[0])
        assert s.round_no == 1 and s.to_act == seat + 1
    s, events = apply(s, legal_actions(s)[0])
    assert s.round_no == 2 and any(isinstance(e, RoundStarted) for e in events)
