"""A data folder that cannot be created or written, or a damaged database file: every page
still opens and says plainly that the score sheet and progress are unavailable, never "try
again" [issue 11, the app]."""

from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app.pages import PAGES
from buraco_text import catalog

PT = catalog("pt")


def _unusable_folder(tmp_path: Path) -> tuple[str, str]:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")  # even root cannot make a folder inside a file
    return "folder", str(blocker / "data")


def _damaged_file(tmp_path: Path) -> tuple[str, str]:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "sheets.sqlite3").write_bytes(b"this is not a database" * 200)
    return "damaged", str(folder)


@pytest.mark.parametrize("broken", [_unusable_folder, _damaged_file])
@pytest.mark.parametrize("page", [p.url_path for p in PAGES])
def test_every_page_opens_and_says_storage_is_unavailable(
    broken: Callable[[Path], tuple[str, str]],
    page: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    open_app: Callable[..., AppTest],
) -> None:
    problem, folder = broken(tmp_path)
    monkeypatch.setenv("BURACO_DATA_DIR", folder)
    at = open_app(page)  # asserts no exception
    shown = [e.value for e in [*at.error, *at.warning]]
    if page in ("sheet", "lessons", "practice"):
        assert PT[f"sheet.err.storage_{problem}"] in shown
    for text in shown:
        assert "Traceback" not in text and "sqlite" not in text.lower()


@pytest.mark.parametrize("page", ["sheet", "practice", "lessons"])
def test_a_database_that_fails_to_open_for_another_reason_is_not_called_a_folder_problem(
    page: str, monkeypatch: pytest.MonkeyPatch, open_app: Callable[..., AppTest]
) -> None:
    """An error that is neither the folder nor the file (here SQLite refusing a statement as
    the doubled BEGIN did) says the database did not answer; it was called an unusable data
    folder on the lessons, and reached the exercises' pages as a traceback once worded."""
    from sqlalchemy.exc import OperationalError

    from buraco_app import progress, sheets

    def fails(*_: object) -> object:
        raise OperationalError(
            "BEGIN", {}, Exception("cannot start a transaction within a transaction")
        )

    monkeypatch.setattr(progress, "store_for", fails)
    monkeypatch.setattr(sheets, "store_for", fails)
    monkeypatch.setattr("buraco_app.sheet_page.store_for", fails)
    at = open_app(page)  # asserts no exception
    shown = [e.value for e in [*at.error, *at.warning]]
    assert PT["sheet.err.busy"] in shown
    assert PT["sheet.err.storage_folder"] not in shown
