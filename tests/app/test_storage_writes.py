"""Every write of the score sheet and of the progress against a database that refuses it
(a read-only file, a constraint that always fails): the page says plainly what happened,
never shows a traceback or SQL, and nothing is half-written [issue 11, the app: "A data
folder that cannot be created or written, or a damaged database file: every page still
opens and says plainly what is wrong"]."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from streamlit.testing.v1 import AppTest

from buraco_app import database, sheets
from buraco_app.game import GameStore, Setup, new_game
from buraco_app.play import KEPT_MARK
from buraco_app.progress import ProgressStore, Result
from buraco_core import ruleset
from buraco_text import catalog
from tests.app.conftest import hand_cards
from tests.app.test_lessons_practice import NATURAL_TWO, tap
from tests.app.test_play_page import click
from tests.app.test_score_pages import enter_worked_example, metrics, submit_round

PT, EN = catalog("pt"), catalog("en")
OpenApp = Callable[..., AppTest]


@pytest.fixture
def played(tmp_path: Path) -> tuple[str, sheets.SheetStore]:
    """A match with one round, and the progress table, in ./data/sheets.sqlite3."""
    store = sheets.SheetStore(database.open_engine(database.sqlite_url(tmp_path)))
    match = store.create_match(["Nós", "Eles"], rules=ruleset("fechado"), target=3000)
    store.add_round(match.id, [100, 250])
    ProgressStore(store.engine).record("learner-0001", NATURAL_TWO, Result.SEEN)
    return match.id, store


def _read_only(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    """The pages' database, opened read-only (as a file the server may not write)."""
    url = f"sqlite:///file:{tmp_path / database.SQLITE_FILE}?mode=ro&uri=true"
    monkeypatch.setenv(database.ENV_DATABASE_URL, url)
    return url


WRITES: dict[str, Callable[[sheets.SheetStore, str], object]] = {
    "create": lambda s, _: s.create_match(["A", "B"], rules=ruleset("fechado")),
    "add": lambda s, m: s.add_round(m, [10, 20]),
    "undo": lambda s, m: s.undo_last(m),
    "correct": lambda s, m: s.correct_round(m, 1, [10, 20]),
}


@pytest.mark.parametrize("write", list(WRITES))
def test_a_read_only_database_refuses_each_sheet_write_whole(
    write: str, played: tuple[str, sheets.SheetStore], tmp_path: Path
) -> None:
    match_id, store = played
    url = f"sqlite:///file:{tmp_path / database.SQLITE_FILE}?mode=ro&uri=true"
    read_only = sheets.SheetStore(database.open_engine(url))
    with pytest.raises(sheets.StorageUnavailable) as refused:
        WRITES[write](read_only, match_id)
    assert refused.value.code == "storage_file_read_only"
    assert store.sheet(match_id).rounds[0].points == (100, 250)
    assert len(store.sheet(match_id).rounds) == 1


def test_the_sheet_page_says_a_read_only_database_cannot_save(
    open_app: OpenApp,
    played: tuple[str, sheets.SheetStore],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match_id, store = played
    _read_only(monkeypatch, tmp_path)
    at = open_app("sheet", lang="en", match=match_id)
    assert metrics(at) == {"Nós": "100", "Eles": "250"}  # reading still works
    submit_round(at, "40", "60")
    assert [e.value.split(" (Where")[0] for e in at.error] == [
        EN["sheet.err.storage_file_read_only"]
    ]
    assert metrics(at) == {"Nós": "100", "Eles": "250"}
    at.button(key="sheet_undo").click().run()
    at.button(key="sheet_undo_yes").click().run()
    assert [e.value.split(" (Where")[0] for e in at.error] == [
        EN["sheet.err.storage_file_read_only"]
    ]
    at.button(key="sheet_close").click().run()
    at.button(key="sheet_start").click().run()
    assert [e.value.split(" (Where")[0] for e in at.error] == [
        EN["sheet.err.storage_file_read_only"]
    ]
    assert "match" not in at.query_params
    assert len(store.sheet(match_id).rounds) == 1


def test_progress_that_cannot_be_saved_is_a_warning_not_a_crash(
    open_app: OpenApp,
    played: tuple[str, sheets.SheetStore],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, store = played
    _read_only(monkeypatch, tmp_path)
    at = open_app("practice", scenario=NATURAL_TWO, lang="en", learner="learner-0001")
    tap(at, "4♠", "Meld 1:")  # solved: the save is refused
    warnings = [w.value for w in at.warning]
    assert EN["sheet.err.storage_file_read_only"] in warnings
    assert ProgressStore(store.engine).results("learner-0001") == {NATURAL_TWO: Result.SEEN}


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_each_page_that_saves_says_the_database_file_only_reads_in_the_users_language(
    lang: str,
    open_app: OpenApp,
    played: tuple[str, sheets.SheetStore],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A database file the server may read but not write: the calculator's “Lançar no
    placar”, an exercise solved in Lições and a match started in Jogar each said “a pasta de
    dados do app não pode ser criada nem gravada”, a folder that was there and fine. Each
    says now that the file only reads, in the learner's language, where the file is, and
    nothing saved is lost. (Jogar, which keeps its matches in the server's memory there,
    says that: test_jogar_in_a_read_only_data_folder_opens_saved_games_and_plays_new_ones.)"""
    match_id, store = played
    _read_only(monkeypatch, tmp_path)
    said = catalog(lang)["sheet.err.storage_file_read_only"]
    calculator = open_app("calculator", lang=lang, match=match_id)
    enter_worked_example(calculator)
    calculator.button(key="calc_send").click().run()
    (error,) = [e.value for e in calculator.error]
    assert error.startswith(said) and "sheets\\.sqlite3" in error  # (where: the file)
    lessons = open_app("lessons", lang=lang, lesson="natural_two", step="2", learner="learner-0001")
    tap(lessons, "4♠", "Jogo 1:" if lang == "pt" else "Meld 1:")
    assert said in [w.value for w in lessons.warning]
    play = open_app("play", lang=lang)  # (plays all the same: said as Jogar's, once)
    play.button(key="play_start").click().run()
    assert not play.error and "game" in play.query_params
    assert [w.value for w in play.warning] == [catalog(lang)["play.read_only.file"]]
    for at in (calculator, lessons, play):
        assert not at.exception
    assert [r.points for r in store.sheet(match_id).rounds] == [(100, 250)]
    assert ProgressStore(store.engine).results("learner-0001") == {NATURAL_TWO: Result.SEEN}


@pytest.fixture
def read_only_folder(played: tuple[str, sheets.SheetStore], tmp_path: Path) -> Iterator[Path]:
    """The data folder of `played` (the pages' one) that the server may not write, for
    real: chattr +i as root (root writes past permissions), else its permissions; skipped
    where neither keeps a file from being made in it. The store closed first, as a
    stopped server leaves it: no -wal or -shm file beside the database."""
    played[1].engine.dispose()
    assert not list(tmp_path.glob(f"{database.SQLITE_FILE}-*"))
    with _not_writable(tmp_path, 0o555, 0o755):
        with pytest.raises(OSError):
            (tmp_path / "probe").touch()
        yield tmp_path


@pytest.fixture
def read_only_file(played: tuple[str, sheets.SheetStore], tmp_path: Path) -> Iterator[Path]:
    """The database file of `played` that the server may read but not write, in a folder
    it may write (as `read_only_folder` does it, for the file)."""
    played[1].engine.dispose()
    file = tmp_path / database.SQLITE_FILE
    with _not_writable(file, 0o444, 0o644):
        assert os.access(tmp_path, os.W_OK)
        with pytest.raises(OSError), file.open("ab"):
            pass
        yield file


@contextmanager
def _not_writable(path: Path, mode: int, undone: int) -> Iterator[None]:
    """`path` kept from being written, for real: chattr +i as root (root writes past
    permissions), else its permissions (`mode`, then `undone`); the test skipped where
    neither keeps it from being written."""
    root = os.geteuid() == 0
    if root and shutil.which("chattr"):
        made = subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode
        undo = ["chattr", "-i", str(path)]
    else:
        made = 0 if not root else 1
        path.chmod(mode)
        undo = ["chmod", f"{undone:o}", str(path)]
    try:
        if made != 0 or os.access(path, os.W_OK):
            pytest.skip("no way here to keep the server from writing in a folder or file")
        yield
    finally:
        subprocess.run(undo, capture_output=True)


def test_a_data_folder_the_server_may_not_write_shows_what_is_saved_and_says_so(
    open_app: OpenApp,
    played: tuple[str, sheets.SheetStore],
    read_only_folder: Path,
) -> None:
    """A data folder the server may read but not write, its database in it: SQLite could
    not even read the file (it makes a -shm file beside it), and every page said the sheets
    and the progress could not be saved while showing none of what was saved. Now the file
    is read as it is: the match's round shows, a new round is refused as a read-only file's,
    the exercise whose solution was seen keeps its solution open, and solving it says the
    progress cannot be saved; the folder is left as it was."""
    match_id, _ = played
    before = sorted((f.name, f.read_bytes()) for f in read_only_folder.iterdir())
    said = EN["sheet.err.storage_folder_read_only"]
    sheet = open_app("sheet", lang="en", match=match_id)
    assert metrics(sheet) == {"Nós": "100", "Eles": "250"}
    notice = EN["sheet.read_only.folder"]  # (said as the page opens)
    assert not sheet.error and [w.value for w in sheet.warning] == [notice]
    submit_round(sheet, "40", "60")
    assert [e.value.split(" (Where")[0] for e in sheet.error] == [said]
    assert metrics(sheet) == {"Nós": "100", "Eles": "250"}
    lessons = open_app("lessons", lang="en", lesson="natural_two", step="2", learner="learner-0001")
    assert [w.value for w in lessons.warning] == [notice]
    assert not lessons.button(key=f"sc_{NATURAL_TWO}_solution").disabled  # (seen: saved)
    tap(lessons, "4♠", "Meld 1:")
    assert said in [w.value for w in lessons.warning]
    for at in (sheet, lessons):
        assert not at.exception
    assert sorted((f.name, f.read_bytes()) for f in read_only_folder.iterdir()) == before


@pytest.fixture
def games_table(played: tuple[str, sheets.SheetStore]) -> None:
    """Jogar's table in the database of `played` (a server that had Jogar played on it)."""
    GameStore(played[1].engine)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_data_folder_the_server_may_not_write_is_said_as_each_page_that_saves_opens(
    lang: str,
    open_app: OpenApp,
    played: tuple[str, sheets.SheetStore],
    games_table: None,
    read_only_folder: Path,
) -> None:
    """Placar, the calculator with a match open, Lições, Exercícios and Jogar showed what
    was saved and said nothing until a tap that saves: a learner could play a whole hand,
    or a table enter a round, to hear only then that it could not be kept. Each says it as
    it opens now, once, in the learner's language: nothing new will be kept, and why."""
    match_id, _ = played
    notice = catalog(lang)["sheet.read_only.folder"]
    learner = {"learner": "learner-0001"}
    pages = {
        "sheet": open_app("sheet", lang=lang, match=match_id),
        "sheet, no match open": open_app("sheet", lang=lang),
        "calculator": open_app("calculator", lang=lang, match=match_id),
        "lessons": open_app("lessons", lang=lang, lesson="natural_two", step="2", **learner),
        "practice": open_app("practice", lang=lang, scenario=NATURAL_TWO, **learner),
        "play": open_app("play", lang=lang),
    }
    for name, at in pages.items():
        said = catalog(lang)["play.read_only.folder"] if name == "play" else notice  # (plays)
        assert [w.value for w in at.warning] == [said], name
        assert not at.error and not at.exception, name
    assert metrics(pages["sheet"]) == {"Nós": "100", "Eles": "250"}  # (what is saved shows)
    assert "play_start" in [b.key for b in pages["play"].button]
    # Not where nothing is saved: the calculator without a match, Consulta.
    for page in ("calculator", "lookup"):
        assert not open_app(page, lang=lang).warning, page


@pytest.mark.parametrize("page", ["lessons", "practice"])
def test_lessons_in_a_read_only_data_folder_without_the_progress_table_say_it_once(
    page: str, open_app: OpenApp, tmp_path: Path
) -> None:
    """The progress' table never made (no exercise was solved before the folder became
    read-only): Lições and Exercícios say the progress cannot be read, with why, and not the
    notice of the other pages a second time below it."""
    store = sheets.SheetStore(database.open_engine(database.sqlite_url(tmp_path)))
    store.engine.dispose()
    with _not_writable(tmp_path, 0o555, 0o755):
        at = open_app(page, lang="pt")
        (warning,) = [w.value for w in at.warning]
        assert warning.startswith(PT["sheet.err.storage_folder_read_only"]), warning


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_jogar_in_a_read_only_data_folder_without_its_table_says_it_once(
    lang: str,
    open_app: OpenApp,
    played: tuple[str, sheets.SheetStore],
    read_only_folder: Path,
) -> None:
    """Jogar's table never made (the folder was read-only before Jogar was played): its
    matches are kept by the server only, said once at the top with why (the folder, named
    as the folder), as Jogar's: it said the sheets' error, “O placar e o progresso das
    lições não podem ser salvos”, as if Jogar were not concerned; the notice of the other
    pages is not said a second time."""
    words = catalog(lang)
    at = open_app("play", lang=lang)
    assert [w.value for w in at.warning] == [words["play.read_only.folder"]]
    click(at, "play_start")
    assert [w.value for w in at.warning] == [words["play.read_only.folder"]]
    assert not at.error and "game" in at.query_params


@pytest.fixture
def saved_game(played: tuple[str, sheets.SheetStore]) -> str:
    """A match of the learner's started in Jogar, saved in the database of `played` (its
    table made): its id."""
    setup = Setup("fechado", {}, 2, "basic", "on", 7)
    return GameStore(played[1].engine).create(new_game(setup), "learner-0001")


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_jogar_in_a_read_only_data_folder_opens_saved_games_and_plays_new_ones(
    lang: str,
    open_app: OpenApp,
    played: tuple[str, sheets.SheetStore],
    saved_game: str,
    read_only_folder: Path,
) -> None:
    """A data folder the server may read but not write, Jogar's table in it: “Começar” said
    an error, while the page's notice said only that nothing would be kept, and no match
    could be played. Now a match saved before opens by its link and plays on, and a new one
    starts and plays, both kept in the server's memory while it runs (as where the table is
    missing); said once, at the top, in the learner's language. The folder is left as it
    was."""
    before = sorted((f.name, f.read_bytes()) for f in read_only_folder.iterdir())
    notice = catalog(lang)["play.read_only.folder"]
    old = open_app("play", lang=lang, game=saved_game)
    assert [w.value for w in old.warning] == [notice]
    assert len(hand_cards(old)) == 11
    click(old, "btt-play_board-stock")  # (a draw)
    assert not old.error and len(hand_cards(old)) == 12
    again = open_app("play", lang=lang, game=saved_game)  # its link, in a new session
    assert len(hand_cards(again)) == 12 and [w.value for w in again.warning] == [notice]
    # Listed as the learner's once, not again as stored (the server's memory is the test
    # run's: other tests' matches may be there too).
    form = open_app("play", lang=lang, learner="learner-0001")
    assert [b.key for b in form.button].count(f"{KEPT_MARK}{saved_game}") == 1
    new = open_app("play", lang=lang)
    click(new, "play_start")
    assert not new.error and new.query_params["game"] != [saved_game]
    assert [w.value for w in new.warning] == [notice]
    click(new, "btt-play_board-stock")
    assert not new.error and len(hand_cards(new)) == 12
    assert [w.value for w in new.warning] == [notice]
    for at in (old, again, form, new):
        assert not at.exception
    assert sorted((f.name, f.read_bytes()) for f in read_only_folder.iterdir()) == before


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_jogar_on_a_database_opened_read_only_plays_on_from_the_first_write_refused(
    lang: str,
    open_app: OpenApp,
    played: tuple[str, sheets.SheetStore],
    saved_game: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A database that only reads for another reason than the server's permissions (here a
    SQLite URL with mode=ro; a PostgreSQL replica is the same), Jogar's table in it:
    “Começar” said an error (“O placar e o progresso das lições não podem ser salvos…”) and
    no match could be played. Now the first write refused goes to the server's memory, said
    at the top as where the file only reads (play.read_only.file): a new match starts and
    plays, a saved one opens by its link and plays on, and a later session opens it as
    played. The file is left as it was."""
    played[1].engine.dispose()
    file = tmp_path / database.SQLITE_FILE
    before = file.read_bytes()
    _read_only(monkeypatch, tmp_path)
    notice = catalog(lang)["play.read_only.file"]
    new = click(open_app("play", lang=lang), "play_start")
    assert not new.error and "game" in new.query_params
    assert [w.value for w in new.warning] == [notice]
    click(new, "btt-play_board-stock")
    assert not new.error and len(hand_cards(new)) == 12
    old = open_app("play", lang=lang, game=saved_game)
    assert len(hand_cards(old)) == 11
    click(old, "btt-play_board-stock")
    assert not old.error and len(hand_cards(old)) == 12
    again = open_app("play", lang=lang, game=saved_game)  # its link, in a new session
    assert len(hand_cards(again)) == 12 and [w.value for w in again.warning] == [notice]
    for at in (new, old, again):
        assert not at.exception
    assert file.read_bytes() == before


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_database_file_the_server_may_not_write_is_said_as_a_page_opens(
    lang: str,
    open_app: OpenApp,
    played: tuple[str, sheets.SheetStore],
    games_table: None,
    read_only_file: Path,
) -> None:
    """As a read-only data folder is (above), the database file itself: named as the file."""
    match_id, _ = played
    notice = catalog(lang)["sheet.read_only.file"]
    assert [w.value for w in open_app("sheet", lang=lang, match=match_id).warning] == [notice]
    play = open_app("play", lang=lang)  # (which plays on: kept in the server's memory)
    assert [w.value for w in play.warning] == [catalog(lang)["play.read_only.file"]]


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_data_folder_the_server_may_not_write_is_named_as_the_folder_not_the_file(
    lang: str,
    open_app: OpenApp,
    played: tuple[str, sheets.SheetStore],
    read_only_folder: Path,
) -> None:
    """A round refused in a data folder the server may not write: the message said “o
    arquivo do banco de dados do app só pode ser lido”, sending whoever runs the server to
    a file that was fine. It names the folder now, in the learner's language."""
    match_id, _ = played
    sheet = open_app("sheet", lang=lang, match=match_id)
    submit_round(sheet, "40", "60")
    (error,) = [e.value for e in sheet.error]
    assert error.startswith(catalog(lang)["sheet.err.storage_folder_read_only"]), error
    folder = {"pt": "a pasta de dados do app só pode ser lida", "en": "data folder can be read"}
    file = {"pt": "o arquivo", "en": "database file"}
    assert folder[lang] in error and file[lang] not in error


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_database_file_the_server_may_not_write_is_named_as_the_file(
    lang: str,
    open_app: OpenApp,
    played: tuple[str, sheets.SheetStore],
    read_only_file: Path,
) -> None:
    """The database file itself the server may not write, in a folder it may: the message
    names the file (and not the folder), in the learner's language."""
    match_id, _ = played
    sheet = open_app("sheet", lang=lang, match=match_id)
    assert metrics(sheet) == {"Nós": "100", "Eles": "250"}
    submit_round(sheet, "40", "60")
    (error,) = [e.value for e in sheet.error]
    assert error.startswith(catalog(lang)["sheet.err.storage_file_read_only"]), error
    file = {"pt": "o arquivo do banco de dados do app só pode ser lido", "en": "database file"}
    assert file[lang] in error and "pasta de dados" not in error and "data folder" not in error


def _refuse_every_round(store: sheets.SheetStore) -> None:
    # A constraint that always fails: the database, not the input, refuses the write.
    with store.engine.begin() as conn:
        conn.execute(
            text(
                "CREATE TRIGGER no_rounds BEFORE INSERT ON rounds "
                "BEGIN SELECT RAISE(ABORT, 'no rounds today'); END"
            )
        )


def test_a_database_that_always_refuses_a_round_is_said_plainly(
    open_app: OpenApp,
    played: tuple[str, sheets.SheetStore],
    no_retry_pause: list[int],
) -> None:
    match_id, store = played
    _refuse_every_round(store)
    with pytest.raises(sheets.SheetError) as refused:
        store.add_round(match_id, [10, 20])
    assert refused.value.code == "refused"
    at = open_app("sheet", match=match_id)
    submit_round(at, "10", "20")
    shown = [e.value for e in at.error]
    assert shown == [PT["sheet.err.refused"]]
    assert "no rounds today" not in str(shown) and "INSERT" not in str(shown)
    assert len(store.sheet(match_id).rounds) == 1
    assert no_retry_pause == [*range(sheets.WRITE_ATTEMPTS - 1)] * 2  # tried again, twice


def test_a_database_error_no_retry_cures_is_not_retried(
    played: tuple[str, sheets.SheetStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, store = played
    tries: list[int] = []

    def broken(conn: object) -> object:
        tries.append(1)
        raise DBAPIError("SELECT", {}, Exception("no such function: x"))

    with pytest.raises(sheets.SheetError) as refused:
        store._write(broken)
    assert (refused.value.code, len(tries)) == ("refused", 1)
    assert len(store.sheet(match_id).rounds) == 1


RELOADED = """
import importlib, sys
from buraco_app import database
from buraco_app.game import GameStore, Setup, new_game
from buraco_app.play import KEPT_MARK
engine = database.open_engine(database.sqlite_url())
GameStore(engine)
# Streamlit re-imports edited project code; the engine, kept by st.connection, lives on.
for name in [m for m in sys.modules if m.startswith("buraco_app")]:
    del sys.modules[name]
from buraco_app.game import GameStore as Reloaded
from buraco_app.progress import ProgressStore
from buraco_app.sheets import SheetStore
Reloaded(engine)  # it failed here: BEGIN sent twice, "cannot start a transaction within..."
from buraco_core import ruleset
SheetStore(engine).create_match(["A", "B"], rules=ruleset("fechado"), target=3000)
ProgressStore(engine)
print("ok")
"""


def test_the_stores_keep_working_after_the_code_is_reloaded(tmp_path: Path) -> None:
    """Editing any project file while the app runs made every page say “O banco de dados
    não respondeu” until a restart: the reloaded module prepared the same engine a second
    time. The mark is on the engine now, so a reload changes nothing."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "BURACO_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", RELOADED],
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(__file__).parents[2],
        check=False,
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
