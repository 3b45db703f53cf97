"""The app in a real browser (Debian's chromium), at 1280x800 and at a 390x844 phone.

Screenshots go to tests/artifacts/ (look at them: they are what a person sees).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE

pytestmark = pytest.mark.e2e
OpenPage = Callable[..., Page]
Viewport = tuple[str, dict[str, int]]
Settle = Callable[[Page], None]
Shot = Callable[[Page, str], Path]


def type_cards(page: Page, label: str, text: str) -> None:
    field = page.get_by_label(label, exact=True)
    field.fill(text)
    field.press("Enter")


def test_home(open_page: OpenPage, viewport: Viewport, settle: Settle, screenshot: Shot) -> None:
    name, size = viewport
    page = open_page("", size)
    expect(page.get_by_role("heading", name="Buraco Tutor")).to_be_visible()
    main = page.locator("[data-testid='stMain']")
    expect(main.get_by_text("Variantes", exact=True)).to_be_visible()
    expect(main.get_by_text("Consulta rápida", exact=True)).to_be_visible()
    screenshot(page, f"home_{name}")
    # The way in works: the link opens the page.
    main.get_by_text("Consulta rápida", exact=True).click()
    expect(page.get_by_role("heading", name="Consulta rápida")).to_be_visible()
    settle(page)
    assert re.search(r"/lookup\\?.*rules=fechado", page.url)


def test_variants_same_meld_three_verdicts(
    open_page: OpenPage, viewport: Viewport, settle: Settle, screenshot: Shot
) -> None:
    name, size = viewport
    page = open_page("variants", size)
    expect(page.get_by_role("heading", name="Onde as variantes diferem")).to_be_visible()
    main = page.locator("[data-testid='stMain']")
    main.get_by_role("radio", name="Mesmo jogo", exact=True).click()
    settle(page)
    type_cards(page, "Cartas", "5h 5s 5d")
    expect(main.get_by_text("✓ Jogo válido", exact=False)).to_have_count(1)
    expect(main.get_by_text("✗ Jogo inválido", exact=True)).to_have_count(2)
    settle(page)
    screenshot(page, f"variants_{name}")


# Each word of the variants' tables on one line: a Range over a word split by the line's end
# has two boxes ("justifi-" / "cada" in a 62-px column was one word read as two).
_WORDS_BROKEN = """() => {
  const broken = [];
  const walk = document.createTreeWalker(document.querySelector('.bt-table'), NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    for (const word of node.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      if (range.getClientRects().length > 1) broken.push(word[0]);
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_variants_tables_break_no_word_on_a_phone(
    open_page: OpenPage, phone: dict[str, int], settle: Settle, screenshot: Shot, lang: str
) -> None:
    """All the rules, with a house option (five columns: the variants and "Sua mesa"): on a
    phone each rule's text across the screen, its values under it, no word split in two."""
    page = open_page(f"variants?lang={lang}&pickup=free", phone)
    main = page.locator("[data-testid='stMain']")
    main.get_by_role("radio", name="Todas as regras" if lang == "pt" else "All the rules").click()
    settle(page)
    expect(page.locator(".bt-table th")).to_have_count(5)
    assert page.evaluate(_WORDS_BROKEN) == []
    assert page.evaluate("() => document.documentElement.scrollWidth") <= phone["width"]
    screenshot(page, f"variants_all_phone_{lang}")


def test_lookup_type_a_meld(
    open_page: OpenPage, viewport: Viewport, settle: Settle, screenshot: Shot
) -> None:
    name, size = viewport
    page = open_page("lookup", size)
    type_cards(page, "Cartas", "5s 6s 7s 2d 9s 10s Js")
    expect(page.get_by_text("✓ Jogo válido · Canastra suja")).to_be_visible()
    # The arrangement drawn as cards, the wild marked with what it stands for.
    expect(page.get_by_role("img", name="2 de ouros")).to_be_visible()
    expect(page.get_by_text("= 8♠")).to_be_visible()
    expect(page.get_by_text("Bônus: 100")).to_be_visible()
    settle(page)
    screenshot(page, f"lookup_{name}")


def test_lookup_bad_card(open_page: OpenPage) -> None:
    page = open_page("lookup")
    type_cards(page, "Cartas", "3s 4s 5x")
    expect(page.get_by_text("Não entendi as cartas.", exact=False)).to_be_visible()
    expect(page.get_by_text("“5x” não é uma carta", exact=False)).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)


def test_english_via_the_sidebar(
    open_page: OpenPage, viewport: Viewport, settle: Settle, screenshot: Shot
) -> None:
    name, size = viewport
    page = open_page("lookup", size)
    if name == "phone":
        page.get_by_test_id("stExpandSidebarButton").click()
    sidebar = page.get_by_test_id("stSidebar")
    sidebar.get_by_text("English", exact=True).click()
    expect(page.get_by_role("heading", name="Quick lookup")).to_be_visible()
    settle(page)
    assert "lang=en" in page.url
    screenshot(page, f"english_sidebar_{name}")


def test_a_link_carries_the_rules(open_page: OpenPage, settle: Settle) -> None:
    page = open_page("lookup?lang=en&rules=stbl&joker_points=20")
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar.get_by_text("Fechado STBL + joker 20")).to_be_visible()
    type_cards(page, "Cards", "4h 5h JK")
    expect(page.get_by_text("Cards: 30 points", exact=False)).to_be_visible()
    # A refresh keeps them: they are in the URL.
    page.reload()
    settle(page)
    expect(sidebar.get_by_text("Fechado STBL + joker 20")).to_be_visible()


def test_a_bad_link_value_is_a_warning(open_page: OpenPage, screenshot: Shot) -> None:
    page = open_page("variants?joker_points=lots")
    expect(page.get_by_text("Ignorado no link", exact=False)).to_be_visible()
    expect(page.locator("[data-testid='stException']")).to_have_count(0)
    screenshot(page, "bad_link_desktop")


def test_no_request_leaves_localhost(open_page: OpenPage, settle: Settle, app_url: str) -> None:
    # open_page fails the test if any request left localhost; visit everything once.
    page = open_page("")
    for path in ("variants", "lookup"):
        page.goto(f"{app_url}/{path}")
        settle(page)
    type_cards(page, "Cartas", "3s 2s 5s 4s")
    expect(page.get_by_text("✓ Jogo válido", exact=False)).to_be_visible()


def test_rules_reference_on_a_phone(
    open_page: OpenPage, phone: dict[str, int], settle: Settle, screenshot: Shot
) -> None:
    page = open_page("lookup", phone)
    page.get_by_role("radio", name="Regras", exact=True).click()
    search = page.get_by_label("Procurar nas regras", exact=True)
    expect(search).to_be_visible()
    search.fill("lixo")
    search.press("Enter")
    # The rules reference's best answer, as `buraco rules --search lixo` gives it, and the
    # other rules with the word one tap away (then drawn 12 at a time, counted).
    expect(page.get_by_text("O lixo começa vazio", exact=True).first).to_be_visible()
    settle(page)
    screenshot(page, "rules_reference_phone")
    page.get_by_role("button", name=re.compile(r"^Mais \d+ regras com essas palavras$")).click()
    count = re.compile(r"^\d+ de \d+ regras( · aqui as \d+ primeiras)?$")
    expect(page.get_by_text(count)).to_be_visible()


def test_who_a_new_argument_shows_its_own_point(
    open_page: OpenPage, phone: dict[str, int], settle: Settle, screenshot: Shot
) -> None:
    """The point chosen is the new claims' one, and the radio shows it checked; words that
    match nothing leave every point unchecked and none drawn (not "Vale trinca?")."""
    page = open_page("who", phone)
    main = page.locator("[data-testid='stMain']")
    type_cards(page, "Jogador 1 diz", "a batida vale 100")
    expect(main.get_by_role("heading", name="Quanto vale a batida?")).to_be_visible()
    settle(page)
    type_cards(page, "Jogador 1 diz", "os dois mortos viraram monte, ninguém perde")
    point = "Os dois mortos viraram monte: quem perde?"
    expect(main.get_by_role("heading", name=point)).to_be_visible()
    expect(main.get_by_role("radio", name=point)).to_be_checked()
    settle(page)
    type_cards(page, "Jogador 1 diz", "xyz abc")
    expect(main.get_by_text("Não achei ponto em disputa", exact=False)).to_be_visible()
    settle(page)
    expect(main.locator("input[type=radio]:checked")).to_have_count(0)
    expect(main.get_by_role("heading", level=3)).to_have_count(0)
    screenshot(page, "who_nothing_found_phone")


# Each small card drawn in a text beside a bracket or a punctuation mark (“(Q♣)”, “Q♣,”):
# whether it lies on another line than that mark.
_CARDS_OFF_THEIR_MARKS = """() => {
  const apart = [];
  const top = (node, from, to) => {
    const range = document.createRange();
    range.setStart(node, from);
    range.setEnd(node, to);
    return range.getBoundingClientRect().top;
  };
  for (const card of document.querySelectorAll("[data-testid='stMain'] .bt-ic")) {
    const before = card.previousSibling;
    const after = card.nextSibling;
    const own = card.getBoundingClientRect().top;
    if (before && before.nodeType === 3 && /[(“]$/.test(before.textContent)) {
      const at = before.textContent.length;
      if (Math.abs(top(before, at - 1, at) - own) > 8) apart.push(`(${card.textContent}`);
    }
    if (after && after.nodeType === 3 && /^[)”,.;:]/.test(after.textContent)) {
      const mark = after.textContent[0];
      if (Math.abs(top(after, 0, 1) - own) > 8) apart.push(`${card.textContent}${mark}`);
    }
  }
  return apart;
}"""


def test_a_card_in_a_text_keeps_its_brackets_on_a_phone(
    open_page: OpenPage, phone: dict[str, int], settle: Settle
) -> None:
    """Variantes, “Mesma jogada” at 390 px: “…se a carta de cima (Q♣) entrar…” broke after
    the bracket, “(” ending one line and “Q♣)” starting the next. A card drawn in a text
    stays on the line of the bracket or the comma beside it, as a word does."""
    page = open_page("variants", phone)
    main = page.locator("[data-testid='stMain']")
    main.get_by_role("radio", name="Mesma jogada", exact=True).click()
    settle(page)
    expect(main.get_by_text("Jogada inválida", exact=False).first).to_be_visible()
    assert page.evaluate(_CARDS_OFF_THEIR_MARKS) == []


def test_on_a_phone_a_variants_verdict_follows_its_title(
    open_page: OpenPage, phone: dict[str, int], settle: Settle
) -> None:
    """Variantes, “Mesmo jogo”: side by side on a desktop, each variant's title has a second
    line (“✓ Sua mesa” under the table's own), blank under the others so that the verdicts
    line up. On a phone, the variants one under another, that blank line was a gap between
    “Buraco Aberto” and its verdict; there it is not drawn."""
    page = open_page("variants", phone)
    main = page.locator("[data-testid='stMain']")
    main.get_by_role("radio", name="Mesmo jogo", exact=True).click()
    settle(page)
    type_cards(page, "Cartas", "5h 5s 5d JK")
    heading = main.get_by_role("heading", name="Buraco Aberto", exact=True)
    expect(heading).to_be_visible()
    title = page.get_by_role("heading", name="Buraco Aberto", exact=True)
    block = main.locator("[data-testid='stMarkdownContainer']").filter(has=title)
    assert block.bounding_box()["height"] - heading.bounding_box()["height"] < 10


# Each field typed into and each help icon (“?”) of a page, with its size, and whether a tap
# near each corner of the icon's box reaches the icon (not the field under it, nor nothing).
_FIELDS_AND_HELP = """() => {
  const main = document.querySelector("[data-testid='stMain']");
  const fields = [...main.querySelectorAll(
    "[data-testid='stTextInputField'], [data-testid='stNumberInputField']")]
    .map(e => e.getBoundingClientRect().height);
  const help = [...main.querySelectorAll("[data-testid='stTooltipIcon'] button")]
    .map(e => e.getBoundingClientRect())
    .filter(r => r.width > 0)
    .map(r => {
      const corners = [[2, 2], [r.width - 2, 2], [2, r.height - 2], [r.width - 2, r.height - 2]];
      const inside = ([dx, dy]) => document.elementFromPoint(r.left + dx, r.top + dy)
        ?.closest("[data-testid='stTooltipIcon']") != null;
      return [r.width, r.height, corners.every(inside)];
    });
  return {fields, help};
}"""


@pytest.mark.parametrize("path", ["lookup", "who", "sheet", "calculator", "practice"])
def test_text_fields_and_help_icons_are_a_fingers_size_on_a_phone(
    open_page: OpenPage, viewport: Viewport, path: str
) -> None:
    """On a phone a text field (Consulta's cards, “Quem tem razão?”'s two claims, the score
    sheet's names, an exercise's number) is 44 px high and a help icon (“?”) is a 44 px
    square to tap, as every button and box to tick is (cards_view's one style sheet): they
    were 36 px and 16 px, under the 44 px a fingertip hits without touching its neighbour.
    On a desktop they keep Streamlit's look, 36 px and 16 px."""
    name, size = viewport
    page = open_page(path, size)
    page.evaluate("window.scrollTo(0, 0)")
    found = page.evaluate(_FIELDS_AND_HELP)
    assert found["fields"] or found["help"], path
    for height in found["fields"]:
        assert height >= 44 if name == "phone" else round(height) == 36, (path, height)
    for width, height, reached in found["help"]:
        if name == "phone":
            assert width >= 44 and height >= 44 and reached, (path, width, height)
        else:
            assert (round(width), round(height)) == (16, 16), (path, width, height)


def test_a_help_icon_opens_when_tapped_beside_it_on_a_phone(
    browser: Any, app_url: str, settle: Settle
) -> None:
    """A finger that lands beside Consulta's “?”, 24 px left of the 16 px icon and 10 px
    below it (a corner of its 44 px square), shows its help: how cards are written."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(f"{app_url}/lookup")
        settle(page)
        icon = page.locator("[data-testid='stMain'] [data-testid='stTooltipIcon'] svg").first
        box = icon.bounding_box()
        assert box is not None and round(box["width"]) == 16
        page.touchscreen.tap(box["x"] - 24, box["y"] + box["height"] + 10)
        expect(page.get_by_test_id("stTooltipContent")).to_contain_text("JK")
    finally:
        context.close()


# The controls a screen reader names by their label, as the browser computes the name.
_NAMED_CONTROLS = ("switch", "checkbox", "combobox", "textbox", "spinbutton")


def test_the_house_options_are_named_to_a_screen_reader_without_asterisks(
    open_page: OpenPage, settle: Settle, screenshot: Shot
) -> None:
    """Each house option is labelled “**name** · description”. A toggle's name for a screen
    reader leaves the Markdown out, but a list's and a number field's were the label as
    written: “asterisk asterisk match to asterisk asterisk · Points that win the match.”"""
    page = open_page("?lang=en")
    page.get_by_test_id("stSidebar").get_by_text("House rules", exact=True).click()
    settle(page)
    expect(page.get_by_role("textbox", name="Points that win the match.")).to_be_visible()
    tree = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")
    named: dict[str, list[str]] = {}  # each control's name, by role
    for node in tree["nodes"]:
        role = node.get("role", {}).get("value")
        if role in _NAMED_CONTROLS:
            named.setdefault(role, []).append(node.get("name", {}).get("value", ""))
    assert len(named.get("combobox", [])) > 1 and len(named.get("switch", [])) > 1, named
    said = [n for role in _NAMED_CONTROLS for n in named.get(role, [])]
    assert [n for n in said if "*" in n] == []
    assert "match to · Points that win the match." in said, said
    assert "trinca suits · A trinca's suits" in " | ".join(said)
    page.get_by_role("combobox", name="trinca suits", exact=False).scroll_into_view_if_needed()
    screenshot(page, "house_options_named_desktop")
