"""Choosing a page in the sidebar, in a real browser. On a 390x844 phone the sidebar covers
the page: after a page link is tapped it closes (buraco_app/settings.py
`_close_after_choosing_a_page`; Streamlit itself does so only for a phone's user agent, and
the browser here says it is a desktop). At 1280x800 it sits beside the page and stays open."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import DESKTOP
from tests.e2e.test_board_e2e import Taps

pytestmark = pytest.mark.e2e
OpenPage = Callable[..., Page]
Shot = Callable[[Page, str], Path]
SLOW = 20_000  # a rerun on a loaded 2-core machine

# Counts the sidebar's collapses from now on (its data-collapsed going to "true").
COUNT_COLLAPSES = """() => {
    window.__collapses = 0;
    const bar = document.querySelector("[data-testid='stSidebar']");
    new MutationObserver((records) => {
        for (const r of records) if (bar.getAttribute("data-collapsed") === "true") {
            window.__collapses++;
        }
    }).observe(bar, {attributes: true, attributeFilter: ["data-collapsed"]});
}"""


class LinkTaps(Taps):
    """Taps on a link, each waited for as Taps waits for a button."""

    def link(self, target: Locator) -> None:
        self._click(target)


def nav_link(page: Page, title: str) -> Locator:
    return page.get_by_test_id("stSidebarNav").get_by_role("link", name=title)


def heading(page: Page, text: str) -> Locator:
    return page.locator("[data-testid='stMain']").get_by_role("heading", name=text, exact=True)


def test_on_a_phone_the_sidebar_closes_after_choosing_a_page(
    open_page: OpenPage, phone: dict[str, int], screenshot: Shot
) -> None:
    page = open_page("", phone)
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar).to_have_attribute("data-collapsed", "true")  # a phone starts closed
    expect(nav_link(page, "Consulta rápida")).not_to_be_in_viewport()
    screenshot(page, "nav_home_phone")

    page.get_by_test_id("stExpandSidebarButton").click()
    expect(sidebar).to_have_attribute("data-collapsed", "false")
    expect(nav_link(page, "Consulta rápida")).to_be_in_viewport()
    screenshot(page, "nav_sidebar_open_phone")

    taps = LinkTaps(page)
    taps.link(nav_link(page, "Consulta rápida"))
    expect(heading(page, "Consulta rápida")).to_be_visible(timeout=SLOW)
    assert page.url.split("?")[0].endswith("/lookup"), page.url
    # The page is what a person sees now: the sidebar is closed, its links off the screen.
    expect(sidebar).to_have_attribute("data-collapsed", "true", timeout=SLOW)
    expect(nav_link(page, "Consulta rápida")).not_to_be_in_viewport()
    expect(page.get_by_test_id("stExpandSidebarButton")).to_be_visible()
    screenshot(page, "nav_chosen_phone")

    # Again, from the second page: the listener is still there (it is sent once a session).
    page.get_by_test_id("stExpandSidebarButton").click()
    expect(sidebar).to_have_attribute("data-collapsed", "false")
    taps.link(nav_link(page, "Jogar"))
    expect(heading(page, "Jogar contra o computador")).to_be_visible(timeout=SLOW)
    expect(sidebar).to_have_attribute("data-collapsed", "true", timeout=SLOW)
    expect(nav_link(page, "Jogar")).not_to_be_in_viewport()


def test_on_a_desktop_the_sidebar_stays_open_after_choosing_a_page(
    open_page: OpenPage, screenshot: Shot
) -> None:
    page = open_page("", DESKTOP)
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar).to_have_attribute("data-collapsed", "false")
    page.evaluate(COUNT_COLLAPSES)
    taps = LinkTaps(page)
    taps.link(nav_link(page, "Consulta rápida"))
    expect(heading(page, "Consulta rápida")).to_be_visible(timeout=SLOW)
    # A second page chosen: by then the first tap is long past (the narrow screen's close
    # comes 200 ms after it), and neither closed the sidebar.
    expect(nav_link(page, "Jogar")).to_be_in_viewport()
    taps.link(nav_link(page, "Jogar"))
    expect(heading(page, "Jogar contra o computador")).to_be_visible(timeout=SLOW)
    assert page.url.split("?")[0].endswith("/play"), page.url
    assert page.evaluate("() => window.__collapses") == 0
    expect(sidebar).to_have_attribute("data-collapsed", "false")
    expect(nav_link(page, "Consulta rápida")).to_be_in_viewport()
    screenshot(page, "nav_chosen_desktop")


def expect_home_with_notice(page: Page, notice: str) -> Locator:
    """Home (its heading), the notice shown, no English "Page not found": the notice."""
    alert = page.get_by_test_id("stAlert").filter(has_text=notice)
    expect(alert).to_be_visible(timeout=SLOW)
    expect(heading(page, "Buraco Tutor")).to_be_visible()
    expect(page.get_by_text("Page not found")).to_have_count(0)
    return alert


@pytest.mark.parametrize(
    ("lang", "notice", "title"),
    [
        ("pt", "Este app não tem a página “pagina-velha”: você está no início.", "Início"),
        ("en", "This app has no page “pagina-velha”: here is the home page.", "Home"),
    ],
)
def test_a_link_to_a_page_the_app_lacks_opens_home_in_the_users_language(
    open_page: OpenPage, screenshot: Shot, lang: str, notice: str, title: str
) -> None:
    page = open_page(f"pagina-velha?lang={lang}", DESKTOP)
    expect_home_with_notice(page, notice)
    expect(nav_link(page, title)).to_be_visible()
    screenshot(page, f"page_not_found_{lang}")


@pytest.mark.parametrize(
    ("path", "notice"),
    [
        ("p%C3%A1gina", "Este app não tem a página “página”: você está no início."),
        ("www.example.com?lang=en", "This app has no such page: here is the home page."),
    ],
)
def test_an_address_with_accents_or_dots_opens_home_too(
    open_page: OpenPage, path: str, notice: str
) -> None:
    """Not only plain names: an accented address is named as the browser shows it, and one
    the notice could turn into a link is not named at all (and no link is drawn)."""
    page = open_page(path, DESKTOP)
    alert = expect_home_with_notice(page, notice)
    expect(alert.locator("a")).to_have_count(0)


def test_the_address_home_is_the_home_page(open_page: OpenPage) -> None:
    """Streamlit serves its default page at the bare address only: /home, which a person
    may well type, opens it too, with no notice and no English dialog."""
    page = open_page("home", DESKTOP)
    expect(heading(page, "Buraco Tutor")).to_be_visible(timeout=SLOW)
    expect(page.get_by_test_id("stAlert").filter(has_text="Este app não tem")).to_have_count(0)
    expect(page.get_by_text("Page not found")).to_have_count(0)


@pytest.mark.parametrize(
    "path",
    [
        "index.html",  # (the server's own file: the page asked for is "index.html")
        "x" * 80,  # (too long to be named back)
        "a%2Fb",  # (an encoded "/": no page can live there)
        "a%2Fb?lang=en",
    ],
)
def test_an_address_no_page_can_have_opens_home_with_the_notice(
    open_page: OpenPage, path: str
) -> None:
    """Home, in the user's language, with the notice that names no page; never Streamlit's
    English "Page not found" dialog."""
    notice = (
        "This app has no such page: here is the home page."
        if "lang=en" in path
        else "Este app não tem essa página: você está no início."
    )
    page = open_page(path, DESKTOP)
    expect_home_with_notice(page, notice)
    assert page.url.split("?")[0].rstrip("/").count("/") == 2, page.url  # the bare address


@pytest.mark.parametrize(
    ("path", "notice", "title"),
    [
        ("a/b/c?lang=en", "This app has no such page: here is the home page.", "Home"),
        ("lessons/extra", "Este app não tem essa página: você está no início.", "Início"),
    ],
)
def test_a_nested_address_opens_home_with_the_notice(
    open_page: OpenPage, screenshot: Shot, path: str, notice: str, title: str
) -> None:
    """A nested address was a blank white page: Streamlit answers it with its index.html,
    whose relative scripts then load as HTML. The server (app.py) sends it to its one-part
    form, which opens home, in the user's language."""
    page = open_page(path, DESKTOP)
    expect_home_with_notice(page, notice)
    expect(nav_link(page, title)).to_be_visible()
    assert page.url.split("?")[0].rstrip("/").count("/") == 2, page.url  # the bare address
    screenshot(page, f"nested_address_{path.partition('/')[0]}")
