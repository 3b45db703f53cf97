"""Time the meld judge: `judge_meld` on valid and invalid melds of 3 to 14 cards, and
`extend_meld`. A plain script, never a timed assertion in the tests (DESIGN.md).

Run: .venv/bin/python benchmarks/bench_melds.py [--repeat N]

Aim (issue 10): at most 15 µs per call for a 7-card meld on this machine, valid and
invalid (the median).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import timeit
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from buraco_core import (
    JOKER,
    Card,
    Suit,
    extend_meld,
    format_cards,
    judge_meld,
    parse_cards,
    ruleset,
)
from buraco_core.cards import ACE, ACE_HIGH

AIM_US = 15.0
AIM_SIZE = 7
RULES = ruleset("fechado")


def _card(position: int) -> Card:
    return Card(ACE if position == ACE_HIGH else position, Suit.SPADES)


def valid_meld(size: int, rnd: random.Random) -> list[Card]:
    """`size` consecutive spades with a joker in place of a middle card, shuffled: the
    judge has to find the gap the wild fills. From the ace up when the run is long."""
    start = 1 if size >= 12 else 3
    cards = [_card(p) for p in range(start, start + size)]
    cards[size // 2] = JOKER
    rnd.shuffle(cards)
    return cards


def invalid_meld(size: int, rnd: random.Random) -> list[Card]:
    """`size` spades from the ace with two middle cards missing, so that no wild could fill
    the gap (the ace and a same-suit 2 make the judge try every natural-2 and ace
    placement); 13 cards: A..A less the 7; 14 cards: A..A with two jokers."""
    if size == 14:
        cards = [_card(p) for p in range(1, 15)]
        cards[6] = cards[7] = JOKER
    elif size == 13:
        cards = [_card(p) for p in range(1, 15) if p != 7]
    else:
        middle = (size + 3) // 2
        cards = [_card(p) for p in range(1, size + 3) if p not in (middle, middle + 1)]
    rnd.shuffle(cards)
    return cards


def per_call_us(call: Callable[[], object], repeat: int) -> tuple[float, float]:
    """The median and the best over `repeat` runs of the time per call, in µs. CPU time of
    this process (time.process_time), so that other processes sharing the machine do not
    count; the best run shows the code's own cost most closely."""
    timer = timeit.Timer(call, timer=time.process_time)
    number, _ = timer.autorange()
    runs = [run / number * 1e6 for run in timer.repeat(repeat=repeat, number=number)]
    return statistics.median(runs), min(runs)


def _fmt(figure: tuple[float, float]) -> str:
    return f"{figure[0]:.1f} ({figure[1]:.1f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9, help="timing runs per figure")
    args = parser.parse_args()
    rnd = random.Random(2)

    print(f"judge_meld, CPU µs per call: median (best) of {args.repeat} runs, rules: fechado")
    print(f"{'cards':>5}  {'valid':>14}  {'invalid':>14}  invalid reason")
    figures: dict[int, tuple[float, float]] = {}
    for size in range(3, 15):
        valid = valid_meld(size, rnd)
        invalid = invalid_meld(size, rnd)
        good, bad = judge_meld(valid, RULES), judge_meld(invalid, RULES)
        assert good.ok, (format_cards(valid), good.codes)
        assert not bad.ok, format_cards(invalid)
        valid_us = per_call_us(lambda v=valid: judge_meld(v, RULES), args.repeat)  # type: ignore[misc]
        invalid_us = per_call_us(lambda b=invalid: judge_meld(b, RULES), args.repeat)  # type: ignore[misc]
        figures[size] = max(valid_us, invalid_us)
        print(f"{size:>5}  {_fmt(valid_us):>14}  {_fmt(invalid_us):>14}  {bad.codes[0]}")

    print()
    print("extend_meld, CPU µs per call: median (best)")
    cases = [
        ("4-10♠ with Jk as 8, + 8♠ (joker moves)", "4s 5s 6s 7s JK 9s 10s", "8s"),
        ("3♠ 2♠ 5♠ + 4♠ (the 2 goes home)", "3s 2s 5s", "4s"),
        ("A-7♥ + 8-K♥ (13 cards, 500)", "Ah 2h 3h 4h 5h 6h 7h", "8h 9h 10h Jh Qh Kh"),
        ("2♠ 3♠ 4♠ + 6♠ (refused: natural 2 stays)", "2s 3s 4s", "6s"),
    ]
    for label, table, added in cases:
        laid = judge_meld(parse_cards(table), RULES)
        assert laid.meld is not None
        meld, cards = laid.meld, parse_cards(added)
        us = per_call_us(lambda m=meld, c=cards: extend_meld(m, c, RULES), args.repeat)  # type: ignore[misc]
        print(f"  {_fmt(us):>14}  {label}")

    median, best = figures[AIM_SIZE]
    verdict = "within" if median <= AIM_US else "OVER"
    print()
    print(
        f"{AIM_SIZE}-card meld: median {median:.1f} µs per call, best {best:.1f} µs (the "
        f"slower of valid and invalid); aim <= {AIM_US:.0f} µs: {verdict}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
