"""Progress saved by many learners at once: no "database is locked", nothing lost, only
improvements kept [issue 11, the app]. On SQLite, and on PostgreSQL when
BURACO_TEST_POSTGRES_URL is set."""

import multiprocessing

from buraco_app.database import prepare_sqlite
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
