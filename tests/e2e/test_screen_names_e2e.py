"""What a screen reader reads and a hover shows, in the page's language: Streamlit names its
own controls in English (“Help for Cartas”, “Open”, “Copy to clipboard”, “Increment”, “Link
to heading”, “Collapse sidebar”…) on every page of the Portuguese app; screen_names renames
them, and follows a change of language in the sidebar."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from buraco_app.pages import HOME, PAGES
from buraco_app.screen_names import FIXED, HELP_FOR
from buraco_text import translate
from tests.e2e.conftest import DESKTOP, PHONE, choose_in_sidebar

pytestmark = pytest.mark.e2e

OpenPage = Callable[..., Page]
Settle = Callable[[Page], None]

# Streamlit's English words (en.toml has them word for word) and its selectbox's placeholder.
ENGLISH = {translate(key, "en") for key in (*FIXED, "screen.choose")}
HELP_EN = translate(HELP_FOR, "en", label="")
NAMES = """() => [...document.querySelectorAll("[aria-label], [title], [placeholder]")]
    .flatMap((e) => ["aria-label", "title", "placeholder"].map((a) => e.getAttribute(a)))
    .filter((name) => name)"""


def names(page: Page) -> list[str]:
    page.wait_for_timeout(300)  # the script renames in the same task; let a redraw land
    return list(page.evaluate(NAMES))


def english(found: list[str]) -> list[str]:
    return [name for name in found if name in ENGLISH or name.startswith(HELP_EN)]


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_no_control_is_named_in_english_in_the_portuguese_app(
    open_page: OpenPage, settle: Settle, size: dict[str, int]
) -> None:
    """Every page, reached as a person does: the home page opened, then each page chosen in
    the sidebar (on a phone, opened first; it closes again after the choice)."""
    page = open_page("", size)
    seen: list[str] = []
    for spec in PAGES:
        if spec is not HOME:
            choose_in_sidebar(page, spec.url_path)
        found = names(page)
        assert english(found) == [], spec.url_path
        seen += found
    # Renamed, not dropped: the "?" of a widget, a menu, a heading's link, a number's steps.
    for word in ("Abrir", "Link para este título", "Aumentar", "Escolha uma opção"):
        assert word in seen
    assert "Ajuda: Cartas" in seen  # Consulta's cards, with its label


def test_the_english_app_keeps_streamlit_s_words_and_a_switch_renames_them(
    open_page: OpenPage, settle: Settle
) -> None:
    page = open_page("lookup?lang=en", DESKTOP)
    found = names(page)
    assert {"Open", "Link to heading", "Collapse sidebar"} <= set(found)
    assert [name for name in found if name.startswith(HELP_EN)]
    assert not [name for name in found if name.startswith("Ajuda")]

    # Sent once a session, the script still follows the sidebar's language: Streamlit sets
    # "Open" only once, so going back to English must put its word back too.
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_text("Português", exact=True).click()
    settle(page)
    found = names(page)
    assert english(found) == [] and "Abrir" in found and "Ajuda: Cartas" in found
    sidebar.get_by_text("English", exact=True).click()
    settle(page)
    found = names(page)
    assert "Open" in found and "Abrir" not in found
    assert not [name for name in found if name.startswith("Ajuda")]
