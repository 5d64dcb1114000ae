"""``python -m tsuki.replay FILE``: replay a match exported with ``/export``, offline, and print the scores.

No Discord and no database: the file (docs/export.md) holds the rules, the seed and every move,
and the engines replay them. It also prints the commitment recomputed from the seed and salt, to
compare with the hash in the match's first post, and checks the replay against the recorded
results. Exit status: 0 when everything checks out, 1 on a mismatch, 2 on an unreadable file.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.audit import ENGINES, Move, commitment, replay_log
from engine.core import GameEngine, GameError

FORMAT, VERSION = "tsuki-match", 1


class BadRecord(Exception):
    """The file is not a match record this tool reads."""


def load(path: str) -> dict[str, Any]:
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise BadRecord(f"cannot read {path}: {error}") from error
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise BadRecord(f"{path} is not a {FORMAT} record")
    if record.get("version") != VERSION:
        raise BadRecord(f"{path} is version {record.get('version')}; this tool reads version {VERSION}")
    if record.get("game") not in ENGINES:
        raise BadRecord(f"unknown game {record.get('game')!r}")
    return record


def seat_scores(scores: Sequence[int], engine: GameEngine[Any, Any, Any, Any], seats: int) -> list[int]:
    """The engine's final scores per seat (a team game scores per team: each seat gets its team's)."""
    if len(scores) == seats:
        return list(scores)
    if engine.teams_of(seats) is None:
        raise BadRecord(f"{len(scores)} scores for {seats} seats")
    teams = engine.seat_teams(seats)
    return [scores[teams[s]] for s in range(seats)]


def replay(record: dict[str, Any]) -> tuple[list[str], bool]:
    """The lines to print and whether the replay matches the recorded results."""
    engine = ENGINES[record["game"]]
    players = sorted(record["players"], key=lambda p: p["seat"])
    try:
        rules = engine.stored_rules(record["rules"])
    except GameError as error:
        raise BadRecord(f"bad rules: {error}") from error
    moves = [Move(a["seq"], a["seat"], a["action"]) for a in record["actions"]]
    lines = [f"Match #{record['game_id']} ({record['game']}), {len(moves)} moves, seed {record['seed']}"]
    if record.get("salt") is not None:
        lines.append(f"commitment sha256(seed:salt) = {commitment(record['seed'], record['salt'])}")
    done = replay_log(engine, len(players), rules, record["seed"], moves)
    if done.mismatch is not None:
        m = done.mismatch
        lines.append(f"MISMATCH at move {m.seq}: {m.kind}: {m.detail}")
        return lines, False
    recorded = {r["seat"]: r["points"] for r in record["results"]}
    if done.outcome is None:
        forfeit = any(r.get("extra", {}).get("forfeit") for r in record["results"])
        if not forfeit:
            lines.append("MISMATCH: every move is legal, but the match is not over, yet it has results")
            return lines, False
        lines.append("every move is legal; the match ended by forfeit")
        lines += [f"  seat {p['seat']} {p['name']}: {recorded.get(p['seat'])} (recorded)" for p in players]
        return lines, True
    scores = seat_scores(done.outcome.scores, engine, len(players))
    ok = all(recorded.get(p["seat"]) == scores[p["seat"]] for p in players)
    for p in players:
        mark = (
            "" if recorded.get(p["seat"]) == scores[p["seat"]] else f"  (recorded: {recorded.get(p['seat'])})"
        )
        win = " (winner)" if p["seat"] in done.outcome.winners else ""
        lines.append(f"  seat {p['seat']} {p['name']}: {scores[p['seat']]}{win}{mark}")
    lines.append("the replay matches the recorded results" if ok else "MISMATCH with the recorded results")
    return lines, ok


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tsuki.replay", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a JSON record from /export")
    args = parser.parse_args(argv)
    try:
        lines, ok = replay(load(args.file))
    except (BadRecord, KeyError, TypeError) as error:  # a field missing or of the wrong kind
        print(f"error: {error}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
