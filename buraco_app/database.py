"""Where the score sheets and the learners' progress live (first that is set wins):
1. the environment variable BURACO_DATABASE_URL (e.g. postgresql+psycopg://u:p@host/db);
2. Streamlit secrets, `[connections.sheets]` with `url = "..."` (or dialect/host/...);
3. SQLite in the file `sheets.sqlite3` in BURACO_DATA_DIR (default `./data/`).

The pages open it with Streamlit's convention, `st.connection("sheets", type="sql")`;
scripts and tests with `open_engine(url)`.
"""

from __future__ import annotations

import atexit
import logging
import os
import shutil
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, Connection, make_url

ENV_DATA_DIR = "BURACO_DATA_DIR"
ENV_DATABASE_URL = "BURACO_DATABASE_URL"
DEFAULT_DATA_DIR = "data"
SQLITE_FILE = "sheets.sqlite3"
BUSY_TIMEOUT_S = 10  # SQLite: how long a connection waits for another one's lock
CONNECTION_NAME = "sheets"  # st.connection name, and the secrets section [connections.sheets]
_LOG = logging.getLogger(__name__)


# --- engines -----------------------------------------------------------------------------


def data_dir() -> Path:
    return Path(os.environ.get(ENV_DATA_DIR) or DEFAULT_DATA_DIR)


# The SQLite file's URL by data folder (and the working directory a relative one is in),
# made and resolved once: every rerun of a page that opens the store had made the folder and
# resolved the path again (~25 µs, twice a tap on Jogar). A folder removed while the
# server runs (one stat says so) is made again, as it always was; one that cannot be made
# raises OSError at every call, never kept (`sheets.opened`: "storage_folder").
_SQLITE_URLS: dict[tuple[str, str], str] = {}
_SQLITE_URLS_KEPT = 64


def sqlite_url(directory: Path | None = None) -> str:
    directory = directory or data_dir()
    key = (os.getcwd(), str(directory))
    url = _SQLITE_URLS.get(key)
    if url is not None and os.path.isdir(directory):
        return url
    directory.mkdir(parents=True, exist_ok=True)
    url = f"sqlite:///{(directory / SQLITE_FILE).resolve()}"
    if len(_SQLITE_URLS) >= _SQLITE_URLS_KEPT:
        _SQLITE_URLS.clear()
    _SQLITE_URLS[key] = url
    return url


def storage_place() -> str:
    """Where the pages' data is, for a message to whoever runs the server: the SQLite file,
    or the database server's URL without its password."""
    url = os.environ.get(ENV_DATABASE_URL, "").strip()
    if url:
        parsed = make_url(url)
        if parsed.get_backend_name() == "sqlite" and parsed.database:
            return parsed.database.removeprefix("file:")
        return parsed.render_as_string(hide_password=True)
    return str((data_dir() / SQLITE_FILE).resolve())


def sqlite_file() -> Path | None:
    """The SQLite file the pages use, as storage_place finds it (BURACO_DATABASE_URL's, else
    the data folder's); None for a database server, or one in memory."""
    url = os.environ.get(ENV_DATABASE_URL, "").strip()
    return _sqlite_path(make_url(url)) if url else data_dir() / SQLITE_FILE


def read_only_cause(file: Path | None) -> Literal["folder", "file"] | None:
    """Why a SQLite file that is there can be read but not written, as the server's
    permissions say: its folder may not be written ("folder": SQLite makes its journal
    files beside the file), or the file itself ("file"); None where both may be, where
    there is no such file (a folder that cannot be made is said as the store opens), or
    `file` is None (a database server)."""
    if file is None or not file.is_file():
        return None
    if not os.access(file.parent, os.W_OK):
        return "folder"
    if not os.access(file, os.W_OK):
        return "file"
    return None


def engine_file(engine: Engine) -> Path | None:
    """The SQLite file an engine opens (by a plain path or a `file:` URI, as
    `read_only_folder_url` makes it); None for a database server, or one in memory."""
    return _sqlite_path(engine.url)


def _sqlite_path(url: URL) -> Path | None:
    """A SQLite URL's file (a plain path or a `file:` URI's); None for a database server, or
    one in memory."""
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    return Path(url.database.removeprefix("file:"))


def open_engine(url: str) -> Engine:
    """An engine for a URL, as the pages would open it (without Streamlit)."""
    return create_engine(url, **engine_options(url))


def engine_options(url: str) -> dict[str, Any]:
    if make_url(url).get_backend_name() == "sqlite":
        return {"connect_args": {"timeout": BUSY_TIMEOUT_S}}
    return {"pool_pre_ping": True}  # a restarted database server leaves stale connections


# SQLite: pysqlite begins transactions lazily, so a read-then-write could not be made
# atomic; we emit BEGIN ourselves, IMMEDIATE for writes (the write lock up front).
def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_S * 1000}")
    cursor.execute("PRAGMA foreign_keys = ON")
    # WAL: readers do not wait for a writer; a killed writer's frames are never committed.
    _switch_to_wal(cursor)
    cursor.close()


def _switch_to_wal(cursor: Any) -> None:
    """Put the file in WAL mode (it stays so). Asking costs a read; switching needs the file
    to itself, and SQLite refuses that "locked" at once, without its busy timeout, while
    another connection reads or writes: so the switch is retried here for up to that
    timeout (e.g. several processes opening a new data folder together)."""
    if cursor.execute("PRAGMA journal_mode").fetchone()[0].lower() == "wal":
        return
    deadline = time.monotonic() + BUSY_TIMEOUT_S
    while True:
        try:
            # (a database in memory answers "memory" and stays so: nothing to wait for)
            cursor.execute("PRAGMA journal_mode = WAL").fetchall()
            return
        except sqlite3.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _sqlite_begin(conn: Connection) -> None:
    write = conn.get_execution_options().get("buraco_write", False)
    conn.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


# Marked on the engine, not found by this module's functions: the engine outlives a reload
# of this module (Streamlit re-imports edited code; st.connection keeps the engine), and a
# second "begin" listener would send BEGIN twice, which SQLite refuses on every transaction
# (a server's engine: a second `_Gate`).
_PREPARED = "_buraco_prepared"
_PREPARE_LOCK = threading.Lock()


def prepare(engine: Engine) -> None:
    """Ready an engine for the stores: SQLite's WAL and BEGIN (`prepare_sqlite`), or a
    database server's `_Gate`."""
    if engine.dialect.name == "sqlite":
        prepare_sqlite(engine)
        return
    with _PREPARE_LOCK:
        if getattr(engine, _PREPARED, False):
            return
        event.listen(engine, "do_connect", _Gate().connect)
        setattr(engine, _PREPARED, True)


def prepare_sqlite(engine: Engine) -> None:
    with _PREPARE_LOCK:
        if getattr(engine, _PREPARED, False):
            return
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        setattr(engine, _PREPARED, True)
    engine.dispose()  # connections opened before the listeners would lack them


# A database server that does not answer: psycopg waits 130 s for a connection by default,
# and the stores tried 8 times, so a tap waited up to 17 minutes; one that refuses answered
# at once, but the 8 tries' pauses made every tap wait about 4 s.
CONNECT_TIMEOUT_S = 10
UNREACHABLE_PAUSE_S = 15  # after a failed connection: the pages say so without trying (a
# server back up is used within 15 s; a hung one makes one tap in 15 s wait its timeout)
_UNREACHABLE = "buraco_unreachable"  # marks the driver's error of a connection not made


class _Gate:
    """The connections to one database server: each waits at most CONNECT_TIMEOUT_S; once
    one fails without an answer from the server (refused, closed, timed out, no such host),
    the next ones fail at once, without trying, for UNREACHABLE_PAUSE_S. Every page of
    every session then says so at once instead of waiting for the same failure again; after
    the pause one connection tries."""

    def __init__(self) -> None:
        self.closed_until = 0.0  # (time.monotonic(); a race between threads costs one try)

    def connect(self, dialect: Any, _record: Any, cargs: Any, cparams: dict[str, Any]) -> Any:
        if time.monotonic() < self.closed_until:
            error = dialect.loaded_dbapi.OperationalError("not tried: it failed just before")
            setattr(error, _UNREACHABLE, True)
            raise error
        if dialect.name == "postgresql":  # (libpq's and psycopg's own name for it)
            cparams.setdefault("connect_timeout", CONNECT_TIMEOUT_S)
        try:
            connection = dialect.connect(*cargs, **cparams)
        except dialect.loaded_dbapi.Error as error:
            if "FATAL:" in str(error):  # the server's own answer (too many clients, starting
                raise  # up, a login refused): the stores' tries, as for any busy database
            self.closed_until = time.monotonic() + UNREACHABLE_PAUSE_S
            setattr(error, _UNREACHABLE, True)
            # (Logged here, once a try: the pages' failures during the pause are not.)
            _LOG.warning(
                "no connection to the database; not tried for %s s: %s", UNREACHABLE_PAUSE_S, error
            )
            raise
        self.closed_until = 0.0
        return connection


def unreachable(exc: BaseException) -> bool:
    """Whether a database error is a connection to the server that could not be made (a
    `_Gate`'s): trying again at once cannot help."""
    return bool(getattr(getattr(exc, "orig", None), _UNREACHABLE, False))


def connection_kwargs(
    secrets: Callable[[], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """st.connection's arguments: the env URL, else the secrets' (if any), else SQLite.
    `secrets`: how to read the secrets' section (the pages': `_page_secrets`)."""
    url = os.environ.get(ENV_DATABASE_URL, "").strip()
    if url:
        return {"url": url, **engine_options(url)}
    section = (secrets or _secrets_section)()
    if isinstance(section.get("url"), str) and section["url"].strip():
        url = section["url"].strip()
        return {"url": url, **engine_options(url)}
    if section:
        return {}  # dialect/host/username...: st.connection reads [connections.sheets] itself
    url = sqlite_url()
    url = read_only_folder_url(data_dir()) or url
    return {"url": url, **engine_options(url)}


def read_only_folder_url(directory: Path) -> str | None:
    """The data folder's SQLite file opened to be read only, where the folder cannot be
    written (its permissions, a read-only mount, chattr +i) and the file is in it; else
    None. SQLite cannot even read a file in WAL mode there by the plain URL (it must make
    the -shm file beside it): every page said the progress and the score sheets could not
    be saved, and showed none of what was saved. `immutable=1` reads it without the -shm;
    left out where a -wal file stands beside it (a server stopped short: its last writes
    are there, which immutable would not read; mode=ro reads them with the -shm there too).
    The writes are then refused as a read-only file's (`sheets.failure_code`). Asked at
    every call: a folder made writable again is written at the next tap."""
    file = directory / SQLITE_FILE
    if os.access(directory, os.W_OK) or not file.is_file():
        return None
    wal = file.with_name(f"{SQLITE_FILE}-wal")
    flags = "mode=ro" if wal.exists() else "mode=ro&immutable=1"
    return f"sqlite:///file:{file.resolve()}?{flags}&uri=true"


def _secrets_section() -> dict[str, Any]:
    import streamlit as st

    # load_if_toml_exists() is Streamlit's probe: False, not an exception, without a file.
    if not st.secrets.load_if_toml_exists():
        return {}
    section = st.secrets.get("connections", {}).get(CONNECTION_NAME)
    return dict(section) if section else {}


# Per server: that no secrets file was there when a session last looked. Without one,
# Streamlit looks for it on the disk (its two paths) at every st.secrets access, every rerun
# of every page that opens the store; once one is found it keeps it, and watches it for
# changes itself. So a session looks when it starts (a page opened anew) and the pages' reruns
# take the answer: a file added while the server runs is used from the next page opened.
_NO_SECRETS_FILE = threading.Event()
_SECRETS_LOOKED = "database_secrets_looked"  # (in a session's state: this session looked)


def _page_secrets() -> dict[str, Any]:
    """The secrets' section, as `_secrets_section`, for a page's run: {} without a disk
    lookup once this session has looked and the last look (any session's) found no file."""
    import streamlit as st

    if _NO_SECRETS_FILE.is_set() and st.session_state.get(_SECRETS_LOOKED):
        return {}
    st.session_state[_SECRETS_LOOKED] = True
    if not st.secrets.load_if_toml_exists():
        _NO_SECRETS_FILE.set()
        return {}
    _NO_SECRETS_FILE.clear()  # (a file is there: Streamlit keeps it, no disk lookup)
    return _secrets_section()


# The pages' engines by st.connection's arguments: st.connection hashes its arguments into
# its own cache at every call, most of the cost of opening the store on a rerun.
_PAGE_ENGINES: dict[str, Engine] = {}


def page_engine() -> Engine:
    """The pages' engine, through `st.connection(..., type="sql")` (one per server). The
    arguments are worked out at every call, so a data folder that cannot be made still
    fails here each time, and other settings get their own engine."""
    import streamlit as st

    from buraco_app.sheets import opened

    # (a data folder that cannot be made: said, not raised)
    kwargs = opened(lambda: connection_kwargs(_page_secrets))
    # No arguments: st.connection reads the secrets' section, which then tells engines apart.
    key = repr(sorted(kwargs.items()) if kwargs else sorted(_page_secrets().items()))
    engine = _PAGE_ENGINES.get(key)
    if engine is None:
        engine = st.connection(CONNECTION_NAME, type="sql", **kwargs).engine
        _PAGE_ENGINES[key] = engine
    return engine


# A stand-in for the games of Jogar while the app's database cannot work (play.store): a
# SQLite file in a temporary folder of this server's, made at the first need, removed when
# the server stops. A practice match needs no database, only somewhere to keep its moves.
_STAND_IN: list[Engine] = []
_STAND_IN_LOCK = threading.Lock()


def stand_in_engine() -> Engine:
    with _STAND_IN_LOCK:
        if not _STAND_IN:
            folder = Path(tempfile.mkdtemp(prefix="buraco-jogar-"))
            atexit.register(shutil.rmtree, folder, ignore_errors=True)
            _STAND_IN.append(open_engine(sqlite_url(folder)))
        return _STAND_IN[0]
