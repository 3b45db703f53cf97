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
    if not PYTHON.exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("Installing Buraco Tutor and its test tools into .venv (a minute or two) ...", flush=True)
    for cmd in (["--upgrade", "pip"], ["-e", ".[test]"]):
        code = run_quietly([str(PYTHON), "-m", "pip", "install", "--quiet", *cmd])
        if code != 0:
            sys.exit(code)
    STAMP.write_text(wanted)


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
    code = subprocess.call(cmd, cwd=ROOT)
    if code != 0:
        sys.exit(code)


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
        run([str(PYTHON), "-m", "pytest", *extra])
    elif task == "compile":
        ensure_env()
        compile_core()
    elif task == "bench":
        ensure_env()
        for script in sorted((ROOT / "benchmarks").glob("bench_*.py")):
            run([str(PYTHON), str(script)])
    else:
        print(__doc__)
        sys.exit(0 if task == "help" else 2)


if __name__ == "__main__":
    main(sys.argv[1:])
