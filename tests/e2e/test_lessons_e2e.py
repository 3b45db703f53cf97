"""Lessons and practice in a real browser (issue 5): solve a scenario by clicking, a wrong
move shows its explanation, English, at a desktop and a phone viewport."""

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
SCENARIO = "practice?scenario=two_goes_home_cleans_canastra"


def choose_move(page: Page, settle: Settle, action: str, card: str) -> None:
    main = page.locator("[data-testid='stMain']")
    main.get_by_text(action, exact=True).click()
    settle(page)
    main.locator("[data-testid='stMultiSelect']").click()
    page.get_by_role("option", name=card, exact=True).click()
    page.keyboard.press("Escape")
    settle(page)


def test_solve_a_scenario_by_clicking(
    open_page: OpenPage, viewport: Viewport, settle: Settle, screenshot: Shot
) -> None:
    name, size = viewport
    page = open_page(SCENARIO, size)
    main = page.locator("[data-testid='stMain']")
    expect(main.get_by_text("O 2 volta para casa")).to_be_visible()
    choose_move(page, settle, "Acrescentar a um jogo da mesa", "4♠")
    main.get_by_role("button", name="Conferir").click()
    settle(page)
    expect(main.get_by_text("Certo!", exact=False)).to_be_visible()
    expect(main.get_by_text("voltou para a sua posição natural", exact=False)).to_be_visible()
    screenshot(page, f"practice_solved_{name}")


def test_a_wrong_move_shows_its_explanation(
    open_page: OpenPage, phone: dict[str, int], settle: Settle, screenshot: Shot
) -> None:
    page = open_page(SCENARIO, phone)
    main = page.locator("[data-testid='stMain']")
    choose_move(page, settle, "Descartar", "4♠")
    main.get_by_role("button", name="Conferir").click()
    settle(page)
    expect(main.get_by_text("Ainda não: “Descartar o 4♠”", exact=False)).to_be_visible()
    expect(main.get_by_text("Descartar o 4♠ entrega", exact=False)).to_be_visible()
    screenshot(page, "practice_wrong_phone")


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
    expect(main.get_by_role("heading", name="Same move, three verdicts")).to_be_visible()
    expect(main.get_by_text("✓ Legal move")).to_have_count(1)
    expect(main.get_by_text("✗ Illegal move")).to_have_count(2)
    screenshot(page, "variants_same_move_desktop")
