"""What the rules core says of a scenario's moves, melds and rounds, and how a learner's
answer fares (`Grade`). The task kinds in models.py grade and check through these."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from buraco_core.cards import parse_cards
from buraco_core.codes import Code
from buraco_core.errors import BuracoInputError, InputCode
from buraco_core.judge import lixo_pickups, play
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
    common_error: str | None = None  # which of COMMON_ERROR_NAMES the answer made, if any
    # The lixo taken without saying where its top card goes, where it fits a meld: what the
    # move left out, not the common error (the board says how to say it).
    top_card_untold: bool = False


# The common errors source 003 names (RULES.md), in its order: taking the lixo in Fechado
# without being able to use its top card; two wilds in one meld; going out without a clean
# canastra or without the morto; forgetting that a 2 can sit in its natural place and keep
# the canastra clean. A learner who makes one is told it is one.
COMMON_ERROR_NAMES = ("lixo_top_card", "two_wilds", "going_out", "natural_two")

# The reason codes that refuse the first three, the most telling first: a pickup refused
# because its meld holds two wilds is the two-wilds error. A pickup refused for its top card
# (none said, none that fits as placed, a wild on top onto an existing meld) is the lixo
# error only where the top card fits no meld at all: "sem conseguir usar" [003].
_REFUSED_AS = {
    Code.TWO_WILDS: "two_wilds",
    Code.GO_OUT_NEEDS_MORTO: "going_out",
    Code.GO_OUT_NEEDS_CANASTRA: "going_out",
    Code.GO_OUT_NEEDS_CLEAN_CANASTRA: "going_out",
    Code.PICKUP_NEEDS_JUSTIFICATION: "lixo_top_card",
    Code.PICKUP_TOP_CARD_NOT_USED: "lixo_top_card",
    Code.WILD_TOP_CARD_NEW_MELD_ONLY: "lixo_top_card",
}
_NATURAL = (Code.NATURAL_TWO, Code.TWO_MOVED_TO_NATURAL)


def refused_common_error(verdict: Verdict, scenario: Scenario) -> str | None:
    """The common error a refused move or meld of the scenario makes, if any."""
    if verdict.ok:
        return None
    name = next((name for code, name in _REFUSED_AS.items() if code in verdict.codes), None)
    if name == "lixo_top_card" and top_card_fits(scenario):
        return None
    return name


def top_card_fits(scenario: Scenario) -> bool:
    """Whether the lixo's top card fits a meld in the scenario's position: the lixo may be
    taken there, its top card placed."""
    if scenario.position is None:
        return False
    return bool(lixo_pickups(scenario.ruleset(), scenario.state))


def top_card_untold(verdict: Verdict, scenario: Scenario) -> bool:
    """Whether a refused pickup said nothing of where the top card goes, where it fits."""
    untold = Code.PICKUP_NEEDS_JUSTIFICATION in verdict.codes
    return not verdict.ok and untold and top_card_fits(scenario)


def forgot_the_natural_two(verdict: Verdict, solution: Verdict) -> bool:
    """Whether a legal move forgot the natural 2 that the task's solution keeps clean: the
    solution has a 2 in its natural place and no wild, and the move has no such 2 (it used a
    wild, threw the 2 away, did something else) or brought a wild in."""
    natural = [c for c in _NATURAL if c in solution.codes]
    if not verdict.ok or not natural or Code.WILD_STANDS_FOR in solution.codes:
        return False
    return any(c not in verdict.codes for c in natural) or Code.WILD_STANDS_FOR in verdict.codes


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
