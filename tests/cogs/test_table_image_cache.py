"""A table image already drawn for the same public view, names and locale is not drawn again (a
board narrating a move that changed nothing public, a results post after its last board); any
change to what the picture depends on draws it afresh; the cache stays within its byte budget."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cogs.table import image_cache, messages, render_pool
from cogs.table.image_cache import ImageCache
from cogs.table.public import PublicView
from tests.cogs.public_payloads import make_table
from tsuki.bot import game_specs

SPEC = game_specs()["koikoi"]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """The table images sent to the render pool."""
    calls: list[tuple[Any, ...]] = []
    real_draw = render_pool.draw

    async def draw(game: str, spec: Any, method: str, *args: Any) -> Any:
        calls.append((method, *args))
        return await real_draw(game, spec, method, *args)

    monkeypatch.setattr(render_pool, "draw", draw)
    return calls


def _views() -> tuple[Any, Any]:
    """The public views of a Koi-Koi deal and after its first move."""
    engine = SPEC.engine
    state = engine.new_game(2, engine.rules_from(None, {"rounds": 1}), 7)
    after, _ = engine.apply(state, random.Random(7).choice(engine.legal_actions(state)))
    return engine.view(state, None), engine.view(after, None)


async def _table_png(table: Any, view: Any) -> bytes:
    files = await messages._table_files(table, PublicView(view), [])
    return files[0].fp.getvalue()


async def test_the_same_public_view_is_drawn_once(drawn: list[tuple[Any, ...]]) -> None:
    table = make_table("koikoi", SPEC, SPEC.engine.rules_from(None, {"rounds": 1}), 2, "en")
    deal, _ = _views()
    first = await _table_png(table, deal)
    again = await _table_png(table, _views()[0])  # an equal view, made afresh
    assert first == again == SPEC.render_table(deal, table.names, "en"), "the very image of that view"
    assert len(drawn) == 1, "the second post reused the image"


async def test_a_changed_view_names_or_locale_is_drawn_again(drawn: list[tuple[Any, ...]]) -> None:
    table = make_table("koikoi", SPEC, SPEC.engine.rules_from(None, {"rounds": 1}), 2, "en")
    deal, after = _views()
    await _table_png(table, deal)
    moved = await _table_png(table, after)
    assert moved == SPEC.render_table(after, table.names, "en")
    table.locale = "fr"
    assert await _table_png(table, after) == SPEC.render_table(after, table.names, "fr")
    table.seats[1].name = "Zoé"
    assert await _table_png(table, after) == SPEC.render_table(after, table.names, "fr")
    assert len(drawn) == 4, "each change drew its own image"


async def test_the_cache_keeps_the_last_used_images_within_its_budget() -> None:
    cache = ImageCache(budget=100)
    drawings: list[str] = []

    def drawer(key: str, size: int) -> Any:
        async def draw() -> bytes:
            drawings.append(key)
            return key.encode().ljust(size, b".")

        return draw

    for key in ("a", "b", "c"):
        await cache.drawn(key, drawer(key, 40))  # 120 bytes asked: "a" goes
    assert cache.size <= 100 and len(cache) == 2
    await cache.drawn("b", drawer("b", 40))  # kept, and now the last used
    await cache.drawn("d", drawer("d", 40))  # "c" goes, not "b"
    await cache.drawn("b", drawer("b", 40))
    await cache.drawn("c", drawer("c", 40))
    assert drawings == ["a", "b", "c", "d", "c"]
    await cache.drawn("huge", drawer("huge", 500))  # larger than the budget: drawn, not kept
    assert cache.get("huge") is None and cache.size <= 100


async def test_an_unhashable_key_is_drawn_every_time() -> None:
    cache, count = ImageCache(), []

    async def draw() -> bytes:
        count.append(1)
        return b"png"

    for _ in range(2):
        assert await cache.drawn(("view", ["a list"]), draw) == b"png"
    assert len(count) == 2 and len(cache) == 0


def test_the_bots_cache_starts_empty_in_every_test() -> None:
    assert len(image_cache.tables) == 0
