"""`pytest --fast` skips the tests marked slow (the 10,000 random rounds); CI runs them."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--fast", action="store_true", help="skip the tests marked slow (CI runs them)"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--fast"):
        skip = pytest.mark.skip(reason="--fast: slow tests skipped (CI runs them)")
        for item in items:
            if "slow" in item.keywords:
                item.add_marker(skip)
