"""The course checked against the rules core: every scenario's solution or answer, each
anticipated wrong answer, the verdicts of variant differences, and the lessons' listings."""

from __future__ import annotations

from buraco_core.errors import BuracoInputError
from buraco_core.rules import OPTION_NAMES
from buraco_course.grader import scenario_state
from buraco_course.loader import Curriculum
from buraco_course.models import Scenario
from buraco_text import error_message


def check_scenario(scenario: Scenario) -> list[str]:
    """Everything the core says against the scenario (empty when it holds)."""
    where = f"scenario {scenario.id}"
    try:
        return [f"{where}: {problem}" for problem in _problems(scenario)]
    except BuracoInputError as exc:
        return [f"{where}: {error_message(exc, 'en')}"]


def _problems(s: Scenario) -> list[str]:
    unknown = sorted(set(s.options) - set(OPTION_NAMES))
    if unknown:
        return [f"options: unknown option {unknown[0]!r}"]
    rules = s.ruleset()
    if s.task.needs_position:
        scenario_state(s, rules)  # raises on an inconsistent position
    problems = s.task.problems(s, rules)
    for preset, expected in s.verdicts.items():
        got = s.task.verdict(s, s.ruleset(preset))
        if got != expected:
            problems.append(f"verdicts.{preset}: says {expected}, the core says {got}")
    if "variant_difference" in s.themes and len(set(s.verdicts.values())) < 2:
        problems.append("verdicts: a variant_difference scenario needs verdicts that differ")
    return problems


def check_curriculum(curriculum: Curriculum) -> list[str]:
    """All problems: files that did not load, lessons and scenarios that do not agree, and
    scenarios the core contradicts."""
    problems = list(curriculum.errors)
    ids = [lesson.id for lesson in curriculum.lessons]
    if len(set(ids)) != len(ids):
        problems.append("lessons: a lesson id is used twice")
    orders = [lesson.order for lesson in curriculum.lessons]
    if orders != list(range(1, len(orders) + 1)):
        problems.append(f"lessons: orders must run 1..{len(orders)}, got {orders}")
    listed: dict[str, str] = {}
    for lesson in curriculum.lessons:
        for name in lesson.options:
            if name not in OPTION_NAMES:
                problems.append(f"lesson {lesson.id}: options: unknown option {name!r}")
        for scenario_id in lesson.scenarios:
            if scenario_id in listed:
                problems.append(f"lesson {lesson.id}: scenario {scenario_id} is listed twice")
            listed[scenario_id] = lesson.id
            found = curriculum.scenarios.get(scenario_id)
            if found is None:
                problems.append(f"lesson {lesson.id}: scenario {scenario_id} does not exist")
            elif found.lesson != lesson.id:
                problems.append(
                    f"scenario {scenario_id}: lesson says {found.lesson!r}, listed in {lesson.id!r}"
                )
    for scenario in curriculum.scenarios.values():
        if scenario.id not in listed:
            problems.append(f"scenario {scenario.id}: not listed in any lesson")
        problems.extend(check_scenario(scenario))
    return problems
