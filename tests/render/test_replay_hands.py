"""A hand drawn for an onlooker (a replay's strips): ``render_hand(view, owner=name)``.

A live hand speaks to its player ("Your hand", "Your turn: gold cards capture"). A replay puts
every seat's hand under the table for someone else to read, so with ``owner`` the title names the
player ("Aki's hand") and the status line is in the third person ("Aki to play"), or empty while
the seat waits. Without ``owner`` every hand is drawn exactly as before.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

import engine.goita as gt
import i18n
from engine.core import GameEngine
from engine.doudizhu import ENGINE as DOUDIZHU
from engine.doudizhu.types import Phase as DPhase
from engine.hanafuda.gostop import ENGINE as GOSTOP
from engine.hanafuda.gostop.types import Phase as GPhase
from engine.hanafuda.koikoi import ENGINE as KOIKOI
from engine.hanafuda.koikoi.types import Phase as KPhase
from engine.hanafuda.roppyakken import ENGINE as ROPPYAKKEN
from render import doudizhu as dd
from render import goita as go
from render.hanafuda import gostop as gs
from render.hanafuda import koikoi as kk
from render.hanafuda import roppyakken as rp
from tests.render.factory import showcase_view
from tests.render.test_golden import GOLDEN, _small
from tests.render.text_spy import texts_drawn

OWNER = "Aki"
# (engine, render module, seats, seed): one random match of each game to take positions from
GAMES: dict[str, tuple[GameEngine[Any, Any, Any, Any], Any, int, int]] = {
    "koikoi": (KOIKOI, kk, 2, 3),
    "roppyakken": (ROPPYAKKEN, rp, 3, 8),
    "gostop": (GOSTOP, gs, 3, 3),
    "doudizhu": (DOUDIZHU, dd, 3, 1),
    "goita": (gt.ENGINE, go, 4, 2),
}
LIVE_TITLE = {
    "koikoi": "render.hand.title",
    "roppyakken": "render.roppyakken.hand.title",
    "gostop": "render.gostop.hand.title",
    "doudizhu": "render.doudizhu.hand.title",
    "goita": "render.goita.hand.title",
}
# Words that speak to the hand's player, in English and French.
SECOND_PERSON = {"en": ("Your", "your", "You "), "fr": ("Votre", "Vos ", "vous", "Vous")}


def states(game: str) -> Iterator[Any]:
    """Every state of one seeded random match of ``game``."""
    eng, _, seats, seed = GAMES[game]
    rng = random.Random(seed)
    state = eng.new_game(seats, eng.rules_from(None, None), seed)
    yield state
    for _ in range(3000):
        legal = eng.legal_actions(state)
        if not legal:
            return
        state, _ = eng.apply(state, rng.choice(legal))
        yield state


def seat_views(game: str, test: Callable[[Any], bool] = lambda v: True, after: int = 12) -> tuple[Any, Any]:
    """The acting seat's view and the next seat's (waiting), at the first state past ``after``
    moves whose public view passes ``test`` and where the acting seat holds a hand."""
    eng, _, seats, _ = GAMES[game]
    for n, state in enumerate(states(game)):
        seat = eng.to_act(state)
        if n < after or seat is None or not test(eng.view(state, None)):
            continue
        acting = eng.view(state, seat)
        if acting.hand:
            return acting, eng.view(state, (seat + 1) % seats)
    raise LookupError(game)


def drawn(render: Callable[[], bytes]) -> tuple[bytes, list[str]]:
    """The PNG ``render`` returns and every text it drew."""
    with texts_drawn() as calls:
        png = render()
    return png, [text for text, _, _ in calls]


def owner_title(game: str, view: Any, locale: str) -> str:
    if game == "goita":
        return i18n.t(locale, "render.replay_hands.goita_title", name=OWNER, count=len(view.hand))
    return i18n.t(locale, "render.replay_hands.title", name=OWNER)


@pytest.mark.parametrize("locale", ["en", "fr"])
@pytest.mark.parametrize("game", list(GAMES))
def test_an_onlookers_hand_names_its_player_and_never_says_you(game: str, locale: str) -> None:
    module = GAMES[game][1]
    acting, waiting = seat_views(game)
    for view in (acting, waiting):
        live, live_texts = drawn(partial(module.render_hand, view, locale=locale))
        seen, texts = drawn(partial(module.render_hand, view, locale=locale, owner=OWNER))
        assert seen != live, "the onlooker's hand is not the player's"
        assert owner_title(game, view, locale) in texts, texts
        live_title = i18n.t(locale, LIVE_TITLE[game], count=len(view.hand))
        assert live_title in live_texts and live_title not in texts
        said = [t for t in texts if any(word in t for word in SECOND_PERSON[locale])]
        assert not said, f"{game}: {said} speaks to the player"


@pytest.mark.parametrize("game", ["koikoi", "roppyakken", "gostop"])
def test_the_status_says_who_plays_and_nothing_while_waiting(game: str) -> None:
    module = GAMES[game][1]
    phase = {"koikoi": KPhase.PLAY, "gostop": GPhase.PLAY}.get(game)
    acting, waiting = seat_views(game, lambda v: phase is None or v.phase is phase)
    _, texts = drawn(lambda: module.render_hand(acting, owner=OWNER))
    assert "Aki to play" in texts
    _, live = drawn(lambda: module.render_hand(waiting))
    _, quiet = drawn(lambda: module.render_hand(waiting, owner=OWNER))
    assert any(t.startswith("Waiting") for t in live)
    assert not any(t.startswith("Waiting") or "to play" in t for t in quiet), quiet


def test_koikoi_decisions_in_the_third_person() -> None:
    view = showcase_view(seat=1)
    decide = dataclasses.replace(view, phase=KPhase.DECIDE)
    _, texts = drawn(lambda: kk.render_hand(decide, owner=OWNER))
    assert "Aki decides: Koi-Koi or Shōbu" in texts
    card = view.field[0]
    choice = dataclasses.replace(view, phase=KPhase.DRAW_CHOICE, pending_draw=card)
    _, texts = drawn(lambda: kk.render_hand(choice, owner=OWNER, locale="ja"))
    assert f"Akiが{card}で取る札を選ぶ" in texts


def test_gostop_decisions_in_the_third_person() -> None:
    view, _ = seat_views("gostop")
    cases = {
        GPhase.DECIDE: "Aki decides: go or stop",
        GPhase.CUP: "Aki counts the sake cup: animal or chaff",
        GPhase.CLAIM: f"Aki may claim the round with {view.rules.joker_win_points} points",
    }
    for phase, line in cases.items():
        _, texts = drawn(partial(gs.render_hand, dataclasses.replace(view, phase=phase), owner=OWNER))
        assert line in texts, texts
    _, texts = drawn(
        lambda: gs.render_hand(dataclasses.replace(view, phase=GPhase.CLAIM), owner=OWNER, locale="fr")
    )
    assert any(t.startswith("Aki peut gagner la manche") for t in texts), texts


def test_doudizhu_bids_leads_and_beats_in_the_third_person() -> None:
    bid, other = seat_views("doudizhu", lambda v: v.phase is DPhase.BID, after=0)
    _, texts = drawn(lambda: dd.render_hand(bid, owner=OWNER))
    assert f"Aki to bid · current bid {bid.bid}" in texts
    _, texts = drawn(lambda: dd.render_hand(other, owner=OWNER))
    assert f"Bidding · current bid {other.bid}" in texts, "a bid waited for reads the same for everyone"

    lead, _ = seat_views("doudizhu", lambda v: v.phase is DPhase.PLAY and v.to_beat is None)
    _, texts = drawn(lambda: dd.render_hand(lead, owner=OWNER))
    assert "Aki leads: any combination" in texts

    beat, _ = seat_views("doudizhu", lambda v: v.phase is DPhase.PLAY and v.to_beat is not None)
    _, live = drawn(lambda: dd.render_hand(beat))
    _, texts = drawn(lambda: dd.render_hand(beat, owner=OWNER))
    assert any("on your" in t for t in live)
    role = "Landlord" if beat.to_beat_seat == beat.landlord else "Peasant"
    assert any(t.startswith("To beat (") and role in t for t in texts), texts
    assert not any("on your" in t for t in texts), "the side is the player's, not the onlooker's"


@pytest.mark.parametrize("game", list(GAMES))
def test_without_an_owner_the_hand_is_drawn_as_before(game: str) -> None:
    module = GAMES[game][1]
    for view in seat_views(game):
        assert module.render_hand(view, locale="fr", owner=None) == module.render_hand(view, locale="fr")


def test_without_an_owner_the_koikoi_hand_matches_its_golden() -> None:
    actual = _small(kk.render_hand(showcase_view(seat=1), owner=None))
    expected = Image.open(GOLDEN / "koikoi_hand.png").convert("RGB")
    assert actual.size == expected.size
    diff = ImageChops.difference(actual, expected)
    marked = diff.convert("L").point(lambda px: 255 if px > 48 else 0)
    assert (
        sum(ImageStat.Stat(diff).mean) / 3 < 3.0
        and marked.histogram()[255] / diff.width / diff.height < 0.005
    )
