"""Lessons and practice in a real browser (issue 5), in English, at a desktop and a phone
viewport. Solving on the board: test_board_e2e.py."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e
OpenPage = Callable[..., Page]
Viewport = tuple[str, dict[str, int]]
Settle = Callable[[Page], None]
Shot = Callable[[Page, str], Path]


def test_lessons_in_english(
    open_page: OpenPage, viewport: Viewport, settle: Settle, screenshot: Shot
) -> None:
    name, size = viewport
    page = open_page("lessons?lang=en&lesson=natural_two", size)
    main = page.locator("[data-testid='stMain']")
    expect(main.get_by_role("heading", name="Lessons")).to_be_visible()
    screenshot(page, f"lesson_intro_{name}")
    main.get_by_role("button", name="Start the exercises →").click()
    settle(page)
    expect(main.get_by_text("Exercise 1 of", exact=False)).to_be_visible()
    screenshot(page, f"lesson_exercise_{name}")


def test_variants_same_move_three_verdicts(
    open_page: OpenPage, settle: Settle, screenshot: Shot
) -> None:
    page = open_page("variants?lang=en")
    main = page.locator("[data-testid='stMain']")
    main.get_by_role("radio", name="Same move", exact=True).click()
    settle(page)
    expect(main.get_by_role("heading", name="Same move, three verdicts")).to_be_visible()
    expect(main.get_by_text("✓ Legal move")).to_have_count(1)
    expect(main.get_by_text("✗ Illegal move")).to_have_count(2)
    screenshot(page, "variants_same_move_desktop")
