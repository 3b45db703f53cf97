"""One ScriptCache for every AppTest run, as a server keeps one for all its sessions.

A server compiles app.py and each page once and keeps the bytecode; AppTest made a cache of
its own for every run, and so compiled them again at each one (charging a page for its
length, and the tests for the compiling). Used by the tests (tests/conftest.py) and by
benchmarks/bench_pages.py."""

from __future__ import annotations

from collections.abc import Callable

import streamlit.testing.v1.app_test as app_test
import streamlit.testing.v1.local_script_runner as local_script_runner
from streamlit.runtime.scriptrunner.script_cache import ScriptCache


def share_one_script_cache(set_attribute: Callable[[object, str, object], None]) -> None:
    """Make every AppTest run use one ScriptCache, through `set_attribute` (`setattr`, or a
    MonkeyPatch's, to undo it)."""
    shared = ScriptCache()
    for module in (app_test, local_script_runner):
        set_attribute(module, "ScriptCache", lambda: shared)
