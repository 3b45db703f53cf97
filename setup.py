"""The build: the project is described in pyproject.toml; this file adds one option.

`BURACO_COMPILE=1` compiles the core's hottest modules, the move listing, the judge, the
meld judge, the moves and the state (buraco_core/legal.py, judge.py, melds.py, moves.py,
state.py, verdict.py), with mypyc into C extensions: random play runs about twice as fast
(benchmarks/bench_play.py prints both). It is optional and never the default:
the core stays plain Python, and `python3 dev.py compile` builds the compiled copy into
build/compiled, beside the checkout, for the benchmark and for the test that holds it to
the same answers (tests/test_compiled.py). It needs a C compiler and mypy (a test tool).

mypyc compiles the methods written in a class, not those `dataclass` generates: a
generated __init__ stays interpreted Python, and a frozen one sets each field through
`object.__setattr__`. So the values made at every step of play (State, SideState, Meld,
MeldVerdict, Verdict, Reason, Lay, TakeLixo) write their __init__ out, field by field,
which mypyc turns into plain stores (tests/test_compiled.py checks that each takes the
dataclass's fields).
"""

import atexit
import os
import shutil
import tempfile

from setuptools import setup

COMPILED = [
    "buraco_core/legal.py",
    "buraco_core/judge.py",
    "buraco_core/melds.py",
    "buraco_core/moves.py",
    "buraco_core/state.py",
    "buraco_core/verdict.py",
]

if os.environ.get("BURACO_COMPILE") == "1":
    from mypyc.build import mypycify

    # Built afresh, out of the checkout: setuptools' build folder keeps every extension it
    # made, and installed a module compiled once again after it had left COMPILED.
    scratch = tempfile.mkdtemp(prefix="buraco-compile-")
    atexit.register(shutil.rmtree, scratch, ignore_errors=True)
    setup(
        ext_modules=mypycify(COMPILED, opt_level="3", target_dir=scratch),
        options={"build": {"build_base": scratch}},
    )
else:
    setup()
