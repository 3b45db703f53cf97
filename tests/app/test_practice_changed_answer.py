"""Exercícios after a checked answer is changed: the verdict that was given speaks of the
earlier answer, and says so; it is not the verdict of the answer now on screen. The tries,
the hint and the solution stay as they were."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app.inline_cards import as_read
from buraco_course import load_curriculum
from tests.app.test_lessons_practice import MATCH_WON, NATURAL_TWO, PICKUP, WORKED, tap

Open = Callable[..., AppTest]
Step = Callable[[AppTest, str], object]


def check(at: AppTest, key: str) -> AppTest:
    return at.button(key=f"{key}_check").click().run()


@dataclass(frozen=True)
class Case:
    scenario: str
    wrong: Step  # a wrong answer, checked
    change: Step  # another answer, not checked
    earlier: str  # how the grey line names the earlier answer
    right: Step  # from there, the right answer, checked


CASES = {
    "judge": Case(
        PICKUP,
        lambda at, key: (at.radio(key=f"{key}_legal").set_value("yes").run(), check(at, key)),
        lambda at, key: at.radio(key=f"{key}_legal").set_value("no").run(),
        "The earlier one (“Yes”) did not solve it",
        lambda at, key: check(at, key),
    ),
    "choose": Case(
        "which_wilds_fit",
        lambda at, key: (at.checkbox(key=f"{key}_option_3").check().run(), check(at, key)),
        lambda at, key: at.checkbox(key=f"{key}_option_0").check().run(),
        "The earlier one (marking option 4) did not solve it",
        lambda at, key: (
            at.checkbox(key=f"{key}_option_3").uncheck(),
            at.checkbox(key=f"{key}_option_1").check(),
            at.checkbox(key=f"{key}_option_2").check().run(),
            check(at, key),
        ),
    ),
    "score": Case(
        WORKED,
        lambda at, key: (
            at.number_input(key=f"{key}_total_A").set_value(999),
            at.number_input(key=f"{key}_total_B").set_value(-5).run(),
            check(at, key),
        ),
        lambda at, key: at.number_input(key=f"{key}_total_A").set_value(525).run(),
        "The earlier one (Side A: 999, Side B: -5) did not solve it",
        lambda at, key: check(at, key),
    ),
    "match": Case(
        MATCH_WON,
        lambda at, key: (at.radio(key=f"{key}_winner").set_value("none").run(), check(at, key)),
        lambda at, key: at.radio(key=f"{key}_winner").set_value("A").run(),
        "The earlier one (“Nobody yet: the match goes on”) did not solve it",
        lambda at, key: check(at, key),
    ),
    # On the board a refused move's answer already went grey once the pick changed
    # (board_task._answer_before): the same promise, kept here for every kind.
    "move": Case(
        NATURAL_TWO,
        lambda at, key: tap(at, "K♣", "K♥", "+ New meld"),
        lambda at, key: tap(at, "K♣"),
        "Answer to the earlier pick (lay K♣ ",  # (K♥ drawn red)
        lambda at, key: tap(at, "K♥", "4♠", "Meld 1:"),
    ),
}


def captions(at: AppTest) -> str:
    return as_read("\n".join(c.value for c in at.caption))


def exercise_mark(at: AppTest, scenario: str) -> str:
    """The mark before the exercise in the list: ✓ solved, ★ solved at the first try."""
    return str(at.selectbox[1].value == scenario and at.selectbox[1].format_func(scenario)[0])


@pytest.mark.parametrize("kind", list(CASES))
def test_a_changed_answer_no_longer_stands_beside_the_old_verdict(
    open_app: Open, kind: str
) -> None:
    """“Ainda não: “Sim” não resolve.” stayed red under “Não” once the learner changed the
    answer, until “Conferir” was pressed again. Now one grey line says it was about the
    earlier answer; the try still counts (no first-try star), the hint and the solution stay."""
    case = CASES[kind]
    at = open_app("practice", scenario=case.scenario, lang="en")
    key = f"sc_{case.scenario}"
    at.button(key=f"{key}_hint").click().run()
    case.wrong(at, key)
    assert at.error, "the wrong answer is said wrong"
    case.change(at, key)
    assert not at.exception
    assert not at.error, [e.value for e in at.error]
    assert case.earlier in captions(at)
    assert any("Hint:" in i.value for i in at.info)
    assert at.button(key=f"{key}_solution").label == "Show the solution"
    case.right(at, key)
    assert at.success and "Right!" in at.success[0].value
    assert case.earlier not in captions(at)
    assert exercise_mark(at, case.scenario) == "✓"  # two tries: no ★


def test_a_right_answer_changed_is_not_called_right_any_more(open_app: Open) -> None:
    """“Certo!” stood green beside a wrong answer picked after it; the line says the earlier
    answer was the right one, and picking it again brings its verdict back."""
    at = open_app("practice", scenario=MATCH_WON)
    key = f"sc_{MATCH_WON}"
    at.radio(key=f"{key}_winner").set_value("A").run()
    check(at, key)
    assert at.success
    at.radio(key=f"{key}_winner").set_value("B").run()
    assert not at.success and not at.error
    said = "Você mudou a resposta. A anterior (“A dupla A ganhou”) estava certa"
    assert said in captions(at)
    at.radio(key=f"{key}_winner").set_value("A").run()
    assert at.success and said not in captions(at)


def solution_said(at: AppTest) -> tuple[str, str]:
    """The solution's box as read: what it says in view, and what is behind its “why?”."""

    def said(block: Any, behind: bool) -> list[tuple[bool, str]]:
        found = []
        for child in getattr(block, "children", {}).values():
            value = getattr(child, "value", None)
            if isinstance(value, str):
                found.append((behind, value))
            found += said(child, behind or getattr(child, "type", "") == "expander")
        return found

    def box(block: Any) -> Any:
        """The innermost block that holds the solution's title."""
        for child in getattr(block, "children", {}).values():
            inner = box(child)
            if inner is not None:
                return inner
        titles = ("**Solution**", "**Solução**")
        mine = [getattr(c, "value", None) for c in getattr(block, "children", {}).values()]
        return block if any(v in titles for v in mine) else None

    parts = said(box(at.main), False)
    shown = as_read("\n".join(v for behind, v in parts if not behind))
    return shown, as_read("\n".join(v for behind, v in parts if behind))


def solution_after_a_try(open_app: Open, scenario: str, kind: str) -> AppTest:
    at = open_app("practice", scenario=scenario, lang="en")
    key = f"sc_{scenario}"
    if kind == "move":
        tap(at, "4♠", "Discard")
    else:
        if kind == "judge":
            at.radio(key=f"{key}_legal").set_value("yes").run()
        elif kind == "choose":
            at.checkbox(key=f"{key}_option_3").check().run()
        check(at, key)
    at.button(key=f"{key}_solution").click().run()
    assert not at.exception
    return at


@pytest.mark.parametrize(
    ("kind", "scenario", "answer", "reason"),
    [
        ("move", NATURAL_TWO, "Add 4♠ to meld 1", "2♠ moved back to its natural place"),
        ("judge", "no_second_wild", "No", "Two wilds in one meld (JK, 2♣)"),
        ("choose", "which_wilds_fit", "✗ 4. 5♠ JK 7♠ 2♦", "Two wilds in one meld (JK, 2♦)"),
    ],
)
def test_a_solution_says_its_point_once_with_the_rules_words_behind_why(
    open_app: Open, kind: str, scenario: str, answer: str, reason: str
) -> None:
    """The solution drew the rules judge's reasons, then the explanation saying the same in
    other words (“Two wilds in one meld: a meld takes one at most.” then “… A meld takes
    one at most”). It says the answer and the explanation; the judge's reasons, with their
    sources, are a tap away under “why?”, as after a move on the board (a wrong yes or no
    has them behind its own “why?”, above the solution: not twice)."""
    at = solution_after_a_try(open_app, scenario, kind)
    shown, _ = solution_said(at)
    explanation = as_read(load_curriculum().scenarios[scenario].explanation.get("en"))
    assert answer in shown and explanation in shown
    assert reason not in shown
    behind = "\n".join(as_read(m.value) for e in at.expander for m in e.markdown)
    assert behind.count(reason) == 1 and "(text" in behind
    assert any(e.label == "why?" for e in at.expander)


@pytest.mark.parametrize(
    ("scenario", "answer", "rule"),
    [
        (MATCH_WON, "Side A has won", "the higher total wins"),
        ("match_a_round_can_take_points", "Nobody yet: the match goes on", "reached 3000"),
        ("match_tie_at_the_top_plays_on", "Nobody yet: the match goes on", "round by round"),
    ],
)
def test_a_match_solution_states_the_rule_once(
    open_app: Open, scenario: str, answer: str, rule: str
) -> None:
    """Under the totals a verdict line stated the rule (“once a side reaches 3000, the
    match ends and the higher total wins (text 003)”), then the explanation stated it
    again. The line says the answer, as the question's option reads; the explanation the
    rule."""
    at = open_app("practice", scenario=scenario, lang="en")
    key = f"sc_{scenario}"
    wrong = "B" if answer == "Nobody yet: the match goes on" else "none"
    at.radio(key=f"{key}_winner").set_value(wrong).run()
    check(at, key)
    at.button(key=f"{key}_solution").click().run()
    shown, _ = solution_said(at)
    assert answer in shown
    assert shown.count(rule) == 1, shown
    assert shown.count("text 003") <= 1


def test_a_score_solution_keeps_both_the_items_and_the_worked_sum(open_app: Open) -> None:
    """A score's solution says the sum twice in a way (each side's items, then the worked
    arithmetic), but each has what the other lacks: the items name the melds and the seat
    of each hand, the explanation why. Both stay in view."""
    at = open_app("practice", scenario=WORKED, lang="en")
    key = f"sc_{WORKED}"
    at.number_input(key=f"{key}_total_A").set_value(100).run()
    check(at, key)
    at.button(key=f"{key}_solution").click().run()
    shown, behind = solution_said(at)
    assert "Side A: 525" in shown and "(player 3)" in shown
    assert as_read(load_curriculum().scenarios[WORKED].explanation.get("en")) in shown
    assert not behind
