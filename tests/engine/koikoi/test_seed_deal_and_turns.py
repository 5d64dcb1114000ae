"""The seed's rules (004, Koi-Koi) for the deal and the turns, one test per rule, on stacked
decks.

Each docstring quotes the French sentence of the seed that the test checks; the rules doc
(``docs/rules/koikoi.md``) points back here. Shared helpers: ``stacked.py``.
"""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, seeded_rng
from engine.hanafuda.cards import card, cards
from engine.hanafuda.koikoi import (
    Capture,
    CardDrawn,
    CardPlayed,
    LuckyHand,
    Phase,
    Redealt,
    RoundStarted,
    Rules,
    apply,
    first_dealer,
    legal_actions,
    new_game,
    start,
    view,
)
from engine.hanafuda.koikoi.rounds import deal_order
from tests.engine.koikoi.stacked import QUIET, Hands, deal, m, make_state, play, stack_deals
from tests.typed import event_at

# --- Installation --------------------------------------------------------------------------


def test_first_dealer_is_earliest_month_with_redraw_on_tie() -> None:
    """« celui qui a tiré une carte du mois le plus proche de Janvier commence - en cas
    d'égalité, les joueurs concernés retirent jusqu'à ce qu'il y ait un gagnant. »"""
    seen_tie = False
    for seed in range(300):
        attempt = 0
        while True:
            a, b = seeded_rng(seed, "first_dealer", attempt).sample(range(48), 2)
            if a // 4 != b // 4:
                break
            attempt += 1
        seen_tie |= attempt > 0
        assert first_dealer(seed) == (0 if a // 4 < b // 4 else 1)
        assert start(2, Rules(), seed)[1][0] == RoundStarted(1, first_dealer(seed), 1)
    assert seen_tie, "no tie in 300 seeds: the redraw path was not exercised"
    assert {first_dealer(s) for s in range(50)} == {0, 1}


def test_deal_eight_each_and_eight_on_the_table_by_fours(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Huit cartes sont distribuées à chaque joueur et huit autres sont placées face visible
    sur la table. … 4 à l'adversaire, 4 à la table, 4 pour soi, (répeter) »"""
    deck = deal(**QUIET)
    stack_deals(monkeypatch, [deck])
    s = new_game(2, Rules(), 3)
    dealer, other = s.dealer, 1 - s.dealer
    assert s.hands[dealer] == m(QUIET["dealer_hand"])
    assert s.hands[other] == m(QUIET["other_hand"])
    assert s.field == m(QUIET["field"])
    assert s.pile == tuple(deck[24:]) and len(s.pile) == 24
    # And the real shuffle deals the same shape.
    real = new_game(2, Rules(), 11)
    assert [h.bit_count() for h in real.hands] == [8, 8]
    assert real.field.bit_count() == 8 and len(real.pile) - real.pile_pos == 24


@pytest.mark.parametrize(
    ("field", "reason"),
    [
        ("1a 1b 1c 1d 2a 3a 4a 5a", "teshi"),
        ("1a 1b 2a 2b 3a 3b 4a 4b", "kuttsuki"),
    ],
)
def test_misdeal_on_the_field_redeals(monkeypatch: pytest.MonkeyPatch, field: str, reason: str) -> None:
    """« 4 cartes de la même suite sont distribuées sur le terrain [Teshi] ; 4 paires de cartes
    de suites différentes [Kuttsuki]. Si un de ces cas de figure arrive sur le terrain lors de
    la distribution, alors toutes les cartes sont remélangées et redistributées. »"""
    bad = deal(dealer_hand="5b 6a 6b 7a 7b 8a 8b 9a", other_hand="9b 10a 10b 11a 11b 12a 12b 5c", field=field)
    good = deal(**QUIET)
    calls = stack_deals(monkeypatch, [bad, good])
    s, events = start(2, Rules(), 5)
    assert calls == [(1, 0), (1, 1)]
    assert Redealt(reason) in events
    assert s.field == m(QUIET["field"])
    assert s.phase is Phase.PLAY and s.round_no == 1


@pytest.mark.parametrize(
    ("lucky", "name"),
    [("1a 1b 1c 1d 2a 3a 4a 5a", "teshi"), ("1a 1b 2a 2b 3a 3b 4a 4b", "kuttsuki")],
)
@pytest.mark.parametrize("lucky_seat_is_dealer", [True, False])
def test_lucky_hand_wins_the_round_with_six_points(
    monkeypatch: pytest.MonkeyPatch, lucky: str, name: str, lucky_seat_is_dealer: bool
) -> None:
    """« Si un des joueurs voit un de ces cas de figure dans sa main de départ - 4 cartes de la
    même suite ou 4 paires de suites différentes - , alors c'est une "main chanceuse". Le joueur
    remporte la manche et empoche directement 6 points. »"""
    plain = "5b 6a 7a 8a 9a 10a 11a 12a"
    hands: Hands = {"dealer_hand": lucky, "other_hand": plain} if lucky_seat_is_dealer else {
        "dealer_hand": plain, "other_hand": lucky}  # fmt: skip
    stack_deals(monkeypatch, [deal(**hands, field="5c 6b 7b 8b 9b 10b 11b 12b"), deal(**QUIET)])
    dealer = first_dealer(9)
    s, events = start(2, Rules(), 9)
    seat = dealer if lucky_seat_is_dealer else 1 - dealer
    assert LuckyHand(seat, name, cards(lucky)) in events
    result = s.history[0]
    assert (result.reason, result.winner, result.base) == ("lucky_hand", seat, 6)
    assert result.points[seat] == 6 and result.points[1 - seat] == 0
    assert s.scores[seat] == 6
    # The winner deals the next round, which is being played.
    assert s.round_no == 2 and s.dealer == seat and s.to_act == seat
    assert RoundStarted(2, seat, 2) in events


def test_both_lucky_hands_is_a_draw_and_the_dealer_stays(monkeypatch: pytest.MonkeyPatch) -> None:
    """« Le joueur remporte la manche et empoche directement 6 points. » — silent when both
    players have one; FudaWiki: "If both players hold a lucky hand, then the round is a draw …
    the next round begins with the same dealer." """
    stack_deals(
        monkeypatch,
        [
            deal(
                dealer_hand="1a 1b 1c 1d 2a 3a 4a 5a",
                other_hand="6a 6b 7a 7b 8a 8b 9a 9b",
                field="5b 6c 7c 8c 9c 10a 11a 12a",
            ),
            deal(**QUIET),
        ],
    )
    dealer = first_dealer(4)
    s, _ = start(2, Rules(), 4)
    result = s.history[0]
    assert (result.reason, result.winner, result.points) == ("draw", None, (0, 0))
    assert s.dealer == dealer and result.next_dealer == dealer


def test_deal_order_depends_on_seed_round_and_attempt_only() -> None:
    """« toutes les cartes sont remélangées et redistributées » — every deal is a fresh shuffle,
    reproducible from (seed, round, attempt)."""
    decks = {tuple(deal_order(1, r, a)) for r in (1, 2) for a in (0, 1)}
    assert len(decks) == 4
    assert all(sorted(d) == list(range(48)) for d in decks)
    assert deal_order(1, 2, 0) == deal_order(1, 2, 0)


# --- Jouer -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_dealer_plays_first(seed: int) -> None:
    """« À chaque manche, le donneur (celui qui a distribué) est le premier à jouer. »"""
    s = new_game(2, Rules(), seed)
    for _ in range(4):
        assert s.to_act == s.dealer and s.phase is Phase.PLAY
        assert s.hands[s.dealer].bit_count() == 8
        round_no = s.round_no
        while s.round_no == round_no and s.phase is not Phase.OVER:
            s, _ = apply(s, legal_actions(s)[-1])


def test_one_matching_card_is_captured() -> None:
    """« Si cette carte correspond à la suite d'une carte sur le terrain de jeu, on la place sur
    celle-ci, pour indiquer que c'est celle-ci qu'on capturera. »"""
    s = make_state(hands=("1a 5c", "2c 6c"), field="1c 3c 4c 7c", pile="8c")
    assert legal_actions(s) == (play("1a"), play("5c"))
    s, events = apply(s, play("1a"))
    assert s.captured[0] == m("1a 1c")
    assert s.field == m("3c 4c 7c 8c") and s.hands[0] == m("5c")
    assert event_at(events, 0, CardPlayed).captured == cards("1c")
    assert s.to_act == 1


def test_two_matching_cards_the_player_chooses() -> None:
    """« Si on peut capturer deux cartes du terrain, il faut choisir laquelle on capture avec
    notre carte. »"""
    s = make_state(hands=("1a 5c", "2c 6c"), field="1b 1c 4c 7c", pile="8c")
    assert legal_actions(s) == (play("1a>1b"), play("1a>1c"), play("5c"))
    with pytest.raises(IllegalAction) as err:
        apply(s, play("1a"))
    assert err.value.key == "target_required"
    s, _ = apply(s, play("1a>1c"))
    assert s.captured[0] == m("1a 1c") and s.field == m("1b 4c 7c 8c")


def test_three_matching_cards_take_all_four() -> None:
    """« Si on peut capturer trois cartes du terrain, on capturera alors ces quatres cartes (en
    comptant celle qui venait de notre main). »"""
    s = make_state(hands=("1a 5c", "2c 6c"), field="1b 1c 1d 7c", pile="8c")
    assert legal_actions(s) == (play("1a"), play("5c"))
    with pytest.raises(IllegalAction) as err:
        apply(s, play("1a>1b"))
    assert err.value.key == "target_not_needed"
    s, _ = apply(s, play("1a"))
    assert s.captured[0] == m("1a 1b 1c 1d") and s.field == m("7c 8c")


def test_no_matching_card_joins_the_field() -> None:
    """« Si aucune carte ne correspond, alors elle devient une carte du terrain et ne capture
    aucune carte. »"""
    s = make_state(hands=("5c 6d", "2c 6c"), field="1b 3c 4c 7c", pile="8c")
    s, events = apply(s, play("5c"))
    assert s.field == m("1b 3c 4c 5c 7c 8c")
    assert s.captured == (0, 0) and event_at(events, 0, CardPlayed).captured == ()


@pytest.mark.parametrize(
    ("field", "drawn", "captured", "field_after"),
    [
        ("3c 4c 7c", "3d", "3c 3d", "4c 5c 7c"),
        ("3a 3b 3c 7c", "3d", "3a 3b 3c 3d", "5c 7c"),
    ],
)
def test_drawn_card_captures_like_a_played_card(
    field: str, drawn: str, captured: str, field_after: str
) -> None:
    """« Après avoir joué une carte de sa main et fait une capture si possible, on pioche une
    carte et on essaye de capturer comme précédemment une carte du champ de jeu. »"""
    s = make_state(hands=("5c 6d", "2c 6c"), field=field, pile=drawn)
    s, events = apply(s, play("5c"))
    assert s.captured[0] == m(captured) and s.field == m(field_after)
    assert isinstance(events[1], CardDrawn) and events[1].card == card(drawn)


def test_drawn_card_never_enters_the_hand() -> None:
    """« On ne met pas la carte piochée dans sa main. Il faut forcément capturer ou laisser
    cette carte sur le terrain si aucune carte n'est capturable. »"""
    s = make_state(hands=("5c 6d", "2c 6c"), field="3b 3c 4c", pile="3d 8c")
    s, events = apply(s, play("5c"))
    # Two matches for the drawn card: the player must choose, and may do nothing else.
    assert s.phase is Phase.DRAW_CHOICE and s.to_act == 0
    assert legal_actions(s) == (Capture(card("3b")), Capture(card("3c")))
    assert events[1] == CardDrawn(0, card("3d"), (), awaiting_choice=True)
    with pytest.raises(IllegalAction):
        apply(s, play("6d"))
    assert view(s, 1).pending_draw == card("3d")
    s, _ = apply(s, Capture(card("3c")))
    assert s.hands[0] == m("6d") and s.captured[0] == m("3c 3d") and s.field == m("3b 4c 5c")
    # No match: the drawn card stays on the field, the hand does not grow.
    s, _ = apply(s, play("2c"))
    assert s.hands[1] == m("6c") and s.field >> card("8c") & 1


def test_captured_cards_are_face_up_for_everyone() -> None:
    """« Enfin, on récupère toutes les cartes capturées et on les place face visible devant
    soi, ce sera notre score. »"""
    s = make_state(hands=("1a 5c", "2c 6c"), field="1c 3c", pile="8c", captured=("", "4a 4b"))
    s, _ = apply(s, play("1a"))
    seen = {view(s, seat).captured for seat in (0, 1, None)}
    assert seen == {(cards("1a 1c"), cards("4a 4b"))}
