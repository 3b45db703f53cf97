"""Time one interaction (a rerun after a widget change) on each page, with AppTest in one
process, beside a one-widget Streamlit script as the floor; print the ratio.

Run: .venv/bin/python benchmarks/bench_pages.py [--repeat N]

Aim (issue 5): every page within 2x the floor. A plain script, never a timed assertion.
Each page is timed for the language switch in the sidebar (a widget every page has), and
pages with a main widget also for that (typing a meld). Page and floor reruns alternate
sample by sample, so both see the same machine load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from buraco_app.pages import HOME, available_pages  # noqa: E402

AIM = 2.0
WARM_UP = 3
Interaction = Callable[[AppTest, int], None]


def _language(at: AppTest, i: int) -> None:
    at.radio(key="lang").set_value("en" if i % 2 else "pt")


def _meld(key: str) -> Interaction:
    melds = ("5s 6s 7s 2d 9s 10s Js", "3s 2s 5s 4s")

    def change(at: AppTest, i: int) -> None:
        at.text_input(key=key).input(melds[i % 2])

    return change


def _floor_change(at: AppTest, i: int) -> None:
    at.text_input[0].input("a" if i % 2 else "b")


# Page-specific interactions, by url_path; every page also gets the language switch.
PAGE_INTERACTIONS: dict[str, dict[str, Interaction]] = {
    "variants": {"type a meld": _meld("variants_cards")},
    "lookup": {"type a meld": _meld("lookup_cards")},
}


def _timed_run(at: AppTest) -> float:
    start = time.perf_counter()
    at.run()
    seconds = time.perf_counter() - start
    if at.exception:
        raise SystemExit(f"the script raised: {at.exception[0].message}")
    return seconds


def time_reruns(at: AppTest, change: Interaction, repeat: int) -> tuple[float, float, float]:
    """Median seconds of one rerun after `change` on the page and on the floor script, and
    the median of the paired ratios (each page sample over the floor sample beside it)."""
    floor = AppTest.from_file(str(ROOT / "benchmarks" / "floor_app.py"), default_timeout=30)
    floor.run()
    page_samples, floor_samples = [], []
    for i in range(WARM_UP + repeat):
        change(at, i)
        page_seconds = _timed_run(at)
        _floor_change(floor, i)
        floor_seconds = _timed_run(floor)
        if i >= WARM_UP:
            page_samples.append(page_seconds)
            floor_samples.append(floor_seconds)
    ratios = [p / f for p, f in zip(page_samples, floor_samples, strict=True)]
    return (
        statistics.median(page_samples),
        statistics.median(floor_samples),
        statistics.median(ratios),
    )


def page_app(path: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30).run()
    if path != HOME.path:
        at.switch_page(path).run()
    return at


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    os.chdir(ROOT)  # Streamlit reads .streamlit/config.toml from the working directory
    print(f"{'page':<12} {'interaction':<18} {'page ms':>8} {'floor ms':>9} {'ratio':>6}")
    worst = 0.0
    for spec in available_pages():
        interactions = {"language switch": _language, **PAGE_INTERACTIONS.get(spec.url_path, {})}
        for name, change in interactions.items():
            seconds, floor, ratio = time_reruns(page_app(spec.path), change, args.repeat)
            worst = max(worst, ratio)
            flag = "" if ratio <= AIM else "  above the aim"
            print(
                f"{spec.url_path:<12} {name:<18} {seconds * 1000:8.1f} {floor * 1000:9.1f}"
                f" {ratio:6.2f}{flag}"
            )
    print(f"worst: {worst:.2f}x the floor (one text_input; aim: within {AIM:.0f}x)")


if __name__ == "__main__":
    main()
