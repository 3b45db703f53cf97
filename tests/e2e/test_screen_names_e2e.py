"""What a screen reader reads and a hover shows, in the page's language: Streamlit names its
own controls in English (“Help for Cartas”, “Open”, “Copy to clipboard”, “Increment”, “Link
to heading”, “Collapse sidebar”…) on every page of the Portuguese app; screen_names renames
them, and follows a change of language in the sidebar."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from buraco_app.pages import HOME, PAGES
from buraco_app.screen_names import FIXED, HELP_FOR
from buraco_text import translate
from tests.e2e.conftest import DESKTOP, PHONE, choose_in_sidebar, load, quiet

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
    quiet(page)  # every control drawn (the script renames each in the same task)
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


# A Mac's browser, to react-aria: on an Apple device (VoiceOver reads no move in a list by
# itself) an open list also says each option reached and the one chosen (“…, selected”).
APPLE = """Object.defineProperty(Navigator.prototype, "platform", {get: () => "MacIntel"});
Object.defineProperty(Navigator.prototype, "userAgentData", {get: () => undefined});"""
SAID = """() => [...document.querySelectorAll("[data-live-announcer] [aria-live] > div")]
    .map((message) => message.textContent)"""


def what_a_list_says(page: Page) -> list[str]:
    """Exercícios' first list (Tema) opened, its second option reached and chosen by the
    keyboard: what the page said to a screen reader meanwhile. (Opened once the page has
    stopped changing: a list redrawn by a run still landing after a change of language
    closed again under a busy machine's click.)"""
    quiet(page)
    page.get_by_test_id("stMain").locator("[data-testid='stSelectbox'] input").first.click()
    page.get_by_role("listbox").wait_for()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    return list(page.evaluate(SAID))


def english_said(said: list[str]) -> list[str]:
    return [message for message in said if message.endswith((" available.", ", selected"))]


def test_the_skip_link_and_an_open_list_speak_the_page_s_language(
    browser: Any, app_url: str, settle: Settle
) -> None:
    """Streamlit's text read aloud, not only its names: the first link of every page, “Skip
    to main content” (shown when a keyboard reaches it), and what a list says while open,
    “19 options available.”, “cartas e pontos · 0/4, selected”, were English in the
    Portuguese app. A switch to English gives Streamlit's words back."""
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.add_init_script(APPLE)
        load(page, f"{app_url}/practice")
        skip = page.get_by_test_id("stSkipToContent")
        expect(skip).to_have_text("Pular para o conteúdo principal")
        said = what_a_list_says(page)
        settle(page)
        assert said and english_said(said) == [], said
        assert any(message.endswith(" opções disponíveis.") for message in said), said
        assert any(message.endswith(", selecionado") for message in said), said

        page.get_by_test_id("stSidebar").get_by_text("English", exact=True).click()
        settle(page)
        expect(skip).to_have_text("Skip to main content")
        said = what_a_list_says(page)
        assert any(message.endswith(" options available.") for message in said), said
    finally:
        context.close()
