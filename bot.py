"""Tsuki's entry point.

python bot.py                 connect to Discord with DISCORD_TOKEN (from the env or .env);
                              without a token, from a terminal: play in the browser on a
                              simulated Discord (tsuki.local.browser)
python bot.py --demo koikoi   play a whole CPU match on a simulated Discord, no token needed
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from tsuki.settings import Settings, SettingsError, load_settings


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bot.py", description="Tsuki, the Discord bot for traditional card games."
    )
    parser.add_argument(
        "--demo", metavar="GAME", help="play a CPU match on a simulated Discord (e.g. koikoi)"
    )
    parser.add_argument("--out", default="demo-output", help="folder for the demo transcript and images")
    parser.add_argument("--rounds", type=int, default=3, help="rounds in the demo match (default 3)")
    return parser.parse_args(argv)


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def _log_locally(level: str) -> None:
    """Logging on a simulated Discord: warnings only unless LOG_LEVEL is set, and none of the
    warnings discord.py and SimCord give about things Tsuki does not use (voice, the intent-less
    probe client)."""
    from tsuki.local.quiet import import_simcord, local_log_level

    logging.basicConfig(level=local_log_level(level), format=LOG_FORMAT)
    import_simcord()


def _run_in_browser(settings: Settings) -> int:
    from tsuki.local.browser import run_browser_table

    try:
        return asyncio.run(run_browser_table(settings))
    except KeyboardInterrupt:  # Ctrl+C: the way to stop it, not an error
        print("Tsuki: stopped.", file=sys.stderr)
        return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        settings = load_settings()
    except SettingsError as error:
        print(f"Tsuki: {error}. Fix it in your environment or .env (see .env.example).", file=sys.stderr)
        return 2
    if args.demo:
        from tsuki.demo import run_demo

        _log_locally(settings.log_level)
        return asyncio.run(run_demo(args.demo, args.out, rounds=args.rounds))
    if not settings.token:
        from tsuki.local.browser import stdin_is_terminal

        if stdin_is_terminal():  # a person trying it: the same bot, in the browser
            _log_locally(settings.log_level)
            return _run_in_browser(settings)
        print(
            "Tsuki: DISCORD_TOKEN is not set. Put your bot token in .env (copy .env.example) "
            "or the environment, or try `python bot.py --demo koikoi`.",
            file=sys.stderr,
        )
        return 2
    logging.basicConfig(level=settings.log_level, format=LOG_FORMAT)
    from tsuki.bot import make_bot

    bot = make_bot(settings)
    try:
        bot.run(settings.token, log_handler=None)
    except Exception as error:  # a bad token, no network…: one line, no traceback
        logging.getLogger("tsuki").debug("run failed", exc_info=True)
        print(f"Tsuki: could not run the bot: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
