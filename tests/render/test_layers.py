"""render.layers: a ground layer drawn once and copied gives the pixels of drawing it every time,
and what is drawn on a copy never reaches the kept layer or the next copy."""

from __future__ import annotations

from PIL import ImageDraw

from render import canvas as C
from render import layers
from render.doudizhu.palette import doudizhu_palette
from render.fonts import drawing_in
from render.layers import Label, Panel, ground
from render.palette import ACCENT, FIELD_BG, PANEL, PANEL_EDGE, TABLE_BG, TEXT
from render.widgets import panel, recording, text

SIZE = (360, 200)
SHAPES = (
    Label((12, 20), "Dou Dizhu", 32, TEXT),
    Panel((10, 50, 350, 190), FIELD_BG, None, radius=18),
    Panel((30, 70, 200, 170), PANEL, PANEL_EDGE),
)


def _drawn_whole() -> bytes:
    """The same shapes drawn on a new canvas, nothing kept."""
    img = C.new(SIZE, TABLE_BG, doudizhu_palette())
    draw = ImageDraw.Draw(img)
    text(draw, (12, 20), "Dou Dizhu", 32, TEXT)
    panel(draw, (10, 50, 350, 190), FIELD_BG, None, radius=18)
    panel(draw, (30, 70, 200, 170), PANEL, PANEL_EDGE)
    return img.tobytes()


def test_a_copied_ground_draws_what_drawing_it_draws_and_reports_its_labels() -> None:
    with drawing_in("en"):
        for _ in range(2):  # drawn and kept, then copied
            with recording() as drawn:
                img = ground(SIZE, TABLE_BG, doudizhu_palette(), SHAPES, "en")
            assert img.tobytes() == _drawn_whole()
            assert [d.text for d in drawn] == ["Dou Dizhu"]
    assert layers.kept()[0] >= 1


def test_drawing_on_a_copy_leaves_the_kept_layer_as_it_was() -> None:
    with drawing_in("en"):
        first = ground(SIZE, TABLE_BG, doudizhu_palette(), SHAPES, "en")
        draw = ImageDraw.Draw(first)
        draw.rectangle((0, 0, 359, 199), fill=ACCENT)
        text(draw, (40, 100), "12", 32, TEXT)
        again = ground(SIZE, TABLE_BG, doudizhu_palette(), SHAPES, "en")
        assert again.tobytes() == _drawn_whole()
        assert again.info[C.PIECES_KEY] is not first.info[C.PIECES_KEY]


def test_a_copy_draws_each_colour_with_the_index_a_new_canvas_uses() -> None:
    """Pillow's copy maps each colour to its first palette entry again; a canvas maps it to the
    entry quantising gives (render.canvas.new): a copy must keep that map."""
    fresh = C.new((40, 10), TABLE_BG, doudizhu_palette())
    copied = layers.copy(fresh)
    for canvas in (fresh, copied):
        ImageDraw.Draw(canvas).rectangle((0, 0, 39, 9), fill=TABLE_BG)
    assert copied.tobytes() == fresh.tobytes()
    assert copied.palette is not None and fresh.palette is not None
    assert copied.palette.colors == fresh.palette.colors
