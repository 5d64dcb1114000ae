"""The deal's commitment in the match's posts: sealed in the first post, revealed in the results.

When a match starts, :func:`commit` draws a salt from ``secrets``, stores it, and gives the line
the first board post carries: the SHA-256 of ``"{seed}:{salt}"`` (``engine.audit.commitment``).
The results post reveals the seed and the salt (:func:`reveal_line`). ``/verify`` reads the hash
back from the posted message (:func:`posted_commitment`), not from the database.

The hash sits in a code span whose form is the same in every language, ``#<game id> sha256:<hex>``,
so it is found in a post whatever the table's language and whichever match of a channel it is.
"""

from __future__ import annotations

import re
import secrets

import store
from cogs.table.model import Table
from engine.audit import commitment
from i18n import t

SALT_BYTES = 16  # 128 bits: too many salts to try against the posted hash while the match runs


def token(game_id: int, digest: str) -> str:
    """The language-neutral part of the commitment line (without the backticks)."""
    return f"#{game_id} sha256:{digest}"


def _pattern(game_id: int) -> re.Pattern[str]:
    return re.compile(rf"`#{game_id} sha256:(?P<digest>[0-9a-f]{{64}})`")


async def commit(db: store.Database, table: Table) -> str:
    """Draw and store the match's salt; the commitment line for the match's first post."""
    salt = secrets.token_hex(SALT_BYTES)
    await store.save_salt(db, table.id, salt)
    digest = commitment(table.seed, salt)
    return t(table.locale, "fairness.commitment", token=token(table.id, digest))


async def sealed_line(db: store.Database, table: Table) -> str | None:
    """The commitment line again, from the stored salt (a restart before the first post went out);
    ``None`` for a match that started before commitments existed."""
    salt = await store.salt_for(db, table.id)
    if salt is None:
        return None
    return t(table.locale, "fairness.commitment", token=token(table.id, commitment(table.seed, salt)))


async def reveal_line(db: store.Database, table: Table) -> str:
    """The results post's line revealing the seed and the salt (or nothing to reveal, for a match
    that started before commitments existed)."""
    salt = await store.salt_for(db, table.id)
    if salt is None:
        return t(table.locale, "fairness.no_commitment_line")
    return t(table.locale, "fairness.reveal", seed=table.seed, salt=salt, game=table.id)


def posted_commitment(text: str, game_id: int) -> str | None:
    """The commitment hash of match ``game_id`` in a post's text, if it carries one."""
    found = _pattern(game_id).search(text)
    return None if found is None else found["digest"]
