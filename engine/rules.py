"""Rule-option plumbing shared by every game's frozen ``Rules`` dataclass.

Each game keeps its own ``Rules`` (fields, defaults, presets) and calls these helpers for the
parts that are the same everywhere: per-field validation, ``from_dict`` rejecting unknown keys,
``option_names`` and ``rules_from`` (a named preset with overrides on top). ``game`` is the
game's display name as it appears in the error messages ("Koi-Koi", "Go-Stop" …).

Rules are built once per game (not per move), so none of this is on a hot path.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any, Protocol, Self, TypeVar

from engine.core import BadRules

R = TypeVar("R")


class PresetRules(Protocol):
    """A game's ``Rules``: options to a plain mapping and back (what a preset override needs)."""

    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self: ...


P = TypeVar("P", bound=PresetRules)


def option_names(cls: type) -> tuple[str, ...]:
    """The option names of a ``Rules`` dataclass, in field order."""
    return tuple(f.name for f in fields(cls))


def check_option(
    cls: type,
    name: str,
    value: object,
    int_ranges: Mapping[str, tuple[int, int]],
    choices: Mapping[str, tuple[str, ...]],
) -> None:
    """Raise :class:`BadRules` unless ``value`` fits option ``name`` of ``cls``.

    The kind of an option is the kind of its default: a bool must be a bool, an int a whole
    number within ``int_ranges[name]`` (inclusive), anything else one of ``choices[name]``.
    """
    default = next(f for f in fields(cls) if f.name == name).default
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise BadRules(f"rule {name!r} must be true or false, not {value!r}", key="bad_rule", option=name)
    elif isinstance(default, int):
        lo, hi = int_ranges[name]
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise BadRules(
                f"rule {name!r} must be a whole number from {lo} to {hi}, not {value!r}",
                key="bad_rule",
                option=name,
            )
    else:
        allowed = choices[name]
        if value not in allowed:
            raise BadRules(
                f"rule {name!r} must be one of {', '.join(allowed)}, not {value!r}",
                key="bad_rule",
                option=name,
            )


def validate(
    rules: object,
    int_ranges: Mapping[str, tuple[int, int]],
    choices: Mapping[str, tuple[str, ...]],
) -> None:
    """Check every field of a ``Rules`` instance (call from its ``__post_init__``)."""
    cls: type = type(rules)
    for f in fields(cls):
        check_option(cls, f.name, getattr(rules, f.name), int_ranges, choices)


def from_dict(cls: type[R], data: dict[str, Any], game: str) -> R:
    """Build ``cls`` from options (missing keys take the default); raises :class:`BadRules`."""
    if not isinstance(data, dict):
        raise BadRules(f"{game} rules must be a mapping of option names to values", key="bad_rules")
    names = option_names(cls)
    for key in data:
        if key not in names:
            raise BadRules(
                f"unknown {game} rule option {key!r} (valid: {', '.join(names)})",
                key="unknown_rule",
                option=key,
            )
    return cls(**data)


def from_record(cls: type[R], record_defaults: Mapping[str, Any], data: dict[str, Any], game: str) -> R:
    """The rules a stored match was played with, from its saved options (``to_dict``).

    A key the record lacks takes ``record_defaults[key]`` when the game lists one (an option that
    did not exist, or whose seed default changed, when the record was saved: the value the match
    was played under), else the default. A stored match never changes rules on load.
    """
    if not isinstance(data, dict):
        raise BadRules(f"{game} rules must be a mapping of option names to values", key="bad_rules")
    return from_dict(cls, {**record_defaults, **data}, game)


def rules_from(
    presets: Mapping[str, P],
    game: str,
    preset: str | None = None,
    overrides: dict[str, Any] | None = None,
    default: str = "seed",
) -> P:
    """Rules of a named preset (``None`` = ``default``) with option overrides on top."""
    name = default if preset is None else preset
    if name not in presets:
        raise BadRules(
            f"unknown {game} preset {name!r} (valid: {', '.join(presets)})",
            key="unknown_preset",
            preset=name,
        )
    base = presets[name]
    if not overrides:
        return base
    if not isinstance(overrides, dict):
        raise BadRules(f"{game} rule overrides must be a mapping", key="bad_rules")
    return type(base).from_dict({**base.to_dict(), **overrides})
