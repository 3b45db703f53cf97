"""Bad input: a code, the field's path and the values, worded in pt-BR and English [issue 9]."""

from __future__ import annotations

import string

import pytest

from buraco_cli.main import main
from buraco_core.cards import parse_card
from buraco_core.errors import BuracoInputError, InputCode
from buraco_core.notation import round_from_data
from buraco_core.rules import ruleset
from buraco_text import catalog, error_message


def _placeholders(text: str) -> set[str]:
    # "{piles|monte|montes}" is the word that agrees with {piles}: the name is before "|".
    return {name.split("|")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("code", list(InputCode))
def test_every_input_error_code_has_both_languages_with_the_same_placeholders(
    code: InputCode,
) -> None:
    pt, en = (catalog(lang)[f"input_error.{code}"] for lang in ("pt", "en"))
    assert pt != en
    assert _placeholders(pt) == _placeholders(en)


def test_an_input_error_carries_its_code_path_and_values() -> None:
    """Callers place and word an error from its parts, never from its text."""
    rules = ruleset("fechado")
    with pytest.raises(BuracoInputError) as info:
        round_from_data(rules, {"sides": [{"name": "A", "melds": [["4h", "5h", "x"]]}]})
    err = info.value
    assert (err.code, err.path, err.values) == (
        InputCode.NOT_A_CARD,
        "sides[0].melds[0][2]",
        {"token": "x"},
    )
    assert error_message(err, "en").startswith("sides[0].melds[0][2]: “x” is not a card")
    assert error_message(err, "pt").startswith("sides[0].melds[0][2]: “x” não é uma carta")
    assert isinstance(err, ValueError)


def test_a_bad_meld_in_a_file_carries_the_meld_reason() -> None:
    with pytest.raises(BuracoInputError) as info:
        round_from_data(ruleset("aberto"), {"sides": [{"melds": [["4h", "5h", "7h"]]}]})
    assert info.value.code is InputCode.NOT_A_MELD
    assert info.value.values["reason"].code == "gap"
    assert "6♥" in error_message(info.value, "en")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("pt", "buraco: erro: “1s” não é uma carta"),
        ("en", "buraco: error: “1s” is not a card"),
    ],
)
def test_the_command_prints_errors_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str], lang: str, words: str
) -> None:
    assert main(["meld", "--lang", lang, "4h", "5h", "1s"]) == 2
    assert capsys.readouterr().err.startswith(words)


def test_parse_card_names_the_token_once() -> None:
    """The token is in the message, in curly quotes; no path repeats it as 'Zs'."""
    with pytest.raises(BuracoInputError) as info:
        parse_card("Zs")
    assert info.value.path == "" and info.value.values == {"token": "Zs"}
    for lang in ("pt", "en"):
        shown = error_message(info.value, lang)
        assert shown.count("Zs") == 1 and "“Zs”" in shown and "'" not in shown
