"""The variants page's examples each show a difference, and the option that decides it is
said once, above the columns [issue 12: "every example must differ between at least two
presets, and the deciding option is highlighted, not repeated in three columns"]."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from buraco_app.compare import deciding_options
from buraco_core import judge_meld, parse_cards
from buraco_core.melds import extend_meld
from buraco_core.rules import PRESET_NAMES, PRESETS, RuleSet
from buraco_text import catalog, option_name

OpenApp = Callable[..., AppTest]
PT = catalog("pt")
# The page's examples, as the page lists them (key, cards, built up), and what decides each.
EXAMPLES = [
    ("variants.example.trinca", "5h 5s 5d", False, ["trincas"]),
    (
        "variants.example.500",
        "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks",
        True,
        ["big_canastras_at_once"],
    ),
    ("variants_decide.example_trinca_canastra", "7h 7s 7d 7c 7h 7s 2c", False, ["trincas"]),
]


def answer(cards: str, built_up: bool, rules: RuleSet) -> tuple[object, ...]:
    hand = parse_cards(cards)
    if not built_up:
        verdict = judge_meld(hand, rules)
    else:
        first = judge_meld(hand[:-1], rules)
        assert first.meld is not None
        verdict = extend_meld(first.meld, hand[-1:], rules)
    return (verdict.ok, verdict.canastra, verdict.points)


def test_the_page_lists_these_examples() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "app_pages" / "variants.py").read_text()
    for key, cards, built_up, _ in EXAMPLES:
        assert f'"{key}": ("{cards}", {built_up})' in text


@pytest.mark.parametrize(("key", "cards", "built_up", "decides"), EXAMPLES)
def test_every_example_differs_between_presets(
    key: str, cards: str, built_up: bool, decides: list[str]
) -> None:
    answers = {p: answer(cards, built_up, PRESETS[p]) for p in PRESET_NAMES}
    assert len(set(answers.values())) >= 2, answers
    assert deciding_options(lambda rules: answer(cards, built_up, rules), lambda a: a) == decides


def test_the_deciding_option_is_shown_once(open_app: OpenApp) -> None:
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("meld").run()
    at.pills(key="variants_example").set_value("variants.example.trinca").run()
    assert not at.exception
    boxes = [i.value for i in at.info if PT["variants_decide.decides"] in i.value]
    # One box, above the columns, naming trincas alone.
    assert len(boxes) == 1 and boxes[0].count("**") == 2
    assert f"**{option_name('trincas', 'pt')}**" in boxes[0]


def test_a_meld_judged_alike_says_so(open_app: OpenApp) -> None:
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("meld").run()
    at.text_input(key="variants_cards").input("3s 2s 5s 4s").run()
    assert PT["variants_decide.alike"] in [c.value for c in at.caption]


def test_every_same_move_position_differs() -> None:
    """The positions of the "same move" section (the course's variant-difference scenarios)
    are each judged differently somewhere, and an option decides it."""
    from buraco_app import scenario_player
    from buraco_core.errors import BuracoInputError
    from buraco_core.judge import play
    from buraco_core.notation import position_from_data

    course = scenario_player.course()
    found = 0
    for scenario in course.scenarios.values():
        move = scenario.task.judged_move
        if "variant_difference" not in scenario.themes or scenario.position is None or not move:
            continue
        found += 1

        def judged(rules: RuleSet, data: object = scenario.position, move: object = move) -> object:
            try:
                verdict = play(rules, position_from_data(rules, data), move)[0]  # type: ignore[arg-type]
            except BuracoInputError as exc:
                return exc.code
            return (verdict.ok, verdict.codes)

        assert deciding_options(judged, lambda a: a), scenario.id
    assert found


def test_the_same_move_names_its_deciding_option(open_app: OpenApp) -> None:
    at = open_app("variants")
    at.segmented_control(key="variants_view").set_value("move").run()
    assert not at.exception
    assert [i for i in at.info if PT["variants_decide.decides"] in i.value]
