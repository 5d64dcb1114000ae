"""Tsuki's entry point.

python bot.py                 connect to Discord with DISCORD_TOKEN (from the env or .env)
python bot.py --demo koikoi   play a whole CPU match on a simulated Discord, no token needed
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from tsuki.settings import SettingsError, load_settings


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


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        settings = load_settings()
    except SettingsError as error:
        print(f"Tsuki: {error}. Fix it in your environment or .env (see .env.example).", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.demo:
        from tsuki.demo import run_demo

        return asyncio.run(run_demo(args.demo, args.out, rounds=args.rounds))
    if not settings.token:
        print(
            "Tsuki: DISCORD_TOKEN is not set. Put your bot token in .env (copy .env.example) "
            "or the environment, or try `python bot.py --demo koikoi`.",
            file=sys.stderr,
        )
        return 2
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
