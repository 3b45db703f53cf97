"""Quick lookup at the table (phone first): is this meld valid? and the rules reference."""

import re

import streamlit as st

from buraco_app import cards_view
from buraco_app.i18n import relabel_after_language_change, t
from buraco_app.inline_cards import NO_ICON, error_cards, md_cards, show_text
from buraco_app.limits import MAX_CARDS_TEXT, MAX_LINES_TEXT, MAX_SEARCH_TEXT, too_long
from buraco_app.pages import link_unread, page_link
from buraco_app.rules_view import show_point, value_sources
from buraco_app.settings import current_lang, current_rules, rules_bar, rules_summary
from buraco_app.sheet_page import url_text
from buraco_app.table_view import as_laid, cards_text, move_text
from buraco_app.verdict_view import at_table, show_meld_headline, show_meld_verdict, show_reasons
from buraco_app.who_is_right import share_url
from buraco_core.cards import Card, parse_cards
from buraco_core.errors import BuracoInputError, InputCode
from buraco_core.melds import judge_meld
from buraco_core.moves import TakeLixo
from buraco_core.queries import LixoAnswer, MortoAnswer, lixo_answer, may_go_out
from buraco_core.scoring import meld_notes
from buraco_core.verdict import Verdict
from buraco_course.reference import Answers, answers, points, topics
from buraco_course.reference import point as reference_point
from buraco_text import (
    error_message,
    error_problem,
    message,
    mid_sentence,
    option_name,
    sources_text,
    unread_text,
)

CARDS_KEY = "lookup_cards"
SEARCH_KEY = "lookup_search"
VIEW_KEY = "lookup_view"
SOURCE_IDS = ("000", "001", "002", "003")
TOP_CARD_WIDTH = 150  # px: the lixo's top card, one card, beside the hand
MAX_POINTS = 12  # points drawn at once of a long list: the best come first
MORE_KEY = "lookup_more"  # {search: how many answers to draw}
TOPIC_KEY = "lookup_topic"  # the topic listed, offered when nothing answers a question
# "waiting": a partner beat indirectly and the morto waits for their turn; whether the side
# may go out meanwhile is option partner_may_go_out_while_morto_waits [000, 001] vs [003].
MORTO_ANSWERS: tuple[MortoAnswer, ...] = ("taken", "available", "waiting", "stock", "stock_ours")

# A shared link opens the same question: the view and what was typed for it are in the
# address (its language and rules are already). URL parameter: (session key, views it is for).
LINKED: dict[str, tuple[str, tuple[str, ...]]] = {
    "cards": (CARDS_KEY, ("meld",)),
    "top": ("lookup_lixo_top", ("lixo",)),
    "hand": ("lookup_lixo_hand", ("lixo",)),
    "melds": ("lookup_lixo_melds", ("lixo",)),
    "side": ("lookup_go_out_melds", ("go_out",)),
    "morto": ("lookup_go_out_morto", ("go_out",)),
    "q": (SEARCH_KEY, ("rules",)),
}
# Each field's size limit: a text refused as too long ("nada foi lido nem guardado") is
# neither kept in the address nor put in a link to send.
LIMITS = {"melds": MAX_LINES_TEXT, "side": MAX_LINES_TEXT, "q": MAX_SEARCH_TEXT}


def _from_link() -> None:
    """Before the widgets, once a session (pages.link_unread): the view and the fields the
    link names; a bad view or morto answer is left out, not an error, and said above."""
    if not link_unread("lookup"):
        return
    linked = {p: st.query_params[p] for p in ("view", *LINKED) if p in st.query_params}
    if linked.get("view") in VIEWS:
        st.session_state[VIEW_KEY] = linked["view"]
    elif "view" in linked:
        st.warning(t("lookup.link_bad_view", view=url_text(linked["view"])), icon=NO_ICON)
    if "morto" in linked and linked["morto"] not in MORTO_ANSWERS:
        # (as a bad view is: the answer the form shows instead is not what the link sent)
        answer = t(f"lookup.morto.{MORTO_ANSWERS[0]}")
        said = t("lookup.link_bad_morto", morto=url_text(linked.pop("morto")), answer=answer)
        st.warning(said, icon=NO_ICON)
    for param, (key, _) in LINKED.items():
        if param in linked:
            st.session_state[key] = linked[param]


def _link_params(view: str) -> dict[str, str]:
    """The address's parameters for this view and what is typed for it (none for the first
    view with empty fields: the bare address)."""
    wanted = {"view": view} if view != "meld" else {}
    for param, (key, views) in LINKED.items():
        value = str(st.session_state.get(key) or "")
        # (spaces alone ask nothing: neither the address nor a link carries them)
        asks = value.strip() and len(value) <= LIMITS.get(param, MAX_CARDS_TEXT)
        if view in views and asks and not (param == "morto" and value == MORTO_ANSWERS[0]):
            wanted[param] = value
    return wanted


def _share(wanted: dict[str, str]) -> None:
    """Once a question is asked, its link to copy (a code block has Streamlit's own copy
    button): it opens the same question, in this language and under these rules."""
    if not set(wanted) - {"view"}:
        return
    with st.expander(t("lookup.share")):
        st.caption(t("lookup.share_help"))
        st.code(share_url(st.context.url, rules, lang, wanted), language=None, wrap_lines=True)


def _to_link(wanted: dict[str, str]) -> None:
    """After the widgets: the address says the view and what is typed for it."""
    for param in ("view", *LINKED):
        if param in st.query_params and param not in wanted:
            del st.query_params[param]
    for param, value in wanted.items():
        if st.query_params.get(param) != value:
            st.query_params[param] = value


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
_from_link()
st.session_state.setdefault(VIEW_KEY, "meld")
view = st.segmented_control(
    t("lookup.view"),
    list(VIEWS),
    format_func=lambda v: t(VIEWS[v], lang),
    required=True,
    key=VIEW_KEY,
    label_visibility="collapsed",
)

# Each question draws its one-line answer above the card grid, and the whole explanation
# below it: on a phone the grid is a screen tall, and the answer to a tap must show without
# scrolling [usability audit 13].
if view == "meld":
    st.caption(t("lookup.rules_caption", rules=rules_summary(rules, lang)))
    cards = cards_view.card_input(CARDS_KEY, taps=False)
    # The same judge and answer as `buraco meld`: valid, arrangement, canastra, points.
    judged = judge_meld(cards, rules) if cards else None
    if judged is not None:
        show_meld_headline(judged, rules, lang)
    st.caption(t("cards.tap"))
    cards_view.card_pickers(CARDS_KEY, CARDS_KEY)  # always open: one tap per card
    if judged is not None and cards:
        show_meld_verdict(judged, rules, typed=cards, headline=False, reasons=False)
        # The verdict's reasons and, in the same list, what it leaves to the table (a 500
        # that counts only laid at once, STBL).
        show_reasons((*judged.reasons, *meld_notes(rules, judged)), rules=rules)
    elif cards is not None:
        st.caption(t("cards.empty"))


_WHERE = re.compile(r"(?:position\.)?(hands\[0\]|lixo|melds(?:\[0\])?)\[(\d+)\]")


def _more(query: str, drawn: int) -> None:
    """Draw more answers to this search (another search starts folded again)."""
    st.session_state[MORE_KEY] = {query: drawn}


def _index(topic: str | None = None) -> None:
    """The search emptied: every point is listed, the index (or a topic's points)."""
    st.session_state[SEARCH_KEY] = ""
    st.session_state[TOPIC_KEY] = topic


def table_problem(error: BuracoInputError) -> str:
    """The core's complaint about the cards typed here, in this form's words: "Jogo 2: ...",
    "Sua mão, carta 5: ..." (counted from 1), not the position's field path."""
    if error.code is InputCode.TOO_MANY_COPIES:  # the copies add up over the fields
        card = error.values["card"]
        symbol = card.symbol if isinstance(card, Card) else str(card)
        melds_only = error.path == "melds"  # (going out: the side's melds alone)
        return t(
            "lookup.too_many_copies_melds" if melds_only else "lookup.too_many_copies",
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
        t("lookup.melds"),
        key=key,
        placeholder="4h 5h 6h 7h\nQs Ks As",
        help=t("cards.help"),
        height="content",  # two lines, a line more for each meld: the answer stays close
    )
    huge = too_long(text, MAX_LINES_TEXT, t("lookup.melds"))
    if huge:
        st.error(huge, icon=NO_ICON)
        return None
    lines = [line for line in (text or "").splitlines() if line.strip()]
    melds = []
    for number, line in enumerate(lines, start=1):
        try:
            melds.append(parse_cards(line))
        except BuracoInputError as exc:
            st.error(
                t("lookup.bad_line", line=number, problem=error_message(exc, lang)), icon=NO_ICON
            )
            return None
    cards_view.read_as(text or "", melds, melds=True)
    return melds


def meld_cards(melds: list[tuple[Card, ...]], index: int) -> str:
    """The side's meld `index` (from 0) by its cards, as laid: "4♥ 5♥ 6♥"."""
    return cards_text(as_laid(melds[index], rules))


def first_way(way: TakeLixo, top: Card, melds: list[tuple[Card, ...]]) -> str:
    """The plainest way, short, for the answer above the grid: "K♦ com J♦ Q♦", "7♠ no jogo
    2, o de 4♠ 5♠ 6♠" (the meld named by its cards: with three lines typed, "jogo 2" was
    left to count) (the ways in full are below the grid, a screen down on a phone)."""
    if way.new_meld:
        return t(
            "lookup.lixo_way_new", top=top.symbol, cards=cards_text(as_laid(way.new_meld, rules))
        )
    # ("o J♥ com A♥ no jogo 8", as move_text says it: "no jogo 8 + A♥" read as elsewhere)
    extra = t("move.extend_with", cards=cards_text(way.cards)) if way.cards else ""
    index = way.extend or 0
    return t(
        "lookup.lixo_way_extend",
        top=top.symbol,
        meld=index + 1,
        extra=extra,
        cards=meld_cards(melds, index),
    )


def way_text(way: TakeLixo, melds: list[tuple[Card, ...]]) -> str:
    """A way in full, the meld it goes onto named by its cards too: "… no jogo 2 (4♥ 5♥ 6♥)"."""
    said = move_text(way, lang)
    if way.extend is None or way.extend >= len(melds):
        return said
    return f"{said} ({meld_cards(melds, way.extend)})"


def lixo_headline(
    answer: LixoAnswer, top: Card, hand: tuple[Card, ...], melds: list[tuple[Card, ...]]
) -> None:
    """Yes (free, or how: the plainest way and how many there are), or no with the reason
    that decides; under a yes, what the form did not ask that would overturn it."""
    if answer.ok and rules.pickup == "free":
        free_here = rules.preset == "aberto" and "pickup" not in rules.changed_options()
        st.success(t("lookup.lixo_free" if free_here else "lookup.lixo_free_table"), icon=NO_ICON)
    elif answer.ok:
        way = first_way(answer.ways[0], top, melds)
        st.success(md_cards(t("lookup.lixo_yes", count=len(answer.ways), way=way)), icon=NO_ICON)
        if answer.morto_taken is not None:
            # The form asks neither the morto nor the lixo's size: where they decide, say how.
            lead, *rest = at_table(answer.morto_taken.reasons, rules, lang)
            why = mid_sentence(message(lead, lang))  # (after “Com menos, não:”)
            if rest:
                why += " " + "; ".join(message(r, lang).rstrip(".") for r in rest) + "."
            # (no hand typed: the core weighed the one card a hand holds at least)
            gone = "waiting" if answer.morto_waiting else "taken"
            key = f"lookup.lixo_if_morto_{gone}" + ("" if hand else "_one")
            said = t(key, count=answer.lixo_needed, why=why)
            st.warning(error_cards(said), icon=NO_ICON)
        if answer.vulnerable is not None:  # (nor whether the side is vulnerable [003])
            short = answer.vulnerable.reasons[0].params
            key = f"lookup.lixo_if_vulnerable.{rules.vulnerable_min_counts}"
            st.warning(t(key, needed=short["needed"], points=short["points"]), icon=NO_ICON)
    else:
        deciding = at_table(answer.deciding, rules, lang)
        st.error(
            error_cards(" ".join([t("lookup.lixo_no"), *(message(r, lang) for r in deciding)])),
            icon=NO_ICON,
        )


def lixo_details(answer: LixoAnswer, melds: list[tuple[Card, ...]]) -> None:
    """The ways to take it and the rule they follow, or the closest try and the judge's
    reasons against it."""
    if answer.ok:
        ways = [way for way in answer.ways if way.justified]  # none where the lixo is free
        if ways:
            show_text(t("lookup.lixo_ways", count=len(ways)))
            for way in ways[:8]:
                show_text(f"- {way_text(way, melds)}")
        # A yes names its rule and sources too, as a no does: the table may argue over it.
        show_text(t("lookup.lixo_rule", rules=rules_summary(rules, lang)))
        if answer.rule:
            show_reasons(answer.rule, rules=rules)
        else:  # the lixo is free: taken whole, no card to use [000]
            source = t("meld.source", sources=sources_text(("000", "option:pickup"), lang))
            show_text(f"- {t('lookup.lixo_free_rule')} :gray[({source})]")
        if answer.morto_taken is not None:  # the judge's reasons, with their sources
            gone = "waiting" if answer.morto_waiting else "taken"
            show_text(t(f"lookup.lixo_morto_{gone}_rule"))
            show_reasons(answer.morto_taken.reasons, rules=rules)
        if answer.vulnerable is not None:
            show_text(t("lookup.lixo_vulnerable_rule"))
            show_reasons(answer.vulnerable.reasons, rules=rules)
        return
    if answer.closest is not None:
        show_text(t("lookup.lixo_closest", move=way_text(answer.closest, melds)))
    show_reasons(answer.why_not.reasons, rules=rules)


if view == "lixo":
    st.caption(t("lookup.rules_caption", rules=rules_summary(rules, lang)))
    # On a phone the answer lands on the first screen, whatever the hand and the melds: the
    # top card and the hand share a row, and the answer stands right under them, above the
    # side's melds it also depends on (as Posso bater? puts its answer above the morto's
    # choices). Under the melds, two or three of them typed, it stood below the fold.
    with st.container(horizontal=True, wrap=False):
        with st.container(width=TOP_CARD_WIDTH):
            top = cards_view.card_input(
                "lookup_lixo_top",
                label=t("lookup.top_card"),
                taps=False,
                placeholder=t("lookup.top_card_placeholder"),  # one card, not a meld
                echo=True,
            )
            if top is not None and len(top) > 1:  # said under its field, not two below
                st.warning(t("lookup.one_top"), icon=NO_ICON)
        with st.container():
            hand = cards_view.card_input(
                "lookup_lixo_hand", label=t("lookup.hand"), taps=False, echo=True
            )
    answer_slot = st.container()
    melds = side_melds("lookup_lixo_melds")
    answer: LixoAnswer | None = None
    with answer_slot:
        if top is None:
            pass  # unreadable: its field says why
        elif not top:
            st.caption(t("lookup.lixo_first"))  # no verdict before there is a top card
        elif len(top) != 1:
            pass  # said under its field
        elif hand is not None and melds is not None:
            try:
                answer = lixo_answer(rules, top[0], hand, melds)
            except BuracoInputError as exc:
                st.error(table_problem(exc), icon=NO_ICON)
            else:
                lixo_headline(answer, top[0], hand, melds)
    cards_view.grid_into(
        "lookup_lixo",
        [
            cards_view.GridField("lookup_lixo_top", t("lookup.into.top"), single=True),
            cards_view.GridField("lookup_lixo_hand", t("lookup.into.hand")),
            cards_view.GridField("lookup_lixo_melds", t("lookup.into.melds"), lines=True),
        ],
        new_line="↵ " + t("cards.next_meld"),
    )
    if answer is not None and melds is not None:
        lixo_details(answer, melds)


def go_out_headline(verdict: Verdict) -> None:
    """Yes, or not yet with what is missing ("falta pegar o morto da dupla")."""
    if verdict.ok:
        st.success(t("lookup.go_out_yes"), icon=NO_ICON)
        return
    why = "; ".join(message(r, lang).rstrip(".") for r in at_table(verdict.reasons, rules, lang))
    # A morto gone to the stock never comes back: not "ainda não" but "nesta rodada, não".
    never = any(
        r.code == "go_out_needs_morto" and r.params.get("case") == "stock" for r in verdict.reasons
    )
    said = "lookup.go_out_no_round_why" if never else "lookup.go_out_no_why"
    st.error(error_cards(t(said, why=why + ".")), icon=NO_ICON)


if view == "go_out":
    st.caption(t("lookup.rules_caption", rules=rules_summary(rules, lang)))
    melds = side_melds("lookup_go_out_melds")
    # The answer right under the melds, then the morto's choices it depends on, then the grid:
    # on a phone the answer stays on the screen above the five choices.
    answer_slot = st.container()
    relabel_after_language_change("lookup_go_out_morto")
    morto = st.radio(
        t("lookup.morto"),
        MORTO_ANSWERS,
        format_func=lambda m: t(f"lookup.morto.{m}", lang),
        key="lookup_go_out_morto",
    )
    verdict: Verdict | None = None
    with answer_slot:
        if melds == []:
            st.caption(t("lookup.go_out_first"))  # no verdict before there is a meld
        elif melds is not None and morto is not None:
            try:
                verdict = may_go_out(rules, melds, morto)
            except BuracoInputError as exc:
                st.error(table_problem(exc), icon=NO_ICON)
            else:
                go_out_headline(verdict)
    cards_view.card_pickers(
        "lookup_go_out", "lookup_go_out_melds", new_line="↵ " + t("cards.next_meld")
    )
    if verdict is not None:
        show_reasons(verdict.reasons, rules=rules)
        if morto == "available":
            # "Bater" at the table also names the beat that takes the morto: say what the
            # last card does now, direct or indirect [000, 001, 003].
            show_text(t("lookup.morto_first", sources=sources_text(("000", "001", "003"), lang)))
        if verdict.ok and morto == "waiting":
            # Where the waiting morto was received at the beat [000, 001]: the option decides.
            option = ("000", "001", "option:partner_may_go_out_while_morto_waits")
            show_text(t("lookup.waiting_received", sources=sources_text(option, lang)))
        # Which canastra going out needs is the variant's, and disputed in Fechado [000,
        # 001] vs [003]: the answer says the value it was given under.
        needs = reference_point("go_out_requires").at_table(rules, lang)
        name = option_name("go_out_requires", lang)
        # (and where it comes from: in Fechado the sources disagree, [000, 001] vs [003])
        sources = value_sources("go_out_requires", rules, lang)
        st.caption(t("lookup.go_out_requires", name=name, needs=needs, sources=sources))
        # (how the last card may go is disputed too, [000, 001, 002] vs [003])
        by = value_sources("go_out_by", rules, lang)
        st.caption(
            t(
                f"lookup.go_out_by.{rules.go_out_by}",
                name=option_name("go_out_by", lang),
                sources=by,
            )
        )

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
        st.error(huge, icon=NO_ICON)
    asks = bool((query or "").strip()) and not huge
    # A question shows the points that answer it; the others its words find are folded
    # under one button. No question: every point, the index, or a topic's points.
    if asks:
        st.session_state[TOPIC_KEY] = None  # (a question leaves the topic listed)
    chosen = str(st.session_state.get(TOPIC_KEY) or "")
    topic = topics().get(chosen)  # (None: the index)
    listed = tuple(p for p in every if p.topic == chosen) if topic else every
    found = answers(query or "") if asks else Answers((), () if huge else listed)
    if topic is not None:
        st.caption(t("lookup.topic", topic=topic(lang)))
    shown = found.all
    opened = st.session_state.get(MORE_KEY, {}).get(query or "")
    drawn = min(len(shown), opened or (len(found.close) if asks else MAX_POINTS))
    if drawn > len(found.close):  # the list is open: how much of it is drawn
        count = t("lookup.count", shown=len(shown), total=len(every))
        if drawn < len(shown):
            count += " · " + t("lookup.drawn", drawn=drawn)
        st.caption(count)
    # Words of the question that no rule holds are said (“As regras não falam de
    # “pretos””): with no answer, in its box; else above the answers, to the rest of it.
    unread = [url_text(word) for word in found.unread]
    if asks and not found.close:
        said = "lookup.no_match" if not shown else "lookup.no_close_match"
        told = t(said, query=url_text(query or ""))
        if unread and not found.only_unread:
            told += " " + unread_text(unread, False, lang)
        st.info(told, icon=NO_ICON)
    elif unread:
        st.caption(unread_text(unread, True, lang))
    for number, point in enumerate(shown[:drawn]):
        if number == len(found.close) > 0:  # where the answers end and the rest opens
            st.caption(t("lookup.more_matches", n=len(found.more)))
        show_point(point, rules, lang)
    if drawn < len(shown):
        if asks and drawn == len(found.close):  # a question's other matches, folded
            label = t("lookup.more_matches" if drawn else "lookup.matches", n=len(shown) - drawn)
        else:
            label = t("lookup.more", n=min(MAX_POINTS, len(shown) - drawn))
        st.button(
            label,
            key="lookup_more_button",
            on_click=_more,
            args=(query or "", drawn + MAX_POINTS),
        )
    if asks and not found.close:  # nothing answers: the index and the topics, one tap away
        st.button(t("lookup.index", total=len(every)), key="lookup_index", on_click=_index)
        st.caption(t("lookup.topics"))
        with st.container(horizontal=True):
            for name, title in topics().items():
                st.button(title(lang), key=f"lookup_topic_{name}", on_click=_index, args=(name,))
    with st.expander(t("lookup.about_sources")):
        st.markdown("\n".join(f"- **{sid}**: {t(f'source.{sid}')}" for sid in SOURCE_IDS))

asked = _link_params(view or "meld")
_share(asked)
# The table's other two questions have pages of their own: one tap away from here.
with st.container(horizontal=True):
    page_link("calculator", t("lookup.go_score"))
    page_link("who", t("lookup.go_who"))
_to_link(asked)
