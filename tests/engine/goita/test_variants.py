"""The seed's variants (« Jeu à 2 », « Jeu à 3 ») and FudaWiki's association scale (preset)."""

from __future__ import annotations

import pytest

from engine.core import BadRules
from engine.goita import PRESETS, SET_COUNTS, Event, Phase, Piece, RoundEnded, Rules, new_game, outcome, view
from tests.engine.goita.stacked import fill, play, result_of, table


def test_two_players_twelve_each_eight_set_aside_unseen() -> None:
    """« On distribue 12 cartes à chaque joueur et 8 cartes sont mises de côté avec lesquelles on ne
    jouera pas. »"""
    for seed in range(30):
        s = new_game(2, Rules(), seed)
        assert [sum(h) for h in s.hands] == [12, 12] and sum(s.aside) == 8
        assert tuple(s.hands[0][k] + s.hands[1][k] + s.aside[k] for k in range(8)) == SET_COUNTS
        for seat in (0, 1, None):
            v = view(s, seat)
            assert v.set_aside == 8 and v.teams == (0, 1) and v.scores == (0, 0)
            assert "aside" not in type(v).__dataclass_fields__


def test_two_players_first_to_lay_twelve_scores_alone() -> None:
    """« L'objectif devient individuel : être le premier à poser sa 12ème carte. … La partie se joue
    toujours en 15 points. »"""
    s = table(("RBGGSSNNLLPP", "KKRBGGSSNNLL"))
    turns = ["down:R attack:B", "down:G attack:G", "down:S attack:S", "down:N attack:N", "down:L attack:L"]
    s, _ = play(s, " pass ".join(turns) + " pass")
    assert s.phase is Phase.DOWN and sum(s.hands[0]) == 2
    s, events = play(s, "down:P attack:P")
    r = result_of(events)
    assert r.winner == 0 and r.points == (2, 0) and len(s.laid[0]) == 0  # next round dealt
    assert s.scores == (2, 0) and s.rules.target_score == 15


def test_three_players_two_pawns_removed_ten_each() -> None:
    """« On retire 2 cartes Pions du jeu. On distribue 10 cartes à chaque joueur. »"""
    for seed in range(30):
        s = new_game(3, Rules(), seed)
        assert [sum(h) for h in s.hands] == [10, 10, 10] and s.aside == (0, 0, 0, 0, 0, 0, 0, 2)
        assert view(s, 0).teams == (0, 1, 2) and view(s, 1).set_aside == 2


def test_three_players_may_remove_two_random_pieces() -> None:
    """« Note : on peut aussi retirer 2 cartes au hasard, faces cachées pour augmenter l'effet de
    surprise. »"""
    kinds = set()
    for seed in range(40):
        s = new_game(3, Rules(three_player_removal="random"), seed)
        assert [sum(h) for h in s.hands] == [10, 10, 10] and sum(s.aside) == 2
        kinds |= {k for k in range(8) if s.aside[k]}
    assert len(kinds) > 2


def test_three_players_first_to_lay_ten() -> None:
    """« Le but du jeu est d'être le premier des trois joueurs à poser sa 10ème carte. »"""
    s = table(("RBGGSSNNLL", "KRGSNLPPPP", "KBGSNLPPPP"))
    s, events = play(
        s,
        "down:R attack:B pass pass down:G attack:G pass pass down:S attack:S pass pass "
        "down:N attack:N pass pass down:L attack:L",
    )
    r = result_of(events)
    assert r.winner == 0 and r.points == (4, 0, 0) and r.next_leader == 1


def test_seat_counts() -> None:
    for seats in (1, 5):
        with pytest.raises(BadRules):
            new_game(seats, Rules(), 0)


# --- association scale (FudaWiki) -----------------------------------------------------------

ASSOC = PRESETS["association"]


def test_association_scale_values_and_target() -> None:
    """FudaWiki « End of Round »: King 50 … Pawn 10; « a target score (usually 150 points) »."""
    assert ASSOC.values == (50, 40, 40, 30, 30, 20, 20, 10) and ASSOC.target_score == 150
    _, events = play(
        table(rules=ASSOC),
        "down:R attack:B pass pass pass down:G attack:S pass pass pass down:N attack:L pass pass pass "
        "down:P attack:P",
    )
    assert result_of(events).points == (20, 0)


@pytest.mark.parametrize(
    ("hand", "name", "points"),
    [
        ("RGPPPPPP", "teyaku_six_pawns", 40),
        ("GGPPPPPP", "teyaku_six_pawns_pair", 60),
        ("SPPPPPPP", "teyaku_seven_pawns", 60),
        ("PPPPPPPP", "teyaku_eight_pawns", 100),
    ],
)
def test_association_teyaku(hand: str, name: str, points: int) -> None:
    """FudaWiki « List of Teyaku »: « 6 pawns + 2 different pieces: Get points from the highest
    ranking piece. 6 pawns + a pair: Get points from each piece in the pair. 7 pawns + 1 different
    piece: Get double the points of the different piece. 8 pawns: Get 100 points. »"""
    events: list[Event] = []
    hands = fill(hand)
    hands = hands[2:] + hands[:2]  # the teyaku hand at seat 2
    s = table(hands, rules=ASSOC, events=events)
    r = next(e.result for e in events if isinstance(e, RoundEnded))
    assert r.reason == "teyaku" and r.winner == 2 and r.team == 0
    assert [(i.name, i.points) for i in r.items] == [(name, points)] and r.points == (points, 0)
    assert r.next_leader == 2 and s.round_no == 2 and s.scores == (points, 0)
    assert sorted(r.revealed) == sorted(Piece.parse(c) for c in hand)


def test_association_five_pawns_still_asks_and_teyaku_only_with_four() -> None:
    """FudaWiki: 5 pawns → consult the teammate; 6 or more → teyaku. The seed (no teyaku) lets
    any 5+ pawn holder ask."""
    assert table(fill("RGSPPPPP"), rules=ASSOC).phase is Phase.ASK
    assert table(fill("RGPPPPPP")).phase is Phase.ASK  # seed: 6 pawns may ask too
    s = table(("RPPPPPPPPPGG", "KKRBBGGSSSSN"), rules=ASSOC)  # 2 players: no teyaku
    assert s.phase is Phase.ASK and s.to_act == 0


def test_two_and_three_players_holder_decides_alone() -> None:
    """No partner with 2 or 3 players: the holder's « redeal » redeals at once."""
    s = table(("RPPPPPGGSSNN", "KKRBBGGSSNNL"))
    s2, _ = play(s, "redeal")
    assert s2.attempt == 1
    s3, _ = play(s, "keep")
    assert s3.phase is Phase.DOWN and s3.to_act == 0


def test_outcome_per_seat_in_two_players() -> None:
    s, _ = play(
        table(("RBGGSSNNLLPP", "KKRBGGSSNNLL"), scores=(14, 3)),
        "down:R attack:B pass down:G attack:G pass down:S attack:S pass down:N attack:N pass "
        "down:L attack:L pass down:P attack:P",
    )
    o = outcome(s)
    assert o is not None and o.scores == (16, 3) and o.winners == (0,)
