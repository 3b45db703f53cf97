"""Timing of the round engine: random rounds per second, and one big `legal_moves`.

    python3 benchmarks/bench_round.py [--rounds N] [--repeats R]

Random play draws every move from `legal_moves` (the full list), with the same bias as the
random-play tests: in the draw phase the lixo is taken three times in ten when it can be,
and in the play phase a meld move is made 85 times in a hundred when there is one, so that
rounds end by batida as well as by the stock running out. Figures are medians over the
repeats, in CPU time of this process (other work on the machine disturbs them less).

Aims: 200 random rounds per second (issue "Rules core II"), and at most 2 ms for
`legal_moves` of a 22-card hand with six melds of the side on the table, with every memo
cleared (the meld verdicts and the listing's blocks, `legal.clear_memos`; issue 10).
Random play against a yardstick (OpenSpiel's gin rummy) is bench_play.py.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from buraco_core.cards import parse_cards
from buraco_core.judge import apply, legal_moves
from buraco_core.legal import clear_memos
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.notation import position_from_data
from buraco_core.rules import PRESET_NAMES, RuleSet, ruleset
from buraco_core.state import Phase, State, deal

BIG_POSITION = {
    "players": 4,
    "turn": 0,
    "phase": "play",
    "hands": [
        [
            str(c)
            for c in parse_cards(
                "3h 8h 2h JK 7c 8c Qc Kc Js 10s 9s 2d 8d 9d 10d Ah 3c 4c 5c Kd Kd 6s"
            )
        ],
        11,
        11,
        11,
    ],
    "melds": [
        [
            ["4h", "5h", "6h", "7h"],
            ["9c", "10c", "Jc"],
            ["Qs", "Ks", "As"],
            ["3d", "4d", "5d", "6d", "7d"],
            ["9h", "10h", "JK", "Qh"],
            ["5s", "6s", "2c"],
        ],
        [],
    ],
    "lixo": ["Qd"],
}


def choose(moves: list[Move], rng: random.Random) -> Move:
    """The random player: biased toward melding (see the module docstring)."""
    pickups = [m for m in moves if isinstance(m, TakeLixo)]
    if any(isinstance(m, Draw) for m in moves) or pickups:
        if pickups and (rng.random() < 0.3 or len(pickups) == len(moves)):
            return rng.choice(pickups)
        return next(m for m in moves if isinstance(m, Draw))
    melds = [m for m in moves if isinstance(m, Lay | Extend)]
    if melds and rng.random() < 0.85:
        return rng.choice(melds)
    return rng.choice([m for m in moves if isinstance(m, Discard)])


def play_round(rules: RuleSet, players: int, seed: int) -> tuple[State, int]:
    rng = random.Random(seed)
    state = deal(rules, players, seed)
    moves = 0
    while state.phase is not Phase.ENDED:
        state = apply(rules, state, choose(list(legal_moves(rules, state)), rng))
        moves += 1
    return state, moves


def clear_caches() -> None:
    clear_memos()


def bench_rounds(rounds: int, repeats: int) -> None:
    print(f"Random rounds per second (median of {repeats} x {rounds} rounds, CPU time)")
    print(f"  {'preset':<8} {'players':>7} {'rounds/s':>9} {'moves/round':>12} {'batida':>7}")
    all_rates = []
    for preset in PRESET_NAMES:
        rules = ruleset(preset)
        for players in (2, 4):
            rates = []
            moves = batidas = 0
            for repeat in range(repeats):
                clear_caches()
                start = time.process_time()
                for i in range(rounds):
                    state, n = play_round(rules, players, repeat * rounds + i)
                    moves += n
                    batidas += state.ended_by is not None and state.ended_by.value == "batida"
                rates.append(rounds / (time.process_time() - start))
            rate = statistics.median(rates)
            all_rates.append(rate)
            total = rounds * repeats
            print(
                f"  {preset:<8} {players:>7} {rate:>9.1f} {moves / total:>12.0f} "
                f"{batidas / total:>6.0%}"
            )
    print(f"  overall median: {statistics.median(all_rates):.1f} rounds/s (aim: 200)")


def bench_legal_moves(repeats: int) -> None:
    print("legal_moves, 22-card hand, six melds of the side on the table (median)")
    for preset in PRESET_NAMES:
        rules = ruleset(preset)
        state = position_from_data(rules, BIG_POSITION)
        cold, warm = [], []
        count = 0
        for _ in range(repeats):
            clear_caches()
            start = time.process_time()
            count = len(list(legal_moves(rules, state)))
            cold.append(time.process_time() - start)
            start = time.process_time()
            list(legal_moves(rules, state))
            warm.append(time.process_time() - start)
        print(
            f"  {preset:<8} {count:>3} moves: {statistics.median(cold) * 1000:.2f} ms "
            f"(caches cleared), {statistics.median(warm) * 1000:.2f} ms (warm)  "
            "(aim: <= 2 ms cleared)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40, help="rounds per repeat")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    bench_legal_moves(max(args.repeats, 5) * 4)
    print()
    bench_rounds(args.rounds, args.repeats)


if __name__ == "__main__":
    main()
