"""Cards inside texts drawn as small cards in their colours.

Lesson intros, exercise prompts, explanations, headlines and reasons name cards ("baixar o
`4♠`", "o 2♠ voltou..."). `with_cards(text)` turns every card token of a Markdown text into
a small inline card (an HTML span styled by `.bt-ic` in cards_view.CARD_CSS): a code span
holding only cards (`` `3♠ 2♠ 5♠` ``) becomes those cards, and so does a card written bare;
one of ranks alone (`` `K A 2 3` ``) becomes plain words.
Everything else stays Markdown, with `<` and `&` escaped so that no text (a course file, a
reason's echoed value) can inject HTML. `show_text(text)` draws it with st.markdown.

Streamlit's alerts and widget labels take Markdown but no HTML: there `md_cards(text)` gives
each card its colour, and drops the code chip (`error_cards` in a red error box);
`html_cards(text)` does the same for a plain text drawn as static HTML (`AsIs`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import streamlit as st

_CARD = r"(?:(?:10|[2-9AJQK])[♠♥♦♣]\ufe0e?|JK)"
# A card standing alone: not inside a word or a longer token ("JKL", "a10♠").
_BARE = re.compile(rf"(?<![\w♠♥♦♣]){_CARD}(?![\w♠♥♦♣])")
_ONLY_CARDS = re.compile(rf"\s*{_CARD}(?:\s+{_CARD})*\s*")
_CODE = re.compile(r"`[^`\n]+`")
# Ranks without suits (“`K A 2 3` não vale”: a run's shape, no card in particular) are
# neither cards (no suit to draw) nor code: plain words, as the texts' own “(A 2 3)”.
_RANK = r"(?:10|[2-9AJQK])"
_ONLY_RANKS = re.compile(rf"\s*{_RANK}(?:\s+{_RANK})*\s*")


def _ink(token: str) -> str:
    if token == "JK":
        return "bt-icj"
    return "bt-icr" if token.rstrip("\ufe0e")[-1] in "♥♦" else "bt-icb"


def _card_span(found: re.Match[str]) -> str:
    token = found[0].rstrip("\ufe0e")
    return f'<span class="bt-ic {_ink(token)}">{token}</span>'


def _escaped(text: str) -> str:
    # `>` stays: alone it opens no tag, and Markdown quotes start with it.
    return text.replace("&", "&amp;").replace("<", "&lt;")


def _convert(text: str, card: Callable[[re.Match[str]], str], escape: bool) -> str:
    out = []
    last = 0
    for code in _CODE.finditer(text):
        before = text[last : code.start()]
        out.append(_BARE.sub(card, _escaped(before) if escape else before))
        inner = code[0][1:-1]
        # A code span of cards becomes the cards, one of ranks plain words; any other stays code.
        if _ONLY_CARDS.fullmatch(inner):
            out.append(_BARE.sub(card, inner.strip()))
        else:
            out.append(inner.strip() if _ONLY_RANKS.fullmatch(inner) else code[0])
        last = code.end()
    rest = text[last:]
    out.append(_BARE.sub(card, _escaped(rest) if escape else rest))
    return "".join(out)


@lru_cache(maxsize=1024)  # pure, and the same texts come back on every rerun
def with_cards(text: str) -> str:
    """The Markdown text with its cards as inline HTML cards; other HTML escaped."""
    return _convert(text, _card_span, escape=True)


def show_text(text: str, *, caption: bool = False) -> None:
    """Draw a Markdown text (a lesson, a prompt, a reason) with its cards as cards."""
    body = with_cards(text)
    if caption:
        st.caption(body, unsafe_allow_html=True)
    else:
        st.markdown(body, unsafe_allow_html=True)


# An alert's icon="": none, as with no icon given, but Streamlit then skips its search for an
# emoji at the start of the text to make the icon of: 40 µs on any text with an accent, as
# much as drawing the box. (No text of the catalogs that an alert shows starts with one.)
NO_ICON = ""


def caption_md(text: str) -> str:
    """Markdown that reads as st.caption does (small and grey): a caption joined to the
    Markdown around it is one element less on every rerun."""
    escaped = text.replace("[", "\\[").replace("]", "\\]")  # the directive's brackets
    return f":small[:gray[{escaped}]]"


# The text colours of Streamlit's :red[] and :violet[] (its light theme), which md_cards gives
# a card in a label: static HTML (html_cards) draws a card as a label beside it does.
MD_RED = "#9e303b"
MD_VIOLET = "#6f33b8"


def _inked(form: str, inks: dict[str, str]) -> Callable[[re.Match[str]], str]:
    """A card found, written in `form` with its ink's name in `inks` (a card whose ink is
    not there stays as it is)."""

    def card(found: re.Match[str]) -> str:
        token = found[0].rstrip("\ufe0e")
        colour = inks.get(_ink(token))
        return form.format(colour=colour, token=token) if colour else token

    return card


# No bold: the card may sit inside a bold phrase already.
_md_card = _inked(":{colour}[{token}]", {"bt-icr": "red", "bt-icj": "violet"})


@lru_cache(maxsize=1024)
def md_cards(text: str) -> str:
    """For alerts and labels (Markdown, no HTML): red cards red, jokers violet, no chips."""
    return _convert(text, _md_card, escape=False)


@dataclass(frozen=True, slots=True)
class AsIs:
    """HTML of our own (never indented) that st.html takes as it is: a str body it first
    dedents line by line and strips (textwrap.dedent: ~40 µs for a 4 KB style sheet, and
    the app injects two at every rerun of every page); an object's `_repr_html_` it takes
    unread."""

    body: str

    def _repr_html_(self) -> str:
        return self.body


_html_card = _inked(
    '<span class="{colour}">{token}</span>', {"bt-icr": "bt-mvr", "bt-icj": "bt-mvj"}
)


@lru_cache(maxsize=1024)
def html_cards(text: str) -> str:
    """`md_cards` for static HTML (st.html): the plain text escaped whole (a code span too:
    no tag gets in), its red cards red and jokers violet as a label's (board.BOARD_CSS's
    bt-mvr, bt-mvj)."""
    return _convert(html.escape(text, quote=False), _html_card, escape=False)


_error_card = _inked(":{colour}[{token}]", {"bt-icr": "red", "bt-icj": "violet", "bt-icb": "gray"})


@lru_cache(maxsize=1024)
def error_cards(text: str) -> str:
    """`md_cards` for an error box, whose own text is red: there the black cards are grey,
    or a 5♠ would read as red as a 5♥."""
    return _convert(text, _error_card, escape=False)


_TAG = re.compile(r"<[^>]+>")


def as_read(text: str) -> str:
    """What a person reads in a text, drawn or not: no tags, no code chips around cards
    (tests compare what a page shows with the course's source text this way)."""
    return html.unescape(_TAG.sub("", _convert(text, lambda found: found[0], escape=False)))
