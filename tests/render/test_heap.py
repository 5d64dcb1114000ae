"""``render.heap``: the malloc arenas capped from inside the process (glibc), unless the
environment already chose (``MALLOC_ARENA_MAX``); harmless where glibc is absent."""

from __future__ import annotations

import ctypes

import pytest

from render import heap


def _glibc() -> bool:
    try:
        return hasattr(ctypes.CDLL(None), "mallopt")
    except OSError:
        return False


def test_the_arenas_are_capped_where_glibc_is():
    assert heap.limit_arenas() is _glibc()
    heap.trim()  # and the heap still works


def test_the_environment_s_choice_wins(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("MALLOC_ARENA_MAX", "16")
    assert heap.limit_arenas() is False
