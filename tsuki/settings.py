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
    cpu_think_time: float = 1.0  # a strong decision's playouts: what this many CPU seconds buy
    # on the reference machine (CPU_THINK_TIME; engine/ai/cpu_calibration.py)
    cpu_think_cap: float = 5.0  # wall-clock seconds a strong decision takes at most (CPU_THINK_CAP)…
    cpu_min_playouts: int = 100  # …but never before this many playouts (CPU_MIN_PLAYOUTS)
    # cpu_workers and render_workers unset: load_settings sizes them from the cores (a Settings
    # built directly, as in tests, keeps 1 and 0).
    cpu_workers: int = 1  # processes searching for strong CPUs, shared by all tables (0: a thread)
    cpu_playouts: int = 0  # > 0: a fixed playout count instead of the think time (tests)
    render_workers: int = 0  # processes drawing table images (0: threads; cogs/table/render_pool.py)
    # Scale-out (docs/scale-out.md): PostgreSQL instead of the SQLite file, and this
    # process's shards. With DATABASE_URL, tables are driven under leases (store/leases.py).
    database_url: str = ""
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None  # None: every shard of shard_count
    lease_seconds: float = 30.0

    @property
    def database(self) -> str:
        """Where the store lives: the PostgreSQL URL when set, else the SQLite file."""
        return self.database_url or self.database_path

    @property
    def shared_database(self) -> bool:
        """Whether other processes may drive tables on this database (then leases are on)."""
        return bool(self.database_url)

    def __repr__(self) -> str:  # never print the token (nor the database password)
        return self._repr()[:-1] + (
            f", database_url={'***' if self.database_url else ''!r}, shard_count={self.shard_count!r},"
            f" shard_ids={self.shard_ids!r}, lease_seconds={self.lease_seconds!r})"
        )

    def _repr(self) -> str:
        return (
            f"Settings(token={'***' if self.token else ''!r}, database_path={self.database_path!r}, "
            f"dev_guild_id={self.dev_guild_id!r}, turn_timeout={self.turn_timeout!r}, "
            f"cpu_delay={self.cpu_delay!r}, log_level={self.log_level!r}, "
            f"cpu_think_time={self.cpu_think_time!r}, cpu_think_cap={self.cpu_think_cap!r}, "
            f"cpu_min_playouts={self.cpu_min_playouts!r}, cpu_workers={self.cpu_workers!r}, "
            f"cpu_playouts={self.cpu_playouts!r}, render_workers={self.render_workers!r})"
        )


# CPU_THINK_CAP unset: this many times CPU_THINK_TIME on the clock. The search then keeps its CPU
# time while it gets a fifth of a core or more (two spinning processes on an otherwise idle 2-core
# machine leave it two thirds; bench/cpu_budget.py), and waits 5 s at most where it gets less.
CAP_FACTOR = 5.0


def available_cores() -> int:
    """The cores this process may run on: its CPU affinity (a container's or ``taskset``'s
    cpuset), else the machine's count."""
    counter = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counter is not None:
        return max(1, counter() or 1)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # no affinity on this platform (macOS)
        return max(1, os.cpu_count() or 1)


def default_cpu_workers(cores: int) -> int:
    """``CPU_WORKERS`` when unset: every core but the event loop's, at least one, at most 8.

    A worker starts with the first strong decision that finds the others busy (not at start-up),
    so idle memory does not grow with it; on 2 cores this is 1, the event loop keeping a core."""
    return max(1, min(cores - 1, 8))


def default_render_workers(cores: int) -> int:
    """``RENDER_WORKERS`` when unset: threads (0) below 4 cores, else half the cores, at most 4.

    Each worker is started and warmed at start-up (~150 MB resident each): on 2 cores two
    workers doubled the moves a second at 1,000 tables (docs/benchmarks.md) but would
    triple an idle bot's memory (~123 MB, the target ≤ 150 MB) and leave no core to the event
    loop and the strong CPUs; a small bot answers in ~1 ms with threads. With 4 cores or more
    (a bot big enough to need them) drawing gets half of them."""
    return 0 if cores < 4 else min(cores // 2, 4)


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


def parse_shard_ids(raw: str, shard_count: int) -> tuple[int, ...]:
    """``0-3``, ``4,5`` or ``0-1,6``: the shards this process runs, each below ``shard_count``."""
    ids: list[int] = []
    for part in raw.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise SettingsError(f"SHARD_IDS must look like 0-3 or 0,2,5, not {raw!r}")
        low, high = int(first), int(last) if dash else int(first)
        if low > high:
            raise SettingsError(f"SHARD_IDS range {part!r} runs backwards")
        ids.extend(range(low, high + 1))
    if len(set(ids)) != len(ids) or any(i >= shard_count for i in ids):
        raise SettingsError(f"SHARD_IDS must be distinct shards below SHARD_COUNT={shard_count}, not {raw!r}")
    return tuple(ids)


def _shards(env: dict[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    count_raw, ids_raw = env.get("SHARD_COUNT", "").strip(), env.get("SHARD_IDS", "").strip()
    if not count_raw:
        if ids_raw:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT (the total number of shards of the bot)")
        return None, None
    if not count_raw.isdigit() or int(count_raw) < 1:
        raise SettingsError(f"SHARD_COUNT must be a whole number of shards, at least 1, not {count_raw!r}")
    count = int(count_raw)
    return count, parse_shard_ids(ids_raw, count) if ids_raw else None


def _database_url(env: dict[str, str]) -> str:
    url = env.get("DATABASE_URL", "").strip()
    if url and not url.startswith(("postgresql://", "postgres://")):
        raise SettingsError("DATABASE_URL must be a postgresql:// URL (leave it empty for SQLite)")
    return url


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
    shard_count, shard_ids = _shards(env)
    think = _number(env, "CPU_THINK_TIME", 1.0, minimum=0.05)
    cores = available_cores()
    return Settings(
        database_url=_database_url(env),
        shard_count=shard_count,
        shard_ids=shard_ids,
        lease_seconds=_number(env, "LEASE_SECONDS", 30.0, minimum=5),
        token=env.get("DISCORD_TOKEN", "").strip(),
        database_path=env.get("DATABASE_PATH", "").strip() or "tsuki.db",
        dev_guild_id=int(guild) if guild else None,
        turn_timeout=_number(env, "TURN_TIMEOUT", 300.0, minimum=10),
        cpu_delay=_number(env, "CPU_DELAY", 1.5, minimum=0),
        log_level=(env.get("LOG_LEVEL", "").strip() or "INFO").upper(),
        cpu_think_time=think,
        cpu_think_cap=_number(env, "CPU_THINK_CAP", CAP_FACTOR * think, minimum=think),
        cpu_min_playouts=int(_number(env, "CPU_MIN_PLAYOUTS", 100, minimum=0)),
        cpu_workers=int(_number(env, "CPU_WORKERS", default_cpu_workers(cores), minimum=0)),
        cpu_playouts=int(_number(env, "CPU_PLAYOUTS", 0, minimum=0)),
        render_workers=int(_number(env, "RENDER_WORKERS", default_render_workers(cores), minimum=0)),
    )
