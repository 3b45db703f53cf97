"""Strength and thinking time of the computer players: four players, Fechado.

    python3 benchmarks/bench_players.py [--rounds N] [--think MS] [--page-think MS] [--jobs N]
                                        [--rules aberto|fechado|stbl]

Strength: each seeded deal is played twice with the sides swapped (so luck of the deal
cancels out), `strong` against `basic` and `basic` against `random`; printed are the rounds
won by the first level (a tie counts for neither) and its mean score difference per round.
Targets (issue "A hand against the computer"): strong beats basic in >= 60% of 400 rounds by
>= +150 per round; basic beats random by >= +300 per round. The strength runs may use a
lower thinking budget (`--think`) than the page (`--page-think`); both are printed. Under
each pairing: how its rounds ended (a batida, or the stock running out), their length in
moves, and how often the first level's side took its morto: a level can win on points with
rounds that drag on to a stock-out, which is not how the game is played. `--rules` plays the
strength runs in another variant (the targets are Fechado's; the decision time stays there).

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
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from buraco_core.judge import apply
from buraco_core.players import DEFAULT_THINK_MS, StrongPlayer, make_player, play_round
from buraco_core.players.view import TableMemory, view_of
from buraco_core.rules import PRESETS, ruleset
from buraco_core.state import EndReason, MortoStatus, Phase, deal

# The strength runs' budget: half the page's, so that 400 rounds take some 20 min of CPU.
STRENGTH_THINK_MS = 400


def strength(
    first: str, second: str, rounds: int, think: int, seed: int, jobs: int, preset: str
) -> None:
    start = time.perf_counter()
    chunks = [range(i, rounds, jobs) for i in range(jobs)]
    with ProcessPoolExecutor(jobs, mp_context=get_context("fork")) as pool:
        tasks = [(first, second, c, think, seed, preset) for c in chunks]
        rows = [row for part in pool.map(round_rows, tasks) for row in part]
    diffs = [row.difference for row in rows]
    wins, losses = sum(d > 0 for d in diffs), sum(d < 0 for d in diffs)
    print(
        f"  {first} vs {second}: {rounds} rounds, won {wins} ({wins / rounds:.0%}), lost "
        f"{losses}, mean difference {statistics.mean(diffs):+.0f} per round "
        f"(stdev {statistics.pstdev(diffs):.0f}); {time.perf_counter() - start:.0f} s "
        f"on {jobs} process(es)"
    )
    # How the rounds went, which the score alone hides: a round that drags on to a
    # stock-out, a side that never reaches its morto.
    batidas = sum(row.batida for row in rows)
    mortos = sum(row.took_morto for row in rows)
    print(
        f"    rounds ended by a batida {batidas / rounds:.0%}, by the stock running out "
        f"{1 - batidas / rounds:.0%}; {statistics.mean(row.moves for row in rows):.0f} moves "
        f"a round; {first}'s side took its morto in {mortos / rounds:.0%}"
    )


@dataclass(frozen=True)
class RoundRow:
    difference: int  # the first level's score less the second's
    batida: bool  # the round ended by a batida (else the stock ran out)
    moves: int
    took_morto: bool  # the first level's side took its morto


def round_rows(task: tuple[str, str, range, int, int, str]) -> list[RoundRow]:
    """Each round from the first level's side: deal `seed + index // 2`, the sides swapped
    on odd indexes."""
    first, second, indexes, think, seed, preset = task
    rules = ruleset(preset)
    a, b = make_player(first, think), make_player(second, think)
    rows = []
    for index in indexes:
        swapped = index % 2 == 1
        sides = (b, a) if swapped else (a, b)
        record = play_round(rules, sides, seed + index // 2, 4, first=(index // 2) % 4)
        mine, theirs = record.scores[::-1] if swapped else record.scores
        morto = record.final.sides[1 if swapped else 0].morto
        rows.append(
            RoundRow(
                mine - theirs,
                record.ended_by is EndReason.BATIDA,
                len(record.moves),
                morto in (MortoStatus.TAKEN, MortoStatus.WAITING),
            )
        )
    return rows


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
    parser.add_argument("--think", type=int, default=STRENGTH_THINK_MS, help="strength runs")
    parser.add_argument("--page-think", type=int, default=DEFAULT_THINK_MS)
    parser.add_argument("--timing-rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1, help="processes for the strength runs")
    parser.add_argument(
        "--rules", default="fechado", choices=PRESETS, help="the strength runs' variant"
    )
    args = parser.parse_args()
    print(f"Decision time, four players, Fechado (page budget {args.page_think} ms)")
    decision_time(args.page_think, args.timing_rounds, args.seed)
    deals = StrongPlayer(args.think).deals
    print(
        f"Strength, four players, {args.rules.capitalize()}, deals played both ways "
        f"(think {args.think} ms: "
        f"{deals} positions played out per weighed decision)"
    )
    for first, second in (("strong", "basic"), ("basic", "random")):
        strength(first, second, args.rounds, args.think, args.seed, args.jobs, args.rules)


if __name__ == "__main__":
    main()
