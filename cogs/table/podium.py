"""Match results in words every game shares: winners first, scores in winner–loser order.

"🏆 CPU 1 wins the match 0–8!" read as a loss: a result line names the winners first and gives
the scores in that order (``8–0``), then the others from best to worst. Negative numbers carry a
real minus sign (``−80``), so ``alice −80`` never reads as a dash.
"""

from __future__ import annotations

from collections.abc import Sequence

from render.labels import number, signed

__all__ = ["names_and", "number", "score_line", "signed", "winners_first"]


def winners_first(scores: Sequence[int], winners: Sequence[int]) -> list[int]:
    """Indices of ``scores``: the winners (in their order), then the others by score, best first
    (equal scores in index order)."""
    rest = sorted((i for i in range(len(scores)) if i not in winners), key=lambda i: (-scores[i], i))
    return [*winners, *rest]


def score_line(
    scores: Sequence[int], winners: Sequence[int], names: Sequence[str] | None = None, locale: str = "en"
) -> str:
    """``8–0`` (no names), or ``alice 8 · bob 3 · carol −11``: winners first, numbers written
    the ``locale``'s way (``1,200``; ``1 200``)."""
    order = winners_first(scores, winners)
    if names is None:
        return "–".join(number(scores[i], locale) for i in order)
    return " · ".join(f"{names[i]} {number(scores[i], locale)}" for i in order)


def names_and(names: Sequence[str], joiner: str) -> str:
    """``alice``, ``alice & bob``, ``alice, bob & carol`` (``joiner`` is the last separator)."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {joiner} {names[-1]}"
