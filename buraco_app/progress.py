"""A learner's progress: the best result per scenario id, kept in the same database as the
score sheets (so a refresh, a closed tab or a restarted server loses nothing).

The learner is a random id, created on the first visit, kept in a cookie of the site (so the
same browser finds its progress without any link) and in the URL (`?learner=...`): the link
carries the progress to another device, like a score sheet's `?match=`. Only improvements
are saved.

A wrong try alone is kept too, as a row whose result is TRIED (0), below every Result: it
opens “Solução: depois de tentar” after a reload and counts as nothing else (results() and
latest() pass it over, and any result saved later replaces it). A row, not a table: a data
folder from before needs no change, and an older version of the app passes a 0 over as a
value it does not know.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from enum import IntEnum

from sqlalchemy import Column, DateTime, Engine, Integer, MetaData, String, Table, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.sql import Executable

from buraco_app import database
from buraco_app.database import prepare, unreachable
from buraco_app.sheets import SheetStore

QP_LEARNER = "learner"
COOKIE = "buraco_learner"
COOKIE_MAX_AGE = 2 * 365 * 24 * 3600  # seconds: two years
_METADATA = MetaData()
PROGRESS = Table(
    "progress",
    _METADATA,
    Column("learner", String(40), primary_key=True),
    Column("scenario", String(80), primary_key=True),
    Column("result", Integer, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)


class Result(IntEnum):
    """How a scenario went; higher is better."""

    SEEN = 1  # saw the solution
    SOLVED = 2  # solved after a wrong try or a hint
    PERFECT = 3  # solved at the first try, no hint


TRIED = 0  # the stored result of a wrong try alone: below every Result, and none of them


class ProgressStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        prepare(engine)  # (SQLite: WAL and BEGIN IMMEDIATE, as the score sheets' store)
        # SQLite: BEGIN IMMEDIATE takes the write lock up front, waiting its busy timeout;
        # a deferred BEGIN that reads before writing may be refused "locked" at once.
        self._writer = engine.execution_options(buraco_write=True)
        # (Retried as the other stores' tables are: several sessions may create it at once.)
        SheetStore._retry(lambda: _METADATA.create_all(engine), (DBAPIError,))

    def results(self, learner: str) -> dict[str, Result]:
        return self.read(learner)[0]

    def read(self, learner: str) -> tuple[dict[str, Result], frozenset[str]]:
        """The learner's results, and every scenario tried (with a result, or a wrong try
        alone): one query."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(PROGRESS.c.scenario, PROGRESS.c.result).where(PROGRESS.c.learner == learner)
            ).all()
        found = {row.scenario: _known(row.result) for row in rows}
        results = {scenario: result for scenario, result in found.items() if result is not None}
        return results, frozenset(found)

    def latest(self, learner: str) -> str | None:
        """The scenario of the learner's latest saved result: where a learner who comes back
        had got to (None: nothing saved yet)."""
        with self.engine.connect() as conn:
            return conn.execute(
                select(PROGRESS.c.scenario)
                .where(PROGRESS.c.learner == learner, PROGRESS.c.result > TRIED)
                .order_by(PROGRESS.c.updated_at.desc())
                .limit(1)
            ).scalar_one_or_none()

    def record(self, learner: str, scenario: str, result: Result) -> Result:
        """Save the result if it beats the stored one; return the best.

        One upsert that keeps the better result, so many learners saving at once never race
        between a read and a write; a writer that still finds the database busy retries a few
        times before giving up."""
        return self._keep(learner, scenario, result) or result

    def record_try(self, learner: str, scenario: str) -> None:
        """Keep that the learner tried the scenario (a wrong try): a row with TRIED where
        there is none, any result already saved left as it is."""
        self._keep(learner, scenario, TRIED)

    def _keep(self, learner: str, scenario: str, result: int) -> Result | None:
        """The upsert that keeps the better result; the best stored (None: TRIED)."""
        now = datetime.now(UTC)
        started = time.monotonic()
        for attempt in range(_ATTEMPTS):
            try:
                with self._writer.begin() as conn:
                    conn.execute(_keep_best(self.engine, learner, scenario, result, now))
                    best = conn.execute(
                        select(PROGRESS.c.result).where(
                            PROGRESS.c.learner == learner, PROGRESS.c.scenario == scenario
                        )
                    ).scalar_one()
                    return _known(best)
            except OperationalError as exc:  # "database is locked" past SQLite's busy timeout
                waited_out = time.monotonic() - started >= database.BUSY_TIMEOUT_S
                if attempt == _ATTEMPTS - 1 or unreachable(exc) or waited_out:  # (as SheetStore)
                    raise
                time.sleep(0.05 * (attempt + 1))
        raise AssertionError("unreachable")


_ATTEMPTS = 4


def _known(stored: object) -> Result | None:
    """A stored result this version knows, else None: a value written by a newer version of
    the app (or by hand) is passed over, rather than fatal to the lessons."""
    return next((r for r in Result if isinstance(stored, int) and r.value == stored), None)


def _keep_best(
    engine: Engine, learner: str, scenario: str, result: int, now: datetime
) -> Executable:
    """INSERT ... ON CONFLICT DO UPDATE, keeping the higher result (SQLite and PostgreSQL)."""
    dialect = engine.dialect.name
    insert = postgresql_insert if dialect == "postgresql" else sqlite_insert
    stmt = insert(PROGRESS).values(
        learner=learner, scenario=scenario, result=int(result), updated_at=now
    )
    return stmt.on_conflict_do_update(
        index_elements=[PROGRESS.c.learner, PROGRESS.c.scenario],
        set_={"result": stmt.excluded.result, "updated_at": stmt.excluded.updated_at},
        where=PROGRESS.c.result < stmt.excluded.result,
    )


def lesson_stars(results: Mapping[str, Result], scenarios: Sequence[str]) -> int:
    """0 to 3 stars: every exercise solved; and half of them at the first try without a
    hint; and all of them so."""
    if not scenarios or any(results.get(s, 0) < Result.SOLVED for s in scenarios):
        return 0
    perfect = sum(results.get(s) == Result.PERFECT for s in scenarios)
    return 3 if perfect == len(scenarios) else 2 if 2 * perfect >= len(scenarios) else 1


def new_learner_id() -> str:
    return secrets.token_urlsafe(12)


def valid_learner_id(text: str) -> bool:
    return 8 <= len(text) <= 40 and all(c.isalnum() or c in "-_" for c in text)


_STORES: dict[int, tuple[Engine, ProgressStore]] = {}


def store_for(engine: Engine) -> ProgressStore:
    """One ProgressStore per engine (creating its table once)."""
    found = _STORES.get(id(engine))
    if found is None or found[0] is not engine:
        found = (engine, ProgressStore(engine))
        _STORES[id(engine)] = found
    return found[1]
