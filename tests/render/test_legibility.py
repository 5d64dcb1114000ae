"""Readable at 550 px: Discord shows images about 550 px wide inline, so every text a player must
read (card codes, counts, names, scores, statuses) must keep digits and capitals at least
``MIN_INK`` (11) px tall at that width.

Every image kind (tests/render/samples.py: tables, hands, round sheets, summaries, rules cards,
leaderboard / profile / history cards, replay frames and animated replays, of every game) is
rendered while :func:`recording` collects the texts drawn through render/widgets.py; each size is
checked against the image's own width (a replay's hand strips and an animation's frames at the
scale they are shown). Nothing is exempt: card month tabs and badges, piece letters and values, a
joker's name, chip labels and player names are all measured; a mark too small for its image is
left out of the picture instead (``render.widgets.legible``). The only text not measured is truly
decorative card art, drawn with the pen and never reported: the poem on a ribbon, the 寿 on the
sake cup (``RAW_TEXT_ALLOWED`` below). A second test makes sure no layout draws text behind the
helpers' back.
"""

from __future__ import annotations

import ast
import io
from pathlib import Path

import pytest
from PIL import Image

from render.widgets import INLINE_W, MIN_INK, Drawn, ink_height, min_size, recording, text_ink
from tests.render.samples import all_images

RENDER = Path(__file__).resolve().parents[2] / "render"
IMAGES = all_images()

# Functions allowed to call ``ImageDraw.text`` themselves: the helpers that report what they draw,
# and the card / piece faces (drawn once, cached, and reported by their paste functions).
RAW_TEXT_ALLOWED = {
    "widgets.py": {"text", "chip", "_draw_chip", "_chip_tile"},  # chip reports its label
    "canvas_text.py": {"draw_text"},  # ImageDraw.text without its set-up: called by the helpers
    "pen.py": {"Pen.text"},  # card art: the poem on a ribbon, the 寿 on the sake cup
    "hanafuda/motifs.py": {"ribbon"},
    "hanafuda/subjects.py": {"sake_cup"},
    "hanafuda/faces.py": {"_month_tab", "_category_badge"},  # reported by face_marks / paste_card
    "hanafuda/gostop/common.py": {"_joker_face"},  # reported by joker_texts / paste
    "doudizhu/faces.py": {"_index", "_card_face"},  # reported by face_texts / paste
    "doudizhu/common.py": {"role_chip"},
    "goita/pieces.py": {"_piece_face", "_piece_back"},
}


def _inline_px(d: Drawn, width: int) -> float:
    """How tall the text's digits and capitals (or CJK glyphs) are when the image is shown inline."""
    return text_ink(d.text, d.size) * min(1.0, INLINE_W / width)


def test_min_size_is_the_threshold() -> None:
    for width in (400, 550, 828, 1000, 1200):
        size = min_size(width)
        assert ink_height(size) * min(1.0, INLINE_W / width) >= MIN_INK
        assert ink_height(size - 1) * min(1.0, INLINE_W / width) < MIN_INK


@pytest.mark.parametrize("name", sorted(IMAGES))
def test_every_text_is_readable_inline(name: str) -> None:
    with recording() as drawn:
        png = IMAGES[name]()
    width = Image.open(io.BytesIO(png)).width
    readable = list(drawn)
    assert readable, f"{name}: no text recorded"
    assert not [d.text for d in drawn if d.decorative], (
        f"{name}: text reported as decorative is still measured"
    )
    small = sorted({(d.size, d.text) for d in readable if _inline_px(d, width) < MIN_INK})
    worst = min(_inline_px(d, width) for d in readable)
    assert not small, (
        f"{name} ({width} px wide): {len(small)} texts under {MIN_INK} px tall at {INLINE_W} (smallest "
        f"{worst:.1f} px; font sizes, {min_size(width)} px for Latin text): {small[:8]}"
    )


def test_code_chips_are_checked() -> None:
    """The field's card codes (what /move needs) are among the texts checked: a smaller chip fails."""
    with recording() as drawn:
        IMAGES["koikoi/table"]()
    codes = [d for d in drawn if d.text in {"2a", "3c", "12a"}]
    assert codes and all(not d.decorative for d in codes)


def test_small_marks_are_left_out_not_exempted() -> None:
    """A month tab too small for its image is not drawn (nor reported); a large one is both."""
    from engine.hanafuda.cards import CARDS
    from render.hanafuda.faces import face_marks
    from render.widgets import legible, paste_card

    card = CARDS[4]
    for width, image_width in ((30, 1200), (110, 550)):
        canvas = Image.new("RGB", (image_width, 300))
        with recording() as drawn:
            paste_card(canvas, card, 0, 0, width)
        month, size = face_marks(card, width)[0]
        assert (month in {d.text for d in drawn}) == legible(month, size, image_width)
    with recording() as drawn:
        paste_card(Image.new("RGB", (1200, 300)), card, 0, 0, 30)
    assert not drawn, "a 30 px card on a 1200 px image is too small for any mark"


def _raw_text_calls(path: Path) -> set[str]:
    """Qualified names of the functions in ``path`` that call ``<something>.text(...)`` or
    ``draw_text(...)``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST, scope: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.ClassDef):
                visit(child, [*scope, child.name])
                continue
            raw_draw = isinstance(child, ast.Call) and (
                (
                    isinstance(child.func, ast.Attribute)
                    and child.func.attr == "text"
                    and not (
                        isinstance(child.func.value, ast.Name) and child.func.value.id in {"W", "widgets"}
                    )
                )
                or (isinstance(child.func, ast.Name) and child.func.id == "draw_text")  # the kept-mask path
            )
            if raw_draw:
                found.add(".".join(scope) or "<module>")
            visit(child, scope)

    visit(tree, [])
    return found


def test_layouts_draw_text_only_through_the_helpers() -> None:
    offenders = {}
    for path in sorted(RENDER.rglob("*.py")):
        rel = path.relative_to(RENDER).as_posix()
        extra = _raw_text_calls(path) - RAW_TEXT_ALLOWED.get(rel, set())
        if extra:
            offenders[rel] = sorted(extra)
    assert not offenders, f"draw text with render.widgets.text/chip (or report it with note): {offenders}"
