"""Exercícios after a checked answer is changed: the verdict that was given speaks of the
earlier answer, and says so; it is not the verdict of the answer now on screen. The tries,
the hint and the solution stay as they were."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app.inline_cards import as_read
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
