"""The variants page's answers, worked out once: the same meld or the same move judged under
each table, and the options that decide it. Each is a pure function of frozen values (the
cards, a scenario's id, a RuleSet, the language), so it is cached: a rerun of the page (a
tap, a language switch) judges nothing it has judged before."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from buraco_app.compare import alike_deciding, deciding_options, house_deciding
from buraco_app.inline_cards import with_cards
from buraco_app.scenario_player import course
from buraco_app.table_view import table_markdown
from buraco_app.verdict_view import reasons_text
from buraco_core.cards import Card
from buraco_core.codes import Code
from buraco_core.errors import BuracoInputError
from buraco_core.judge import play
from buraco_core.melds import MeldVerdict, extend_meld, judge_meld
from buraco_core.moves import Move
from buraco_core.notation import position_from_data
from buraco_core.rules import OPTIONS, PRESETS, PresetName, RuleSet
from buraco_core.state import State
from buraco_core.verdict import Verdict
from buraco_course import scenario_state
from buraco_course.reference import disputes
from buraco_text import (
    Lang,
    and_list,
    error_message,
    mid_sentence,
    preset_title,
    translate,
    value_text,
)

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


@lru_cache(maxsize=128)
def meld_deciding_alike(cards: tuple[Card, ...], built_up: bool) -> tuple[str, ...]:
    """The options the presets set alike that decide this meld all the same."""
    return tuple(alike_deciding(lambda rules: meld_result(cards, built_up, rules), meld_answer))


@lru_cache(maxsize=1)
def variant_scenario_ids() -> tuple[str, ...]:
    """The course's variant-difference and house-rule scenarios with a position and a move
    to judge: a move whose verdict changes with the variant (the lixo pickup, going out
    with a canastra suja, trincas...) or with a house rule (the stricter pickup [003], the
    partner going out while the morto waits [000, 001 / 003])."""

    def house_decided(scenario_id: str) -> bool:
        # (a house rule's move that no option decides is the same under every table)
        return bool(
            move_deciding_alike(scenario_id, "pt") or move_deciding_house(scenario_id, "pt")
        )

    return tuple(
        s.id
        for lesson in course().lessons  # (in the order the lessons teach them)
        for s in course().scenarios_of(lesson.id)
        if s.position is not None
        and s.task.judged_move
        and (
            "variant_difference" in s.themes or ("house_rules" in s.themes and house_decided(s.id))
        )
    )


@lru_cache(maxsize=64)
def scenario_table(scenario_id: str) -> tuple[RuleSet, State]:
    """The scenario's own rules and position, as the page draws them."""
    scenario = course().scenarios[scenario_id]
    return scenario.ruleset(), scenario_state(scenario)


# A sentence's end: after “.”, “?” or “!” (a card in backticks holds none).
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+")


@lru_cache(maxsize=128)
def situation(scenario_id: str, lang: Lang) -> str:
    """The scenario's goal as the page says it over a move already given: its situation,
    and its question if it ends in one (“Pode pegar o lixo?”, which the verdicts answer);
    an exercise's instruction at its end (“Pegue o lixo.”, “Comece a vez pela compra que
    mais rende.”) is left out: here the move is made, not asked for."""
    goal = course().scenarios[scenario_id].goal.get(lang).strip()
    *before, last = _SENTENCE_END.split(goal)
    return goal if last.endswith("?") or not before else " ".join(before)


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


def move_verdict(result: MoveResult) -> tuple[object, ...]:
    """What a table that plays another value of a house option sees change: the move legal
    or not, and whether it goes out. (Not its reasons: “bater só descartando” adds one to
    a move already refused, and the box said that option decided it; a teacher who set it
    in “Casa” saw the same “✗ Jogada inválida”.)"""
    if isinstance(result, str):
        return (result,)
    return (result.ok, Code.WENT_OUT in result.codes)


@lru_cache(maxsize=128)
def move_deciding(scenario_id: str, lang: Lang) -> tuple[str, ...]:
    return tuple(deciding_options(lambda rules: move_result(scenario_id, rules, lang), move_answer))


@lru_cache(maxsize=128)
def move_deciding_alike(scenario_id: str, lang: Lang) -> tuple[str, ...]:
    """The options the presets set alike that decide this move all the same (a position that
    cannot be set up under a value, e.g. jokers on the table without jokers, decides
    nothing)."""
    return tuple(
        alike_deciding(
            lambda rules: move_result(scenario_id, rules, lang),
            move_verdict,
            valid=lambda result: not isinstance(result, str),
        )
    )


@lru_cache(maxsize=128)
def move_deciding_house(
    scenario_id: str, lang: Lang
) -> tuple[tuple[str, Any, tuple[PresetName, ...]], ...]:
    """The values no preset plays that decide this move (the stricter pickup [003]), with
    the presets under which they do."""
    return tuple(
        house_deciding(
            lambda rules: move_result(scenario_id, rules, lang),
            move_verdict,
            valid=lambda result: not isinstance(result, str),
        )
    )


def judged_move(scenario_id: str) -> Move:
    move = course().scenarios[scenario_id].task.judged_move
    assert move is not None
    return move


@lru_cache(maxsize=4)
def other_tables(lang: Lang) -> tuple[str, ...]:
    """Where the three presets play a disputed option alike, what other tables play and
    the source that says it (the readings of “Quem tem razão?”): one Markdown line each."""
    alike = {o.name for o in OPTIONS if not o.presets_differ}
    lines = []
    for dispute in disputes():
        if dispute.option not in alike:
            continue
        rules = PRESETS["fechado"]  # (the three alike)
        value = getattr(rules, dispute.option)
        ours = dispute.reading_of(rules)
        played = ours.text(lang) if ours else value_text(dispute.option, value, lang)
        # (going on after “Nas três variantes,”: “…, sim: a última carta…”, not “Nas três:
        # Sim: …”, where “All three: Yes” read as if the three had been asked)
        played = mid_sentence(played)
        for reading in (r for r in dispute.readings if r != ours):
            sources = _sources(reading.sources, lang)
            lines.append(
                translate(
                    "variants.other_line",
                    lang,
                    question=dispute.title(lang),
                    played=played,
                    text=reading.text(lang),
                    sources=sources,
                )
            )
    return tuple(lines)


@lru_cache(maxsize=4)
def disputed_differences(lang: Lang) -> tuple[str, ...]:
    """Where the presets differ and the sources disagree too (a Fechado going out with a
    canastra suja: [000, 001] yes, [003]'s main text no): each reading with its sources and
    the variants that play it: per disputed point, Markdown for an item of a list."""
    differ = {o.name for o in OPTIONS if o.presets_differ}
    lines = []
    for dispute in disputes():
        if dispute.option not in differ:
            continue
        played = dispute.per_preset()
        said = []
        for reading in dispute.readings:
            about = [_sources(reading.sources, lang)]
            presets = [preset_title(p, lang) for p, _, followed in played if followed == reading]
            if presets:
                about.append(translate("variants.played_by", lang, presets=and_list(presets, lang)))
            said.append(f"{reading.text(lang)} _({' · '.join(about)})_")
        # (each reading a nested item of the page's list: one under the other on a phone)
        lines.append(f"**{dispute.title(lang)}**" + "".join(f"\n  - {r}" for r in said))
    return tuple(lines)


def _sources(ids: tuple[str, ...], lang: Lang) -> str:
    return translate("variants.other_sources", lang, count=len(ids), ids=", ".join(ids))
