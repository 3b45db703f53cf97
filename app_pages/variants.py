"""Variants: where Aberto, Fechado and STBL differ, every option per preset, and the same
meld judged under each (and under the user's table)."""

from collections.abc import Callable

import streamlit as st

from buraco_app import cards_view
from buraco_app import scenario_player as player
from buraco_app.compare import side_by_side
from buraco_app.i18n import t
from buraco_app.inline_cards import show_text
from buraco_app.rules_view import options_where_presets_differ, preset_table, show_table
from buraco_app.settings import current_lang, current_rules
from buraco_app.table_view import move_text
from buraco_app.table_view import show_table as show_position
from buraco_app.verdict_view import show_meld_verdict, show_reasons
from buraco_core.cards import Card
from buraco_core.errors import BuracoInputError
from buraco_core.judge import play
from buraco_core.melds import MeldVerdict, extend_meld, judge_meld
from buraco_core.moves import Move
from buraco_core.notation import position_from_data
from buraco_core.rules import OPTION_NAMES, RuleSet
from buraco_core.verdict import Verdict
from buraco_course import Scenario, scenario_state
from buraco_text import error_message

CARDS_KEY = "variants_cards"
BUILT_UP_KEY = "variants_built_up"
EXAMPLE_KEY = "variants_example"
# Example melds that the presets judge differently: (i18n key, cards, built up).
EXAMPLES: dict[str, tuple[str, bool]] = {
    "variants.example.trinca": ("5h 5s 5d", False),
    "variants.example.500": ("As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks", True),
    "variants.example.natural_two": ("3s 2s 5s 4s", False),
}

Verdicts = tuple[MeldVerdict, bool]


def _use_example() -> None:
    chosen = st.session_state.get(EXAMPLE_KEY)
    if chosen is not None:
        text, built_up = EXAMPLES[chosen]
        cards_view.set_cards(CARDS_KEY, text)
        st.session_state[BUILT_UP_KEY] = built_up
        st.session_state[EXAMPLE_KEY] = None


def _judge(cards: tuple[Card, ...], built_up: bool) -> Callable[[RuleSet], Verdicts]:
    def judge(rules: RuleSet) -> Verdicts:
        """The verdict, and whether it is the first part's (built up, first part invalid)."""
        if not built_up:
            return judge_meld(cards, rules), False
        first = judge_meld(cards[:-1], rules)
        if first.meld is None:
            return first, True
        return extend_meld(first.meld, cards[-1:], rules), False

    return judge


def _drawer(cards: tuple[Card, ...]) -> Callable[[Verdicts, RuleSet], None]:
    def draw(result: Verdicts, rules: RuleSet) -> None:
        verdict, first_part_failed = result
        if first_part_failed:
            st.warning(t("variants.first_part"))
            show_reasons(verdict.reasons)
            return
        show_meld_verdict(verdict, rules, typed=cards, size="sm")

    return draw


def _scenario_move(scenario: Scenario) -> Move | None:
    """The move a scenario asks about (a judge task's move, or a move task's solution)."""
    return scenario.task.judged_move


def _judge_move(scenario: Scenario, move: Move) -> Callable[[RuleSet], Verdict | str]:
    def judge(rules: RuleSet) -> Verdict | str:
        try:
            return play(rules, position_from_data(rules, scenario.position), move)[0]
        except BuracoInputError as exc:  # e.g. a trinca on the table where trincas are off
            return error_message(exc, lang)

    return judge


def _draw_move(result: Verdict | str, rules: RuleSet) -> None:
    if isinstance(result, str):
        st.warning(t("variants.position_invalid", problem=result))
        return
    if result.ok:
        st.success(t("variants.move_legal"))
    else:
        st.error(t("variants.move_illegal"))
    show_reasons(result.reasons)


lang = current_lang()
st.title(t("variants.title"))
st.markdown(t("variants.lead"))

st.subheader(t("variants.differ"))
differ = options_where_presets_differ()
show_table(preset_table(differ, lang))

st.subheader(t("variants.same_meld"))
st.markdown(t("variants.same_meld_lead"))
st.pills(
    t("variants.try"),
    list(EXAMPLES),
    format_func=t,
    key=EXAMPLE_KEY,
    on_change=_use_example,
)
cards = cards_view.card_input(CARDS_KEY)
built_up = st.toggle(t("variants.built_up"), key=BUILT_UP_KEY, help=t("variants.built_up_help"))
if cards:
    side_by_side(_judge(cards, built_up), _drawer(cards))
elif cards is not None:
    st.caption(t("cards.empty"))

st.subheader(t("variants.same_move"))
st.markdown(t("variants.same_move_lead"))
# The positions come from the course's variant-difference scenarios: a move whose verdict
# changes with the variant (the lixo pickup, going out with a canastra suja, trincas...).
course = player.course()
moves = {
    s.id: s
    for s in course.scenarios.values()
    if "variant_difference" in s.themes and s.position is not None and _scenario_move(s)
}
if moves:
    chosen = st.selectbox(
        t("variants.position"),
        list(moves),
        format_func=lambda i: moves[i].title.get(lang),
        key="variants_scenario",
    )
    scenario = moves[chosen]
    move = _scenario_move(scenario)
    assert move is not None
    show_text(scenario.goal.get(lang))
    with st.container(border=True):
        show_position(scenario.ruleset(), scenario_state(scenario), lang)
    show_text(t("variants.the_move", move=move_text(move, lang)))
    side_by_side(_judge_move(scenario, move), _draw_move)

st.subheader(t("variants.all"))
yours = current_rules()
st.caption(t("variants.all_help"))
show_table(
    preset_table(OPTION_NAMES, lang, yours=yours if yours.changed_options() else None, bold=differ)
)
