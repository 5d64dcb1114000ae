"""Leaderboard, profile and history cards with realistic, worst-case content (long and CJK names, big
numbers, provisional players, the reader's row apart), for the render tests and bench/render_cards.py.

Their words are the bot's own texts in the language asked (``locale``), as the cogs build them."""

from __future__ import annotations

import random
from datetime import date, timedelta

import i18n
from i18n import t, tn
from render.cards import BoardCard, BoardRow, ProfileCard, Stat
from render.cards.history import HistoryCard, HistoryRow, HistorySeat, Outcome

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
COLUMNS = ("rank", "player", "rating", "games", "win_rate", "trend")


def headers(locale: str) -> tuple[str, str, str, str, str, str]:
    a, b, c, d, e, f = (t(locale, f"ratings.board.col_{col}") for col in COLUMNS)
    return a, b, c, d, e, f


def board(seed: int, locale: str = "en") -> BoardCard:
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
                rating,
                games,
                rng.random(),
                rng.randint(-250, 250),
                provisional=i >= 7,
                me=False,
            )
        )
    rows.append(BoardRow(rng.randint(11, 9999), NAMES[seed % len(NAMES)], 998, 3, 1 / 3, -12, True, True))
    return BoardCard(
        t(locale, "ratings.board.title", game=t(locale, "game.koikoi")),
        t(locale, "ratings.board.scope_season_current", n=12, since="2026-11-01"),
        headers(locale),
        tuple(rows),
        t(locale, "ratings.board.legend"),
        t(locale, "ratings.board.empty"),
        own_row_apart=True,
    )


def profile(seed: int, locale: str = "en") -> ProfileCard:
    rng = random.Random(seed)
    series = [1000]
    for _ in range(50):
        series.append(max(0, series[-1] + rng.randint(-40, 45)))
    n = i18n.number
    return ProfileCard(
        NAMES[seed % len(NAMES)],
        t(locale, "game.doudizhu"),
        t(locale, "ratings.stats.rating"),
        n(locale, series[-1]),
        t(locale, "ratings.stats.provisional", n=3, of=5) if seed % 2 else "",
        t(locale, "ratings.stats.rank", rank=i18n.ordinal(locale, "standings.ordinal", 12)),
        (
            Stat(t(locale, "ratings.stats.games"), n(locale, rng.randint(5, 3000))),
            Stat(t(locale, "ratings.stats.win_rate"), i18n.percent(locale, rng.randint(0, 100) / 100)),
            Stat(t(locale, "ratings.stats.best_round"), n(locale, rng.randint(0, 999))),
            Stat(
                t(locale, "ratings.stats.vs_cpu"),
                f"{n(locale, rng.randint(0, 500))}–{n(locale, rng.randint(0, 500))}",
            ),
        ),
        t(locale, "ratings.stats.series"),
        tuple(series),
        t(locale, "ratings.stats.series_empty"),
        t(locale, "ratings.stats.opponents"),
        tuple(
            t(
                locale,
                "ratings.stats.opponent",
                name=NAMES[(seed + k) % len(NAMES)],
                games=tn(locale, "ratings.count.games", rng.randint(1, 300)),
                wins=n(locale, k),
            )
            for k in range(3)
        ),
        t(locale, "ratings.stats.no_opponents"),
    )


HISTORY_GAMES = ("koikoi", "goita", "doudizhu", "gostop", "roppyakken", "goita_solo")


def history(seed: int, locale: str = "en") -> HistoryCard:
    """Ten matches, newest first: 1v1, 4 seats with long and CJK names, CPU seats (unrated), a
    forfeit, a zero change, four-digit scores and the memory mode played alone."""
    rng = random.Random(seed)
    me = NAMES[seed % len(NAMES)]
    others = [name for name in NAMES if name != me]
    rows = []
    when = date(2026, 11, 24)
    for i in range(10):
        game = HISTORY_GAMES[(seed + i) % len(HISTORY_GAMES)]
        n = {"koikoi": 2, "goita": 4, "doudizhu": 3, "gostop": 3, "roppyakken": 3, "goita_solo": 1}[game]
        cpu = i % 4 == 1
        seats = [HistorySeat(me, rng.randint(0, 1500), me=True)]
        for k in range(1, n):
            name = (
                t(locale, "table.cpu_name", n=k)
                if cpu and k == n - 1
                else others[(seed + i + 3 * k) % len(others)]
            )
            seats.append(HistorySeat(name, rng.randint(-300, 12000), cpu=cpu and k == n - 1))
        outcome = Outcome.FORFEIT if i == 3 else Outcome.WON if rng.random() < 0.5 else Outcome.LOST
        rated = not cpu and game != "goita_solo"
        change = (
            None if not rated else 0 if i == 6 else rng.randint(1, 99) * (1 if outcome is Outcome.WON else -1)
        )
        rows.append(
            HistoryRow(
                when,
                t(locale, f"game.{game}"),
                tuple(seats),
                outcome,
                t(locale, f"ratings.history_card.{outcome.value}"),
                change,
                t(locale, "ratings.history_card.vs_cpu") if cpu and game != "goita_solo" else "",
            )
        )
        when -= timedelta(days=rng.randint(0, 40))
    return HistoryCard(
        t(locale, "ratings.history_card.title", name=me),
        t(locale, "ratings.history_card.subtitle", game=t(locale, "ratings.history_card.all_games")),
        tuple(rows),
        t(locale, "ratings.history_card.cpu"),
        t(locale, "ratings.history_card.alone"),
        t(locale, "ratings.history_card.legend"),
    )
