"""What the rules core says of a scenario's moves, melds and rounds, and how a learner's
answer fares (`Grade`). The task kinds in models.py grade and check through these."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from buraco_core.cards import parse_cards
from buraco_core.errors import BuracoInputError, InputCode
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
from buraco_core.rules import RuleSet
from buraco_core.scoring import RoundScore, score_round
from buraco_core.state import State
from buraco_core.verdict import Verdict
from buraco_course.problems import Problem, problem

if TYPE_CHECKING:
    from buraco_course.models import Scenario, Wrong


@dataclass(frozen=True)
class Grade:
    """How a learner's answer fares: `correct`, the core's verdict where a move or meld was
    judged (its reasons explain the rule), and the anticipated wrong answer it matches (whose
    own explanation the learner should read)."""

    correct: bool
    verdict: Verdict | None = None
    wrong: Wrong | None = None
    totals: dict[str, int] | None = None  # score tasks: what the core scores


def scenario_state(scenario: Scenario, rules: RuleSet | None = None) -> State:
    """The scenario's position under these rules (its own rules: parsed once, then kept)."""
    if rules is None or rules == scenario.ruleset() or scenario.position is None:
        return scenario.state
    return position_from_data(rules, scenario.position, "position")


def judge_scenario_move(scenario: Scenario, move: Move, rules: RuleSet | None = None) -> Verdict:
    """The core's verdict of a move in the scenario's position."""
    rules = rules or scenario.ruleset()
    return play(rules, scenario_state(scenario, rules), move)[0]


def judge_scenario_meld(cards: Iterable[str], rules: RuleSet) -> Verdict:
    verdict = judge_meld(parse_cards(list(cards)), rules)
    return Verdict(verdict.ok, verdict.reasons)


def judge_move_or_meld(
    scenario: Scenario, rules: RuleSet, move: MoveData | None, meld: list[str] | None
) -> Verdict:
    """The verdict of a judge task or a choice option: exactly one of a move or a meld."""
    if meld is not None:
        return judge_scenario_meld(meld, rules)
    if move is None:
        raise BuracoInputError(InputCode.MOVE_OR_MELD, f"scenario {scenario.id}")
    return judge_scenario_move(scenario, move_of(move), rules)


def move_of(data: MoveData) -> Move:
    return move_from_data(data.model_dump(exclude_none=True))


def same_move(a: Move, b: Move) -> bool:
    """The same move, whatever the order of its cards."""
    return _normal(a) == _normal(b)


def _normal(move: Move) -> dict[str, Any]:
    data = move_to_data(move)
    if data["type"] == "lay":
        groups = data.pop("melds", None) or [data.pop("cards")]
        data["melds"] = sorted(sorted(g) for g in groups)
    for key in ("cards", "new_meld"):
        if key in data:
            data[key] = sorted(data[key])
    return data


def round_score_of(scenario: Scenario, round_data: dict[str, Any]) -> RoundScore:
    rules = scenario.ruleset()
    return score_round(rules, round_from_data(rules, round_data))


def missing_codes(where: str, codes: list[str], verdict: Verdict) -> list[Problem]:
    missing = [c for c in codes if c not in verdict.codes]
    if missing:
        return [problem(where, "codes_missing", missing=missing, given=verdict.codes)]
    return []
