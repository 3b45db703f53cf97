"""The score-sheet store (buraco_app.sheets) without Streamlit: create, add, undo, CSV, bad
input, concurrency (threads and processes), and a process killed in the middle of a write.

Every storage test runs against SQLite (a file in a temporary directory) and against
PostgreSQL when BURACO_TEST_POSTGRES_URL is set (.ci/run starts a server and sets it); in CI
(CI=true) a missing PostgreSQL fails the run instead of skipping it.
"""

from __future__ import annotations

import csv
import io
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, text

from buraco_app import database, sheets
from buraco_app.sheet_page import csv_texts, md_text
from buraco_app.sheets import (
    MatchNotFound,
    SheetError,
    SheetStore,
    clean_names,
    parse_points,
    spreadsheet_csv,
)
from buraco_core import ruleset
from buraco_text import catalog

PT, EN = catalog("pt"), catalog("en")

ROOT = Path(__file__).resolve().parents[1]
PG_ENV = "BURACO_TEST_POSTGRES_URL"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
FECHADO_20 = ruleset("fechado", joker_points=20)


# --- backends ------------------------------------------------------------------------------


@dataclass
class Backend:
    """How to open the same database again, here and in a subprocess."""

    name: str
    url: str
    schema: str | None = None  # PostgreSQL: each test gets its own schema

    def engine(self) -> Engine:
        return make_engine(self.url, self.schema)

    def store(self) -> SheetStore:
        return SheetStore(self.engine())


def make_engine(url: str, schema: str | None) -> Engine:
    if schema is None:
        return database.open_engine(url)
    return create_engine(
        url, connect_args={"options": f"-csearch_path={schema}"}, **database.engine_options(url)
    )


def _postgres_url() -> str:
    url = os.environ.get(PG_ENV, "").strip()
    if not url:
        message = f"{PG_ENV} is not set: no PostgreSQL to test the store against"
        if IN_CI:
            pytest.fail(message + " (CI=true: .ci/run must start PostgreSQL)", pytrace=False)
        pytest.skip(message)
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Backend]:
    if request.param == "sqlite":
        yield Backend("sqlite", database.sqlite_url(tmp_path / "data"))
        return
    url = _postgres_url()
    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(url)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        yield Backend("postgresql", url, schema)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def store(backend: Backend) -> Iterator[SheetStore]:
    opened = backend.store()
    yield opened
    opened.engine.dispose()


# --- create, read, add, undo, CSV ---------------------------------------------------------


def test_create_and_read_back_in_a_new_store(backend: Backend, store: SheetStore) -> None:
    match = store.create_match(["  Nós ", "Eles"], rules=FECHADO_20)
    assert re.fullmatch(r"[A-Za-z0-9_-]{12}", match.id)
    again = backend.store()  # another process or a restarted server would do the same
    read = again.get_match(match.id)
    assert read.names == ("Nós", "Eles")
    assert read.target == 3000
    assert read.rules() == FECHADO_20
    assert read.created_at is not None
    assert again.sheet(match.id).rounds == ()
    again.engine.dispose()


def test_target_and_rules_are_those_of_the_match(store: SheetStore) -> None:
    rules = ruleset("stbl", vulnerable_min_meld_points=75)
    match = store.create_match(["A", "B"], rules=rules, target=2000)
    read = store.get_match(match.id).rules()
    assert read.preset == "stbl"
    assert read.target_score == 2000
    assert read.vulnerable_min_meld_points == 75


def test_rounds_running_totals_vulnerable_and_winner(store: SheetStore) -> None:
    rules = ruleset("fechado", vulnerable_min_meld_points=75)
    match = store.create_match(["Nós", "Eles"], rules=rules, target=1000)
    assert store.add_round(match.id, [525, -5]).number == 1
    assert store.add_round(match.id, ["-40", "+300"], detail={"source": "x"}).number == 2
    sheet = store.sheet(match.id)
    assert [r.points for r in sheet.rounds] == [(525, -5), (-40, 300)]
    assert sheet.rounds[1].detail == {"source": "x"}
    standing = sheet.standing()
    assert standing.running == ((525, -5), (485, 295))
    assert standing.vulnerable == (False, False)
    store.add_round(match.id, [100, 0])
    assert store.sheet(match.id).standing().vulnerable == (True, False)  # 585 >= 500
    store.add_round(match.id, [500, 10])
    standing = store.sheet(match.id).standing()
    assert standing.winner == "Nós" and standing.totals == (1085, 305)
    with pytest.raises(SheetError) as over:
        store.add_round(match.id, [10, 10])
    assert over.value.code == "match_over"


def test_undo_the_last_round_only(store: SheetStore) -> None:
    match = store.create_match(["A", "B"], rules=FECHADO_20)
    with pytest.raises(SheetError) as nothing:
        store.undo_last(match.id)
    assert nothing.value.code == "undo_nothing"
    store.add_round(match.id, [10, 20])
    store.add_round(match.id, [30, 40])
    with pytest.raises(SheetError) as stale:
        store.undo_last(match.id, expected_number=1)  # another phone added round 2 since
    assert stale.value.code == "undo_stale" and stale.value.params["last"] == 2
    gone = store.undo_last(match.id, expected_number=2)
    assert (gone.number, gone.points) == (2, (30, 40))
    assert [r.number for r in store.sheet(match.id).rounds] == [1]
    assert store.add_round(match.id, [5, 5]).number == 2  # the number is free again


def test_a_round_typed_for_a_number_another_phone_took_is_not_added(store: SheetStore) -> None:
    """A phone that showed "round 2" does not add its round as round 3 when another phone
    entered round 2 first (or undid round 1): nothing is stored, and the error says what
    the other phone did, with that round's points."""
    match = store.create_match(["Ana", "Bia"], rules=FECHADO_20)
    assert store.add_round(match.id, [10, 20], expected_number=1).number == 1
    store.add_round(match.id, [100, -40])  # the other phone's round 2
    with pytest.raises(SheetError) as stale:
        store.add_round(match.id, [50, 60], expected_number=2)
    assert stale.value.code == "add_stale" and stale.value.field == "match"
    assert stale.value.params == {"number": 2, "points": "Ana +100, Bia -40", "next": 3}
    store.add_round(match.id, [1, 1])  # and its round 3
    with pytest.raises(SheetError) as many:
        store.add_round(match.id, [50, 60], expected_number=2)
    assert many.value.code == "add_stale_many"
    assert many.value.params == {"first": 2, "last": 3, "next": 4}
    store.undo_last(match.id)
    store.undo_last(match.id)
    with pytest.raises(SheetError) as undone:
        store.add_round(match.id, [50, 60], expected_number=3)
    assert undone.value.code == "add_stale_undone" and undone.value.params["next"] == 2
    assert [r.points for r in store.sheet(match.id).rounds] == [(10, 20)]
    assert store.add_round(match.id, [50, 60], expected_number=2).number == 2


def test_export_csv(store: SheetStore) -> None:
    match = store.create_match(["Nós", "=Eles"], rules=FECHADO_20)
    store.add_round(match.id, [525, -5])
    store.add_round(match.id, [-100, 250])
    assert store.export_csv(match.id).splitlines() == [
        "round,Nós,'=Eles,Nós total,'=Eles total",  # no formula for a spreadsheet to run
        "1,525,-5,525,-5",
        "2,-100,250,425,245",
    ]
    pt = store.export_csv(match.id, round_label="rodada", total_label="{name} total")
    assert pt.splitlines()[0].startswith("rodada,")


def test_the_csv_opens_in_the_spreadsheet_of_the_learner_s_language(store: SheetStore) -> None:
    """Excel splits a CSV at its language's list separator (“;” in Brazil, where “,” is the
    decimal comma) and reads UTF-8 only after a byte-order mark: “Baixar CSV” gives it both,
    so names keep their accents and each number its own column."""
    match = store.create_match(["Nós", "João e Conceição"], rules=FECHADO_20)
    store.add_round(match.id, [525, -5])
    store.correct_round(match.id, 1, [520, -5])
    sheet = store.sheet(match.id)
    pt = spreadsheet_csv(sheet, **csv_texts("pt"))  # (the page's texts, as it passes them)
    assert pt.startswith(b"\xef\xbb\xbf")
    assert list(csv.reader(io.StringIO(pt.decode("utf-8-sig")), delimiter=";")) == [
        ["rodada", "Nós", "João e Conceição", "Nós total", "João e Conceição total", "corrigida"],
        ["1", "520", "-5", "520", "-5", "era Nós +525, João e Conceição -5"],
    ]
    en = spreadsheet_csv(sheet, **csv_texts("en")).decode("utf-8-sig")
    assert en == store.export_csv(match.id)  # the English file is the CSV as it always was


def test_matches_are_independent(store: SheetStore) -> None:
    one = store.create_match(["A", "B"], rules=FECHADO_20)
    two = store.create_match(["A", "B", "C"], rules=FECHADO_20)
    store.add_round(one.id, [1, 2])
    store.add_round(two.id, [3, 4, 5])
    assert store.add_round(two.id, [0, 0, 0]).number == 2
    assert len(store.sheet(one.id).rounds) == 1


# --- correcting a round ("corrigir rodada") ------------------------------------------------


def test_any_round_can_be_corrected_and_its_old_points_are_kept(store: SheetStore) -> None:
    match = store.create_match(["Nós", "Eles"], rules=FECHADO_20)
    for points in ([100, 200], [150, 200], [300, -40]):
        store.add_round(match.id, points)
    kept = store.sheet(match.id)
    fix = store.correct_round(match.id, 2, ["1.500", "200"], expected_points=(150, 200))
    assert (fix.number, fix.before, fix.after, fix.detail) == (2, (150, 200), (1500, 200), None)
    sheet = store.sheet_since(match.id, kept)  # a page that kept the sheet sees the change
    assert sheet is not kept
    assert [r.points for r in sheet.rounds] == [(100, 200), (1500, 200), (300, -40)]
    assert sheet.standing().totals == (1900, 360)
    assert sheet.rounds[1].first_points == (150, 200)
    assert [(c.before, c.after) for c in sheet.rounds[1].corrections] == [((150, 200), (1500, 200))]
    assert sheet.rounds[0].corrections == sheet.rounds[2].corrections == ()
    # Corrected again: both corrections are kept, oldest first.
    store.correct_round(match.id, 2, [1500, 250], expected_points=(1500, 200))
    again = store.sheet(match.id).rounds[1]
    assert again.points == (1500, 250) and again.first_points == (150, 200)
    assert [c.before for c in again.corrections] == [(150, 200), (1500, 200)]


def test_a_corrected_calculator_round_keeps_its_detail_as_from_before(
    store: SheetStore,
) -> None:
    match = store.create_match(["A", "B"], rules=FECHADO_20)
    store.add_round(match.id, [525, -5], detail={"source": "calculator", "score": {"x": 1}})
    fix = store.correct_round(match.id, 1, [525, -50], expected_points=[525, -5])
    assert fix.detail == {"source": "calculator", "score": {"x": 1}}
    (rnd,) = store.sheet(match.id).rounds
    assert rnd.detail is None  # the itemised round no longer adds up to the points
    assert rnd.detail_before_correction == {"source": "calculator", "score": {"x": 1}}


def test_a_correction_on_a_stale_screen_stores_nothing_and_says_what_changed(
    store: SheetStore,
) -> None:
    """The phone carries the round's points as it showed them. Another phone corrected the
    round, or undid it: nothing is stored, and the error says what is there now. Rounds
    added after it do not matter: the correction is stored."""
    match = store.create_match(["Ana", "Bia"], rules=FECHADO_20)
    store.add_round(match.id, [10, 20])
    store.add_round(match.id, [30, 40])
    store.correct_round(match.id, 1, [100, 20])  # the other phone's correction
    with pytest.raises(SheetError) as stale:
        store.correct_round(match.id, 1, [10, 200], expected_points=(10, 20))
    assert stale.value.code == "correct_stale" and stale.value.field == "match"
    assert stale.value.params == {"number": 1, "points": "Ana +100, Bia +20"}
    store.undo_last(match.id)  # the other phone undid round 2
    with pytest.raises(SheetError) as gone:
        store.correct_round(match.id, 2, [30, 45], expected_points=(30, 40))
    assert gone.value.code == "correct_gone" and gone.value.params == {"number": 2, "last": 1}
    assert [r.points for r in store.sheet(match.id).rounds] == [(100, 20)]
    store.add_round(match.id, [5, 5])  # rounds entered after the one corrected
    store.add_round(match.id, [6, 6])
    store.correct_round(match.id, 1, [100, 25], expected_points=(100, 20))
    assert [r.points for r in store.sheet(match.id).rounds] == [(100, 25), (5, 5), (6, 6)]


def test_a_correction_may_end_or_reopen_the_match(store: SheetStore) -> None:
    """The standing is worked out again from every round, as buraco_core.scoring decides
    it: a correction can give the match a winner, take it away, or leave a tie at the top
    past the target (the match goes on)."""
    match = store.create_match(["Nós", "Eles"], rules=FECHADO_20, target=1000)
    store.add_round(match.id, [400, 100])
    store.add_round(match.id, [500, 100])
    store.correct_round(match.id, 2, [600, 100])  # 1000: Nós wins
    assert store.sheet(match.id).standing().winner == "Nós"
    with pytest.raises(SheetError) as over:
        store.add_round(match.id, [1, 1])
    assert over.value.code == "match_over"
    store.correct_round(match.id, 1, [390, 100])  # 990: the match goes on
    assert store.sheet(match.id).standing().winner is None
    assert store.add_round(match.id, [0, 800]).number == 3  # 990 x 1000: Eles wins
    assert store.sheet(match.id).standing().winner == "Eles"
    store.correct_round(match.id, 3, [10, 810])  # 1000 x 1010: still Eles
    store.correct_round(match.id, 3, [20, 810])  # 1010 x 1010: a tie, the match goes on
    standing = store.sheet(match.id).standing()
    assert standing.winner is None and sheets.tie_at_target(standing) == 1010
    assert store.add_round(match.id, [50, 0]).number == 4


def test_a_correction_that_decides_the_match_at_an_earlier_round_is_named() -> None:
    """Round 1 corrected to 1200 of 1000: the running totals had a winner after round 1,
    yet rounds 2 and 3 were played and count; the page says so (decided_earlier)."""
    rules = ruleset("fechado", target_score=1000)
    standing = sheets.match_standing(rules, ["A", "B"], [(1200, 0), (0, 300), (0, 100)])
    assert standing.winner == "A" and sheets.decided_earlier(standing) == (1, "A")
    plain = sheets.match_standing(rules, ["A", "B"], [(100, 0), (1000, 300)])
    assert sheets.decided_earlier(plain) is None
    tied = sheets.match_standing(rules, ["A", "B"], [(1000, 1000), (10, 0)])
    assert sheets.decided_earlier(tied) is None  # a tie at the top had no winner


@pytest.mark.parametrize(
    ("number", "points", "code", "field"),
    [
        (0, [1, 2], "correct_no_round", "number"),
        (3, [1, 2], "correct_no_round", "number"),
        ("2", [1, 2], "correct_no_round", "number"),
        (True, [1, 2], "correct_no_round", "number"),
        (1, ["abc", 2], "points_not_number", "points[0]"),
        (1, [1, 99_999], "points_absurd", "points[1]"),
        (1, [1, 2, 3], "points_count", "points"),
        (1, [10, "+20"], "correct_same", "points"),
    ],
)
def test_bad_corrections_are_refused_whole(
    store: SheetStore, number: Any, points: list[Any], code: str, field: str
) -> None:
    match = store.create_match(["A", "B"], rules=FECHADO_20)
    store.add_round(match.id, [10, 20])
    store.add_round(match.id, [30, 40])
    with pytest.raises(SheetError) as bad:
        store.correct_round(match.id, number, points)
    assert (bad.value.code, bad.value.field) == (code, field)
    sheet = store.sheet(match.id)
    assert [r.points for r in sheet.rounds] == [(10, 20), (30, 40)]
    assert not any(r.corrections for r in sheet.rounds)
    with pytest.raises(MatchNotFound):
        store.correct_round("AAAAAAAAAAAA", 1, [1, 2])


def test_undoing_a_corrected_round_takes_its_corrections_along(store: SheetStore) -> None:
    match = store.create_match(["A", "B"], rules=FECHADO_20)
    store.add_round(match.id, [10, 20])
    store.correct_round(match.id, 1, [15, 20])
    store.undo_last(match.id)
    store.add_round(match.id, [70, 80])  # a new round 1: nothing corrected in it
    (rnd,) = store.sheet(match.id).rounds
    assert rnd.points == (70, 80) and rnd.corrections == ()
    assert store.export_csv(match.id).splitlines()[0] == "round,A,B,A total,B total"


def test_the_csv_says_what_a_corrected_round_had_before(store: SheetStore) -> None:
    match = store.create_match(["Nós", "=Eles"], rules=FECHADO_20)
    store.add_round(match.id, [525, -5])
    store.add_round(match.id, [-100, 250])
    store.correct_round(match.id, 1, [525, -50])
    store.correct_round(match.id, 1, [520, -50])
    assert store.export_csv(match.id).splitlines() == [
        "round,Nós,'=Eles,Nós total,'=Eles total,corrected",
        '1,520,-50,520,-50,"was Nós +525, =Eles -5; Nós +525, =Eles -50"',
        "2,-100,250,420,200,",
    ]
    pt = store.export_csv(match.id, corrected_label="corrigida", was_text="era {points}")
    assert pt.splitlines()[0].endswith(",corrigida")
    assert pt.splitlines()[1].endswith('"era Nós +525, =Eles -5; Nós +525, =Eles -50"')


def test_a_database_from_before_corrections_gets_the_table(backend: Backend) -> None:
    store = backend.store()
    match = store.create_match(["A", "B"], rules=FECHADO_20)
    store.add_round(match.id, [10, 20])
    with store.engine.begin() as conn:  # as a database written before corrections existed
        conn.execute(text("DROP TABLE corrections"))
    store.engine.dispose()
    again = backend.store()  # the server restarted with this code
    assert [r.points for r in again.sheet(match.id).rounds] == [(10, 20)]
    again.correct_round(match.id, 1, [10, 25])
    assert again.sheet(match.id).rounds[0].first_points == (10, 20)
    again.engine.dispose()


def test_a_database_from_before_the_recent_matches_gets_the_table(backend: Backend) -> None:
    """A database written before learner_matches: the store opened by this code adds it,
    every match and round stays, and a learner's matches are listed the last opened first;
    one whose record this version cannot read is left out, the others listed."""
    store = backend.store()
    first, second, third = (store.create_match([n, "B"], rules=FECHADO_20) for n in "ACD")
    store.add_round(first.id, [10, 20])
    with store.engine.begin() as conn:  # as a database written before the list existed
        conn.execute(text("DROP TABLE learner_matches"))
    store.engine.dispose()
    again = backend.store()  # the server restarted with this code
    assert [r.points for r in again.sheet(first.id).rounds] == [(10, 20)]
    for match in (first, second, third, first):
        again.remember_match("learner-0001", match.id)
    assert [m.id for m in again.recent_matches("learner-0001")] == [first.id, third.id, second.id]
    assert [m.id for m in again.recent_matches("learner-0001", limit=1)] == [first.id]
    assert again.recent_matches("someone_else_1") == []
    with again.engine.begin() as conn:  # (a record from a newer version of the app)
        conn.execute(text("UPDATE matches SET options = '[1]' WHERE id = :id"), {"id": third.id})
    assert [m.id for m in again.recent_matches("learner-0001")] == [first.id, second.id]
    with pytest.raises(MatchNotFound):
        again.remember_match("learner-0001", "NoSuchMatch1")
    again.engine.dispose()


def test_phones_correcting_one_round_at_once_store_one_correction(
    backend: Backend, store: SheetStore
) -> None:
    """Eight phones showed round 1 as 10/20 and each sends its own correction at once: one
    is stored, every other one is refused as stale (none silently overwrites it)."""
    match = store.create_match(["A", "B"], rules=FECHADO_20)
    store.add_round(match.id, [10, 20])
    workers = 8
    start = threading.Barrier(workers)

    def correct(worker: int) -> str:
        start.wait()
        try:
            store.correct_round(match.id, 1, [100 + worker, 20], expected_points=(10, 20))
        except SheetError as exc:
            return exc.code
        return "stored"

    with ThreadPoolExecutor(workers) as pool:
        outcomes = sorted(pool.map(correct, range(workers)))
    assert outcomes == ["correct_stale"] * (workers - 1) + ["stored"]
    (rnd,) = store.sheet(match.id).rounds
    (fix,) = rnd.corrections
    assert fix.before == (10, 20) and rnd.points == fix.after and 100 <= rnd.points[0] < 108


# --- bad input -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("names", "code"),
    [
        (["A"], "names_count"),
        (["A", "B", "C", "D", "E"], "names_count"),
        (["A", "   "], "name_empty"),
        (["A", "x" * 31], "name_too_long"),
        (["Nós", "NÓS"], "name_duplicate"),
        (["A", "B\x00"], "name_bad_char"),
        (["A", 3], "name_empty"),
    ],
)
def test_bad_names(store: SheetStore, names: list[Any], code: str) -> None:
    with pytest.raises(SheetError) as bad:
        store.create_match(names, rules=FECHADO_20)
    assert bad.value.code == code


@pytest.mark.parametrize("target", [0, 99, 100_001, "lots", True, 2.5])
def test_bad_target(store: SheetStore, target: Any) -> None:
    with pytest.raises(SheetError) as bad:
        store.create_match(["A", "B"], rules=FECHADO_20, target=target)
    assert bad.value.code == "target_range" and bad.value.field == "target"


@pytest.mark.parametrize(
    ("typed", "shown"), [("99999999", "99999999"), (" 50 ", "50"), ("9" * 5000, "9" * 19 + "…")]
)
def test_a_bad_target_says_the_range_and_what_was_typed(
    store: SheetStore, typed: str, shown: str
) -> None:
    """The message can say "from 100 to 100000, not 99999999" (cut short when huge)."""
    with pytest.raises(SheetError) as bad:
        store.create_match(["A", "B"], rules=FECHADO_20, target=typed)
    assert bad.value.params == {"low": 100, "high": 100_000, "value": shown}
    assert sheets.check_target("3.000") == 3000


def test_a_long_name_says_its_length() -> None:
    with pytest.raises(SheetError) as bad:
        sheets.clean_name("  " + "y" * 31 + " ", 1)
    assert bad.value.field == "names[1]"
    assert bad.value.params == {"side": 2, "max": 30, "count": 31}
    assert sheets.clean_name(" Ana   e  Bia ", 0) == "Ana e Bia"


@pytest.mark.parametrize(
    ("points", "code", "field"),
    [
        (["abc", 10], "points_not_number", "points[0]"),
        ([10, "12.5"], "points_not_number", "points[1]"),
        ([10, None], "points_not_number", "points[1]"),
        ([True, 10], "points_not_number", "points[0]"),
        ([10, 1.5], "points_not_number", "points[1]"),
        ([50_001, 0], "points_absurd", "points[0]"),
        ([0, "-9999999"], "points_absurd", "points[1]"),
        ([10], "points_count", "points"),
        ([1, 2, 3], "points_count", "points"),
    ],
)
def test_bad_points(store: SheetStore, points: list[Any], code: str, field: str) -> None:
    match = store.create_match(["A", "B"], rules=FECHADO_20)
    with pytest.raises(SheetError) as bad:
        store.add_round(match.id, points)
    assert (bad.value.code, bad.value.field) == (code, field)
    assert store.sheet(match.id).rounds == ()  # nothing half-written


@pytest.mark.parametrize("match_id", ["", "nope", "x" * 40, "../../etc", "abc def ghi jk", None])
def test_unknown_match(store: SheetStore, match_id: Any) -> None:
    for call in (
        lambda: store.get_match(match_id),
        lambda: store.sheet(match_id),
        lambda: store.add_round(match_id, [1, 2]),
        lambda: store.undo_last(match_id),
    ):
        with pytest.raises(MatchNotFound) as unknown:
            call()
        assert unknown.value.code == "match_unknown"
    with pytest.raises(MatchNotFound):
        store.sheet("AAAAAAAAAAAA")  # well formed, but no such match


def test_detail_must_be_json(store: SheetStore) -> None:
    match = store.create_match(["A", "B"], rules=FECHADO_20)
    with pytest.raises(SheetError) as bad:
        store.add_round(match.id, [1, 2], detail={"x": object()})
    assert bad.value.code == "detail_bad"


def test_typed_points() -> None:
    assert parse_points("-150") == -150
    assert parse_points("−150") == -150  # the minus sign a phone keyboard may type
    assert parse_points(" +200 ") == 200
    assert parse_points("1.200") == 1200
    assert parse_points("1 200") == 1200
    assert parse_points(525.0) == 525
    for bad in ("", "-", "1.2", "12,5", "1e3", "٣", "0x10"):
        with pytest.raises(SheetError):
            parse_points(bad)


def test_names_are_cleaned_not_interpreted() -> None:
    assert clean_names(["  <b>Ana</b>  &  Bia ", "**Eles**"]) == ("<b>Ana</b> & Bia", "**Eles**")
    escaped = md_text("<b>x</b> **y** :red[z] $1$")
    assert "<b>" not in escaped and "**" not in escaped and ":red[" not in escaped


def test_every_error_code_has_a_message_in_both_languages() -> None:
    source = (ROOT / "buraco_app" / "sheets.py").read_text()
    codes = set(re.findall(r"(?:SheetError|MatchNotFound)\(\s*[^,]+,\s*\"([a-z_]+)\"", source))
    assert {"match_unknown", "points_not_number", "busy", "undo_stale"} <= codes
    codes |= set(sheets.STALE_ADD) | set(sheets.STALE_CORRECT)  # (codes chosen at run time)
    for code in codes:
        assert f"sheet.err.{code}" in PT and f"sheet.err.{code}" in EN, code


# --- where the database is -----------------------------------------------------------------


def test_settings_choose_the_database(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(database.ENV_DATABASE_URL, raising=False)
    monkeypatch.setenv(database.ENV_DATA_DIR, str(tmp_path / "somewhere"))
    kwargs = database.connection_kwargs()
    assert kwargs["url"] == f"sqlite:///{(tmp_path / 'somewhere' / 'sheets.sqlite3').resolve()}"
    assert (tmp_path / "somewhere").is_dir()
    monkeypatch.setenv(database.ENV_DATABASE_URL, "postgresql+psycopg://u:p@db.example/buraco")
    kwargs = database.connection_kwargs()
    assert kwargs["url"].startswith("postgresql+psycopg://")
    assert kwargs["pool_pre_ping"] is True


# --- concurrency ---------------------------------------------------------------------------


def test_threads_adding_rounds_at_once_lose_none(backend: Backend, store: SheetStore) -> None:
    match = store.create_match(["A", "B"], rules=FECHADO_20)
    workers, each = 8, 10
    start = threading.Barrier(workers)

    def add(worker: int) -> list[int]:
        start.wait()  # all at once
        return [
            store.add_round(match.id, [1, 0], detail={"tag": f"{worker}-{i}"}).number
            for i in range(each)
        ]

    with ThreadPoolExecutor(workers) as pool:
        numbers = [n for got in pool.map(add, range(workers)) for n in got]
    assert sorted(numbers) == list(range(1, workers * each + 1))
    rounds = store.sheet(match.id).rounds
    assert [r.number for r in rounds] == list(range(1, workers * each + 1))
    tags = sorted(r.detail["tag"] for r in rounds if r.detail)
    assert tags == sorted(f"{w}-{i}" for w in range(workers) for i in range(each))


WORKER = """
import sys, time
from sqlalchemy import create_engine, event
sys.path.insert(0, {root!r})
from buraco_app.database import engine_options, open_engine
from buraco_app.sheets import SheetStore
url, schema, match_id, tag, count, mode = sys.argv[1:7]
if schema:  # the test's own PostgreSQL schema, as make_engine() opens it
    engine = create_engine(
        url, connect_args={{"options": f"-csearch_path={{schema}}"}}, **engine_options(url)
    )
else:
    engine = open_engine(url)
store = SheetStore(engine)
if mode.endswith("hang_in_commit"):
    def hang(conn):
        print("in-commit", flush=True)
        time.sleep(120)
    event.listen(store.engine, "commit", hang)
for i in range(int(count)):
    if mode.startswith("correct"):  # round 1's first side, one point more each time
        now = store.sheet(match_id).rounds[0].points
        store.correct_round(match_id, 1, [now[0] + 1, now[1]], expected_points=now)
        print("corrected", now[0] + 1, flush=True)
        continue
    number = store.add_round(match_id, [1, 0], detail={{"tag": f"{{tag}}-{{i}}"}}).number
    print("added", number, flush=True)
print("done", flush=True)
"""


def _worker(backend: Backend, match_id: str, tag: str, count: int, mode: str = "plain") -> Any:
    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            WORKER.format(root=str(ROOT)),
            backend.url,
            backend.schema or "",
            match_id,
            tag,
            str(count),
            mode,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


def test_processes_adding_rounds_at_once_lose_none(backend: Backend, store: SheetStore) -> None:
    match = store.create_match(["A", "B"], rules=FECHADO_20)
    procs, each = 4, 15
    running = [_worker(backend, match.id, f"p{p}", each) for p in range(procs)]
    for proc in running:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
        assert out.strip().endswith("done")
    rounds = store.sheet(match.id).rounds
    assert [r.number for r in rounds] == list(range(1, procs * each + 1))
    tags = sorted(r.detail["tag"] for r in rounds if r.detail)
    assert tags == sorted(f"p{p}-{i}" for p in range(procs) for i in range(each))


# --- a process killed in the middle of a write ---------------------------------------------


def _wait_for_line(proc: Any, wanted: str, timeout: float = 60) -> list[str]:
    lines: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.strip())
        if line.startswith(wanted):
            return lines
    raise AssertionError(f"no {wanted!r} from the worker: {lines} {proc.stderr.read()}")


def _wait_for_dead_sessions(backend: Backend, timeout: float = 30) -> None:
    """PostgreSQL finishes the statement a killed client had sent (its COMMIT included) and
    only then sees the closed socket: wait until no other session of this database is busy,
    or a round the dead writer committed late would land after the check had counted."""
    if backend.name != "postgresql":
        return
    busy = text(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
        " AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
        " AND state IS DISTINCT FROM 'idle'"
    )
    engine = backend.engine()
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with engine.connect() as conn:
                if conn.execute(busy).scalar_one() == 0:
                    return
            time.sleep(0.05)
        raise AssertionError("a killed writer's session is still busy after 30 s")
    finally:
        engine.dispose()


def _check_intact(backend: Backend, match_id: str) -> list[int]:
    """Open the store afresh, as a restarted server would: it reads cleanly and writes."""
    _wait_for_dead_sessions(backend)
    if backend.name == "sqlite":
        path = backend.url.removeprefix("sqlite:///")
        with sqlite3.connect(path) as raw:
            assert raw.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    again = backend.store()
    try:
        numbers = [r.number for r in again.sheet(match_id).rounds]
        assert numbers == list(range(1, len(numbers) + 1))
        assert again.add_round(match_id, [0, 1]).number == len(numbers) + 1  # no lock left
        again.undo_last(match_id)
        return numbers
    finally:
        again.engine.dispose()


def test_killed_during_the_commit_leaves_the_sheet_as_before(
    backend: Backend, store: SheetStore
) -> None:
    match = store.create_match(["A", "B"], rules=FECHADO_20)
    store.add_round(match.id, [10, 20])
    proc = _worker(backend, match.id, "k", 1, mode="hang_in_commit")
    _wait_for_line(proc, "in-commit")  # the round is inserted, its commit not yet sent
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert _check_intact(backend, match.id) == [1]  # as before that round
    assert store.sheet(match.id).rounds[0].points == (10, 20)


def test_killed_at_random_moments_never_breaks_the_sheet(
    backend: Backend, store: SheetStore
) -> None:
    match = store.create_match(["A", "B"], rules=FECHADO_20)
    acknowledged = 0
    for delay in (0.05, 0.13, 0.21, 0.3, 0.42):
        proc = _worker(backend, match.id, f"r{delay}", 1000)
        acknowledged += _acknowledged_before_kill(proc, "added", delay)
        numbers = _check_intact(backend, match.id)
        # Every acknowledged round is there; at most one more (committed, not yet printed).
        assert acknowledged <= len(numbers) <= acknowledged + 1
        acknowledged = len(numbers)
    assert acknowledged > 0, "the worker never got to write: kill later"


def _acknowledged_before_kill(proc: Any, word: str, delay: float) -> int:
    """Kill a worker `delay` seconds into its writing (not its start-up, slow on a busy CI);
    how many writes it acknowledged (its lines starting with `word`)."""
    first = proc.stdout.readline()
    assert first.startswith(word), first + proc.stderr.read()
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    # Read through the same buffered file as readline: communicate() would read the pipe
    # underneath it and miss lines readline had already buffered (acknowledged writes).
    out = proc.stdout.read()
    proc.stderr.close()
    return sum(1 for line in [first, *out.splitlines()] if line.startswith(word))


def _check_corrections(backend: Backend, match_id: str) -> int:
    """Round 1 after a killed corrector: its corrections chain from the points entered
    (10, 20) to the points it has, one point each; how many there are."""
    _check_intact(backend, match_id)
    again = backend.store()
    try:
        (rnd,) = again.sheet(match_id).rounds
    finally:
        again.engine.dispose()
    chain = [rnd.first_points, *(c.after for c in rnd.corrections)]
    assert chain == [(10 + k, 20) for k in range(len(chain))]
    assert [c.before for c in rnd.corrections] == chain[:-1]
    assert rnd.points == chain[-1]
    return len(rnd.corrections)


def test_killed_while_committing_a_correction_leaves_the_round_as_before(
    backend: Backend, store: SheetStore
) -> None:
    match = store.create_match(["A", "B"], rules=FECHADO_20)
    store.add_round(match.id, [10, 20])
    proc = _worker(backend, match.id, "k", 1, mode="correct_hang_in_commit")
    _wait_for_line(proc, "in-commit")  # round updated, correction recorded, no commit yet
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert _check_corrections(backend, match.id) == 0
    assert store.sheet(match.id).rounds[0].points == (10, 20)


def test_killed_at_random_moments_while_correcting_never_half_corrects(
    backend: Backend, store: SheetStore
) -> None:
    """Each correction is the round's new points and its record together, or neither."""
    match = store.create_match(["A", "B"], rules=FECHADO_20)
    store.add_round(match.id, [10, 20])
    acknowledged = 0
    for delay in (0.05, 0.17, 0.3):
        proc = _worker(backend, match.id, f"c{delay}", 1000, mode="correct")
        acknowledged += _acknowledged_before_kill(proc, "corrected", delay)
        count = _check_corrections(backend, match.id)
        assert acknowledged <= count <= acknowledged + 1
        acknowledged = count
    assert acknowledged > 0
