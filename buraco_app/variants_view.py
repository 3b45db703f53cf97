"""The variants page's answers, worked out once: the same meld or the same move judged under
each table, and the options that decide it. Each is a pure function of frozen values (the
cards, a scenario's id, a RuleSet, the language), so it is cached: a rerun of the page (a
tap, a language switch) judges nothing it has judged before."""

from __future__ import annotations

from functools import lru_cache

from buraco_app.compare import deciding_options
from buraco_app.inline_cards import with_cards
from buraco_app.scenario_player import course
from buraco_app.table_view import table_markdown
from buraco_app.verdict_view import reasons_text
from buraco_core.cards import Card
from buraco_core.errors import BuracoInputError
from buraco_core.judge import play
from buraco_core.melds import MeldVerdict, extend_meld, judge_meld
from buraco_core.moves import Move
from buraco_core.notation import position_from_data
from buraco_core.rules import RuleSet
from buraco_core.state import State
from buraco_core.verdict import Verdict
from buraco_course import scenario_state
from buraco_text import Lang, error_message

# A meld's verdict, and whether it is the first part's (built up, first part invalid).
MeldResult = tuple[MeldVerdict, bool]
# A move's verdict, or why the position cannot be set up under those rules.
MoveResult = Verdict | str


@lru_cache(maxsize=512)
def meld_result(cards: tuple[Card, ...], built_up: bool, rules: RuleSet) -> MeldResult:
    if not built_up:
        return judge_meld(cards, rules), False
    first = judge_meld(cards[:-1], rules)
    if first.meld is None:
        return first, True
    return extend_meld(first.meld, cards[-1:], rules), False


def meld_answer(result: MeldResult) -> tuple[object, ...]:
    """What a player sees of a meld verdict: valid, which canastra, how many points."""
    verdict, first_part_failed = result
    return (first_part_failed, verdict.ok, verdict.canastra, verdict.points)


@lru_cache(maxsize=128)
def meld_deciding(cards: tuple[Card, ...], built_up: bool) -> tuple[str, ...]:
    return tuple(deciding_options(lambda rules: meld_result(cards, built_up, rules), meld_answer))


@lru_cache(maxsize=1)
def variant_scenario_ids() -> tuple[str, ...]:
    """The course's variant-difference scenarios with a position and a move to judge: a move
    whose verdict changes with the variant (the lixo pickup, going out with a canastra
    suja, trincas...)."""
    return tuple(
        s.id
        for s in course().scenarios.values()
        if "variant_difference" in s.themes and s.position is not None and s.task.judged_move
    )


@lru_cache(maxsize=64)
def scenario_table(scenario_id: str) -> tuple[RuleSet, State]:
    """The scenario's own rules and position, as the page draws them."""
    scenario = course().scenarios[scenario_id]
    return scenario.ruleset(), scenario_state(scenario)


@lru_cache(maxsize=64)
def position_markdown(scenario_id: str, lang: Lang) -> str:
    """The scenario's table as the page draws it (one Markdown block)."""
    return table_markdown(*scenario_table(scenario_id), lang)


@lru_cache(maxsize=512)
def move_result(scenario_id: str, rules: RuleSet, lang: Lang) -> MoveResult:
    scenario = course().scenarios[scenario_id]
    move = scenario.task.judged_move
    assert move is not None and scenario.position is not None
    try:
        return play(rules, position_from_data(rules, scenario.position), move)[0]
    except BuracoInputError as exc:  # e.g. a trinca on the table where trincas are off
        return error_message(exc, lang)


@lru_cache(maxsize=512)
def move_reasons(scenario_id: str, rules: RuleSet, lang: Lang) -> str:
    """The reasons of the move's verdict under these rules, as the page writes them."""
    result = move_result(scenario_id, rules, lang)
    return "" if isinstance(result, str) else with_cards(reasons_text(result.reasons, lang))


def move_answer(result: MoveResult) -> tuple[object, ...]:
    return (result,) if isinstance(result, str) else (result.ok, result.codes)


@lru_cache(maxsize=128)
def move_deciding(scenario_id: str, lang: Lang) -> tuple[str, ...]:
    return tuple(deciding_options(lambda rules: move_result(scenario_id, rules, lang), move_answer))


def judged_move(scenario_id: str) -> Move:
    move = course().scenarios[scenario_id].task.judged_move
    assert move is not None
    return move
