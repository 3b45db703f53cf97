"""The links sent to the table (Quem tem razão?'s “Link para jogar assim”, Consulta's “Link
desta pergunta”), copied with a finger on a phone: a touch screen, no hover. Streamlit's copy
button (24 px) was shown only while the pointer hovered the link's box, which a finger never
does until it has tapped the box."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import CHROMIUM_ARGS, PHONE, load

pytestmark = pytest.mark.e2e

Settle = Callable[[Any], None]


@pytest.fixture
def touch_phone(browser: Any, app_url: str) -> Iterator[Callable[[str], Page]]:
    """touch_phone(path) -> the app's page on a 390x844 touch screen (no hover) that lets
    the page write to its clipboard, as a phone's browser does on a tap."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=app_url)

    def open_(path: str) -> Page:
        page: Page = context.new_page()
        load(page, f"{app_url}/{path}")
        return page

    yield open_
    context.close()


def links_box(page: Page, path: str, settle: Settle) -> Any:
    """The page's first link to send (Consulta's is in an expander, tapped open)."""
    main = page.get_by_test_id("stMain")
    if path.startswith("lookup"):
        main.get_by_text("Link desta pergunta").tap()
        settle(page)
    box = main.get_by_test_id("stCode").first
    box.scroll_into_view_if_needed()
    return box


@pytest.mark.parametrize("path", ["who", "lookup?cards=5h+5s+5d+JK"])
def test_a_link_is_copied_with_one_tap_on_a_phone(
    touch_phone: Callable[[str], Page], settle: Settle, path: str
) -> None:
    """The copy button is shown under the link without a hover, a fingertip's size, its name
    written in the page's language; one tap copies the link, and it says so."""
    page = touch_phone(path)
    box = links_box(page, path, settle)
    link = box.locator("code").inner_text().strip()
    assert link.startswith("http") and "lang=pt" in link, link
    button = box.get_by_role("button", name="Copiar para a área de transferência")
    expect(button).to_be_visible()
    shown = button.evaluate("b => getComputedStyle(b, '::after').content")
    assert shown == '"Copiar para a área de transferência"', shown
    size = button.bounding_box()
    assert size is not None and size["height"] >= 44 and size["width"] >= 44, size
    button.tap()
    expect(box.get_by_role("button", name="Copiado")).to_be_visible()
    assert page.evaluate("navigator.clipboard.readText()") == link


# The app as the phones of a home network reach it (README: `--server.address=0.0.0.0`), at
# an http address not the phone's own, where the browser keeps the clipboard from the page.
HOME_NETWORK = "mesa.test"


@pytest.fixture
def home_network_phone(browser: Any, chromium: Path, app_url: str) -> Iterator[Page]:
    """The Quem tem razão? page on a touch screen at http://mesa.test:<port> (a name this
    browser finds at 127.0.0.1)."""
    rules = f"--host-resolver-rules=MAP {HOME_NETWORK} 127.0.0.1"
    other = browser.browser_type.launch(executable_path=str(chromium), args=[*CHROMIUM_ARGS, rules])
    try:
        page: Page = other.new_page(viewport=PHONE, has_touch=True, is_mobile=True)
        load(page, app_url.replace("localhost", HOME_NETWORK) + "/who")
        yield page
    finally:
        other.close()


def test_at_a_home_network_address_a_long_press_takes_the_link_whole(
    home_network_phone: Page, settle: Settle
) -> None:
    """There Streamlit's copy button did nothing when tapped; it is not drawn, and a finger
    held on the link selects all of it, not one word, ready for the phone's own “Copiar” or
    “Compartilhar”."""
    page = home_network_phone
    assert not page.evaluate("window.isSecureContext")  # (the case: no clipboard)
    box = links_box(page, "who", settle)
    text = box.locator("code")
    link = text.inner_text().strip()
    assert link.startswith(f"http://{HOME_NETWORK}:"), link
    expect(box.get_by_test_id("stElementToolbarButton")).to_be_hidden()
    where = text.bounding_box()
    assert where is not None
    touch = page.context.new_cdp_session(page)
    point = {"x": where["x"] + 30, "y": where["y"] + 10}
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.wait_for_timeout(1500)  # a long press, as a finger holds it
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_timeout(300)
    assert page.evaluate("getSelection().toString()").strip() == link
