"""Goita Shogi end to end: the letter on a piece is the letter typed, in every language (real
cogs, real store and renderer, on SimCord's simulated Discord). The rest of the table:
``test_goita_e2e.py``.
"""

from __future__ import annotations

import store
from cogs.goita.spec import SPEC
from engine import goita as gt
from engine.core import seeded_rng
from render.goita.pieces import PIECE_LETTERS
from tests.cogs.harness import (
    answer,
    fix_seed,
    post_text,
    setup_guild,
    start_vs_cpu,
    the_table,
)
from tests.cogs.test_goita_e2e import START, wait_for_phase
from tests.cogs.test_locale_e2e import french  # noqa: F401 (a fixture: French Discord clients)

# Issue 12: pieces carried the seed's French initials ("R" under 王) while ``attack:R`` plays the
# Rook 飛. The faces now carry the notation letters; a French player reads "R" under 飛, and the
# French suggestion for ``attack:R`` names the 飛 Tour.


def first_attack_with_a_rook_seed() -> int:
    """A seed where seat 0's first attack (clicking the first button until then) may be the Rook."""
    rules = gt.rules_from("seed", {"target_score": 1})
    for seed in range(1, 500):
        state, _ = gt.ENGINE.begin(4, rules, seed)
        for seq in range(300):
            seat = gt.to_act(state)
            if seat is None:
                break
            view = gt.view(state, seat)
            if seat == 0 and view.phase is gt.Phase.ATTACK:
                if (
                    gt.Attack(gt.Piece.R) in view.legal_actions
                    and gt.Attack(gt.Piece.K) not in view.legal_actions
                ):
                    return seed
                break
            action = (
                view.legal_actions[0] if seat == 0 else SPEC.cpu_choose(view, seeded_rng(seed, "cpu", seq))
            )
            state, _ = gt.apply(state, action)
    raise AssertionError("no such deal")


async def test_a_french_player_types_the_letter_on_the_piece(
    simcord_env,
    simcord_bot,
    monkeypatch,
    french,  # noqa: F811 (the fixture imported above)
):
    fix_seed(monkeypatch, first_attack_with_a_rook_seed())
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    french.add(alice.id)
    place = await start_vs_cpu(env, channel, alice, command=START, target=1)
    table = the_table(simcord_bot)
    view = await wait_for_phase(env, place, alice, table, 0, {gt.Phase.ATTACK})
    assert gt.Attack(gt.Piece.R) in view.legal_actions, "the deal: alice may attack with the Rook"
    assert PIECE_LETTERS[gt.Piece.R] == "R" and PIECE_LETTERS[gt.Piece.K] == "K", "what 飛 and 王 show"

    choices = {
        c["value"]: c["name"] for c in await alice.autocomplete(place.thread, "goita play", "action", "")
    }
    for action in view.legal_actions:
        assert choices[str(action)].startswith(f"attack:{PIECE_LETTERS[action.piece]} — Attaquer")
    assert "飛 Tour" in choices["attack:R"] and "Roi" not in choices["attack:R"]

    played = answer(await alice.slash(place.thread, "goita play", action="attack:R"))
    assert played.flags.ephemeral and "飛 Tour" in played.content
    assert [row.action for row in await store.actions_for(simcord_bot.db, table.id)][-1] == "attack:R"
    assert "alice attacks with 飛 Rook" in "\n".join(post_text(m) for m in place.table_messages())


async def test_a_player_types_the_character_on_the_piece(simcord_env, simcord_bot, monkeypatch):
    """docs/notation.md: ``/goita play action:attack:飛`` plays the Rook (stored as ``attack:R``);
    the suggestion for it shows the character and the word after the notation."""
    fix_seed(monkeypatch, first_attack_with_a_rook_seed())
    env = simcord_env
    _, channel, (alice,) = setup_guild(env, "alice")
    place = await start_vs_cpu(env, channel, alice, command=START, target=1)
    table = the_table(simcord_bot)
    view = await wait_for_phase(env, place, alice, table, 0, {gt.Phase.ATTACK})
    assert gt.Attack(gt.Piece.R) in view.legal_actions, "the deal: alice may attack with the Rook"

    choices = {
        c["value"]: c["name"] for c in await alice.autocomplete(place.thread, "goita play", "action", "")
    }
    assert choices["attack:R"].startswith("attack:R — Attack: 飛 Rook")

    played = answer(await alice.slash(place.thread, "goita play", action="attack:飛"))
    assert played.flags.ephemeral and "飛 Rook" in played.content
    assert [row.action for row in await store.actions_for(simcord_bot.db, table.id)][-1] == "attack:R"
