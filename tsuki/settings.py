"""Settings, read once at start-up from the environment and an optional ``.env`` file.

Only ``bot.py`` calls :func:`load_settings`; everything else receives a :class:`Settings`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


class SettingsError(ValueError):
    """A setting is missing or malformed; the message says which and what to do."""


@dataclass(frozen=True, slots=True)
class Settings:
    token: str = ""
    database_path: str = "tsuki.db"
    dev_guild_id: int | None = None
    turn_timeout: float = 300.0  # seconds a human has for a turn before the CPU plays it
    cpu_delay: float = 1.5  # pause before a CPU seat acts, so humans can follow
    log_level: str = "INFO"
    cpu_think_time: float = 1.0  # seconds a strong CPU searches per decision (CPU_THINK_TIME)
    cpu_workers: int = 1  # processes searching for strong CPUs, shared by all tables (0: a thread)
    cpu_playouts: int = 0  # > 0: a fixed playout count instead of the think time (tests)

    def __repr__(self) -> str:  # never print the token
        return (
            f"Settings(token={'***' if self.token else ''!r}, database_path={self.database_path!r}, "
            f"dev_guild_id={self.dev_guild_id!r}, turn_timeout={self.turn_timeout!r}, "
            f"cpu_delay={self.cpu_delay!r}, log_level={self.log_level!r}, "
            f"cpu_think_time={self.cpu_think_time!r}, cpu_workers={self.cpu_workers!r}, "
            f"cpu_playouts={self.cpu_playouts!r})"
        )


def _number(env: dict[str, str], key: str, default: float, *, minimum: float) -> float:
    raw = env.get(key, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{key} must be a number of seconds, not {raw!r}") from None
    if value < minimum:
        raise SettingsError(f"{key} must be at least {minimum}, not {raw!r}")
    return value


def load_settings(env: dict[str, str] | None = None, dotenv_path: str | Path | None = ".env") -> Settings:
    """Settings from ``env`` (default: ``os.environ``), after loading ``.env`` if it exists."""
    if env is None:
        if dotenv_path is not None and Path(dotenv_path).exists():
            from dotenv import load_dotenv

            load_dotenv(dotenv_path, override=False)
        env = dict(os.environ)
    guild = env.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise SettingsError(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}")
    return Settings(
        token=env.get("DISCORD_TOKEN", "").strip(),
        database_path=env.get("DATABASE_PATH", "").strip() or "tsuki.db",
        dev_guild_id=int(guild) if guild else None,
        turn_timeout=_number(env, "TURN_TIMEOUT", 300.0, minimum=10),
        cpu_delay=_number(env, "CPU_DELAY", 1.5, minimum=0),
        log_level=(env.get("LOG_LEVEL", "").strip() or "INFO").upper(),
        cpu_think_time=_number(env, "CPU_THINK_TIME", 1.0, minimum=0.05),
        cpu_workers=int(_number(env, "CPU_WORKERS", 1, minimum=0)),
        cpu_playouts=int(_number(env, "CPU_PLAYOUTS", 0, minimum=0)),
    )
