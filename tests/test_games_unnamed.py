"""Shared code never names a game: each game describes itself once, the registries list them.

DESIGN.md: "Games register themselves … one registry per layer lists the games, and each game
describes itself once … Shared code iterates the registry or asks the game; it never names one."

A syntax scan, not a grep: every identifier (names, attributes, imports, definitions, arguments,
keywords) and every string literal of every shared module, where the names are read
case-blind and without their separators (``KoiKoiSpec``, ``"cogs.koikoi.commands"``,
``"Koi-Koi"``, ``GOITA_SOLO`` all name a game). Docstrings and comments are prose and may take a
game as their example. Shared means every module outside the games' own folders (``cogs/goita/``,
``engine/hanafuda/``, ``engine/ai/koikoi/``) and files (named after their game, such as
``engine/hints/koikoi.py``), and outside the registries themselves. The shared locale files
are scanned the same way: their keys name no game (a game's texts live in its own
``<game>.json`` / ``render_<game>.json``).
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

from engine.registry import ENGINES

ROOT = Path(__file__).resolve().parents[1]
FLOORS = ("engine", "render", "cogs", "store", "i18n", "tsuki")
REGISTRIES = {"engine/registry.py", "render/registry.py", "cogs/registry.py"}
LOCALES = ROOT / "i18n" / "locales"
# What still names a game, and why it is left (empty: none).
KNOWN: dict[str, str] = {
    "bot.py": "its command-line help shows an example game (--demo koikoi)",
}


def game_names() -> set[str]:
    """The registered games' names and their stems (``goita_solo`` → ``goita`` too)."""
    return {part for game in ENGINES for part in (game, game.split("_")[0])}


def family_folders() -> set[str]:
    """Folders that hold several games' folders (``hanafuda``: Koi-Koi, Roppyakken, Go-Stop)."""
    games = game_names()
    return {
        folder.name
        for floor in FLOORS
        for folder in (ROOT / floor).iterdir()
        if folder.is_dir() and any((folder / game).is_dir() for game in games)
    }


def is_games_own(parts: tuple[str, ...]) -> bool:
    """Whether a path (without its suffix) belongs to one game or one family of games."""
    own = game_names() | family_folders()
    return any(part == name or part.startswith(f"{name}_") for part in parts for name in own)


def named(text: str) -> set[str]:
    """The games ``text`` names, read case-blind and without separators."""
    flat = re.sub(r"[\s\-_.:/]", "", text.lower())
    return {game for game in game_names() if game.replace("_", "") in flat}


def shared_modules() -> Iterator[Path]:
    for floor in FLOORS:
        for path in sorted((ROOT / floor).rglob("*.py")):
            rel = path.relative_to(ROOT)
            if rel.as_posix() not in REGISTRIES and not is_games_own(rel.with_suffix("").parts):
                yield path
    yield ROOT / "bot.py"


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def words(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Every identifier and non-docstring string literal of a module, with its line."""
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Name):
            yield line, node.id
        elif isinstance(node, ast.Attribute):
            yield line, node.attr
        elif isinstance(node, ast.alias):
            yield line, f"{node.name} {node.asname or ''}"
        elif isinstance(node, ast.ImportFrom):
            yield line, node.module or ""
        elif isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            yield line, node.name
        elif isinstance(node, ast.arg) or (isinstance(node, ast.keyword) and node.arg):
            assert node.arg is not None  # (an ast.arg's always is)
            yield line, node.arg
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield line, node.value


def offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rel = path.relative_to(ROOT).as_posix()
    return [f"{rel}:{line}: {text[:60]!r}" for line, text in words(tree) if named(text)]


def test_no_shared_module_names_a_game() -> None:
    found = [
        o
        for path in shared_modules()
        if path.relative_to(ROOT).as_posix() not in KNOWN
        for o in offences(path)
    ]
    assert found == []


def test_no_shared_locale_file_keeps_a_games_texts() -> None:
    found = []
    for folder in sorted(LOCALES.iterdir()):
        for path in sorted(folder.glob("*.json")):
            if is_games_own(tuple(path.stem.split("_"))) or is_games_own((path.stem,)):
                continue
            keys = json.loads(path.read_text(encoding="utf-8"))
            found += [f"{folder.name}/{path.name}: {key}" for key in keys if named(key)]
    assert found == []


def test_the_scan_sees_a_game_named_in_code(tmp_path: Path) -> None:
    """The scan reads identifiers and strings in every spelling, and skips docstrings."""
    game = next(iter(ENGINES))
    camel = game.capitalize()
    source = f'"""Like {game}."""\nfrom engine import {game}\n'
    source += f'class {camel}Spec: pass\nx = "cogs.{game}.commands"\n'
    hits = [line for line, text in words(ast.parse(source)) if named(text)]
    assert sorted(set(hits)) == [2, 3, 4]
    assert not [line for line, text in words(ast.parse(f'"""Only {game}."""\nx = 1\n')) if named(text)]


def test_the_known_list_only_holds_files_that_still_name_a_game() -> None:
    for rel in KNOWN:
        assert offences(ROOT / rel), f"{rel} names no game any more: take it off KNOWN"
