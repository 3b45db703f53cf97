"""The course checked against the rules core: every scenario's solution or answer, each
anticipated wrong answer, the verdicts of variant differences, and the lessons' listings."""

from __future__ import annotations

from buraco_core.errors import BuracoInputError
from buraco_core.rules import OPTION_NAMES
from buraco_course.grader import scenario_state
from buraco_course.loader import Curriculum
from buraco_course.models import Lesson, Scenario
from buraco_course.problems import Problem, problem


def check_scenario(scenario: Scenario) -> list[Problem]:
    """Everything the core says against the scenario (empty when it holds)."""
    try:
        found = _problems(scenario)
    except BuracoInputError as exc:
        found = [Problem("", error=exc)]
    return [each.about("scenario", scenario.id) for each in found]


def _problems(s: Scenario) -> list[Problem]:
    unknown = sorted(set(s.options) - set(OPTION_NAMES))
    if unknown:
        return [problem("options", "unknown_option", name=unknown[0])]
    rules = s.ruleset()
    if s.task.needs_position:
        scenario_state(s, rules)  # raises on an inconsistent position
    problems = s.task.problems(s, rules)
    for preset, expected in s.verdicts.items():
        got = s.task.verdict(s, s.ruleset(preset))
        if got != expected:
            problems.append(problem(f"verdicts.{preset}", "legal_differs", says=expected, core=got))
    if "variant_difference" in s.themes and len(set(s.verdicts.values())) < 2:
        problems.append(problem("verdicts", "verdicts_same"))
    return problems


def check_curriculum(curriculum: Curriculum) -> list[Problem]:
    """All problems: files that did not load, lessons and scenarios that do not agree, and
    scenarios the core contradicts."""
    problems = list(curriculum.errors)
    ids = [lesson.id for lesson in curriculum.lessons]
    if len(set(ids)) != len(ids):
        problems.append(problem("lessons", "lesson_id_twice"))
    orders = [lesson.order for lesson in curriculum.lessons]
    if orders != list(range(1, len(orders) + 1)):
        problems.append(problem("lessons", "orders", count=len(orders), orders=orders))
    listed: dict[str, str] = {}
    for lesson in curriculum.lessons:
        for name in lesson.options:
            if name not in OPTION_NAMES:
                problems.append(_in_lesson(lesson, "options", "unknown_option", name=name))
        for scenario_id in lesson.scenarios:
            if scenario_id in listed:
                problems.append(_in_lesson(lesson, "scenarios", "listed_twice", id=scenario_id))
            listed[scenario_id] = lesson.id
            found = curriculum.scenarios.get(scenario_id)
            if found is None:
                problems.append(_in_lesson(lesson, "scenarios", "no_such_scenario", id=scenario_id))
            elif found.lesson != lesson.id:
                wrong = problem("lesson", "other_lesson", says=found.lesson, listed=lesson.id)
                problems.append(wrong.about("scenario", scenario_id))
    for scenario in curriculum.scenarios.values():
        if scenario.id not in listed:
            problems.append(problem("lesson", "unlisted").about("scenario", scenario.id))
        problems.extend(check_scenario(scenario))
    return problems


def _in_lesson(lesson: Lesson, where: str, key: str, **values: object) -> Problem:
    return problem(where, key, **values).about("lesson", lesson.id)
