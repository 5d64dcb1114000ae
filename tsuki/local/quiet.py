"""Start discord.py and SimCord on a simulated Discord without warnings that do not apply.

Importing SimCord builds a throwaway discord.py client (without intents) to check the
library's internals, and the first client of a process warns that voice is unavailable: three
warnings (the guilds intent, PyNaCl, davey) about things Tsuki never uses. The bot itself
asks for the default intents, which include guilds, and has no voice feature.
"""

from __future__ import annotations

import logging
import os
from types import ModuleType

import discord


def silence_voice_warnings() -> None:
    """Tsuki plays no audio: drop discord.py's "voice will NOT be supported" warnings."""
    voice = discord.VoiceClient
    for flag in ("warn_nacl", "warn_dave"):
        if hasattr(voice, flag):
            setattr(voice, flag, False)


class _DropIntentProbeWarning(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("Guilds intent seems to be disabled")


def import_simcord() -> ModuleType:
    """``import simcord``, without the warning its intent-less probe client logs."""
    silence_voice_warnings()
    state_log = logging.getLogger("discord.state")
    probe = _DropIntentProbeWarning()
    state_log.addFilter(probe)
    try:
        import simcord
    finally:
        state_log.removeFilter(probe)
    return simcord


def local_log_level(configured: str, environ: dict[str, str] | None = None) -> str:
    """The log level on a simulated Discord: warnings only, unless ``LOG_LEVEL`` is set.

    The store's migrations and the command sync are news on a server, noise in a terminal
    where the demo prints its own lines.
    """
    env = os.environ if environ is None else environ
    return configured if env.get("LOG_LEVEL", "").strip() else "WARNING"
