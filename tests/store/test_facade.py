import inspect

import store
from store import SeatResult, Store


def test_store_offers_every_repository_function_as_a_method() -> None:
    functions = {
        name
        for name in store.__all__
        if inspect.iscoroutinefunction(getattr(store, name))
        and next(iter(inspect.signature(getattr(store, name)).parameters)) == "db"
    }
    assert functions  # sanity: the repository functions were found
    assert {name for name in functions if getattr(Store, name, None) is getattr(store, name)} == functions


async def test_store_methods_work_on_an_opened_store() -> None:
    db = await Store.open(":memory:")
    try:
        assert isinstance(db, Store)
        lobby = await db.create_game(guild_id=1, channel_id=10, game="koikoi", rules={}, seed=5, host_id=100)
        await db.set_seats(lobby.id, [(0, 100, "host"), (1, None, "CPU")])
        game = await db.start_game(lobby.id, thread_id=11)
        await db.append_action(game.id, 0, 0, "play 1a", False)
        await db.append_action(game.id, 1, 1, "play 2a", True)
        assert [a.by_cpu for a in await db.actions_for(game.id)] == [False, True]
        await db.finish_with_results(game.id, [SeatResult(0, 3, True), SeatResult(1, -3, False)])
        assert [r.user_id for r in await db.leaderboard(1, "koikoi")] == [100]
    finally:
        await db.close()
