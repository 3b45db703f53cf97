"""Random play against a yardstick: our rounds beside OpenSpiel's gin rummy, same machine.

    python3 benchmarks/bench_play.py [--seconds S] [--pairs N]

Ours: four players, Fechado, every decision drawn uniformly from the full list of
`legal_moves` until the round ends. OpenSpiel's gin rummy (`pyspiel`, a C++ engine):
each player decision drawn uniformly from `legal_actions()`, chance nodes (the deal, the
card drawn) resolved at random and not counted as moves; a draw is one of our moves. Each
engine runs in its own process, one after the other, A B A B (`--pairs` times), for `S`
CPU seconds each; the figures are the medians, in CPU time of that process. OpenSpiel is
a benchmark-only tool (`pip install open_spiel` into .venv): without it, ours is printed
alone. Aim (issue 10): ours at least as many moves per second as gin rummy (ratio >= 1).

Ours runs twice: with Python's collector as it comes, and with the collector as `buraco
selfplay` and the test suites' workers set it for long play (buraco_cli/collector.py).
Where the optional compiled core has been built (`python3 dev.py compile`: build/compiled,
see setup.py), it runs too, both ways, in the same rounds of engines. The plain-Python
figure with the collector as it comes is the first line; every ratio is printed. Beside each
of ours: the share of its CPU time the cycle collector took, and the full collections alone
(they walk every remembered listing and verdict: the memos' objects, not the moves').
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


COMPILED = ROOT / "build" / "compiled"


def run_ours(seconds: float, long_play: bool = False) -> dict[str, float]:
    import buraco_core.legal
    from buraco_core.judge import apply, legal_moves
    from buraco_core.rules import ruleset
    from buraco_core.state import Phase, deal

    rules = ruleset("fechado")
    if long_play:
        from buraco_cli.collector import for_long_play

        for_long_play()
    rng = random.Random(1)
    moves = rounds = 0
    collecting = _time_collections()
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = deal(rules, 4, rounds)
        while state.phase is not Phase.ENDED:
            state = apply(rules, state, rng.choice(list(legal_moves(rules, state))))
            moves += 1
        rounds += 1
    cpu = time.process_time() - start
    compiled = not buraco_core.legal.__file__.endswith(".py")
    return {"moves": moves, "rounds": rounds, "cpu": cpu, "compiled": compiled, **collecting}


def _time_collections() -> dict[str, float]:
    """CPU seconds Python's cycle collector takes, all collections and the full ones (the
    figures fill in as the run goes)."""
    import gc

    spent = {"gc_cpu": 0.0, "gc_full_cpu": 0.0}
    began = [0.0]

    def timed(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            began[0] = time.process_time()
            return
        seconds = time.process_time() - began[0]
        spent["gc_cpu"] += seconds
        if info["generation"] == 2:
            spent["gc_full_cpu"] += seconds

    gc.callbacks.append(timed)
    return spent


def run_compiled(seconds: float, long_play: bool = False) -> dict[str, float]:
    sys.path.insert(0, str(COMPILED))  # (before the checkout: its modules are found first)
    figures = run_ours(seconds, long_play)
    if not figures["compiled"]:
        raise SystemExit(f"{COMPILED} holds no compiled core: run python3 dev.py compile")
    return figures


def run_openspiel(seconds: float) -> dict[str, float]:
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(1)
    moves = rounds = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        rounds += 1
    return {"moves": moves, "rounds": rounds, "cpu": time.process_time() - start}


ENGINES: dict[str, Callable[[float], dict[str, float]]] = {
    "ours": run_ours,
    "ours_long": partial(run_ours, long_play=True),
    "compiled": run_compiled,
    "compiled_long": partial(run_compiled, long_play=True),
    "openspiel": run_openspiel,
}


def measure(engine: str, seconds: float) -> dict[str, float]:
    """One engine in a fresh process."""
    out = subprocess.run(
        [sys.executable, __file__, "--engine", engine, "--seconds", str(seconds)],
        check=True,
        capture_output=True,
        text=True,
    )
    return dict(json.loads(out.stdout))


def has_openspiel() -> bool:
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        return False
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per run")
    parser.add_argument("--pairs", type=int, default=2, help="A B pairs")
    parser.add_argument("--engine", choices=ENGINES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.engine:
        print(json.dumps(ENGINES[args.engine](args.seconds)))
        return 0

    engines = ["ours", "ours_long"]
    if (COMPILED / "buraco_core").is_dir():
        engines += ["compiled", "compiled_long"]
    if has_openspiel():
        engines.append("openspiel")
    rates: dict[str, list[tuple[float, float]]] = {e: [] for e in engines}
    shares: dict[str, list[tuple[float, float]]] = {e: [] for e in engines}
    for _ in range(args.pairs):
        for engine in engines:
            figures = measure(engine, args.seconds)
            rates[engine].append(
                (figures["moves"] / figures["cpu"], figures["rounds"] / figures["cpu"])
            )
            if "gc_cpu" in figures:
                shares[engine].append(
                    (figures["gc_cpu"] / figures["cpu"], figures["gc_full_cpu"] / figures["cpu"])
                )
    print(f"Random play, uniform over legal moves (median of {args.pairs} runs, CPU time)")
    medians = {}
    labels = (
        ("ours", "Buraco, Fechado, 4 players"),
        ("ours_long", "  collector as in selfplay"),
        ("compiled", "  compiled core"),
        ("compiled_long", "  compiled, collector too"),
        ("openspiel", "gin rummy"),
    )
    for engine, label in labels:
        if engine not in rates:
            if engine == "openspiel":
                print("  OpenSpiel not installed (pip install open_spiel): ours alone")
            continue
        moves = statistics.median(r[0] for r in rates[engine])
        rounds = statistics.median(r[1] for r in rates[engine])
        medians[engine] = moves
        collector = ""
        if shares[engine]:
            every = statistics.median(share[0] for share in shares[engine])
            full = statistics.median(share[1] for share in shares[engine])
            collector = f"   collector {every:4.0%} (full collections {full:.0%})"
        print(f"  {label:<27} {moves:>9,.0f} moves/s {rounds:>8,.1f} rounds/s{collector}")
    if "openspiel" in medians:
        gin = medians["openspiel"]
        print(f"  ratio ours / gin rummy: {medians['ours'] / gin:.2f} (aim: >= 1.0)")
        for engine, label in labels[1:-1]:
            if engine in medians:
                print(f"  ratio, {label.strip()}: {medians[engine] / gin:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
