"""AppTest fixtures: a fresh simulated session of app.py per test."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from buraco_app.pages import PAGES

APP = Path(__file__).resolve().parents[2] / "app.py"


@pytest.fixture(autouse=True)
def _own_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Score sheets and progress of each test in its own SQLite file, never ./data/."""
    monkeypatch.delenv("BURACO_DATABASE_URL", raising=False)
    monkeypatch.setenv("BURACO_DATA_DIR", str(tmp_path))


@pytest.fixture
def no_retry_pause(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A database that refuses every try is retried without the waits between tries (a
    second or more each); the attempts paused after are listed."""
    from buraco_app import sheets

    paused: list[int] = []
    monkeypatch.setattr(sheets, "_pause", paused.append)
    return paused


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    # st.cache_data survives between AppTest instances in one process.
    st.cache_data.clear()
    yield
    st.cache_data.clear()


@pytest.fixture
def open_app() -> Callable[..., AppTest]:
    """open_app("lookup", lang="en", **query) -> an AppTest that has run that page (by its
    url_path in buraco_app.pages), with those query parameters in the URL."""

    def open_(page: str = "home", **query: str) -> AppTest:
        at = AppTest.from_file(str(APP), default_timeout=30)
        at.query_params.update(query)
        at.run()
        assert not at.exception, at.exception
        if page != "home":
            at.switch_page(page_file(page)).run()
            assert not at.exception, at.exception
        return at

    return open_


def page_file(url_path: str) -> str:
    return next(p.path for p in PAGES if p.url_path == url_path)


@pytest.fixture
def switch_to() -> Callable[[AppTest, str], AppTest]:
    def switch(at: AppTest, url_path: str) -> AppTest:
        return at.switch_page(page_file(url_path)).run()

    return switch


def in_order(block: Any) -> list[Any]:
    """The page's elements in the order they are drawn, top to bottom."""
    found = []
    for child in getattr(block, "children", {}).values():
        found.append(child)
        found.extend(in_order(child))
    return found


def read(text: str) -> str:
    """A Markdown text as read: no colour directives (`:red[4♥]` reads 4♥)."""
    return re.sub(r":\w+\[([^\]]*)\]", r"\1", text)
