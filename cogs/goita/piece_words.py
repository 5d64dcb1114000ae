"""Goita pieces typed in any of the bot's languages: ``/move block:Roi``, ``attack:금장``,
``block:Général d'or`` or ``attack:金 Gold`` read as ``block:K``, ``attack:G``…

The engine reads a piece's letter, its character (金, 玉, the simplified 飞 银 马 步) or its English
name (``engine.goita.types.Piece.parse``). A player types the words their hand, buttons and
suggestions show them (docs/glossary.md, "Goita pieces"): each language's name of the piece
(``goita.piece.*``), its short form under the hand image (``render.goita.chip.*``) and the two
together with the character as the labels write them (``金 Général d'or``). This turns those words
into the letter before the engine parses the move; anything else is left as typed, so the
engine's refusal still quotes what the player wrote.
"""

from __future__ import annotations

import unicodedata
from functools import cache

from engine.goita.types import KANJI, Piece
from i18n import supported, table

SEPARATORS = (":", "：")


def fold(word: str) -> str:
    """Case-, accent-, space- and apostrophe-blind (``Général d'or`` ~ ``generaldor``)."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch) and ch.isalnum())


@cache
def piece_words() -> dict[str, Piece]:
    """Every folded word that names a piece in some language → the piece."""
    words: dict[str, Piece] = {}
    for lang in supported():
        strings = table(lang)
        for piece in Piece:
            for key in (f"goita.piece.{piece.name}", f"render.goita.chip.{piece.name}"):
                word = strings.get(key)
                if word:
                    words.setdefault(fold(word), piece)
                    words.setdefault(fold(f"{KANJI[piece]} {word}"), piece)
    return words


def from_player(text: str) -> str:
    """``block:Roi`` → ``block:K``: the piece after the move's colon, named in any language, as
    its letter; any other text unchanged."""
    for sep in SEPARATORS:
        verb, found, piece = text.partition(sep)
        if found:
            known = piece_words().get(fold(piece))
            return f"{verb}:{known.name}" if known is not None else text
    return text
