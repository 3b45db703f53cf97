"""A data folder that cannot be created or written, or a damaged database file: every page
still opens and says plainly that the score sheet and progress are unavailable, never "try
again" [issue 11, the app]."""

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app.database import SQLITE_FILE, open_engine, sqlite_url, stand_in_engine
from buraco_app.game import GameStore
from buraco_app.pages import PAGES
from buraco_app.progress import ProgressStore, Result
from buraco_app.sheet_page import code_text, md_text
from buraco_app.sheets import SheetStore
from buraco_core import ruleset
from buraco_core.moves import Draw
from buraco_text import catalog
from tests.app.conftest import hand_cards, in_order
from tests.app.test_lessons_practice import NATURAL_TWO, tap
from tests.app.test_play_page import click, game_id_of
from tests.app.test_score_pages import metrics

PT, EN = catalog("pt"), catalog("en")


def _unusable_folder(tmp_path: Path) -> tuple[str, str]:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")  # even root cannot make a folder inside a file
    return "folder", str(blocker / "data")


def _damaged_file(tmp_path: Path) -> tuple[str, str]:
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "sheets.sqlite3").write_bytes(b"this is not a database" * 200)
    return "damaged", str(folder)


def _folder_for_a_file(tmp_path: Path) -> tuple[str, str]:
    """A folder where the database file should be: it was said as a data folder that
    cannot be created or written, which the data folder was not."""
    folder = tmp_path / "data"
    (folder / "sheets.sqlite3").mkdir(parents=True)
    return "not_a_file", str(folder)


def _truncated_file(tmp_path: Path) -> tuple[str, str]:
    """A real database with a match in it, cut to half its length (a copy stopped short)."""
    folder = tmp_path / "data"
    _two_matches(folder)
    file = folder / "sheets.sqlite3"
    with sqlite3.connect(file) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    for journal in folder.glob("sheets.sqlite3-*"):
        journal.unlink()
    content = file.read_bytes()
    file.write_bytes(content[: len(content) // 2])
    return "damaged", str(folder)


BROKEN = [_unusable_folder, _damaged_file, _folder_for_a_file, _truncated_file]


@pytest.mark.parametrize("broken", BROKEN)
@pytest.mark.parametrize("page", [p.url_path for p in PAGES])
def test_every_page_opens_and_says_storage_is_unavailable(
    broken: Callable[[Path], tuple[str, str]],
    page: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    open_app: Callable[..., AppTest],
) -> None:
    """The pages that use storage say so, and where the database is: whoever runs the server
    is told which file to rescue or which folder to fix. A game's link (?game=) on a data
    folder that cannot be made was a traceback on Jogar."""
    problem, folder = broken(tmp_path)
    monkeypatch.setenv("BURACO_DATA_DIR", folder)
    at = open_app(page, game="abcdefgh1234")  # asserts no exception
    shown = [e.value for e in [*at.error, *at.warning]]
    lead = jogars_notice(problem, "pt") if page == "play" else code_text(f"storage_{problem}", "pt")
    said = [text for text in shown if text.startswith(lead)]
    if page in ("sheet", "play", "lessons", "practice"):
        place = str((Path(folder) / "sheets.sqlite3").resolve())
        assert said and md_text(place) in said[0]  # (escaped as Markdown: shown as it is)
    for text in shown:  # (the file's name, sheets.sqlite3, may be said: not SQLite's words)
        assert "Traceback" not in text and "sqlite3." not in text and "Error" not in text


@pytest.mark.parametrize("broken", [_unusable_folder, _damaged_file])
@pytest.mark.parametrize("page", ["lessons", "practice", "sheet", "play"])
def test_a_page_says_its_storage_notice_under_its_title(
    page: str,
    broken: Callable[[Path], tuple[str, str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    open_app: Callable[..., AppTest],
) -> None:
    """Where the progress cannot be read, Lições and Exercícios say so under their title, as
    Placar and Jogar say theirs: the warning stood above “Lições”, the first thing on the
    page, before the learner knew which page it was."""
    _, folder = broken(tmp_path)
    monkeypatch.setenv("BURACO_DATA_DIR", folder)
    at = open_app(page, game="abcdefgh1234")
    drawn = in_order(at.main)
    notices = [drawn.index(e) for e in [*at.warning, *at.error]]
    assert notices, "no storage notice on the page"
    assert drawn.index(at.title[0]) < min(notices)


def test_the_data_folder_is_made_once_and_again_when_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The data folder is made and its path resolved once, where every rerun of a page
    with the store did both; removed while the server runs, it is made again at the next
    call, as before; one that cannot be made fails at every call (the pages say
    "storage_folder", above), never taken for the folder it was."""
    resolved: list[Path] = []
    resolve = Path.resolve

    def counted(path: Path, strict: bool = False) -> Path:
        resolved.append(path)
        return resolve(path, strict)

    monkeypatch.setattr(Path, "resolve", counted)
    folder = tmp_path / "data"
    url = sqlite_url(folder)
    assert [sqlite_url(folder), sqlite_url(folder)] == [url, url]
    assert resolved == [folder / SQLITE_FILE]
    folder.rmdir()
    assert sqlite_url(folder) == url and folder.is_dir()
    folder.rmdir()
    folder.write_text("not a folder")
    for _ in range(2):
        with pytest.raises(OSError):
            sqlite_url(folder)


@pytest.mark.parametrize("broken", [_damaged_file, _truncated_file])
def test_a_damaged_database_file_is_left_as_it_was(
    broken: Callable[[Path], tuple[str, str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    open_app: Callable[..., AppTest],
) -> None:
    """Nothing is written over a damaged file: its owner may still rescue what it holds."""
    _, folder = broken(tmp_path)
    monkeypatch.setenv("BURACO_DATA_DIR", folder)
    before = sorted(p.name for p in Path(folder).iterdir())
    file = Path(folder) / "sheets.sqlite3"
    content = file.read_bytes()
    for page in ("lessons", "practice", "play", "calculator", "sheet"):
        open_app(page, match="abcdefgh1234", game="abcdefgh1234")
    assert file.read_bytes() == content
    assert sorted(p.name for p in Path(folder).iterdir()) == before


def jogars_notice(problem: str, lang: str) -> str:
    """What Jogar says above the page where its matches are kept by the server only (the
    place where the database is follows it): its own words, with the cause in the words of
    the sheets' message."""
    words = catalog(lang)
    return words["play.stand_in"].format(cause=words[f"sheet.cause.storage_{problem}"])


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("broken", [_unusable_folder, _damaged_file, _folder_for_a_file])
def test_jogar_is_played_all_the_same_and_kept_while_the_server_runs(
    broken: Callable[[Path], tuple[str, str]],
    lang: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    open_app: Callable[..., AppTest],
) -> None:
    """A practice match needs no database: where the app's cannot work, Jogar starts and
    plays a match all the same, kept by the server (its stand-in) for a refresh or a link,
    and says so above the page in its own words, with why (the data folder that cannot be
    made, the damaged file, a folder where the file should be) and where. It quoted the
    sheets' message, “O placar e o progresso das lições estão indisponíveis…”, which said
    nothing of the match, and then the match's line."""
    problem, folder = broken(tmp_path)
    monkeypatch.setenv("BURACO_DATA_DIR", folder)
    file = Path(folder) / "sheets.sqlite3"
    content = file.read_bytes() if file.is_file() else None
    at = click(open_app("play", lang=lang), "play_start")
    click(at, "btt-play_board-stock")
    place = md_text(str(file.resolve()))
    notice = (
        f"{jogars_notice(problem, lang)} {catalog(lang)['sheet.err.place'].format(place=place)}"
    )
    assert [w.value for w in at.warning] == [notice]
    sheets_lead = code_text(f"storage_{problem}", lang).split(":")[0]  # (the Placar's words)
    assert sheets_lead not in notice
    assert not at.error
    game_id = game_id_of(at)
    again = open_app("play", lang=lang, game=game_id)  # a refresh: a new session
    assert [w.value for w in again.warning] == [notice]
    assert len(hand_cards(again)) == 12  # (drawn)
    assert GameStore(stand_in_engine()).load(game_id).current.moves == (Draw(),)
    assert (file.read_bytes() if file.is_file() else None) == content


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
    assert code_text("storage_folder", "pt") not in shown


def _two_matches(tmp_path: Path) -> tuple[str, str, Path]:
    """Two matches of one round each in the data folder: (the one to damage, the other,
    the database file)."""
    store = SheetStore(open_engine(sqlite_url(tmp_path)))
    found = []
    for names in (["Nós", "Eles"], ["Ana", "Bia"]):
        match = store.create_match(names, rules=ruleset("fechado"), target=3000)
        store.add_round(match.id, [100, 250])
        found.append(match.id)
    store.engine.dispose()
    return found[0], found[1], tmp_path / SQLITE_FILE


def _change(file: Path, statement: str, *params: object) -> None:
    with sqlite3.connect(file) as conn:  # (as someone editing the file by hand would)
        conn.execute(statement, params)
    conn.close()


def test_a_table_from_another_version_is_not_called_busy(
    tmp_path: Path, open_app: Callable[..., AppTest]
) -> None:
    """A column missing (a file from another version of the app) is no busy database:
    "try again" would never help. It was worded "O banco de dados não respondeu"."""
    match_id, _, file = _two_matches(tmp_path)
    _change(file, "ALTER TABLE rounds DROP COLUMN detail")
    at = open_app("sheet", match=match_id)  # asserts no exception
    shown = [e.value for e in at.error]
    assert any(text.startswith(code_text("storage_schema", "pt")) for text in shown)
    assert PT["sheet.err.busy"] not in shown


DAMAGED_ROWS = {
    "malformed JSON": ("UPDATE rounds SET points = '[100, 2' WHERE match_id = ?"),
    "points of a newer version": ("UPDATE rounds SET points = '{\"v\": 2}' WHERE match_id = ?"),
    "names of a newer version": ("UPDATE matches SET names = '{\"a\": 1}' WHERE id = ?"),
}


@pytest.mark.parametrize("damage", list(DAMAGED_ROWS))
@pytest.mark.parametrize("page", ["sheet", "calculator"])
def test_a_match_that_cannot_be_read_is_said_and_the_others_still_open(
    damage: str, page: str, tmp_path: Path, open_app: Callable[..., AppTest]
) -> None:
    """A stored match whose record is malformed or from a newer version of the app: its
    page says so in words (it was a traceback), the other matches still open, and the
    record is left as it was for whoever may rescue it."""
    damaged, other, file = _two_matches(tmp_path)
    _change(file, DAMAGED_ROWS[damage], damaged)
    with sqlite3.connect(file) as conn:
        before = conn.execute("SELECT * FROM rounds ORDER BY id").fetchall()
    conn.close()
    at = open_app(page, match=damaged)  # asserts no exception
    assert any(e.value.startswith(PT["sheet.err.match_unreadable"]) for e in at.error)
    assert metrics(open_app("sheet", match=other)) == {"Ana": "100", "Bia": "250"}
    with sqlite3.connect(file) as conn:
        assert conn.execute("SELECT * FROM rounds ORDER BY id").fetchall() == before
    conn.close()


@pytest.mark.parametrize("stored", [9, "x"])
@pytest.mark.parametrize("page", ["lessons", "practice"])
def test_a_progress_result_this_version_does_not_know_is_passed_over(
    stored: object, page: str, tmp_path: Path, open_app: Callable[..., AppTest]
) -> None:
    """A learner's result written by a newer version of the app (or by hand) made the
    lessons and the exercises a traceback; it is passed over, and solving still saves."""
    progress = ProgressStore(open_engine(sqlite_url(tmp_path)))
    progress.record("learner-0001", NATURAL_TWO, Result.SEEN)
    progress.engine.dispose()
    _change(tmp_path / SQLITE_FILE, "UPDATE progress SET result = ?", stored)
    at = open_app(page, scenario=NATURAL_TWO, learner="learner-0001", lang="en")
    if page == "practice":
        tap(at, "4♠", "Meld 1:")  # solved: saved without a traceback
        assert not at.exception
        assert not at.warning
