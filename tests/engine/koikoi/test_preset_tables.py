"""``preset_table``: the rows ``/koikoi rules preset:…`` shows and docs/rules/koikoi.md prints."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from engine.core import BadRules
from engine.hanafuda.koikoi import PRESETS, preset_table
from engine.hanafuda.koikoi.presets import markdown_table

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "koikoi.md"


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_docs_print_each_preset_table_as_the_engine_gives_it(name: str) -> None:
    """« docs/rules/koikoi.md lists each rule beside its source » (RULINGS): the table of the
    docs is the engine's, row for row, so neither can change alone."""
    assert markdown_table(name) in DOC.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_row_has_a_value_and_a_source(name: str) -> None:
    rows = preset_table(name)
    labels = [label for label, _, _ in rows]
    assert len(labels) == len(set(labels)) >= 29
    for label, value, source in rows:
        assert value and source, label
    # Each preset's sources cite its own rules text.
    prefix = {
        "seed": ("Seed", "RULINGS"),
        "nintendo": ("Nintendo", "FudaWiki", "Not in", "RULINGS"),
        "koikoi-japan": ("KoiKoi",),
    }
    assert all(source.startswith(prefix[name]) for _, _, source in rows)


def test_values_are_read_from_the_presets_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Change a preset's rules and its table follows (the sources stay)."""
    rows = dict((label, value) for label, value, _ in preset_table("koikoi-japan"))
    assert rows["Five Brights (goko)"] == "10"
    assert rows["Animals (tane)"] == "1 for 5 (n − 4 for n ≥ 5)"
    assert rows["Poetry & Blue Ribbons (akatan_aotan)"] == "10 on top of Red and Blue (20 in all)"
    assert rows["Big score doubling"] == "none"
    changed = dataclasses.replace(PRESETS["koikoi-japan"], goko=15, group_scoring="best", double_at=7)
    monkeypatch.setitem(PRESETS, "koikoi-japan", changed)
    rows = dict((label, value) for label, value, _ in preset_table("koikoi-japan"))
    assert rows["Five Brights (goko)"] == "15"
    assert rows["Poetry & Blue Ribbons (akatan_aotan)"] == "10, +1 per extra ribbon; instead of Red or Blue"
    assert rows["Big score doubling"] == "×2 when the yaku total is 7 or more"


def test_nintendo_table_values() -> None:
    rows = dict((label, value) for label, value, _ in preset_table("nintendo"))
    assert rows["Boar-Deer-Butterflies (inoshikacho)"] == "5, +1 per extra animal; not with Animals"
    assert rows["Deal"].startswith("2 at a time")
    assert rows["Cards of the Month (tsukifuda)"] == "off"
    assert rows["Match"] == "12 rounds; the higher total wins"


def test_unknown_preset_is_refused() -> None:
    with pytest.raises(BadRules) as err:
        preset_table("hawaii")
    assert err.value.key == "unknown_preset" and "nintendo" in str(err.value)
