"""A phone, in a real browser: the language in one tap on the home page (the sidebar, with
its switch, is hidden on a phone), and a phone on its side opening with the sidebar closed
(844 px wide, Streamlit's "auto" opened it over 300 px of the page)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import (
    DESKTOP,
    PHONE,
    SETTLED,
    Outside,
    load,
    shot,
    wait_for_app,
    watched,
)

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


# Whether the sidebar was ever open, from the page's first frame on.
WATCH_SIDEBAR = """window.btSidebarShown = false;
const look = () => {
    const bar = document.querySelector("[data-testid='stSidebar']");
    if (bar && bar.getAttribute("data-collapsed") === "false") window.btSidebarShown = true;
    requestAnimationFrame(look);
};
requestAnimationFrame(look);"""

ANDROID = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/131.0.0.0 Mobile Safari/537.36"
)
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)
IPAD = (  # an iPad's Safari says it is a Mac
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.5 Safari/605.1.15"
)
SIDEWAYS = {"width": 844, "height": 390}
TABLET_SIDEWAYS = {"width": 1024, "height": 768}


@pytest.fixture
def device(browser: Any, app_url: str) -> Iterator[Callable[..., Page]]:
    """device(viewport, user_agent=None, touch=False) -> the home page, loaded, on a new
    visitor's browser of that kind, its sidebar watched from the first frame."""
    outside = Outside()
    contexts: list[Any] = []

    def open_(viewport: dict[str, int], user_agent: str | None = None, touch: bool = False) -> Page:
        kind: dict[str, Any] = {"viewport": viewport, "has_touch": touch, "is_mobile": touch}
        if user_agent:
            kind["user_agent"] = user_agent
        context = browser.new_context(**kind)
        contexts.append(context)
        page: Page = watched(context.new_page(), outside)
        page.add_init_script(WATCH_SIDEBAR)
        load(page, app_url)
        return page

    yield open_
    for context in contexts:
        context.close()
    assert outside.urls == [], f"requests left localhost: {outside.urls}"


@pytest.mark.parametrize("user_agent", [ANDROID, IPHONE], ids=["android", "iphone"])
def test_a_phone_on_its_side_opens_with_the_sidebar_closed(
    device: Callable[..., Page], user_agent: str
) -> None:
    page = device(SIDEWAYS, user_agent, touch=True)
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar).to_have_attribute("data-collapsed", "true")
    assert page.evaluate("() => window.btSidebarShown") is False  # not even for a moment
    title = page.get_by_test_id("stMain").get_by_role("heading", name="Buraco Tutor")
    box = title.bounding_box()
    assert box is not None and box["x"] < 300, box  # the page has the whole width
    shot(page, f"phone_sideways_{'android' if user_agent == ANDROID else 'iphone'}")

    # Opened by the person, it stays open through the reruns that follow (a language chosen
    # in it): the page says "closed" only at the start.
    page.get_by_test_id("stExpandSidebarButton").click()
    expect(sidebar).to_have_attribute("data-collapsed", "false")
    sidebar.get_by_text("English", exact=True).click()
    expect(page.get_by_role("heading", name="What do you want to do?")).to_be_visible()
    wait_for_app(page)
    page.evaluate(SETTLED)  # (a close would have started by now: let it end)
    expect(sidebar).to_have_attribute("data-collapsed", "false")


@pytest.mark.parametrize(
    ("viewport", "user_agent", "touch"),
    [(DESKTOP, None, False), (TABLET_SIDEWAYS, IPAD, True)],
    ids=["desktop", "tablet_on_its_side"],
)
def test_a_desktop_or_a_tablet_keeps_the_sidebar_open(
    device: Callable[..., Page], viewport: dict[str, int], user_agent: str | None, touch: bool
) -> None:
    page = device(viewport, user_agent, touch)
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar).to_have_attribute("data-collapsed", "false")
    expect(sidebar.get_by_test_id("stSidebarNav")).to_be_in_viewport()
