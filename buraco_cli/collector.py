"""How a process that plays many rounds runs Python's cycle collector.

Every value of the core (a card, a meld, a state, a move) is an object the collector must
scan, and random play makes and drops hundreds of them a move; the remembered meld and move
listings (legal.py, melds.py) are long-lived and large. With Python's defaults (700, 10, 10)
the collector starts every few hundred moves and walks all of them every few thousand,
about a sixth of random play's time (a third compiled), and finds almost nothing: the core
makes few cycles, and those few die young. So the processes that play round after round
(`buraco selfplay`, the test suites' background workers) start it less often; memory stays
as it was. benchmarks/bench_play.py measures random play both ways.

Process-wide, hence here and not in buraco_core, which changes no global state.
"""

from __future__ import annotations

import gc

# Young objects before a collection; young collections before a middle one; middle before a
# full one. A young collection is cheap (most young objects are gone by then); a middle one
# walks every object that outlived one, most of them remembered listings that the memos
# drop again soon after: the rarer it runs, the fewer of them it walks. Timed with
# gc.callbacks over 25 s of random play: (10_000, 50, 100) gave 7 % of plain play's time and
# 13 % of compiled play's to the collector, these 4 % and 5 % (benchmarks/bench_play.py:
# compiled play a seventh faster). A middle collection comes every few seconds, a full one
# about every three hours; memory stayed the same either way.
LONG_PLAY_THRESHOLDS = (2_000, 1_000, 1_000)


def for_long_play() -> None:
    """Set the collector for a process that plays many rounds."""
    gc.set_threshold(*LONG_PLAY_THRESHOLDS)
