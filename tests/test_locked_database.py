"""The SQLite file locked by another program (a database tool with an edit not yet saved, a
stuck process): a write waits SQLite's busy timeout once, then is said busy ("O banco de
dados não respondeu; tente de novo") with nothing written; it is not tried 8 times over, which
made one tap on "Lançar rodada" wait about 85 s [issue 11, the app]. Once the lock is gone,
the same write goes through."""

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from buraco_app import database, progress, sheets
from buraco_app.database import SQLITE_FILE, open_engine, sqlite_url
from buraco_app.progress import ProgressStore, Result
from buraco_app.sheets import SheetError, SheetStore
from buraco_core import ruleset


@pytest.fixture
def short_busy_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """A busy timeout of 1 s (the app's is 10 s), for engines opened after this."""
    monkeypatch.setattr(database, "BUSY_TIMEOUT_S", 1)


@contextmanager
def held_lock(folder: Path) -> Iterator[sqlite3.Connection]:
    holder = sqlite3.connect(folder / SQLITE_FILE, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # (as a tool with a change not yet saved)
    try:
        yield holder
    finally:
        holder.rollback()
        holder.close()


def test_a_round_entered_while_another_program_holds_the_lock_is_said_busy_after_one_wait(
    tmp_path: Path, short_busy_timeout: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = SheetStore(open_engine(sqlite_url(tmp_path)))
    match = store.create_match(["Nós", "Eles"], rules=ruleset("fechado"), target=3000)
    tries_again: list[int] = []
    monkeypatch.setattr(sheets, "_pause", tries_again.append)
    with held_lock(tmp_path):
        with pytest.raises(SheetError) as refused:
            store.add_round(match.id, [100, 50])
        assert refused.value.code == "busy"
        assert tries_again == [], "tried again after waiting out the busy timeout"
        assert store.sheet(match.id).rounds == ()  # (readers still read: nothing written)
    store.add_round(match.id, [100, 50])  # the lock gone: the same round goes in
    assert len(store.sheet(match.id).rounds) == 1
    store.engine.dispose()


def test_a_result_saved_while_another_program_holds_the_lock_fails_after_one_wait(
    tmp_path: Path, short_busy_timeout: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = ProgressStore(open_engine(sqlite_url(tmp_path)))
    slept: list[float] = []
    monkeypatch.setattr(progress.time, "sleep", slept.append)
    with held_lock(tmp_path):
        with pytest.raises(OperationalError):  # (the lessons' page says it, see scenario_player)
            store.record("learner-0001", "natural-two-1", Result.SOLVED)
        assert slept == [], "tried again after waiting out the busy timeout"
    assert store.record("learner-0001", "natural-two-1", Result.SOLVED) is Result.SOLVED
    store.engine.dispose()
