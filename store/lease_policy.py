"""Who this process is to the table leases, and how long its leases last (a leaf module).

:class:`store.db.Database` carries a :class:`LeasePolicy` (``db.lease``) when several processes
share the database; :mod:`store.leases` reads it to take, renew and check leases. Kept apart
from both so that the database and the lease queries do not import each other.
"""

from __future__ import annotations

import os
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field

DEFAULT_TTL = 30.0  # seconds a lease lasts without renewal: how long a dead process's tables wait


def new_owner_id() -> str:
    """A process's lease owner id: readable (host, pid) and unique across restarts."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


@dataclass(frozen=True, slots=True)
class LeasePolicy:
    """Who this process is, how long its leases last, and its clock (injectable for tests)."""

    owner: str = field(default_factory=new_owner_id)
    ttl: float = DEFAULT_TTL
    clock: Callable[[], float] = time.time

    def expiry(self) -> float:
        return self.clock() + self.ttl
