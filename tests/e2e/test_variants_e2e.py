"""The variants page in a real browser, as a teacher uses it in class: its links lead to the
lesson behind what it shows, also in a session that opened Lições before (st.page_link
moves within the session: a page that reads its link once a session would not see it)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.e2e
OpenPage = Callable[..., Page]
Settle = Callable[[Page], None]
Shot = Callable[[Page, str], Path]
SLOW = 20_000  # a rerun on a loaded 2-core machine


def test_the_variants_links_open_the_lesson_and_the_exercise(
    open_page: OpenPage, phone: dict[str, int], settle: Settle, screenshot: Shot
) -> None:
    page = open_page("variants", phone)
    main = page.locator("[data-testid='stMain']")
    # Lições opened first in this session (its lesson and step then kept in the session).
    main.get_by_role("link", name="Ver na lição 12", exact=False).click()
    expect(page.get_by_text("O buraco não tem regulamento único", exact=False)).to_be_visible(
        timeout=SLOW
    )
    settle(page)
    assert "lesson=variants_and_house_rules" in page.url
    # Back by the menu (the sidebar, closed on a phone).
    page.get_by_test_id("stExpandSidebarButton").click()
    page.get_by_test_id("stSidebar").get_by_text("Variantes", exact=True).click()
    expect(page.get_by_role("heading", name="As três variantes")).to_be_visible(timeout=SLOW)
    main.get_by_role("radio", name="Mesma jogada", exact=True).click()
    settle(page)
    main.locator("[data-testid='stSelectbox']").click()
    page.get_by_role("option", name="Bater só com canastra suja").click()
    settle(page)
    link = main.get_by_role("link", name="Ver na lição 9", exact=False)
    link.scroll_into_view_if_needed()
    screenshot(page, "variants_move_lesson_link_phone")
    link.click()
    expect(page.get_by_role("heading", name="Bater só com canastra suja")).to_be_visible(
        timeout=SLOW
    )
    settle(page)
    assert "lesson=going_out" in page.url
    screenshot(page, "variants_move_lesson_opened_phone")


def test_the_same_move_verdicts_start_level_beside_a_table_whose_summary_wraps(
    open_page: OpenPage, settle: Settle, screenshot: Shot
) -> None:
    """At 1280x800 with two house options set, a fourth column, “Sua mesa”, names them in
    three lines under its heading, where the others have none: its verdict stood a line or
    two below the other three. Each column's heading and answer now lie on a grid's rows."""
    page = open_page("variants?rules=fechado&batida_points=50&pickup=top_card_two_from_hand")
    main = page.locator("[data-testid='stMain']")
    main.get_by_role("radio", name="Mesma jogada", exact=True).click()
    settle(page)
    columns = main.locator(".st-key-bt_compare [data-testid='stColumn']")
    expect(columns).to_have_count(4, timeout=SLOW)
    expect(columns.nth(3)).to_contain_text("batida 50")
    verdicts = main.locator(".st-key-bt_compare [data-testid='stAlert']")
    expect(verdicts).to_have_count(4)
    verdicts.first.scroll_into_view_if_needed()
    heights = [columns.nth(i).locator("h4").bounding_box() for i in range(4)]
    tops = [verdicts.nth(i).bounding_box() for i in range(4)]
    assert all(box is not None for box in (*heights, *tops))
    screenshot(page, "variants_same_move_four_tables_desktop")
    # The headings start level (the fourth's summary runs three lines below its own) ...
    assert len({round(box["y"]) for box in heights if box}) == 1
    # ... and the four verdicts start level all the same.
    assert max(box["y"] for box in tops if box) - min(box["y"] for box in tops if box) < 1
