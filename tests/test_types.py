"""The code base type-checks clean (the config is ``[tool.mypy]`` in pyproject.toml: strict on the
packages the bot ships, ``check_untyped_defs`` on tests/ and bench/, no module left out), and the
few ``# type: ignore`` comments left each name their error code and say why."""

import hashlib
import re
import subprocess
import sys
import tempfile
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("engine", "render", "cogs", "store", "i18n", "tsuki", "bot.py", "tests", "bench")
MAX_IGNORES = 20
# ``# type: ignore[code]  # why`` (the reason is a comment of its own after the pragma).
EXPLAINED = re.compile(r"#\s*type:\s*ignore\[[a-z-]+(?:,\s*[a-z-]+)*\]\s+#\s*\S")
IGNORE = re.compile(r"#\s*type:\s*ignore")


def _sources() -> list[Path]:
    files: list[Path] = []
    for name in CHECKED:
        path = ROOT / name
        files += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return files


def _ignores() -> list[tuple[str, str]]:
    """``(file:line, comment)`` of every ``# type: ignore`` comment (not in strings: this file's
    examples below are not counted)."""
    found = []
    for path in _sources():
        with path.open("rb") as source:
            for token in tokenize.tokenize(source.readline):
                if token.type == tokenize.COMMENT and IGNORE.search(token.string):
                    found.append((f"{path.relative_to(ROOT)}:{token.start[0]}", token.string))
    return found


def test_mypy_is_clean() -> None:
    # mypy's cache outside the checkout, one per checkout, kept between runs: a run after a small
    # change checks the changed modules only (about 1 s, against half a minute from cold).
    cache = Path(tempfile.gettempdir()) / f"tsuki-mypy-{hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]}"
    command = [sys.executable, "-m", "mypy", "--cache-dir", str(cache)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_checks_every_package() -> None:
    """The config's ``files`` names every package the bot ships (none skipped by omission)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    files = re.search(r"^\[tool\.mypy\][^\[]*?^files = \[(.*?)\]", text, re.M | re.S)
    assert files is not None
    assert {s.strip().strip('"') for s in files.group(1).split(",")} == set(CHECKED)
    assert "exclude" not in text.split("[tool.mypy]", 1)[1].split("[tool.", 1)[0]


def test_type_ignores_are_few_coded_and_explained() -> None:
    ignores = _ignores()
    unexplained = [f"{where}: {line}" for where, line in ignores if not EXPLAINED.search(line)]
    assert not unexplained, "a # type: ignore needs [code] and a reason:\n" + "\n".join(unexplained)
    assert len(ignores) <= MAX_IGNORES, "\n".join(where for where, _ in ignores)


def test_the_ignore_check_catches_a_bare_or_silent_ignore() -> None:
    assert EXPLAINED.search("x = f()  # type: ignore[arg-type]  # f is untyped upstream")
    assert not EXPLAINED.search("x = f()  # type: ignore")
    assert not EXPLAINED.search("x = f()  # type: ignore[arg-type]")
