import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from store import Database, MigrationError, create_game, get_game
from store.db import Migration, load_migrations

EXPECTED_TABLES = {"games", "seats", "actions", "results", "guild_settings"}


async def pragma(db: Database, name: str) -> object:
    async with db.read() as conn, conn.execute(f"PRAGMA {name}") as cursor:
        return (await cursor.fetchone())[0]


async def tables(db: Database) -> set[str]:
    async with db.read() as conn, conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'") as cur:
        return {row[0] for row in await cur.fetchall()}


def migrations_dir(tmp_path: Path, files: dict[str, str]) -> list[Migration]:
    folder = tmp_path / "migrations"
    folder.mkdir(exist_ok=True)
    for name, sql in files.items():
        (folder / name).write_text(sql)
    return load_migrations(folder)


INIT_SQL = load_migrations()[0].sql


@pytest.fixture
def backend() -> str:
    """Pragmas, sqlite_master and the raw file: these tests are about SQLite (test_backends.py
    covers PostgreSQL's migrations)."""
    return "sqlite"


async def test_file_database_uses_wal_foreign_keys_and_normal_sync(db_path: str) -> None:
    db = await Database.open(db_path)
    try:
        assert await pragma(db, "journal_mode") == "wal"
        assert await pragma(db, "foreign_keys") == 1
        assert await pragma(db, "synchronous") == 2  # FULL: an announced move survives a power cut
    finally:
        await db.close()


async def test_memory_database_is_migrated(db: Database) -> None:
    assert await tables(db) >= EXPECTED_TABLES
    assert await pragma(db, "user_version") == len(load_migrations())
    assert await pragma(db, "foreign_keys") == 1


def test_shipped_migrations_are_numbered_from_one() -> None:
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
    assert migrations[0].name == "001_init.sql"


async def test_migrates_from_scratch_and_reopen_is_idempotent(db_path: str) -> None:
    db = await Database.open(db_path)
    game = await create_game(db, 1, 10, "koikoi", {}, 1, 100)
    schema_before = await pragma(db, "schema_version")  # bumped by any DDL
    await db.close()

    db = await Database.open(db_path)
    try:
        assert await pragma(db, "user_version") == len(load_migrations())
        assert await pragma(db, "schema_version") == schema_before
        assert await get_game(db, game.id) == game
    finally:
        await db.close()


async def test_database_at_older_version_upgrades_keeping_data(db_path: str, tmp_path: Path) -> None:
    v1 = migrations_dir(tmp_path, {"001_init.sql": INIT_SQL})
    db = await Database.open(db_path, migrations=v1)
    game = await create_game(db, 1, 10, "koikoi", {}, 1, 100)
    assert await pragma(db, "user_version") == 1
    await db.close()

    v2 = migrations_dir(
        tmp_path, {"002_colour.sql": "ALTER TABLE games ADD COLUMN colour TEXT DEFAULT 'red';"}
    )
    db = await Database.open(db_path, migrations=v2)
    try:
        assert await pragma(db, "user_version") == 2
        async with db.read() as conn, conn.execute("SELECT colour FROM games WHERE id = ?", (game.id,)) as c:
            assert (await c.fetchone())[0] == "red"
        assert (await get_game(db, game.id)) == game
    finally:
        await db.close()


async def test_failed_migration_changes_nothing(db_path: str, tmp_path: Path) -> None:
    broken = migrations_dir(
        tmp_path,
        {
            "001_init.sql": INIT_SQL,
            "002_broken.sql": "CREATE TABLE half (x INTEGER);\nCREATE TABLE games (oops INTEGER);",
        },
    )
    with pytest.raises(MigrationError, match=r"002_broken\.sql"):
        await Database.open(db_path, migrations=broken)

    with closing(sqlite3.connect(db_path)) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == 1
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "half" not in names and names >= EXPECTED_TABLES


async def test_migration_breaking_foreign_keys_is_rolled_back(db_path: str, tmp_path: Path) -> None:
    db = await Database.open(db_path)
    await create_game(db, 1, 10, "koikoi", {}, 1, 100)
    await db.close()
    version = len(load_migrations())
    bad = [
        *load_migrations(),
        Migration(version + 1, "bad.sql", "INSERT INTO seats VALUES (999, 0, 1, 'x');"),
    ]
    with pytest.raises(MigrationError, match="foreign key"):
        await Database.open(db_path, migrations=bad)
    db = await Database.open(db_path)
    try:
        assert await pragma(db, "user_version") == version
    finally:
        await db.close()


async def test_database_newer_than_code_is_refused(db_path: str) -> None:
    with closing(sqlite3.connect(db_path)) as raw:
        raw.execute("PRAGMA user_version = 99")
    with pytest.raises(MigrationError, match="newer"):
        await Database.open(db_path)


def test_misnamed_or_gapped_migrations_are_refused(tmp_path: Path) -> None:
    with pytest.raises(MigrationError, match="gaps"):
        migrations_dir(tmp_path, {"001_a.sql": "", "003_c.sql": ""})
    with pytest.raises(MigrationError, match="NNN_name"):
        migrations_dir(tmp_path, {"4_d.sql": ""})
