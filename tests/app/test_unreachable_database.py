"""A database server that cannot be reached (down, refusing, or not answering at all), or
that refuses the app's login or its tables: every page that uses it says which, in the
user's language, and keeps the rest of the page; a tap after that answers at once instead
of trying the server again [issue 11, the app]. Before, these were "O banco de dados não
respondeu; tente de novo" or "recusou o pedido", a refused connection was tried 8 times at
every rerun (about 4 s a tap on Lições, 6 s on its first run), and a server that never
answered held a page for 130 s a try."""

import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from sqlalchemy.engine import make_url
from streamlit.testing.v1 import AppTest

from buraco_app import database
from buraco_app.game import GameStore
from buraco_app.sheet_page import code_text
from buraco_text import catalog
from tests.app.conftest import hand_cards
from tests.app.test_broken_storage import jogars_notice
from tests.app.test_play_page import click
from tests.test_sheets import _postgres_url

PT = catalog("pt")
EN = catalog("en")
MATCH = "abcdefgh1234"  # (a match's code: the score sheet then reads the database)


class FakeServer:
    """A TCP port where a PostgreSQL server would be: it counts the connections made to it
    and either closes each at once (as a server that refuses) or, `silent`, holds it open
    without a word (as a server that never answers)."""

    def __init__(self, silent: bool) -> None:
        self.silent = silent
        self.connections = 0
        self.held: list[socket.socket] = []
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:  # closed at the test's end
                return
            self.connections += 1
            if self.silent:
                self.held.append(conn)
            else:
                conn.close()

    def url(self) -> str:
        # (sslmode=disable: one connection a try; libpq would try again without SSL)
        return f"postgresql+psycopg://buraco:x@127.0.0.1:{self.port}/buraco?sslmode=disable"

    def close(self) -> None:
        self.sock.close()
        for conn in self.held:
            conn.close()


@contextmanager
def server(silent: bool) -> Iterator[FakeServer]:
    found = FakeServer(silent)
    try:
        yield found
    finally:
        found.close()


@pytest.mark.parametrize("page", ["lessons", "practice", "play", "sheet"])
def test_a_database_server_that_refuses_is_said_at_once_and_not_asked_again(
    page: str, monkeypatch: pytest.MonkeyPatch, open_app: Callable[..., AppTest]
) -> None:
    """The page says the app cannot connect, and the next tap does not ask the server again
    (it was asked 8 times at every rerun, with pauses between)."""
    with server(silent=False) as fake:
        monkeypatch.setenv(database.ENV_DATABASE_URL, fake.url())
        at = open_app(page, match=MATCH)  # asserts no exception
        shown = [e.value for e in [*at.error, *at.warning]]
        assert any(text.startswith(PT["sheet.err.unreachable"]) for text in shown), shown
        assert PT["sheet.err.busy"] not in shown
        asked = fake.connections
        assert asked == 1, f"{asked} connections for one page"
        at.run()  # (a tap: a rerun)
        assert not at.exception
        shown = [e.value for e in [*at.error, *at.warning]]
        assert any(text.startswith(PT["sheet.err.unreachable"]) for text in shown), shown
        assert fake.connections == asked, "the server was asked again at once"


def test_the_lessons_stay_readable_while_the_database_is_unreachable(
    monkeypatch: pytest.MonkeyPatch, open_app: Callable[..., AppTest]
) -> None:
    """Only the progress is missing: the lesson's text is there, and the note is English on
    the English page."""
    with server(silent=False) as fake:
        monkeypatch.setenv(database.ENV_DATABASE_URL, fake.url())
        at = open_app("lessons", lang="en")
        assert any(w.value.startswith(EN["sheet.err.unreachable"]) for w in at.warning)
        assert any("108 cards" in m.value for m in at.markdown), "the first lesson's text"


def test_a_database_server_that_never_answers_is_given_up_after_the_connect_timeout(
    monkeypatch: pytest.MonkeyPatch, open_app: Callable[..., AppTest]
) -> None:
    """A connection that is accepted and never answered (a server hung, a firewall) waits the
    connect timeout once (2 s here, psycopg's least), then the page says so. It held the page
    130 s a try (psycopg's default), 8 tries: on the old code this test had not ended after
    5 minutes."""
    monkeypatch.setattr(database, "CONNECT_TIMEOUT_S", 2)
    with server(silent=True) as fake:
        monkeypatch.setenv(database.ENV_DATABASE_URL, fake.url())
        at = open_app("play", game=MATCH)  # asserts no exception within AppTest's 30 s
        shown = [e.value for e in [*at.error, *at.warning]]
        assert any(text.startswith(PT["sheet.err.unreachable"]) for text in shown), shown
        assert fake.connections == 1


def test_after_the_pause_the_server_is_asked_again(
    monkeypatch: pytest.MonkeyPatch, open_app: Callable[..., AppTest]
) -> None:
    """The pause only spares the taps that follow a failure: once it is over, a page asks
    the server again (so a database back up is used without restarting the app)."""
    monkeypatch.setattr(database, "UNREACHABLE_PAUSE_S", 0)
    with server(silent=False) as fake:
        monkeypatch.setenv(database.ENV_DATABASE_URL, fake.url())
        at = open_app("sheet", match=MATCH)
        asked = fake.connections
        at.run()
        assert fake.connections == asked + 1


@pytest.mark.parametrize("wrong", ["password", "database"])
@pytest.mark.parametrize("page", ["lessons", "sheet"])
def test_a_login_the_server_refuses_is_said_as_the_address_to_check(
    wrong: str, page: str, monkeypatch: pytest.MonkeyPatch, open_app: Callable[..., AppTest]
) -> None:
    """A wrong password or database name in BURACO_DATABASE_URL (a real PostgreSQL: CI's)
    is no busy database: "O banco de dados não respondeu; tente de novo" sent whoever runs
    the server to try again, and each tap waited for the 8 tries."""
    url = make_url(_postgres_url())
    url = url.set(password="wrong") if wrong == "password" else url.set(database="no_such_db")
    monkeypatch.setenv(database.ENV_DATABASE_URL, url.render_as_string(hide_password=False))
    at = open_app(page, match=MATCH)
    shown = [e.value for e in [*at.error, *at.warning]]
    assert any(text.startswith(code_text("storage_login", "pt")) for text in shown), shown
    assert PT["sheet.err.busy"] not in shown


@pytest.mark.parametrize("page", ["lessons", "sheet"])  # (Jogar: below)
def test_a_user_without_rights_to_the_tables_is_said_as_the_grant_to_give(
    page: str, monkeypatch: pytest.MonkeyPatch, open_app: Callable[..., AppTest]
) -> None:
    """PostgreSQL 15 and later let only a database's owner create tables in its public
    schema: an app user that is not the owner was told "O banco de dados recusou o pedido"
    after 8 tries (4 to 8 s a page). Here the tables would go where no user may create any
    (information_schema), which PostgreSQL refuses in the same words."""
    url = make_url(_postgres_url()).update_query_dict(
        {"options": "-csearch_path=information_schema"}
    )
    monkeypatch.setenv(database.ENV_DATABASE_URL, url.render_as_string(hide_password=False))
    at = open_app(page, match=MATCH)
    shown = [e.value for e in [*at.error, *at.warning]]
    assert any(text.startswith(code_text("storage_permission", "pt")) for text in shown), shown
    assert PT["sheet.err.refused"] not in shown


@pytest.mark.parametrize("page", ["lessons", "sheet"])
def test_a_database_that_only_reads_is_not_called_a_data_folder(
    page: str, monkeypatch: pytest.MonkeyPatch, open_app: Callable[..., AppTest]
) -> None:
    """A replica, or a database set read-only: it was worded as the data folder that cannot
    be written ("veja BURACO_DATA_DIR"), which is SQLite's, not a server's."""
    options = "-cdefault_transaction_read_only=on -csearch_path=no_tables_yet"
    url = make_url(_postgres_url()).update_query_dict({"options": options})
    monkeypatch.setenv(database.ENV_DATABASE_URL, url.render_as_string(hide_password=False))
    at = open_app(page, match=MATCH)
    shown = [e.value for e in [*at.error, *at.warning]]
    assert any(text.startswith(code_text("storage_read_only", "pt")) for text in shown), shown
    assert not any(text.startswith(code_text("storage_folder", "pt")) for text in shown)


# A database server that will not do: its address, with what makes it refuse (PostgreSQL's).
REFUSING = {
    "login": lambda url: url.set(password="wrong"),
    "permission": lambda url: url.update_query_dict(
        {"options": "-csearch_path=information_schema"}
    ),
    "read_only": lambda url: url.update_query_dict(
        {"options": "-cdefault_transaction_read_only=on -csearch_path=no_tables_yet"}
    ),
}


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("problem", list(REFUSING))
def test_jogar_where_the_database_server_refuses_plays_and_says_why_as_jogars(
    problem: str, lang: str, monkeypatch: pytest.MonkeyPatch, open_app: Callable[..., AppTest]
) -> None:
    """A database server that refuses the app's login, its tables to the app's user, or
    every write (a replica, with no table of the app's yet): Jogar plays all the same, kept
    while the app's server runs, and says so in its own words with why. It quoted the
    sheets' message, “O placar e o progresso das lições estão indisponíveis…”."""
    url = REFUSING[problem](make_url(_postgres_url()))
    monkeypatch.setenv(database.ENV_DATABASE_URL, url.render_as_string(hide_password=False))
    at = click(open_app("play", lang=lang), "play_start")
    (notice,) = [w.value for w in at.warning]
    assert notice.startswith(jogars_notice(problem, lang)), notice
    assert code_text(f"storage_{problem}", lang).split(":")[0] not in notice
    assert not at.error and "game" in at.query_params


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_jogar_on_a_database_server_that_only_reads_plays_on_from_the_first_write_refused(
    lang: str, monkeypatch: pytest.MonkeyPatch, open_app: Callable[..., AppTest]
) -> None:
    """A replica (or a database set read-only) with Jogar's table in it: “Começar” said
    the sheets' error and no match could be played. The first write refused goes to the
    server's memory, said as Jogar's with why: a match starts and plays."""
    url = make_url(_postgres_url())
    GameStore(database.open_engine(url.render_as_string(hide_password=False))).engine.dispose()
    url = url.update_query_dict({"options": "-cdefault_transaction_read_only=on"})
    monkeypatch.setenv(database.ENV_DATABASE_URL, url.render_as_string(hide_password=False))
    at = click(open_app("play", lang=lang), "play_start")
    words = catalog(lang)
    cause = words["sheet.cause.storage_read_only"]
    assert [w.value for w in at.warning] == [words["play.read_only.database"].format(cause=cause)]
    assert not at.error and "game" in at.query_params
    click(at, "btt-play_board-stock")
    assert not at.error and len(hand_cards(at)) == 12
