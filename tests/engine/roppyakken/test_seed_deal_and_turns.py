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
    Lay,
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
    card_actions,
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


# --- Le Gaji ---------------------------------------------------------------------------------

# The Gaji's capture compulsory (option; the seed preset's reading before issue 25): the tests of
# what the Gaji takes list its captures only, without the lay the seed preset adds.
COMPULSORY = Rules(gaji_capture="compulsory")


def test_gaji_played_captures_any_non_plain_card() -> None:
    """« Lorsqu'un joueur joue le Gaji … il peut capturer à l'aide de celui-ci n'importe quelle
    carte (qui n'est pas une plaine) disponible au centre de la table, même si celle-ci n'est pas
    du mois de novembre. »"""
    s = make_state(hands=("11a 5a", "2a 6a"), field="1a 3b 9a 12b 4c", pile="2d", rules=COMPULSORY)
    gaji = set(card_actions(s, card("11a")))
    assert gaji == {play(f"11a>{t}") for t in ("1a", "3b", "9a", "12b")}  # the plain 4c is not prey
    with pytest.raises(IllegalAction):
        apply(s, play("11a>4c"))
    s2, _ = apply(s, play("11a>9a"))
    assert s2.captured[0] == m("11a 9a")
    # One prey only: the Gaji takes it with no choice to name; none: it joins the field.
    s = make_state(hands=("11a 5a", "2a 6a"), field="1a 4c", pile="2d", rules=COMPULSORY)
    assert apply(s, play("11a"))[0].captured[0] == m("11a 1a")
    s = make_state(hands=("11a 5a", "2a 6a"), field="1c 4c", pile="2d", rules=COMPULSORY)
    assert apply(s, play("11a"))[0].field == m("1c 4c 11a 2d")


def test_gaji_captures_the_november_plain() -> None:
    """« Toutefois, la plaine du mois de novembre est capturable par le Gaji. »"""
    s = make_state(hands=("11a 5a", "2a 6a"), field="11d 4c", pile="2d")
    s2, _ = apply(s, play("11a"))
    assert s2.captured[0] == m("11a 11d")


def test_gaji_drawn_captures_the_same_way() -> None:
    """« Lorsqu'un joueur joue le Gaji, ou le pioche lors de sa deuxième phase de jeu, il peut
    capturer à l'aide de celui-ci n'importe quelle carte (qui n'est pas une plaine) »"""
    s = make_state(hands=("5c 6a", "2a 6b"), field="8a 10b 4c", pile="11a", rules=COMPULSORY)
    s2, _ = apply(s, play("5c"))  # a plain joins the field: not prey for the Gaji
    assert s2.phase is Phase.DRAW_CHOICE
    assert legal_actions(s2) == (Capture(card("8a")), Capture(card("10b")))
    s3, _ = apply(s2, Capture(card("8a")))
    assert s3.captured[0] == m("11a 8a")


def test_gaji_takes_n_importe_quelle_carte_disponible_even_one_of_a_triple() -> None:
    """« il peut capturer à l'aide de celui-ci n'importe quelle carte (qui n'est pas une plaine)
    disponible au centre de la table » — any card, one of another month's triple included: with
    5a 5b 5c 9b on the field the Gaji takes 5a, 5b or 9b (5c is a plain). The two cards left of
    the triple pair as usual afterwards."""
    s = make_state(hands=("11a 6a", "5d 7a"), field="5a 5b 5c 9b", pile="2d 3d", rules=COMPULSORY)
    gaji = set(card_actions(s, card("11a")))
    assert gaji == {play("11a>5a"), play("11a>5b"), play("11a>9b")}
    s2, events = apply(s, play("11a>5b"))
    assert s2.captured[0] == m("11a 5b") and event_at(events, 0, CardPlayed).captured == cards("5b")
    assert set(card_actions(s2, card("5d"))) == {play("5d>5a"), play("5d>5c")}
    # Drawn, the same: the Gaji turned from the pile may take one card of the triple.
    s = make_state(hands=("6a 7c", "5d 7a"), field="5a 5b 5c 9b", pile="11a 3d", rules=COMPULSORY)
    s2, _ = apply(s, play("7c"))  # a plain joins the field: not prey
    assert legal_actions(s2) == (Capture(card("5a")), Capture(card("5b")), Capture(card("9b")))
    assert apply(s2, Capture(card("5a")))[0].captured[0] == m("11a 5a")


def test_gaji_and_three_novembers_on_the_field() -> None:
    """« Si au centre de la table, il y a trois cartes du même mois et qu'un joueur pose la
    quatrième, il a alors le droit de prendre les quatre cartes » — the Gaji is the fourth
    November: it takes all four (named by the first, ``11a>11b``), or, being the Gaji, « n'importe
    quelle carte » of another month instead."""
    s = make_state(hands=("11a 5a", "2a 6a"), field="11b 11c 11d 3a", pile="2d")
    assert card_actions(s, card("11a")) == [play("11a>3a"), play("11a>11b")]
    assert apply(s, play("11a>11b"))[0].captured[0] == m("11a 11b 11c 11d")
    assert apply(s, play("11a>3a"))[0].field == m("11b 11c 11d 2d")
    for other in ("11a>11c", "11a>11d", "11a"):
        with pytest.raises(IllegalAction):
            apply(s, play(other))


def test_option_gaji_no_triples_fudawiki() -> None:
    """Option ``gaji_no_triples`` (FudaWiki, on in ``sanbyakuken``): « the Rain Man cannot be used
    to capture sets of 3 of any other suit … [with] the other three Willow cards … all on the
    field … it will capture all of them »."""
    rules = Rules(gaji_no_triples=True, gaji_capture="compulsory")  # as in sanbyakuken
    assert PRESETS["sanbyakuken"].gaji_no_triples and not PRESETS["seed"].gaji_no_triples
    s = make_state(hands=("11a 6a", "5d 7a"), field="5a 5b 5c 9b", pile="2d", rules=rules)
    assert card_actions(s, card("11a")) == [play("11a")]  # 9b only
    assert apply(s, play("11a"))[0].captured[0] == m("11a 9b")
    with pytest.raises(IllegalAction):
        apply(s, play("11a>5a"))
    s = make_state(hands=("11a 6a", "5d 7a"), field="5a 5b 5c 4c", pile="2d", rules=rules)
    assert apply(s, play("11a"))[0].field == m("5a 5b 5c 4c 11a 2d")  # no prey: it joins the field
    s = make_state(hands=("11a 5a", "2a 6a"), field="11b 11c 11d 3a", pile="2d", rules=rules)
    assert card_actions(s, card("11a")) == [play("11a")]
    assert apply(s, play("11a"))[0].captured[0] == m("11a 11b 11c 11d")


def test_option_gaji_capture_compulsory_no_lay_played_or_drawn() -> None:
    """Option ``gaji_capture="compulsory"`` (on in ``sanbyakuken``; the seed preset's reading
    before issue 25, which took « il est obligé de la capturer » for every card that can
    capture): a Gaji that can capture, captures: no way to lay it on the field, played or
    drawn."""
    s = make_state(hands=("11a 5a", "2a 6a"), field="9a 4c", pile="2d", rules=COMPULSORY)
    assert card_actions(s, card("11a")) == [play("11a")]
    with pytest.raises(IllegalAction) as err:
        apply(s, Lay(card("11a")))
    assert err.value.key == "gaji_must_capture"
    s = make_state(hands=("5c 6a", "2a 6b"), field="9a 4c", pile="11a", rules=COMPULSORY)
    s2, events = apply(s, play("5c"))  # the drawn Gaji takes its only prey at once
    assert events[1] == CardDrawn(0, card("11a"), cards("9a")) and s2.phase is Phase.PLAY
    s = make_state(hands=("5a 6a", "2a 6b"), field="9a 10a", pile="11a", rules=COMPULSORY)
    s2, _ = apply(s, play("5a"))
    assert Lay() not in legal_actions(s2)
    with pytest.raises(IllegalAction):
        apply(s2, Lay())


def test_option_gaji_capture_optional_il_peut_as_may() -> None:
    """Option ``gaji_capture="optional"``: « il peut capturer » read as "he may capture". The
    Gaji, played (``11a>field``) or drawn (``>field``), may be laid on the field instead, unless a
    November card there makes a pair of the same month (« Une paire est constituée par deux
    cartes du même mois »), which « il est obligé de la capturer »."""
    rules = Rules(gaji_capture="optional")
    s = make_state(hands=("11a 5a", "2a 6a"), field="9a 4c", pile="2d", rules=rules)
    assert card_actions(s, card("11a")) == [play("11a"), Lay(card("11a"))]
    s2, events = apply(s, Lay(card("11a")))
    assert (
        s2.field == m("9a 4c 11a 2d")
        and s2.captured[0] == 0
        and event_at(events, 0, CardPlayed).captured == ()
    )
    # A November card on the field: a true pair, so the Gaji must capture (any of its prey).
    s = make_state(hands=("11a 5a", "2a 6a"), field="9a 11d", pile="2d", rules=rules)
    assert Lay(card("11a")) not in legal_actions(s)
    with pytest.raises(IllegalAction) as err:
        apply(s, Lay(card("11a")))
    assert err.value.key == "gaji_must_capture"
    # Nothing to take: it is simply played (``11a``), never laid "on purpose".
    s = make_state(hands=("11a 5a", "2a 6a"), field="4c", pile="2d", rules=rules)
    assert Lay(card("11a")) not in legal_actions(s)
    with pytest.raises(IllegalAction):
        apply(s, Lay(card("11a")))
    with pytest.raises(IllegalAction):
        apply(s, Lay(card("5a")))  # only the Gaji
    # Drawn with a single prey: the turn waits for the choice.
    s = make_state(hands=("5c 6a", "2a 6b"), field="9a 4c", pile="11a", rules=rules)
    s2, events = apply(s, play("5c"))
    assert s2.phase is Phase.DRAW_CHOICE and event_at(events, 1, CardDrawn).awaiting_choice
    assert legal_actions(s2) == (Capture(card("9a")), Lay())
    s3, events = apply(s2, Lay())
    assert s3.field == m("9a 4c 5c 11a") and s3.to_act == 1 and events == (CardDrawn(0, card("11a"), ()),)
    assert apply(s2, Capture(card("9a")))[0].captured[0] == m("11a 9a")
    assert PRESETS["seed"].gaji_capture == "optional" and PRESETS["sanbyakuken"].gaji_capture == "compulsory"


def test_gaji_il_peut_capturer_n_importe_quelle_carte_so_it_may_also_be_laid() -> None:
    """« Lorsqu'un joueur joue le Gaji, ou le pioche lors de sa deuxième phase de jeu, il peut
    capturer à l'aide de celui-ci n'importe quelle carte »: in the seed preset the capture is
    the player's choice. « Mais si la carte défaussée permet de créer une paire, il est obligé de
    la capturer » is about a « paire », and « Une paire est constituée par deux cartes du même
    mois »: a Gaji taking another month's card makes none, so it may be laid on the field, played
    (``11a>field``) or drawn (``>field``); with a November card on the field it pairs, and must
    capture."""
    assert PRESETS["seed"] == Rules() and Rules().gaji_capture == "optional"
    s = make_state(hands=("11a 5a", "2a 6a"), field="9a 4c", pile="2d", rules=PRESETS["seed"])
    assert card_actions(s, card("11a")) == [play("11a"), Lay(card("11a"))]
    s2, _ = apply(s, Lay(card("11a")))
    assert s2.field == m("9a 4c 11a 2d") and s2.captured[0] == 0
    # Drawn, it waits for the choice: take its prey or lay it.
    s = make_state(hands=("5c 6a", "2a 6b"), field="9a 4c", pile="11a", rules=PRESETS["seed"])
    s2, _ = apply(s, play("5c"))
    assert s2.phase is Phase.DRAW_CHOICE and legal_actions(s2) == (Capture(card("9a")), Lay())
    # A November card on the field: a true pair, so it must capture.
    s = make_state(hands=("11a 5a", "2a 6a"), field="9a 11d", pile="2d", rules=PRESETS["seed"])
    assert Lay(card("11a")) not in legal_actions(s)
    with pytest.raises(IllegalAction) as err:
        apply(s, Lay(card("11a")))
    assert err.value.key == "gaji_must_capture"


def test_the_round_ends_when_every_hand_is_empty() -> None:
    """« Lorsque chaque joueur a vidé sa main, la manche se termine, et chacun peut alors compter
    ses points. »"""
    s = make_state(hands=("5a", "6a", "7a"), field="1c", pile="2c 3c 4c")
    for seat in (0, 1):
        s, events = apply(s, legal_actions(s)[0])
        assert s.round_no == 1 and s.to_act == seat + 1
    s, events = apply(s, legal_actions(s)[0])
    assert s.round_no == 2 and any(isinstance(e, RoundStarted) for e in events)


def test_gaji_on_the_field_is_taken_by_a_november_card() -> None:
    """Seed silent (Readings): the seed gives the Gaji no special rule once on the table, so it
    pairs like any November card; FudaWiki's "any non-0-point card captures it" is not applied."""
    s = make_state(hands=("11b 5a", "2a 6a"), field="11a 4c", pile="2d")
    assert apply(s, play("11b"))[0].captured[0] == m("11b 11a")
    s = make_state(hands=("9a 5a", "2a 6a"), field="11a 4c", pile="2d")
    assert apply(s, play("9a"))[0].field == m("11a 4c 9a 2d")


def test_option_gaji_on_field_wild_fudawiki() -> None:
    """Option ``gaji_on_field_wild`` (FudaWiki): « If the wild card is on the field it may be
    captured using another Willow card, or using any non-0-point card (this wild capture might
    not be allowed in some variants) ». A plain never takes it; a card that takes a triple of
    its month takes the triple."""
    rules = Rules(gaji_on_field_wild=True)
    s = make_state(hands=("9a 5c", "2a 6a"), field="11a 4c", pile="2d", rules=rules)
    assert set(legal_actions(s)) == {play("9a"), play("5c")}
    assert apply(s, play("9a"))[0].captured[0] == m("9a 11a")
    assert apply(s, play("5c"))[0].field == m("11a 4c 5c 2d")
    s = make_state(hands=("9a 12a", "2a 6a"), field="11a 9b 12c", pile="2d", rules=rules)
    assert set(legal_actions(s)) == {play("9a>9b"), play("9a>11a"), play("12a>11a"), play("12a>12c")}
    assert apply(s, play("12a>11a"))[0].captured[0] == m("12a 11a")
    s = make_state(hands=("1a 5c", "2a 6a"), field="11a 1b 1c 1d", pile="2d", rules=rules)
    assert apply(s, play("1a"))[0].captured[0] == m("1a 1b 1c 1d")
    # Drawn: the same (here the only capture, taken at once).
    s = make_state(hands=("5c 6c", "2a 6a"), field="11a 4c", pile="10b", rules=rules)
    assert apply(s, play("5c"))[0].captured[0] == m("10b 11a")
    assert not PRESETS["seed"].gaji_on_field_wild and not PRESETS["sanbyakuken"].gaji_on_field_wild
