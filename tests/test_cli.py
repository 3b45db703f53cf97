"""The `buraco` command: meld, score, rules; exit codes 0 / 1 / 2 [issue 2, the command]."""

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from buraco_cli.main import fill_line, main
from buraco_core.errors import BuracoInputError, InputCode
from buraco_core.rules import OPTION_NAMES, ruleset
from buraco_text import error_message
from tests.test_scoring import WORKED_EXAMPLE  # RULES.md's worked example [seed 003]

MELD_FIELDS = {
    "valid",
    "kind",
    "suit",
    "arrangement",
    "wild",
    "wild_as",
    "clean",
    "canastra",
    "points",
    "reasons",
}
# RULES.md's variant table, plus the 500/real laid at once of STBL [seed 002].
PRESETS_DIFFER_IN = {
    "discard_pile_visible",
    "pickup",
    "wild_top_card_new_meld_only",
    "trincas",
    "go_out_requires",
    "big_canastras_at_once",
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any]:
    code, out, err = run(capsys, *argv, "--json")
    assert err == ""
    return code, json.loads(out)


# --- buraco meld ----------------------------------------------------------------------------


def test_meld_json_of_the_worked_example_dirty_canastra(capsys: pytest.CaptureFixture[str]) -> None:
    """5-6-7-2♦-9-10-J of spades: valid, a sequence, the 2♦ is the 8♠, canastra suja, 55
    points [seed 003 worked example]; the fields the issue lists, cards in ASCII."""
    code, data = run_json(capsys, "meld", "Js", "5s", "6s", "7s", "2d", "9s", "10s")
    assert code == 0
    assert set(data) >= MELD_FIELDS
    assert data["valid"] is True
    assert data["kind"] == "sequence" and data["suit"] == "s"
    assert data["arrangement"] == ["5s", "6s", "7s", "2d", "9s", "10s", "Js"]
    assert data["wild"] == "2d" and data["wild_as"] == "8s"
    assert data["clean"] is False
    assert data["canastra"] == "suja"
    assert data["points"] == 55
    for item in data["reasons"]:
        assert set(item) >= {"code", "source", "message"}
        assert item["source"].startswith("seed")
    assert "canastra_suja" in [r["code"] for r in data["reasons"]]


def test_meld_json_prints_cards_in_ascii(capsys: pytest.CaptureFixture[str]) -> None:
    """Cards in JSON use the ASCII notation (10s, JK), whatever was typed [issue 2]."""
    code, data = run_json(capsys, "meld", "9♠", "10♠", "JK")
    assert code == 0
    assert data["wild"] == "JK"
    assert "10s" in data["arrangement"] and "9s" in data["arrangement"]
    assert data["wild_as"] in ("Js", "8s")


def test_meld_json_of_a_clean_canastra(capsys: pytest.CaptureFixture[str]) -> None:
    """4-10 of hearts: canastra limpa, no wild, 50 points [seed 003 worked example]."""
    code, data = run_json(capsys, "meld", "4h", "5h", "6h", "7h", "8h", "9h", "10h")
    assert code == 0
    assert data["clean"] is True and data["wild"] is None and data["wild_as"] is None
    assert (data["canastra"], data["points"]) == ("limpa", 50)


def test_meld_invalid_exits_1_and_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    """An invalid meld exits 1; the reason has a stable code and its source [issue 2]."""
    code, data = run_json(capsys, "meld", "5s", "6s", "8s")
    assert code == 1
    assert data["valid"] is False
    assert data["kind"] is None and data["canastra"] is None and data["arrangement"] == []
    assert [r["code"] for r in data["reasons"]] == ["gap"]
    assert data["reasons"][0]["params"]["missing"] == ["7s"]


def test_meld_bad_card_exits_2_naming_the_token(capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input: exit 2, message on stderr naming the token and the notation [issue 2]."""
    code, out, err = run(capsys, "meld", "5s", "6s", "1x")
    assert code == 2 and out == ""
    assert "“1x”" in err and "'1x'" not in err and "JK" in err
    code, out, err = run(capsys, "meld", "5s", "6s", "1s")  # the ace's number: what to write
    assert code == 2 and out == ""
    assert "“1s”" in err and "'1s'" not in err and "escreva As ou A♠" in err


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "pt",
            "buraco: erro: CARTA: nenhuma carta dada: escreva as cartas do jogo, separadas por"
            " espaço; exemplo: buraco meld 4h 5h 6h 2s (cartas: ",
        ),
        (
            "en",
            "buraco: error: CARD: no card given: write the meld's cards, separated by spaces;"
            " example: buraco meld 4h 5h 6h 2s (cards: ",
        ),
    ],
)
@pytest.mark.parametrize("given", ["", " ", ", ,"])
def test_meld_of_no_card_says_none_was_given_with_the_notations_example(
    capsys: pytest.CaptureFixture[str], lang: str, said: str, given: str
) -> None:
    """`buraco meld ""` (a script's variable left blank) was judged a meld of 0 cards, “Um
    jogo novo precisa de pelo menos 3 cartas; aqui há 0”, exit 1: now that no card was given,
    with the notation's example, exit 2, as for a file's empty name."""
    code, out, err = run(capsys, "meld", given, "--lang", lang)
    assert code == 2 and out == ""
    assert err.startswith(said), err


def test_meld_cards_in_one_word(capsys: pytest.CaptureFixture[str]) -> None:
    """`buraco meld "4h 5h 6h"` reads the cards as if given one by one [DESIGN.md notation]."""
    code, data = run_json(capsys, "meld", "4h 5h,6h")
    assert code == 0 and data["arrangement"] == ["4h", "5h", "6h"]


def test_meld_text_answer_in_each_language(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --json, a short readable answer in the chosen language; pt by default
    [issue 2]."""
    code, out, _ = run(capsys, "meld", "5s", "6s", "7s", "2d", "9s", "10s", "Js", "--lang", "en")
    assert code == 0
    assert "Valid meld" in out and "2♦=8♠" in out and "suja" in out
    code, out, _ = run(capsys, "meld", "5s", "6s", "8s")
    assert code == 1 and "Jogo inválido" in out and "7♠" in out


def test_meld_rules_and_set_choose_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """--rules picks a preset, --set changes an option on top [issue 2]: a trinca is refused
    in Aberto and allowed with trincas=true [seeds 000, 001, 003; option trincas]."""
    code, data = run_json(capsys, "meld", "--rules", "aberto", "5h", "5s", "5d")
    assert code == 1 and data["reasons"][0]["code"] == "trincas_not_allowed"
    assert "option trincas" in data["reasons"][0]["source"]
    code, data = run_json(
        capsys, "meld", "--rules", "buraco aberto", "--set", "trincas=true", "5h", "5s", "5d"
    )
    assert code == 0 and data["kind"] == "trinca" and data["suit"] is None
    code, data = run_json(capsys, "meld", "--set", "joker_points=20", "5h", "6h", "JK")
    assert data["points"] == 5 + 5 + 20


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["meld", "--set", "jokerpoints=20", "4h", "5h", "6h"], "jokerpoints"),
        (["meld", "--set", "joker_points=lots", "4h", "5h", "6h"], "joker_points"),
        (["meld", "--set", "joker_points", "4h", "5h", "6h"], "OPÇÃO=VALOR"),
        (["meld", "--rules", "buraco mole", "4h", "5h", "6h"], "buraco mole"),
        (["meld", "--lang", "fr", "4h", "5h", "6h"], "fr"),
    ],
)
def test_meld_bad_options_exit_2_naming_them(
    capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    """A bad option, rule set or language is bad input: exit 2, named on stderr [issue 2]."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert named in err


def test_a_bad_option_value_lists_what_may_be_typed(capsys: pytest.CaptureFixture[str]) -> None:
    """A yes/no option names the words a person may write (sim/não, as `buraco rules`
    shows them, and true/false), not Python's True/False; the value typed is quoted as
    Brazil quotes."""
    code, _, err = run(capsys, "meld", "--set", "trincas=maybe", "5h", "5s", "5d")
    assert code == 2 and "valor “maybe” inválido" in err and "sim ou não" in err
    assert "true/false" in err and "True" not in err and "'" not in err
    code, _, err = run(capsys, "meld", "--set", "trincas=talvez", "--lang", "en", "5h", "5s", "5d")
    assert code == 2 and "yes or no" in err
    code, _, _ = run(capsys, "meld", "--set", "trincas=não", "5h", "5s", "5d")
    assert code == 1  # taken: without trincas, three 5s are no meld
    code, _, err = run(capsys, "meld", "--set", "pickup=zz", "--lang", "en", "5h", "5s", "5d")
    assert code == 2 and "\n  • top_card: justified (top card)\n  • top_card_two_from_hand: " in err


# --- buraco score ---------------------------------------------------------------------------

ROUND_FILE = {"rules": "fechado", "options": {"joker_points": 20}, **WORKED_EXAMPLE}


def write_round(tmp_path: Path, data: Any) -> str:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def totals(data: Any) -> dict[str, int]:
    return {side["name"]: side["total"] for side in data["sides"]}


def test_score_the_worked_example(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The worked example scores 525 and -5 [seed 003]; items are code and points and sum
    to the total [issue 2]."""
    code, data = run_json(capsys, "score", write_round(tmp_path, ROUND_FILE))
    assert code == 0
    assert totals(data) == {"A": 525, "B": -5}
    for side in data["sides"]:
        assert set(side) >= {"name", "items", "total"}
        assert all(set(item) >= {"code", "points"} for item in side["items"])
        assert sum(item["points"] for item in side["items"]) == side["total"]


def test_score_reads_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`buraco score -` reads the round from stdin [issue 2]."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(ROUND_FILE)))
    code, data = run_json(capsys, "score", "-")
    assert code == 0 and totals(data) == {"A": 525, "B": -5}


def test_score_text(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Without --json, each side's items and total [issue 2]."""
    code, out, _ = run(capsys, "score", write_round(tmp_path, ROUND_FILE), "--lang", "en")
    assert code == 0
    assert "A: 525" in out and "B: -5" in out and "canastra limpa" in out


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "pt",
            [
                "140  cartas na mesa (3 jogos: 50 + 55 + 35)",
                "200  canastra limpa (jogo 1)",
                "100  canastra suja (jogo 2)",
                "-15  cartas na mão (2º jogador da dupla: 7♣ K♦)",
                "-65  cartas na mão (1º jogador da dupla: 3♣ K♥ K♥ Q♦ 8♣ JK)",
            ],
        ),
        (
            "en",
            [
                "140  cards on the table (3 melds: 50 + 55 + 35)",
                "200  canastra limpa (meld 1)",
                # (Not “the side's player 2”, which read as the seat Player 2.)
                "-15  cards in hand (the side's 2nd player: 7♣ K♦)",
                "-65  cards in hand (the side's 1st player: 3♣ K♥ K♥ Q♦ 8♣ JK)",
            ],
        ),
    ],
)
def test_score_text_says_which_meld_and_hand_each_line_counts(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    lang: str,
    lines: list[str],
) -> None:
    """The worked example line by line, as [003] writes it (50 + 55 + 35 = 140 on the
    table): the text said "canastra limpa" and "cartas na mão" without which meld or whose
    hand, and 140 in one sum, so a table checking its count against it could not."""
    code, out, _ = run(capsys, "score", write_round(tmp_path, ROUND_FILE), "--lang", lang)
    assert code == 0
    said = [line.strip() for line in out.splitlines()]
    for line in lines:
        assert line in said


def test_score_text_names_a_player_only_where_a_side_has_two(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Two players at the table: a side is one player and one hand line, and “cartas na mão
    (1º jogador da dupla: ...)” spoke of a partnership that is not there."""
    two = {"sides": [{"name": "Ana", "melds": [["4h", "5h", "6h"]], "hands": [["7c", "Kd"]]}]}
    code, out, _ = run(capsys, "score", write_round(tmp_path, two))
    assert code == 0 and "-15  cartas na mão (7♣ K♦)" in [line.strip() for line in out.splitlines()]


def test_meld_a_500_where_the_table_asks_it_laid_at_once_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """STBL pays a canastra de 500 only laid in one move [002]: `buraco meld` printed
    "Pontos: 110 + 500 (bônus)" and no word of it, so a 500 built up over several moves was
    taken for 500. The text and the JSON's reasons now say it, with the option."""
    cards = ["Ah", "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "10h", "Jh", "Qh", "Kh"]
    code, out, _ = run(capsys, "meld", "--rules", "stbl", *cards)
    assert code == 0 and "montada aos poucos, ela conta como limpa" in out
    assert "opção “500/real de uma vez”" in out
    code, data = run_json(capsys, "meld", "--rules", "stbl", *cards)
    assert data["reasons"][-1]["code"] == "big_canastra_built_up"
    code, out, _ = run(capsys, "meld", *cards)  # Fechado: a 500 is a 500 however laid
    assert "aos poucos" not in out


def test_score_command_line_options_override_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """--set over the file's options: the joker at 50 costs B 30 more [option joker_points;
    seeds 000, 003]."""
    path = write_round(tmp_path, ROUND_FILE)
    code, data = run_json(capsys, "score", "--set", "joker_points=50", path)
    assert code == 0 and totals(data) == {"A": 525, "B": -35}
    code, data = run_json(capsys, "score", "--set", "round_up_to_ten=true", path)
    assert totals(data) == {"A": 530, "B": 0}


def _with(path: list[Any], value: Any) -> dict[str, Any]:
    data: Any = json.loads(json.dumps(ROUND_FILE))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return dict(data)


@pytest.mark.parametrize(
    ("data", "named"),
    [
        (_with(["sides", 0, "melds", 1, 2], "7x"), "sides[0].melds[1][2]"),
        (_with(["sides", 0, "melds", 0], ["4h", "5h", "7h"]), "sides[0].melds[0]"),
        (_with(["sides", 1, "went_out"], "no"), "sides[1].went_out"),
        (_with(["rules"], "buraco mole"), "buraco mole"),
        (_with(["options"], {"joker_points": "lots"}), "joker_points"),
        (_with(["options"], {"jokerpoints": 20}), "jokerpoints"),
        (_with(["sides"], "A and B"), "sides"),
        ([1, 2, 3], "round"),
    ],
)
def test_score_malformed_round_exits_2_naming_the_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: Any, named: str
) -> None:
    """Malformed input: exit 2 and a message that says which field is wrong [issue 2]."""
    code, out, err = run(capsys, "score", write_round(tmp_path, data))
    assert code == 2 and out == ""
    assert named in err


def test_score_refuses_a_batida_with_cards_in_every_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Whoever went out played the last card and holds none [RULES.md: the batida, seeds 000,
    001, 003]: side A went out, yet both its hands hold cards. Exit 2, the side's hands named,
    the rule in words; nothing scored."""
    data = _with(["sides", 0, "hands"], [["As"], ["7c", "Kd"]])
    path = write_round(tmp_path, data)
    code, out, err = run(capsys, "score", path)
    assert code == 2 and out == ""
    assert err.strip() == (
        f"buraco: erro: {path}: sides[0].hands: uma dupla que bateu tem ao menos uma mão vazia: "
        "quem bateu ficou sem cartas"
    )


def test_score_unreadable_input_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Not JSON, or no such file: exit 2 naming the place [issue 2]."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"sides": [}', encoding="utf-8")
    code, _, err = run(capsys, "score", str(bad))
    assert code == 2 and "bad.json:1:" in err
    code, _, err = run(capsys, "score", str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json" in err


# --- buraco rules ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_rules_ends_with_a_command_that_runs(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    """The closing hint is a command a newcomer can type as it is (it said "buraco rules
    NOME", a placeholder the usage calls NAME)."""
    _, out, _ = run(capsys, "rules", "--lang", lang)
    found = re.search(r"buraco (rules [a-z]+)", out.strip().splitlines()[-1])
    assert found, out
    code, out, _ = run(capsys, *found[1].split(), "--lang", lang)
    assert code == 0 and "joker_points" in out


def test_rules_shows_where_the_presets_differ(capsys: pytest.CaptureFixture[str]) -> None:
    """`buraco rules`: where the three presets differ, per RULES.md's variant table
    [seeds 000, 001, 002, 003]."""
    code, out, _ = run(capsys, "rules", "--lang", "en")
    assert code == 0
    assert "Where the variants differ" in out
    for name in PRESETS_DIFFER_IN:
        assert name in out
    assert "joker_points" not in out  # the same in every preset
    code, out, _ = run(capsys, "rules")
    assert "Onde as variantes diferem" in out
    # Each row as a person names the rule, the --set name under it.
    rows = [line for line in out.splitlines() if line.startswith("lixo visível ")]
    assert rows and "todas" in rows[0] and "--set discard_pile_visible" in out
    assert not any(line.startswith("discard_pile_visible") for line in out.splitlines())


def test_a_rule_the_table_changed_is_said_of_the_table_not_the_variant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Trincas are Fechado's [000, 001, 003]: turned off by --set, the meld is refused
    "nesta mesa" (the table's choice), as the app says it; in STBL, "nesta variante"."""
    code, out, _ = run(capsys, "meld", "--set", "trincas=false", "5h", "5s", "5d")
    assert code == 1 and "não vale nesta mesa" in out
    code, out, _ = run(capsys, "meld", "--rules", "stbl", "5h", "5s", "5d")
    assert code == 1 and "não vale nesta variante" in out


def test_rules_json_lists_every_option_and_the_differences(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`buraco rules --json`: every option with its meaning, sources and preset values
    [issue 2]."""
    code, data = run_json(capsys, "rules", "--lang", "en")
    assert code == 0
    assert [o["name"] for o in data["options"]] == list(OPTION_NAMES)
    assert set(data["presets_differ_in"]) == PRESETS_DIFFER_IN
    trincas = next(o for o in data["options"] if o["name"] == "trincas")
    assert trincas["presets"] == {"aberto": False, "fechado": True, "stbl": False}
    assert trincas["description"].startswith("Trincas")
    assert all(o["sources"] for o in data["options"])


def test_rules_of_one_preset_with_values(capsys: pytest.CaptureFixture[str]) -> None:
    """`buraco rules NAME`: the options of one rule set with their values and meaning
    [issue 2]."""
    code, out, _ = run(capsys, "rules", "stbl", "--lang", "en")
    assert code == 0
    for name in OPTION_NAMES:
        assert name in out
    assert "go_out_requires = clean_canastra" in out
    code, data = run_json(capsys, "rules", "fechado", "--set", "joker_points=20")
    values = {o["name"]: o["value"] for o in data["options"]}
    assert values["joker_points"] == 20 and values["trincas"] is True
    assert data["rules"] == {"preset": "fechado", "changed": {"joker_points": 20}}


def test_wild_top_card_new_meld_only_rules_says_it_has_no_effect_where_the_lixo_is_free(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`buraco rules aberto --set wild_top_card_new_meld_only=true` listed the option in
    force, while Aberto takes the lixo with no condition [000] and the judge takes it freely
    with a wild on top; the line says it has no effect, as the rules bar does, and the JSON
    adds `idle`: the option that leaves it without one."""
    args = ("rules", "aberto", "--set", "wild_top_card_new_meld_only=true")
    code, out, _ = run(capsys, *args)
    assert code == 0
    assert "* wild_top_card_new_meld_only = sim (sem efeito: lixo livre)\n" in out
    assert "* joker_points" not in out and "  trincas = não\n" in out
    code, data = run_json(capsys, *args)
    idle = {o["name"]: o.get("idle") for o in data["options"]}
    assert idle["wild_top_card_new_meld_only"] == "pickup" and idle["trincas"] is None


def test_rules_text_shows_sources_and_yes_no(capsys: pytest.CaptureFixture[str]) -> None:
    """`buraco rules` in text mode names each option's sources and says sim/não (yes/no),
    never True/False [issue 12; README]."""
    code, out, _ = run(capsys, "rules", "stbl")
    assert code == 0
    assert "True" not in out and "False" not in out
    assert "trincas = não" in out and "jokers_in_deck = sim" in out
    assert "fontes: textos 000, 001, 003" in out  # trincas [seeds 000, 001, 003]
    code, out, _ = run(capsys, "rules", "fechado", "--lang", "en")
    assert "trincas = yes" in out and "sources: texts" in out
    code, out, _ = run(capsys, "rules", "--lang", "en")
    assert "sources: texts 000, 001, 003" in out


@pytest.mark.parametrize(("lang", "yes", "no"), [("pt", "sim", "não"), ("en", "yes", "no")])
def test_one_variants_options_say_yes_no_as_the_variants_table_does(
    capsys: pytest.CaptureFixture[str], lang: str, yes: str, no: str
) -> None:
    """`buraco rules fechado` and `buraco rules` write a yes/no option in the same words:
    `trincas = yes` under the table's `trincas … no  yes  no`, not `trincas = Yes`."""
    _, table, _ = run(capsys, "rules", "--lang", lang)
    assert re.search(rf"^trincas +{no} +{yes} +{no} *$", table, re.MULTILINE)
    _, listing, _ = run(capsys, "rules", "fechado", "--lang", lang)
    assert f"trincas = {yes}\n" in listing and f"eight_of_a_kind_real = {no}\n" in listing
    assert not re.search(" = (Yes|No|Sim|Não)$", listing, re.MULTILINE)


@pytest.mark.parametrize(
    ("query", "lang", "expected"),
    [
        ("como pego o morto?", "pt", "morto"),
        ("coringa", "pt", "curinga"),
        ("monte acabou", "pt", "monte"),
        ("how do I take the morto?", "en", "morto"),
    ],
)
def test_rules_search_answers_from_the_reference(
    capsys: pytest.CaptureFixture[str], query: str, lang: str, expected: str
) -> None:
    """`buraco rules --search TEXT` answers from the rules reference, as the lookup page does
    [issue 12]."""
    from buraco_course.reference import search

    code, out, _ = run(capsys, "rules", "--search", query, "--lang", lang)
    assert code == 0
    first = search(query, limit=1)[0]
    assert out.startswith(f"■ {first.title(lang)}")  # type: ignore[arg-type]
    assert expected in out.lower()
    assert "`" not in out  # the page's Markdown (cards as `6♠ JK 8♠`) is not printed raw
    code, data = run_json(capsys, "rules", "aberto", "--search", query, "--lang", lang)
    assert data["points"][0]["id"] == first.id
    assert all(p["sources"] for p in data["points"])


@pytest.mark.parametrize(
    ("argv", "query", "rules"),
    [
        (["--search", "pegar", "o", "lixo"], "pegar o lixo", None),
        (["--search", "quanto", "vale", "o", "curinga"], "quanto vale o curinga", None),
        # A rule set's name after the words is the table's, as `rules stbl --search morto`.
        (["--search", "morto", "stbl"], "morto", "stbl"),
        (["--search", "pode", "bater", "sem", "canastra", "limpa", "aberto"], None, "aberto"),
        # …unless the words before it ask nothing: then the variant is what is asked.
        (["--search", "what", "is", "stbl"], "what is stbl", None),
        (["--search", "o", "que", "é", "o", "aberto"], "o que é o aberto", None),
    ],
)
def test_rules_search_takes_words_typed_without_quotes(
    capsys: pytest.CaptureFixture[str], argv: list[str], query: str | None, rules: str | None
) -> None:
    """`buraco rules --search pegar o lixo` said “argumentos não reconhecidos: lixo”, and
    `--search pegr lixo` took “lixo” for a rule set: the words are one question."""
    code, data = run_json(capsys, "rules", *argv)
    words = [w for w in argv[1:] if w != rules]
    assert code == 0 and data["query"] == (query or " ".join(words)) and data["points"]
    quoted = [*([rules] if rules else []), "--search", " ".join(words)]
    assert run_json(capsys, "rules", *quoted) == (0, data)
    code, out, err = run(capsys, "rules", *argv)
    assert code == 0 and err == "" and out.startswith("■ ")


def test_rules_search_says_when_nothing_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """A search nothing answers says so rather than printing nothing [issue 12]."""
    code, out, _ = run(capsys, "rules", "--search", "xyzzy")
    assert code == 0 and "xyzzy" in out


@pytest.mark.parametrize(
    ("query", "lang", "more"),
    [
        ("posso bater com canastra suja?", "pt", "Mais {n} regras com essas palavras"),
        ("can I go out with a dirty canastra?", "en", "{n} more rules with these words"),
    ],
)
def test_rules_search_prints_the_answer_and_says_how_many_more(
    capsys: pytest.CaptureFixture[str], query: str, lang: str, more: str
) -> None:
    """A question at the table gets its answer and the points that match as well, as
    Consulta shows them (it printed the first five, whatever they matched); the others are
    counted, with how to see them (--all), which prints each once."""
    from buraco_course.reference import answers

    found = answers(query)
    more = more.format(n=len(found.more))
    code, out, _ = run(capsys, "rules", "--search", query, "--lang", lang)
    assert code == 0 and len(found.more) > 20
    titles = [line[2:] for line in out.splitlines() if line.startswith("■ ")]
    assert titles == [p.title(lang) for p in found.close]  # type: ignore[arg-type]
    assert titles[0] == found.all[0].title(lang) and len(titles) == 2  # type: ignore[arg-type]
    assert out.rstrip().endswith(
        f"{more}: "
        + ("acrescente --all para vê-las." if lang == "pt" else "add --all to see them.")
    )
    code, out, _ = run(capsys, "rules", "--search", query, "--lang", lang, "--all")
    titles = [line[2:] for line in out.splitlines() if line.startswith("■ ")]
    assert code == 0 and titles == [p.title(lang) for p in found.all]  # type: ignore[arg-type]
    assert f"\n{more}:\n" in out


def test_rules_search_json_lists_as_before_and_says_which_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--json` keeps every field and its first five points, in the search's order (checks
    outside the project read them); each point says whether it answers the question
    (close), the object how many points match (matches); --all lists them all."""
    from buraco_course.reference import search

    query = "posso bater com canastra suja?"
    code, data = run_json(capsys, "rules", "fechado", "--search", query)
    assert code == 0 and data["query"] == query and data["matches"] == len(search(query))
    assert [p["id"] for p in data["points"]] == [p.id for p in search(query, 5)]
    assert [(p["id"], p["close"]) for p in data["points"][:3]] == [
        ("go_out_requires", True),
        ("canastra_suja", True),
        ("morto_needs_no_canastra", False),  # (its text: “nem limpa nem suja”)
    ]
    fields = {"id", "title", "text", "sources", "option", "lesson", "close"}
    assert all(fields <= set(p) for p in data["points"])
    assert data["points"][0]["at_table"] == "Basta qualquer canastra, limpa ou suja."
    code, data = run_json(capsys, "rules", "--search", query, "--all")
    assert len(data["points"]) == data["matches"] == len(search(query))
    assert sum(p["close"] for p in data["points"]) == 2


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "Nenhuma regra responde bem a “pode virar a carta do jogo?”"),
        ("en", "No rule answers “pode virar a carta do jogo?” well"),
    ],
)
def test_rules_search_of_very_common_words_says_none_answers(
    capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    """Only “carta” and “jogo” of a question are in the rules, and in half of them: no
    point answers it, and the command says so rather than print one that holds a “carta”."""
    from buraco_course.reference import search

    query = "pode virar a carta do jogo?"
    code, out, _ = run(capsys, "rules", "--search", query, "--lang", lang)
    assert code == 0 and out.startswith(said) and "■" not in out
    n = len(search(query))
    assert out.rstrip().endswith(
        f"{n} regras com essas palavras: acrescente --all para vê-las."
        if lang == "pt"
        else f"{n} rules with these words: add --all to see them."
    )


def test_rules_search_says_the_words_no_rule_holds(capsys: pytest.CaptureFixture[str]) -> None:
    """No source speaks of a card's colour: `--search "3 pretos"` says “pretos” is not in
    the rules and answers the rest, what a 3 is worth [000, 001, 002, 003] (it led with the
    last-card trap, “pretos” read as “preso”); with nothing to answer, every such word is
    said (once, where they are the whole question); --json lists them under "unread"."""
    code, out, _ = run(capsys, "rules", "--search", "3 pretos")
    assert code == 0 and out.startswith(
        "As regras não falam de “pretos”: as respostas abaixo são para o resto da pergunta.\n\n"
        "■ Quanto vale cada carta\n"
    )
    code, out, _ = run(capsys, "rules", "--search", "carta pretos", "--lang", "en")
    first = out.splitlines()[0]
    assert first.startswith("No rule answers “carta pretos” well: ")
    assert first.endswith("The rules do not speak of “pretos”.")
    code, data = run_json(capsys, "rules", "--search", "3 pretos")
    assert data["unread"] == ["pretos"] and data["points"][0]["id"] == "card_points"
    code, data = run_json(capsys, "rules", "--search", "acabou o monte, e agr?")
    assert data["unread"] == []  # (a word aside, in a question the rules answer)


# Nothing answers: the next line says what to try, where it ended the answer (a dead end).
TRY_PT = "Tente outras palavras, como “morto”, “pegar o lixo” ou “canastra suja”.\n"
TRY_EN = "Try other words, such as “morto”, “take the lixo” or “dirty canastra”.\n"


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["xyzzy"], "Nada na referência responde a “xyzzy”.\n" + TRY_PT),
        (
            ["xadrez", "peão", "--lang", "en"],
            "Nothing in the reference answers “xadrez peão”.\n" + TRY_EN,
        ),
        (["Xyzzy,", "plugh!"], "Nada na referência responde a “Xyzzy, plugh!”.\n" + TRY_PT),
    ],
)
def test_rules_search_says_a_word_no_rule_holds_once(
    capsys: pytest.CaptureFixture[str], words: list[str], said: str
) -> None:
    """A question that is only words no rule holds was answered twice: “Nada na referência
    responde a “xyzzy”. As regras não falam de “xyzzy”.” Now once, as the lookup page says
    it; --json still lists the words under "unread"."""
    code, out, _ = run(capsys, "rules", "--search", *words)
    assert (code, out) == (0, said)
    code, data = run_json(capsys, "rules", "--search", "xyzzy")
    assert data == {"query": "xyzzy", "points": [], "matches": 0, "unread": ["xyzzy"]}


def test_rules_all_without_a_search_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "rules", "--all")
    assert code == 2 and "--all: só vale com --search" in err, err
    code, _, err = run(capsys, "rules", "--all", "--lang", "en")
    assert code == 2 and "--all: only with --search" in err, err


def test_rules_unknown_name_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown rule set is bad input [DESIGN.md]."""
    code, _, err = run(capsys, "rules", "canasta")
    assert code == 2 and "canasta" in err


# --- the installed console script -----------------------------------------------------------


def _script() -> Path:
    script = Path(sys.executable).parent / "buraco"
    assert script.exists(), f"the console script is not installed next to {sys.executable}"
    return script


def test_installed_buraco_command_runs(tmp_path: Path) -> None:
    """The `buraco` console script of pyproject.toml runs as a real process: 0, 1, 2
    [issue 2]."""
    script = str(_script())
    ok = subprocess.run(
        [script, "meld", "--json", "--lang", "en", "Qc", "Kc", "Ac"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert ok.returncode == 0, ok.stderr
    data = json.loads(ok.stdout)
    assert data["arrangement"] == ["Qc", "Kc", "Ac"] and data["points"] == 35
    invalid = subprocess.run(
        [script, "meld", "Ks", "As", "2s", "3s"], capture_output=True, text=True, check=False
    )
    assert invalid.returncode == 1
    bad = subprocess.run(
        [script, "meld", "Ks", "Zs", "2s"], capture_output=True, text=True, check=False
    )
    assert bad.returncode == 2 and "“Zs”" in bad.stderr and bad.stdout == ""
    scored = subprocess.run(
        [script, "score", "--json", "-"],
        input=json.dumps(ROUND_FILE),
        capture_output=True,
        text=True,
        check=False,
    )
    assert scored.returncode == 0, scored.stderr
    assert totals(json.loads(scored.stdout)) == {"A": 525, "B": -5}


def test_score_corte_44_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`buraco score` reads a side's `corte_cards` and, with corte_44_points on, adds the
    item `corte_44` (fields extended, none renamed) [seed 003, "Variações comuns"]."""
    path = write_round(tmp_path, _with(["sides", 1, "corte_cards"], 44))
    code, data = run_json(capsys, "score", "--set", "corte_44_points=100", path)
    assert code == 0 and totals(data) == {"A": 525, "B": 95}
    item = data["sides"][1]["items"][-1]
    assert item == {"code": "corte_44", "points": 100, "params": {"cards": 44}}
    code, data = run_json(capsys, "score", path)
    assert totals(data) == {"A": 525, "B": -5}


# --- the language, before or after the command ------------------------------------------------


def test_lang_before_the_command_is_taken_and_the_help_shows_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`buraco --lang en meld ...` works like `buraco meld --lang en ...`; given on both
    sides, the one after the command counts; the top-level help lists --lang."""
    code, out, err = run(capsys, "--lang", "en", "meld", "4h", "5h", "6h")
    assert code == 0 and "Valid meld" in out and not err
    code, out, _ = run(capsys, "--lang=en", "meld", "--lang", "pt", "4h", "5h", "6h")
    assert code == 0 and "Jogo válido" in out
    _, data = run_json(capsys, "--lang", "en", "meld", "4h", "5h", "6h")
    assert data["reasons"][0]["message"].startswith("A valid sequence")
    code, out, _ = run(capsys)  # `buraco` alone: the help
    assert code == 0 and "--lang IDIOMA" in out and "antes ou depois do comando" in out
    code, _, err = run(capsys, "--lang", "fr")
    assert code == 2 and "--lang fr" in err


def test_json_before_the_command_is_taken_as_lang_is(capsys: pytest.CaptureFixture[str]) -> None:
    """`buraco --json meld ...` prints the JSON of `buraco meld --json ...` (the README: every
    command takes --lang and --json), as --lang is taken before the command; before, it was
    "buraco meld: erro: argumentos não reconhecidos: --json", of a command that has --json.
    `buraco app`, which prints no JSON, still refuses it; the top-level help lists it."""
    code, out, err = run(capsys, "--json", "meld", "4h", "5h", "6h")
    assert code == 0 and not err
    assert json.loads(out) == run_json(capsys, "meld", "4h", "5h", "6h")[1]
    code, out, err = run(capsys, "--json", "--lang", "en", "rules", "stbl")
    assert code == 0 and not err
    assert json.loads(out) == run_json(capsys, "rules", "stbl", "--lang", "en")[1]
    code, out, _ = run(capsys, "meld", "4h", "5h", "6h")  # and without it, the text
    assert code == 0 and out.startswith("✓ Jogo válido")
    with pytest.raises(SystemExit) as exit_:
        main(["--json", "app"])
    _, err = capsys.readouterr()
    assert exit_.value.code == 2
    assert err.splitlines()[0] == "buraco: erro: argumentos não reconhecidos: --json"
    code, out, _ = run(capsys)
    assert code == 0 and "--json" in out.split("comandos:")[0]


@pytest.mark.parametrize(
    "after",
    [
        "meld --rules aberto --set wild_two_beside_natural_two=true 2h 3h 4h 2s",
        "meld --set pickup=free 4h 5h 6h --json",
        "score ROUND --rules stbl --set joker_points=50",
        "rules stbl --set joker_points=20 --lang en",
        "selfplay --rounds 1 --players 2 --levels random,random --rules aberto --set "
        "batida_points=50 --json",
    ],
)
def test_rules_and_set_before_the_command_mean_what_they_mean_after_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, after: str
) -> None:
    """`buraco --set pickup=free meld 4h 5h 6h` said “não há o comando “pickup=free””: a
    newcomer writes the options before the command as often as after. --rules and --set
    before the command now give what they give after it, output and exit code."""
    path = tmp_path / "round.json"
    path.write_text(json.dumps(ROUND_FILE), encoding="utf-8")
    command, *rest = after.replace("ROUND", str(path)).split()
    at = [i for i, word in enumerate(rest) if word in ("--rules", "--set")]
    options = [word for i in at for word in rest[i : i + 2]]
    others = [word for i, word in enumerate(rest) if i not in at and i - 1 not in at]

    def ran(*argv: str) -> tuple[int, str, str]:
        code, out, err = run(capsys, *argv)
        return code, re.sub(r'"seconds": [\d.]+', "", out), err  # (selfplay's time)

    expected = ran(command, *rest)
    assert expected[0] in (0, 1) and not expected[2]
    assert ran(*options, command, *others) == expected


def test_rules_and_set_on_both_sides_of_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    """Given before and after the command, --rules after it wins, as when typed twice after
    it; --set adds to those after it, and one option set to two values is refused, as it is
    after the command. A command without the option refuses it before its name as after it
    (judge reads the rules in its file); the top-level help lists the commands and both."""
    code, out, _ = run(capsys, "--rules", "stbl", "meld", "--rules", "aberto", "5h", "5s", "5d")
    assert code == 1 and "[Buraco Aberto]" in out
    code, out, _ = run(capsys, "--set", "joker_points=20", "rules", "stbl", "--set", "trincas=true")
    assert code == 0 and "* joker_points = 20" in out and "* trincas = sim" in out
    code, _, err = run(
        capsys, "--set", "pickup=free", "meld", "--set", "pickup=top_card", "4h", "5h", "6h"
    )
    assert code == 2
    assert err.startswith("buraco: erro: --set pickup: a opção aparece duas vezes")
    assert "uso: buraco meld" in err
    for argv in (["--rules", "stbl", "judge", "-"], ["judge", "--rules", "stbl", "-"]):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        _, err = capsys.readouterr()
        assert exit_.value.code == 2
        assert err.splitlines()[0].startswith("buraco: erro: --rules não vale no comando judge")
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    out, _ = capsys.readouterr()
    assert exit_.value.code == 0
    options, commands = out.split("comandos:")
    assert "--rules NOME" in options and "--set OPÇÃO=VALOR" in options
    assert all(f"    {name} " in commands for name in ("meld", "score", "rules", "selfplay"))


@pytest.mark.parametrize("command", ["judge", "coach", "replay"])
@pytest.mark.parametrize("before", [False, True])
def test_rules_given_to_a_command_that_reads_them_from_its_file_say_where_they_are(
    capsys: pytest.CaptureFixture[str], command: str, before: bool
) -> None:
    """`buraco judge --rules stbl round.json` said “argumentos não reconhecidos: --rules
    round.json”, the file named as unknown (argparse took stbl for it): it now says that
    these commands read the rules from the file, before the command's name or after it."""
    options = ["--set", "pickup=free"] if before else ["--rules", "stbl"]
    argv = [*options, command, "round.json"] if before else [command, *options, "round.json"]
    with pytest.raises(SystemExit) as exit_:
        main([*argv, "--lang", "en"])
    first, usage, *_ = capsys.readouterr().err.splitlines()
    assert exit_.value.code == 2
    option = options[0]
    assert first == (
        f"buraco: error: {option} does not go with the {command} command: the rules come "
        "from the file, in its rules and options fields"
    )
    assert usage.startswith(f"usage: buraco {command} ")


# --- buraco selfplay, as a person reads it ---------------------------------------------------


def test_selfplay_text_names_the_levels_and_writes_decimals_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The levels as the "Jogar" page names them, the mean with a decimal comma in
    Portuguese, and so the two sides' means apart by a semicolon ("A 752,5, B 100,0" read
    as three numbers); the --json output keeps its codes and numbers."""
    argv = ["selfplay", "--rounds", "2", "--players", "2", "--levels", "random,basic"]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "lado A aleatório × lado B básico" in out
    _, data = run_json(capsys, *argv)
    assert data["levels"] == ["random", "basic"] and isinstance(data["mean_score"][0], float)
    a, b = (str(x).replace(".", ",") for x in data["mean_score"])
    assert f"média por rodada: A {a}; B {b}" in out
    assert "." not in out.split("jogadas:")[1]  # the seconds too
    code, out, _ = run(capsys, *argv, "--lang", "en")
    a, b = map(str, data["mean_score"])
    assert "side A random vs side B basic" in out and f"mean per round: A {a}, B {b}" in out


def test_selfplay_text_opens_with_words_of_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    """The Portuguese head said "Autojogo", a word no one at a Brazilian table uses: it says
    what happened, as the help does ("o computador joga rodadas contra si mesmo")."""
    argv = ["selfplay", "--rounds", "1", "--players", "2", "--levels", "random,random"]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and out.startswith("Computador contra computador: 1 rodada, 2 jogadores")
    assert run(capsys, *argv, "--lang", "en")[1].startswith("Self-play: 1 round, 2 players")


def test_selfplay_text_labels_the_time_it_took(capsys: pytest.CaptureFixture[str]) -> None:
    """ "jogadas: 74, ilegais: 0, 0,01 s" left the last figure unnamed: it is the time the
    run took ("tempo: 0,01 s", "time: 0.01 s"); the JSON keeps `seconds` as it was."""
    argv = ["selfplay", "--rounds", "1", "--players", "2", "--levels", "random,random"]
    _, out, _ = run(capsys, *argv)
    assert re.search(r"^  jogadas: \d+, ilegais: 0, tempo: \d+,\d+ s$", out, re.M), out
    _, out, _ = run(capsys, *argv, "--lang", "en")
    assert re.search(r"^  moves: \d+, illegal: 0, time: \d+\.\d+ s$", out, re.M), out
    _, data = run_json(capsys, *argv)
    assert isinstance(data["seconds"], float) and "time" not in data and "tempo" not in data


@pytest.mark.parametrize("levels", ["aleatório,básico", "Aleatorio, basico", "random,básico"])
def test_selfplay_takes_the_levels_by_the_names_it_prints(
    capsys: pytest.CaptureFixture[str], levels: str
) -> None:
    """It says “lado A aleatório × lado B básico”, so `--levels aleatório,básico` (accents
    optional) is taken as random,basic; the JSON keeps the English codes."""
    argv = ["selfplay", "--rounds", "1", "--players", "2", "--levels", levels]
    _, data = run_json(capsys, *argv)
    assert data["levels"] == ["random", "basic"]


def test_selfplay_names_the_levels_it_takes_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "selfplay", "--levels", "forte,mole")
    assert code == 2 and "aleatório (random), básico (basic) ou forte (strong)" in err, err


@pytest.mark.parametrize(
    ("levels", "pt", "en"),
    [
        (
            "forte",
            "--levels: valor “forte” inválido: escreva dois níveis separados por vírgula, um "
            "para cada lado (o do lado A, depois o do lado B), ex.: --levels forte,básico; os "
            "níveis: aleatório (random), básico (basic) ou forte (strong)",
            "--levels: bad value “forte”: write two levels separated by a comma, one for each "
            "side (side A's, then side B's), e.g. --levels strong,basic; the levels: random, "
            "basic or strong",
        ),
        (
            "strong,weak",
            "--levels: nível desconhecido: “weak”; use aleatório (random), básico (basic) ou "
            "forte (strong), um nível para cada lado, ex.: --levels forte,básico",
            "--levels: unknown level: “weak”; use random, basic or strong, one level for each "
            "side, e.g. --levels strong,basic",
        ),
        (
            "weak, worse",
            "--levels: níveis desconhecidos: “weak”, “worse”; use aleatório",
            "--levels: unknown levels: “weak”, “worse”; use random",
        ),
        ("forte,básico,forte", "--levels: valor “forte,básico,forte” inválido: escreva dois", ""),
        ("forte,", "--levels: valor “forte,” inválido: escreva dois níveis", ""),
    ],
)
def test_selfplay_levels_refused_say_what_was_wrong_and_what_to_write(
    capsys: pytest.CaptureFixture[str], levels: str, pt: str, en: str
) -> None:
    """`--levels forte` needs a second level (one per side), and `--levels strong,weak`
    names “weak”, the name that is wrong; both list the names and give an example. Before,
    each was "valor … inválido; valores possíveis: A,B: …", whatever the mistake."""
    code, _, err = run(capsys, "selfplay", "--levels", levels)
    assert code == 2 and err.splitlines()[0].startswith(f"buraco: erro: {pt}"), err
    code, _, err = run(capsys, "selfplay", "--levels", levels, "--lang", "en")
    assert code == 2 and err.splitlines()[0].startswith(f"buraco: error: {en}"), err


def test_selfplay_help_says_what_it_prints(capsys: pytest.CaptureFixture[str]) -> None:
    """The help is a whole sentence naming the figures, not "...; os números"."""
    for lang, words in (("pt", ("vitórias", "média")), ("en", ("wins", "mean"))):
        with pytest.raises(SystemExit):
            main(["selfplay", "--help", "--lang", lang])
        out = capsys.readouterr().out
        assert all(word in out for word in words), out


def test_selfplay_help_says_who_plays_for_each_side(capsys: pytest.CaptureFixture[str]) -> None:
    """--levels set "lado A" and "lado B" and the figures count them, but the help never
    said which players those are (partners sit opposite [000, 001, 002, 003])."""
    for lang, said in (
        ("pt", "lado A (jogadores 1 e 3;"),
        ("en", "side A's level (players 1 and 3;"),
    ):
        with pytest.raises(SystemExit):
            main(["selfplay", "--help", "--lang", lang])
        assert said in " ".join(capsys.readouterr().out.split())


ENGLISH_PLACEHOLDERS = re.compile(
    r"\b(COMMAND|CARD|FILE|NAME|OPTION|OPT|VALUE|TEXT|SEAT|DIR|LANG)\b"
)
COMMANDS = ["meld", "score", "rules", "judge", "scenarios", "selfplay", "coach", "app", "replay"]


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_the_portuguese_help_has_no_english_placeholders(
    capsys: pytest.CaptureFixture[str], command: str | None
) -> None:
    """`buraco meld --help` reads “CARTA [CARTA ...]”, “--set OPÇÃO=VALOR”, “--lang
    IDIOMA”: the usage line's placeholders in the reader's language, as the rest of the
    help; in English they stay CARD, OPTION=VALUE, LANG."""
    argv = [command, "--help"] if command else ["--help"]
    with pytest.raises(SystemExit):
        main(argv)
    portuguese = capsys.readouterr().out
    assert "uso:" in portuguese and not ENGLISH_PLACEHOLDERS.search(portuguese), portuguese
    with pytest.raises(SystemExit):
        main([*argv, "--lang", "en"])
    english = capsys.readouterr().out
    assert "usage:" in english and ENGLISH_PLACEHOLDERS.search(english)


@pytest.mark.parametrize(
    ("assignment", "named"),
    [("joker_points=lots", "--set joker_points:"), ("jokerpoints=3", "--set jokerpoints:")],
)
def test_a_bad_set_is_named_as_typed_on_the_command_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, assignment: str, named: str
) -> None:
    """`--set joker_points=lots` is refused as “--set joker_points: …”, what was typed, not
    the JSON path options.joker_points; an option read from a file keeps its place there."""
    code, _, err = run(capsys, "meld", "--set", assignment, "4h", "5h", "6h")
    assert code == 2 and err.startswith(f"buraco: erro: {named}"), err
    code, _, err = run(capsys, "rules", "fechado", "--set", assignment)  # the same in `rules`
    assert code == 2 and err.startswith(f"buraco: erro: {named}"), err
    position = tmp_path / "round.json"
    position.write_text(json.dumps({"options": {"joker_points": "lots"}, "sides": []}))
    code, _, err = run(capsys, "score", str(position))
    assert code == 2 and "options.joker_points:" in err, err


def test_a_bad_number_given_to_an_option_is_shown_back(capsys: pytest.CaptureFixture[str]) -> None:
    """`--set joker_points=abc` says what came, as a bad choice does (“xyz” inválido)."""
    code, _, err = run(capsys, "meld", "--set", "joker_points=abc", "4h", "5h", "6h")
    assert code == 2 and err.startswith("buraco: erro: --set joker_points: esperava um número ")
    assert "veio “abc”" in err.splitlines()[0], err
    code, _, err = run(capsys, "--lang", "en", "rules", "fechado", "--set", "batida_points=2.5")
    assert code == 2 and "expected a whole number, got “2.5”" in err.splitlines()[0], err


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "pt",
            "buraco: erro: falta o nome do esquema: escolha “position”, “move”, “judge”,"
            " “score” ou “replay” (ex.: buraco schema judge)",
        ),
        (
            "en",
            "buraco: error: the schema's name is missing: choose “position”, “move”, “judge”,"
            " “score” or “replay” (e.g. buraco schema judge)",
        ),
    ],
)
def test_a_missing_schema_name_says_which_names_to_type(
    capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    """`buraco schema` alone said argparse's “falta informar {position,move,judge,score,replay}”,
    the names in braces: now that the schema's name is missing, the names listed as for a
    schema not among them, and an example (exit 2); never the variable behind them (what)."""
    with pytest.raises(SystemExit) as stopped:
        main(["schema", "--lang", lang])
    err = capsys.readouterr().err
    assert stopped.value.code == 2
    assert err.splitlines()[0] == said, err
    assert "what" not in err


def test_an_unknown_rule_set_is_named_as_typed(capsys: pytest.CaptureFixture[str]) -> None:
    """`--rules "buraco mole"` is refused as “--rules “buraco mole”: …”, the name in curly
    quotes as every typed value is (it read rules 'buraco mole')."""
    code, _, err = run(capsys, "meld", "--rules", "buraco mole", "4h", "5h", "6h")
    assert code == 2 and err.startswith("buraco: erro: --rules “buraco mole”: "), err
    code, _, err = run(capsys, "rules", "mole")
    assert code == 2 and err.startswith("buraco: erro: rules “mole”: "), err


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "conjunto de regras desconhecido (seria “fechado”?)"),
        ("en", "did you mean “fechado”?"),
    ],
)
def test_a_mistyped_rule_set_names_the_likely_one(
    capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    """`--rules fechad` listed the names but guessed none, while a mistyped --set says
    “seria …?”: the closest name now too (a name far from any, none)."""
    code, _, err = run(capsys, "meld", "--rules", "fechad", "4h", "5h", "6h", "--lang", lang)
    assert code == 2 and err.startswith("buraco: ") and said in err.splitlines()[0], err
    code, _, err = run(capsys, "rules", "buraco mole")
    assert code == 2 and "seria" not in err, err


def test_a_blank_rules_search_says_what_to_type(capsys: pytest.CaptureFixture[str]) -> None:
    """`buraco rules --search ""` asks for words (it said that nothing answers “”), and the
    examples it gives do find rules."""
    code, _, err = run(capsys, "rules", "--search", "  ")
    assert code == 2 and err.startswith("buraco: erro: --search: escreva o que procurar"), err
    for example in ("morto", "pegar o lixo"):
        assert f"“{example}”" in err
        code, out, _ = run(capsys, "rules", "--search", example)
        assert code == 0 and out.startswith("■ "), out


def test_a_yes_no_field_given_as_a_word_is_shown_back_in_curly_quotes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`"took_morto": "sim"` in a round file: “esperava true ou false, veio “sim”” names the
    field and shows what was written as every typed value is shown (it read 'sim')."""
    side = {"name": "A", "melds": [["4h", "5h", "6h"]], "hands": [["3c"]], "took_morto": "sim"}
    path = write_round(tmp_path, {"rules": "fechado", "sides": [side]})
    code, _, err = run(capsys, "score", path)
    assert code == 2
    said = f"buraco: erro: {path}: sides[0].took_morto: esperava true ou false, veio “sim”"
    assert err.startswith(said), err


def test_a_reasons_rule_option_is_named_as_set_takes_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The verdict names the option in words (as the app's sidebar does) and as `--set`
    takes it, so it can be changed from the same command line."""
    code, out, _ = run(capsys, "meld", "2h", "3h", "4h", "2s")
    assert code == 1
    assert "opção “2 curinga ao lado do 2 natural”, --set wild_two_beside_natural_two" in out
    argv = ["meld", "--set", "wild_two_beside_natural_two=true", "2h", "3h", "4h", "2s"]
    assert run(capsys, *argv)[0] == 0


@pytest.mark.parametrize(
    ("lang", "natural", "wild"),
    [
        ("pt", "um (2♥) na posição natural, entre o ás e o 3", "o outro (2♥) como curinga"),
        ("en", "one (2♥) in its natural place, between the ace and the 3", "the other (2♥) as"),
    ],
)
def test_two_of_the_same_2_say_which_is_natural_and_which_the_wild(
    capsys: pytest.CaptureFixture[str], lang: str, natural: str, wild: str
) -> None:
    """2♥ 2♥ 3♥ 4♥: one 2♥ in its place, the other the wild. The message said “O 2♥ não
    pode ser curinga num jogo que já tem o 2♥ na posição natural”: the same card, it seemed,
    both refused and in place. It now says there are two, and each one's part [000]."""
    code, out, _ = run(capsys, "meld", "2h", "2h", "3h", "4h", "--lang", lang)
    assert code == 1
    assert natural in out and wild in out


@pytest.mark.parametrize(("word", "on"), [("sim", True), ("Sim", True), ("não", False)])
def test_a_yes_no_option_takes_the_words_rules_shows(
    capsys: pytest.CaptureFixture[str], word: str, on: bool
) -> None:
    """`buraco rules stbl` shows “trincas = não”: `--set trincas=sim` is taken, and the
    header writes the value as --set takes it (trincas=true, not Python's True)."""
    code, out, _ = run(
        capsys, "meld", "--rules", "aberto", "--set", f"trincas={word}", "5h", "5s", "5d"
    )
    assert code == (0 if on else 1)
    assert ("[Buraco Aberto + trincas=true]" in out) is on and "True" not in out


def test_every_header_names_the_options_changed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["selfplay", "--rounds", "1", "--players", "2", "--levels", "random,random"]
    _, out, _ = run(capsys, *argv, "--rules", "stbl", "--set", "joker_points=20")
    assert "[Fechado STBL + joker_points=20]" in out


def test_selfplay_saves_each_rounds_record_for_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The README says selfplay exports what `buraco replay` reads: `--save FOLDER` writes
    one record per round, and each replays legal to the score selfplay reported."""
    folder = tmp_path / "records"
    argv = ["selfplay", "--rounds", "2", "--players", "2", "--levels", "random,basic"]
    code, _, _ = run(capsys, *argv, "--save", str(folder))
    assert code == 0
    saved = sorted(p.name for p in folder.iterdir())
    assert saved == ["round-001.json", "round-002.json"]
    for name in saved:
        record = json.loads((folder / name).read_text(encoding="utf-8"))
        code, data = run_json(capsys, "replay", str(folder / name))
        assert code == 0 and data["legal"]
        assert [side["total"] for side in data["score"]] == record["scores"]


def test_selfplay_says_where_it_saved_the_records_and_how_to_replay_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`buraco selfplay --save rodadas` printed its figures and nothing of the records: a
    newcomer did not know they were written, nor the next step. The text now ends with the
    records' names, the folder, and the replay command to paste (quoted where the path has a
    space); the JSON is unchanged."""
    monkeypatch.chdir(tmp_path)
    argv = ["selfplay", "--rounds", "3", "--players", "2", "--levels", "random,random"]
    code, out, _ = run(capsys, *argv, "--save", "rodadas")
    assert code == 0
    assert out.splitlines()[-1] == (
        "  registros: round-001.json a round-003.json, na pasta rodadas; para conferir um:"
        " buraco replay rodadas/round-001.json"
    )
    code, out, _ = run(capsys, *argv[:2], "1", *argv[3:], "--save", "my rounds", "--lang", "en")
    assert code == 0
    assert out.splitlines()[-1] == (
        "  record: round-001.json, in the folder my rounds; to check it:"
        " buraco replay 'my rounds/round-001.json'"
    )
    code, out, _ = run(capsys, *argv, "--save", "again", "--json")
    assert code == 0 and "records" not in json.loads(out) and "registros" not in out


def test_a_saved_record_puts_each_move_on_a_line_of_its_own(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A record was one line of thousands of characters: a person who broke a move while
    editing it read “round-001.json:1:4817”. Each field and each move now has a line, so
    the error's line is the broken move's (and the record reads the same to replay)."""
    argv = ["selfplay", "--rounds", "1", "--players", "2", "--levels", "random,basic"]
    assert run(capsys, *argv, "--save", str(tmp_path))[0] == 0
    path = tmp_path / "round-001.json"
    lines = path.read_text(encoding="utf-8").splitlines()
    record = json.loads("\n".join(lines))
    first = lines.index(' "moves": [') + 1
    assert [json.loads(line.rstrip(",")) for line in lines[first : first + 3]] == (
        record["moves"][:3]
    )
    lines[first + 3] = lines[first + 3].replace('"type": ', '"type" ')  # move 4 broken
    path.write_text("\n".join(lines), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and err.startswith(f"buraco: erro: {path}:{first + 4}:"), err


def test_selfplay_refuses_a_save_folder_it_cannot_make_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    taken = tmp_path / "a_file"
    taken.write_text("", encoding="utf-8")
    code, out, err = run(capsys, "selfplay", "--save", str(taken))
    assert code == 2 and not out
    assert "não foi possível gravar" in err and "há um arquivo com esse nome" in err


def test_the_portuguese_selfplay_help_names_the_levels_in_portuguese(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--think said "quanto o nível strong (forte) pensa": the English name where the reader
    types and reads "forte"; the English names stay only where --levels says they are taken."""
    with pytest.raises(SystemExit):
        main(["selfplay", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "quanto o nível forte pensa por jogada" in out, out
    assert out.count("strong") == 1 and "(ou random, basic, strong;" in out, out


def test_selfplay_help_gives_its_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    from buraco_core.players import DEFAULT_THINK_MS

    for lang, said in (("pt", "padrão"), ("en", "default")):
        with pytest.raises(SystemExit):
            main(["selfplay", "--help", "--lang", lang])
        out = " ".join(capsys.readouterr().out.split())
        assert f"({said}: 10)" in out and f"({said}: 4)" in out
        assert f"{said}: {DEFAULT_THINK_MS};" in out
        levels = "forte,básico" if lang == "pt" else "strong,basic"  # as the help names them
        assert f"{said}: {levels})" in out


@pytest.mark.parametrize(
    ("typed", "close"), [("mel", "meld"), ("jugde", "judge"), ("scores", "score")]
)
def test_a_mistyped_command_names_the_likely_one(
    capsys: pytest.CaptureFixture[str], typed: str, close: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([typed, "4h"])
    assert exit_.value.code == 2
    assert f"não há o comando “{typed}”; seria “{close}”?" in capsys.readouterr().err


def test_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"buraco {version('buraco-tutor')}\n"


@pytest.mark.parametrize("command", [*COMMANDS, "schema"])
def test_every_commands_help_ends_with_an_example(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """A newcomer reading `buraco judge --help` sees a command line to start from (and,
    for a file, where its format is told)."""
    for lang, word in (("pt", "exemplo"), ("en", "example")):
        with pytest.raises(SystemExit):
            main([command, "--help", "--lang", lang])
        last = capsys.readouterr().out.strip().split("\n\n")[-1]
        assert last.startswith(word) and f"buraco {command}" in " ".join(last.split())
        if command in ("score", "judge", "coach", "replay"):
            assert "buraco schema" in " ".join(last.split())


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("command", ["score", "judge", "coach"])
def test_the_example_a_help_gives_to_paste_runs(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    lang: str,
) -> None:
    """`buraco score --help` gave a newcomer a file name and a JSON Schema to write the round
    from, where judge and coach give a line to paste: it gives one too, and each pasted line
    runs (exit 0, the answer printed)."""
    with pytest.raises(SystemExit):
        main([command, "--help", "--lang", lang])
    pasted = re.search(r"echo '(.*)' \| buraco (\w+) -", capsys.readouterr().out)
    assert pasted is not None and pasted.group(2) == command
    monkeypatch.setattr(sys, "stdin", io.StringIO(pasted.group(1)))
    code, out, err = run(capsys, command, "-", "--lang", lang)
    assert code == 0 and out and not err


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_judge_help_shows_every_move_to_write(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """“May I take the lixo with these cards?” at the terminal is `buraco judge` with a
    take_lixo move; its help showed a discard alone, and the move's forms only in an English
    JSON Schema. It shows each kind of move, as the file takes it."""
    from buraco_core.notation import move_from_data

    with pytest.raises(SystemExit):
        main(["judge", "--help", "--lang", lang])
    shown = capsys.readouterr().out.split('("move"):')[1]
    moves = [json.loads(found) for found in re.findall(r"\{\"type\".*?\}", shown)]
    assert {type(move_from_data(m)).__name__ for m in moves} == {
        "Draw",
        "Discard",
        "TakeLixo",
        "Lay",
        "Extend",
    }
    assert {"new_meld", "extend"} <= {k for m in moves if m["type"] == "take_lixo" for k in m}


def test_scenario_titles_show_no_markdown_in_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenarios")
    assert code == 0 and "A♣ 2♣ 3♣ é limpo" in out and "`" not in out


def test_score_text_names_the_rules_it_scored_under(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`buraco score round.json --rules stbl` printed the totals and no word of the rules
    they were counted under (the file's, the command line's, or both), where meld, judge,
    coach, replay and selfplay each name them: the text ends with the rules in force (it
    still starts with the first side's total)."""
    path = write_round(tmp_path, ROUND_FILE)
    code, out, _ = run(capsys, "score", path, "--rules", "stbl", "--set", "round_up_to_ten=true")
    assert code == 0 and out.startswith("A: ")
    last = out.splitlines()[-1]
    assert last.startswith("Contado com as regras: Fechado STBL + "), out
    assert "joker_points=20" in last and "round_up_to_ten=true" in last
    code, out, _ = run(capsys, "score", path, "--lang", "en")
    assert out.splitlines()[-1] == "Counted under the rules: Buraco Fechado + joker_points=20"


def test_cards_after_an_option_are_cards_of_the_same_meld(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`buraco meld 4h --lang en 5h 6h` (an option before or after anything, as the README
    says of --lang and --json) said "unrecognized arguments: 5h 6h": the cards on both sides
    of an option are one meld. An unknown option among them is still named."""
    assert main(["meld", "4h", "--json", "5h", "--lang", "en", "6h"]) == 0
    assert json.loads(capsys.readouterr().out)["arrangement"] == ["4h", "5h", "6h"]
    with pytest.raises(SystemExit) as exit_:
        main(["meld", "4h", "--wat", "5h", "6h"])
    assert exit_.value.code == 2
    assert "argumentos não reconhecidos: --wat 5h 6h" in capsys.readouterr().err


def test_scenarios_check_says_each_problem_as_every_error_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A problem `scenarios --check` finds began "erro: cenário …", a third form beside
    "buraco: erro: …" (every other error) and argparse's own: now the one form, in the
    reader's language, the exit code 1 as before."""
    import shutil

    root = Path(__file__).resolve().parent.parent
    for folder in ("lessons", "scenarios"):
        shutil.copytree(root / folder, tmp_path / folder)
    sample = tmp_path / "scenarios/scoring/worked_example_round.toml"
    sample.write_text(sample.read_text().replace("A = 525", "A = 1"))
    for lang, said in (
        ("pt", "buraco: erro: cenário worked_example_round: task.answer: diz"),
        ("en", "buraco: error: scenario worked_example_round: task.answer: says"),
    ):
        code, _, err = run(capsys, "scenarios", "--check", "--root", str(tmp_path), "--lang", lang)
        assert code == 1 and err.startswith(said), err


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("command", ["coach", "judge", "replay", "score"])
def test_the_help_examples_run_when_pasted(command: str, lang: str, tmp_path: Path) -> None:
    """Each line of the example that starts a command, pasted into a shell as it stands,
    runs without an error: coach's and judge's named a file nobody has (jogada.json), and
    replay's ran two commands and the sentence "o formato: buraco schema replay" together on
    one line, wrapped where the terminal ended."""
    done = subprocess.run(
        [sys.executable, "-m", "buraco_cli", command, "--help", "--lang", lang],
        capture_output=True,
        text=True,
        check=True,
    )
    example = done.stdout.split("\n\n")[-1]
    pasted = [line.strip() for line in example.splitlines() if line.startswith("  ")]
    here = os.pathsep.join([str(Path(__file__).parent.parent), os.environ.get("PYTHONPATH", "")])
    shell = f'buraco() {{ "{sys.executable}" -m buraco_cli "$@"; }}\n'
    ran = []
    for line in pasted:
        named = [word for word in line.split() if word.endswith(".json")]
        if named and not (tmp_path / named[-1]).exists():
            continue  # (a file of the reader's own, as `buraco coach jogada.json`)
        ran.append(line)
        run = subprocess.run(
            ["bash", "-c", shell + line],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": here},
            check=False,
        )
        assert (run.returncode, run.stderr) == (0, ""), line
    assert any(f"buraco {command}" in line for line in ran), example


# --- a terminal of a given width --------------------------------------------------------------


def in_a_terminal(columns: int, *argv: str, cwd: Path | None = None) -> list[str]:
    """The lines `buraco ARGV` shows on a terminal `columns` wide (a pseudo-terminal)."""
    import fcntl
    import struct
    import termios

    reader, screen = os.openpty()
    fcntl.ioctl(screen, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    here = str(Path(__file__).parent.parent)
    env["PYTHONPATH"] = os.pathsep.join([here, env.get("PYTHONPATH", "")])
    child = subprocess.Popen(
        [sys.executable, "-m", "buraco_cli", *argv], stdout=screen, stderr=screen, env=env, cwd=cwd
    )
    os.close(screen)
    shown = b""
    while True:
        try:
            chunk = os.read(reader, 65536)
        except OSError:  # (the terminal's other end closed: the command ended)
            break
        if not chunk:
            break
        shown += chunk
    os.close(reader)
    child.wait()
    return shown.decode("utf-8").replace("\r\n", "\n").splitlines()


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal is POSIX's")
def test_a_terminal_40_columns_wide_shows_whole_words(capsys: pytest.CaptureFixture[str]) -> None:
    """A reason, a rule's description, a score's rules line wrapped where the terminal ended,
    mid-word (“Sequência válida de 4 cartas de / copas” was “… de co / pas”), its rest at the
    left edge; now each line fits, wrapped at spaces under the text of its bullet. The words
    are those a file or a pipe gets, whole lines as ever."""
    for argv in (
        ["meld", "4h", "5h", "6h", "2s"],
        ["meld", "3h", "4h", "2h", "2h"],
        ["rules", "stbl"],
    ):
        shown = in_a_terminal(40, *argv)
        assert all(len(line) <= 40 for line in shown), shown
        main(argv)
        piped = capsys.readouterr().out
        assert " ".join(shown).split() == piped.split()
    shown = in_a_terminal(40, "meld", "4h", "5h", "6h", "2s")
    assert shown[2:4] == [
        "  • Sequência válida de 4 cartas de",
        "    copas, do 4♥ ao 7♥.  (textos 000,",
    ]
    assert "    --set wild_two_beside_natural_two)" in in_a_terminal(
        40, "meld", "3h", "4h", "2h", "2h"
    )


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal is POSIX's")
@pytest.mark.parametrize("columns", [40, 80])
def test_where_the_variants_differ_fits_the_terminal(columns: int) -> None:
    """`buraco rules`, a newcomer's first look, printed a table 120 columns wide: at 80
    columns (and 40) each row broke into three, the variants' values under the wrong
    titles. A terminal narrower than the table gets a rule at a time, each variant's value
    on its own line [RULES.md's variant table: seeds 000, 001, 002, 003]."""
    shown = in_a_terminal(columns, "rules")
    assert all(len(line) <= columns for line in shown), shown
    at = shown.index("lixo visível")
    assert shown[at + 1 : at + 6] == [
        "  Buraco Aberto   todas",
        "  Buraco Fechado  só a de cima",
        "  Fechado STBL    só a de cima",
        "  --set discard_pile_visible",
        "  fontes: textos 000, 001, 002, 003",
    ]
    assert in_a_terminal(200, "rules")[1].split() == [
        "Buraco",
        "Aberto",
        "Buraco",
        "Fechado",
        "Fechado",
        "STBL",
    ]


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal is POSIX's")
def test_an_error_on_a_narrow_terminal_shows_whole_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error and the pointer to the file's format under it broke mid-word at 40 columns
    (“buraco schema score” as “burac / o schema score”); now wrapped at spaces, the error's
    further lines indented under its first."""
    path = tmp_path / "round.json"
    path.write_text('{"players": 2, "sides": []}', encoding="utf-8")
    shown = in_a_terminal(40, "score", path.name, "--lang", "en", cwd=tmp_path)
    assert all(len(line) <= 40 for line in shown), shown
    assert shown[-1] == "buraco schema score"
    assert shown[1].startswith("  ")
    monkeypatch.chdir(tmp_path)
    assert main(["score", path.name, "--lang", "en"]) == 2
    assert " ".join(shown).split() == capsys.readouterr().err.split()


def test_help_or_version_typed_as_a_command_says_where_they_are(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`buraco ajuda`, a Portuguese speaker's first guess, was asked “seria “judge”?”, the
    command closest in letters; `buraco help meld`, `buraco version` listed the commands.
    Each now says the option that gives it, the command's own help where one is named."""

    def refused(*argv: str) -> str:
        with pytest.raises(SystemExit) as exit_:
            main(list(argv))
        assert exit_.value.code == 2
        return capsys.readouterr().err.splitlines()[0]

    said = refused("ajuda")
    assert "“ajuda”: a ajuda é buraco --help" in said and "judge" not in said
    assert "“help”: the help is buraco meld --help" in refused("help", "meld", "--lang", "en")
    assert "a versão instalada é buraco --version" in refused("version")
    assert "seria “meld”?" in refused("mel")  # a mistyped command is still told the close one


def test_set_takes_a_choice_as_buraco_rules_shows_it(capsys: pytest.CaptureFixture[str]) -> None:
    """`buraco rules fechado` prints “pickup = top_card  (justificada (carta de cima))” and
    “discard_pile_visible = top  (só a de cima)”; `--set pickup=livre`, typed from that
    output (as --set trincas=não is), was refused. The words the output gives a value, in
    either language, case and accents optional, now name it [option pickup: 000, 002, 003]."""
    for said, value in (("livre", "free"), ("SO A DE CIMA", "top"), ("free", "free")):
        option = "pickup" if value == "free" else "discard_pile_visible"
        code, data = run_json(capsys, "rules", "aberto", "--set", f"{option}={said}")
        assert code == 0
        assert next(o for o in data["options"] if o["name"] == option)["value"] == value
    code, _, err = run(capsys, "rules", "fechado", "--set", "pickup=limpa")
    assert code == 2 and "valores possíveis:\n  • free: livre\n  • top_card: " in err


@pytest.mark.parametrize("typed", ["pegar o lixo", "Taking the lixo", "PICKUP"])
def test_set_takes_an_option_by_its_name(capsys: pytest.CaptureFixture[str], typed: str) -> None:
    """A reason names an option in words (“opção “pegar o lixo”, --set pickup”), and --set
    took its choices in words (pickup=livre) but not the option itself: `--set "pegar o
    lixo=livre"` was “opção desconhecida” and a line of 27 codes [option pickup: 000, 002,
    003]."""
    code, data = run_json(capsys, "rules", "fechado", "--set", f"{typed}=livre")
    assert code == 0
    assert next(o for o in data["options"] if o["name"] == "pickup")["value"] == "free"
    code, _, err = run(capsys, "meld", "--set", f"{typed}=xyz", "4h", "5h", "6h")
    assert code == 2 and err.startswith("buraco: erro: --set pickup: valor “xyz” inválido")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "pt",
            [
                "buraco: erro: --set pickup: valor “xyz” inválido; valores possíveis:",
                "  • free: livre",
                "  • top_card: justificada (carta de cima)",
                "  • top_card_two_from_hand: justificada + 2 da mão",
                "uso: buraco meld [-h] [--rules NOME] [--set OPÇÃO=VALOR] [--lang IDIOMA]",
            ],
        ),
        (
            "en",
            [
                "buraco: error: --set pickup: bad value “xyz”; allowed:",
                "  • free",  # (its meaning in English is its code)
                "  • top_card: justified (top card)",
                "  • top_card_two_from_hand: justified + 2 from hand",
                "usage: buraco meld [-h] [--rules NAME] [--set OPTION=VALUE] [--lang LANG]",
            ],
        ),
    ],
)
def test_an_options_choices_are_listed_with_their_meanings(
    capsys: pytest.CaptureFixture[str], lang: str, said: list[str]
) -> None:
    """`--set pickup=xyz` listed the codes alone (“free”, “top_card” ou
    “top_card_two_from_hand”), which say nothing of the rule: each now comes with its
    meaning as `buraco rules` gives it, a line each, as the line would pass 80 characters;
    the code and fields of the error stay (not_one_of, value, allowed)."""
    code, out, err = run(capsys, "meld", "--set", "pickup=xyz", "4h", "5h", "6h", "--lang", lang)
    assert code == 2 and not out
    assert err.splitlines()[: len(said)] == said
    with pytest.raises(BuracoInputError) as raised:
        ruleset("fechado", pickup="xyz")
    error = raised.value
    assert (error.code, error.path) == (InputCode.NOT_ONE_OF, "options.pickup")
    assert error.values["allowed"] == ("free", "top_card", "top_card_two_from_hand")
    assert error.values["value"] == "“xyz”"
    # One line where the error is one line (not the command's): each with its meaning.
    assert error_message(error, "pt").endswith(
        "“free”: livre, “top_card”: justificada (carta de cima) ou "
        "“top_card_two_from_hand”: justificada + 2 da mão"
    )


@pytest.mark.parametrize(
    ("lang", "pickup", "discard"),
    [
        ("pt", "pickup = top_card: justificada (carta de cima)", "top  (só a de cima)"),
        ("en", "pickup = top_card: justified (top card)", "top  (top only)"),
    ],
)
def test_rules_shows_a_choice_without_brackets_in_brackets(
    capsys: pytest.CaptureFixture[str], lang: str, pickup: str, discard: str
) -> None:
    """`buraco rules fechado` printed “pickup = top_card  (justificada (carta de cima))”: a
    meaning with brackets of its own now follows a colon; one without keeps its brackets
    [option pickup: 000, 002, 003; discard_pile_visible: 000, 001, 002, 003]."""
    _, listing, _ = run(capsys, "rules", "fechado", "--lang", lang)
    assert f"  {pickup}\n" in listing and f"  discard_pile_visible = {discard}\n" in listing
    assert "((" not in listing and "))" not in listing


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("preset", ["aberto", "fechado", "stbl"])
def test_rules_says_a_value_once_where_its_meaning_reads_the_same(
    capsys: pytest.CaptureFixture[str], lang: str, preset: str
) -> None:
    """`buraco rules aberto --lang en` printed “pickup = free  (free)”, “trinca_suits = any
    (any)”, “go_out_requires = clean_canastra  (clean canastra)”: a meaning that reads as the
    value is not said again; one that differs still is (“pickup = free  (livre)”)."""
    _, listing, _ = run(capsys, "rules", preset, "--lang", lang)
    said = {}
    for name, shown in re.findall(r"^[ *] (\w+) = (.*)$", listing, re.M):
        if shown.endswith(")") and "  (" in shown:  # “top  (top only)”
            value, meaning = shown[:-1].split("  (")
        else:  # “top_card: justified (top card)”, “yes”, “50”, “free”
            value, _, meaning = shown.partition(": ")
        assert meaning.lower() != value.replace("_", " ").lower(), shown
        said[name] = (value, meaning)
    assert set(said) == set(OPTION_NAMES)
    if (preset, lang) == ("aberto", "en"):
        assert said["pickup"] == ("free", "") and said["trinca_suits"] == ("any", "")
        assert said["go_out_requires"] == ("clean_canastra", "")
        assert said["go_out_by"] == ("meld_or_discard", "onto a meld or the lixo")
    if (preset, lang) == ("aberto", "pt"):
        assert said["pickup"] == ("free", "livre")


def test_a_bad_values_choices_say_a_meaning_once_where_it_reads_as_the_code(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A bad --set value's choices, a line each or in one line, said “free: free” and
    “clean_canastra: clean canastra” in English: the code alone now."""
    _, _, err = run(
        capsys, "meld", "--set", "go_out_requires=xyz", "4h", "5h", "6h", "--lang", "en"
    )
    assert err.splitlines()[1:3] == ["  • clean_canastra", "  • any_canastra"]
    with pytest.raises(BuracoInputError) as raised:
        ruleset("fechado", discard_pile_visible="xyz")
    assert error_message(raised.value, "en").endswith("“all” or “top” (top only)")
    assert error_message(raised.value, "pt").endswith("“all” (todas) ou “top” (só a de cima)")


def test_choices_in_one_line_keep_each_meaning_apart() -> None:
    """The one-line list of a bad value's choices read “free”, “top_card”: justified (top
    card) in English (free seemed to mean justified) and “num jogo ou no lixo ou “discard”:
    descartando” (an “or” of the meaning beside the list's): the meanings go in brackets,
    after a colon each only where one has brackets of its own; there a code whose meaning
    reads as itself (en “free”) is said alone, kept apart from the next by semicolons."""
    with pytest.raises(BuracoInputError) as raised:
        ruleset("fechado", pickup="xyz")
    assert error_message(raised.value, "en").endswith(
        "“free”; “top_card”: justified (top card); or "
        "“top_card_two_from_hand”: justified + 2 from hand"
    )
    with pytest.raises(BuracoInputError) as raised:
        ruleset("fechado", go_out_by="xyz")
    assert error_message(raised.value, "pt").endswith(
        "“meld_or_discard” (num jogo ou no lixo) ou “discard” (descartando)"
    )


def test_a_files_option_lists_its_choices_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = {"rules": "aberto", "options": {"trinca_suits": "all"}, "sides": [{}, {}]}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(data)))
    code, _, err = run(capsys, "score", "-")
    assert code == 2
    assert err.splitlines()[:3] == [
        "buraco: erro: stdin: options.trinca_suits: valor “all” inválido; valores possíveis:",
        "  • any: quaisquer",
        "  • distinct: diferentes",
    ]


def test_one_source_text_is_named_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    """A reason resting on one source text says “texto 000” (“text 000”), several “textos”:
    the 2 beside a natural 2 rests on text 000 alone, the trincas on 000, 001, 003."""
    _, out, _ = run(capsys, "meld", "4h", "5h", "6h", "2h", "2s")
    assert "(texto 000; opção" in out and "textos 000" not in out
    _, out, _ = run(capsys, "meld", "4h", "5h", "6h", "2h", "2s", "--lang", "en")
    assert "(text 000; option" in out and "texts 000" not in out
    _, out, _ = run(capsys, "rules", "stbl")
    assert "fontes: texto 003\n" in out and "fontes: textos 000, 001, 003" in out
    assert "textos 003\n" not in out
    _, out, _ = run(capsys, "rules", "stbl", "--lang", "en")
    assert "sources: text 003\n" in out and "sources: texts 000, 001, 003" in out


def test_the_command_starts_without_the_judge_or_the_scoring() -> None:
    """`buraco meld` and `buraco --help` start fast because the judge, the state and the
    scoring load only where a command needs them (main.py's TYPE_CHECKING imports); a
    module-level import of a question from buraco_core.queries loaded them all for every
    command."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, buraco_cli.main; print(' '.join(sorted(sys.modules)))",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    loaded = set(done.stdout.split())
    heavy = {"buraco_core.judge", "buraco_core.state", "buraco_core.scoring", "pydantic"}
    assert not heavy & loaded


def test_a_score_line_wrapped_on_a_narrow_terminal_stays_under_its_words() -> None:
    """`buraco score` on a terminal 50 columns wide: a hand's line (its cards named) went on
    under the points column, “     K♦)”; it goes on under the line's words."""
    line = "     -65  cartas na mão (1º jogador da dupla: 3♣ K♣ K♥ Q♦ 8♥ JK)"
    wrapped = fill_line(line, 50).splitlines()
    assert len(wrapped) == 2 and wrapped[1].startswith(" " * 10 + "K")
