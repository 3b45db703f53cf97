"""`python3 dev.py run` / `test` as a newcomer meets them: the setup of .venv when it fails
(pip, a Python without ensurepip or too old, a .venv left half made) and Ctrl-C, each said in
words, never a traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import venv
from pathlib import Path

import pytest

import dev

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def new_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """dev.py's .venv moved to a temporary folder, not yet installed."""
    monkeypatch.setattr(dev, "VENV", tmp_path / ".venv")
    monkeypatch.setattr(dev, "PYTHON", tmp_path / ".venv" / "bin" / "python")
    monkeypatch.setattr(dev, "STAMP", tmp_path / ".venv" / ".installed")
    return tmp_path / ".venv"


def test_a_failed_pip_install_says_what_to_do(
    new_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """pip's own last words ended the run ("note: This error originates from a subprocess,
    and is likely not a problem with pip"): now dev.py says what failed and what to do."""
    monkeypatch.setattr(dev, "_has_pip", lambda: True)
    monkeypatch.setattr(dev, "run_quietly", lambda cmd: 1)
    with pytest.raises(SystemExit) as stopped:
        dev.ensure_env()
    assert stopped.value.code == 1
    said = " ".join(capsys.readouterr().err.split())
    assert "pip could not install what Buraco Tutor needs (its message is above)" in said
    assert "run the same command again: the install starts over" in said
    assert not dev.STAMP.exists()  # (so the next run installs again)


def test_a_python_without_ensurepip_is_told_what_to_install(
    new_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Debian's and Ubuntu's python3 comes without ensurepip (python3-venv): making .venv
    ended in a CalledProcessError's traceback, and left a Python without pip in .venv, on
    which every later run failed ("No module named pip")."""

    def without_ensurepip(self: venv.EnvBuilder, env_dir: Path) -> None:
        dev.PYTHON.parent.mkdir(parents=True)
        dev.PYTHON.touch()
        raise subprocess.CalledProcessError(1, [str(dev.PYTHON), "-Im", "ensurepip"])

    monkeypatch.setattr(venv.EnvBuilder, "create", without_ensurepip)
    with pytest.raises(SystemExit) as stopped:
        dev.ensure_env()
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    assert "Could not create .venv" in str(stopped.value.code)
    assert f"sudo apt install python{version}-venv" in str(stopped.value.code)
    assert not new_env.exists()


def test_a_venv_left_without_pip_is_made_again(
    new_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A .venv whose making was stopped (Ctrl-C while pip went into it) has a Python and no
    pip: it was taken as made, and pip's "No module named pip" ended every run."""
    dev.PYTHON.parent.mkdir(parents=True)
    dev.PYTHON.write_text("#!/bin/sh\nexit 1\n")  # a Python that has no pip to run
    dev.PYTHON.chmod(0o755)
    made: list[bool] = []
    monkeypatch.setattr(dev, "create_env", lambda: made.append(True))
    monkeypatch.setattr(dev, "run_quietly", lambda cmd: 0)
    dev.ensure_env()
    assert made == [True] and dev.STAMP.exists()


def test_an_older_python_is_told_the_version_before_anything_is_made(
    new_env: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "version_info", (3, 10, 12, "final", 0))
    monkeypatch.setattr(venv.EnvBuilder, "create", lambda self, env_dir: None)
    monkeypatch.setattr(dev, "run_quietly", lambda cmd: 0)
    with pytest.raises(SystemExit) as stopped:
        dev.ensure_env()
    assert stopped.value.code == "Buraco Tutor needs Python 3.11 or newer; this one is 3.10.12."
    assert not new_env.exists()


CHILD = """
import time
try:
    print("ready", flush=True)
    time.sleep(30)
except KeyboardInterrupt:
    time.sleep(0.5)  # a server closing
    print("child stopped", flush=True)
"""


@pytest.mark.skipif(os.name == "nt", reason="Ctrl-C reaches a process group on POSIX")
def test_ctrl_c_stops_the_app_and_dev_py_without_a_traceback() -> None:
    """Ctrl-C at the terminal reaches dev.py and the app it started: dev.py raised its own
    KeyboardInterrupt (a traceback under the app's last lines) and killed the app mid-way;
    now it waits for the app to stop and says it stopped."""
    script = f"import dev, sys; dev.run([sys.executable, '-c', {CHILD!r}])"
    with subprocess.Popen(
        [sys.executable, "-c", script],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # (its own process group: the terminal's, here)
    ) as started:
        assert started.stdout is not None
        for line in started.stdout:  # (the command first: "$ ...")
            if line == "ready\n":
                break
        else:
            pytest.fail("the command ended before it was ready")
        os.killpg(started.pid, signal.SIGINT)  # what Ctrl-C does
        out, err = started.communicate(timeout=30)
    assert out == "child stopped\n", (out, err)
    assert err == "Stopped (Ctrl-C).\n" and started.returncode == 1


def test_a_task_it_does_not_know_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    """`python3 dev.py runn` printed the help alone, as `help` does, with no word of the typo."""
    with pytest.raises(SystemExit) as stopped:
        dev.main(["runn"])
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert err == "dev.py: there is no task “runn”: run, test, bench or compile.\n"
    assert "python3 dev.py run" in out and "no task" not in out  # (the help, on stdout)
    with pytest.raises(SystemExit) as stopped:
        dev.main(["--help"])
    assert stopped.value.code == 0 and "no task" not in capsys.readouterr().out


SPREAD = ["-n", "auto", "--dist", "worksteal"]  # every core, a worker left idle takes tests


@pytest.mark.parametrize(
    ("given", "to_pytest"),
    [
        (["--fast"], [*SPREAD, "--fast"]),
        (["--fast", "-k", "natural_two"], [*SPREAD, "--fast", "-k", "natural_two"]),
        ([], []),  # the full run: one process, its spare core the background suites'
        (["-k", "natural_two"], ["-k", "natural_two"]),
        (["--fast", "-n", "0"], ["--fast", "-n", "0"]),  # the processes chosen: as said
        (["--fast", "--numprocesses=3"], ["--fast", "--numprocesses=3"]),
        (["--fast", "--pdb"], ["--fast", "--pdb"]),  # a debugger needs the one process
        (["--fast", "-p", "no:xdist"], ["--fast", "-p", "no:xdist"]),
    ],
)
def test_the_quick_check_spreads_the_tests_over_the_cores(
    given: list[str], to_pytest: list[str]
) -> None:
    """`dev.py test --fast` runs its tests on every core (pytest-xdist): it is the pytest
    process's own work, and it kept one of two cores idle. Options that choose the processes
    or need one keep their way."""
    assert dev.spread(given) == to_pytest
