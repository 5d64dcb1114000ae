"""The seed's end of game (001, Roppyakken), FudaWiki's tie-break and next dealer, and the
rule options and presets."""

from __future__ import annotations

import pytest

from engine.core import BadRules
from engine.hanafuda.roppyakken import ENGINE, PRESETS, MatchEnded, Phase, Rules, apply, outcome, rules_from
from engine.hanafuda.roppyakken.rounds import next_dealer
from tests.engine.roppyakken.stacked import make_state, play, result_of


def finish(s, hands_left: int = 1):  # type: ignore[no-untyped-def]
    """Play the last cards of every hand (first legal action each time)."""
    events: tuple = ()
    while s.phase is not Phase.OVER and s.round_no == 1:
        s, events = apply(s, ENGINE.legal_actions(s)[0])
    return s, events


def last_round(captured: tuple[str, str], scores: tuple[int, int], rules: Rules | None = None):  # type: ignore[no-untyped-def]
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
    assert outcome(s).winners == (0,)  # type: ignore[union-attr]


def test_thirty_points_or_less_ahead_another_round() -> None:
    """« Sinon, on rejoue une manche supplémentaire. »"""
    s, events = last_round(("1a", "4a 4b 4c"), (550, 560))
    assert s.scores == (600, 580) and s.phase is Phase.PLAY and s.round_no == 2
    assert result_of(events).next_dealer == 0
    s, _ = last_round(("1a", "4a 4b 4c"), (550, 559))  # 600 vs 579: 21 ahead, still not enough
    assert s.phase is Phase.PLAY
    s, _ = last_round(("1a", "4a 4b 4c"), (550, 549))  # 600 vs 569: 31 ahead
    assert s.phase is Phase.OVER


def test_several_over_600_four_brights_then_seven_ribbons() -> None:
    """RULINGS / FudaWiki: « Should multiple players have a score of 600 or greater, then the
    winner is: The player who captured the Four Brights yaku; Failing that, the player who
    captured the Seven Ribbons yaku; Or, failing that, whichever player has the highest total »"""
    shiko, nanatan = "1a 3a 8a 12a", "1b 2b 3b 4b 5b 6b 7b"
    s, events = last_round((shiko, nanatan), (0, 200))
    # shiko: 200 + 600 = 800; nanatan 70 + 600 + kozan 100 + sotan 100 + 200 = 1070
    assert s.scores[1] > s.scores[0] >= 600
    assert next(e for e in events if isinstance(e, MatchEnded)).winners == (0,)
    assert next(e for e in events if isinstance(e, MatchEnded)).reason == "shiko"
    s, events = last_round(("9b 10b", nanatan), (900, 0))  # 920 against 870: Seven Ribbons wins
    assert MatchEnded((920, 870), (1,), "nanatan") in events
    # Option tie_break="score": the highest total (with the seed's lead).
    s, events = last_round((shiko, nanatan), (0, 200), Rules(tie_break="score"))
    assert next(e for e in events if isinstance(e, MatchEnded)).winners == (1,)


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
    with pytest.raises(BadRules):
        Rules(shiko=-1)
    with pytest.raises(BadRules):
        Rules(teyaku=1)  # type: ignore[arg-type]
    with pytest.raises(BadRules):
        ENGINE.begin(4, Rules(), 1)
    assert (ENGINE.name, ENGINE.min_seats, ENGINE.max_seats) == ("roppyakken", 2, 3)


def test_notation_round_trips() -> None:
    from engine.hanafuda.roppyakken import parse_action
    from engine.hanafuda.roppyakken.state import CAPTURES, PLAYS, PLAYS_AT

    for a in (*PLAYS, *CAPTURES, *(x for row in PLAYS_AT for x in row)):
        assert parse_action(str(a)) == a
    assert parse_action(" 11A > 3a ") == play("11a>3a")
    with pytest.raises(Exception, match="not a Roppyakken move"):
        parse_action("koikoi")
