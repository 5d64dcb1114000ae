"""The house layout: each game's files under its own folder on every floor, and no import circle.

DESIGN.md: "Imports go one way … no import circles, not even hidden in a function body." A
function-level import hides a circle from Python's import machinery, not from a reader, so every
``import`` statement counts here, wherever it stands (only ``if TYPE_CHECKING:`` blocks are skipped:
they never run).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "render", "cogs", "store", "i18n", "tsuki")

# Each game, and the folder that holds it on each floor (mirroring engine/), its CPU players too.
GAMES = {
    "koikoi": ("engine/hanafuda/koikoi", "engine/ai/koikoi", "render/hanafuda/koikoi", "cogs/koikoi"),
    "roppyakken": (
        "engine/hanafuda/roppyakken",
        "engine/ai/roppyakken",
        "render/hanafuda/roppyakken",
        "cogs/roppyakken",
    ),
    "gostop": ("engine/hanafuda/gostop", "engine/ai/gostop", "render/hanafuda/gostop", "cogs/gostop"),
    "doudizhu": ("engine/doudizhu", "engine/ai/doudizhu", "render/doudizhu", "cogs/doudizhu"),
    "goita": ("engine/goita", "engine/ai/goita", "render/goita", "cogs/goita"),
}


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return getattr(test, "id", None) == "TYPE_CHECKING" or getattr(test, "attr", None) == "TYPE_CHECKING"


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules ``name`` imports anywhere in its body."""

    def resolve(dotted: str) -> str | None:
        while dotted and dotted not in modules:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    stack: list[ast.AST] = list(ast.parse(path.read_text(encoding="utf-8")).body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            targets = [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            resolved = resolve(target)
            if resolved and resolved != name:
                out.add(resolved)
        stack.extend(child for child in ast.iter_child_nodes(node) if isinstance(child, ast.stmt))
    return out


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), minus a package's own
    ``__init__`` re-exporting its children, which is not a design circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            top = min(component, key=len)
            if len(component) > 1 and not all(m == top or m.startswith(top + ".") for m in component):
                found.append(sorted(component))

    for v in edges:
        if v not in index:
            visit(v)
    return found


def test_no_import_circle_among_the_project_modules() -> None:
    modules = _modules()
    edges = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert _circles(edges) == []


def test_the_circle_finder_sees_a_circle_hidden_in_a_function_body(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("import b\n")
    (tmp_path / "b.py").write_text("def f():\n    import a\n")
    modules = {"a": tmp_path / "a.py", "b": tmp_path / "b.py"}
    edges = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert _circles(edges) == [["a", "b"]]


def test_every_game_has_its_own_folder_on_every_floor() -> None:
    for folders in GAMES.values():
        for folder in folders:
            assert (ROOT / folder / "__init__.py").is_file(), folder


def test_no_game_file_sits_loose_beside_the_shared_modules() -> None:
    """A file-name prefix is a folder asking to exist: ``render/gostop_hand.py`` belongs in
    ``render/hanafuda/gostop/``, ``engine/ai/gostop_search.py`` in ``engine/ai/gostop/``. A game's
    hints are one module each (``engine/hints/gostop.py``; ``hanafuda.py`` is what the three
    hanafuda games share): a second one asks for the folder."""
    prefixed = [
        path.relative_to(ROOT).as_posix()
        for floor in ("render", "cogs", "engine/ai", "engine/hints")
        for path in (ROOT / floor).glob("*.py")
        if any(path.stem.startswith(f"{game}_") for game in [*GAMES, "hanafuda"])
    ]
    named = [
        path.relative_to(ROOT).as_posix()
        for floor in ("render", "cogs", "engine/ai")
        for path in (ROOT / floor).glob("*.py")
        if path.stem in [*GAMES, "hanafuda"]
    ]
    assert prefixed == []
    assert named == []


def test_the_offline_engine_table_names_the_same_games_as_the_bot() -> None:
    """``engine.audit.ENGINES`` (offline replays, no Discord) and the bot's game specs list the
    same games with the same engines: a game added to one and not the other fails here."""
    from engine.audit import ENGINES
    from tsuki.bot import game_specs

    specs = game_specs()
    assert set(specs) == set(ENGINES)
    assert all(specs[name].engine is ENGINES[name] for name in specs)
