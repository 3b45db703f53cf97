"""Inputs that describe something that cannot happen at the table are refused, the field
named, never scored or judged [issue 11, impossible inputs]."""

import copy
from typing import Any

import pytest

from buraco_core.errors import BuracoInputError, InputCode
from buraco_core.notation import move_from_data, position_from_data, round_from_data
from buraco_core.rules import ruleset
from buraco_core.scoring import score_round
from buraco_text import error_message
from tests.test_scoring import WORKED_EXAMPLE  # RULES.md's worked example [seed 003]


def score_error(data: dict[str, Any], preset: str = "fechado") -> BuracoInputError:
    rules = ruleset(preset)
    with pytest.raises(BuracoInputError) as info:
        score_round(rules, round_from_data(rules, data))
    return info.value


def test_going_out_without_the_morto_is_refused() -> None:
    """Going out needs the morto [seed 001, 002]: a round claiming otherwise is impossible."""
    data = copy.deepcopy(WORKED_EXAMPLE)
    data["sides"][0]["took_morto"] = False
    err = score_error(data)
    assert (err.code, err.path) == (InputCode.WENT_OUT_WITHOUT_MORTO, "sides[0].took_morto")
    assert "morto" in error_message(err, "pt")


def test_going_out_without_a_morto_when_nobody_took_one_is_scored() -> None:
    """Both mortos became the stock and nobody took one: going out needs no morto [001]."""
    data = copy.deepcopy(WORKED_EXAMPLE)
    for side in data["sides"]:
        side["took_morto"] = False
    rules = ruleset("fechado")
    assert score_round(rules, round_from_data(rules, data)).sides[0].total > 0


def test_going_out_without_the_canastra_go_out_requires_is_refused() -> None:
    """go_out_requires: a clean canastra (aberto) or any canastra (fechado) [seed 001, 002]."""
    data = copy.deepcopy(WORKED_EXAMPLE)
    data["sides"][0]["melds"] = data["sides"][0]["melds"][1:]  # only the dirty canastra left
    err = score_error(data, "aberto")
    assert (err.code, err.path) == (InputCode.WENT_OUT_WITHOUT_CANASTRA, "sides[0].melds")
    rules = ruleset("fechado")
    assert score_round(rules, round_from_data(rules, data)).sides[0].total > 0
    data["sides"][0]["melds"] = [["Qc", "Kc", "Ac"]]
    assert score_error(data, "fechado").code is InputCode.WENT_OUT_WITHOUT_CANASTRA


def test_more_than_two_sides_is_refused() -> None:
    data = copy.deepcopy(WORKED_EXAMPLE)
    data["sides"].append({"name": "C"})
    err = score_error(data)
    assert (err.code, err.path) == (InputCode.TOO_MANY_SIDES, "sides")


def test_two_sides_going_out_is_refused() -> None:
    data = copy.deepcopy(WORKED_EXAMPLE)
    data["sides"][1]["went_out"] = True
    data["sides"][1]["melds"].append(["4c", "5c", "6c", "7c", "8c", "9c", "10c"])
    assert score_error(data).code is InputCode.TWO_WENT_OUT


POSITION: dict[str, Any] = {"players": 2, "phase": "play", "hands": [["5h", "6h"], 11]}


@pytest.mark.parametrize(
    ("morto", "mortos"),
    [
        (["taken", "taken"], [11, 11]),
        (["available", "available"], []),
        (["available", "taken"], [11, 11]),
        (["stock", "taken"], [11]),
    ],
)
def test_mortos_contradicting_the_morto_statuses_are_refused(
    morto: list[str], mortos: list[int]
) -> None:
    with pytest.raises(BuracoInputError) as info:
        position_from_data(ruleset("fechado"), {**POSITION, "morto": morto, "mortos": mortos})
    assert (info.value.code, info.value.path) == (InputCode.MORTOS_CONTRADICT, "position.mortos")


@pytest.mark.parametrize(
    ("morto", "mortos"),
    [
        (["available", "available"], [11, 11]),
        (["available", "available"], [11]),
        (["taken", "available"], [11]),
        (["taken", "stock"], []),
    ],
)
def test_mortos_fitting_the_morto_statuses_are_read(morto: list[str], mortos: list[int]) -> None:
    state = position_from_data(ruleset("fechado"), {**POSITION, "morto": morto, "mortos": mortos})
    assert len(state.mortos) == len(mortos)


def test_a_field_of_another_move_type_is_refused_never_dropped() -> None:
    """`extend` on take_lixo means the top card onto one's own meld; `side` belongs to extend:
    judged together they would be a different move than the one written."""
    with pytest.raises(BuracoInputError) as info:
        move_from_data({"type": "take_lixo", "extend": 0, "side": 1})
    assert (info.value.code, info.value.path) == (InputCode.NOT_FOR_MOVE, "move.side")
    assert "take_lixo" in error_message(info.value, "en")
    with pytest.raises(BuracoInputError):
        move_from_data({"type": "draw", "card": "4h"})


def test_a_discards_card_written_in_an_extend_is_said_to_be_the_discards() -> None:
    """`"card": ["4s"]` in an extend: the field is the discard's, and that is the mistake; the
    error said its value was no text, in quotes (“esperava um texto entre aspas”), so the
    writer fixed the value and met the same field refused next [newcomer review]."""
    with pytest.raises(BuracoInputError) as info:
        move_from_data({"type": "extend", "meld": 0, "card": ["4s"]})
    assert (info.value.code, info.value.path) == (InputCode.NOT_FOR_MOVE, "move.card")
    assert "os campos dela: cards, meld" in error_message(info.value, "pt")


def test_going_out_without_the_canastra_says_which_one_the_rules_ask_for() -> None:
    """go_out_requires [seed 001, 002]: the message says what these rules ask for (a clean
    canastra, or any), not both possibilities."""
    data = copy.deepcopy(WORKED_EXAMPLE)
    data["sides"][0]["melds"] = data["sides"][0]["melds"][1:]  # only the dirty canastra left
    said = error_message(score_error(data, "aberto"), "pt")
    assert "não tem canastra limpa" in said and "go_out_requires" in said
    data["sides"][0]["melds"] = [["Qc", "Kc", "Ac"]]
    said = error_message(score_error(data, "fechado"), "en")
    assert "this side has no canastra" in said and "clean" not in said


_POSITION = {"players": 2, "phase": "play", "hands": [["4h", "5h", "6h", "7c"], 11], "lixo": ["7c"]}


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"seed": True}, "position.seed"),
        ({"turn": True}, "position.turn"),
        ({"turn": False}, "position.turn"),
        ({"phase": "ended", "went_out": True}, "position.went_out"),
        ({"lixo": {"top": "7c", "count": True}}, "position.lixo.count"),
        (
            {"mortos": [11], "morto": [{"status": "waiting", "seat": True, "cards": 11}, "taken"]},
            "position.morto[0].seat",
        ),
    ],
)
def test_a_boolean_is_no_whole_number_in_a_position(change: dict[str, Any], where: str) -> None:
    """JSON's true is an int to Python: `"seed": true` was read as seed 1 and `"turn":
    false` as seat 0. A whole number's field refuses a boolean, as any other wrong type."""
    with pytest.raises(BuracoInputError) as info:
        position_from_data(ruleset("fechado"), _POSITION | change)
    assert (info.value.code, info.value.path) == (InputCode.EXPECTED_NUMBER, where)
    said = error_message(info.value, "en")
    assert said.startswith(f"{where}: expected a whole number") and said.endswith(("true", "false"))


@pytest.mark.parametrize(
    ("move", "where"),
    [
        ({"type": "draw", "seat": True}, "move.seat"),
        ({"type": "extend", "meld": True, "cards": ["4h"]}, "move.meld"),
        ({"type": "extend", "meld": 0, "side": False, "cards": ["4h"]}, "move.side"),
        ({"type": "take_lixo", "extend": True}, "move.extend"),
    ],
)
def test_a_boolean_is_no_whole_number_in_a_move(move: dict[str, Any], where: str) -> None:
    with pytest.raises(BuracoInputError) as info:
        move_from_data(move)
    assert (info.value.code, info.value.path) == (InputCode.EXPECTED_NUMBER, where)


def test_a_boolean_is_no_whole_number_in_a_round() -> None:
    data = copy.deepcopy(WORKED_EXAMPLE)
    data["sides"][0]["corte_cards"] = True
    err = score_error(data)
    assert (err.code, err.path) == (InputCode.EXPECTED_NUMBER, "sides[0].corte_cards")


@pytest.mark.parametrize(("players", "turn"), [(2, 2), (2, 3), (2, 5), (4, 4), (4, 7)])
def test_a_turn_past_the_players_names_the_seat_that_does_not_exist(
    players: int, turn: int
) -> None:
    """Seats are 0 to players - 1 in a position [000: 2 or 4 players]. A seat past them is
    named as such, and the count of players given; it said "at most 3" of a seat 5 with two
    players, the schema's bound for four, which misleads a person fixing a two-player file."""
    hands: list[list[str]] = [["4h", "5h"] for _ in range(players)]
    with pytest.raises(BuracoInputError) as info:
        position_from_data(ruleset("fechado"), {"players": players, "turn": turn, "hands": hands})
    assert (info.value.code, info.value.path) == (InputCode.NO_SUCH_SEAT, "position.turn")
    said = error_message(info.value, "pt")
    assert f"o lugar {turn} não existe com {players} jogadores" in said
