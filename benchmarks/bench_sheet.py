"""Time the score sheet: adding a round and redrawing the sheet page with 50 rounds stored,
and the database's size per 1,000 rounds. A plain script, never a timed assertion in tests.

Run: .venv/bin/python benchmarks/bench_sheet.py [--repeat N]
(With BURACO_TEST_POSTGRES_URL set, the store is timed against PostgreSQL too.)
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, text  # noqa: E402

from buraco_app import database  # noqa: E402
from buraco_app.sheets import SheetStore  # noqa: E402
from buraco_core import round_from_data, ruleset, score_round  # noqa: E402
from buraco_core.notation import score_json  # noqa: E402

RULES = ruleset("fechado", joker_points=20)
STORED = 50
# A calculator round's detail, as the calculator page stores it (RULES.md's worked example).
EXAMPLE = {
    "sides": [
        {
            "name": "Nós",
            "melds": ["4h 5h 6h 7h 8h 9h 10h", "5s 6s 7s 2d 9s 10s Js", "Qc Kc Ac"],
            "hands": ["", "7c Kd"],
            "took_morto": True,
            "went_out": True,
        },
        {
            "name": "Eles",
            "melds": ["6d 7d 8d", "9s 10s Js Qs"],
            "hands": ["3c Kh Kh Qd 8c JK"],
            "took_morto": True,
            "went_out": False,
        },
    ]
}
DETAIL = {
    "source": "calculator",
    "rules": {"preset": RULES.preset, "options": RULES.changed_options()},
    "input": EXAMPLE,
    "score": score_json(score_round(RULES, round_from_data(RULES, EXAMPLE))),
}


def timed(fn: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """Median and worst time of `repeat` calls, in milliseconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), max(times)


def filled_match(store: SheetStore, rounds: int, detail: dict[str, Any] | None) -> str:
    match = store.create_match(["Nós", "Eles"], rules=RULES, target=100_000)
    for i in range(rounds):
        store.add_round(match.id, [5 * (i % 7), -5 * (i % 3)], detail=detail)
    return match.id


def bench_store(name: str, store: SheetStore, repeat: int) -> None:
    match_id = filled_match(store, STORED, DETAIL)
    add = timed(lambda: store.add_round(match_id, [10, -10]), repeat)
    read = timed(lambda: store.sheet(match_id), repeat)
    undo = timed(lambda: store.undo_last(match_id), repeat)
    print(f"{name}: with {STORED}+ rounds stored (median / worst, ms)")
    print(f"  add a round (one transaction)   {add[0]:7.2f} / {add[1]:7.2f}")
    print(f"  read the whole sheet            {read[0]:7.2f} / {read[1]:7.2f}")
    print(f"  undo the last round             {undo[0]:7.2f} / {undo[1]:7.2f}")


def bench_page(repeat: int) -> None:
    from streamlit.testing.v1 import AppTest

    store = SheetStore(database.open_engine(database.sqlite_url()))
    match_id = filled_match(store, STORED, DETAIL)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["match"] = match_id
    at.run()
    at.switch_page("app_pages/score_sheet.py").run()
    assert not at.exception, at.exception
    redraw = timed(lambda: at.run(), repeat)

    def add_and_redraw() -> None:
        at.text_input(key="sheet_points_0").set_value("10")
        at.text_input(key="sheet_points_1").set_value("-10")
        next(b for b in at.button if b.form_id == "sheet_add").click()
        at.run()
        assert not at.error, [e.value for e in at.error]

    added = timed(add_and_redraw, repeat)
    count = len(store.sheet(match_id).rounds)
    print(f"sheet page (AppTest, SQLite), {STORED} to {count} rounds stored (median / worst, ms)")
    print(f"  redraw the sheet (a rerun)      {redraw[0]:7.2f} / {redraw[1]:7.2f}")
    print(f"  add a round + redraw            {added[0]:7.2f} / {added[1]:7.2f}")


def sqlite_size(directory: Path, detail: dict[str, Any] | None, rounds: int = 1000) -> float:
    """Bytes the SQLite file grows by per 1,000 rounds (WAL checkpointed into the file)."""
    directory.mkdir(parents=True)
    url = database.sqlite_url(directory)
    path = directory / database.SQLITE_FILE
    store = SheetStore(database.open_engine(url))
    match = store.create_match(["Nós", "Eles"], rules=RULES, target=100_000)
    store.engine.dispose()
    before = _checkpointed_size(path)
    store = SheetStore(database.open_engine(url))
    for i in range(rounds):
        store.add_round(match.id, [5 * (i % 7), -5 * (i % 3)], detail=detail)
    store.engine.dispose()
    return (_checkpointed_size(path) - before) * 1000 / rounds


def _checkpointed_size(path: Path) -> int:
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ[database.ENV_DATA_DIR] = str(Path(tmp) / "data")
        os.environ.pop(database.ENV_DATABASE_URL, None)
        bench_store("SQLite", SheetStore(database.open_engine(database.sqlite_url())), args.repeat)
        url = os.environ.get("BURACO_TEST_POSTGRES_URL", "").strip()
        if url:
            schema = f"bench_{uuid.uuid4().hex[:8]}"
            admin = create_engine(url)
            with admin.begin() as conn:
                conn.execute(text(f'CREATE SCHEMA "{schema}"'))
            try:
                engine = create_engine(url, connect_args={"options": f"-csearch_path={schema}"})
                bench_store("PostgreSQL", SheetStore(engine), args.repeat)
                engine.dispose()
            finally:
                with admin.begin() as conn:
                    conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
                admin.dispose()
        bench_page(max(5, args.repeat // 2))
        plain = sqlite_size(Path(tmp) / "size_plain", None)
        scored = sqlite_size(Path(tmp) / "size_detail", DETAIL)
        print("SQLite file size per 1,000 rounds")
        print(f"  plain totals                    {plain / 1024:7.1f} KiB")
        print(f"  from the calculator (itemised)  {scored / 1024:7.1f} KiB")


if __name__ == "__main__":
    main()
