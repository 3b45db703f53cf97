"""Time a card picked on Jogar as a person sees it: in Chromium, against `streamlit run`, from
the tap on a card of the hand to the page settled (the board says what is picked and the app
is idle again), on a phone, at two of bench_pages' positions of a 4-player game: 'start' (the
learner's first turn, 11 cards, no meld) and 'round' (their turn 38 moves in: 2 cards in hand,
many melds and moves). AppTest reruns the whole script at every interaction, so it
cannot show a tap that reruns only the board (a Streamlit fragment): a real server can.

Run: .venv/bin/python benchmarks/bench_play_pick.py [--taps N] [--tree PATH ...]

Each --tree is served by its own server (default: this tree), each with the same game in a
fresh data folder; the trees' taps alternate, tap by tap, so all see the same machine load
(compare a base checkout with this one: --tree /tmp/base --tree .). The taps pick up to five
cards one by one and drop them again, a short pause after each, as a person does. Prints the
median and the quartiles per tree and position; and what a tap cost, free of the machine's
load: the kB the server sent (its websocket frames, median), the server's CPU time (its
process's, less as long idle, mean) and the browser's main-thread work (DevTools'
TaskDuration, median). A plain script, never a timed assertion.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, streamlit_command  # noqa: E402

HAND = ".st-key-bthand-play_board button"
WARM_UP = 4
PAUSE_MS = 300  # between taps, as a person looks at the card before the next one

# Tap the hand's card `n` and resolve, in ms, when the page has settled: its text changed (the
# board's line on what is picked, drawn by the server) and the script is idle; read once a
# frame, as the screen shows it.
TIMED_TAP = """async (n) => {
    const app = document.querySelector("[data-testid='stApp']");
    const main = document.querySelector("[data-testid='stMain']");
    const before = main.innerText;
    const card = document.querySelectorAll(arguments_selector)[n];
    const start = performance.now();
    card.click();
    return await new Promise((done) => {
        const look = () => {
            const idle = app.getAttribute("data-test-script-state") === "notRunning";
            if (idle && main.innerText !== before) done(performance.now() - start);
            else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
    });
}""".replace("arguments_selector", repr(HAND))


def _serve(tree: Path, port: int, data: str, log: Any) -> subprocess.Popen[bytes]:
    env = {**os.environ, "BURACO_DATA_DIR": data}
    env.pop("BURACO_DATABASE_URL", None)
    server = subprocess.Popen(
        streamlit_command(port), cwd=tree, stdout=log, stderr=subprocess.STDOUT, env=env
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://localhost:{port}/_stcore/health", timeout=1):
                return server
        except OSError:
            time.sleep(0.3)
    server.terminate()
    raise SystemExit(f"the server of {tree} did not start: see {log.name}")


def _stored_games(data: str) -> dict[str, str]:
    """The positions timed, by name: bench_pages' 'play start' and 'play round'."""
    os.environ["BURACO_DATA_DIR"] = data  # (bench_pages' store reads it when it opens)
    from benchmarks.bench_pages import _learner_on_turn, _learner_starts, stored_game

    return {"start": stored_game(_learner_starts), "round": stored_game(_learner_on_turn)}


@dataclass
class Case:
    """A page open at a position, served by `server`, and what each timed tap cost."""

    page: Any
    sent: list[int]  # the sizes of the websocket frames the server sent it, as they came
    server: int  # the server's process id
    browser: Any  # a DevTools session on the page (its main thread's work)
    samples: dict[str, list[float]] = field(default_factory=dict)

    def keep(self, **values: float) -> None:
        for name, value in values.items():
            self.samples.setdefault(name, []).append(value)


def _open(browser: Any, port: int, game_id: str, server: int) -> Case:
    from tests.e2e.conftest import wait_for_app

    page = browser.new_context(viewport=PHONE).new_page()
    sent: list[int] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: sent.append(len(f))))
    page.goto(f"http://localhost:{port}/play?game={game_id}")
    wait_for_app(page)
    page.wait_for_timeout(1000)  # (the first visit's extra run: the cookie, the link)
    wait_for_app(page)
    page.locator(HAND).first.wait_for()
    devtools = page.context.new_cdp_session(page)
    devtools.send("Performance.enable")
    return Case(page, sent, server, devtools)


def _cpu_ms(pid: int) -> float:
    """The CPU time a process has used (user and system), in ms: load-proof, where wall time
    on a shared machine is not."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def _task_ms(case: Case) -> float:
    """The browser's main-thread work on the page so far, in ms (DevTools' TaskDuration)."""
    metrics = case.browser.send("Performance.getMetrics")["metrics"]
    return 1000 * next(m["value"] for m in metrics if m["name"] == "TaskDuration")


def _tap(case: Case, n: int) -> dict[str, float]:
    """Tap the hand's card `n` and wait for the page to settle: what it cost. The server's
    CPU time less what it spends as long without a tap (an idle server's own ~10%)."""
    was, cpu, task, start = len(case.sent), _cpu_ms(case.server), _task_ms(case), time.time()
    ms = float(case.page.evaluate(TIMED_TAP, n))
    case.page.wait_for_timeout(PAUSE_MS)  # (late frames, the browser's last paint)
    cost = {
        "ms": ms,
        "kB": sum(case.sent[was:]) / 1000,
        "server": _cpu_ms(case.server) - cpu,
        "browser": _task_ms(case) - task,
    }
    cpu, window = _cpu_ms(case.server), time.time() - start
    case.page.wait_for_timeout(window * 1000)
    cost["server"] -= _cpu_ms(case.server) - cpu
    return cost


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--taps", type=int, default=30)
    parser.add_argument("--tree", type=Path, action="append", help="a tree to serve (repeat)")
    parser.add_argument("--port", type=int, default=8704, help="the first server's port")
    args = parser.parse_args()
    trees = [t.resolve() for t in (args.tree or [ROOT])]
    from playwright.sync_api import sync_playwright

    folders = [tempfile.TemporaryDirectory(prefix="bench_pick_") for _ in trees]
    logs = [open(Path(f.name) / "streamlit.log", "w") for f in folders]  # noqa: SIM115
    servers = [
        _serve(tree, args.port + i, f.name, log)
        for i, (tree, f, log) in enumerate(zip(trees, folders, logs, strict=True))
    ]
    try:
        games = [_stored_games(f.name) for f in folders]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            cases = {
                (str(tree), at): _open(browser, args.port + i, game_id, servers[i].pid)
                for i, (tree, found) in enumerate(zip(trees, games, strict=True))
                for at, game_id in found.items()
            }
            for tap in range(WARM_UP + args.taps):
                for case in cases.values():
                    cards = min(5, case.page.locator(HAND).count())
                    order = [*range(cards), *reversed(range(cards))]  # picked, then dropped
                    cost = _tap(case, order[tap % len(order)])
                    if tap >= WARM_UP:
                        case.keep(**cost)
            browser.close()
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=10)
        for log in logs:
            log.close()
    print(
        f"{'tree':<24} {'at':<6} {'taps':>4} {'median ms':>9} {'q1':>5} {'q3':>5}"
        f" {'kB sent':>7} {'server cpu ms':>13} {'browser ms':>10}"
    )
    for (tree, at), case in cases.items():
        q1, median, q3 = statistics.quantiles(case.samples["ms"], n=4)
        kb = statistics.median(case.samples["kB"])
        server = statistics.mean(case.samples["server"])  # (mean: 10 ms clock ticks)
        work = statistics.median(case.samples["browser"])
        print(
            f"{tree[-24:]:<24} {at:<6} {len(case.samples['ms']):>4} {median:9.0f} {q1:5.0f}"
            f" {q3:5.0f} {kb:7.1f} {server:13.1f} {work:10.1f}"
        )
    for folder in folders:
        folder.cleanup()


if __name__ == "__main__":
    main()
