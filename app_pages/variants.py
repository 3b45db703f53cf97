"""Variants: where Aberto, Fechado and STBL differ, every option per preset, and the same
meld judged under each (and under the user's table). The judging is in
buraco_app/variants_view.py, cached: a rerun only draws."""

from collections.abc import Callable, Sequence

import streamlit as st

from buraco_app import cards_view
from buraco_app import scenario_player as player
from buraco_app import variants_view as judged
from buraco_app.compare import show_deciding, side_by_side, tables_to_compare
from buraco_app.i18n import relabel_after_language_change, t
from buraco_app.inline_cards import NO_ICON, caption_md, md_cards, show_text
from buraco_app.pages import ask_for_the_top, page_link, top_if_asked, view_switch
from buraco_app.rules_view import options_where_presets_differ, preset_table, show_table
from buraco_app.settings import current_lang, current_rules, rules_bar, rules_summary
from buraco_app.table_view import move_text
from buraco_app.verdict_view import canastra_label, show_meld_verdict, show_reasons
from buraco_core.cards import Card, parse_cards
from buraco_core.errors import BuracoInputError
from buraco_core.rules import OPTION_NAMES, RuleSet

CARDS_KEY = "variants_cards"
MELD_MARK = "variants_meld"  # the cards field and the verdicts under it
BUILT_UP_KEY = "variants_built_up"
EXAMPLE_KEY = "variants_example"
VARIANTS_LESSON = "variants_and_house_rules"  # (its introduction has the table, and why)
# Example melds that the presets judge differently (a test checks each does): (i18n key,
# cards, built up).
EXAMPLES: dict[str, tuple[str, bool]] = {
    "variants.example.trinca": ("5h 5s 5d", False),
    "variants.example.500": ("As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks", True),
    "variants_decide.example_trinca_canastra": ("7h 7s 7d 7c 7h 7s 2c", False),
}


def _use_example() -> None:
    chosen = st.session_state.get(EXAMPLE_KEY)
    if chosen is not None:
        text, built_up = EXAMPLES[chosen]
        cards_view.set_cards(CARDS_KEY, text)
        st.session_state[BUILT_UP_KEY] = built_up
        st.session_state[EXAMPLE_KEY] = None
        # On a phone the verdicts were a screen below the example tapped: the field, with
        # the cards it now holds, goes to the screen's top, the verdicts under it.
        ask_for_the_top(MELD_MARK)


def _tap_answer() -> None:
    """Under the card grid, where a phone is tapping (the columns of whole verdicts are a
    screen further down): each table's verdict in one line."""
    try:
        cards = parse_cards(st.session_state.get(CARDS_KEY) or "")
    except BuracoInputError:
        return  # (said under the field)
    if not cards:
        return
    built_up = bool(st.session_state.get(BUILT_UP_KEY))
    lines = []
    for title, rules in tables_to_compare():
        verdict, first_part_failed = judged.meld_result(cards, built_up, rules)
        if verdict.ok and not first_part_failed:
            said = f"{t('meld.valid', lang)} · {canastra_label(verdict, lang)}"
        else:
            said = t("meld.invalid", lang)
        lines.append(f"**{title}**: {said}")
    st.markdown(md_cards("  \n".join(lines)))


def _drawer(cards: tuple[Card, ...]) -> Callable[[judged.MeldResult, RuleSet], None]:
    def draw(result: judged.MeldResult, rules: RuleSet) -> None:
        verdict, first_part_failed = result
        if first_part_failed:
            st.warning(t("variants.first_part", lang), icon=NO_ICON)
            show_reasons(verdict.reasons, lang)
            return
        show_meld_verdict(verdict, rules, typed=cards, size="sm", lang=lang)

    return draw


def _draw_move(answer: tuple[judged.MoveResult, str], rules: RuleSet) -> None:
    result, reasons = answer
    if isinstance(result, str):
        st.warning(t("variants.position_invalid", lang, problem=result), icon=NO_ICON)
        return
    if result.ok:
        st.success(t("variants.move_legal", lang), icon=NO_ICON)
    else:
        st.error(t("variants.move_illegal", lang), icon=NO_ICON)
    if reasons:
        st.markdown(reasons, unsafe_allow_html=True)  # with_cards' escaped Markdown


def folded_list(label: str, key: str, lead: str, items: Sequence[str]) -> None:
    """A list folded under a table, with the way to “Quem tem razão?”: drawn only while
    open (it rarely is; a rerun builds nothing hidden)."""
    folded = st.expander(label, key=key, on_change="rerun")
    if folded.open:
        with folded:
            st.markdown(lead + "\n\n" + "\n".join(f"- {item}" for item in items))
            page_link("who", t("who.page", lang))


# The page's four parts, one drawn at a time (a switch, not four sections all drawn): each
# rerun draws a table or one question's verdicts, not every column of every part.
VIEWS = ("differ", "meld", "move", "all")


# Each part's heading is Markdown's ### (as st.subheader draws it), in the same element as
# the text under it: each element costs a rerun as much as a line of work.
def draw_differ() -> None:
    # With a house rule changed, a column for the table (as on "all"), and the rows it
    # changed that the variants share: a learner who switched one saw this part unmoved.
    yours = current_rules()
    changed = yours.changed_options()
    names = options_where_presets_differ()
    names += [name for name in OPTION_NAMES if name in changed and name not in names]
    show_table(
        preset_table(names, lang, yours=yours if changed else None),
        f"### {t('variants.differ', lang)}",
    )
    # The lesson that teaches this table (lesson 12), for a class to read and play it.
    lesson = player.course().lesson(VARIANTS_LESSON)
    page_link(
        "lessons",
        t("practice.in_lesson", lang, n=lesson.order, title=lesson.title.get(lang)),
        query={"lesson": lesson.id},
    )
    # Where the variants differ and the sources disagree besides: folded, as on "all".
    disputed = judged.disputed_differences(lang)
    folded_list(
        t("variants.disputed", lang, count=len(disputed)),
        "variants_disputed_open",
        t("variants.disputed_help", lang),
        disputed,
    )


def draw_same_meld() -> None:
    st.markdown(f"### {t('variants.same_meld', lang)}\n\n{t('variants.same_meld_lead', lang)}")
    st.pills(
        t("variants.try", lang),
        list(EXAMPLES),
        format_func=lambda key: t(key, lang),
        key=EXAMPLE_KEY,
        on_change=_use_example,
    )
    with st.container(key=MELD_MARK):
        cards = cards_view.card_input(CARDS_KEY, answer=_tap_answer)
        built_up = st.toggle(
            t("variants.built_up", lang),
            key=BUILT_UP_KEY,
            help=t("variants.built_up_help", lang),
            persist_state="session",  # (kept with the cards while another page is shown)
        )
        if cards:
            show_deciding(
                judged.meld_deciding(cards, built_up), judged.meld_deciding_alike(cards, built_up)
            )
            side_by_side(lambda rules: judged.meld_result(cards, built_up, rules), _drawer(cards))
        elif cards is not None:
            st.caption(t("cards.empty", lang))


def draw_same_move() -> None:
    st.markdown(f"### {t('variants.same_move', lang)}\n\n{t('variants.same_move_lead', lang)}")
    course = player.course()
    # A table that changed a house option first sees a position that option decides: the
    # same move judged by its variant and by the table (stable: the course's order else).
    changed = set(current_rules().changed_options())

    def deciding(i: str) -> set[str]:
        house = {name for name, _, _ in judged.move_deciding_house(i, lang)}
        return {*judged.move_deciding(i, lang), *judged.move_deciding_alike(i, lang), *house}

    ids = sorted(judged.variant_scenario_ids(), key=lambda i: not changed & deciding(i))
    moves = {i: course.scenarios[i] for i in ids}
    if not moves:
        return
    relabel_after_language_change("variants_scenario")
    chosen = st.selectbox(
        t("variants.position", lang),
        list(moves),
        format_func=lambda i: moves[i].title.get(lang),
        key="variants_scenario",
        filter_mode=None,  # no typing: Streamlit's "No results" is English only
        placeholder=t("screen.choose", lang),
        # Kept while another page is shown: back from Lessons, it was at its first position.
        persist_state="session",
    )
    scenario = moves[chosen]
    move = judged.judged_move(chosen)
    show_text(judged.situation(chosen, lang))  # (no exercise's instruction over the move)
    with st.container(border=True):
        st.markdown(judged.position_markdown(chosen, lang), unsafe_allow_html=True)
    show_text(t("variants.the_move", lang, move=move_text(move, lang)))
    show_deciding(
        judged.move_deciding(chosen, lang),
        judged.move_deciding_alike(chosen, lang),
        judged.move_deciding_house(chosen, lang),
    )
    side_by_side(
        lambda rules: (
            judged.move_result(chosen, rules, lang),
            judged.move_reasons(chosen, rules, lang),
        ),
        _draw_move,
        own=scenario.ruleset(),  # (a house-rule position: its own table too)
    )
    # The way to the lesson that teaches this difference, open at this position's exercise
    # (as Exercícios leads to it): a teacher shows the verdicts, then the class plays it.
    home = course.lesson(scenario.lesson)
    page_link(
        "lessons",
        t("practice.in_lesson", lang, n=home.order, title=home.title.get(lang)),
        query={"exercise": scenario.id},
    )


def draw_all() -> None:
    yours = current_rules()
    show_table(
        preset_table(
            OPTION_NAMES,
            lang,
            yours=yours if yours.changed_options() else None,
            bold=options_where_presets_differ(),
        ),
        f"### {t('variants.all', lang)}\n\n{caption_md(t('variants.all_help', lang))}",
    )
    # What the three presets play alike and other tables play otherwise, with its source:
    # folded, so the table still fits a phone's screen.
    others = judged.other_tables(lang)
    folded_list(
        t("variants.other", lang, count=len(others)),
        "variants_other_open",
        t("variants.other_help", lang),
        others,
    )


lang = current_lang()
st.title(t("variants.title", lang))
st.markdown(t("variants.lead", lang))
# The table's own rules, on the page: a link's rules are named where a phone shows them (its
# sidebar is hidden), and set here in a tap (the "Casa" the texts below point to).
rules_bar()
st.markdown(
    caption_md(t("variants.at_your_table", lang, rules=rules_summary(current_rules(), lang)))
)
view = view_switch("variants_view", VIEWS, lang)
DRAW = {"differ": draw_differ, "meld": draw_same_meld, "move": draw_same_move, "all": draw_all}
DRAW[view]()
top_if_asked()
