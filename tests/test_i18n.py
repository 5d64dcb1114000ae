"""Every language has every string, and every string the code asks for exists."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

import i18n

ROOT = Path(__file__).resolve().parents[1]


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", [lang for lang in i18n.supported() if lang != i18n.DEFAULT])
def test_every_language_has_every_key_with_the_same_fields(lang: str) -> None:
    english, other = i18n.table("en"), i18n.table(lang)
    missing = sorted(k for k in english if k not in other and not k.startswith("card."))
    assert not missing, f"{lang} lacks {missing}"
    extra = sorted(k for k in other if k not in english and not k.startswith(("cmd.", "card.")))
    assert not extra, f"{lang} has keys English lacks: {extra}"
    for key, text in english.items():
        if key in other:
            assert fields(other[key]) == fields(text), f"{lang}:{key} uses other fields"


def test_keys_used_in_code_exist() -> None:
    used: set[str] = set()
    pattern = re.compile(r"""\b(?:t|tn|refuse)\((?:[a-z_.]+, )?(?:interaction, )?"([a-z_]+\.[a-z_.]+)\"""")
    for path in [*ROOT.glob("cogs/**/*.py"), *ROOT.glob("render/**/*.py"), *ROOT.glob("tsuki/**/*.py")]:
        used |= set(pattern.findall(path.read_text(encoding="utf-8")))
    english = i18n.table("en")
    plural_ok = {k.rsplit(".", 1)[0] for k in english if k.endswith((".one", ".other"))}
    missing = sorted(k for k in used if k not in english and k not in plural_ok)
    assert not missing, f"keys used in code but not in en: {missing}"


def test_french_falls_back_to_english_for_unknown_locale() -> None:
    assert i18n.normalize("fr") == "fr"
    assert i18n.normalize("en-GB") == "en"
    assert i18n.normalize("ja") == "en"
    assert i18n.t("fr", "table.my_hand") == "Ma main"
    assert i18n.t("de", "table.my_hand") == "My hand"


def test_plural_forms() -> None:
    assert "×2" in i18n.tn("en", "koikoi.status.calls", 2, name="A")
