"""A wrong try kept by the progress store, counted as nothing else; a data folder written
before wrong tries were kept loses nothing. On SQLite, and on PostgreSQL when
BURACO_TEST_POSTGRES_URL is set."""

from datetime import UTC, datetime, timedelta

from buraco_app.progress import PROGRESS, ProgressStore, Result
from tests.test_sheets import Backend, backend  # noqa: F401 (the fixture)

LEARNER = "learner-0001"


def test_a_wrong_try_is_kept_without_counting_as_a_result_in_a_folder_from_before(
    backend: Backend,  # noqa: F811
) -> None:
    """A data folder as an earlier version left it (a solution seen, an exercise solved,
    the latter saved last): wrong tries on those two and on a third are kept as tried, the
    results stay as they were, the exercise last saved stays the latest (Lições reopens
    after it), and a result saved after a try replaces it."""
    engine = backend.engine()
    ProgressStore(engine)  # (the table, as the earlier version made it: unchanged since)
    earlier = datetime.now(UTC) - timedelta(days=1)
    with engine.begin() as conn:
        for scenario, result, minutes in (("seen_one", 1, 0), ("solved_one", 2, 5)):
            conn.execute(
                PROGRESS.insert().values(
                    learner=LEARNER,
                    scenario=scenario,
                    result=result,
                    updated_at=earlier + timedelta(minutes=minutes),
                )
            )
    engine.dispose()
    store = ProgressStore(backend.engine())
    before = {"seen_one": Result.SEEN, "solved_one": Result.SOLVED}
    assert store.read(LEARNER) == (before, frozenset(before))
    for scenario in ("seen_one", "solved_one", "tried_one"):
        store.record_try(LEARNER, scenario)
    store.record_try(LEARNER, "tried_one")  # (twice: still one row)
    assert store.read(LEARNER) == (before, frozenset({*before, "tried_one"}))
    assert store.results(LEARNER) == before
    assert store.latest(LEARNER) == "solved_one"
    assert store.read("someone_else_1") == ({}, frozenset())
    assert store.record(LEARNER, "tried_one", Result.SOLVED) is Result.SOLVED
    assert store.results(LEARNER) == {**before, "tried_one": Result.SOLVED}
    assert store.latest(LEARNER) == "tried_one"
    store.record_try(LEARNER, "tried_one")  # (a try after: the result stays)
    assert store.results(LEARNER)["tried_one"] is Result.SOLVED
    store.engine.dispose()
