"""Leaderboard and profile cards with realistic, worst-case content (long and CJK names, big
numbers, provisional players, the reader's row apart), for the render tests and bench/render_cards.py."""

from __future__ import annotations

import random

from render.cards import BoardCard, BoardRow, ProfileCard, Stat

NAMES = (
    "Aki Tanaka",
    "Benoît Lefèvre-Dumont",
    "다은",
    "王小明",
    "Chiyo 千代",
    "x" * 40,
    "Daichi",
    "Émilie",
    "김민준 (Minjun)",
    "李華",
    "someone_with_a_very_long_discord_name",
    "Zoë",
)
HEADERS = ("#", "Player", "Rating", "Games", "Win %", "Week")


def board(seed: int) -> BoardCard:
    """A top 10 (established players first, then provisional ones) and the reader's row apart."""
    rng = random.Random(seed)
    ratings = sorted((rng.randint(700, 2400) for _ in range(10)), reverse=True)
    rows = []
    for i, rating in enumerate(ratings):
        games = rng.randint(1, 4) if i >= 7 else rng.randint(5, 3000)
        rows.append(
            BoardRow(
                i + 1,
                NAMES[(seed + i) % len(NAMES)],
                str(rating),
                games,
                rng.random(),
                rng.randint(-250, 250),
                provisional=i >= 7,
                me=False,
            )
        )
    rows.append(BoardRow(rng.randint(11, 9999), NAMES[seed % len(NAMES)], "998", 3, 1 / 3, -12, True, True))
    return BoardCard(
        "Koi-Koi leaderboard",
        "This server · season 12 (since 2026-11-01)",
        HEADERS,
        tuple(rows),
        "? provisional: fewer than 5 rated matches · Week: change over 7 days",
        "No rated matches between people here yet.",
        own_row_apart=True,
    )


def profile(seed: int) -> ProfileCard:
    rng = random.Random(seed)
    series = [1000]
    for _ in range(50):
        series.append(max(0, series[-1] + rng.randint(-40, 45)))
    return ProfileCard(
        NAMES[seed % len(NAMES)],
        "Dou Dizhu",
        "Rating",
        str(series[-1]),
        "provisional: 3 of 5 rated matches" if seed % 2 else "",
        "12th on this server",
        (
            Stat("Games", str(rng.randint(5, 3000))),
            Stat("Win rate", f"{rng.randint(0, 100)}%"),
            Stat("Best round", str(rng.randint(0, 999))),
            Stat("vs CPU", f"{rng.randint(0, 500)}–{rng.randint(0, 500)}"),
        ),
        "Rating over the last 50 rated matches",
        tuple(series),
        "No rated match yet",
        "Most-met opponents here",
        tuple(f"{NAMES[(seed + k) % len(NAMES)]} — {rng.randint(1, 300)} games · won {k}" for k in range(3)),
        "Nobody yet",
    )
