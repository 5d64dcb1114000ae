"""The match summaries draw each player's rating change (issue 16: "+12 / −9") only when given:
without ratings (or with none rated: CPU seats, an unrated match) the image is byte for byte the
one drawn before; with them, the rows above the totals stay the same, the image grows by the
rating lines, and those lines say each rated seat's new rating and change, the language's way."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from PIL import Image, ImageChops

import i18n
from render.labels import percent, signed
from render.rating_change import RatingShown, any_rated, change_colour, seat_rating
from render.widgets import recording
from tests.render import samples

SUMMARIES = ["koikoi", "roppyakken", "gostop", "doudizhu", "goita"]
ALICE, BOB = RatingShown(1086, 86), RatingShown(958, -42)


def test_a_change_is_signed_with_a_real_minus_and_the_languages_digits() -> None:
    assert signed(12, "en", zero="±0") == "+12"
    assert signed(-9, "en", zero="±0") == "−9"
    assert signed(0, "en", zero="±0") == "±0"
    assert signed(0, "en") == "0"  # a score's change: no sign
    assert signed(1234, "en") == "+1,234"
    assert signed(1234, "fr") == "+" + i18n.number("fr", 1234)  # a narrow space in French
    assert signed(-1234, "fr") == i18n.number("fr", -1234)
    assert change_colour(5) != change_colour(-5) != change_colour(0)


def test_a_win_rate_is_the_languages_percent_or_a_dash_without_games() -> None:
    assert percent(0.62, "en") == "62%"
    assert percent(0.62, "fr") == i18n.percent("fr", 0.62)
    assert percent(None, "en") == "–"


def test_seats_without_a_change_draw_nothing() -> None:
    assert not any_rated(None) and not any_rated((None, None))
    assert any_rated((None, BOB))
    assert seat_rating((ALICE, None), 0) == ALICE
    assert seat_rating((ALICE, None), 1) is None
    assert seat_rating((ALICE,), 3) is None and seat_rating(None, 0) is None


def _summary(game: str) -> Callable[..., bytes]:
    """The game's sample summary, rendered with ``ratings`` (and ``locale``) passed through."""
    module = {"koikoi": "kk", "roppyakken": "rp", "gostop": "gs", "doudizhu": "dd", "goita": "go"}[game]
    draw = getattr(samples, module)

    def render(monkeypatch: pytest.MonkeyPatch, **extra: object) -> bytes:
        original = draw.render_match_summary
        with monkeypatch.context() as m:
            m.setattr(draw, "render_match_summary", lambda *a, **k: original(*a, **{**k, **extra}))
            return dict(getattr(samples, game)())[f"{game}/summary"]()

    return render


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("game", SUMMARIES)
def test_no_rated_seat_leaves_the_summary_as_it_was(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    render = _summary(game)
    plain = render(monkeypatch)
    assert render(monkeypatch, ratings=None) == plain
    assert render(monkeypatch, ratings=(None,) * 4) == plain  # CPU seats, an unrated match


@pytest.mark.parametrize("game", SUMMARIES)
def test_a_rated_match_adds_each_players_rating_under_the_totals(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    render = _summary(game)
    plain = _image(render(monkeypatch))
    with recording() as drawn:
        rated_png = render(monkeypatch, ratings=(ALICE, BOB, None, None))
    rated = _image(rated_png)
    assert rated.width == plain.width and rated.height > plain.height
    above = (0, 0, plain.width, plain.height - 40)  # the rounds and the totals: untouched
    assert ImageChops.difference(plain.crop(above), rated.crop(above)).getbbox() is None
    below = rated.crop((0, plain.height - 20, rated.width, rated.height))
    assert len(below.getcolors(1 << 16) or ()) > 8, "the rating lines are drawn there"
    texts = [d.text for d in drawn]
    assert {"Rating", "1,086", "+86", "958", "−42"} <= set(texts)
    assert texts.count("Rating") == 1


@pytest.mark.parametrize("locale", ["fr", "ja", "zh-TW"])
def test_the_rating_lines_speak_the_language(locale: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with recording() as drawn:
        _summary("doudizhu")(monkeypatch, ratings=(RatingShown(12034, 120), None, None), locale=locale)
    texts = {d.text for d in drawn}
    assert i18n.t(locale, "render.rating.title") in texts
    assert i18n.t(locale, "render.rating.title") != "Rating"
    assert {i18n.number(locale, 12034), "+" + i18n.number(locale, 120)} <= texts


def test_goita_teams_list_each_partner_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """Goita's columns are teams: the ratings are a line per player, named."""
    four = (ALICE, BOB, RatingShown(1012, 12), RatingShown(990, -10))
    with recording() as drawn:
        _summary("goita")(monkeypatch, ratings=four)
    texts = [d.text for d in drawn]
    for name, shown in zip(samples.PLAYERS, four, strict=True):
        at = texts.index(signed(shown.delta, "en", zero="±0"))
        assert name in texts[at - 2 : at], texts[at - 3 : at + 1]
