"""The seed's end of game (001, Roppyakken), FudaWiki's tie-break and next dealer, and the
rule options and presets."""

from __future__ import annotations

import pytest

from engine.core import BadRules
from engine.hanafuda.cards import card
from engine.hanafuda.roppyakken import (
    ENGINE,
    PRESETS,
    Lay,
    MatchEnded,
    Phase,
    Rules,
    apply,
    outcome,
    rules_from,
)
from engine.hanafuda.roppyakken.rounds import match_winner, next_dealer
from tests.engine.roppyakken.stacked import make_state, play, result_of
from tests.typed import unchecked


def finish(s, hands_left: int = 1):
    """Play the last cards of every hand (first legal action each time)."""
    events: tuple = ()
    while s.phase is not Phase.OVER and s.round_no == 1:
        s, events = apply(s, ENGINE.legal_actions(s)[0])
    return s, events


def last_round(captured: tuple[str, str], scores: tuple[int, int], rules: Rules | None = None):
    """Seat 0 and 1 each hold one plain; ``captured`` piles and match ``scores`` before the end."""
    s = make_state(
        hands=("5c", "5d"), field="1c", pile="2c 3c", captured=captured, scores=scores, rules=rules
    )
    return finish(s)


def test_game_to_600_with_more_than_30_ahead() -> None:
    """« Le jeu se poursuit ainsi, en cumulant les scores, jusqu'à ce qu'un joueur atteigne ou
    dépasse les 600 points à l'issue d'une manche. Si ce dernier a plus de 30 points d'avance sur
    le second, il est déclaré vainqueur. »"""
    s, events = last_round(("1a", ""), (550, 400))
    assert s.phase is Phase.OVER and s.scores == (600, 400)
    assert MatchEnded((600, 400), (0,), "lead") in events
    done = outcome(s)
    assert done is not None and done.winners == (0,)


def test_thirty_points_or_less_ahead_another_round() -> None:
    """« Sinon, on rejoue une manche supplémentaire. » — one more round, the totals carried on
    (« en cumulant les scores »), and the same test after it."""
    s, events = last_round(("1a", "4a 4b 4c"), (550, 560))
    assert s.scores == (600, 580) and s.phase is Phase.PLAY and s.round_no == 2
    assert result_of(events).next_dealer == 0 and len(s.history) == 1
    s, _ = last_round(("1a", "4a 4b 4c"), (550, 559))  # 600 vs 579: 21 ahead, still not enough
    assert s.phase is Phase.PLAY
    s, _ = last_round(("1a", "4a 4b 4c"), (550, 549))  # 600 vs 569: 31 ahead
    assert s.phase is Phase.OVER


def test_several_over_600_ce_dernier_needs_more_than_30_over_the_second() -> None:
    """« jusqu'à ce qu'un joueur atteigne ou dépasse les 600 points … Si ce dernier a plus de 30
    points d'avance sur le second, il est déclaré vainqueur. Sinon, on rejoue une manche
    supplémentaire. » The seed (``tie_break="lead"``) applies exactly this however many seats
    are past 600: the top total wins with more than 30 over the second, whatever yaku were made;
    else one more round is played, totals carried on."""
    assert PRESETS["seed"].tie_break == "lead"
    shiko, nanatan = "1a 3a 8a 12a", "1b 2b 3b 4b 5b 6b 7b"
    # Four Brights gives no precedence. Seat 0: 4 lights 200 + Shikō 600 + Makkiribōzu 150 = 950;
    # seat 1: 7 ribbons 70 + Nanatan 600 + Kozan 100 + Sōtan 100, + 200 = 1070, 120 ahead.
    s, events = last_round((shiko, nanatan), (0, 200))
    assert s.scores == (950, 1070) and MatchEnded((950, 1070), (1,), "lead") in events
    # Both past 600, 10 apart: another round, even for the Four Brights seat.
    s, events = last_round((shiko, "1b"), (0, 930))
    assert s.scores == (950, 940) and s.phase is Phase.PLAY and s.round_no == 2
    s, events = last_round(("1a", "4a"), (580, 560))  # 630 against 570: 60 ahead
    assert MatchEnded((630, 570), (0,), "lead") in events
    s, events = last_round(("1a", "4a"), (580, 600))  # 630 against 610: 20 ahead
    assert s.phase is Phase.PLAY and s.scores == (630, 610) and s.round_no == 2
    # The next round starts from those totals; after it, the same test decides.
    seats = result_of(events).seats
    assert match_winner(s.rules, (690, 655), seats) == (0, "lead")
    assert match_winner(s.rules, (690, 660), seats) is None


def test_several_over_600_option_tie_break_fudawiki() -> None:
    """Option ``tie_break`` (FudaWiki; ``yaku`` in ``sanbyakuken``): « Should multiple players
    have a score of 600 or greater, then the winner is: The player who captured the Four Brights
    yaku; Failing that, the player who captured the Seven Ribbons yaku; Or, failing that,
    whichever player has the highest total score. In the unlikely event of a tie, a further round
    may be played »; ``score`` keeps only the last step."""
    assert PRESETS["sanbyakuken"].tie_break == "yaku"
    shiko, nanatan = "1a 3a 8a 12a", "1b 2b 3b 4b 5b 6b 7b"
    yaku, score = Rules(tie_break="yaku"), Rules(tie_break="score")
    s, events = last_round((shiko, nanatan), (0, 200), yaku)
    assert s.scores[1] > s.scores[0] >= 600
    assert MatchEnded(s.scores, (0,), "shiko") in events
    s, events = last_round(("9b 10b", nanatan), (900, 0), yaku)  # 920 against 870
    assert MatchEnded((920, 870), (1,), "nanatan") in events
    s, events = last_round((shiko, nanatan), (0, 200), score)
    assert MatchEnded(s.scores, (1,), "score") in events
    # No yaku to split them: the highest total wins, even by less than 30.
    for rules in (yaku, score):
        s, events = last_round(("1a", "4a"), (580, 600), rules)  # 630 against 610
        assert MatchEnded((630, 610), (0,), "score") in events
        s, events = last_round(("1a", "4a"), (560, 590), rules)  # 610 against 600
        assert MatchEnded((610, 600), (0,), "score") in events
        s, events = last_round(("1a", "4a"), (560, 600), rules)  # 610 all: a further round
        assert s.phase is Phase.PLAY and s.scores == (610, 610)
        # A single seat past the target still needs the lead.
        s, events = last_round(("1a", "4a"), (560, 560), rules)  # 610 against 570
        assert MatchEnded((610, 570), (0,), "lead") in events
        s, _ = last_round(("1a", "4a"), (560, 580), rules)  # 610 against 590
        assert s.phase is Phase.PLAY


def test_sanbyakuken_plays_to_300() -> None:
    """FudaWiki (Changara): « The goal score is 300 points instead of 600 (… Sanbyakuken) »."""
    assert PRESETS["sanbyakuken"].target == 300
    s, _ = last_round(("1a", ""), (250, 0), PRESETS["sanbyakuken"])
    assert s.phase is Phase.OVER and s.winners == (0,)


def test_next_dealer_scored_most_in_the_previous_round() -> None:
    """FudaWiki: « Whoever scored the most points in the previous round becomes the dealer for
    the next round » (ties: the dealer stays if tied, else the first tied seat in play order)."""
    s, events = last_round(("", "4a"), (0, 0))
    assert s.round_no == 2 and s.dealer == 1 == result_of(events).next_dealer
    assert next_dealer((10, 30, 30), 0) == 1
    assert next_dealer((10, 30, 30), 2) == 2
    assert next_dealer((0, 0), 1) == 1


def test_rules_options_presets_and_errors() -> None:
    """Defaults are the seed; unknown keys and bad values are refused with a clear message."""
    assert rules_from() == Rules() == PRESETS["seed"]
    assert rules_from("seed", {"sake_deer_lights": True}).sake_deer_lights
    assert Rules.from_dict(Rules(target=300).to_dict()) == Rules(target=300)
    with pytest.raises(BadRules, match="unknown Roppyakken rule option"):
        rules_from(None, {"nope": 1})
    with pytest.raises(BadRules, match="unknown Roppyakken preset"):
        rules_from("nope")
    with pytest.raises(BadRules):
        Rules(tie_break="coin")
    with pytest.raises(BadRules, match="compulsory, optional"):
        Rules(gaji_capture="sometimes")
    with pytest.raises(BadRules):
        Rules(gaji_no_triples=unchecked("yes"))
    # The seed preset follows the seed where it speaks; sanbyakuken follows FudaWiki.
    seed, sanbyakuken = PRESETS["seed"], PRESETS["sanbyakuken"]
    assert (seed.tie_break, seed.hand_four, seed.gaji_no_triples, seed.gaji_capture) == (
        "lead",
        "play",
        False,
        "optional",
    )
    assert (sanbyakuken.tie_break, sanbyakuken.hand_four, sanbyakuken.gaji_no_triples) == (
        "yaku",
        "misdeal",
        True,
    )
    assert sanbyakuken.gaji_capture == "compulsory"
    assert rules_from("sanbyakuken", {"gaji_capture": "optional"}).gaji_capture == "optional"
    with pytest.raises(BadRules):
        Rules(shiko=-1)
    with pytest.raises(BadRules):
        Rules(teyaku=unchecked(1))
    with pytest.raises(BadRules):
        ENGINE.begin(4, Rules(), 1)
    assert (ENGINE.name, ENGINE.min_seats, ENGINE.max_seats) == ("roppyakken", 2, 3)


def test_notation_round_trips() -> None:
    from engine.hanafuda.roppyakken import parse_action
    from engine.hanafuda.roppyakken.state import CAPTURES, PLAYS, PLAYS_AT

    for a in (*PLAYS, *CAPTURES, *(x for row in PLAYS_AT for x in row), Lay(card("11a")), Lay()):
        assert parse_action(str(a)) == a
    assert (str(Lay(card("11a"))), str(Lay())) == ("11a>field", ">field")
    assert parse_action(" 11A > Field ") == Lay(card("11a"))
    assert parse_action(" 11A > 3a ") == play("11a>3a")
    with pytest.raises(Exception, match="not a Roppyakken move"):
        parse_action("koikoi")
