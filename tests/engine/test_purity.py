"""The engine is pure: importing every ``engine.*`` module pulls in no Discord, Pillow, SQL or asyncio."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import importlib, json, pkgutil, sys
import engine
names = ["engine"]
for info in pkgutil.walk_packages(engine.__path__, "engine."):
    importlib.import_module(info.name)
    names.append(info.name)
banned = ["discord", "PIL", "aiosqlite", "asyncio"]
print(json.dumps({"modules": names, "loaded": [b for b in banned if b in sys.modules]}))
"""


def test_engine_imports_nothing_impure() -> None:
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, check=True)
    report = json.loads(out.stdout)
    assert (
        "engine.hanafuda.koikoi.game" in report["modules"]
        and "engine.ai.koikoi.heuristic" in report["modules"]
    )
    assert report["loaded"] == []
