"""The one font used for every text in every image, loaded once per size.

Noto Sans CJK Bold (OFL, shipped by the ``cvttf_NotoSansCJK_Bold`` pip package) covers Latin,
kana, kanji and hangul, so ``光``, ``猪鹿蝶`` and ``고도리`` render on a plain ``pip install``.
The basic layout engine is used on purpose: output must not depend on whether libraqm is
installed, and none of our scripts needs complex shaping.
"""

from __future__ import annotations

import os
from functools import cache

import cvttf_NotoSansCJK_Bold
from PIL import ImageFont

FONT_PATH = os.path.join(os.path.dirname(cvttf_NotoSansCJK_Bold.__file__), "NotoSansCJKtc-Bold.otf")


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The bold CJK font at ``size`` pixels."""
    return ImageFont.truetype(FONT_PATH, max(1, size), layout_engine=ImageFont.Layout.BASIC)
