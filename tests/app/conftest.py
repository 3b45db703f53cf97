"""AppTest fixtures: a fresh simulated session of app.py per test."""

from __future__ import annotations

import html
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


# A board's hand is one st.pills (key `bthand-<board>`), a card an option, its value the
# picked hand positions; these read and tap it as the tests did its card buttons.


def hand_group(at: AppTest, board: str = "") -> Any:
    """The (first) hand drawn, or the one of board `board`."""
    groups = [g for g in at.button_group if (g.key or "").startswith(f"bthand-{board}")]
    assert groups, "no hand on the page"
    return groups[0]


def card_name(option: str) -> str:
    """A hand card as read: `**:violet-background[:violet[J&#075;]]**` reads JK."""
    return html.unescape(re.sub(r":[\w-]+\[|\]|\*\*", "", option))


def hand_cards(at: AppTest, board: str = "") -> list[str]:
    return [card_name(o) for o in hand_group(at, board).options]


def picked_cards(at: AppTest, board: str = "") -> list[str]:
    group = hand_group(at, board)
    return [card_name(group.format_func(p)) for p in group.value]


def new_cards(at: AppTest, board: str = "") -> list[str]:
    """The cards marked new (bold: outlined green on the page)."""
    return [card_name(o) for o in hand_group(at, board).options if o.startswith("**")]


def tap_card(at: AppTest, name: str, board: str = "") -> AppTest:
    """Tap the hand's (first) card called `name`: pick it, or drop it if picked."""
    cards = hand_cards(at, board)
    assert name in cards, f"no card {name!r} in {cards}"
    return tap_shown(at, cards.index(name), board)


def tap_shown(at: AppTest, place: int, board: str = "") -> AppTest:
    """Tap the hand's card at `place` in its row (from 0): pick it, or drop it if picked."""
    group = hand_group(at, board)
    assert not group.disabled, "the hand is not live"
    position = _position(group, group.options[place])
    value = list(group.value)
    value = [p for p in value if p != position] if position in value else [*value, position]
    group.set_value(value)
    return at.run()


def _position(group: Any, option: str) -> int:
    """The hand position an option stands for (its format_func's inverse)."""
    position = 0
    while group.format_func(position) != option:
        position += 1
    return position


# A board's melds are one st.pills a side (key `btm-<board>-0` the mover's side's, `-1` the
# other's), a meld an option, labelled as its button was ("Meld 2: 3♠ 4♠ 5♠", bold when the
# last move changed it); a tap is the meld's option chosen (the board sets it back).


def meld_groups(at: AppTest, board: str = "") -> list[Any]:
    """The melds' widgets drawn (of board `board`), the other side's first, as drawn."""
    return [g for g in at.button_group if re.fullmatch(rf"btm-{board}.*-[01]", g.key or "")]


def meld_labels(at: AppTest, board: str = "") -> list[str]:
    """Every meld's label, as drawn top to bottom, without the bold of a changed one."""
    return [o.strip("*") for g in meld_groups(at, board) for o in g.options]


def changed_melds(at: AppTest, board: str = "") -> list[str]:
    """The melds marked changed by the last move (bold: outlined green on the page)."""
    return [o.strip("*") for g in meld_groups(at, board) for o in g.options if o.startswith("**")]


def tap_meld(at: AppTest, label: str, board: str = "") -> AppTest:
    """Tap the (first) meld whose label starts with `label` ("Meld 1:"), as a finger does:
    its option chosen, no other (the board set the last tap's back)."""
    for group in meld_groups(at, board):
        for option in group.options:
            if option.strip("*").startswith(label):
                assert not group.disabled, f"the melds are not live: {label!r}"
                assert group.value == [], group.value
                group.set_value([_position(group, option)])
                return at.run()
    raise AssertionError(f"no meld {label!r} in {meld_labels(at, board)}")


def tap_meld_at(at: AppTest, board: str, side: int, index: int) -> AppTest:
    """Tap meld `index` (from 0) of `side` (0 the mover's side's, 1 the other's) on `board`."""
    group = at.button_group(key=f"btm-{board}-{side}")
    assert not group.disabled, "the melds are not live"
    assert group.value == [], group.value  # (the last tap's meld set back)
    group.set_value([index])
    return at.run()
