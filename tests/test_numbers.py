"""A number typed at the table or in a link means the same in the rules' options and in the
score sheet (one reader, buraco_core.numbers) [issue 9], and thousands of digits are refused
as too large, never a traceback [issue 11]."""

from __future__ import annotations

import pytest

from buraco_app.sheets import SheetError, parse_points
from buraco_core.errors import BuracoInputError, InputCode
from buraco_core.rules import ruleset


@pytest.mark.parametrize("typed", ["20", " 20 ", "20.0", "+20"])
def test_an_option_reads_a_number_as_typed(typed: str) -> None:
    assert ruleset("fechado", joker_points=typed).joker_points == 20


@pytest.mark.parametrize(
    ("typed", "points"), [("-150", -150), ("\u2212150", -150), ("1.200", 1200), ("1 200", 1200)]
)
def test_the_sheet_reads_points_as_typed_at_a_brazilian_table(typed: str, points: int) -> None:
    assert parse_points(typed) == points


def test_thousands_of_digits_are_too_large_not_a_crash() -> None:
    with pytest.raises(SheetError) as caught:
        parse_points("9" * 5000)
    assert caught.value.code == "points_absurd"
    with pytest.raises(BuracoInputError) as refused:
        ruleset("fechado", joker_points="9" * 5000)
    assert refused.value.code is InputCode.TOO_LARGE


@pytest.mark.parametrize("typed", ["11111111111111111111", "-99999999999999999"])
def test_too_many_points_are_said_as_typed(typed: str) -> None:
    """Past the digits the reader converts, the message names what was typed, not the
    stand-in number it reads it as ("1.000.000.000.000.000 pontos numa rodada?")."""
    with pytest.raises(SheetError) as caught:
        parse_points(typed)
    assert caught.value.code == "points_absurd"
    assert caught.value.params["value"] == typed
    assert parse_points_refusal(60_000).params["value"] == 60_000  # a number stays one


def parse_points_refusal(value: object) -> SheetError:
    with pytest.raises(SheetError) as caught:
        parse_points(value)
    return caught.value


@pytest.mark.parametrize("typed", ["2.5", "1.20", "vinte", "", "true"])
def test_what_is_not_a_whole_number_is_refused(typed: str) -> None:
    with pytest.raises(BuracoInputError):
        ruleset("fechado", joker_points=typed)
    with pytest.raises(SheetError):
        parse_points(typed)
