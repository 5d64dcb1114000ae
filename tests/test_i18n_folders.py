"""A game kept outside the tree brings its own locale folder (``i18n.add_folder``, issue 26)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import i18n


def _write(root: Path, lang: str, data: dict[str, str]) -> None:
    (root / lang).mkdir(parents=True, exist_ok=True)
    (root / lang / "extra.json").write_text(json.dumps(data), encoding="utf-8")


def test_an_added_folder_is_read_with_the_shared_texts_and_forgotten_when_removed(tmp_path: Path) -> None:
    _write(tmp_path, "en", {"extra.hello": "Hello {name}"})
    _write(tmp_path, "fr", {"extra.hello": "Bonjour {name}"})
    assert i18n.t("fr", "extra.hello", name="A") == "extra.hello"  # read once before: cached
    i18n.add_folder(tmp_path)
    try:
        assert i18n.t("fr", "extra.hello", name="A") == "Bonjour A"
        assert i18n.t("ja", "extra.hello", name="A") == "Hello A", "English where the folder has no text"
        assert i18n.t("fr", "game.koikoi") == "Koi-Koi", "the shared texts stay"
    finally:
        i18n.remove_folder(tmp_path)
    assert not i18n.has("fr", "extra.hello")


def test_an_added_folder_may_not_define_a_shared_key_again(tmp_path: Path) -> None:
    _write(tmp_path, "en", {"game.koikoi": "Something else"})
    i18n.add_folder(tmp_path)
    try:
        with pytest.raises(ValueError, match="defined twice"):
            i18n.table("en")
    finally:
        i18n.remove_folder(tmp_path)
    assert i18n.t("en", "game.koikoi") == "Koi-Koi"


def test_a_file_may_not_define_a_key_twice(tmp_path: Path) -> None:
    """Plain JSON keeps the last of two equal keys silently: the loader refuses the file instead."""
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "extra.json").write_text(
        '{"extra.twice": "first", "extra.twice": "second"}', encoding="utf-8"
    )
    i18n.add_folder(tmp_path)
    try:
        with pytest.raises(ValueError, match=r"'extra\.twice' defined twice in the file"):
            i18n.table("en")
    finally:
        i18n.remove_folder(tmp_path)


@pytest.mark.parametrize("lang", i18n.supported())
def test_no_shipped_locale_file_defines_a_key_twice(lang: str) -> None:
    i18n.clear_cache()
    assert i18n.table(lang), "the loader refuses a file with a key written twice"
