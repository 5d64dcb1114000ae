"""Each Koi-Koi preset as a table: every yaku and rule, its value, and the source it follows.

:func:`preset_table` is what ``/koikoi rules preset:<name>`` shows and what the preset tables of
``docs/rules/koikoi.md`` are (a test checks that each row is there, word for word). The values
are computed from the preset's :class:`Rules`, so the table cannot drift from what the engine
plays; the sources are fixed text per preset.

Sources (full references in ``docs/rules/koikoi.md``, "Presets"):

- ``Seed``: seed 004 (FudaWiki FR "Koi-Koi"), the source of truth of the ``seed`` preset.
- ``Nintendo (JP)``: Nintendo's Japanese Koi-Koi guide (nintendo.com/jp/others/hanafuda_kabufuda/
  howtoplay/koikoi), its yaku table. ``Nintendo (EN)``: Nintendo's "Mario Hanafuda: How to play
  Koi-Koi". ``FudaWiki``: the English Koi-Koi page, for what Nintendo's guide leaves unsaid.
- ``KoiKoi-Japan``: the rules of the PC game KoiKoi-Japan as listed in issue 14.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import BadRules
from engine.hanafuda.koikoi.rules import PRESETS, Rules

Row = tuple[str, str, str]  # (rule or yaku, value in this preset, source)


def _pts(v: int) -> str:
    return str(v) if v else "off"


def _count(v: int, at: int) -> str:
    """A yaku worth ``v`` for ``at`` cards and +1 per extra card: ``1 for 5 (n − 4 for n ≥ 5)``."""
    if not v:
        return "off"
    if v <= at:
        return f"{v} for {at} (n − {at - v} for n ≥ {at})"
    return f"{v} for {at} (n + {v - at} for n ≥ {at})"


def _animal_set(r: Rules) -> str:
    if not r.inoshikacho:
        return "off"
    if r.group_scoring == "stack":
        return f"{r.inoshikacho}; stacks with Animals"
    return f"{r.inoshikacho}, +1 per extra animal; not with Animals"


def _ribbon_set(v: int, r: Rules) -> str:
    if not v:
        return "off"
    if r.group_scoring == "stack":
        return f"{v}; stacks with Tan"
    return f"{v}, +1 per extra ribbon; not with Tan"


def _both_ribbons(r: Rules) -> str:
    v = r.akatan_aotan
    if not v:
        return "off"
    if r.group_scoring == "stack":
        return f"{v} on top of Red and Blue ({v + r.akatan + r.aotan} in all)"
    return f"{v}, +1 per extra ribbon; instead of Red or Blue"


def _viewing(v: int, r: Rules) -> str:
    if r.viewing == "off" or not v:
        return "off"
    text = str(v)
    if r.viewing_after_koikoi:
        text += f"; {r.viewing_after_koikoi} once the pile's owner has called koi-koi"
    if r.viewing == "one":
        text += "; only one viewing yaku counts"
    text += "; a captured November card voids it" if r.rain_spoils_viewing else "; rain never cancels it"
    return text


def _deal(r: Rules) -> str:
    return f"{r.deal_by} at a time to the opponent, the field, the dealer; 8 each and 8 on the field"


def _misdeal(r: Rules) -> str:
    if r.misdeal == "four_anywhere":
        return "redeal when four of a month are on the field or in a hand"
    return "redeal when four of a month or four pairs are on the field"


def _lucky(r: Rules) -> str:
    if not r.lucky_hands:
        return "none"
    return f"four of a month or four pairs in a hand win the round: {r.lucky_hand_points}"


def _decision(r: Rules) -> str:
    if r.decision == "points_rose":
        return "koi-koi or shobu only when the player's points rose during the turn"
    return "koi-koi or shobu when a yaku is formed or improved"


def _doubling(r: Rules) -> str:
    return f"×2 when the yaku total is {r.double_at} or more" if r.double_at else "none"


_OPPONENT = {
    "double": "×2 if the opponent called koi-koi (however often)",
    "per_call": "×(calls + 1) for the opponent's koi-koi calls",
    "self": "×2 if the scorer called koi-koi",
    "anyone": "×2 if anyone called koi-koi",
    "none": "none",
}


def _bonus(r: Rules) -> str:
    if r.koikoi_bonus == "plus_n":
        return "+n for the scorer's n ≤ 3 calls, ×(n − 2) for n ≥ 4"
    return "none"


def _exhausted(r: Rules) -> str:
    if r.empty_hands == "all_lost":
        text = "nobody scores the yaku, koi-koi or not"
    elif r.empty_hands == "dealer_out":
        text = "the round stops when the dealer runs out (seed variant)"
    else:
        text = "no koi-koi: nobody scores; else the last koi-koi caller scores"
    if r.oyaken:
        text += f"; dealer +{r.oyaken}" + (f", other −{r.oyaken}" if r.zero_sum else "")
    return text


def _scoring(r: Rules) -> str:
    if r.zero_sum:
        return "the stopper takes their points from the opponent"
    return "only the stopper scores; the opponent scores nothing"


def _next_dealer(r: Rules) -> str:
    stays = r.empty_hands != "all_lost" or r.all_lost_dealer == "stays"
    after = "the dealer stays" if stays else "the dealer changes"
    return f"the round's winner; {after} after a null round"


def _match(r: Rules) -> str:
    text = f"{r.rounds} rounds"
    if r.starting_score:
        text += f", {r.starting_score} points each to start"
    if r.target_score:
        text += f", or until a total reaches {r.target_score}"
    if r.end_at_zero:
        text += ", ends early when a total is 0 or below"
    return text + "; the higher total wins"


# (key, rule or yaku, value in a rule set)
_ROWS: tuple[tuple[str, str, Callable[[Rules], str]], ...] = (
    ("first_dealer", "First dealer", lambda r: "each draws a card, the earlier month deals; a tie: again"),
    ("deal", "Deal", _deal),
    ("misdeal", "Misdeal", _misdeal),
    ("lucky_hands", "Lucky hands", _lucky),
    ("turns", "Turns", lambda r: "the dealer plays first; a hand card, then the top card of the pile"),
    ("decision", "Koi-Koi decision", _decision),
    ("last_turn", "Last card", lambda r: "a rise with an empty hand stops the round (shobu)"),
    ("goko", "Five Brights (goko)", lambda r: _pts(r.goko)),
    ("shiko", "Four Brights (shiko)", lambda r: _pts(r.shiko) + "; without the rain man"),
    ("ameshiko", "Rainy Four Brights (ameshiko)", lambda r: _pts(r.ameshiko) + "; the rain man and 3"),
    ("sanko", "Three Brights (sanko)", lambda r: _pts(r.sanko) + "; without the rain man (rain + 2: none)"),
    ("inoshikacho", "Boar-Deer-Butterflies (inoshikacho)", _animal_set),
    ("tane", "Animals (tane)", lambda r: _count(r.tane, 5)),
    ("akatan_aotan", "Poetry & Blue Ribbons (akatan_aotan)", _both_ribbons),
    ("akatan", "Poetry Ribbons (akatan)", lambda r: _ribbon_set(r.akatan, r)),
    ("aotan", "Blue Ribbons (aotan)", lambda r: _ribbon_set(r.aotan, r)),
    ("tanzaku", "Ribbons (tanzaku)", lambda r: _count(r.tanzaku, 5)),
    ("hanami", "Flower-Viewing Sake (hanami)", lambda r: _viewing(r.hanami, r)),
    ("tsukimi", "Moon-Viewing Sake (tsukimi)", lambda r: _viewing(r.tsukimi, r)),
    ("tsukifuda", "Cards of the Month (tsukifuda)", lambda r: _pts(r.tsukifuda)),
    ("kasu", "Chaff (kasu)", lambda r: _count(r.kasu, 10)),
    (
        "sake_cup",
        "Sake cup",
        lambda r: "an animal and a chaff card" if r.sake_cup == "both" else "an animal only",
    ),
    ("double_at", "Big score doubling", _doubling),
    ("opponent_koikoi", "Opponent's koi-koi", lambda r: _OPPONENT[r.opponent_koikoi]),
    ("koikoi_bonus", "Own koi-koi calls", _bonus),
    ("exhausted", "Hands run out", _exhausted),
    ("scoring", "Round score", _scoring),
    ("next_dealer", "Next dealer", _next_dealer),
    ("match", "Match", _match),
)

_SEED: dict[str, str] = {
    "first_dealer": "Seed: « celui qui a tiré une carte du mois le plus proche de Janvier commence »",
    "deal": "Seed: « 4 à l'adversaire, 4 à la table, 4 pour soi (répeter) »",
    "misdeal": "Seed: « 4 cartes de la même suite … 4 paires … sur le terrain … redistributées »",
    "lucky_hands": "Seed: « Le joueur remporte la manche et empoche directement 6 points »",
    "turns": "Seed: « le donneur … est le premier à jouer » ; « on pioche une carte »",
    "decision": "Seed: « Si un yaku a été formé ou amélioré, alors on a le choix »",
    "last_turn": "RULINGS.md (the seed is silent)",
    "goko": "Seed: « Cinq Lumières » 10",
    "shiko": "Seed: « Quatre Lumières » 8",
    "ameshiko": "Seed: « Quatre Lumières avec Pluie » 7",
    "sanko": "Seed: « Trois Lumières » 5, « Trois parmi » the four without rain",
    "inoshikacho": "Seed: « +1 point par carte Animal/Objet supplémentaire » ; « une seule valeur … »",
    "tane": "Seed: « Cinq cartes Animal/Objet … +1 point additionnel par carte … supplémentaire »",
    "akatan_aotan": "Seed: « Rubans Bleus et Avec Poésie » 10, « +1 point par carte Ruban supplémentaire »",
    "akatan": "Seed: « Rubans avec Poésie » 5, « +1 point par carte Ruban supplémentaire »",
    "aotan": "Seed: « Rubans Bleus » 5, « +1 point par carte Ruban supplémentaire »",
    "tanzaku": "Seed: « Cinq cartes Ruban … +1 point par carte Ruban supplémentaire »",
    "hanami": "Seed: « Contemplation des Fleurs » 5",
    "tsukimi": "Seed: « Contemplation de la Lune » 5",
    "tsukifuda": "Seed: « Cartes du Mois » 4",
    "kasu": "Seed: « Dix cartes Normales … Coupe de Saké comprise » (Readings: +1 per chaff card)",
    "sake_cup": "Seed: « compte d'une part comme une carte Animaux/Objets, et d'autre part comme une "
    "carte Normale »",
    "double_at": "Seed: « supérieure à 7 … doublé » (RULINGS: strictly above 7)",
    "opponent_koikoi": "Seed: « Si l'adversaire a appelé koi-koi … doublé … dans la plupart il ne reste "
    "que doublé »",
    "koikoi_bonus": "Seed: only the two multipliers above",
    "exhausted": "Seed: « aucun des joueurs ne marque de point » ; « le dernier joueur ayant appelé "
    "koi-koi remporte ses points »",
    "scoring": "Seed: « Le joueur qui dit shōbu est le seul à gagner des points »",
    "next_dealer": "Seed: « devient le donneur pour la manche suivante » ; « Le donneur restera le même »",
    "match": "Seed: « 12 manches de préférence » ; « le score le plus élevé … est déclaré vainqueur »",
}

_NINTENDO: dict[str, str] = {
    "first_dealer": "Nintendo (EN): “the player who selects the card from the earliest month … becomes "
    "the dealer” (a tie: the seed's redraw)",
    "deal": "Nintendo (EN): “The dealer deals two cards at a time to the opponent, the playing field "
    "between them, and the dealer in that order”",
    "misdeal": "Not in Nintendo's guide as quoted: the seed's rule (FudaWiki: the same)",
    "lucky_hands": "Not in Nintendo's guide as quoted: the seed's 6 (FudaWiki: “scoring 6 points”)",
    "turns": "Nintendo (EN): “the game begins with the dealer taking one card from their hand … then "
    "takes a card from the top of the deck”",
    "decision": "FudaWiki: “either formed a new yaku, or improved an existing one”",
    "last_turn": "RULINGS.md (the guide is silent)",
    "goko": "Nintendo (JP): 五光（10点）",
    "shiko": "Nintendo (JP): 四光（8点）",
    "ameshiko": "Nintendo (JP): 雨入り四光は7点とする",
    "sanko": "Nintendo (JP): 三光（5点）雨以外の20点札3枚",
    "inoshikacho": "Nintendo (JP): 猪鹿蝶（5点）他の10点札が1枚ふえるごとに1点プラス",
    "tane": "Nintendo (JP): タネ（1点）10点札5枚、10点札1枚ふえるごとに1点プラス",
    "akatan_aotan": "Nintendo (JP): 赤短・青短の重複（10点）他の短冊札が1枚ふえるごとに1点プラス",
    "akatan": "Nintendo (JP): 赤短（5点）他の短冊札が1枚ふえるごとに1点プラス",
    "aotan": "Nintendo (JP): 青短（5点）他の短冊札が1枚ふえるごとに1点プラス",
    "tanzaku": "Nintendo (JP): タン（1点）短冊札5枚、短冊札1枚ふえるごとに1点プラス",
    "hanami": "Nintendo (JP): 花見で一杯（5点）; 「4と5は省いてもよい」 (option viewing=off)",
    "tsukimi": "Nintendo (JP): 月見で一杯（5点）; 「4と5は省いてもよい」 (option viewing=off)",
    "tsukifuda": "Nintendo (JP): not in its yaku table",
    "kasu": "Nintendo (JP): カス（1点）カス札10枚、1枚ふえるごとに1点プラス",
    "sake_cup": "Nintendo (JP): 「菊に盃」は、10点札とカス札としても通用します",
    "double_at": "FudaWiki (modern rules, “as seen in … Nintendo's current Koi-Koi rules leaflet”): "
    "“greater than or equal to 7 … doubled”",
    "opponent_koikoi": "FudaWiki: “If their opponent called koi-koi … doubled. (The exact number of "
    "times … has no effect.)”",
    "koikoi_bonus": "FudaWiki: only the two multipliers above",
    "exhausted": "FudaWiki: “neither player earns any points … captured yaku are not scored for”",
    "scoring": "FudaWiki: “only the player who called shōbu earns any points”",
    "next_dealer": "FudaWiki: “becomes the dealer for the next” ; “the next round begins with the same "
    "dealer”",
    "match": "Nintendo (EN): “A full match consists of 12 games, and the player with the most points "
    "after 12 games is the winner”",
}

_KOIKOI_JAPAN: dict[str, str] = {
    "first_dealer": "KoiKoi-Japan: not listed; the seed's draw",
    "deal": "KoiKoi-Japan: not listed (8 each); the seed's packets of 4",
    "misdeal": "KoiKoi-Japan: “A deal with four of a month in a hand or on the field is redealt”",
    "lucky_hands": "KoiKoi-Japan: “no lucky hands”",
    "turns": "KoiKoi-Japan: “The dealer plays first, for 8 turns each”",
    "decision": "KoiKoi-Japan: “The koi-koi decision is asked only when the player's points rose during "
    "the turn”",
    "last_turn": "KoiKoi-Japan: “A rise on the player's 8th turn stops the round automatically”",
    "goko": "KoiKoi-Japan: “Five Lights 10”",
    "shiko": "KoiKoi-Japan: “Four Lights 8 (without the rain man)”",
    "ameshiko": "KoiKoi-Japan: “Rainy Four Lights 7”",
    "sanko": "KoiKoi-Japan: “Three Lights 5 (… three lights including the rain man score nothing)”",
    "inoshikacho": "KoiKoi-Japan: “Boar-Deer-Butterfly 5. It stacks with Tane”",
    "tane": "KoiKoi-Japan: “≥5 seeds score n−4, and the three animals also count toward Tane”",
    "akatan_aotan": "KoiKoi-Japan: “Having both also scores Red & Blue 10, on top of both (20 in all)”",
    "akatan": "KoiKoi-Japan: “Red Ribbons 5”",
    "aotan": "KoiKoi-Japan: “Blue Ribbons 5”",
    "tanzaku": "KoiKoi-Japan: “Tan: ≥5 ribbons score n−4, stacking with them”",
    "hanami": "KoiKoi-Japan: “1 point each, or 3 once the pile's owner has called koi-koi at least "
    "once. Rain never cancels them”",
    "tsukimi": "KoiKoi-Japan: “1 point each, or 3 once the pile's owner has called koi-koi at least "
    "once. Rain never cancels them”",
    "tsukifuda": "KoiKoi-Japan: “No Cards-of-the-Month yaku”",
    "kasu": "KoiKoi-Japan: “Kasu: ≥10 plains score n−9”",
    "sake_cup": "KoiKoi-Japan: “The sake cup counts as a seed and a plain”",
    "double_at": "KoiKoi-Japan: “There is no doubling at 7”",
    "opponent_koikoi": "KoiKoi-Japan: “no doubling for the opponent's koi-koi”",
    "koikoi_bonus": "KoiKoi-Japan: “the sum of the yaku, then +n for n ≤ 3 calls by the scorer, or "
    "×(n−2) for n ≥ 4”",
    "exhausted": "KoiKoi-Japan: “An exhausted round gives the dealer +1 and the other −1”",
    "scoring": "KoiKoi-Japan: “Otherwise the stopper takes their points from the opponent”",
    "next_dealer": "KoiKoi-Japan: “The next dealer is the round's winner; the dealer stays after an "
    "exhausted round”",
    "match": "KoiKoi-Japan: “8 rounds, starting at 30 points each, and ends early when a player is at 0 "
    "or below”",
}

SOURCES: dict[str, dict[str, str]] = {"seed": _SEED, "nintendo": _NINTENDO, "koikoi-japan": _KOIKOI_JAPAN}


def preset_table(name: str) -> tuple[Row, ...]:
    """``(rule or yaku, value, source)`` for every row of preset ``name``, in a fixed order.

    Raises :class:`BadRules` (``key="unknown_preset"``) for an unknown name.
    """
    if name not in PRESETS or name not in SOURCES:
        raise BadRules(
            f"unknown Koi-Koi preset {name!r} (valid: {', '.join(PRESETS)})",
            key="unknown_preset",
            preset=name,
        )
    rules, sources = PRESETS[name], SOURCES[name]
    return tuple((label, value(rules), sources[key]) for key, label, value in _ROWS)


def markdown_table(name: str) -> str:
    """:func:`preset_table` as a Markdown table (the form it takes in ``docs/rules/koikoi.md``)."""
    lines = ["| rule / yaku | value | source |", "| --- | --- | --- |"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in preset_table(name)]
    return "\n".join(lines)
