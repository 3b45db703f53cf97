"""Progress saved by many learners at once: no "database is locked", nothing lost, only
improvements kept [issue 11, the app]. On SQLite, and on PostgreSQL when
BURACO_TEST_POSTGRES_URL is set."""

import multiprocessing
import sqlite3
import threading
from pathlib import Path

from buraco_app.database import open_engine, prepare_sqlite, sqlite_url
from buraco_app.progress import ProgressStore, Result
from tests.test_sheets import Backend, backend, make_engine  # noqa: F401 (the fixture)

WRITERS = 8
SAVES = 25


def _save_many(url: str, schema: str | None, writer: int) -> list[str]:
    """One learner's session pressing "Conferir" again and again; the saves that failed."""
    engine = make_engine(url, schema)
    if schema is None:
        prepare_sqlite(engine)  # as the pages' engine is, once the score sheet opened it
    store = ProgressStore(engine)
    failed: list[str] = []
    for i in range(SAVES):
        try:
            # Every writer shares a learner with another one and the scenarios with all.
            store.record(f"learner-{writer % 4:03d}", f"s{i % 5}", Result(1 + (i + writer) % 3))
        except Exception as lost:  # any failure counts as a lost save
            failed.append(f"writer {writer}, save {i}: {lost!r}"[:500])
    engine.dispose()
    return failed


def test_progress_saved_by_many_learners_at_once_is_never_lost(
    backend: Backend,  # noqa: F811
) -> None:
    ProgressStore(backend.engine()).engine.dispose()  # the table, before the writers race
    with multiprocessing.get_context("fork").Pool(WRITERS) as pool:
        failed = pool.starmap(
            _save_many, [(backend.url, backend.schema, w) for w in range(WRITERS)]
        )
    assert [lost for each in failed for lost in each] == []
    engine = backend.engine()
    results = ProgressStore(engine).results("learner-000")
    engine.dispose()
    # Each scenario was saved with every result at some point: the best one stays.
    assert results == {f"s{i}": Result.PERFECT for i in range(5)}


def test_a_new_data_folder_opened_while_another_process_reads_it_still_turns_to_wal(
    tmp_path: Path,
) -> None:
    """SQLite refuses the switch to WAL "locked" at once, without its busy timeout, while
    another connection has the file open in a transaction: the store waits for it instead
    of failing (as when several server processes open a new data folder together)."""
    url = sqlite_url(tmp_path / "data")
    path = url.removeprefix("sqlite:///")
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("CREATE TABLE t (x)")  # a file in the default journal mode, being read
    other.execute("BEGIN")
    other.execute("SELECT * FROM t").fetchall()
    threading.Timer(0.5, other.rollback).start()  # the other reader ends after half a second
    engine = open_engine(url)
    store = ProgressStore(engine)
    store.record("learner-1", "s1", Result.SOLVED)
    assert store.results("learner-1") == {"s1": Result.SOLVED}
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    engine.dispose()
    other.close()


def test_a_database_in_memory_opens_though_it_cannot_turn_to_wal() -> None:
    """SQLite keeps a database in memory in its "memory" journal mode: the switch to WAL
    gives up at once rather than waiting for a mode that never comes."""
    engine = open_engine("sqlite://")
    store = ProgressStore(engine)
    store.record("learner-1", "s1", Result.PERFECT)
    assert store.results("learner-1") == {"s1": Result.PERFECT}
    engine.dispose()
