"""The score sheet pages' glue: the store of the pages, the open match in the URL and the
session, user text made safe and translated for Streamlit, and the scores' charts."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import streamlit as st

from buraco_app.database import engine_file, page_engine, read_only_cause
from buraco_app.i18n import t
from buraco_app.inline_cards import md_cards
from buraco_app.sheets import Round, Sheet, SheetError, SheetStore, opened, store_for
from buraco_core.cards import parse_cards
from buraco_core.errors import BuracoInputError
from buraco_text import DEFAULT_LANG, Lang, catalog, item_line, item_text


def page_store() -> SheetStore:
    """The store for a page, through `st.connection(..., type="sql")`; StorageUnavailable
    (a SheetError) when the database cannot work."""
    return opened(lambda: store_for(page_engine()))


# What a page that saves says as it opens where the pages' database can be read but not
# written, by its cause (database.read_only_cause).
READ_ONLY_NOTICES = {"folder": "sheet.read_only.folder", "file": "sheet.read_only.file"}


def read_only_notice(lang: Lang | None = None) -> None:
    """Said as a page that saves opens (Placar, the calculator with a match open, Lições,
    Exercícios; Jogar, which plays on there, says its own: play.read_only.*), where the
    server may read the pages' database but not write it: nothing new will be kept, and
    why. It was said only at the first tap that saved, after a round entered or an exercise
    solved. Nothing where the store cannot be opened at all: the page says that itself."""
    try:
        engine = page_engine()
    except SheetError:
        return
    cause = read_only_cause(engine_file(engine))
    if cause is not None:
        st.warning(t(READ_ONLY_NOTICES[cause], lang))


def stored_round(match_id: str, number: int) -> Round | None:
    """Round `number` of the match as stored now; None where it is not (or the store cannot
    be read). A second quick tap finds there the round its first tap stored, whose run it
    cut short before the page said so."""
    try:
        rounds = page_store().sheet(match_id).rounds
    except SheetError:
        return None
    return next((r for r in rounds if r.number == number), None)


SHEET_SEEN_KEY = "_sheet_seen"  # session_state: the sheet this session read last

# “Baixar CSV”'s texts: each argument of sheets.spreadsheet_csv, and its key in the catalogs.
CSV_TEXTS = {
    "delimiter": "sheet.csv_delimiter",
    "round_label": "sheet.csv_round",
    "total_label": "sheet.csv_total",
    "corrected_label": "sheet.csv_corrected",
    "was_text": "sheet.csv_was",
    "undone_text": "sheet.csv_undone",
}


def csv_texts(lang: Lang | None = None) -> dict[str, str]:
    """The CSV's texts in the language (the session's), for spreadsheet_csv."""
    return {name: t(key, lang) for name, key in CSV_TEXTS.items()}


def read_sheet(store: SheetStore, match_id: str) -> Sheet:
    """The match's sheet, read whole only when a round was added or undone since this
    session last read it (here or on another device): a rerun asks one small query. Not
    for a watcher's link: the kept sheet holds the match id, which a watcher must not get."""
    sheet = store.sheet_since(match_id, st.session_state.get(SHEET_SEEN_KEY))
    st.session_state[SHEET_SEEN_KEY] = sheet
    return sheet


# --- for the pages -------------------------------------------------------------------------

QP_MATCH = "match"  # the URL parameter that carries the open match (and the right to write)
QP_WATCH = "watch"  # the URL parameter of a read-only link to a match
OPEN_MATCH_KEY = "sheet_open_match"  # session_state: the match open in this session

# Streamlit reads labels and messages as Markdown: a name like "**x**" or ":red[x]" must
# show as typed. Every ASCII punctuation mark may be backslash-escaped in Markdown.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~:$^=&])")


def md_text(text: str) -> str:
    """User text (a side's name) made safe to put into Markdown: shown exactly as typed."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


# A field's label is Markdown of one line, and its accessible name the label as written: a
# screen reader read "Pontos (Ana \& Beto)" out, backslash and all. There only the marks
# that format a line are escaped (and an entity's "&"), so most names go in as typed.
_LABEL_ACTIVE = re.compile(r"([\\`*_~\[\]!<>$:])|&(?=#?\w+;)")


def label_text(text: str) -> str:
    """User text (a side's name) for a field's label: shown exactly as typed, and read by a
    screen reader with no backslash but before a mark that would format it.

    >>> label_text("Ana & Beto, Sr. Silva"), label_text("**x** :red[y] &amp;")
    ('Ana & Beto, Sr. Silva', '\\\\*\\\\*x\\\\*\\\\* \\\\:red\\\\[y\\\\] \\\\&amp;')
    """
    return _LABEL_ACTIVE.sub(lambda m: "\\" + m.group(0), text)


# What turns a crafted link's text into a link, an image, HTML, emphasis or a colour.
_MARKDOWN_ACTIVE = re.compile(r"([\\`*\[\]()!<>~$])")


def url_text(text: str, limit: int = 80) -> str:
    """A value from the URL echoed in a message: cut short, and every mark that would make a
    link, an image or HTML of it escaped (a crafted ?lesson= shows as typed)."""
    short = text if len(text) <= limit else text[: limit - 1] + "…"
    # "\://" keeps a bare https://... from becoming a link by itself.
    return _MARKDOWN_ACTIVE.sub(r"\\\1", short).replace("://", "\\://")


def open_id(param: str, key: str) -> str | None:
    """What is open in this session (a match, a game): the URL's `param` first (a link, a
    refresh), then what this session opened (the URL parameter is lost between pages)."""
    from_url = st.query_params.get(param)
    if from_url:
        st.session_state[key] = from_url
        return from_url
    found = st.session_state.get(key)
    return found if isinstance(found, str) else None


def set_open_id(param: str, key: str, value: str | None) -> None:
    """Open something in this session and in the URL (or close it, with None)."""
    if value is None:
        st.session_state.pop(key, None)
        if param in st.query_params:
            del st.query_params[param]
        return
    st.session_state[key] = value
    if st.query_params.get(param) != value:
        st.query_params[param] = value


def open_match_id() -> str | None:
    return open_id(QP_MATCH, OPEN_MATCH_KEY)


def set_open_match(match_id: str | None) -> None:
    set_open_id(QP_MATCH, OPEN_MATCH_KEY, match_id)


def error_text(exc: SheetError) -> str:
    """A SheetError in the session's language."""
    # (Numbers go through as numbers: 100.000 pontos, with the thousands marked.)
    params = {
        k: v if isinstance(v, int) and not isinstance(v, bool) else md_text(str(v))
        for k, v in exc.params.items()
    }
    return code_text(exc.code, None, **params) + place_text(exc)


def place_text(exc: SheetError, lang: Lang | None = None) -> str:
    """Where storage that cannot work is, for whoever runs the server, after its message
    (“ (Onde: …)”); "" where the error names no place."""
    place = exc.params.get("place")
    return "" if place is None else " " + t("sheet.err.place", lang, place=md_text(str(place)))


def storage_cause(code: str, lang: Lang | None = None) -> str | None:
    """Why storage cannot work (a StorageUnavailable's code), as a phrase after a colon
    (sheet.cause.*: “o arquivo do banco de dados do app está danificado”), which the
    sheets' message and Jogar's (play.stand_in) both say; None where the code has none."""
    key = f"sheet.cause.{code}"
    return t(key, lang) if key in catalog(DEFAULT_LANG) else None


def code_text(code: str, lang: Lang | None = None, **params: Any) -> str:
    """The "sheet.err." message of `code`, its cause (storage_cause) filled in."""
    cause = storage_cause(code, lang)
    if cause is not None:
        params = {**params, "cause": cause}
    return t(f"sheet.err.{code}", lang, **params)


def item_label(code: str, params: Mapping[str, Any], lang: Lang, hands: int | None = None) -> str:
    """A score item's label with what it counts, as `buraco score` says it (the melds'
    points, which meld, whose hand and its cards; `hands`: the side's hand lines, where
    known), or (`seat`, from 0) with the seat at the table where the page knows it."""
    if isinstance(params.get("seat"), int):
        return f"{item_text(code, lang)} {t('seats.seat', lang, seat=params['seat'] + 1)}"
    return item_line(code, params, lang, hands=hands)


# The calculator's line for a morto taken (0 points): the core scores only the one not taken.
MORTO_TAKEN = "morto_taken"


def typed_for_side(side: Mapping[str, Any], lang: Lang) -> str:
    """What the calculator was given for a side (a round's detail), as Markdown: its melds
    and hands in suit symbols, one line after another as typed, and its morto taken, which
    the core's items leave unsaid ("Jogos na mesa: A♥ K♥ Q♥; 5♠ 5♣ 5♦ · Na mão: 4♦ · pegou
    o morto"), red cards red; "" when nothing was typed."""
    melds = [m.get("cards", "") if isinstance(m, Mapping) else m for m in side.get("melds", ())]
    hands = list(side.get("hands", ()))
    said = []
    if any(str(meld).strip() for meld in melds):
        shown = "; ".join(_cards_md(meld) for meld in melds)
        said.append(t("sheet.detail_melds", lang, cards=shown))
    if any(str(hand).strip() for hand in hands):
        # A hand left empty (the player who went out) was an empty place before a “;”,
        # “Na mão: ; 7♣ K♦”: where one is, the hands held are named by player, as the
        # items do (“Na mão: 2º jogador da dupla: 7♣ K♦”).
        by_player = not all(str(hand).strip() for hand in hands)
        held = [
            f"{t('item_detail.player', lang, n=n)}: {_cards_md(hand)}"
            if by_player
            else _cards_md(hand)
            for n, hand in enumerate(hands, 1)
            if str(hand).strip()
        ]
        said.append(t("sheet.detail_hands", lang, cards="; ".join(held)))
    if said and side.get("took_morto") is True:
        said.append(item_text(MORTO_TAKEN, lang))
    return " · ".join(said)


def _cards_md(line: object) -> str:
    return md_cards(md_text(_symbols(line)))


def _symbols(line: object) -> str:
    try:
        return " ".join(card.symbol for card in parse_cards(str(line)))
    except BuracoInputError:
        return str(line)  # (kept as typed: a round's detail from an older writer)


def show_chart(figure: Any, alt: str) -> None:
    """A plotly chart at the page's width, without plotly's toolbar."""
    st.plotly_chart(figure, width="stretch", config={"displayModeBar": False}, alt=alt)
