"""Quick lookup at the table (phone first): is this meld valid? and the rules reference."""

import re

import streamlit as st

from buraco_app import cards_view
from buraco_app.i18n import t
from buraco_app.inline_cards import show_text
from buraco_app.limits import MAX_LINES_TEXT, MAX_SEARCH_TEXT, too_long
from buraco_app.rules_view import show_point
from buraco_app.settings import current_lang, current_rules, rules_bar, rules_summary
from buraco_app.sheet_page import url_text
from buraco_app.table_view import move_text
from buraco_app.verdict_view import show_meld_verdict, show_reasons
from buraco_core.cards import Card, parse_cards
from buraco_core.errors import BuracoInputError, InputCode
from buraco_core.melds import judge_meld
from buraco_core.queries import MortoAnswer, lixo_ways, may_go_out
from buraco_course.reference import points, search
from buraco_text import error_message, error_problem

CARDS_KEY = "lookup_cards"
SEARCH_KEY = "lookup_search"
VIEW_KEY = "lookup_view"
SOURCE_IDS = ("000", "001", "002", "003")
MAX_POINTS = 12  # answers drawn at once: the best come first
MORE_KEY = "lookup_more"  # {search: how many answers to draw}
MORTO_ANSWERS: tuple[MortoAnswer, ...] = ("taken", "available", "stock")

lang = current_lang()
rules = current_rules()
st.title(t("lookup.title"))
rules_bar()
# A view switch rather than tabs: only the chosen view runs (fast reruns at the table), its
# value is an id that survives a language switch, and the later "may I take the lixo?" /
# "may I go out?" forms are one more entry here.
VIEWS = {
    "meld": "lookup.tab.meld",
    "lixo": "lookup.tab.lixo",
    "go_out": "lookup.tab.go_out",
    "rules": "lookup.tab.rules",
}
view = st.segmented_control(
    t("lookup.view"),
    list(VIEWS),
    format_func=lambda v: t(VIEWS[v], lang),
    default="meld",
    required=True,
    key=VIEW_KEY,
    label_visibility="collapsed",
)

if view == "meld":
    st.caption(t("lookup.rules_caption", rules=rules_summary(rules, lang)))
    cards = cards_view.card_input(CARDS_KEY, taps=False)
    st.caption(t("cards.tap"))
    cards_view.card_pickers(CARDS_KEY, CARDS_KEY)  # always open: one tap per card
    if cards:
        # The same judge and answer as `buraco meld`: valid, arrangement, canastra, points.
        show_meld_verdict(judge_meld(cards, rules), rules, typed=cards)
    elif cards is not None:
        st.caption(t("cards.empty"))


_WHERE = re.compile(r"(?:position\.)?(hands\[0\]|lixo|melds(?:\[0\])?)\[(\d+)\]")


def _more(query: str, drawn: int) -> None:
    """Draw more answers to this search (another search starts at MAX_POINTS again)."""
    st.session_state[MORE_KEY] = {query: drawn}


def table_problem(error: BuracoInputError) -> str:
    """The core's complaint about the cards typed here, in this form's words: "Jogo 2: ...",
    "Sua mão, carta 5: ..." (counted from 1), not the position's field path."""
    if error.code is InputCode.TOO_MANY_COPIES:  # the copies add up over the fields
        card = error.values["card"]
        symbol = card.symbol if isinstance(card, Card) else str(card)
        return t(
            "lookup.too_many_copies",
            card=symbol,
            count=error.values["count"],
            copies=error.values["copies"],
        )
    found = _WHERE.match(error.path)
    if found is None:
        return error_message(error, lang)
    field, number = found.group(1), int(found.group(2)) + 1
    where = {
        "hands[0]": t("lookup.where.hand", n=number),
        "lixo": t("lookup.top_card"),
    }.get(field, t("lookup.where.meld", n=number))
    return f"{where}: {error_problem(error, lang)}"


def side_melds(key: str) -> list[tuple[Card, ...]] | None:
    """The side's melds, one per line; None (with the core's message) if a line is bad."""
    text = st.text_area(
        t("lookup.melds"), key=key, placeholder="4h 5h 6h 7h\nQs Ks As", help=t("cards.help")
    )
    huge = too_long(text, MAX_LINES_TEXT, t("lookup.melds"))
    if huge:
        st.error(huge)
        return None
    lines = [line for line in (text or "").splitlines() if line.strip()]
    melds = []
    for number, line in enumerate(lines, start=1):
        try:
            melds.append(parse_cards(line))
        except BuracoInputError as exc:
            st.error(t("lookup.bad_line", line=number, problem=error_message(exc, lang)))
            return None
    cards_view.read_as(text or "", melds)
    return melds


if view == "lixo":
    st.caption(t("lookup.rules_caption", rules=rules_summary(rules, lang)))
    top = cards_view.card_input(
        "lookup_lixo_top",
        label=t("lookup.top_card"),
        taps=False,
        placeholder=t("lookup.top_card_placeholder"),  # one card, not a meld
        echo=True,
    )
    hand = cards_view.card_input("lookup_lixo_hand", label=t("lookup.hand"), taps=False, echo=True)
    melds = side_melds("lookup_lixo_melds")
    cards_view.grid_into(
        "lookup_lixo",
        [
            cards_view.GridField("lookup_lixo_top", t("lookup.into.top"), single=True),
            cards_view.GridField("lookup_lixo_hand", t("lookup.into.hand")),
            cards_view.GridField("lookup_lixo_melds", t("lookup.into.melds"), lines=True),
        ],
        new_line="↵ " + t("cards.next_meld"),
    )
    if top is None:
        pass  # unreadable: its field says why
    elif not top:
        st.caption(t("lookup.lixo_first"))  # no verdict before there is a top card
    elif len(top) != 1:
        st.warning(t("lookup.one_top"))
    elif top and hand is not None and melds is not None:
        try:
            ways, plain = lixo_ways(rules, top[0], hand, melds)
        except BuracoInputError as exc:
            st.error(table_problem(exc))
        else:
            if ways:
                st.success(t("lookup.lixo_yes"))
                for way in ways[:8]:
                    show_text(f"- {move_text(way, lang)}")
            else:
                st.error(t("lookup.lixo_no"))
                show_reasons(plain.reasons)

if view == "go_out":
    st.caption(t("lookup.rules_caption", rules=rules_summary(rules, lang)))
    melds = side_melds("lookup_go_out_melds")
    cards_view.card_pickers(
        "lookup_go_out", "lookup_go_out_melds", new_line="↵ " + t("cards.next_meld")
    )
    morto = st.radio(
        t("lookup.morto"),
        MORTO_ANSWERS,
        format_func=lambda m: t(f"lookup.morto.{m}", lang),
        key="lookup_go_out_morto",
    )
    if melds == []:
        st.caption(t("lookup.go_out_first"))  # no verdict before there is a meld
    elif melds is not None and morto is not None:
        try:
            verdict = may_go_out(rules, melds, morto)
        except BuracoInputError as exc:
            st.error(table_problem(exc))
        else:
            (st.success if verdict.ok else st.error)(
                t("lookup.go_out_yes" if verdict.ok else "lookup.go_out_no")
            )
            show_reasons(verdict.reasons)
            st.caption(t(f"lookup.go_out_by.{rules.go_out_by}"))

if view == "rules":
    # The same reference and search as `buraco rules --search` (buraco_course.reference).
    query = st.text_input(
        t("lookup.search"),
        key=SEARCH_KEY,
        placeholder=t("lookup.search_placeholder"),
        persist_state="session",
    )
    every = points()
    huge = too_long(query, MAX_SEARCH_TEXT, t("lookup.search"))
    if huge:
        st.error(huge)
    shown = [] if huge else search(query) if (query or "").strip() else list(every)
    # The best answers first, MAX_POINTS at a time: "Mostrar mais" draws the next ones.
    drawn = min(len(shown), st.session_state.get(MORE_KEY, {}).get(query or "", MAX_POINTS))
    count = t("lookup.count", shown=len(shown), total=len(every))
    if drawn < len(shown):
        count += " · " + t("lookup.drawn", drawn=drawn)
    st.caption(count)
    if not shown and not huge:
        st.info(t("lookup.no_match", query=url_text(query or "")))
    for point in shown[:drawn]:
        show_point(point, rules, lang)
    if drawn < len(shown):
        st.button(
            t("lookup.more", n=min(MAX_POINTS, len(shown) - drawn)),
            key="lookup_more_button",
            on_click=_more,
            args=(query or "", drawn + MAX_POINTS),
        )
    with st.expander(t("lookup.about_sources")):
        st.markdown("\n".join(f"- **{sid}**: {t(f'source.{sid}')}" for sid in SOURCE_IDS))
