"""Pages after a change of language in the sidebar, in a real browser: a choice list keeps
its value and shows it in the new language (Streamlit's browser side kept the old label:
"nobody" in "Quem cortou", "Round 1: …" in "Rodada a corrigir", "Todos os temas" in
Practice), and a radio still shows its choice (Jogar's showed none chosen)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from buraco_course import load_curriculum
from tests.e2e.conftest import DESKTOP

pytestmark = pytest.mark.e2e

EXERCISES = len(load_curriculum().scenarios)
OpenPage = Callable[..., Page]
Shot = Callable[[Page, str], Path]
Settle = Callable[[Page], None]


def shown_choices(page: Page) -> list[str]:
    """What each choice list of the page shows as chosen (its text box)."""
    boxes = page.get_by_test_id("stMain").locator("[data-testid='stSelectbox'] input")
    return [box.input_value() for box in boxes.all()]


def to_portuguese(page: Page, settle: Settle) -> None:
    page.get_by_test_id("stSidebar").get_by_text("Português", exact=True).click()
    expect(page.get_by_role("heading", name="Placar")).to_be_visible()
    expect(page.get_by_role("combobox", name="Rodada a corrigir")).to_be_visible()
    settle(page)


def test_choice_lists_follow_a_change_of_language(
    open_page: OpenPage, settle: Settle, screenshot: Shot
) -> None:
    page = open_page("sheet?lang=en&corte_44_points=100", DESKTOP)
    page.get_by_role("button", name="Start the match").click()
    settle(page)
    page.get_by_label("Points (Us)").fill("100")
    page.get_by_label("Points (Them)").fill("50")
    page.get_by_role("button", name="Enter round 1").click()
    expect(page.get_by_text("Round 1 entered.")).to_be_visible()
    settle(page)
    page.get_by_role("button", name="✎ Correct a round").click()
    expect(page.get_by_role("combobox", name="Round to correct")).to_be_visible()
    settle(page)
    assert shown_choices(page) == ["Nobody", "Round 1: Us +100, Them +50"]

    to_portuguese(page, settle)
    screenshot(page, "sheet_language_switched")
    assert shown_choices(page) == ["Ninguém", "Rodada 1: Us +100, Them +50"]

    # The choice still works in the new language: Them cut, 44 cards left.
    main = page.get_by_test_id("stMain")
    main.locator("[data-testid='stSelectbox']").first.click()
    page.get_by_role("option", name="Them").click()
    page.get_by_label("Cartas que o corte deixou").fill("44")
    page.get_by_label("Pontos (Us)").fill("10")
    page.get_by_label("Pontos (Them)").fill("20")
    page.get_by_role("button", name="Lançar rodada 2").click()
    expect(page.get_by_text("Rodada 2 lançada, com o corte de 44")).to_be_visible()
    settle(page)
    assert shown_choices(page)[0] == "Ninguém"  # cleared for the next round


def to_english(page: Page, settle: Settle, heading: str) -> None:
    page.get_by_test_id("stSidebar").get_by_text("English", exact=True).click()
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    settle(page)


def test_play_setup_keeps_its_choices_shown_after_a_change_of_language(
    open_page: OpenPage, settle: Settle, screenshot: Shot
) -> None:
    """Jogar's setup after Português → English: each choice still shows as chosen, in
    English (the radios showed none chosen, the level "básico (hábitos simples)")."""
    page = open_page("play", DESKTOP)
    main = page.get_by_test_id("stMain")
    expect(main.get_by_role("radio", name="4 (você e um parceiro contra dois)")).to_be_checked()
    to_english(page, settle, "Play against the computer")
    screenshot(page, "play_language_switched")
    for choice in ("4 (you and a partner against two)", "comments as you play"):
        expect(main.get_by_role("radio", name=choice)).to_be_checked()
    # (the match's rules: the rules bar's variant, Fechado, still the one chosen)
    expect(main.get_by_text("The match's rules: Buraco Fechado")).to_be_visible()
    assert shown_choices(page) == ["basic (simple habits)"]


def test_practice_theme_follows_a_change_of_language(open_page: OpenPage, settle: Settle) -> None:
    page = open_page("practice", DESKTOP)
    expect(page.get_by_role("combobox", name="Tema")).to_be_visible()
    to_english(page, settle, "Practice")
    # (its exercises solved: none yet, of all the course's)
    assert shown_choices(page)[0] == f"All themes · 0/{EXERCISES}"
