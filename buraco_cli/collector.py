"""How a process that plays many rounds runs Python's cycle collector.

Every value of the core (a card, a meld, a state, a move) is an object the collector must
scan, and random play makes and drops hundreds of them a move; the remembered meld and move
listings (legal.py, melds.py) are long-lived and large. With Python's defaults (700, 10, 10)
the collector starts every few hundred moves and walks all of them every few thousand,
about a sixth of random play's time, and finds almost nothing: the core makes few cycles.
So the processes that play round after round (`buraco selfplay`, the test suites'
background workers) start it less often; memory stays as it was (about 80 MB for random
play). benchmarks/bench_play.py measures random play both ways.

Process-wide, hence here and not in buraco_core, which changes no global state.
"""

from __future__ import annotations

import gc

# Young objects before a collection; young collections before a middle one; middle before a
# full one. Measured by benchmarks/bench_play.py: 10,000 gives most of the gain of 50,000.
LONG_PLAY_THRESHOLDS = (10_000, 50, 100)


def for_long_play() -> None:
    """Set the collector for a process that plays many rounds."""
    gc.set_threshold(*LONG_PLAY_THRESHOLDS)
