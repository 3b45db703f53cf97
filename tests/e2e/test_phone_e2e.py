"""A phone, in a real browser: the language in one tap on the home page (the sidebar, with
its switch, is hidden on a phone)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE, load, wait_for_app

pytestmark = pytest.mark.e2e

OpenPage = Callable[..., Page]
Shot = Callable[[Page, str], Path]


def test_on_a_phone_one_tap_on_the_home_page_shows_the_app_in_english(
    open_page: OpenPage, screenshot: Shot
) -> None:
    page = open_page("", PHONE)
    sidebar = page.get_by_test_id("stSidebar")
    main = page.get_by_test_id("stMain")
    expect(sidebar).to_have_attribute("data-collapsed", "true")
    english = main.get_by_role("button", name="English", exact=True)
    expect(english).to_be_in_viewport()  # at the top, no scrolling
    box = english.bounding_box()
    assert box is not None and box["height"] >= 44, box  # a fingertip's tap

    english.click()
    expect(main.get_by_role("heading", name="What do you want to do?")).to_be_visible()
    wait_for_app(page)
    expect(sidebar).to_have_attribute("data-collapsed", "true")  # never opened
    assert "lang=en" in page.url, page.url
    back = main.get_by_role("button", name="Português", exact=True)
    expect(back).to_be_in_viewport()
    screenshot(page, "phone_home_english")

    # The address carries the language: the page opened again from it is English.
    load(page, page.url)
    expect(main.get_by_role("heading", name="What do you want to do?")).to_be_visible()
    # And back, in one tap: the sidebar's switch followed each time.
    main.get_by_role("button", name="Português", exact=True).click()
    expect(main.get_by_role("heading", name="O que você quer fazer?")).to_be_visible()
    wait_for_app(page)
    assert "lang=pt" in page.url, page.url
    expect(sidebar.get_by_role("radio", name="Português")).to_be_checked()
