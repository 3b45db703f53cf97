"""`pytest --fast` is the quick check while working: it skips the tests marked slow (the
10,000 random rounds, the install from a wheel) and the real-browser tests (marked e2e).
CI and the plain `dev.py test` run them all."""

from __future__ import annotations

import pytest

SKIPPED_BY_FAST = ("slow", "e2e")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fast",
        action="store_true",
        help="skip the slow and the browser tests (CI runs them)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--fast"):
        skip = pytest.mark.skip(reason="--fast: slow and browser tests skipped (CI runs them)")
        for item in items:
            if any(mark in item.keywords for mark in SKIPPED_BY_FAST):
                item.add_marker(skip)
