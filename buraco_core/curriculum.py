"""Lessons and scenarios as data, and their check against the rules core.

Scenarios are TOML files in `scenarios/`, lessons in `lessons/`; both are validated by the
pydantic models below (unknown fields rejected), and every scenario is judged by the core:
its solution or answer, each anticipated wrong answer, and, for variant-difference
scenarios, the verdict under each preset it names.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from buraco_core.cards import parse_cards
from buraco_core.errors import BuracoInputError, InputCode, from_validation
from buraco_core.judge import play
from buraco_core.melds import judge_meld
from buraco_core.moves import Move
from buraco_core.notation import (
    MoveData,
    move_from_data,
    move_to_data,
    position_from_data,
    round_from_data,
)
from buraco_core.rules import OPTION_NAMES, PresetName, RuleSet, ruleset
from buraco_core.scoring import score_round
from buraco_core.state import State
from buraco_core.verdict import Verdict
from buraco_text import error_message

Theme = Literal[
    "cards", "sequences", "wild_cards", "clean_vs_dirty", "canastras", "natural_two", "turn",
    "justified_pickup", "lixo", "morto", "direct_vs_indirect", "going_out", "stock_out",
    "scoring", "variant_difference", "house_rules", "trincas", "common_errors",
]  # fmt: skip
THEMES: tuple[str, ...] = get_args(Theme)
Seed = Literal["000", "001", "002", "003"]
Id = Annotated[str, Field(pattern=r"^[a-z0-9_]+$", min_length=3, max_length=60)]


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Text(_Strict):
    """A text in Brazilian Portuguese and in English (Markdown)."""

    pt: str = Field(min_length=1)
    en: str = Field(min_length=1)

    def get(self, lang: str) -> str:
        return self.en if lang == "en" else self.pt


# --- tasks -----------------------------------------------------------------------------------


class MoveTask(_Strict):
    """Make a move. Success: a legal move whose verdict carries every `success_codes` code;
    without success codes, the solution's move itself (cards in any order)."""

    kind: Literal["move"]
    solution: MoveData
    success_codes: list[str] = Field(default_factory=list)


class JudgeTask(_Strict):
    """Is this move (in the position) or this meld legal? Yes or no, then why."""

    kind: Literal["judge"]
    move: MoveData | None = None
    meld: list[str] | None = None
    legal: bool
    codes: list[str] = Field(default_factory=list, description="reason codes of the why")


class ChoiceOption(_Strict):
    move: MoveData | None = None
    meld: list[str] | None = None
    label: Text | None = None


class ChooseTask(_Strict):
    """Which of these melds or moves are legal? `correct`: the indexes of the legal ones."""

    kind: Literal["choose"]
    options: list[ChoiceOption] = Field(min_length=2)
    correct: list[int]


class ScoreTask(_Strict):
    """What does this round score? `round` as `buraco score` reads it; `answer` per side."""

    kind: Literal["score"]
    round: dict[str, Any]
    answer: dict[str, int]


Task = Annotated[MoveTask | JudgeTask | ChooseTask | ScoreTask, Field(discriminator="kind")]


class Wrong(_Strict):
    """An anticipated wrong answer and its own explanation. Exactly one of: a move, a meld,
    a yes/no, a chosen set, or score totals. `codes`: what the core must say of it."""

    move: MoveData | None = None
    meld: list[str] | None = None
    legal: bool | None = None
    choice: list[int] | None = None
    totals: dict[str, int] | None = None
    codes: list[str] = Field(default_factory=list)
    explanation: Text


class Scenario(_Strict):
    id: Id
    lesson: Id
    themes: list[Theme] = Field(min_length=1)
    sources: list[Seed] = Field(min_length=1)
    rules: PresetName = "fechado"
    options: dict[str, Any] = Field(default_factory=dict)
    title: Text
    goal: Text
    position: dict[str, Any] | None = None
    task: Task
    hint: Text
    explanation: Text
    wrong: list[Wrong] = Field(default_factory=list)
    verdicts: dict[PresetName, bool] = Field(
        default_factory=dict,
        description="variant differences: the verdict of the task's move or meld per preset",
    )

    def ruleset(self, preset: str | None = None) -> RuleSet:
        return ruleset(preset or self.rules, **self.options)


class Lesson(_Strict):
    id: Id
    order: int = Field(ge=1)
    themes: list[Theme]
    sources: list[Seed]
    options: list[str] = Field(default_factory=list)
    scenarios: list[Id] = Field(default_factory=list)
    title: Text
    intro: Text
    summary: Text


# --- loading ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Curriculum:
    lessons: tuple[Lesson, ...]
    scenarios: dict[str, Scenario]
    errors: tuple[str, ...] = ()

    def lesson(self, lesson_id: str) -> Lesson:
        return next(lesson for lesson in self.lessons if lesson.id == lesson_id)

    def scenarios_of(self, lesson_id: str) -> list[Scenario]:
        return [self.scenarios[s] for s in self.lesson(lesson_id).scenarios if s in self.scenarios]


def _load(model: type[_Strict], path: Path) -> Any:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise BuracoInputError(InputCode.CANNOT_READ, str(path), detail=str(exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise BuracoInputError(InputCode.NOT_TOML, str(path), detail=str(exc)) from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        error = from_validation(exc, "", model.model_fields)
        raise error.at(f"{path}: {error.path}") from None


def default_root() -> Path:
    """The project folder holding lessons/ and scenarios/."""
    return Path(__file__).resolve().parent.parent


def load_curriculum(root: Path | None = None) -> Curriculum:
    """Read every lesson and scenario; a file that does not validate becomes an error line
    naming the file and the field (the others still load)."""
    root = root or default_root()
    errors: list[str] = []
    lessons: list[Lesson] = []
    for path in sorted((root / "lessons").glob("*.toml")):
        try:
            lessons.append(_load(Lesson, path))
        except BuracoInputError as exc:
            errors.append(error_message(exc, "en"))
    scenarios: dict[str, Scenario] = {}
    for path in sorted((root / "scenarios").rglob("*.toml")):
        try:
            scenario: Scenario = _load(Scenario, path)
        except BuracoInputError as exc:
            errors.append(error_message(exc, "en"))
            continue
        if scenario.id in scenarios:
            errors.append(f"{path}: id: {scenario.id!r} is used twice")
        scenarios[scenario.id] = scenario
    lessons.sort(key=lambda lesson: lesson.order)
    return Curriculum(tuple(lessons), scenarios, tuple(errors))


# --- judging answers -------------------------------------------------------------------------


def scenario_state(scenario: Scenario, rules: RuleSet | None = None) -> State:
    if scenario.position is None:
        raise BuracoInputError(InputCode.NEEDS_POSITION, f"scenario {scenario.id}: position")
    return position_from_data(rules or scenario.ruleset(), scenario.position, "position")


def judge_scenario_move(scenario: Scenario, move: Move, rules: RuleSet | None = None) -> Verdict:
    """The core's verdict of a move in the scenario's position."""
    rules = rules or scenario.ruleset()
    return play(rules, scenario_state(scenario, rules), move)[0]


def judge_scenario_meld(cards: Iterable[str], rules: RuleSet) -> Verdict:
    verdict = judge_meld(parse_cards(list(cards)), rules)
    return Verdict(verdict.ok, verdict.reasons)


def _normal(move: Move) -> dict[str, Any]:
    """A move as data with its cards sorted, so card order does not matter."""
    data = move_to_data(move)
    if data["type"] == "lay":
        groups = data.pop("melds", None) or [data.pop("cards")]
        data["melds"] = sorted(sorted(g) for g in groups)
    for key in ("cards", "new_meld"):
        if key in data:
            data[key] = sorted(data[key])
    return data


def move_succeeds(scenario: Scenario, move: Move, verdict: Verdict) -> bool:
    """Does this legal move solve a move task?"""
    task = scenario.task
    if not isinstance(task, MoveTask) or not verdict.ok:
        return False
    if task.success_codes:
        return all(code in verdict.codes for code in task.success_codes)
    return _normal(move) == _normal(_move(task.solution))


def task_verdict(scenario: Scenario, preset: str | None = None) -> bool:
    """The verdict of what the task judges (its move, meld or solution) under a preset."""
    rules = scenario.ruleset(preset)
    task = scenario.task
    if isinstance(task, JudgeTask):
        if task.meld is not None:
            return judge_scenario_meld(task.meld, rules).ok
        if task.move is not None:
            return judge_scenario_move(scenario, _move(task.move), rules).ok
    if isinstance(task, MoveTask):
        return judge_scenario_move(scenario, _move(task.solution), rules).ok
    raise BuracoInputError(
        InputCode.WRONG_TASK, f"scenario {scenario.id}: verdicts", wanted=("judge", "move")
    )


def _move(data: MoveData) -> Move:
    return move_from_data(data.model_dump(exclude_none=True))


def round_totals(scenario: Scenario) -> dict[str, int]:
    task = scenario.task
    assert isinstance(task, ScoreTask)
    rules = scenario.ruleset()
    score = score_round(rules, round_from_data(rules, task.round))
    return {side.name: side.total for side in score.sides}


# --- checking --------------------------------------------------------------------------------


def check_scenario(scenario: Scenario) -> list[str]:
    """Everything the core says against the scenario (empty when it holds)."""
    where = f"scenario {scenario.id}"
    try:
        return [f"{where}: {problem}" for problem in _problems(scenario)]
    except BuracoInputError as exc:
        return [f"{where}: {error_message(exc, 'en')}"]


def _problems(s: Scenario) -> list[str]:
    problems: list[str] = []
    unknown = sorted(set(s.options) - set(OPTION_NAMES))
    if unknown:
        return [f"options: unknown option {unknown[0]!r}"]
    rules = s.ruleset()
    task = s.task
    if isinstance(task, MoveTask | ChooseTask) or (isinstance(task, JudgeTask) and task.move):
        scenario_state(s, rules)  # raises on an inconsistent position
    if isinstance(task, MoveTask):
        move = _move(task.solution)
        verdict = judge_scenario_move(s, move, rules)
        if not verdict.ok:
            problems.append(f"task.solution: the core refuses it: {', '.join(verdict.codes)}")
        elif not move_succeeds(s, move, verdict):
            problems.append(f"task.solution: lacks success codes {task.success_codes}")
        for i, wrong in enumerate(s.wrong):
            if wrong.move is None:
                problems.append(f"wrong[{i}]: a move task's wrong answer is a move")
                continue
            wrong_move = _move(wrong.move)
            v = judge_scenario_move(s, wrong_move, rules)
            if move_succeeds(s, wrong_move, v):
                problems.append(f"wrong[{i}]: the core counts this move as a success")
            problems.extend(_missing_codes(f"wrong[{i}]", wrong.codes, v))
    elif isinstance(task, JudgeTask):
        if (task.move is None) == (task.meld is None):
            return ["task: give exactly one of move or meld"]
        verdict = (
            judge_scenario_meld(task.meld, rules)
            if task.meld is not None
            else judge_scenario_move(s, _move(task.move), rules)  # type: ignore[arg-type]
        )
        if verdict.ok != task.legal:
            problems.append(f"task.legal: says {task.legal}, the core says {verdict.ok}")
        problems.extend(_missing_codes("task.codes", task.codes, verdict))
        for i, wrong in enumerate(s.wrong):
            if wrong.legal is None or wrong.legal == task.legal:
                problems.append(f"wrong[{i}]: a judge task's wrong answer is the other yes/no")
    elif isinstance(task, ChooseTask):
        for i, option in enumerate(task.options):
            if (option.move is None) == (option.meld is None):
                problems.append(f"task.options[{i}]: give exactly one of move or meld")
                continue
            ok = (
                judge_scenario_meld(option.meld, rules).ok
                if option.meld is not None
                else judge_scenario_move(s, _move(option.move), rules).ok  # type: ignore[arg-type]
            )
            if ok != (i in task.correct):
                problems.append(f"task.options[{i}]: the core says {'legal' if ok else 'illegal'}")
        for i, wrong in enumerate(s.wrong):
            if wrong.choice is None or sorted(wrong.choice) == sorted(task.correct):
                problems.append(f"wrong[{i}]: a choose task's wrong answer is another choice")
    else:
        totals = round_totals(s)
        if totals != task.answer:
            problems.append(f"task.answer: says {task.answer}, the core scores {totals}")
        for i, wrong in enumerate(s.wrong):
            if wrong.totals is None or wrong.totals == totals:
                problems.append(f"wrong[{i}]: a score task's wrong answer is other totals")
    for preset, expected in s.verdicts.items():
        got = task_verdict(s, preset)
        if got != expected:
            problems.append(f"verdicts.{preset}: says {expected}, the core says {got}")
    if "variant_difference" in s.themes and len(set(s.verdicts.values())) < 2:
        problems.append("verdicts: a variant_difference scenario needs verdicts that differ")
    return problems


def _missing_codes(where: str, codes: list[str], verdict: Verdict) -> list[str]:
    missing = [c for c in codes if c not in verdict.codes]
    if missing:
        return [f"{where}: the core does not give {missing} (it gives {list(verdict.codes)})"]
    return []


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


# --- grading a learner's answer --------------------------------------------------------------


@dataclass(frozen=True)
class Grade:
    """How a learner's answer fares: `correct`, the core's verdict where a move or meld was
    judged (its reasons explain the rule), and the anticipated wrong answer it matches (whose
    own explanation the learner should read)."""

    correct: bool
    verdict: Verdict | None = None
    wrong: Wrong | None = None
    totals: dict[str, int] | None = None  # score tasks: what the core scores


def grade_move(scenario: Scenario, move: Move) -> Grade:
    verdict = judge_scenario_move(scenario, move)
    wrong = next(
        (
            w
            for w in scenario.wrong
            if w.move is not None and _normal(_move(w.move)) == _normal(move)
        ),
        None,
    )
    return Grade(move_succeeds(scenario, move, verdict), verdict, wrong)


def grade_judgement(scenario: Scenario, legal: bool) -> Grade:
    task = scenario.task
    if not isinstance(task, JudgeTask):
        raise BuracoInputError(InputCode.WRONG_TASK, f"scenario {scenario.id}", wanted="judge")
    rules = scenario.ruleset()
    if task.meld is not None:
        verdict = judge_scenario_meld(task.meld, rules)
    else:
        assert task.move is not None
        verdict = judge_scenario_move(scenario, _move(task.move), rules)
    wrong = next((w for w in scenario.wrong if w.legal == legal), None)
    return Grade(legal == task.legal, verdict, wrong if legal != task.legal else None)


def grade_choice(scenario: Scenario, chosen: Iterable[int]) -> Grade:
    task = scenario.task
    if not isinstance(task, ChooseTask):
        raise BuracoInputError(InputCode.WRONG_TASK, f"scenario {scenario.id}", wanted="choice")
    picked = sorted(set(chosen))
    wrong = next(
        (w for w in scenario.wrong if w.choice is not None and sorted(w.choice) == picked), None
    )
    return Grade(picked == sorted(task.correct), None, wrong)


def option_verdict(scenario: Scenario, index: int) -> Verdict:
    """The core's verdict on one option of a choice task (to explain each option)."""
    task = scenario.task
    if not isinstance(task, ChooseTask):
        raise BuracoInputError(InputCode.WRONG_TASK, f"scenario {scenario.id}", wanted="choice")
    option = task.options[index]
    rules = scenario.ruleset()
    if option.meld is not None:
        return judge_scenario_meld(option.meld, rules)
    assert option.move is not None
    return judge_scenario_move(scenario, _move(option.move), rules)


def grade_score(scenario: Scenario, totals: dict[str, int]) -> Grade:
    expected = round_totals(scenario)
    wrong = next((w for w in scenario.wrong if w.totals == totals), None)
    return Grade(totals == expected, None, wrong, expected)
