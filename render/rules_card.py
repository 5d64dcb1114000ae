"""The rules card: one image per game that fits its rules on a card, in the reader's language.

``/<game> rules`` shows it above the rules text: the deck or the pieces (drawn with the game's
own faces), how a turn goes in three or four numbered steps, and the scoring table. The numbers
come from the engine's seed rules (the yaku values, the piece values), the words from
``i18n/locales/<lang>/rules_cards.json`` (the headings), the game's own locale file
(``rules_card.<game>.*``) and the games' own names (yaku, score items, pieces). What differs by
game (the scoring rows, the row of faces) is the game's own ``rules_card`` module, listed in
:mod:`render.registry`. Drawn 1000 px wide with texts sized to stay readable when Discord shows it
550 px wide.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from i18n import t
from render import widgets
from render.canvas import new as new_canvas
from render.canvas import paste
from render.fonts import drawing_face, font, localized
from render.palette import ACCENT, PANEL, PANEL_EDGE, TABLE_BG, TEXT, TEXT_DIM
from render.png import to_png
from render.registry import RULES_CARDS
from render.widgets import chip

W = 1000
PAD = 40
TITLE, HEAD, BODY, SMALL = 50, 34, 27, 24
GAMES = tuple(RULES_CARDS)  # the games with a rules card (``render.registry``)
# Kana, kanji and full-width marks break anywhere; Latin and hangul words break at spaces.
_CJK = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
_TOKENS = re.compile(rf"[{_CJK}][\u3001\u3002\uff0c\uff09\uff1a\uff1b\u300d]?|[^\s{_CJK}]+\s*|\s+")


def wrap(text: str, size: int, width: float) -> list[str]:
    """``text`` in lines at most ``width`` px wide: between words, or between any two CJK
    characters (a closing mark stays with the character before it)."""
    f = font(size)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for token in _TOKENS.findall(para):
            if line and f.getlength((line + token).rstrip()) > width:
                lines.append(line.rstrip())
                line = token.lstrip()
            else:
                line += token
        lines.append(line.rstrip())
    return lines


def _rows(game: str, loc: str) -> list[tuple[str, str]]:
    """The scoring table: (name, value) rows from the seed rules (the game's own part)."""
    return RULES_CARDS[game].rows(loc)


def _samples(game: str) -> tuple[tuple[Image.Image, str], ...]:
    """The row of faces under the title, each with a caption (a month, a count). Not kept: a
    game's samples report their texts to the legibility check each time (the faces are cached)."""
    return RULES_CARDS[game].samples()


def _paste_row(canvas: Image.Image, draw: ImageDraw.ImageDraw, y: int, game: str) -> int:
    faces = _samples(game)
    gap = 8
    total = sum(img.width for img, _ in faces) + gap * (len(faces) - 1)
    x = (W - total) // 2
    tallest = max(img.height for img, _ in faces)
    for i, (img, caption) in enumerate(faces):
        paste(canvas, ("rules card sample", game, i, drawing_face()), img, x, y)
        if caption:
            widgets.text(draw, (x + img.width / 2, y + tallest + 18), caption, SMALL, TEXT_DIM, anchor="mm")
        x += img.width + gap
    return y + tallest + (40 if any(c for _, c in faces) else 16)


def _paragraph(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: int,
    text: str,
    size: int,
    width: float,
    fill: tuple[int, int, int],
) -> int:
    for line in wrap(text, size, width):
        widgets.text(draw, (x, y), line, size, fill, anchor="la")
        y += round(size * 1.4)
    return y


def _scores(draw: ImageDraw.ImageDraw, y: int, rows: Sequence[tuple[str, str]]) -> int:
    """The scoring table in two columns of name … value rows."""
    half = (len(rows) + 1) // 2
    col_w = (W - 2 * PAD - 30) / 2
    line = round(BODY * 1.55)
    top = y
    for i, (name, value) in enumerate(rows):
        col, row = divmod(i, half)
        x0 = PAD + col * (col_w + 30)
        cy = top + row * line + line / 2
        value_w = font(BODY).getlength(value)
        label = name
        f = font(BODY)
        while label and f.getlength(label) > col_w - value_w - 24:
            label = label[:-1]
        if label != name:
            label = label.rstrip() + "…"
        widgets.text(draw, (x0 + 12, cy), label, BODY, TEXT, anchor="lm")
        widgets.text(draw, (x0 + col_w - 12, cy), value, BODY, ACCENT, anchor="rm")
    return top + half * line


def palette_of(game: str) -> Image.Image:
    """The game's own fixed palette (its faces, its interface colours, its text ramps): the card
    shows the game's faces on the tables' colours, so the table palette fits it, and mapping onto
    it costs a fraction of an adaptive palette (~10 ms a card)."""
    return RULES_CARDS[game].palette()


@cache
def rules_card(game: str, locale: str) -> bytes:
    """:func:`render_rules_card`, kept: a card changes only with the code."""
    return render_rules_card(game, locale=locale)


@localized
def render_rules_card(game: str, *, locale: str = "en") -> bytes:
    """The rules card of ``game`` in ``locale`` (PNG)."""
    loc = locale
    canvas = new_canvas((W, 2600), TABLE_BG, palette_of(game))
    draw = ImageDraw.Draw(canvas)
    y = PAD
    title = t(loc, f"game.{game}")
    widgets.text(draw, (PAD, y), title, TITLE, ACCENT, anchor="la")
    y += round(TITLE * 1.35)
    y = _paragraph(draw, PAD, y, t(loc, f"rules_card.{game}.deck"), BODY, W - 2 * PAD, TEXT_DIM) + 14
    y = _paste_row(canvas, draw, y, game) + 10
    # How a turn goes: numbered steps on a panel.
    widgets.text(draw, (PAD, y), t(loc, "rules_card.turn"), HEAD, ACCENT, anchor="la")
    y += round(HEAD * 1.5)
    steps = [t(loc, f"rules_card.{game}.turn.{n}") for n in range(1, 5)]
    box_top = y
    y += 16
    for n, step in enumerate(steps, start=1):
        chip(draw, PAD + 18, y + BODY * 0.7, str(n), BODY, ACCENT, TABLE_BG)
        y = _paragraph(draw, PAD + 70, y, step, BODY, W - 2 * PAD - 90, TEXT) + 10
    draw.rounded_rectangle((PAD - 6, box_top, W - PAD + 6, y + 6), 14, outline=PANEL_EDGE, width=2)
    y += 30
    # The scoring table.
    widgets.text(draw, (PAD, y), t(loc, "rules_card.scoring"), HEAD, ACCENT, anchor="la")
    y += round(HEAD * 1.5)
    rows = _rows(game, loc)
    table_top = y
    draw.rounded_rectangle(
        (PAD - 6, table_top - 4, W - PAD + 6, table_top + 8 + ((len(rows) + 1) // 2) * round(BODY * 1.55)),
        14,
        fill=PANEL,
    )
    y = _scores(draw, y, rows) + 18
    y = _paragraph(draw, PAD, y, t(loc, f"rules_card.{game}.note"), SMALL, W - 2 * PAD, TEXT_DIM) + PAD - 10
    return to_png(canvas.crop((0, 0, W, int(y))), palette_of(game))


def warm() -> None:
    for game in RULES_CARDS:  # read now: a game registered after import has a card too
        _samples(game)
