"""Time `buraco meld 4h 5h 6h` as a whole process against `python -c pass`, the floor of any
Python command. Hyperfine-like: warm-up runs, then the two alternate (A B A B) so that a busy
machine slows both alike; the medians and their ratio are printed. A plain script, never a
timed assertion in the tests (DESIGN.md).

Run: .venv/bin/python benchmarks/bench_command.py [--runs N]

Aim (issue 10): at most 3x `python -c pass`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _command() -> list[str]:
    # The installed command where there is one (what a user runs), else the module.
    installed = Path(sys.executable).with_name("buraco")
    prefix = [str(installed)] if installed.exists() else [sys.executable, "-m", "buraco_cli"]
    return [*prefix, "meld", "4h", "5h", "6h"]


# As a user runs it: with compiled bytecode cached (a sandbox may turn its writing off, and
# then every start compiles every module of the project again).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _seconds(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    floor, command = [sys.executable, "-c", "pass"], _command()
    for _ in range(3):  # warm-up: the file cache, .pyc files
        _seconds(floor), _seconds(command)
    floors, commands = [], []
    for _ in range(args.runs):
        floors.append(_seconds(floor))
        commands.append(_seconds(command))
    a, b = statistics.median(floors), statistics.median(commands)
    print(f"python -c pass            {a * 1000:7.1f} ms (median of {args.runs})")
    print(f"buraco meld 4h 5h 6h      {b * 1000:7.1f} ms (median of {args.runs})")
    print(f"ratio                     {b / a:7.2f}x  (aim: at most 3x)")


if __name__ == "__main__":
    main()
