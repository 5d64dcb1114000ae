"""No player-facing text bypasses the i18n tables: an AST scan of cogs/ and render/ finds every
string literal with words in it passed to a message, button, menu, embed or image."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from tests.test_i18n_completeness import LETTER, NOT_WORDS, ROOT

# Calls whose text reaches a player: messages, buttons, menus, embeds, modals, images.
MESSAGE_METHODS = {"send", "send_message", "edit", "edit_message", "edit_original_response", "reply"}
TEXT_KEYWORDS = {"content", "placeholder", "title", "description", "label", "text", "footer"}
FIELD_METHODS = {"add_field", "insert_field_at", "set_field_at", "set_author", "set_footer"}
# (function name, indexes of its text arguments): the image helpers, our message helpers
POSITIONAL = {
    "text": (2, 1),  # widgets.text(draw, xy, s) and ImageDraw.text(xy, s)
    "chip": (3,),
    "fit": (0,),
    "note": (0,),
    "ephemeral": (1,),  # cogs.table.replies.ephemeral(interaction, content)
    "button": (1,),  # cogs.table.components.button(custom_id, label)
    "select": (1,),  # cogs.table.components.select(custom_id, placeholder, …)
    "Step": (1,),  # a move's button label
    "SelectOption": (0,),
    "Embed": (),
    "Choice": (),
}
NAME_KEYWORD = {"Choice", "add_field", "set_author", "SelectOption"}  # name= shown to players
# Literals that are not language: marks drawn as symbols, codes. Each says why.
ALLOWED_LITERALS = {
    "피",  # the Korean pi (chaff) mark printed on Go-Stop bonus cards: card art, not a sentence
    "BONUS",  # printed on Go-Stop bonus cards like on real hwatu decks: card art
    "盃",  # the sake cup's mark on its hanafuda card: card art
}


def _literal(node: ast.expr) -> str | None:
    """The text of a string literal (the fixed parts of an f-string), else ``None``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
    return None


def _wording(text: str) -> bool:
    """Does ``text`` say something in a language (letters outside placeholders and codes)?"""
    return bool(LETTER.search(NOT_WORDS.sub("", text))) and text.strip() not in ALLOWED_LITERALS


def _sink_texts(node: ast.Call) -> Iterator[ast.expr]:
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
    if name in MESSAGE_METHODS and node.args:
        yield node.args[0]
    if name in FIELD_METHODS:
        yield from node.args
        yield from (k.value for k in node.keywords if k.arg in ("value", "text"))
    if name in POSITIONAL:
        for index in POSITIONAL[name]:
            if len(node.args) > index:
                yield node.args[index]
    if name in NAME_KEYWORD:
        yield from (k.value for k in node.keywords if k.arg == "name")
    yield from (k.value for k in node.keywords if k.arg in TEXT_KEYWORDS)


def hard_coded_texts() -> list[str]:
    """``path:line: 'literal'`` for every wording literal passed to a player-facing call."""
    found = []
    for folder in ("cogs", "render"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Assign):  # embed.title = "…", button.label = "…"
                    texts: list[ast.expr] = (
                        [node.value]
                        if any(
                            isinstance(target, ast.Attribute) and target.attr in TEXT_KEYWORDS
                            for target in node.targets
                        )
                        else []
                    )
                elif isinstance(node, ast.Call):
                    texts = list(_sink_texts(node))
                else:
                    continue
                for arg in texts:
                    text = _literal(arg)
                    if text is not None and _wording(text):
                        found.append(f"{path.relative_to(ROOT)}:{arg.lineno}: {text!r}")
    return found


def test_the_scan_finds_a_hard_coded_text() -> None:
    """The scan itself works: it catches literals in each kind of call it watches."""
    sample = ast.parse(
        "await channel.send('Hello there')\n"
        "discord.ui.Button(label='Join now')\n"
        "embed.add_field(name='Score', value=x)\n"
        "text(draw, (0, 0), 'Round', 12)\n"
        "draw.text((0, 0), f'Month {n}', font=f)\n"
        "await channel.send(t(loc, 'table.turn'))\n"
        "text(draw, (0, 0), '–', 12)\n"
        "await ephemeral(interaction, 'Not your turn')\n"
        "app_commands.Choice(name='Everyone', value='all')\n"
        "c.button(cid, 'Back', emoji='↩️')\n"
    )
    hits = [_literal(a) for n in ast.walk(sample) if isinstance(n, ast.Call) for a in _sink_texts(n)]
    worded = sorted(h for h in hits if h is not None and _wording(h))
    assert worded == [
        "Back",
        "Everyone",
        "Hello there",
        "Join now",
        "Month ",
        "Not your turn",
        "Round",
        "Score",
    ]


def test_no_player_facing_literal_outside_the_tables() -> None:
    found = hard_coded_texts()
    assert not found, f"{len(found)} texts bypass i18n: {found}"
