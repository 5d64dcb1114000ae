"""A button's label starts with a capital letter in the languages that have them (en, fr).

Reading a match as a new player (``bench/read_match.py``): every button read "Pass", "Bid 1",
"Attack: 飛 Rook (4)", "Rematch"… except the capture choices of Koi-Koi, Roppyakken and Go-Stop,
"take 4a Cuckoo" and "lay it on the field (no capture)", which looked like a cut-off sentence.
"""

from __future__ import annotations

import re

import pytest

import i18n

# A label may open with an emoji or punctuation (``🎴 My hand``, ``↩️ Back``): the first letter
# after those must be a capital. A label opening with a placeholder (``{place} (face down)``) opens
# with what fills it, not checked here.
_LEAD = re.compile(r"^[^\w{]*")


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_button_labels_start_with_a_capital(locale: str) -> None:
    lower = sorted(
        key
        for key, text in i18n.table(locale).items()
        if (".button." in key or key.startswith("button."))
        and isinstance(text, str)
        and _LEAD.sub("", text)[:1].islower()  # "{" is not lower case: a placeholder passes
    )
    assert not lower, f"button labels starting in lower case: {lower}"
