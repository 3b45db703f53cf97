"""Where the README's test command spends its time: wall time, and CPU by kind of work.

    python3 benchmarks/bench_test_run.py [ARGS...]

Runs `python3 dev.py test ARGS` from this checkout (`--fast`, `-k ...` pass through) and,
every second, reads the CPU time of every process it started (Linux /proc), so that
processes which end before the run does still count. Prints the wall time, the CPU of each
kind of work (the background suites' worker processes, the pytest process, the browser,
the app servers of the browser tests, the setup and static checks), and how long the
machine's cores stood idle. Aim (issue 10): the whole command under 8 minutes on this
2-core machine; when the cores are never idle, the CPU total divided by the cores is the
least the wall time can be. Last, it prints this machine's speed just after the run (random
play and OpenSpiel's gin rummy, as benchmarks/bench_play.py measures them): the run's time
follows it from day to day. The run's whole output (pytest's `--durations=N` table among it)
is kept in build/test-run.log. A measurement, never a test. (CI measures a fresh clone:
`CI=true bash .ci/run`, which also installs Chromium and PostgreSQL.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROC = Path("/proc")
LOG = ROOT / "build" / "test-run.log"
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
KINDS = (
    "background suites (worker processes)",
    "pytest",
    "browser (Chromium)",
    "app servers (browser tests)",
    "the compiled core's build (a test)",
    "setup and static checks",
    "other",
)


def kind_of(command: str, nice: int) -> str:
    if "chromium" in command or "chrome" in command:
        return KINDS[2]
    if "streamlit" in command:
        return KINDS[3]
    if "pytest" in command:
        return KINDS[0] if nice > 0 else KINDS[1]  # (tests/conftest.py: workers run niced)
    if "exec(eval(sys.stdin.readline()))" in command:  # pytest-xdist's workers (--fast)
        return KINDS[1]
    if nice > 0 or "--target" in command:  # (tests/test_compiled.py, from a worker)
        return KINDS[4]
    if any(tool in command for tool in ("pip", "ruff", "mypy", "venv", "dev.py")):
        return KINDS[5]
    return KINDS[6]


def processes() -> dict[tuple[int, int], tuple[int, str, float, int]]:
    """(pid, start tick) -> (parent pid, command, CPU seconds, nice) for every process now."""
    found = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue  # (ended meanwhile)
        fields = stat.rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / TICKS
        found[int(entry.name), int(fields[19])] = (int(fields[1]), command, cpu, int(fields[16]))
    return found


def idle_seconds() -> float:
    """The machine's idle time so far, summed over its cores."""
    fields = (PROC / "stat").read_text().splitlines()[0].split()
    return (int(fields[4]) + int(fields[5])) / TICKS


def run_and_watch(command: list[str]) -> tuple[int, str, dict[tuple[int, int], tuple[str, float]]]:
    """Run the command; its exit code, its output's last lines (the whole output is kept in
    LOG), and the CPU of every process it started (by pid and start tick: its kind and CPU
    seconds when last seen)."""
    ours: dict[tuple[int, int], tuple[str, float]] = {}
    LOG.parent.mkdir(exist_ok=True)
    with LOG.open("w+b") as output:
        child = subprocess.Popen(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT)
        while True:
            done = child.poll() is not None
            now = processes()
            live = {child.pid}  # the child and every process started under it, alive now
            grew = True
            while grew:
                grew = False
                for (pid, _), (parent, _, _, _) in now.items():
                    if parent in live and pid not in live:
                        live.add(pid)
                        grew = True
            for (pid, started), (_, command_line, cpu, nice) in now.items():
                if pid in live:
                    # (A process that has ended but is not yet reaped has no command
                    # line: it keeps the kind it was last seen with, not "other".)
                    kind = kind_of(command_line, nice)
                    if not command_line.strip() and (pid, started) in ours:
                        kind = ours[pid, started][0]
                    ours[pid, started] = (kind, cpu)
            if done:
                break
            time.sleep(1)
        output.seek(0)
        tail = "\n".join(output.read().decode(errors="replace").splitlines()[-30:])
    return child.returncode, tail, ours


def main() -> int:
    if not (PROC / "stat").exists():
        print("This measurement reads Linux's /proc; it does not run on this system.")
        return 2
    command = [sys.executable, str(ROOT / "dev.py"), "test", *sys.argv[1:]]
    print("Running:", " ".join(command))
    idle_before, start = idle_seconds(), time.monotonic()
    code, tail, ours = run_and_watch(command)
    wall = time.monotonic() - start
    idle = idle_seconds() - idle_before
    cores = os.cpu_count() or 1
    by_kind = dict.fromkeys(KINDS, 0.0)
    for kind, cpu in ours.values():
        by_kind[kind] += cpu
    total = sum(by_kind.values())
    if code != 0:
        print(tail)
    print(f"The run's output: {LOG.relative_to(ROOT)}")
    verdict = "passed" if code == 0 else f"FAILED (exit {code})"
    ran = " ".join(["dev.py test", *sys.argv[1:]])
    print(f"{ran}: {verdict}, {int(wall // 60)} min {wall % 60:.0f} s")
    print(f"CPU of the run's processes, {total:.0f} s in all:")
    for kind, cpu in by_kind.items():
        print(f"  {kind:<38} {cpu:7.0f} s  {cpu / max(total, 1e-9):5.0%}")
    print(
        f"{cores} cores: idle {idle:.0f} s of {wall * cores:.0f} ({idle / (wall * cores):.0%}); "
        f"CPU ÷ cores = {total / cores / 60:.1f} min, the least the wall time can be while the "
        "cores stay busy (aim: the whole command under 8 min)"
    )
    print(machine_speed())
    return 0 if code == 0 else 1


def machine_speed() -> str:
    """This machine's speed just after the run, as benchmarks/bench_play.py measures it:
    the full run is CPU-bound, so its time follows this from day to day (the same tree took
    8 min 13 s with gin rummy at 49,000 moves/s, 10 min 55 s at 39,000)."""
    python = ROOT / ".venv" / "bin" / "python"
    if not python.exists():
        return "This machine's speed: not measured (no .venv)"
    play = [str(python), str(ROOT / "benchmarks" / "bench_play.py")]
    figures = []
    for engine, name in (("ours", "random play (plain)"), ("openspiel", "OpenSpiel's gin rummy")):
        ran = subprocess.run(
            [*play, "--engine", engine, "--seconds", "3"], capture_output=True, text=True
        )
        if ran.returncode == 0:  # (OpenSpiel is a benchmark-only tool: maybe not installed)
            found = json.loads(ran.stdout)
            figures.append(f"{name} {found['moves'] / found['cpu']:,.0f} moves/s")
    return "This machine's speed after the run (bench_play.py, 3 s each): " + ", ".join(figures)


if __name__ == "__main__":
    raise SystemExit(main())
