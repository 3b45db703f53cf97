"""Time one interaction (a rerun after a widget change) on each page, with AppTest in one
process, beside the app's own empty shell and a one-widget Streamlit script; print both
ratios.

Run: .venv/bin/python benchmarks/bench_pages.py [--repeat N]

Aim (issue 10): every page within 1.3x the shell (benchmarks/shell_app.py: the same page
config, sidebar, navigation and CSS as app.py, and no page content), so a page's own cost
stays small beside what every rerun pays anyway. The floor (benchmarks/floor_app.py, one
text_input) shows what the shell itself costs. A plain script, never a timed assertion.

Each page is timed for the language switch in the sidebar (a widget every page has, and the
shell's interaction), pages with a main widget also for that (typing a meld, a round), and the score
sheet also with a match of 50 calculator rounds open (its details kept in the store), the
variants page also with its heaviest part open (the same move under each variant), Jogar also
at a round's start (the learner's first turn: a full hand, no meld), with a round in play (a
4-player game at the learner's turn, its moves many: what every tap of a match reruns) and at
that round's end (its score, key moments, the folded replay), and for three taps of a match,
each from its stored position and timed with its callback, what a learner waits for: the stock
('play draw'), a card discarded ('play discard': judged, coached, saved) and “Até a minha vez”
after a discard ('play replies': the three computers' turns). Page, shell and floor reruns
alternate sample by sample, so all three see the same machine load.

The score sheets go to a temporary data folder, never to ./data.

A real server compiles each script once and keeps the bytecode (one ScriptCache per
server); AppTest compiles app.py and the page again on every run, which would charge a page
for its length rather than for what it does. So the scripts' bytecode is kept here as a
server keeps it, for the page, the shell and the floor alike (--recompile: AppTest's way).

Besides the wall time of a whole AppTest run, each run's script is timed in CPU time of its
own thread (`cpu÷shell`): that leaves out AppTest's set-up, which every run pays alike, and
the time the thread waits for a core while other processes hold them, which on a shared
machine moves the wall-time ratios by ±0.5 from one run of this script to the next.
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.runtime.scriptrunner.script_runner import ScriptRunner  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from buraco_app.game import Game, GameStore  # noqa: E402
from buraco_app.pages import HOME, available_pages  # noqa: E402
from buraco_core.state import Phase, State  # noqa: E402
from tests.script_cache import share_one_script_cache  # noqa: E402

AIM = 1.3
WARM_UP = 3
Interaction = Callable[[AppTest, int], None]


def _language(at: AppTest, i: int) -> None:
    at.radio(key="lang").set_value("en" if i % 2 else "pt")


def _meld(key: str) -> Interaction:
    melds = ("5s 6s 7s 2d 9s 10s Js", "3s 2s 5s 4s")

    def change(at: AppTest, i: int) -> None:
        at.text_input(key=key).input(melds[i % 2])

    return change


def _round(at: AppTest, i: int) -> None:
    """A round typed into the calculator: its score and chart drawn on every rerun."""
    melds = ("4h 5h 6h 7h 8h 9h 10h\nQs Ks As", "4h 5h 6h 7h 8h 9h 10h\nQs Ks As\n7c 7d 7s")
    at.text_area(key="calc_melds_0").input(melds[i % 2])


def _claim(at: AppTest, i: int) -> None:
    """A claim typed on “Quem tem razão?”: the disputes it names, and one drawn."""
    claims = ("Só pode bater com canastra limpa", "O curinga no lixo tranca o lixo")
    at.text_input(key="who_claim_1").input(claims[i % 2])


def _floor_change(at: AppTest, i: int) -> None:
    at.text_input[0].input("a" if i % 2 else "b")


# Page-specific interactions, by url_path; every page also gets the language switch.
PAGE_INTERACTIONS: dict[str, dict[str, Interaction]] = {
    "variants": {"type a meld": _meld("variants_cards"), "lang, same move": _language},
    "lookup": {"type a meld": _meld("lookup_cards")},
    "calculator": {"type a round": _round},
    "who": {"type a claim": _claim},
}
# A view to open before timing: the variants page draws one of its parts at a time.
SETUP: dict[tuple[str, str], Callable[[AppTest], None]] = {
    ("variants", "type a meld"): lambda at: _view(at, "variants_view", "meld"),
    ("variants", "lang, same move"): lambda at: _view(at, "variants_view", "move"),
}


def _view(at: AppTest, key: str, value: str) -> None:
    at.segmented_control(key=key).set_value(value).run()


@dataclass(frozen=True)
class Case:
    label: str
    path: str
    interaction: str
    change: Interaction
    query: tuple[tuple[str, str], ...] = ()  # the page's link (?match=, ?game=)
    setup: Callable[[AppTest], None] | None = None  # run once before timing


_last_script_cpu = [0.0]  # seconds of CPU the last script run took in its own thread


def time_scripts() -> None:
    """Keep the CPU time of every script run (AppTest runs each in a thread of its own)."""
    run_script = ScriptRunner._run_script

    def timed(runner: ScriptRunner, rerun_data: Any) -> None:
        start = time.thread_time()
        try:
            run_script(runner, rerun_data)
        finally:
            _last_script_cpu[0] = time.thread_time() - start

    setattr(ScriptRunner, "_run_script", timed)  # noqa: B010


def _timed_run(at: AppTest) -> tuple[float, float]:
    """Seconds of one rerun: the whole AppTest run (wall) and its script's CPU."""
    start = time.perf_counter()
    at.run()
    seconds = time.perf_counter() - start
    if at.exception:
        raise SystemExit(f"the script raised: {at.exception[0].message}")
    return seconds, _last_script_cpu[0]


def _app(path: str, query: tuple[tuple[str, str], ...] = ()) -> AppTest:
    at = AppTest.from_file(str(ROOT / path), default_timeout=30)
    for name, value in query:
        at.query_params[name] = value
    return at.run()


def page_app(path: str, query: tuple[tuple[str, str], ...] = ()) -> AppTest:
    at = _app("app.py", query)
    if path != HOME.path:
        at.switch_page(path).run()
    return at


def time_case(case: Case, repeat: int) -> dict[str, float]:
    """Median ms of one rerun of the page, the shell and the floor, and the medians of the
    paired ratios (each page sample over the shell and floor samples beside it)."""
    page = page_app(case.path, case.query)
    if case.setup is not None:
        case.setup(page)
    shell, floor = _app("benchmarks/shell_app.py"), _app("benchmarks/floor_app.py")
    wall: dict[str, list[float]] = {"page": [], "shell": [], "floor": []}
    cpu: dict[str, list[float]] = {"page": [], "shell": [], "floor": []}
    for i in range(WARM_UP + repeat):
        case.change(page, i)
        page_s = _timed_run(page)
        _language(shell, i)
        shell_s = _timed_run(shell)
        _floor_change(floor, i)
        floor_s = _timed_run(floor)
        if i >= WARM_UP:
            for name, (w, c) in (("page", page_s), ("shell", shell_s), ("floor", floor_s)):
                wall[name].append(w)
                cpu[name].append(c)
    pairs = list(zip(wall["page"], wall["shell"], wall["floor"], strict=True))
    return {
        **{name: statistics.median(values) * 1000 for name, values in wall.items()},
        "to_shell": statistics.median(p / s for p, s, _ in pairs),
        "to_floor": statistics.median(p / f for p, _, f in pairs),
        "shell_to_floor": statistics.median(s / f for _, s, f in pairs),
        "page_cpu": statistics.median(cpu["page"]) * 1000,
        "shell_cpu": statistics.median(cpu["shell"]) * 1000,
        "cpu_to_shell": statistics.median(
            p / s for p, s in zip(cpu["page"], cpu["shell"], strict=True)
        ),
    }


def sheet_with_rounds() -> str:
    """A match of 50 calculator rounds in the (temporary) store the pages open."""
    from bench_sheet import DETAIL, STORED, filled_match  # beside this script

    from buraco_app import database
    from buraco_app.sheets import SheetStore

    store = SheetStore(database.open_engine(database.sqlite_url()))
    match_id = filled_match(store, STORED, DETAIL)
    store.engine.dispose()
    return match_id


PLAYED_MOVES = 38  # moves of the round in play on Jogar (this deal's round ends at 51)


def _learner_on_turn(state: State) -> bool:
    """The learner's turn after PLAYED_MOVES moves, before their draw (the round in play)."""
    from buraco_app.game import learner_turn

    return learner_turn(state) and len(state.log) >= PLAYED_MOVES


def _learner_starts(state: State) -> bool:
    """The learner's first turn: a full hand (11 cards), no meld down yet."""
    from buraco_app.game import learner_turn

    return learner_turn(state)


def _learner_drew(state: State) -> bool:
    """That turn after the learner's draw (a card of the hand to discard)."""
    return _learner_on_turn(state) and state.phase is Phase.PLAY


def _learner_discarded(state: State) -> bool:
    """The turn after a discard of the learner's mid-round (after 20 moves; at 38 the
    computers' turns that follow end the round): the computers to move."""
    return state.turn == 1 and state.phase is Phase.DRAW and len(state.log) > 20


def _ended(state: State) -> bool:
    return state.phase is Phase.ENDED


def played_game(reached: Callable[[State], bool]) -> Game:
    """A 4-player game, its first round played on (the learner's moves by a basic player,
    judged and coached as the page does) until `reached` holds."""
    from buraco_app.game import Setup
    from tests.played import played_until  # (the tests' games, played as the page plays)

    return played_until(Setup("fechado", {}, 4, "basic", "on", 11), 3, reached)


def _game_store() -> GameStore:
    from buraco_app import database

    return GameStore(database.open_engine(database.sqlite_url()))


def stored_game(reached: Callable[[State], bool] = _learner_on_turn) -> str:
    """A game of `played_game` in the (temporary) store, as the page saves it."""
    store = _game_store()
    game_id = store.create(played_game(reached))
    store.engine.dispose()
    return game_id


def _tap(key: str, pick_first: bool = False) -> Interaction:
    """A tap on Jogar's page, what a learner waits for after it: the page's game set back to
    the stored position (and drawn, untimed), the hand's first card picked first if asked
    (its own untimed rerun), then the button `key` clicked; the timed run is the tap's: its
    callback (the move judged, coached and saved, or the computers' moves) and the page."""
    kept: dict[str, Any] = {}

    def change(at: AppTest, i: int) -> None:
        if not kept:
            game_id = at.query_params["game"]  # (a list, once a run has set it)
            game_id = game_id if isinstance(game_id, str) else game_id[0]
            kept.update(store=_game_store(), game_id=game_id)
            kept["game"] = kept["store"].load(kept["game_id"])
        kept["store"].save(kept["game_id"], kept["game"])  # (back to the stored position)
        at.run()
        if pick_first:  # (the hand is one widget, its value the positions picked)
            at.button_group(key="bthand-play_board").set_value([0]).run()
        at.button(key=key).click()

    return change


def cases() -> list[Case]:
    found = []
    for spec in available_pages():
        interactions = {"language switch": _language, **PAGE_INTERACTIONS.get(spec.url_path, {})}
        for name, change in interactions.items():
            setup = SETUP.get((spec.url_path, name))
            found.append(Case(spec.url_path, spec.path, name, change, setup=setup))
    pages = {s.url_path: s for s in available_pages()}
    if "sheet" in pages:
        match = (("match", sheet_with_rounds()),)
        found.append(Case("sheet 50", pages["sheet"].path, "language switch", _language, match))
    if "play" in pages:
        start = (("game", stored_game(_learner_starts)),)
        found.append(Case("play start", pages["play"].path, "language switch", _language, start))
        game = (("game", stored_game()),)
        found.append(Case("play round", pages["play"].path, "language switch", _language, game))
        ended = (("game", stored_game(_ended)),)
        found.append(Case("play end", pages["play"].path, "language switch", _language, ended))
        # Taps of a match, each from its stored position: the stock, a card discarded, and
        # "Até a minha vez" after the learner's discard (the three computers' turns).
        for label, reached, tap in (
            ("play draw", _learner_on_turn, _tap("btt-play_board-stock")),
            ("play discard", _learner_drew, _tap("btt-play_board-discard", pick_first=True)),
            ("play replies", _learner_discarded, _tap("play_to_my_turn")),
        ):
            path = pages["play"].path
            found.append(Case(label, path, "tap", tap, (("game", stored_game(reached)),)))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--only", help="time only the pages whose label starts with this")
    parser.add_argument(
        "--recompile", action="store_true", help="compile the scripts on every run (AppTest's way)"
    )
    args = parser.parse_args()
    if not args.recompile:
        share_one_script_cache(setattr)
    time_scripts()
    # AppTest's constructor writes to session state outside a script run, and Streamlit warns
    # of that once per app: it says nothing about the pages, and would bury the table (a filter,
    # since Streamlit sets its loggers' levels again as it loads its config).
    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").addFilter(
        lambda record: "missing ScriptRunContext" not in record.getMessage()
    )
    os.chdir(ROOT)  # Streamlit reads .streamlit/config.toml from the working directory
    data = tempfile.TemporaryDirectory(prefix="bench_pages_")
    os.environ["BURACO_DATA_DIR"] = data.name
    print(
        f"{'page':<12} {'interaction':<16} {'page ms':>8} {'shell ms':>9} {'floor ms':>9}"
        f" {'÷shell':>7} {'÷floor':>7} {'cpu ms':>7} {'shell':>6} {'cpu÷shell':>9}"
    )
    worst = worst_cpu = 0.0
    for case in cases():
        if args.only and not case.label.startswith(args.only):
            continue
        f = time_case(case, args.repeat)
        worst = max(worst, f["to_shell"])
        worst_cpu = max(worst_cpu, f["cpu_to_shell"])
        flag = "" if f["to_shell"] <= AIM else "  above the aim"
        print(
            f"{case.label:<12} {case.interaction:<16} {f['page']:8.1f} {f['shell']:9.1f}"
            f" {f['floor']:9.1f} {f['to_shell']:7.2f} {f['to_floor']:7.2f}"
            f" {f['page_cpu']:7.2f} {f['shell_cpu']:6.2f} {f['cpu_to_shell']:9.2f}{flag}"
            f"   (shell {f['shell_to_floor']:.2f}x floor)"
        )
    print(
        f"worst: {worst:.2f}x the app's empty shell, {worst_cpu:.2f}x in script CPU"
        f" (aim: within {AIM}x)"
    )
    data.cleanup()


if __name__ == "__main__":
    main()
