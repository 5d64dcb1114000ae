"""The seed's rules (001, Roppyakken) for the Gaji (the November lightning card, the Rain Man),
one test per rule, on stacked decks: its captures, played or drawn, and its options. Each
docstring quotes the French sentence of the seed (or FudaWiki, for an option) it checks;
``docs/rules/roppyakken.md`` points back here. The deal and the turns: ``test_seed_deal_and_turns.py``.
"""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.hanafuda.cards import card, cards
from engine.hanafuda.roppyakken import (
    PRESETS,
    Capture,
    CardDrawn,
    CardPlayed,
    Lay,
    Phase,
    Rules,
    apply,
    legal_actions,
)
from tests.engine.roppyakken.stacked import (
    card_actions,
    m,
    make_state,
    play,
)
from tests.typed import event_at

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
