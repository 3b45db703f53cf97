"""`pytest --fast` is the quick check while working: it skips the tests marked slow (the
10,000 random rounds, the install from a wheel) and the real-browser tests (marked e2e).
CI and the plain `dev.py test` run them all.

Work in the background: a test marked `background(work=f)` is CPU work in chunks (`f()`
returns them: (function, args) pairs). The chunks start in worker processes as soon as the
tests are collected and run beside the other tests, which spend much of their time waiting
on a browser, a server, a database or their one core; the test itself runs last and takes
the results from its `background` fixture. The workers run at a lower priority, so the
other tests keep their pace; the checks are the same as when a test plays its rounds
itself. `--fast` (dev.py) spreads the tests over the cores with pytest-xdist instead: there a
test's background work is done by the test, in the worker that runs it."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

import pytest

from buraco_cli.collector import for_long_play

SKIPPED_BY_FAST = ("slow", "e2e")
Work = Callable[[], list[tuple[Callable[..., Any], tuple[Any, ...]]]]

_POOL: list[ProcessPoolExecutor] = []  # (one, once started)
_STARTED: dict[str, list[Future[Any]]] = {}


# The tests read the command in its default language: a BURACO_LANG of the person running
# them (`export BURACO_LANG=en`) is not theirs, nor their subprocesses'.
os.environ.pop("BURACO_LANG", None)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fast",
        action="store_true",
        help="skip the slow and the browser tests (CI runs them)",
    )


@pytest.hookimpl(trylast=True)  # (after -k and -m have chosen the tests)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--fast"):
        skip = pytest.mark.skip(reason="--fast: slow and browser tests skipped (CI runs them)")
        for item in items:
            if any(mark in item.keywords for mark in SKIPPED_BY_FAST):
                item.add_marker(skip)
    chosen = [
        item
        for item in items
        if item.get_closest_marker("background") and not item.get_closest_marker("skip")
    ]
    if chosen and not config.getoption("collectonly"):
        items[:] = [item for item in items if item not in chosen] + chosen  # they run last
        # Under pytest-xdist (`--fast` spreads the tests over the cores: dev.py) every
        # worker collects every test: there the work is done by the test that needs it,
        # once, by whichever worker runs it.
        if "PYTEST_XDIST_WORKER" not in os.environ:
            _start(chosen)


def _start(items: list[pytest.Item]) -> None:
    pool = ProcessPoolExecutor(
        os.cpu_count() or 1, mp_context=get_context("fork"), initializer=_worker_start
    )
    _POOL.append(pool)
    for item in items:
        _STARTED[item.nodeid] = [pool.submit(f, *args) for f, args in _work_of(item)()]


def _worker_start() -> None:
    """A worker plays round after round: a lower priority, and the collector as `buraco
    selfplay` runs it (buraco_cli/collector.py)."""
    os.nice(10)
    for_long_play()


def _work_of(item: pytest.Item) -> Work:
    marker = item.get_closest_marker("background")
    assert marker is not None
    work: Work = marker.kwargs["work"]
    return work


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    for pool in _POOL:
        pool.shutdown(wait=False, cancel_futures=True)


@pytest.fixture
def background(request: pytest.FixtureRequest) -> Iterator[list[Any]]:
    """The results of the test's background work, chunk by chunk (waiting for the last)."""
    futures = _STARTED.pop(request.node.nodeid, None)
    if futures is None:  # not started at collection: done here and now
        yield [f(*args) for f, args in _work_of(request.node)()]
    else:
        yield [future.result() for future in futures]


@pytest.fixture(scope="session", autouse=True)
def _components_scanned_once() -> Iterator[None]:
    """Every new AppTest scans each installed package's metadata for Streamlit components
    (about 50 ms of CPU, more than a page's run, and the suite makes some 600 AppTests);
    a server scans once, when it starts. The packages installed do not change during a
    run: the first scan serves every AppTest. (Only when the tests chosen use Streamlit.)"""
    if "streamlit" not in sys.modules:
        yield
        return
    from streamlit.components.v2 import manifest_scanner

    found = manifest_scanner.scan_component_manifests()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(manifest_scanner, "scan_component_manifests", lambda **_: list(found))
        yield


@pytest.fixture(scope="session", autouse=True)
def _scripts_compiled_once() -> Iterator[None]:
    """Every AppTest here shares one ScriptCache, as a server's sessions do
    (tests/script_cache.py)."""
    if "streamlit" not in sys.modules:
        yield
        return
    from tests.script_cache import share_one_script_cache

    with pytest.MonkeyPatch.context() as patch:
        share_one_script_cache(patch.setattr)
        yield


@pytest.fixture(scope="session")
def selfplay_record(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A round's record as `buraco selfplay --save` writes it (the command files' tests)."""
    from buraco_cli.main import main

    folder = tmp_path_factory.mktemp("records")
    argv = ["selfplay", "--rounds", "1", "--players", "2", "--levels", "random,random"]
    assert main([*argv, "--save", str(folder), "--json"]) == 0
    record: dict[str, Any] = json.loads((folder / "round-001.json").read_text("utf-8"))
    return record
