"""Cards drawn as cards (inline HTML, text glyphs, explicit colours) and card input widgets.

Drawing: `cards_html(cards)` / `show_cards(cards)` for a row of cards; `meld_html(meld)` for
a meld as it lies on the table, its wild marked with what it stands for. The suits are text
glyphs coloured explicitly (red ♥ ♦, black ♣ ♠, jokers purple on gold) because a phone or a
server may have no colour emoji font; rows wrap, so a 14-card canastra fits a 390 px phone.

Input: `card_input(key)` is a text field that reads the notation ("3s 2s 5s 4s", "10♠",
"JK") plus tap pickers (suit, then rank) that append to it. It returns the cards, or None
after showing the parse error next to the field. Tests drive it through the text field
(`at.text_input(key=key)`) or the pickers: open them with `at.session_state[key + "_taps"]
= True`, then `at.segmented_control(key=key + "_suit")` and `at.pills(key=key + "_rank")`.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Literal

import streamlit as st

from buraco_app.i18n import get_lang, t
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
# stays small, which keeps reruns and messages to the browser light.
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
.bt-meld-no{{font-weight:700;color:#555;min-width:1.2em;text-align:right}}
.bt-table table{{width:100%;table-layout:fixed;overflow-wrap:anywhere}}
.bt-table th:first-child{{width:40%}}
@media (max-width:640px){{
.bt-table table{{font-size:.85em}} .bt-table th,.bt-table td{{padding:.3em}}}}
"""


def inject_css() -> None:
    """Add the card style sheet to the page (a style-only st.html takes no space)."""
    st.html(f"<style>{CARD_CSS}</style>")


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
    lang = lang or get_lang()
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

RANKS: tuple[str, ...] = (*(RANK_TEXT[r] for r in range(1, 14)), "JK")
SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def _suit_label(suit: Suit, lang: Lang) -> str:
    # Markdown colour: the pills are native widgets, so no inline HTML there. The name makes
    # a bigger tap target (and keeps a lone ♠ from being taken for an icon).
    label = f"{suit.symbol}{TEXT_ONLY} {suit_name(suit, lang)}"
    return f":red[{label}]" if suit.red else label


def _append_tapped(key: str, into: str) -> None:
    rank = st.session_state.get(f"{key}_rank")
    if rank is None:
        return
    suit = st.session_state.get(f"{key}_suit") or Suit.SPADES
    token = "JK" if rank == "JK" else rank + Suit(suit).symbol
    text = st.session_state.get(into, "").strip(" ")
    joiner = "" if not text or text.endswith("\n") else " "  # a new line starts a new group
    st.session_state[into] = text + joiner + token
    st.session_state[f"{key}_rank"] = None  # a pill is a button here, not a choice


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


def card_input(key: str, *, label: str | None = None, taps: bool = True) -> tuple[Card, ...] | None:
    """A card field; returns the cards (maybe none), or None if they could not be read.

    The parse error (the core's BuracoInputError text) is shown right under the field.
    """
    st.session_state.setdefault(key, "")
    text = st.text_input(
        label or t("cards.label"),
        key=key,
        placeholder=t("cards.placeholder"),
        help=t("cards.help"),
        persist_state="session",  # kept while another view or page is shown
    )
    cards: tuple[Card, ...] | None
    try:
        cards = parse_cards(text or "")
    except BuracoInputError as exc:
        st.error(f"{t('cards.bad')} {error_message(exc, get_lang())}")
        cards = None
    if taps:
        # Lazy: the pickers are drawn only while the expander is open (most reruns are typing).
        expander = st.expander(t("cards.tap"), key=f"{key}_taps", on_change="rerun")
        if expander.open:
            with expander:
                card_pickers(key, key)
    return cards


def card_pickers(key: str, into: str, *, new_line: str | None = None) -> None:
    """Suit and rank pills that type cards into the text field `into`, with a button that
    removes the last card and one that clears the field; `new_line` labels a button that
    starts a new line (fields of one meld or one hand per line). Widget keys start `key`."""
    lang = get_lang()
    st.segmented_control(
        t("cards.suit"),
        SUITS,
        format_func=lambda suit: _suit_label(suit, lang),
        default=Suit.SPADES,
        required=True,
        key=f"{key}_suit",
        persist_state="session",
    )
    st.pills(
        t("cards.rank"),
        RANKS,
        key=f"{key}_rank",
        on_change=_append_tapped,
        args=(key, into),
    )
    # A horizontal container keeps the buttons on one line on a phone (columns stack).
    with st.container(horizontal=True):
        if new_line is not None:
            st.button(new_line, key=f"{key}_new_line", on_click=_add_line, args=(into,))
        st.button("⌫ " + t("cards.undo"), key=f"{key}_undo", on_click=_remove_last, args=(into,))
        st.button(t("cards.clear"), key=f"{key}_clear", on_click=_clear, args=(into,))
