"""Cards drawn as cards (inline HTML, text glyphs, explicit colours) and card input widgets.

Drawing: `cards_html(cards)` / `show_cards(cards)` for a row of cards; `meld_html(meld)` for
a meld as it lies on the table, its wild marked with what it stands for. The suits are text
glyphs coloured explicitly (red ♥ ♦, black ♣ ♠, jokers purple on gold) because a phone or a
server may have no colour emoji font; rows wrap, so a 14-card canastra fits a 390 px phone.

Input: `card_input(key)` is a text field that reads the notation ("3s 2s 5s 4s", "10♠",
"JK") plus `card_grid`, every card once, one tap each, appending to it. It returns the
cards, or None after showing the parse error next to the field. Tests drive it through the
text field (`at.text_input(key=key)`) or the grid (`at.pills(key=key + "_grid_h")`, set to a
Card). Streamlit's own "Press Enter to apply" under a field is hidden by CARD_CSS: it is
English in every language.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal
from urllib.parse import urlsplit

import streamlit as st

from buraco_app.i18n import get_lang, t
from buraco_app.inline_cards import AsIs, md_cards
from buraco_app.limits import MAX_CARDS_TEXT, too_long
from buraco_core.cards import RANK_TEXT, Card, Suit, parse_cards
from buraco_core.errors import BuracoInputError
from buraco_core.melds import Meld
from buraco_text import Lang, card_name, error_message, suit_name

RED = "#c62828"
BLACK = "#1b1b1b"
JOKER_INK = "#6a1b9a"
JOKER_PAPER = "#fff4cc"
WILD_RING = "#e65100"
TEXT_ONLY = "\ufe0e"  # ask for the text glyph, never an emoji picture

Size = Literal["md", "sm"]

# One style sheet for every card (app.py injects it once per run): the card markup itself
# stays small, which keeps reruns and messages to the browser light. Rows of cards inside
# one Markdown block keep the gap that separate elements had. An exercise's answers (its
# yes/no, its options to tick: scenario_player's keys) are rows a fingertip can hit, and so
# are the choices asked at the table (the morto, who went out, the point argued over: rows
# of 22 px side by side were mis-tapped on a phone); a lesson's tables (the lessons page's
# `lesson_text`) have narrower cells on a phone. A segmented control wraps on a phone (the
# four questions of Consulta): there each option is a whole button, its four borders drawn
# (Streamlit hides the one it shares with the chosen option, lost when they end up on two
# rows). On a touch screen (FINGERTIP_SCREEN: a tablet's too) every button, box to tick,
# expander, menu (and an open list's options), tab and link is a fingertip high (44 px), as
# Jogar's are (board.BOARD_CSS), and so is a field typed into (a number's − and + too); a
# help icon (“?”, 16 px) is tapped in a 44 px square: its label row 36 px (44 would push
# Consulta's answer under the fold), the square reaching 4 px above it into the gap between
# elements and left of the icon, never into the field nor past the screen's edge (padding
# taken back by a negative margin: the icon stays where it was). Two kinds stay lower, so
# that the answer drawn under them stays on the screen: a card of a card grid (44 px wide,
# 34 high: nine rows of them) and a radio's choice (34 px, an exercise's yes/no excepted),
# in lists of up to 25 (the points argued over) or above an answer (the morto's four).
# A link to send to the table (a code box: each st.code of the app is one) is taken whole by
# a long press or a click. On a touch screen, where no hover shows Streamlit's copy button,
# the button stays under the link, a fingertip high, its name beside its icon (screen_names
# gives it in the page's language: “Copiar…”, then “Copiado”). On a phone an expander holding
# a card grid (“Tocar nas cartas”) has 8 px sides, not 16: a suit is 7 + 6 cards, as on
# Consulta (no expander there), not 6 + 6 + 1.
SEGMENT_LINE = "rgba(47,45,43,.2)"  # Streamlit's own border of a segment not chosen
# Where a finger taps: any touch screen (its pointer coarse: a tablet, a phone turned
# sideways, 844 px wide), and any window as narrow as a phone's, where Streamlit itself lays
# the page out for one (its columns one under another). A desktop's mouse (a touch laptop's
# too: its main pointer fine) keeps Streamlit's sizes.
FINGERTIP_SCREEN = "(max-width:640px),(pointer:coarse)"

CARD_CSS = f"""
.bt-row{{display:flex;flex-wrap:wrap;align-items:flex-start;gap:2px;margin:4px 0}}
.bt-cell{{display:inline-flex;flex-direction:column;align-items:center;gap:1px;margin:2px}}
.bt-card{{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
box-sizing:border-box;border:1px solid #8a8a8a;border-radius:7px;background:#fff;
font-family:'DejaVu Sans',Arial,sans-serif;font-weight:700;line-height:1.05;
box-shadow:0 1px 3px rgba(0,0,0,.3)}}
.bt-md{{width:44px;height:62px}} .bt-md .bt-r{{font-size:18px}} .bt-md .bt-s{{font-size:22px}}
.bt-sm{{width:32px;height:46px}} .bt-sm .bt-r{{font-size:14px}} .bt-sm .bt-s{{font-size:16px}}
.bt-red{{color:{RED}}} .bt-black{{color:{BLACK}}}
.bt-joker{{color:{JOKER_INK};background:{JOKER_PAPER};border-color:#b8860b}}
.bt-wild{{border:2px dashed {WILD_RING}}}
.bt-cap{{font-size:12px;font-weight:700;white-space:nowrap;color:{WILD_RING}}}
.bt-meld-row{{display:flex;align-items:center;gap:6px}}
[data-testid="stMarkdownContainer"] .bt-row:not(:last-child),
[data-testid="stMarkdownContainer"] .bt-meld-row:not(:last-child){{margin-bottom:1rem}}
.bt-meld-no{{font-weight:700;color:#555;min-width:1.2em;text-align:right}}
.bt-ic{{display:inline;padding:0 .22em;margin:0 .08em;border:1px solid #8a8a8a;
border-radius:4px;background:#fff;font-family:'DejaVu Sans',Arial,sans-serif;font-weight:700;
font-size:.92em;line-height:1.3;white-space:nowrap;box-shadow:0 1px 1px rgba(0,0,0,.25)}}
.bt-icr{{color:{RED}}} .bt-icb{{color:{BLACK}}}
.bt-icj{{color:{JOKER_INK};background:{JOKER_PAPER};border-color:#b8860b}}
.bt-table table{{width:100%;table-layout:fixed;overflow-wrap:anywhere}}
[class*="st-key-btg-"] button{{min-width:40px;min-height:34px;padding:0 6px;justify-content:center}}
[class*="st-key-btg-"] button p{{font-size:16px;font-weight:700}}
[class*="st-key-btg-"] [data-testid="stButtonGroup"]{{margin-bottom:-10px}}
[data-testid="InputInstructions"]{{display:none}}
[class*="st-key-sc_"][class*="_legal"] [role="radiogroup"] label,
[class*="st-key-sc_"][class*="_option_"] label{{min-height:44px;align-items:center;
padding-right:12px}}
.st-key-lookup_go_out_morto [role="radiogroup"] label,
.st-key-calc_went_out [role="radiogroup"] label,
.st-key-who_dispute_found [role="radiogroup"] label{{min-height:34px;align-items:center;margin:0}}
.bt-table th:first-child{{width:40%}}
[data-testid="stCode"] code{{user-select:all;-webkit-user-select:all}}
@media (hover:none){{
[data-testid="stCode"]>div:has([data-testid="stElementToolbarButton"]){{position:static;
opacity:1;visibility:visible;pointer-events:auto;padding:0 .5rem .5rem}}
[data-testid="stCode"] [data-testid="stBaseButton-elementToolbar"]{{min-height:44px;
padding:0 12px;font-size:14px;color:{BLACK}}}
[data-testid="stCode"] [data-testid="stBaseButton-elementToolbar"]::after{{
content:attr(aria-label)}}}}
/* Side by side (compare.side_by_side), wider than a phone: each column's heading and answer
on the two rows of a grid (a subgrid each), so the answers start level beside a heading that
wraps to more lines than the others'. */
@media (min-width:641px){{
.st-key-bt_compare>[data-testid="stLayoutWrapper"]>[data-testid="stHorizontalBlock"]{{
display:grid;grid-auto-flow:column;grid-auto-columns:minmax(0,1fr);grid-template-rows:auto auto}}
.st-key-bt_compare>[data-testid="stLayoutWrapper"]>[data-testid="stHorizontalBlock"]>
[data-testid="stColumn"]{{display:grid;grid-row:span 2;grid-template-rows:subgrid;row-gap:1rem;
width:auto;min-width:0}}
.st-key-bt_compare [data-testid="stHorizontalBlock"]>[data-testid="stColumn"]>
[data-testid="stVerticalBlock"]{{display:contents}}}}
@media (max-width:640px){{
.bt-table table{{font-size:.85em}} .bt-table th,.bt-table td{{padding:.3em}}
.bt-table table,.bt-table thead,.bt-table tbody{{display:block}}
.bt-table tr{{display:flex;flex-wrap:wrap}}
.bt-table th,.bt-table td{{flex:1 1 0;min-width:0}}
.bt-table th:first-child,.bt-table td:first-child{{flex-basis:100%;width:auto}}
.bt-table td:first-child{{background:rgba(128,128,128,.08)}}
.st-key-lesson_text th,.st-key-lesson_text td{{padding:6px}}
[data-testid="stExpanderDetails"]:has([class*="st-key-btg-"]){{padding-inline:8px}}
[role="radiogroup"]:has(>button[data-variant="segmented_control"]){{gap:6px}}
button[data-variant="segmented_control"]{{margin-right:0!important;border-radius:8px!important}}
button[data-variant="segmented_control"]:not([data-selected]):not([data-hovered]):not(
[data-focus-visible]){{border-color:{SEGMENT_LINE}!important}}}}
@media {FINGERTIP_SCREEN}{{
[data-testid^="stBaseButton-"],[data-testid="stPopoverButton"],[data-testid="stExpander"] summary,
button[data-variant],[data-testid="stCheckbox"] label,[data-baseweb="select"]>div,
[data-testid="stTab"],[data-testid="stPageLink-NavLink"],[data-testid="stSidebarNavLink"]{{
min-height:44px}}
[data-testid="stCheckbox"] label{{align-items:center}}
[data-testid="stSelectboxVirtualDropdown"] [role="option"]{{min-height:44px}}
[data-testid="stTextInputField"],[data-testid="stNumberInputField"]{{min-height:44px}}
[data-testid^="stNumberInputStep"]{{min-width:44px;min-height:44px}}
[data-testid="stWidgetLabel"]:has([data-testid="stTooltipIcon"]){{min-height:36px;
align-items:center}}
[data-testid="stElementContainer"]:has(>*>[data-testid="stWidgetLabel"]
[data-testid="stTooltipIcon"]){{overflow:visible}}
[data-testid="stTooltipIcon"] button{{padding:14px 0 14px 28px;margin:-14px 0 -14px -28px}}
[data-testid="stRadio"] [role="radiogroup"] label{{min-height:34px;align-items:center;
padding-block:4px}}
[class*="st-key-btg-"] button{{min-width:44px;min-height:34px}}}}
"""


_CARD_STYLE = AsIs(f"<style>{CARD_CSS}</style>")
# A browser lets a page write to the clipboard only from a secure address (https, or this
# machine's own): opened at http://192.168.…:8501 (the app served to the phones of a home
# network), Streamlit's copy button does nothing. There it is not drawn; a long press on the
# link still takes it whole.
_NO_COPY_BUTTON = AsIs(
    '<style>[data-testid="stCode"]>div:has([data-testid="stElementToolbarButton"])'
    "{display:none}</style>"
)
_OWN_MACHINE = re.compile(r"localhost|.+\.localhost|127(\.\d+){3}|::1")


def clipboard_barred(url: str | None) -> bool:
    """Whether a page at `url` cannot write to the clipboard (an http address not this
    machine's); an unknown address is taken as allowed."""
    if not url:
        return False
    parts = urlsplit(url)
    return parts.scheme == "http" and not _OWN_MACHINE.fullmatch(parts.hostname or "")


def inject_css() -> None:
    """Add the card style sheet to the page (a style-only st.html takes no space)."""
    st.html(_CARD_STYLE)
    if clipboard_barred(st.context.url):
        st.html(_NO_COPY_BUTTON)


def ink(card: Card) -> str:
    if card.suit is None:
        return JOKER_INK
    return RED if card.suit.red else BLACK


def _ink_class(card: Card) -> str:
    if card.suit is None:
        return "bt-joker"
    return "bt-red" if card.suit.red else "bt-black"


def card_html(
    card: Card, *, size: Size = "md", wild: bool = False, lang: Lang | None = None
) -> str:
    """One card: rank over suit, on white (gold for a joker); a wild gets an orange ring."""
    return _card_html(card, size, wild, lang or get_lang())


@lru_cache(maxsize=1024)  # a pure function of few values, asked for again on every rerun
def _card_html(card: Card, size: Size, wild: bool, lang: Lang) -> str:
    if card.suit is None:
        top, bottom = "JK", "★"
    else:
        top, bottom = RANK_TEXT[card.rank], card.suit.symbol + TEXT_ONLY
    classes = f"bt-card bt-{size} {_ink_class(card)}" + (" bt-wild" if wild else "")
    name = html.escape(card_name(card, lang))
    return (
        f'<span role="img" aria-label="{name}" title="{name}" class="{classes}">'
        f'<span class="bt-r">{top}</span><span class="bt-s">{bottom}</span></span>'
    )


def _cell(card_part: str, caption: str | None = None) -> str:
    label = f'<span class="bt-cap">{html.escape(caption)}</span>' if caption else ""
    return f'<span class="bt-cell">{card_part}{label}</span>'


def _row(cells: Iterable[str]) -> str:
    return f'<div class="bt-row">{"".join(cells)}</div>'


def cards_html(
    cards: Sequence[Card],
    *,
    size: Size = "md",
    captions: Sequence[str | None] | None = None,
    lang: Lang | None = None,
) -> str:
    """A wrapping row of cards, each with an optional caption under it."""
    lang = lang or get_lang()
    captions = captions or [None] * len(cards)
    return _row(
        _cell(card_html(c, size=size, lang=lang), cap)
        for c, cap in zip(cards, captions, strict=True)
    )


def meld_html(meld: Meld, *, size: Size = "md", lang: Lang | None = None) -> str:
    """A meld low to high; the wild ringed, captioned with the card it stands for."""
    lang = lang or get_lang()
    cells = []
    for slot in meld.slots:
        if slot.wild:
            stands = meld.stands_for(slot.position) if meld.kind == "sequence" else None
            caption = t("meld.wild_as", lang, card=stands.symbol) if stands else None
            caption = caption or t("meld.wild_mark", lang)
            part = card_html(slot.card, size=size, wild=True, lang=lang)
            cells.append(_cell(part, caption))
        else:
            cells.append(_cell(card_html(slot.card, size=size, lang=lang)))
    return _row(cells)


def show_cards(cards: Sequence[Card], *, size: Size = "md") -> None:
    if cards:
        st.html(cards_html(cards, size=size))


def show_meld(meld: Meld, *, size: Size = "md") -> None:
    st.html(meld_html(meld, size=size))


# --- input ---------------------------------------------------------------------------------

# The grid's rows: alternating colours read easier than the suits' alphabetical order.
GRID_SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
JOKER = Card()
_GRID_ROWS = {suit: [Card(rank, suit) for rank in range(1, 14)] for suit in GRID_SUITS}


# The suits as Markdown entities: the label shows "4♠" all the same, and an ASCII label
# spares Streamlit its search for a leading emoji in every non-ASCII option (75 µs a label,
# 53 labels a grid: most of a rerun of the lookup page).
_SUIT_ENTITIES = {Suit.SPADES: "&spades;", Suit.HEARTS: "&hearts;", Suit.CLUBS: "&clubs;"}
_SUIT_ENTITIES[Suit.DIAMONDS] = "&diams;"


@lru_cache(maxsize=64)  # 53 labels, asked for twice each on every rerun of a grid
def _grid_label(card: Card) -> str:
    # Markdown colour: the pills are native widgets, so no inline HTML there.
    if card.suit is None:
        return card.symbol
    label = card.symbol.replace(card.suit.symbol, _SUIT_ENTITIES[card.suit])
    return f":red[{label}]" if card.suit.red else label


def _grid_tapped(key: str, row: str, on_card: Callable[[Card], None]) -> None:
    card = st.session_state.get(f"{key}_grid_{row}")
    if card is None:
        return
    st.session_state[f"{key}_grid_{row}"] = None  # a pill is a button here, not a choice
    on_card(card)


def card_grid(key: str, on_card: Callable[[Card], None], lang: Lang | None = None) -> None:
    """Every card once, one tap each: a row of ranks per suit, and the joker. A tap calls
    `on_card(card)` (from the widget's callback, before the page runs again).

    Pills, not a multiselect: no "Select all", no typing, and each card is a button named
    "4♠" for a test or a screen reader. Tests tap with `at.pills(key=f"{key}_grid_s")`
    (rows `s h c d` and `jk`) set to the Card."""
    lang = lang or get_lang()
    with st.container(key=f"btg-{key}"):
        for suit in GRID_SUITS:
            st.pills(
                suit_name(suit, lang),
                _GRID_ROWS[suit],
                format_func=_grid_label,
                key=f"{key}_grid_{suit.value}",
                on_change=_grid_tapped,
                args=(key, suit.value, on_card),
                label_visibility="collapsed",
            )
        st.pills(
            t("cards.joker", lang),
            [JOKER],
            format_func=lambda _: "JK",
            key=f"{key}_grid_jk",
            on_change=_grid_tapped,
            args=(key, "jk", on_card),
            label_visibility="collapsed",
        )


def _append(into: str, card: Card) -> None:
    text = st.session_state.get(into, "").strip(" ")
    joiner = "" if not text or text.endswith("\n") else " "  # a new line starts a new group
    st.session_state[into] = text + joiner + card.symbol


def _remove_last(into: str) -> None:
    text = st.session_state.get(into, "").rstrip()
    cut = max(text.rfind(" "), text.rfind("\n"))
    st.session_state[into] = text[: cut + 1].rstrip(" ") if cut >= 0 else ""


def _add_line(into: str) -> None:
    text = st.session_state.get(into, "")
    if text and not text.endswith("\n"):
        st.session_state[into] = text + "\n"


def _clear(into: str) -> None:
    st.session_state[into] = ""


def set_cards(key: str, text: str) -> None:
    """Fill a card input (from a callback or before it is drawn), e.g. with an example."""
    st.session_state[key] = text


def card_input(
    key: str,
    *,
    label: str | None = None,
    taps: bool = True,
    placeholder: str | None = None,
    echo: bool = False,
    answer: Callable[[], None] | None = None,
) -> tuple[Card, ...] | None:
    """A card field; returns the cards (maybe none), or None if they could not be read.

    The parse error (the core's BuracoInputError text) is shown right under the field;
    with `echo`, so are the cards read, in suit symbols (`read_as`), where nothing else on
    the page draws them. `answer`: drawn under the card grid while it is open (see
    `card_pickers`).
    """
    st.session_state.setdefault(key, "")
    text = st.text_input(
        label or t("cards.label"),
        key=key,
        placeholder=placeholder or t("cards.placeholder"),
        help=t("cards.help"),
        persist_state="session",  # kept while another view or page is shown
    )
    cards: tuple[Card, ...] | None = None
    huge = too_long(text, MAX_CARDS_TEXT, label or t("cards.label"))
    if huge:
        st.error(huge)
    else:
        try:
            cards = parse_cards(text or "")
        except BuracoInputError as exc:
            st.error(f"{t('cards.bad')} {error_message(exc, get_lang())}")
        else:
            if echo:
                read_as(text or "", [cards])
    if taps:
        # Lazy: the pickers are drawn only while the expander is open (most reruns are typing).
        expander = st.expander(t("cards.tap"), key=f"{key}_taps", on_change="rerun")
        if expander.open:
            with expander:
                card_pickers(key, key, answer=answer)
    return cards


# A suit written as a letter (4c, Td, JK is none): the typed text alone does not show the
# suit, and a Brazilian may read c as copas; the echo shows ♣.
_SUIT_LETTER = re.compile(r"(?:10|[2-9AJQKT])[cdhs]\b", re.IGNORECASE)


def read_as(text: str, groups: Sequence[Sequence[Card]], *, melds: bool = False) -> None:
    """Under a field whose text names a suit by its letter: the cards read, in symbols
    (groups, such as melds, apart), so that `4c` typed for copas shows as 4♣ (paus).

    `melds`: the groups are a side's melds, one per line, which an answer names “jogo 2”:
    two or more are read back one per line, each numbered from 1 as the answer counts them
    (“jogo 2: Q♥ K♥ A♥”), a blank line typed between them not counted, as the core does not."""
    if not _SUIT_LETTER.search(text) or not any(groups):
        return
    if melds and len(groups) > 1:
        lines = (
            t("cards.read_as_meld", n=number, cards=" ".join(card.symbol for card in group))
            for number, group in enumerate(groups, start=1)
        )
        # (a Markdown line break: a phone wraps a line of several melds anywhere)
        st.caption(md_cards(t("cards.read_as", cards="  \n" + "  \n".join(lines))))
        return
    shown = "  ·  ".join(" ".join(card.symbol for card in group) for group in groups if group)
    st.caption(md_cards(t("cards.read_as", cards=shown)))


def card_pickers(
    key: str,
    into: str,
    *,
    new_line: str | None = None,
    answer: Callable[[], None] | None = None,
) -> None:
    """The card grid typing cards into the text field `into` (one tap per card), with a
    button that removes the last card and one that clears the field; `new_line` labels a
    button that starts a new line (fields of one meld or one hand per line). `answer` draws
    the answer to the last tap under the grid, where the tapping is: a field drawn above
    the grid is off-screen on a phone. Widget keys start `key`."""
    lang = get_lang()
    card_grid(key, lambda card: _append(into, card), lang)
    if answer is not None:
        answer()
    # A horizontal container keeps the buttons on one line on a phone (columns stack).
    with st.container(horizontal=True):
        if new_line is not None:
            st.button(new_line, key=f"{key}_new_line", on_click=_add_line, args=(into,))
        st.button("⌫ " + t("cards.undo"), key=f"{key}_undo", on_click=_remove_last, args=(into,))
        st.button(t("cards.clear"), key=f"{key}_clear", on_click=_clear, args=(into,))


@dataclass(frozen=True, slots=True)
class GridField:
    """A card field the grid can fill; `single` holds one card (a tap replaces it and moves
    on to the next field); `lines` holds one meld per line."""

    key: str
    label: str
    single: bool = False
    lines: bool = False


def _focus(key: str, fields: Sequence[GridField]) -> GridField:
    chosen = st.session_state.get(f"{key}_into")
    return next((f for f in fields if f.key == chosen), fields[0])


def _tapped_into(key: str, fields: Sequence[GridField], card: Card) -> None:
    field = _focus(key, fields)
    if not field.single:
        _append(field.key, card)
        return
    st.session_state[field.key] = card.symbol
    later = fields[fields.index(field) + 1 :]
    if later:
        st.session_state[f"{key}_into"] = later[0].key


def grid_into(key: str, fields: Sequence[GridField], *, new_line: str | None = None) -> None:
    """One card grid for several fields (the page draws the fields, which stay typeable):
    choose the field, then tap cards into it; undo, clear and `new_line` act on it."""
    lang = get_lang()
    # At first, the first field still to fill: a top card already given (by a shared link)
    # sends the taps on to the hand.
    start = next((f for f in fields if not (f.single and st.session_state.get(f.key))), fields[0])
    st.session_state.setdefault(f"{key}_into", start.key)
    st.segmented_control(
        t("cards.tap_into", lang),
        [f.key for f in fields],
        format_func={f.key: f.label for f in fields}.__getitem__,
        required=True,
        key=f"{key}_into",
    )
    card_grid(key, lambda card: _tapped_into(key, fields, card), lang)
    focus = _focus(key, fields)
    into = focus.key
    with st.container(horizontal=True):
        if new_line is not None and focus.lines:
            st.button(new_line, key=f"{key}_new_line", on_click=_add_line, args=(into,))
        st.button("⌫ " + t("cards.undo"), key=f"{key}_undo", on_click=_remove_last, args=(into,))
        st.button(t("cards.clear"), key=f"{key}_clear", on_click=_clear, args=(into,))
