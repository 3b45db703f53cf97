"""Score sheets that are never lost: matches and their rounds in SQL, through SQLAlchemy 2.x.

`SheetStore(engine)` is a plain class without Streamlit (the tests drive it directly); where
the database lives is buraco_app/database.py, the pages' glue buraco_app/sheet_page.py.

Tables:
- matches(id, names JSON, target, preset, options JSON, created_at): `id` is random and
  URL-safe, the match's link is `?match=<id>`; the rules are the preset plus the changed
  options, as the match was created.
- rounds(id, match_id, number, points JSON, detail JSON, created_at), unique
  (match_id, number): `points` is each side's total for the round, `detail` the itemised
  score when the round came from the calculator.
- watch_links(id, match_id): a second random id per match, the read-only link
  `?watch=<id>` for watchers; it cannot be turned back into the match id (the write key).
- corrections(id, match_id, number, before JSON, after JSON, detail JSON, created_at): one
  row per correction of a round ("corrigir rodada"), the round's points before and after,
  and the round's `detail` as it was before (the calculator's itemised round no longer adds
  up to corrected points: the round's own `detail` is cleared, and kept here). The round's
  row holds the points now; undoing a round removes its corrections with it (a new round
  of that number must not look corrected). A database older than this table gets it from
  create_all on opening, with no correction in it.
- learner_matches(learner, match_id, opened_at): the matches a learner (the lessons' and
  Jogar's learner id, kept in the browser's cookie: buraco_app/progress.py) opened, and
  when last, for the score sheet's list of recent matches, which a reload of the page kept
  only in the lost session. A table of its own, as Jogar's learner_games, not a column: a
  database older than it gets it from create_all on opening, its matches untouched.

Safety: every write is one transaction. Adding, correcting or undoing a round first locks
the match (PostgreSQL: SELECT ... FOR UPDATE; SQLite: BEGIN IMMEDIATE, one writer at a
time), then numbers the round (or checks the round is still what the phone showed); the
unique (match_id, number) constraint plus a retry covers whatever gets past the lock. A
correction updates the round and records itself in that one transaction. A process killed
mid-write leaves an uncommitted transaction that the database rolls back (SQLite's
journal, PostgreSQL's dropped connection): the sheet is as it was before that round (or
correction), or after it, never in between.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import random
import re
import secrets
import threading
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
    bindparam,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError

from buraco_app import database
from buraco_app.database import prepare, storage_place, unreachable
from buraco_core.errors import BuracoInputError
from buraco_core.numbers import BEYOND, whole_number
from buraco_core.rules import PRESETS, RuleSet
from buraco_core.scoring import MatchStanding, match_standing
from buraco_text import Lang, signed

MIN_SIDES, MAX_SIDES = 2, 4
MAX_NAME = 30
MAX_POINTS = 50_000  # per side per round: far beyond any real round, short of a typo's 5000000
MAX_POINTS_TEXT = 20  # characters typed for one side's points ("-50.000" is 7)
MAX_DETAIL_BYTES = 64_000
MATCH_ID_RE = re.compile(r"^[A-Za-z0-9_-]{8,32}$")
WRITE_ATTEMPTS = 8
# A round refused because another phone entered (or undid) one since this one was drawn.
STALE_ADD = ("add_stale", "add_stale_many", "add_stale_undone")
# A correction refused because the round is no longer what this phone showed.
STALE_CORRECT = ("correct_stale", "correct_gone")

T = TypeVar("T")
_LOG = logging.getLogger(__name__)


# --- errors --------------------------------------------------------------------------------


class SheetError(ValueError):
    """Bad input or a refused change. `field` names the input, `code` keys the UI message
    (the page translates it), `params` fill it; str() is a plain English message."""

    def __init__(self, field: str, code: str, message: str, **params: Any) -> None:
        self.field = field
        self.code = code
        self.params = params
        super().__init__(f"{field}: {message}" if field else message)


class MatchNotFound(SheetError):
    pass


class StorageUnavailable(SheetError):
    """The database cannot be opened: the data folder cannot be created or written
    (`storage_folder`), a folder stands where its file should be (`storage_not_a_file`),
    the file may be read but not written (`storage_file_read_only`: a write refused; or
    `storage_folder_read_only`, its folder the server may not write), the file is not a
    database (`storage_damaged`), its tables are not laid out as this version of the app
    expects (`storage_schema`), the database server refused the app's login
    (`storage_login`) or its tables to the app's user (`storage_permission`), or it only
    reads (`storage_read_only`). Retrying will not help; someone must fix the server."""


def opened(open_store: Callable[[], T]) -> T:
    """Open a store, turning a folder or database that cannot work into StorageUnavailable."""
    try:
        return open_store()
    except OSError:  # the data folder cannot be created (sqlite_url's mkdir)
        raise StorageUnavailable(
            "", "storage_folder", "the data folder is unusable", place=storage_place()
        ) from None
    except DBAPIError as exc:
        code = storage_problem(exc)
        if code is not None:
            raise StorageUnavailable(
                "", code, "the database cannot be opened", place=storage_place()
            ) from None
        # Not the folder or the file: said as what it is (busy, or refused), and logged.
        _LOG.warning("the database could not be opened", exc_info=exc)
        raise SheetError("database", failure_code(exc), f"the database failed: {exc}") from None


def storage_problem(exc: DBAPIError) -> str | None:
    """The StorageUnavailable code of an error that retrying cannot cure, else None (a busy
    or restarting database is worth another try)."""
    words = str(exc.orig).lower()
    if "not a database" in words or "malformed" in words:
        return "storage_damaged"
    # A database server that only reads (a replica, or set read-only): not the data folder.
    if "read-only transaction" in words:
        return "storage_read_only"
    # SQLite's file (or its folder) that the server may read but not write ("attempt to
    # write a readonly database"): what is saved still shows; it was called a data folder
    # that cannot be made. The folder, where it is the cause, is named: “o arquivo … só
    # pode ser lido” sent whoever runs the server to the file, which was fine.
    if "readonly database" in words:
        if database.read_only_cause(database.sqlite_file()) == "folder":
            return "storage_folder_read_only"
        return "storage_file_read_only"
    if any(w in words for w in ("unable to open", "readonly", "read-only", "disk i/o", "full")):
        # A folder where the SQLite file should be: the data folder itself is fine.
        file = database.sqlite_file()
        if "unable to open" in words and file is not None and file.is_dir():
            return "storage_not_a_file"
        return "storage_folder"
    # The server refused the app's login: a wrong user, password or database name in
    # BURACO_DATABASE_URL (PostgreSQL's words, sent as the connection is made).
    if (
        "password authentication failed" in words
        or "pg_hba.conf" in words
        or (('database "' in words or 'role "' in words) and "does not exist" in words)
    ):
        return "storage_login"
    # The app's user may not make or use its tables (PostgreSQL 15 and later: only the
    # database's owner may create tables in its public schema, unless granted).
    if "permission denied" in words or "must be owner of" in words:
        return "storage_permission"
    # A table laid out otherwise (another version of the app, or edited by hand): SQLite's
    # and PostgreSQL's words for a missing column.
    if (
        "no such column" in words
        or "has no column named" in words
        or ("column" in words and "does not exist" in words)
    ):
        return "storage_schema"
    return None


def failure_code(exc: Exception) -> str:
    """The "sheet.err." code that says why a database call failed, for a store that does
    not retry by itself (the progress): unusable storage, busy, or refused."""
    if isinstance(exc, SheetError):  # (StorageUnavailable, or busy/refused already worded)
        return exc.code
    if isinstance(exc, DBAPIError):
        if unreachable(exc):
            return "unreachable"
        return storage_problem(exc) or ("busy" if isinstance(exc, OperationalError) else "refused")
    return "refused"


# --- schema --------------------------------------------------------------------------------

metadata = MetaData()

matches = Table(
    "matches",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("names", JSON, nullable=False),
    Column("target", Integer, nullable=False),
    Column("preset", String(16), nullable=False),
    Column("options", JSON, nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

rounds = Table(
    "rounds",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("match_id", String(32), ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("points", JSON, nullable=False),
    Column("detail", JSON, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("match_id", "number", name="uq_round_number"),
)


corrections = Table(
    "corrections",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column(
        "match_id",
        String(32),
        ForeignKey("matches.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    Column("number", Integer, nullable=False),
    Column("before", JSON, nullable=False),
    Column("after", JSON, nullable=False),
    Column("detail", JSON, nullable=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)


watch_links = Table(
    "watch_links",
    metadata,
    Column("id", String(32), primary_key=True),
    Column(
        "match_id",
        String(32),
        ForeignKey("matches.id", ondelete="CASCADE"),
        nullable=False,
        unique=True,
    ),
)


learner_matches = Table(
    "learner_matches",
    metadata,
    Column("learner", String(40), primary_key=True),
    Column(
        "match_id",
        String(32),
        ForeignKey("matches.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    Column("opened_at", DateTime(timezone=True), nullable=False),
)
RECENT_LOOKED_AT = 30  # a learner's latest matches read for the list of recent ones


# A match's Version (rounds and corrections counted, the latest of each), asked on every
# rerun of an open sheet: built once, as building it cost four times running it.
_FIXES = (
    select(
        corrections.c.match_id,
        func.count(corrections.c.id).label("count"),
        func.max(corrections.c.created_at).label("latest"),
    )
    .where(corrections.c.match_id == bindparam("match_id"))
    .group_by(corrections.c.match_id)
    .subquery()
)
_VERSION_QUERY = (
    select(
        func.count(rounds.c.id),
        func.max(rounds.c.id),
        func.max(rounds.c.created_at),
        # (one row per match at most: max() only keeps the query grouped)
        func.max(_FIXES.c.count),
        func.max(_FIXES.c.latest),
    )
    .select_from(matches)
    .outerjoin(rounds, rounds.c.match_id == matches.c.id)
    .outerjoin(_FIXES, _FIXES.c.match_id == matches.c.id)
    .where(matches.c.id == bindparam("match_id"))
    .group_by(matches.c.id)
)


# --- values --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Match:
    id: str
    names: tuple[str, ...]
    target: int
    preset: str
    options: dict[str, Any] = field(default_factory=dict)
    created_at: datetime | None = None

    def rules(self) -> RuleSet:
        """The rules the match was created with (its target included)."""
        try:
            return _match_rules(self.preset, tuple(sorted(self.options.items())), self.target)
        except (KeyError, BuracoInputError, TypeError) as exc:
            # A stored option the core no longer knows: say so rather than guess.
            raise SheetError("rules", "rules_bad", f"stored rules unreadable: {exc}") from None


@lru_cache(maxsize=256)  # a sheet's page asks for its rules several times per rerun
def _match_rules(preset: str, options: tuple[tuple[str, Any], ...], target: int) -> RuleSet:
    return PRESETS[preset].with_options(**{**dict(options), "target_score": target})


@dataclass(frozen=True, slots=True)
class Correction:
    """One correction of round `number`: its points `before` and `after`, and the round's
    detail as it was before (the calculator's itemised round, which the new points no
    longer match; None for a round typed by hand)."""

    number: int
    before: tuple[int, ...]
    after: tuple[int, ...]
    detail: dict[str, Any] | None = None
    created_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Round:
    number: int
    points: tuple[int, ...]
    detail: dict[str, Any] | None = None  # None once corrected: see corrections[0].detail
    created_at: datetime | None = None
    corrections: tuple[Correction, ...] = ()  # oldest first

    @property
    def first_points(self) -> tuple[int, ...]:
        """The points as the round was entered, before any correction."""
        return self.corrections[0].before if self.corrections else self.points

    @property
    def reverted(self) -> bool:
        """Corrected, then corrected back: the round has its first points again."""
        return bool(self.corrections) and self.points == self.first_points

    @property
    def detail_before_correction(self) -> dict[str, Any] | None:
        """The calculator's itemised round of a corrected round (kept, no longer valid)."""
        return self.corrections[0].detail if self.corrections else None


# What changes whenever a round is added, corrected or undone: the rounds' count, highest
# row id and latest time (an undo then an add may reuse the row id, never the time), and
# the match's corrections' count and latest time (a correction changes no round row's id
# or time; undoing a corrected round removes its corrections along with a round).
Version = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Sheet:
    match: Match
    rounds: tuple[Round, ...]
    # As read from the store (None when built by hand); not part of what the sheet says.
    version: Version | None = field(default=None, compare=False)

    def standing(self) -> MatchStanding:
        return _standing(self.match.rules(), self.match.names, tuple(r.points for r in self.rounds))

    def standing_with(self, number: int, points: Sequence[int]) -> MatchStanding:
        """The standing as it would be with round `number` corrected to `points` (what a
        correction would do, said before it is stored)."""
        rows = [tuple(points) if r.number == number else r.points for r in self.rounds]
        return match_standing(self.match.rules(), self.match.names, rows)

    @property
    def last(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None


# A sheet's page asks for its standing on every rerun, the rounds mostly as they were.
@lru_cache(maxsize=64)
def _standing(
    rules: RuleSet, names: tuple[str, ...], rows: tuple[tuple[int, ...], ...]
) -> MatchStanding:
    return match_standing(rules, names, rows)


def points_text(names: Sequence[str], points: Sequence[int], lang: Lang | None = None) -> str:
    """A round's points as messages say them: "Nós +150, Eles -20" (in `lang`, thousands
    marked: "+12.000"; without one, as the CSV file and the store's errors write them)."""
    said = [signed(p, lang) if lang else f"{p:+d}" for p in points]
    return ", ".join(f"{name} {p}" for name, p in zip(names, said, strict=True))


def decided_earlier(standing: MatchStanding) -> tuple[int, str] | None:
    """(round, side) when the running totals had a winner [003: one side alone at the
    top, at or past the target] before the last round: only a correction of an earlier
    round can make that (a round is refused once a side has won). The standing is still
    that of the final totals, as buraco_core.scoring decides it: the later rounds were
    played and count, and the page says so. None otherwise."""
    for index, row in enumerate(standing.running[:-1]):
        top = max(row)
        if top >= standing.target and row.count(top) == 1:
            return index + 1, standing.names[row.index(top)]
    return None


def tie_at_target(standing: MatchStanding) -> int | None:
    """The total that two or more sides share at the top, at or past the target, while no
    side has won: the match goes on until one side is ahead [003]. None otherwise."""
    if standing.winner is not None or not standing.totals:
        return None
    top = max(standing.totals)
    return top if top >= standing.target else None


@dataclass(frozen=True, slots=True)
class Lead:
    """Who is ahead and by how much, as the table asks between rounds."""

    leaders: tuple[str, ...]  # the side at the top, or the sides tied there
    top: int  # their total
    runners_up: tuple[str, ...]  # the sides next below them (none when every side is level)
    runner_up_total: int  # the runners-up's total (the top's when every side is level)
    to_go: int  # what the top still needs to reach the target (0 once reached)

    @property
    def margin(self) -> int:
        """The top's points over the runners-up (0 when every side is level)."""
        return self.top - self.runner_up_total


def lead(standing: MatchStanding) -> Lead | None:
    """The standing's lead; None before the first round (nobody has scored)."""
    if not standing.rounds:
        return None
    sides = list(zip(standing.names, standing.totals, strict=True))
    top = max(standing.totals)
    second = max((p for p in standing.totals if p < top), default=top)
    return Lead(
        leaders=tuple(n for n, p in sides if p == top),
        top=top,
        runners_up=tuple(n for n, p in sides if second < top and p == second),
        runner_up_total=second,
        to_go=max(0, standing.target - top),
    )


# --- input checks (plain functions: the pages call them on typed text too) ----------------


def clean_name(raw: Any, index: int) -> str:
    """One side's name (the side at `index`, from 0): 1..30 characters of text, spaces
    folded; a SheetError at names[index] otherwise."""
    where = f"names[{index}]"
    if not isinstance(raw, str):
        raise SheetError(where, "name_empty", "expected a name", side=index + 1)
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not name:
        raise SheetError(where, "name_empty", "a side needs a name", side=index + 1)
    if len(name) > MAX_NAME:
        raise SheetError(
            where,
            "name_too_long",
            f"at most {MAX_NAME} characters",
            side=index + 1,
            max=MAX_NAME,
            count=len(name),
        )
    if any(unicodedata.category(ch) in ("Cc", "Cf") for ch in name):
        raise SheetError(where, "name_bad_char", "control characters", side=index + 1)
    return name


def clean_names(names: Sequence[Any]) -> tuple[str, ...]:
    """Side names: 2 to 4, each 1..30 characters of text, all different."""
    if not MIN_SIDES <= len(names) <= MAX_SIDES:
        raise SheetError(
            "names",
            "names_count",
            f"a match has {MIN_SIDES} to {MAX_SIDES} sides",
            low=MIN_SIDES,
            high=MAX_SIDES,
        )
    cleaned: list[str] = []
    for index, raw in enumerate(names):
        where = f"names[{index}]"
        name = clean_name(raw, index)
        if name.casefold() in (n.casefold() for n in cleaned):
            raise SheetError(where, "name_duplicate", "two sides with one name", name=name)
        cleaned.append(name)
    return tuple(cleaned)


TARGET_RANGE = (100, 100_000)  # the range RuleSet.target_score allows


def check_target(value: Any) -> int:
    """A match's target from a number or typed text ("3000", "3.000"); out of range or no
    number -> SheetError "target_range", echoing what was typed (cut short)."""
    low, high = TARGET_RANGE
    if not str(value).strip():
        raise SheetError("target", "target_blank", "no target", low=low, high=high)
    target = whole_number(value)
    if target is None or not low <= target <= high:
        raise SheetError(
            "target",
            "target_range",
            f"expected {low} to {high}",
            low=low,
            high=high,
            value=echo(value),
        )
    return target


def echo(value: Any, limit: int = MAX_POINTS_TEXT) -> str:
    """What was typed, shown back in a message: stripped, and cut short past `limit`."""
    text = str(value).strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_points(value: Any, where: str = "points") -> int:
    """A round's points for one side, from a number or typed text: "-150", "−150", "1.200".

    Not a whole number -> SheetError "points_not_number"; beyond ±50,000 -> "points_absurd";
    text longer than 20 characters that is no number -> "points_too_long" (not echoed).
    """
    number = whole_number(value)
    if number is None and isinstance(value, str) and len(value.strip()) > MAX_POINTS_TEXT:
        raise SheetError(
            where, "points_too_long", f"over {MAX_POINTS_TEXT} characters", max=MAX_POINTS_TEXT
        )
    if number is None:
        raise SheetError(where, "points_not_number", f"not a whole number: {value!r}", value=value)
    if abs(number) > MAX_POINTS:
        # Past the digits the reader converts, the number is a stand-in: say what was typed.
        shown = value.strip() if isinstance(value, str) and abs(number) >= BEYOND else number
        raise SheetError(
            where,
            "points_absurd",
            f"{shown} is beyond ±{MAX_POINTS}",
            value=shown,
            max=MAX_POINTS,
        )
    return number


def check_match_id(match_id: Any) -> str:
    if not isinstance(match_id, str) or not MATCH_ID_RE.match(match_id.strip()):
        raise MatchNotFound("match", "match_unknown", f"no match {match_id!r}", id=match_id)
    return match_id.strip()


def match_id_from_text(text: str) -> str:
    """A match id from what someone pasted: the id itself or a link with ?match=<id>."""
    found = re.search(r"[?&]match=([A-Za-z0-9_-]+)", text)
    return check_match_id(found.group(1) if found else text.strip())


def check_watch_id(watch_id: Any) -> str:
    if not isinstance(watch_id, str) or not MATCH_ID_RE.match(watch_id.strip()):
        raise MatchNotFound("watch", "match_unknown", f"no watch link {watch_id!r}", id=watch_id)
    return watch_id.strip()


def new_match_id() -> str:
    return secrets.token_urlsafe(9)  # 12 characters, 72 random bits


# --- the store -----------------------------------------------------------------------------


class SheetStore:
    """Matches and rounds in one SQL database. Thread-safe; many processes may share it."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.is_sqlite = engine.dialect.name == "sqlite"
        prepare(engine)
        self._writer = engine.execution_options(buraco_write=True)
        self._retry(lambda: metadata.create_all(engine), (DBAPIError,))

    # --- reading

    def get_match(self, match_id: str) -> Match:
        match_id = check_match_id(match_id)
        return self._read(lambda conn: self._match(conn, match_id))

    def sheet(self, match_id: str) -> Sheet:
        """The match and all its rounds, read in one transaction."""
        match_id = check_match_id(match_id)

        def read(conn: Connection) -> Sheet:
            match = self._match(conn, match_id)
            rows = conn.execute(
                select(rounds.c.number, rounds.c.points, rounds.c.detail, rounds.c.created_at)
                .where(rounds.c.match_id == match_id)
                .order_by(rounds.c.number)
            ).all()
            fixes: dict[int, list[Correction]] = {}
            for c in conn.execute(
                select(corrections)
                .where(corrections.c.match_id == match_id)
                .order_by(corrections.c.id)
            ).all():
                fixes.setdefault(c.number, []).append(
                    Correction(
                        c.number,
                        _stored_points(c.before, match),
                        _stored_points(c.after, match),
                        _stored_detail(c.detail),
                        c.created_at,
                    )
                )
            return Sheet(
                match,
                tuple(
                    Round(
                        r.number,
                        _stored_points(r.points, match),
                        _stored_detail(r.detail),
                        r.created_at,
                        tuple(fixes.get(r.number, ())),
                    )
                    for r in rows
                ),
                self._version(conn, match_id),
            )

        return self._read(read)

    def sheet_since(self, match_id: str, known: Sheet | None) -> Sheet:
        """The sheet as `sheet` reads it, or `known` itself when it is that match and no
        round was added, corrected or undone since it was read: one small query instead of every
        round, for a page that redraws the same sheet on every rerun."""
        match_id = check_match_id(match_id)
        if known is None or known.version is None or known.match.id != match_id:
            return self.sheet(match_id)
        if self._read(lambda conn: self._version(conn, match_id)) == known.version:
            return known
        return self.sheet(match_id)

    def recent_matches(self, learner: str, limit: int = 5) -> list[Match]:
        """The matches `learner` opened (remember_match), the last opened first; one that
        cannot be read is left out (its own link says why)."""
        query = (
            select(learner_matches.c.match_id)
            .where(learner_matches.c.learner == learner)
            # (the id breaks a tie: the same list, in the same order, on every read)
            .order_by(learner_matches.c.opened_at.desc(), learner_matches.c.match_id.desc())
            .limit(RECENT_LOOKED_AT)
        )

        def read(conn: Connection) -> list[Match]:
            found: list[Match] = []
            for match_id in conn.execute(query).scalars().all():
                try:  # (a stored value this version cannot read fails as it is decoded)
                    found.append(self._match(conn, match_id))
                except (SheetError, ValueError, TypeError, KeyError):
                    continue
                if len(found) == limit:
                    break
            return found

        return self._read(read)

    # --- writing

    def remember_match(self, learner: str, match_id: str) -> None:
        """Keep that `learner` opened the match now: first among their recent_matches."""
        match_id = check_match_id(match_id)
        now = datetime.now(UTC)
        mine = (learner_matches.c.learner == learner) & (learner_matches.c.match_id == match_id)

        def write(conn: Connection) -> None:
            self._match(conn, match_id)  # (MatchNotFound, not the foreign key's refusal)
            if conn.execute(update(learner_matches).where(mine).values(opened_at=now)).rowcount:
                return
            # (Another tab may insert it first: the IntegrityError retries, and updates.)
            conn.execute(
                insert(learner_matches).values(learner=learner, match_id=match_id, opened_at=now)
            )

        self._write(write)

    def create_match(
        self, names: Sequence[str], *, rules: RuleSet, target: Any | None = None
    ) -> Match:
        clean = clean_names(names)
        goal = check_target(rules.target_score if target is None else target)
        options = {k: v for k, v in rules.changed_options().items() if k != "target_score"}
        match = Match(new_match_id(), clean, goal, rules.preset, options, datetime.now(UTC))
        match.rules()  # refuse rules that could not be read back

        def write(conn: Connection) -> Match:
            conn.execute(
                insert(matches).values(
                    id=match.id,
                    names=list(match.names),
                    target=match.target,
                    preset=match.preset,
                    options=match.options,
                    created_at=match.created_at,
                )
            )
            conn.execute(insert(watch_links).values(id=new_match_id(), match_id=match.id))
            return match

        return self._write(write)

    def add_round(
        self,
        match_id: str,
        points: Sequence[Any],
        *,
        detail: dict[str, Any] | None = None,
        expected_number: int | None = None,
    ) -> Round:
        """Append a round (each side's points) in one transaction; returns it, numbered.

        With `expected_number` (the round number the phone showed), only if that is still
        the next round: a second phone may have entered it, or undone one, since this one
        was drawn, and the points typed here were meant for that number. Then nothing is
        stored: "add_stale" names the round the other phone entered and its points (or
        "add_stale_many" the rounds, "add_stale_undone" the number now next).
        """
        match_id = check_match_id(match_id)
        values = tuple(parse_points(p, f"points[{i}]") for i, p in enumerate(points))
        detail = _check_detail(detail)

        def write(conn: Connection) -> Round:
            match = self._match(conn, match_id, lock=True)
            _check_points_count(match, values)
            done = conn.execute(
                select(rounds.c.number, rounds.c.points)
                .where(rounds.c.match_id == match_id)
                .order_by(rounds.c.number)
            ).all()
            standing = match_standing(match.rules(), match.names, [r.points for r in done])
            if standing.winner is not None:
                raise SheetError(
                    "match", "match_over", f"{standing.winner} already won", winner=standing.winner
                )
            number = done[-1].number + 1 if done else 1
            if expected_number is not None and number != expected_number:
                _refuse_stale_add(match, done, expected_number, number)
            new = Round(number, values, detail, datetime.now(UTC))
            conn.execute(
                insert(rounds).values(
                    match_id=match_id,
                    number=new.number,
                    points=list(values),
                    detail=detail,
                    created_at=new.created_at,
                )
            )
            return new

        return self._write(write)

    def correct_round(
        self,
        match_id: str,
        number: Any,
        points: Sequence[Any],
        *,
        expected_points: Sequence[int] | None = None,
    ) -> Correction:
        """Replace round `number`'s points (each side's), in one transaction; returns the
        correction. The round's calculator detail no longer adds up to the new points: it
        moves to the correction (kept, shown as from before it) and the round has none.

        With `expected_points` (the round's points as the phone showed them), only if the
        round still has them. What another phone may have done since that phone drew them:
        - corrected this round, or undone it and entered another one with that number:
          the correction was typed against points no longer there, and the other phone's
          may be the right ones. Nothing is stored: "correct_stale" says the points now.
        - undone it: there is no round to correct. "correct_gone" says the last round.
        - added rounds after it: that does not matter, and the correction is stored. A
          round's points are its own (the later rounds' do not depend on them), the totals
          and the winner are worked out again from all the rounds; refusing would make
          the scorer type the same correction again while the table goes on playing.
          Nor does a match being over: a mistyped round may be what ended it.
        """
        match_id = check_match_id(match_id)
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise SheetError(
                "number", "correct_no_round", f"no round {number!r}", number=number, last=0
            )
        values = tuple(parse_points(p, f"points[{i}]") for i, p in enumerate(points))
        expected = None if expected_points is None else tuple(expected_points)

        def write(conn: Connection) -> Correction:
            match = self._match(conn, match_id, lock=True)
            _check_points_count(match, values)
            row = conn.execute(
                select(rounds.c.id, rounds.c.points, rounds.c.detail).where(
                    rounds.c.match_id == match_id, rounds.c.number == number
                )
            ).first()
            if row is None:
                last = conn.execute(
                    select(func.max(rounds.c.number)).where(rounds.c.match_id == match_id)
                ).scalar()
                code = "correct_no_round" if expected is None else "correct_gone"
                raise SheetError(
                    "number", code, f"there is no round {number}", number=number, last=last or 0
                )
            before = tuple(row.points)
            if expected is not None and before != expected:
                raise SheetError(
                    "match",
                    "correct_stale",
                    f"round {number} now has other points",
                    number=number,
                    points=points_text(match.names, before),
                )
            if before == values:
                raise SheetError(
                    "points", "correct_same", f"round {number} has these points", number=number
                )
            fix = Correction(number, before, values, row.detail, datetime.now(UTC))
            conn.execute(
                update(rounds).where(rounds.c.id == row.id).values(points=list(values), detail=None)
            )
            conn.execute(
                insert(corrections).values(
                    match_id=match_id,
                    number=number,
                    before=list(before),
                    after=list(values),
                    detail=row.detail,
                    created_at=fix.created_at,
                )
            )
            return fix

        return self._write(write)

    def undo_last(self, match_id: str, *, expected_number: int | None = None) -> Round:
        """Remove the last round, in one transaction; returns what was removed.

        With `expected_number`, only if that is still the last round: a second phone may
        have added one since this one was drawn, and that one must not go instead.
        """
        match_id = check_match_id(match_id)

        def write(conn: Connection) -> Round:
            self._match(conn, match_id, lock=True)
            row = conn.execute(
                select(rounds.c.number, rounds.c.points, rounds.c.detail, rounds.c.created_at)
                .where(rounds.c.match_id == match_id)
                .order_by(rounds.c.number.desc())
                .limit(1)
            ).first()
            if row is None:
                raise SheetError("match", "undo_nothing", "no round to undo")
            if expected_number is not None and row.number != expected_number:
                raise SheetError(
                    "match",
                    "undo_stale",
                    f"the last round is now {row.number}, not {expected_number}",
                    last=row.number,
                    expected=expected_number,
                )
            conn.execute(
                delete(rounds).where(rounds.c.match_id == match_id, rounds.c.number == row.number)
            )
            conn.execute(  # (a new round of this number must not look corrected)
                delete(corrections).where(
                    corrections.c.match_id == match_id, corrections.c.number == row.number
                )
            )
            return Round(row.number, tuple(row.points), row.detail, row.created_at)

        return self._write(write)

    # --- the read-only link

    def watch_id(self, match_id: str) -> str:
        """The match's read-only id (made on first use for a match older than these links)."""
        match_id = check_match_id(match_id)

        def find(conn: Connection) -> str | None:
            self._match(conn, match_id)
            found: str | None = conn.execute(
                select(watch_links.c.id).where(watch_links.c.match_id == match_id)
            ).scalar()
            return found

        def make(conn: Connection) -> str:
            # Another phone may have made it since the read: the IntegrityError retries,
            # and the retry finds that one.
            return find(conn) or _new_watch_link(conn, match_id)

        return self._read(find) or self._write(make)

    def watched_sheet(self, watch_id: str) -> Sheet:
        """The sheet behind a read-only id. Its match id must not reach the watcher."""
        watch_id = check_watch_id(watch_id)
        match_id = self._read(
            lambda conn: conn.execute(
                select(watch_links.c.match_id).where(watch_links.c.id == watch_id)
            ).scalar()
        )
        if match_id is None:
            raise MatchNotFound(
                "watch", "match_unknown", f"no watch link {watch_id!r}", id=watch_id
            )
        return self.sheet(match_id)

    # --- export

    def export_csv(
        self,
        match_id: str,
        *,
        round_label: str = "round",
        total_label: str = "{name} total",
        corrected_label: str = "corrected",
        was_text: str = "was {points}",
        undone_text: str = "correction undone: as entered",
    ) -> str:
        """CSV: round number, each side's points, each side's running total (and what a
        corrected round had before: see sheet_csv)."""
        return sheet_csv(
            self.sheet(match_id),
            round_label=round_label,
            total_label=total_label,
            corrected_label=corrected_label,
            was_text=was_text,
            undone_text=undone_text,
        )

    # --- internals

    def _match(self, conn: Connection, match_id: str, *, lock: bool = False) -> Match:
        query = select(matches).where(matches.c.id == match_id)
        if lock:
            query = query.with_for_update()  # PostgreSQL row lock; SQLite: BEGIN IMMEDIATE
        row = conn.execute(query).first()
        if row is None:
            raise MatchNotFound("match", "match_unknown", f"no match {match_id!r}", id=match_id)
        names, options = row.names, row.options
        if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
            raise ValueError("stored names")
        if not isinstance(options, dict) or not isinstance(row.target, int):
            raise ValueError("stored rules")
        match = Match(row.id, tuple(names), row.target, row.preset, options, row.created_at)
        match.rules()  # (rules this version cannot read: said now, as rules_bad)
        return match

    def _version(self, conn: Connection, match_id: str) -> Version:
        """The match's Version; MatchNotFound when the match is gone."""
        row = conn.execute(_VERSION_QUERY, {"match_id": match_id}).first()
        if row is None:
            raise MatchNotFound("match", "match_unknown", f"no match {match_id!r}", id=match_id)
        return tuple(row)

    def _read(self, fn: Callable[[Connection], T]) -> T:
        def run() -> T:
            with self.engine.connect() as conn, conn.begin():
                return _readable(fn, conn)

        return self._retry(run, (OperationalError,))

    def _write(self, fn: Callable[[Connection], T]) -> T:
        def run() -> T:
            with self._writer.begin() as conn:
                return _readable(fn, conn)

        # IntegrityError: another session took this round number first; OperationalError:
        # busy/deadlock/a dropped connection. Both roll back whole, so trying again is safe.
        return self._retry(run, (IntegrityError, OperationalError))

    @staticmethod
    def _retry(fn: Callable[[], T], retry_on: tuple[type[BaseException], ...]) -> T:
        """Run one whole transaction, again on what a retry can cure. Whatever the database
        says ends as a SheetError (the page words it); the transaction was rolled back whole.
        A database still busy once a whole busy timeout has gone by is said busy at once: SQLite
        waits that long inside one try, so a program holding the file's lock (a tool with an
        edit not saved) had made a tap wait 8 tries, about 85 s."""
        started = time.monotonic()
        for attempt in range(WRITE_ATTEMPTS):
            try:
                return fn()
            except DBAPIError as exc:
                problem = storage_problem(exc)
                if problem is not None:
                    raise StorageUnavailable(
                        "", problem, "the database cannot work", place=storage_place()
                    ) from None
                if unreachable(exc):  # (the server: a pause here would not bring it back)
                    raise SheetError(
                        "database", "unreachable", f"no connection: {exc}", place=storage_place()
                    ) from None
                if not isinstance(exc, retry_on):  # a database error no retry will cure
                    _LOG.error("score sheet: the database refused", exc_info=exc)
                    raise SheetError("database", "refused", f"the database refused: {exc}") from exc
                waited_out = time.monotonic() - started >= database.BUSY_TIMEOUT_S
                if isinstance(exc, OperationalError) and (
                    attempt == WRITE_ATTEMPTS - 1 or waited_out
                ):
                    # (The page says "try again"; the log keeps what the database said.)
                    _LOG.warning("score sheet: the database stayed busy", exc_info=exc)
                    raise SheetError("database", "busy", f"the database is busy: {exc}") from exc
                if attempt == WRITE_ATTEMPTS - 1:  # a constraint that holds every time
                    raise SheetError("database", "refused", f"the database refused: {exc}") from exc
                _pause(attempt)
        raise AssertionError("unreachable")


def _pause(attempt: int) -> None:
    """Wait before trying a write again: longer each time, and at random, so that two
    sessions that collided do not collide again in step."""
    time.sleep(random.uniform(0.01, 0.05) * 2**attempt)


def _readable(fn: Callable[[Connection], T], conn: Connection) -> T:
    """`fn(conn)`, a stored value it cannot read (malformed JSON, or written by another
    version of the app) said as a SheetError: that match cannot be shown, the others can;
    the row is left as it is, for whoever runs the server to rescue."""
    try:
        return fn(conn)
    except SheetError:
        raise
    except (ValueError, TypeError, KeyError) as exc:
        _LOG.warning("score sheet: a stored match cannot be read", exc_info=exc)
        raise SheetError(
            "match",
            "match_unreadable",
            f"a stored match is unreadable: {exc}",
            place=storage_place(),
        ) from None


def _stored_points(value: Any, match: Match) -> tuple[int, ...]:
    """A round's stored points, one whole number per side (ValueError otherwise)."""
    if not isinstance(value, list) or len(value) != len(match.names):
        raise ValueError("stored points")
    if not all(isinstance(p, int) and not isinstance(p, bool) for p in value):
        raise ValueError("stored points")
    return tuple(value)


def _stored_detail(value: Any) -> dict[str, Any] | None:
    if value is not None and not isinstance(value, dict):
        raise ValueError("stored detail")
    return value


def _check_points_count(match: Match, values: Sequence[int]) -> None:
    """One score per side of the match, or a SheetError at `points`."""
    if len(values) != len(match.names):
        raise SheetError(
            "points",
            "points_count",
            f"expected {len(match.names)} scores, got {len(values)}",
            expected=len(match.names),
            got=len(values),
        )


def _refuse_stale_add(match: Match, done: Sequence[Any], expected: int, number: int) -> None:
    """The SheetError for a round typed as round `expected` when `number` is next: what the
    other phone did, so the one whose round was refused can check it and enter theirs."""
    if number < expected:  # rounds were undone there
        raise SheetError(
            "match",
            "add_stale_undone",
            f"round {expected} was not added: the next round is now {number}",
            expected=expected,
            next=number,
        )
    entered = [r for r in done if r.number >= expected]
    if len(entered) == 1:
        points = points_text(match.names, entered[0].points)
        raise SheetError(
            "match",
            "add_stale",
            f"round {expected} was entered by another phone ({points})",
            number=entered[0].number,
            points=points,
            next=number,
        )
    raise SheetError(
        "match",
        "add_stale_many",
        f"rounds {expected} to {number - 1} were entered by another phone",
        first=expected,
        last=number - 1,
        next=number,
    )


def _new_watch_link(conn: Connection, match_id: str) -> str:
    watch_id = new_match_id()
    conn.execute(insert(watch_links).values(id=watch_id, match_id=match_id))
    return watch_id


def sheet_csv(
    sheet: Sheet,
    *,
    round_label: str = "round",
    total_label: str = "{name} total",
    corrected_label: str = "corrected",
    was_text: str = "was {points}",
    undone_text: str = "correction undone: as entered",
    delimiter: str = ",",
) -> str:
    """A sheet as CSV: round number, each side's points (as corrected), each side's
    running total. A sheet with a corrected round has one more column, `corrected_label`:
    for each corrected round, the points it had before (`was_text`; oldest first, "; "
    between two corrections), empty for the others: the paper sheet's crossed-out number; a
    round corrected back to its first points, `undone_text` (its points as entered).
    The fields are separated by `delimiter` (see `spreadsheet_csv`)."""
    names = sheet.match.names
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    header = [round_label, *names, *(total_label.format(name=n) for n in names)]
    corrected = any(rnd.corrections for rnd in sheet.rounds)
    if corrected:
        header.append(corrected_label)
    writer.writerow([_csv_text(h) for h in header])
    running = [0] * len(names)
    for rnd in sheet.rounds:
        running = [a + b for a, b in zip(running, rnd.points, strict=True)]
        row: list[Any] = [rnd.number, *rnd.points, *running]
        if corrected:
            was = "; ".join(points_text(names, c.before) for c in rnd.corrections)
            if rnd.reverted:
                was = undone_text
            elif was:
                was = was_text.format(points=was)
            row.append(_csv_text(was))
        writer.writerow(row)
    return out.getvalue()


def spreadsheet_csv(sheet: Sheet, *, delimiter: str, **labels: str) -> bytes:
    """`sheet_csv` as the file “Baixar CSV” gives, for a spreadsheet to open with a tap.
    Excel splits a CSV's fields at its language's list separator: “;” in Portuguese (where
    “,” is the decimal comma), “,” in English; so the page passes the language's
    (`sheet.csv_delimiter`). And Excel reads a file as UTF-8 only after a byte-order mark:
    without one, “Nós” opens as “NÃ³s”."""
    return "\ufeff".encode() + sheet_csv(sheet, delimiter=delimiter, **labels).encode()


def _check_detail(detail: dict[str, Any] | None) -> dict[str, Any] | None:
    if detail is None:
        return None
    try:
        text = json.dumps(detail)
    except (TypeError, ValueError):
        raise SheetError("detail", "detail_bad", "the round's detail is not JSON") from None
    if len(text) > MAX_DETAIL_BYTES:
        raise SheetError("detail", "detail_bad", "the round's detail is too large")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _csv_text(text: str) -> str:
    # A name starting with = + - @ would be run as a formula by a spreadsheet.
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


# --- one store per engine ----------------------------------------------------------------

_STORES: dict[int, tuple[Engine, SheetStore]] = {}
_STORES_LOCK = threading.Lock()


def store_for(engine: Engine) -> SheetStore:
    """One SheetStore per engine (creating the tables once)."""
    with _STORES_LOCK:
        found = _STORES.get(id(engine))
        if found is None or found[0] is not engine:
            found = (engine, SheetStore(engine))
            _STORES[id(engine)] = found
        return found[1]
