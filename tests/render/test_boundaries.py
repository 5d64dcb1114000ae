"""render/ depends on engine, i18n and Pillow only, and its texts exist in every language."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from engine.hanafuda.cards import CARDS

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "i18n" / "locales"

SCRIPT = """
import importlib, json, pkgutil, sys
import render
for info in pkgutil.walk_packages(render.__path__, "render."):
    importlib.import_module(info.name)
ours = sorted({m.split(".")[0] for m in sys.modules} & {"discord", "aiosqlite", "cogs", "store", "tsuki"})
print(json.dumps(ours))
"""


def test_render_imports_no_discord_store_or_cogs() -> None:
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == []


def _strings(lang: str, name: str) -> dict[str, str]:
    return json.loads((LOCALES / lang / name).read_text(encoding="utf-8"))


def _fields(s: str) -> set[str]:
    return set(re.findall(r"{(\\w+)}", s))


def test_render_strings_are_complete_in_every_language() -> None:
    en = _strings("en", "render.json")
    for lang in ("fr",):
        other = _strings(lang, "render.json")
        # plural keys carry the language's own CLDR categories (fr adds ``.many``)
        assert set(other) - {k for k in other if k.endswith(".many")} == set(en), f"{lang}: keys differ"
        for key, text in en.items():
            assert _fields(other[key]) == _fields(text), f"{lang}: {key} fields differ"
    assert all(key.startswith("render.") for key in en)


def test_french_card_names_cover_the_deck() -> None:
    fr = _strings("fr", "cards.json")
    assert set(fr) == {f"card.{c}" for c in CARDS}
    assert all(fr.values())
