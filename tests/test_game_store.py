"""The Jogar page's store of games (buraco_app.game.GameStore) without Streamlit, on SQLite and
on PostgreSQL as the score sheets' store is tested (tests/test_sheets.py): the list of a
learner's unfinished matches that the new-match form shows (a join, an order and a limit),
and a game written and read back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import event, select, update

from buraco_app.game import GameMoved, GameStore, Setup, games, new_game, standing
from tests.played import played_round
from tests.test_sheets import Backend, backend  # noqa: F401 (the fixture)

SETUP = Setup("fechado", {}, 2, "basic", "on", 11)


@pytest.fixture
def game_store(backend: Backend) -> Iterator[GameStore]:  # noqa: F811
    opened = GameStore(backend.engine())
    yield opened
    opened.engine.dispose()


def test_a_learner_is_listed_their_unfinished_matches_the_last_played_first(
    backend: Backend,  # noqa: F811
    game_store: GameStore,
) -> None:
    """Only this learner's matches, none a side has won, none of unknown owner (a game of an
    older version), the one last played first: a move on an old match brings it to the top."""
    won = played_round(Setup("fechado", {"target_score": 100}, 2, "basic", "on", 11), 3)
    assert standing(won).finished
    going = played_round(SETUP, 3)
    first, _, third = [game_store.create(g, "learner-0001") for g in (going, won, new_game(SETUP))]
    game_store.create(new_game(SETUP), "learner-0002")
    game_store.create(new_game(SETUP))
    assert [k.game_id for k in game_store.unfinished("learner-0001")] == [third, first]
    game_store.save(first, going)  # played on, later than the third was started
    again = GameStore(backend.engine())  # another server process reads the same
    listed = again.unfinished("learner-0001")
    assert [k.game_id for k in listed] == [first, third]
    assert listed[0].game == going and listed[0].saved_at > listed[1].saved_at
    assert again.unfinished("learner-0003") == []
    again.engine.dispose()


def test_the_list_holds_the_latest_five_and_leaves_out_a_record_it_cannot_read(
    game_store: GameStore,
) -> None:
    ids = [game_store.create(new_game(SETUP), "learner-0001") for _ in range(7)]
    assert [k.game_id for k in game_store.unfinished("learner-0001")] == ids[:1:-1]
    with game_store.engine.begin() as conn:  # a record no version of the page wrote
        conn.execute(update(games).where(games.c.id == ids[6]).values(data={"setup": 5}))
    assert [k.game_id for k in game_store.unfinished("learner-0001")] == ids[5:0:-1]


def test_games_saved_at_the_same_instant_are_listed_in_one_order(
    game_store: GameStore,
) -> None:
    """Two games saved in one tick of the clock (a coarse clock, a restore from a backup)
    tie on updated_at: the list breaks the tie by the game's id, so it is the same, in the
    same order, on every rerun, and its limit keeps the same five."""
    ids = [game_store.create(new_game(SETUP), "learner-0001") for _ in range(7)]
    with game_store.engine.begin() as conn:
        instant = conn.execute(select(games.c.updated_at).where(games.c.id == ids[0])).scalar()
        conn.execute(update(games).values(updated_at=instant))
    expected = sorted(ids, reverse=True)[:5]
    assert [k.game_id for k in game_store.unfinished("learner-0001")] == expected
    assert [k.game_id for k in game_store.unfinished("learner-0001")] == expected


def test_a_game_is_read_back_as_saved_and_a_stale_move_is_refused(
    game_store: GameStore,
) -> None:
    start = new_game(SETUP)
    game_id = game_store.create(start, "learner-0001")
    played = played_round(SETUP, 3)
    game_store.save(game_id, played, base=start)
    assert game_store.load(game_id) == played
    with pytest.raises(GameMoved):  # a tab drawn before that move tries to save its own
        game_store.save(game_id, new_game(SETUP), base=start)
    assert game_store.load(game_id) == played


def test_a_saved_game_is_read_back_as_kept_until_it_is_saved_again(
    game_store: GameStore,
) -> None:
    """What save returns is the game as load_since reads it: kept as it is (no second read)
    while the store has nothing newer, read again once another save came after it."""
    start = new_game(SETUP)
    game_id = game_store.create(start, "learner-0001")
    played = played_round(SETUP, 3)
    saved = game_store.save(game_id, played, base=start)
    assert saved.game is played and game_store.load_since(game_id, saved) is saved
    game_store.save(game_id, start)  # another tab or device, later
    assert game_store.load_since(game_id, saved).game == start


@pytest.mark.parametrize("returning", [True, False], ids=["update-returning", "older-sqlite"])
def test_a_move_on_the_game_as_read_is_saved_and_one_on_a_game_saved_since_is_refused(
    game_store: GameStore, returning: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page saves a move with the game as it read it (a Loaded): taken as the stored
    game while nothing was saved since, refused (GameMoved) once another tab or device
    saved; and a game saved elsewhere with the very same moves is still the base's. The
    same where the database cannot say UPDATE … RETURNING (SQLite before 3.35)."""
    monkeypatch.setattr(game_store.engine.dialect, "update_returning", returning)
    statements: list[str] = []

    def sent(_conn: object, _cursor: object, statement: str, *_: object) -> None:
        statements.append(statement.upper())

    event.listen(game_store.engine, "before_cursor_execute", sent)
    start = new_game(SETUP)
    game_id = game_store.create(start, "learner-0001")
    read = game_store.load_since(game_id, None)
    played = played_round(SETUP, 3)
    saved = game_store.save(game_id, played, base=read)
    assert game_store.load(game_id) == played
    game_store.save(game_id, played)  # the same game, saved again elsewhere: a new time
    again = game_store.save(game_id, start, base=saved)  # (its record still the base's)
    assert game_store.load(game_id) == start
    game_store.save(game_id, played)  # moved on elsewhere
    with pytest.raises(GameMoved):
        game_store.save(game_id, new_game(SETUP), base=again)
    assert game_store.load(game_id) == played
    event.remove(game_store.engine, "before_cursor_execute", sent)
    assert any("RETURNING" in s for s in statements) is returning


def test_a_move_on_the_game_as_read_is_saved_in_one_statement(game_store: GameStore) -> None:
    """A tap's save, on the game as the page read or saved it and saved by no one since, is
    one statement (written on that condition, its new time given back), where a check of the
    time, the write and a read of the new time were three; the game is saved the same."""
    statements: list[str] = []

    def sent(_conn: object, _cursor: object, statement: str, *_: object) -> None:
        statements.append(statement.split()[0].upper())

    game_id = game_store.create(new_game(SETUP), "learner-0001")
    read = game_store.load_since(game_id, None)
    played = played_round(SETUP, 3)
    event.listen(game_store.engine, "before_cursor_execute", sent)
    saved = game_store.save(game_id, played, base=read)
    event.remove(game_store.engine, "before_cursor_execute", sent)
    assert [s for s in statements if s not in ("BEGIN", "COMMIT")] == ["UPDATE"]
    assert game_store.load_since(game_id, None) == saved
