"""The board (issue 13): taps per move exercise, and the rerun after a tap.

Run: .venv/bin/python benchmarks/bench_board.py [--repeat N]

Taps: what the board asks for each move exercise's solution (a card is one tap, a place
one more; the lixo's top card one; "Separar jogo" one per extra meld laid at once).
Rerun: AppTest in one process, a tap on a hand card (select, drop) on the practice page and
a tap on the lookup's card grid, beside a one-widget script as the floor (see
bench_pages.py). A plain script, never a timed assertion.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from buraco_core.cards import Card, Suit  # noqa: E402
from buraco_core.moves import Discard, Draw, Extend, Lay, Move  # noqa: E402
from buraco_core.notation import move_from_data  # noqa: E402
from buraco_course import MoveTask, load_curriculum  # noqa: E402

WARM_UP = 3


def board_taps(move: Move) -> int:
    if isinstance(move, Draw):
        return 1
    if isinstance(move, Discard):
        return 2
    if isinstance(move, Lay):
        return sum(len(g) for g in move.melds) + len(move.melds)
    if isinstance(move, Extend):
        return len(move.cards) + 1
    if move.extend is not None:
        return 1 + len(move.cards) + 1
    return len(move.new_meld) + 1


def print_taps() -> None:
    course = load_curriculum()
    counts = []
    for lesson in course.lessons:
        for scenario in course.scenarios_of(lesson.id):
            task = scenario.task
            if isinstance(task, MoveTask):
                taps = board_taps(move_from_data(task.solution.model_dump(exclude_none=True)))
                counts.append(taps)
                print(f"  {scenario.id:<40} {taps:>2} taps")
    print(
        f"move exercises: {len(counts)}; taps on the board: mean {statistics.mean(counts):.1f},"
        f" max {max(counts)}"
    )


def timed(at: AppTest) -> float:
    start = time.perf_counter()
    at.run()
    if at.exception:
        raise SystemExit(f"the script raised: {at.exception[0].message}")
    return time.perf_counter() - start


def median_ms(action: object, at: AppTest, repeat: int) -> float:
    samples = []
    for i in range(WARM_UP + repeat):
        action(at, i)  # type: ignore[operator]
        seconds = timed(at)
        if i >= WARM_UP:
            samples.append(seconds)
    return statistics.median(samples) * 1000


def tap_hand_card(at: AppTest, i: int) -> None:
    card = next(b for b in at.button if b.label == "4♠")
    card.click()


def tap_grid(at: AppTest, i: int) -> None:
    at.pills(key="lookup_cards_grid_h").set_value(Card(1 + i % 13, Suit.HEARTS))


def floor_change(at: AppTest, i: int) -> None:
    at.text_input[0].input("a" if i % 2 else "b")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    os.chdir(ROOT)
    print_taps()
    practice = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30).run()
    practice.query_params["scenario"] = "two_goes_home_cleans_canastra"
    practice.switch_page("app_pages/practice.py").run()
    lookup = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30).run()
    lookup.switch_page("app_pages/lookup.py").run()
    floor = AppTest.from_file(str(ROOT / "benchmarks" / "floor_app.py"), default_timeout=30).run()
    card = median_ms(tap_hand_card, practice, args.repeat)
    grid = median_ms(tap_grid, lookup, args.repeat)
    base = median_ms(floor_change, floor, args.repeat)
    print(f"rerun after a tap on a hand card (practice): {card:.1f} ms ({card / base:.2f}x floor)")
    print(f"rerun after a tap on the card grid (lookup): {grid:.1f} ms ({grid / base:.2f}x floor)")
    print(f"floor (one text_input): {base:.1f} ms")


if __name__ == "__main__":
    main()
