"""Lessons and scenarios as data: pydantic models (unknown fields rejected). Each task kind
carries its own grade (a learner's answer), check (what the core says against it) and
solution, so no caller branches over the kinds to judge them."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cached_property
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from buraco_core.errors import ID_PATTERN, BuracoInputError, InputCode, typed
from buraco_core.moves import Move
from buraco_core.notation import MoveData, position_from_data
from buraco_core.rules import PresetName, RuleSet, ruleset
from buraco_core.scoring import MatchStanding, RoundScore, match_standing
from buraco_core.state import State
from buraco_core.verdict import Verdict
from buraco_course.grader import (
    Grade,
    forgot_the_natural_two,
    judge_move_or_meld,
    judge_scenario_move,
    missing_codes,
    move_of,
    refused_common_error,
    round_score_of,
    same_move,
    top_card_untold,
)
from buraco_course.problems import Problem, problem

Theme = Literal[
    "cards", "sequences", "wild_cards", "clean_vs_dirty", "canastras", "natural_two", "turn",
    "justified_pickup", "lixo", "morto", "direct_vs_indirect", "going_out", "stock_out",
    "scoring", "variant_difference", "house_rules", "trincas", "common_errors",
]  # fmt: skip
THEMES: tuple[str, ...] = get_args(Theme)
Seed = Literal["000", "001", "002", "003"]
Id = Annotated[str, Field(pattern=ID_PATTERN, min_length=3, max_length=60)]


class _Strict(BaseModel):
    # Strict: a value is taken as the author wrote it. Pydantic's lax mode read `order = true`
    # as lesson 1, "5" or 5.0 as 5, and `legal = 1` or "yes" as true: a slip loaded as a
    # lesson in the wrong place, a wrong total or the opposite answer.
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class Text(_Strict):
    """A text in Brazilian Portuguese and in English (Markdown)."""

    pt: str = Field(min_length=1)
    en: str = Field(min_length=1)

    def get(self, lang: str) -> str:
        return self.en if lang == "en" else self.pt


class Wrong(_Strict):
    """An anticipated wrong answer and its own explanation. Exactly one of: a move, a meld,
    a yes/no, a chosen set, score totals, or a match's winner. `codes`: what the core must
    say of it."""

    move: MoveData | None = None
    meld: list[str] | None = None
    legal: bool | None = None
    choice: list[int] | None = None
    totals: dict[str, int] | None = None
    winner: str | None = None
    codes: list[str] = Field(default_factory=list)
    explanation: Text


# --- tasks -----------------------------------------------------------------------------------


class _Task(_Strict):
    """What every task kind answers."""

    @property
    def needs_position(self) -> bool:
        return True

    @property
    def judged_move(self) -> Move | None:
        """The move the task is about, if any (what a variant difference compares)."""
        return None

    def problems(self, scenario: Scenario, rules: RuleSet) -> list[Problem]:
        """What the core says against the task and its anticipated wrong answers."""
        raise NotImplementedError

    def verdict(self, scenario: Scenario, rules: RuleSet) -> bool:
        """The verdict of what the task judges under other rules (variant differences)."""
        raise BuracoInputError(
            InputCode.WRONG_TASK, f"scenario {scenario.id}: verdicts", wanted=("judge", "move")
        )


class MoveTask(_Task):
    """Make a move. Success: a legal move whose verdict carries every `success_codes` code;
    without success codes, the solution's move itself (cards in any order)."""

    kind: Literal["move"]
    solution: MoveData
    success_codes: list[str] = Field(default_factory=list)

    @property
    def solution_move(self) -> Move:
        return move_of(self.solution)

    @property
    def judged_move(self) -> Move | None:
        return self.solution_move

    def succeeds(self, move: Move, verdict: Verdict) -> bool:
        """Does this move, with this verdict of the core, solve the task?"""
        if not verdict.ok:
            return False
        if self.success_codes:
            return all(code in verdict.codes for code in self.success_codes)
        return same_move(move, self.solution_move)

    def grade(self, scenario: Scenario, move: Move) -> Grade:
        verdict = judge_scenario_move(scenario, move)
        wrong = next(
            (w for w in scenario.wrong if w.move is not None and same_move(move_of(w.move), move)),
            None,
        )
        if self.succeeds(move, verdict):
            return Grade(True, verdict, wrong)
        if verdict.ok:  # a legal move that misses: did it forget the natural 2?
            solution = judge_scenario_move(scenario, self.solution_move)
            error = "natural_two" if forgot_the_natural_two(verdict, solution) else None
        else:
            error = refused_common_error(verdict, scenario)
        untold = top_card_untold(verdict, scenario)
        return Grade(False, verdict, wrong, common_error=error, top_card_untold=untold)

    def verdict(self, scenario: Scenario, rules: RuleSet) -> bool:
        return judge_scenario_move(scenario, self.solution_move, rules).ok

    def problems(self, scenario: Scenario, rules: RuleSet) -> list[Problem]:
        problems: list[Problem] = []
        verdict = judge_scenario_move(scenario, self.solution_move, rules)
        if not verdict.ok:
            problems.append(problem("task.solution", "refused", codes=verdict.codes))
        elif not self.succeeds(self.solution_move, verdict):
            problems.append(problem("task.solution", "lacks_success", codes=self.success_codes))
        for i, wrong in enumerate(scenario.wrong):
            if wrong.move is None:
                problems.append(problem(f"wrong[{i}]", "wrong_not_move"))
                continue
            wrong_move = move_of(wrong.move)
            v = judge_scenario_move(scenario, wrong_move, rules)
            if self.succeeds(wrong_move, v):
                problems.append(problem(f"wrong[{i}]", "wrong_succeeds"))
            problems.extend(missing_codes(f"wrong[{i}]", wrong.codes, v))
        return problems


class JudgeTask(_Task):
    """Is this move (in the position) or this meld legal? Yes or no, then why."""

    kind: Literal["judge"]
    move: MoveData | None = None
    meld: list[str] | None = None
    legal: bool
    codes: list[str] = Field(default_factory=list, description="reason codes of the why")

    @property
    def needs_position(self) -> bool:
        return self.move is not None

    @property
    def judged_move(self) -> Move | None:
        return move_of(self.move) if self.move is not None else None

    def judged(self, scenario: Scenario, rules: RuleSet | None = None) -> Verdict:
        """The core's verdict of the move or meld the task asks about."""
        return judge_move_or_meld(scenario, rules or scenario.ruleset(), self.move, self.meld)

    def grade(self, scenario: Scenario, legal: bool) -> Grade:
        wrong = next((w for w in scenario.wrong if w.legal == legal), None)
        correct = legal == self.legal
        judged = self.judged(scenario)
        if correct:
            return Grade(True, judged)
        # A yes to a move or meld refused for a common error is believing that error allowed.
        return Grade(False, judged, wrong, common_error=refused_common_error(judged, scenario))

    def verdict(self, scenario: Scenario, rules: RuleSet) -> bool:
        return self.judged(scenario, rules).ok

    def problems(self, scenario: Scenario, rules: RuleSet) -> list[Problem]:
        if (self.move is None) == (self.meld is None):
            return [problem("task", "move_or_meld")]
        problems: list[Problem] = []
        verdict = self.judged(scenario, rules)
        if verdict.ok != self.legal:
            problems.append(
                problem("task.legal", "legal_differs", says=self.legal, core=verdict.ok)
            )
        problems.extend(missing_codes("task.codes", self.codes, verdict))
        for i, wrong in enumerate(scenario.wrong):
            if wrong.legal is None or wrong.legal == self.legal:
                problems.append(problem(f"wrong[{i}]", "wrong_not_other_answer"))
        return problems


class ChoiceOption(_Strict):
    move: MoveData | None = None
    meld: list[str] | None = None
    label: Text | None = None


class ChooseTask(_Task):
    """Which of these melds or moves are legal? `correct`: the indexes of the legal ones."""

    kind: Literal["choose"]
    options: list[ChoiceOption] = Field(min_length=2)
    correct: list[int]

    def option_verdict(self, scenario: Scenario, index: int) -> Verdict:
        """The core's verdict on one option (to explain each option)."""
        option = self.options[index]
        return judge_move_or_meld(scenario, scenario.ruleset(), option.move, option.meld)

    def grade(self, scenario: Scenario, chosen: Iterable[int]) -> Grade:
        picked = sorted(set(chosen))
        wrong = next(
            (w for w in scenario.wrong if w.choice is not None and sorted(w.choice) == picked),
            None,
        )
        if picked == sorted(self.correct):
            return Grade(True, None, wrong)
        # Picking an option refused for a common error is believing that error allowed.
        refused = (refused_common_error(self.option_verdict(scenario, i), scenario) for i in picked)
        error = next((e for e in refused if e is not None), None)
        return Grade(False, None, wrong, common_error=error)

    def problems(self, scenario: Scenario, rules: RuleSet) -> list[Problem]:
        problems: list[Problem] = []
        for i, option in enumerate(self.options):
            if (option.move is None) == (option.meld is None):
                problems.append(problem(f"task.options[{i}]", "move_or_meld"))
                continue
            ok = judge_move_or_meld(scenario, rules, option.move, option.meld).ok
            if ok != (i in self.correct):
                problems.append(
                    problem(f"task.options[{i}]", "option_legal" if ok else "option_illegal")
                )
        for i, wrong in enumerate(scenario.wrong):
            if wrong.choice is None or sorted(wrong.choice) == sorted(self.correct):
                problems.append(problem(f"wrong[{i}]", "wrong_not_other_choice"))
        return problems


class ScoreTask(_Task):
    """What does this round score? `round` as `buraco score` reads it; `answer` per side.
    `your_side`: where the goal speaks of "you", the side the learner plays for (its first
    hand the learner's, its second the partner's), for the panel to say so; left out where
    the goal speaks of no one."""

    kind: Literal["score"]
    round: dict[str, Any]
    answer: dict[str, int]
    your_side: str | None = None

    @field_validator("your_side")
    @classmethod
    def _names_a_side(cls, value: str | None, info: ValidationInfo) -> str | None:
        """A side the round has (read after `round`: a misspelt name marked no side)."""
        if value is None or "round" not in info.data:
            return value
        sides = _side_names(info.data["round"])
        if value not in sides:
            context = {"value": typed(value), "allowed": sides, "case": "side"}
            raise PydanticCustomError(InputCode.NOT_ONE_OF.value, "no such side", context)
        return value

    @property
    def needs_position(self) -> bool:
        return False

    def score(self, scenario: Scenario) -> RoundScore:
        return round_score_of(scenario, self.round)

    def totals(self, scenario: Scenario) -> dict[str, int]:
        return {side.name: side.total for side in self.score(scenario).sides}

    def grade(self, scenario: Scenario, totals: dict[str, int]) -> Grade:
        expected = self.totals(scenario)
        wrong = next((w for w in scenario.wrong if w.totals == totals), None)
        return Grade(totals == expected, None, wrong, expected)

    def problems(self, scenario: Scenario, rules: RuleSet) -> list[Problem]:
        problems: list[Problem] = []
        totals = self.totals(scenario)
        if totals != self.answer:
            problems.append(
                problem(
                    "task.answer", "answer_differs", says=_totals(self.answer), core=_totals(totals)
                )
            )
        for i, wrong in enumerate(scenario.wrong):
            if wrong.totals is None or wrong.totals == totals:
                problems.append(problem(f"wrong[{i}]", "wrong_not_other_totals"))
                continue
            # Said after a wrong try, with tries left: the right total is the solution's.
            missed = {totals[s] for s, got in wrong.totals.items() if totals.get(s, got) != got}
            for lang in ("pt", "en"):
                said = _figures(wrong.explanation.get(lang)) & missed
                if said:
                    where = f"wrong[{i}].explanation.{lang}"
                    problems.append(problem(where, "wrong_says_answer", total=min(said)))
        return problems


def _figures(text: str) -> set[int]:
    """The whole numbers a text says, signed, grouped or not ("−100", "1.245", "1,245")."""
    found = re.findall(r"(?<![\w.,])([-−]?)(\d{1,3}(?:[.,]\d{3})+|\d+)(?![\w]|[.,]\d)", text)
    return {int(re.sub(r"\D", "", digits)) * (-1 if sign else 1) for sign, digits in found}


def _side_names(round_data: dict[str, Any]) -> tuple[str, ...]:
    """The sides' names in a score task's round, as the core reads them (a side left
    unnamed is A, B, ... by its place)."""
    raw = round_data.get("sides")
    sides = raw if isinstance(raw, list) else []
    return tuple(
        str(side.get("name", chr(ord("A") + i)) if isinstance(side, dict) else chr(ord("A") + i))
        for i, side in enumerate(sides)
    )


def _totals(totals: dict[str, int]) -> str:
    return ", ".join(f"{side} {points}" for side, points in totals.items())


PLAYS_ON = "none"  # a match task's answer while the match goes on: no side has won yet


class MatchTask(_Task):
    """Who has won the match once this round is added? `before`: each side's total before
    the round; `round`: what each side made in it; `winner`: a side's name, or "none" while
    the match goes on (no side at the target yet, or a tie at the top) [003]."""

    kind: Literal["match"]
    before: dict[str, int] = Field(min_length=2)
    round: dict[str, int]
    winner: str

    @property
    def needs_position(self) -> bool:
        return False

    def standing(self, scenario: Scenario) -> MatchStanding:
        """The core's standing after the round (a side missing from `round` made 0 in it:
        the check says so)."""
        names = list(self.before)
        rows = [list(self.before.values()), [self.round.get(name, 0) for name in names]]
        return match_standing(scenario.ruleset(), names, rows)

    def expected(self, scenario: Scenario) -> str:
        return self.standing(scenario).winner or PLAYS_ON

    def grade(self, scenario: Scenario, winner: str) -> Grade:
        wrong = next((w for w in scenario.wrong if w.winner == winner), None)
        return Grade(winner == self.expected(scenario), None, wrong)

    def problems(self, scenario: Scenario, rules: RuleSet) -> list[Problem]:
        problems: list[Problem] = []
        sides = list(self.before)
        if sorted(self.round) != sorted(sides):
            said = ", ".join(self.round)
            problems.append(
                problem("task.round", "match_sides_differ", says=said, sides=", ".join(sides))
            )
        choices = [*sides, PLAYS_ON]
        if self.winner not in choices:
            problems.append(
                problem("task.winner", "not_a_winner", says=self.winner, choices=", ".join(choices))
            )
        expected = self.expected(scenario)
        if self.winner in choices and self.winner != expected:
            problems.append(
                problem("task.winner", "winner_differs", says=self.winner, core=expected)
            )
        for i, wrong in enumerate(scenario.wrong):
            if wrong.winner not in choices or wrong.winner == expected:
                problems.append(problem(f"wrong[{i}]", "wrong_not_other_winner"))
        return problems


Task = Annotated[
    MoveTask | JudgeTask | ChooseTask | ScoreTask | MatchTask, Field(discriminator="kind")
]


# --- scenarios and lessons -------------------------------------------------------------------


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

    @cached_property
    def state(self) -> State:
        """The position under the scenario's own rules, parsed once (scenarios are frozen)."""
        if self.position is None:
            raise BuracoInputError(InputCode.NEEDS_POSITION, f"scenario {self.id}: position")
        return position_from_data(self.ruleset(), self.position, "position")


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
