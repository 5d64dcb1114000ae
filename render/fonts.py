"""The font of every text in every image: Noto Sans CJK Bold, in the locale's regional face.

Noto Sans CJK (OFL, the variable-weight collection shipped by the ``manimgx-fonts-cjk`` pip
package) covers Latin, kana, kanji and hangul, so ``光``, ``猪鹿蝶`` and ``고도리`` render on a
plain ``pip install``. The same character has regional glyph forms (骨, 直, 叫 differ between
Japan, Korea, mainland China and Taiwan), so each locale is drawn with its own face: ``ja`` JP,
``ko`` KR, ``zh-CN`` SC, ``zh-TW`` TC; English and French use JP, the hanafuda cards' own.

Renderers pick the face by locale: ``font(size, locale)``, or, inside a public render function
decorated with :func:`localized`, plain ``font(size)``, which uses the locale that render call
was given (a context variable: each render runs in one worker thread with its own context, so
two tables in two languages never mix). The basic layout engine is used on purpose: output must
not depend on whether libraqm is installed, and none of our scripts needs complex shaping.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import os
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any, ParamSpec, TypeVar

import manimgx_fonts_cjk
from PIL import ImageFont

import i18n
from render.glyph_cache import CachedFont

FONT_PATH = os.path.join(os.path.dirname(manimgx_fonts_cjk.__file__), "NotoSansCJK-VF.otf.ttc")
BOLD = 700  # the weight axis of the variable font
# The regional faces, in the collection's order, and the locale each one draws.
FACE_INDEX = {"JP": 0, "KR": 1, "SC": 2, "TC": 3}
FACES = {"ja": "JP", "ko": "KR", "zh-CN": "SC", "zh-TW": "TC"}
DEFAULT_FACE = "JP"

_drawing: ContextVar[str] = ContextVar("tsuki_render_locale", default=i18n.DEFAULT)

P = ParamSpec("P")
R = TypeVar("R")


@functools.lru_cache(maxsize=64)
def _face_of(locale: object) -> str:
    return FACES.get(i18n.normalize(locale), DEFAULT_FACE)


def face(locale: object) -> str:
    """The regional face (``JP``, ``KR``, ``SC``, ``TC``) a locale's images are drawn with."""
    try:
        return _face_of(locale)
    except TypeError:  # not hashable: normalised each time
        return FACES.get(i18n.normalize(locale), DEFAULT_FACE)


# Font objects kept open, by recency. Each one (a size in a regional face) maps the 32 MB font
# file on its own: ~1.5 MB of resident memory once FreeType has read its tables, and ~0.7 ms to
# open again. A table image and its hand use 5-12 sizes; a bot drawing every game in every
# language asked for ~160, most of them only while card faces were drawn (then cached).
FONTS_KEPT = 16


@functools.lru_cache(maxsize=FONTS_KEPT)
def _font(size: int, region: str) -> CachedFont:
    f = CachedFont(FONT_PATH, max(1, size), index=FACE_INDEX[region], layout_engine=ImageFont.Layout.BASIC)
    f.set_variation_by_axes([BOLD])
    f.key = (max(1, size), region)
    return f


def font(size: int, locale: object | None = None) -> CachedFont:
    """The bold CJK font at ``size`` pixels in ``locale``'s face (default: the render call's)."""
    return _font(size, face(_drawing.get() if locale is None else locale))


def drawing_face() -> str:
    """The regional face ``font(size)`` draws with here (the render call's locale).

    Anything kept between renders that holds text drawn with ``font(size)`` (a piece, a card face,
    a composite of them) has this face in its key: 飛, 角 or 短 have other forms in a zh-TW image
    than in an English one, so an image kept from one render would otherwise show its locale's
    glyphs in the next render's locale, and which one won would depend on what was drawn first."""
    return face(_drawing.get())


@contextlib.contextmanager
def drawing_in(locale: object) -> Iterator[None]:
    """Within the block, ``font(size)`` uses ``locale``'s face."""
    token = _drawing.set(i18n.normalize(locale))
    try:
        yield
    finally:
        _drawing.reset(token)


def localized(render: Callable[P, R]) -> Callable[P, R]:
    """Decorate a public render function taking ``locale``: its texts use that locale's face."""
    default = inspect.signature(render).parameters["locale"].default
    default = i18n.DEFAULT if default is inspect.Parameter.empty else default

    @functools.wraps(render)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        locale: Any = kwargs.get("locale", default)
        with drawing_in(locale):
            return render(*args, **kwargs)

    return wrapper


def loaded() -> int:
    """How many font objects (one per size and regional face) are held open."""
    return _font.cache_info().currsize
