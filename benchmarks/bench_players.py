"""Strength and thinking time of the computer players: four players, Fechado.

    python3 benchmarks/bench_players.py [--rounds N] [--think MS] [--page-think MS]

Strength: each seeded deal is played twice with the sides swapped (so luck of the deal
cancels out), `strong` against `basic` and `basic` against `random`; printed are the rounds
won by the first level (a tie counts for neither) and its mean score difference per round.
Targets (issue "A hand against the computer"): strong beats basic in >= 60% of 400 rounds by
>= +150 per round; basic beats random by >= +300 per round. The strength runs may use a
lower thinking budget (`--think`) than the page (`--page-think`); both are printed.

Decision time: the median time of one decision of `strong` at the page's budget, over the
decisions of a few rounds (target <= 1 s), in CPU time of this process; the 95th percentile
shows the decisions it plays out (take the lixo or draw, go out or play on).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from buraco_core.judge import apply
from buraco_core.players import DEFAULT_THINK_MS, StrongPlayer, make_player, play_round
from buraco_core.players.view import TableMemory, view_of
from buraco_core.rules import ruleset
from buraco_core.state import Phase, deal


def strength(first: str, second: str, rounds: int, think: int, seed: int) -> None:
    rules = ruleset("fechado")
    a, b = make_player(first, think), make_player(second, think)
    wins = losses = 0
    diffs: list[int] = []
    start = time.process_time()
    for index in range(rounds):
        deal_seed = seed + index // 2
        swapped = index % 2 == 1
        sides = (b, a) if swapped else (a, b)
        record = play_round(rules, sides, deal_seed, 4, first=(index // 2) % 4)
        mine, theirs = record.scores[::-1] if swapped else record.scores
        wins += mine > theirs
        losses += theirs > mine
        diffs.append(mine - theirs)
    seconds = time.process_time() - start
    print(
        f"  {first} vs {second}: {rounds} rounds, won {wins} ({wins / rounds:.0%}), lost "
        f"{losses}, mean difference {statistics.mean(diffs):+.0f} per round "
        f"(stdev {statistics.pstdev(diffs):.0f}); {seconds:.0f} s CPU"
    )


def decision_time(think: int, rounds: int, seed: int) -> None:
    rules = ruleset("fechado")
    strong, basic = make_player("strong", think), make_player("basic")
    times: list[float] = []
    for index in range(rounds):
        rng = random.Random(seed + index)
        state = deal(rules, 4, seed + index, index % 4)
        memory = TableMemory.watching(rules, state)
        while state.phase is not Phase.ENDED:
            seat = state.turn
            player = strong if seat % 2 == 0 else basic
            view = view_of(rules, state, seat, memory)
            begin = time.process_time()
            move = player.choose(rules, view, rng)
            if player is strong:
                times.append(time.process_time() - begin)
            memory = memory.after(seat, move)
            state = apply(rules, state, move)
    times.sort()
    print(
        f"  strong at think {think} ms: {len(times)} decisions, median "
        f"{statistics.median(times) * 1000:.1f} ms, 95th percentile "
        f"{times[int(len(times) * 0.95)] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms "
        "(target: median <= 1000 ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=400, help="rounds per pairing")
    parser.add_argument("--think", type=int, default=DEFAULT_THINK_MS, help="strength runs")
    parser.add_argument("--page-think", type=int, default=DEFAULT_THINK_MS)
    parser.add_argument("--timing-rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    print(f"Decision time, four players, Fechado (page budget {args.page_think} ms)")
    decision_time(args.page_think, args.timing_rounds, args.seed)
    deals = StrongPlayer(args.think).deals
    print(
        f"Strength, four players, Fechado, deals played both ways (think {args.think} ms: "
        f"{deals} positions played out per weighed decision)"
    )
    strength("strong", "basic", args.rounds, args.think, args.seed)
    strength("basic", "random", args.rounds, args.think, args.seed)


if __name__ == "__main__":
    main()
