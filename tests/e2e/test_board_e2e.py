"""The board in a real browser (issue 13), at 1280x800 and at a 390x844 phone: exercises
solved by tapping the cards themselves, a wrong move keeps the board, a legal one changes
it, progress survives closing the browser, a 7-card meld in 7 taps at the table.
Screenshots of each step go to tests/artifacts/."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import WAIT_MS, Outside, new_page, wait_for_app

pytestmark = pytest.mark.e2e
OpenPage = Callable[..., Page]
Viewport = tuple[str, dict[str, int]]
Settle = Callable[[Page], None]
Shot = Callable[[Page, str], Path]
NATURAL_TWO = "practice?scenario=two_goes_home_cleans_canastra"
STREAMLIT_ENGLISH = ("Select all", "Press Enter to apply", "Press Ctrl+Enter to apply")


class Taps:
    """Clicks on a page, counted, each followed by the wait for its rerun to start and end
    (a person waits for the card to show before the next tap: a tap during a rerun may be
    lost). Reruns are counted by watching the app's script state leave running."""

    COUNT_RUNS = """() => {
        if (window.__runs !== undefined) return;
        window.__runs = 0;
        const app = document.querySelector("[data-testid='stApp']");
        new MutationObserver((records) => {
            for (const r of records) if (r.oldValue === "running") window.__runs++;  // a run ended
        }).observe(app, {
            attributes: true, attributeOldValue: true, attributeFilter: ["data-test-script-state"],
        });
    }"""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0
        page.evaluate(self.COUNT_RUNS)

    def button(self, name: str) -> None:
        self._click(self.page.get_by_role("button", name=name, exact=True).first)

    def radio(self, name: str) -> None:  # a card of the lookup grid, a view switch
        self._click(self.page.get_by_role("radio", name=name, exact=True).first)

    def _click(self, target: object) -> None:
        try:
            expect(target).to_be_visible(timeout=WAIT_MS)  # type: ignore[arg-type]
        except AssertionError as missing:  # say what the page showed instead
            raise AssertionError(f"{missing}\n{self.page.url}\n{self._board()[:3000]}") from None
        before = self._board()
        self._tap_and_wait(target, before)
        self.count += 1
        if not self._changed_from(before):
            # The tap was lost (the browser was busy, or it landed while a rerun was replacing
            # the buttons), as a person's can be: they tap again; the count stays one tap.
            self._tap_and_wait(target, before)
            if not self._changed_from(before):  # (a tap that changes nothing: say so)
                raise AssertionError(f"two taps on {target} changed nothing on the page")

    def _changed_from(self, before: str, timeout: float = 20_000) -> bool:
        """Whether the page shows something else than `before`, waiting for it: the run
        that ended after a tap may have been another one (the first visit's extra run on a
        cold server), with the tap's own run still to come; tapping again then would undo
        or repeat the move."""
        try:
            self.page.wait_for_function(
                f"(before) => ({self.SEEN})() !== before", arg=before, timeout=timeout
            )
        except PlaywrightTimeout:
            return False
        wait_for_app(self.page)
        return True

    def _tap_and_wait(self, target: object, before: str) -> None:
        runs = self.page.evaluate("() => window.__runs")
        target.click()  # type: ignore[attr-defined]
        counted = f"() => window.__runs > {runs}"
        try:
            self.page.wait_for_function(counted, timeout=2_000)
        except PlaywrightTimeout:
            # A slow rerun on a loaded machine is not a lost tap: wait long for it. No rerun
            # at all means the tap did not reach the app (_click then sees the page
            # unchanged). A quick rerun may go by unseen (the browser draws its start and its
            # end at once: the script state never leaves notRunning): a page that changed and
            # then stays still shows it came and went. (Not the change alone: a run draws the
            # page as it goes, and a tap during it would send the widgets' old values.)
            with contextlib.suppress(PlaywrightTimeout):
                self.page.wait_for_function(
                    f"(before) => window.__runs > {runs} || ({self.SEEN})() !== before",
                    arg=before,
                    timeout=28_000,
                )
            self._still()
        wait_for_app(self.page)

    def _still(self, quiet_ms: int = 500, most_ms: int = 10_000) -> None:
        """Wait until what the page shows stays the same for `quiet_ms`."""
        seen = self._board()
        for _ in range(most_ms // quiet_ms):
            self.page.wait_for_timeout(quiet_ms)
            now = self._board()
            if now == seen:
                return
            seen = now

    # What a person sees of the page, typed fields and pressed cards included: every tap
    # that counts changes it.
    SEEN = """() => {
        const main = document.querySelector("[data-testid='stMain']");
        const fields = [...main.querySelectorAll("input, textarea")].map(
            (f) => (f.type === "radio" || f.type === "checkbox" ? f.checked : f.value));
        const pressed = [...main.querySelectorAll("[aria-checked='true'], [aria-pressed='true']")];
        return [main.innerText, ...fields, pressed.length].join("\\n");
    }"""

    def _board(self) -> str:
        return str(self.page.evaluate(self.SEEN))


def no_streamlit_english(page: Page) -> None:
    text = page.locator("[data-testid='stMain']").inner_text()
    for phrase in STREAMLIT_ENGLISH:
        assert phrase not in text


def test_solve_an_exercise_by_tapping_the_cards(
    open_page: OpenPage, viewport: Viewport, screenshot: Shot
) -> None:
    """Seeds 000/001: the 4♠ sends the 2♠ home; the board redraws with the meld clean."""
    name, size = viewport
    page = open_page(NATURAL_TWO, size)
    main = page.locator("[data-testid='stMain']")
    expect(main.get_by_role("button", name="Jogo 1: 3♠ 2♠ 5♠")).to_be_visible()
    screenshot(page, f"board_start_{name}")
    taps = Taps(page)
    taps.button("4♠")
    screenshot(page, f"board_picked_{name}")
    taps.button("Jogo 1: 3♠ 2♠ 5♠")
    assert taps.count == 2
    expect(main.get_by_text("Certo!", exact=False)).to_be_visible()
    # The board changed: the 2♠ is in its place, the 4♠ left the hand.
    expect(main.get_by_role("button", name="Jogo 1: 2♠ 3♠ 4♠ 5♠")).to_be_visible()
    expect(main.get_by_role("button", name="4♠", exact=True)).to_have_count(0)
    expect(main.get_by_text("O juiz de regras diz: jogada válida")).to_have_count(0)
    no_streamlit_english(page)
    screenshot(page, f"board_solved_{name}")


def test_a_wrong_move_keeps_the_board(
    open_page: OpenPage, viewport: Viewport, screenshot: Shot
) -> None:
    name, size = viewport
    page = open_page(NATURAL_TWO, size)
    main = page.locator("[data-testid='stMain']")
    taps = Taps(page)
    for tap in ("K♣", "K♥", "+ Novo jogo"):
        taps.button(tap)
    expect(main.get_by_text("Não pode.", exact=False)).to_be_visible()
    expect(main.get_by_role("button", name="Jogo 1: 3♠ 2♠ 5♠")).to_be_visible()  # unchanged
    expect(main.get_by_role("button", name="K♣", exact=True)).to_be_visible()
    expect(main.locator("[data-testid='stAlertContentSuccess']")).to_have_count(0)
    screenshot(page, f"board_wrong_{name}")
    taps.button("↺ Tentar de novo")
    expect(main.get_by_text("Não pode.", exact=False)).to_have_count(0)


def test_a_refused_answer_is_greyed_once_the_pick_changes(
    open_page: OpenPage, viewport: Viewport, screenshot: Shot
) -> None:
    """A card tap reruns only the board: the red “Não pode” under it, drawn by the page's
    run, stayed as the answer to the new pick. The first tap that changes the pick reruns
    the page, which greys it as the earlier pick's; the fixed pick is then answered."""
    name, size = viewport
    page = open_page("practice?scenario=first_meld_three_in_a_row", size)
    main = page.locator("[data-testid='stMain']")
    red = main.locator("[data-testid='stAlertContentError']")
    taps = Taps(page)
    for tap in ("6♣", "7♣", "+ Novo jogo"):
        taps.button(tap)
    expect(red).to_contain_text("Não pode.")
    taps.button("8♣")
    expect(red).to_have_count(0)
    earlier = main.get_by_text("Resposta para a escolha anterior (baixar 6♣ 7♣): Não pode.")
    expect(earlier).to_be_visible()
    screenshot(page, f"board_refused_greyed_{name}")
    taps.button("+ Novo jogo")
    expect(main.get_by_text("Certo!", exact=False)).to_be_visible()
    expect(earlier).to_have_count(0)


def test_progress_survives_closing_the_browser(
    browser: Browser, app_url: str, screenshot: Shot, phone: dict[str, int]
) -> None:
    """The learner id is kept in the browser: a new browser context with the same storage
    and no link finds the solved exercise."""
    outside = Outside()
    page = new_page(browser, phone, outside)
    page.goto(f"{app_url}/{NATURAL_TWO}")
    wait_for_app(page)
    taps = Taps(page)
    taps.button("4♠")
    taps.button("Jogo 1: 3♠ 2♠ 5♠")
    expect(page.get_by_text("Certo!", exact=False)).to_be_visible()
    storage = page.context.storage_state()
    page.context.close()

    reopened = browser.new_context(viewport=phone, storage_state=storage)
    page = reopened.new_page()
    page.on("request", lambda request: outside.record(request.url))
    page.goto(f"{app_url}/lessons?lesson=natural_two")  # no ?learner= in the link
    wait_for_app(page)
    expect(page.locator("[data-testid='stProgress']")).to_contain_text("1 de 6")
    screenshot(page, "board_progress_reopened_phone")
    reopened.close()
    assert outside.urls == []


def test_a_seven_card_meld_in_at_most_eight_taps(
    open_page: OpenPage, viewport: Viewport, screenshot: Shot
) -> None:
    name, size = viewport
    page = open_page("lookup", size)
    expect(page.locator("[data-testid='stAlertContentSuccess']")).to_have_count(0)  # no input
    # Each tap is waited for by what it shows (the card added to the field), never tapped
    # twice: a slow rerun must not count, or add, a card twice.
    box = page.get_by_role("textbox", name="Cartas")
    shown: list[str] = []
    for card in ("4♥", "5♥", "6♥", "7♥", "8♥", "9♥", "10♥"):
        page.get_by_role("radio", name=card, exact=True).first.click()
        shown.append(card)
        expect(box).to_have_value(" ".join(shown), timeout=20_000)
    assert len(shown) <= 8
    expect(page.get_by_text("✓ Jogo válido · Canastra limpa")).to_be_visible()
    no_streamlit_english(page)
    screenshot(page, f"lookup_seven_taps_{name}")


def test_may_i_take_the_lixo_by_taps(
    open_page: OpenPage, phone: dict[str, int], screenshot: Shot
) -> None:
    """Fechado: the top card 7♥ with 5♥ 6♥ from the hand makes a new meld [002, 003]."""
    page = open_page("lookup", phone)
    taps = Taps(page)
    taps.radio("Posso pegar o lixo?")
    for card in ("7♥", "5♥", "6♥"):
        taps.radio(card)
    expect(page.get_by_text("Pegar o lixo e baixar a carta de cima com 5♥ 6♥")).to_be_visible()
    no_streamlit_english(page)
    screenshot(page, "lookup_lixo_taps_phone")


def test_no_streamlit_english_while_typing(
    open_page: OpenPage, phone: dict[str, int], screenshot: Shot
) -> None:
    """Streamlit writes "Press Enter to apply" under a field being typed, in English in
    every language: the app hides it (Enter still applies)."""
    page = open_page("lookup", phone)
    page.get_by_label("Cartas", exact=True).press_sequentially("4h 5h")
    assert page.get_by_text("Press Enter to apply").count() == 1  # there, and hidden
    expect(page.get_by_text("Press Enter to apply")).to_be_hidden()
    Taps(page).radio("Posso pegar o lixo?")
    page.get_by_label("Jogos da sua dupla na mesa (um por linha)", exact=True).press_sequentially(
        "4h"
    )
    expect(page.get_by_text("Press Ctrl+Enter to apply")).to_be_hidden()
    screenshot(page, "lookup_typing_phone")
