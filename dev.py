"""Set up and run Buraco Tutor with nothing but Python 3.11+ and pip.

    python3 dev.py run     # create .venv, install, start the app
    python3 dev.py test    # create .venv, install, run ruff, mypy (strict) and every test
    python3 dev.py bench   # the benchmarks in benchmarks/
    python3 dev.py compile # optional: the core's hottest modules compiled (setup.py)

The virtual environment is (re)installed whenever pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"


def ensure_env() -> None:
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted and PYTHON.exists():
        return
    # (Checked before .venv is made: one made by an older Python would stay, and pip's "requires
    # a different Python" would follow every run.)
    if sys.version_info < (3, 11):  # noqa: UP036 (dev.py is run by whatever python3 is)
        found = ".".join(map(str, sys.version_info[:3]))
        sys.exit(f"Buraco Tutor needs Python 3.11 or newer; this one is {found}.")
    if not _has_pip():
        create_env()
    print("Installing Buraco Tutor and its test tools into .venv (a minute or two) ...", flush=True)
    try:
        for cmd in (["--upgrade", "pip"], ["-e", ".[test]"]):
            code = run_quietly([str(PYTHON), "-m", "pip", "install", "--quiet", *cmd])
            if code != 0:
                print(
                    "\npip could not install what Buraco Tutor needs (its message is above). If"
                    " it could not\nreach the package index (pypi.org), check the connection or"
                    " the proxy, then run the\nsame command again: the install starts over.",
                    file=sys.stderr,
                )
                sys.exit(code)
    except KeyboardInterrupt:
        sys.exit("\nStopped (Ctrl-C) before the install was done: the same command redoes it.")
    STAMP.write_text(wanted)


def _has_pip() -> bool:
    """Whether .venv has a Python with pip: not so when it was never made, or its making was
    stopped half way (Ctrl-C, or a Python without ensurepip), which left a Python alone."""
    if not PYTHON.exists():
        return False
    check = [str(PYTHON), "-m", "pip", "--version"]
    return subprocess.run(check, capture_output=True).returncode == 0


def create_env() -> None:
    """A new .venv with pip in it; a half-made one is removed, saying what to install."""
    print("Creating .venv ...", flush=True)
    try:
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    except (subprocess.CalledProcessError, KeyboardInterrupt) as exc:
        shutil.rmtree(VENV, ignore_errors=True)  # (else the next run finds a Python alone)
        if isinstance(exc, KeyboardInterrupt):
            sys.exit("\nStopped (Ctrl-C) while creating .venv: the same command starts over.")
        version = f"{sys.version_info[0]}.{sys.version_info[1]}"
        sys.exit(
            "Could not create .venv: this Python could not put pip into it (its ensurepip is"
            f" missing).\nOn Debian or Ubuntu: sudo apt install python{version}-venv, then run"
            " the same command again."
        )


def run_quietly(cmd: list[str], env: dict[str, str] | None = None, shown_env: str = "") -> int:
    """Run pip; its output is shown only if it fails (setuptools writes pages of warnings
    about the course's data folders, which travel as package data, not as packages)."""
    print("$", shown_env + " ".join(cmd), flush=True)
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stdout[-5000:], done.stderr[-5000:], sep="\n", file=sys.stderr)
    return done.returncode


def run(cmd: list[str]) -> None:
    print("$", " ".join(cmd), flush=True)
    code = run_to_the_end(cmd)
    if code != 0:
        sys.exit(code)


def run_to_the_end(cmd: list[str]) -> int:
    """The command's exit code. Ctrl-C at the terminal reaches the command too: it stops as
    it does (the app closes its server, pytest gives its summary) while this waits, and then
    this stops saying so, not with a traceback of its own under the command's last lines. A
    second Ctrl-C ends a command that did not stop."""
    pressed = 0
    child: subprocess.Popen[bytes] | None = None

    def on_ctrl_c(signum: int, frame: object) -> None:
        nonlocal pressed
        pressed += 1
        if pressed > 1 and child is not None:
            child.kill()

    # (Set before the command starts, which gets Python's default again: a handler is not
    # inherited through exec.)
    previous = signal.signal(signal.SIGINT, on_ctrl_c)
    try:
        child = subprocess.Popen(cmd, cwd=ROOT)
        code = child.wait()
    finally:
        signal.signal(signal.SIGINT, previous)
    if pressed:
        sys.exit("Stopped (Ctrl-C).")
    return code


# pytest's options that set the processes themselves or need one (a debugger): given,
# `--fast` keeps the tests where they say (`-n 0`, `-p no:xdist`: one process).
ONE_PROCESS = ("-n", "--numprocesses", "--pdb", "--trace", "no:xdist")


def spread(extra: list[str]) -> list[str]:
    """pytest's arguments: with `--fast`, the tests spread over every core (pytest-xdist).
    The quick run is the pytest process's own work, one core's; the full run keeps its
    one process, whose spare core the background suites already fill (tests/conftest.py)."""
    if "--fast" not in extra or any(arg.startswith(ONE_PROCESS) for arg in extra):
        return extra
    return ["-n", "auto", "--dist", "worksteal", *extra]


COMPILED = ROOT / "build" / "compiled"


def compile_command(python: str, target: Path) -> list[str]:
    """pip installing into `target` a copy of the project whose hottest core modules are
    compiled by mypyc (setup.py; run it with BURACO_COMPILE=1 in the environment). Used here
    and by tests/test_compiled.py."""
    cmd = [python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation"]
    return [*cmd, "--upgrade", "--target", str(target), str(ROOT)]


def compile_core() -> None:
    """Install the compiled copy into build/compiled; the checkout itself stays plain Python."""
    env = {**os.environ, "BURACO_COMPILE": "1"}
    code = run_quietly(compile_command(str(PYTHON), COMPILED), env, shown_env="BURACO_COMPILE=1 ")
    if code != 0:
        print("The compiled core needs a C compiler and Python's headers; it is optional: the")
        print("app, the command and the tests run on the plain core without it.")
        sys.exit(code)
    print(f"Compiled core in {COMPILED} (PYTHONPATH={COMPILED} to use it)")


def main(argv: list[str]) -> None:
    task = argv[0] if argv else "help"
    extra = argv[1:]
    if task == "run":
        ensure_env()
        run([str(PYTHON), "-m", "streamlit", "run", "app.py", *extra])
    elif task == "test":
        ensure_env()
        run([str(PYTHON), "-m", "ruff", "check", "."])
        run([str(PYTHON), "-m", "mypy"])  # the files listed in pyproject.toml
        run([str(PYTHON), "-m", "pytest", *spread(extra)])
    elif task == "compile":
        ensure_env()
        compile_core()
    elif task == "bench":
        ensure_env()
        for script in sorted((ROOT / "benchmarks").glob("bench_*.py")):
            run([str(PYTHON), str(script)])
    else:
        if task not in ("help", "-h", "--help"):  # (a typo, "runn", got the help alone)
            # (on stderr, as an error is: `dev.py runn > out.txt` still shows it)
            print(
                f"dev.py: there is no task “{task}”: run, test, bench or compile.", file=sys.stderr
            )
        print(__doc__)
        sys.exit(0 if task in ("help", "-h", "--help") else 2)


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except KeyboardInterrupt:  # (between two steps: each step says its own)
        sys.exit("\nStopped (Ctrl-C).")
