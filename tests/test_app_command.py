"""`pip install .` (not editable) gives a working project: the course travels as package data,
the app's files too, and `buraco app` starts the app of the installation [issue 11, "An
installable package"]."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from buraco_app.pages import PAGES
from buraco_cli import app_command
from buraco_cli.main import main

ROOT = Path(__file__).resolve().parents[1]


def test_the_app_options_are_those_of_its_config_file() -> None:
    options = app_command.streamlit_options(ROOT)
    assert "--client.showErrorDetails=none" in options
    assert "--runner.magicEnabled=false" in options
    assert "--browser.gatherUsageStats=false" in options


def test_buraco_app_finds_the_checkout_and_runs_streamlit_on_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ran: list[list[str]] = []

    def execv(program: str, command: list[str]) -> None:
        ran.append(command)
        raise SystemExit(0)

    monkeypatch.setattr(app_command.os, "execv", execv)
    with pytest.raises(SystemExit):
        main(["app", "--port", "8600", "--", "--server.address=127.0.0.1"])
    (command,) = ran
    assert command[1:5] == ["-m", "streamlit", "run", str(ROOT / "app.py")]
    assert command[-2:] == ["--server.port=8600", "--server.address=127.0.0.1"]


def test_buraco_app_without_the_app_files_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(app_command, "app_root", lambda: None)
    assert main(["app", "--lang", "en"]) == 2
    assert "app.py" in capsys.readouterr().err


def _no_server(monkeypatch: pytest.MonkeyPatch) -> None:
    def execv(program: str, command: list[str]) -> None:
        raise AssertionError(f"the server was started: {command}")

    monkeypatch.setattr(app_command.os, "execv", execv)


@pytest.mark.parametrize(
    ("port", "said"),
    [
        ("99999", "--port: valor “99999” grande demais: precisa ser menor ou igual a 65535"),
        ("0", "--port: valor “0” pequeno demais: precisa ser maior ou igual a 1"),
    ],
)
def test_a_port_out_of_range_is_refused_before_the_server_starts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], port: str, said: str
) -> None:
    """`buraco app --port 99999` ended in the server's traceback (bind(): port must be
    0-65535); now it is refused in the reader's language, the port written as typed."""
    _no_server(monkeypatch)
    assert main(["app", "--port", port]) == 2
    assert capsys.readouterr().err.startswith(f"buraco: erro: {said}\n")


def test_a_port_in_use_is_said_in_the_language_before_the_server_starts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The server itself would only print “Port 8777 is not available”, in English."""
    _no_server(monkeypatch)
    with socket.socket() as taken:
        taken.bind(("", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["app", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"buraco: erro: a porta {port} não está livre"), err
    assert "--port 8600" in err


# --- a real install ----------------------------------------------------------------------------

PAGES_OPEN = """
import sys
from streamlit.testing.v1 import AppTest
app = sys.argv[1]
at = AppTest.from_file(app, default_timeout=60)
at.run()
assert not at.exception, at.exception
for page in sys.argv[2:]:
    at.switch_page(page).run()
    assert not at.exception, (page, at.exception)
print("pages ok", len(sys.argv) - 2)
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.mark.slow
def test_a_non_editable_install_works_from_any_folder(tmp_path: Path) -> None:
    """About 30 s: pip builds a wheel of the checkout into a folder (--target), and the
    command, the course and the app are used from there, started in an empty folder."""
    target, elsewhere = tmp_path / "site", tmp_path / "elsewhere"
    elsewhere.mkdir()
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", target, ROOT],
        check=True,
        capture_output=True,
    )
    env = {**os.environ, "PYTHONPATH": str(target), "BURACO_DATA_DIR": str(tmp_path / "data")}

    def buraco(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "buraco_cli", *args],
            cwd=elsewhere,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )

    where = subprocess.run(
        [sys.executable, "-c", "import buraco_cli, buraco_course; print(buraco_course.__file__)"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
    )
    assert where.stdout.startswith(str(target)), where  # the install, not the checkout
    checked = buraco("scenarios", "--check", "--lang", "en")
    assert checked.returncode == 0, checked.stderr
    assert "lessons" in checked.stdout and "checked" in checked.stdout
    meld = buraco("meld", "4h", "5h", "6h", "--lang", "en")
    assert meld.returncode == 0 and "Valid meld" in meld.stdout, meld

    site = target / "buraco_app" / "site"
    assert (site / "app.py").is_file() and (site / ".streamlit" / "config.toml").is_file()
    for page in PAGES:
        assert (site / page.path).is_file(), page.path
    opened = subprocess.run(
        [sys.executable, "-c", PAGES_OPEN, site / "app.py", *(p.path for p in PAGES[1:])],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert opened.stdout.strip() == f"pages ok {len(PAGES) - 1}", opened.stderr[-2000:]

    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "buraco_cli", "app", "--port", str(port)],
        cwd=elsewhere,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        health = ""
        for _ in range(120):  # a loaded machine may take a while to start it
            try:
                url = f"http://127.0.0.1:{port}/_stcore/health"
                with urllib.request.urlopen(url, timeout=2) as answer:
                    health = answer.read().decode()
                break
            except OSError:
                time.sleep(0.5)
        assert health == "ok"
        # The installed app.py is the server too: a nested address (a blank page in a
        # browser, left to Streamlit) is sent to its one-part form, which opens home.
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        connection.request("GET", "/lessons/extra?lang=en")
        answer = connection.getresponse()
        assert (answer.status, answer.getheader("location")) == (307, "/lessons%2Fextra?lang=en")
        connection.close()
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_a_port_just_released_counts_as_free() -> None:
    """Restarting the app on its port right after stopping it: the old connections still
    closing (TIME_WAIT) do not stop the server, so they must not stop the command either."""
    with socket.socket() as server:
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("", 0))
        server.listen()
        port = server.getsockname()[1]
        client = socket.create_connection(("127.0.0.1", port))
        accepted, _ = server.accept()
        accepted.close()  # the server's side closes first: its end waits (TIME_WAIT)
        client.close()
    assert app_command.port_free(port)
