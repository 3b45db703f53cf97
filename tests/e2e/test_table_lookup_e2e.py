"""Quick questions at a real table, on a phone (390x844): what only a browser shows, the
height of the choices a thumb taps and where the answer lands; and the size of every tap on a
phone and on a tablet's touch screen (768x1024)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import (
    TABLET,
    choose_in_sidebar,
    load,
    wait_for_app,
)

pytestmark = pytest.mark.e2e

OpenPage = Callable[..., Any]

# A thumb's height: Streamlit draws a radio's choices 22 px high, side by side, and the
# neighbour of the choice meant was tapped.
THUMB = 32


def test_the_morto_choices_are_a_thumb_high_and_the_answer_stays_on_screen(
    open_page: OpenPage, phone: dict[str, int], screenshot: Callable[[Any, str], Any]
) -> None:
    """Posso bater? under STBL, a dirty canastra on the table [000, 001, 002, 003: STBL goes
    out with a clean one]: each answer about the morto is a thumb high, and the answer
    (no, a clean canastra is missing) is on the screen, above the five of them."""
    page = open_page("lookup?rules=stbl&view=go_out&side=4h+5h+6h+7h+JK+9h+10h", phone)
    choices = page.locator(".st-key-lookup_go_out_morto [role='radiogroup'] label")
    # (taken, not yet, waiting, both gone to the stock, only ours gone to the stock)
    assert choices.count() == 5
    heights = [choices.nth(i).bounding_box()["height"] for i in range(5)]
    assert min(heights) >= THUMB, heights
    answer = page.locator("[data-testid='stAlert']").filter(has_text="canastra limpa")
    box = answer.bounding_box()
    assert box is not None and box["y"] + box["height"] <= phone["height"], box
    screenshot(page, "lookup_go_out_stbl_phone")


# Each question at the table with what a player types, in a shared link's words: the lixo
# with a hand of eleven cards and two melds, typed with suit letters (each read back under
# its field); the answer that must show on a phone's first screen.
ON_THE_FIRST_SCREEN = [
    (
        "pt",
        "view=lixo&top=7h&hand=5h+6h+Kd+Qs+9c+10c+Jc+3d+8d+8s+8c&melds=Qs+Ks+As%0A4d+5d+6d+7d",
        "Sim, você pode pegar o lixo",
    ),
    (
        "en",
        "view=lixo&top=7h&hand=5h+6h+Kd+Qs+9c+10c+Jc+3d+8d+8s+8c&melds=Qs+Ks+As%0A4d+5d+6d+7d",
        "Yes, you may take the lixo",
    ),
    ("pt", "view=lixo&top=Kd&hand=5h+6h+9c&melds=Qs+Ks+As%0A4d+5d+6d+7d", "Não: com estas"),
    ("en", "view=lixo&top=Kd&hand=5h+6h+9c&melds=Qs+Ks+As%0A4d+5d+6d+7d", "No: with these"),
    ("pt", "cards=5s+6s+7s+2d+9s", "Jogo válido"),
    ("en", "cards=5s+6s+7s+2d+9s", "Valid meld"),
    (
        "pt",
        "view=go_out&morto=available&side=5s+6s+7s+8s+9s+10s+Js%0AQh+Kh+Ah%0A4c+4d+4s",
        "Ainda não dá",
    ),
    (
        "en",
        "view=go_out&morto=available&side=5s+6s+7s+8s+9s+10s+Js%0AQh+Kh+Ah%0A4c+4d+4s",
        "You may not go",
    ),
]


@pytest.mark.parametrize(("lang", "question", "said"), ON_THE_FIRST_SCREEN)
def test_each_answer_is_on_a_phones_first_screen(
    open_page: OpenPage,
    phone: dict[str, int],
    screenshot: Callable[[Any, str], Any],
    lang: str,
    question: str,
    said: str,
) -> None:
    """Posso pegar o lixo? at 390x844: the yes stood under the side's melds, below the fold
    (y 830 with one meld, lower with two). A player types (or opens a link) and reads the
    answer without scrolling, in each of the three questions, in both languages."""
    page = open_page(f"lookup?lang={lang}&{question}", phone)
    answer = page.locator("[data-testid='stAlert']").filter(has_text=said).first
    box = answer.bounding_box()
    assert box is not None and box["y"] + box["height"] <= phone["height"], box
    if "view=lixo" in question and "hand=5h+6h+Kd" in question:
        screenshot(page, f"lookup_lixo_answer_phone_{lang}")


def test_who_went_out_is_a_thumb_high(open_page: OpenPage, phone: dict[str, int]) -> None:
    page = open_page("calculator", phone)
    choices = page.locator(".st-key-calc_went_out [role='radiogroup'] label")
    assert choices.count() == 3
    assert min(choices.nth(i).bounding_box()["height"] for i in range(3)) >= THUMB


# Each of a segmented control's options as drawn: its four borders' colours and widths, its
# box, the row it lies in.
_SEGMENTS = """(group) => [...group.querySelectorAll("button[data-variant='segmented_control']")]
.map((b) => { const s = getComputedStyle(b); const r = b.getBoundingClientRect();
  return {text: b.innerText, top: r.top, bottom: r.bottom, height: r.height,
    borders: ["Top", "Right", "Bottom", "Left"].map((side) =>
      [s[`border${side}Color`], parseFloat(s[`border${side}Width`])])}; })"""


@pytest.mark.parametrize("view", ["go_out", "lixo"])
def test_a_wrapped_segmented_control_keeps_every_border_on_a_phone(
    open_page: OpenPage, phone: dict[str, int], view: str
) -> None:
    """Consulta's four questions wrap onto two rows at 390 px. Streamlit's segments hide the
    border shared with the chosen one, the one beside it on the same row: “Posso bater?”
    chosen, first of the second row, left “Posso pegar o lixo?” at the end of the first
    without its right border (and “Posso pegar o lixo?” chosen, “Posso bater?” without its
    left one). On a phone each option is a whole button, its four borders drawn, a
    fingertip high (44 px), its row apart from the one above."""
    page = open_page(f"lookup?view={view}", phone)
    segments = page.locator(".st-key-lookup_view").evaluate(_SEGMENTS)
    assert len({s["top"] for s in segments}) == 2, segments  # (the case: two rows)
    for segment in segments:
        for colour, width in segment["borders"]:
            assert width >= 1 and colour not in ("transparent", "rgba(0, 0, 0, 0)"), segment
        assert segment["height"] >= 44, segment
    first_row_bottom = max(s["bottom"] for s in segments if s["top"] == segments[0]["top"])
    assert all(s["top"] >= first_row_bottom for s in segments if s["top"] != segments[0]["top"])


# What a finger taps in the main area (a field is a whole row wide, and a “?” opens a help
# text: neither is counted) shorter than it should be: 44 px, a card of a card grid 44 px
# wide and 34 high (nine rows of them, the answer to a tap drawn under them), and a radio's
# choice 34 px (THUMB: lists of up to 25 choices, the morto's four above their answer).
_SHORT_TAPS = """() => {
  const main = document.querySelector("[data-testid='stMain']");
  const taps = main.querySelectorAll(`[data-testid^='stBaseButton-'], button[data-variant],
    [data-testid='stPopoverButton'], [data-testid='stExpander'] summary, [role='radiogroup'] label,
    [data-testid='stCheckbox'] label, [data-baseweb='select'] > div, [data-testid='stTab'],
    [data-testid='stPageLink-NavLink']`);
  const short = [];
  for (const tap of taps) {
    const box = tap.getBoundingClientRect();
    if (box.height === 0) continue;
    const card = tap.closest("[class*='st-key-btg-']");
    const radio = tap.matches("[role='radiogroup'] label");
    const [high, wide] = card ? [34, 44] : radio ? [34, 0] : [44, 0];
    if (box.height < high || box.width < wide) {
      const size = `${Math.round(box.width)}x${Math.round(box.height)}`;
      short.push(`${tap.innerText.trim().slice(0, 30)}: ${size}`);
    }
  }
  return short;
}"""


# The pages whose taps are measured. Each is reached from the one before as a person goes:
# chosen in the sidebar, or, an exercise or a question named in the address, that address
# opened in the same tab.
TAPPED = (
    "",
    "lessons",
    "practice?scenario=trinca_only_in_fechado",
    "practice?scenario=which_runs_are_sequences",
    "variants",
    "lookup",
    "lookup?view=go_out",
    "who",
    "calculator",
    "sheet",
)


# On a tablet (conftest.TABLET, a touch screen wider than a phone's) the fingertip sizes once
# stopped at 640 px wide: there “Conferir” was 40 px high, a link to another page 28, the
# sheet's “2 3 4” 22, “Contar na calculadora” 28 (audit at 768x1024).
def test_every_tap_is_a_fingertip_high_on_a_touch_screen(finger: OpenPage, app_url: str) -> None:
    """On a phone and on a tablet every button, box to tick, expander, menu, tab and page
    link of these pages is 44 px high at least, as Jogar's are: “Conferir” and “Limpar tudo”
    were 40, the menus 38, “Pegou o morto” 21, a link to another page 28; a card of the grid
    44 px wide (was 40), the sheet's “2 3 4” 34 high (was 22) (audit at 390x844); and so is
    each option of an open list, Lição's, Tema's, Exercício's (were 40)."""
    page = finger(TAPPED[0])
    for path in TAPPED:
        # A tablet upright starts with its sidebar shut: each page is opened by its address.
        if path == TAPPED[0]:
            pass  # (opened by finger)
        elif "?" in path or page.viewport_size == TABLET:
            load(page, f"{app_url}/{path}")
        else:
            choose_in_sidebar(page, path)
        assert page.evaluate(_SHORT_TAPS) == [], path
        assert short_options(page) == [], path


# The options of an open list (a selectbox's, drawn outside the main area) under 44 px.
_SHORT_OPTIONS = """() => [...document.querySelectorAll("[role='listbox'] [role='option']")]
    .map((option) => [option.innerText.trim().slice(0, 30), option.getBoundingClientRect()])
    .filter(([, box]) => box.height > 0 && box.height < 44)
    .map(([text, box]) => `${text}: ${Math.round(box.width)}x${Math.round(box.height)}`)"""


def short_options(page: Any) -> list[str]:
    """Each list of the page (Lição, Tema, Exercício…) opened in turn: its options shorter
    than a fingertip. The list is shut again (Escape) before the next."""
    short: list[str] = []
    lists = page.locator("[data-testid='stMain'] [data-testid='stSelectbox'] input")
    for index in range(lists.count()):
        lists.nth(index).click()
        page.get_by_role("listbox").wait_for()
        short += page.evaluate(_SHORT_OPTIONS)
        page.keyboard.press("Escape")
        page.get_by_role("listbox").wait_for(state="detached")
    return short


def _tap_and_see(page: Any, name: str, then: Any) -> None:
    """Tap the button `name` and wait, as a person does, until `then` shows (the page's run
    may not have started when the tap returns: its end alone is no answer)."""
    page.locator("[data-testid='stMain']").get_by_role("button", name=name, exact=True).click()
    expect(then).to_be_visible(timeout=20_000)
    wait_for_app(page)


def test_every_tap_of_an_open_sheet_is_a_fingertip_high_on_a_touch_screen(
    finger: OpenPage,
) -> None:
    """The Placar at the table, on a phone and on a tablet, a match open: the round's
    button, “Contar na calculadora”, the view switch, “Corrigir”, “Desfazer” and its
    “Sim”/“Não”, the correction's menu and buttons, “Baixar CSV”, “Atualizar”, “Sair”, and
    once the match is over “Nova partida com os mesmos lados”: each 44 px high at least (the
    start form is measured above)."""
    page = finger("sheet")
    main = page.locator("[data-testid='stMain']")
    button = partial(main.get_by_role, "button", exact=True)
    _tap_and_see(page, "Começar a partida", button(name="Lançar rodada 1"))
    main.get_by_label("Pontos (Nós)", exact=True).fill("450")
    main.get_by_label("Pontos (Eles)", exact=True).fill("100")
    _tap_and_see(page, "Lançar rodada 1", main.get_by_text("Rodada 1 lançada."))
    expect(main.get_by_role("link", name="Contar na calculadora")).to_have_count(1)
    assert page.evaluate(_SHORT_TAPS) == [], "a round entered"
    _tap_and_see(page, "↩ Desfazer a rodada 1", button(name="Sim, apagar"))
    assert page.evaluate(_SHORT_TAPS) == [], "undo asked"
    _tap_and_see(page, "Não", button(name="✎ Corrigir uma rodada"))
    _tap_and_see(page, "✎ Corrigir uma rodada", button(name="Cancelar"))
    assert page.evaluate(_SHORT_TAPS) == [], "the correction open"
    _tap_and_see(page, "Cancelar", button(name="✎ Corrigir uma rodada"))
    main.get_by_label("Pontos (Nós)", exact=True).fill("2600")
    main.get_by_label("Pontos (Eles)", exact=True).fill("0")
    _tap_and_see(page, "Lançar rodada 2", button(name="Nova partida com os mesmos lados"))
    assert page.evaluate(_SHORT_TAPS) == [], "the match over"


def test_the_meld_of_a_claim_opens_in_the_lookup_already_visited(
    open_page: OpenPage, phone: dict[str, int], screenshot: Callable[[Any, str], Any]
) -> None:
    """“Quem tem razão?” offers the meld a claim writes out, “Julgar o jogo: 4♥ 5♥ JK …”, one
    tap from the meld lookup. A session that had opened the lookup before (on “Posso pegar
    o lixo?”) got it empty: the lookup reads its link once a session, and st.page_link
    moves within the session (h1's teacher, in a browser). The lookup opens on the meld,
    judged: a joker in seven cards makes a canastra suja [000, 001, 002, 003]."""
    page = open_page("lookup?view=lixo", phone)
    expect(page.get_by_text("Carta de cima do lixo", exact=False).first).to_be_visible()
    choose_in_sidebar(page, "who")
    main = page.locator("[data-testid='stMain']")
    first = main.locator(".st-key-who_claim_1 input")
    first.fill("4h 5h JK 7h 8h 9h 10h é limpa")
    first.press("Enter")
    wait_for_app(page)
    second = main.locator(".st-key-who_claim_2 input")
    second.fill("não, é suja")
    second.press("Enter")
    wait_for_app(page)
    link = main.get_by_role("link", name="Julgar o jogo", exact=False)
    link.scroll_into_view_if_needed()
    link.click()
    page.wait_for_url("**/lookup*")
    wait_for_app(page)
    field = page.locator(".st-key-lookup_cards input, .st-key-lookup_cards textarea").first
    expect(field).to_have_value("4♥ 5♥ JK 7♥ 8♥ 9♥ 10♥")
    expect(page.get_by_text("canastra suja", exact=False).first).to_be_visible()
    screenshot(page, "who_meld_opens_in_lookup_phone")
