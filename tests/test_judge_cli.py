"""`buraco judge` and `buraco schema`: exit codes, JSON output, the view, languages."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from buraco_cli.main import main
from buraco_core.cards import parse_cards
from buraco_core.codes import Code
from buraco_core.notation import position_from_data
from buraco_core.rules import ruleset
from buraco_core.verdict import Reason
from buraco_text import message

LEGAL = {
    "rules": "fechado",
    "position": {"players": 2, "phase": "play", "hands": [["5h", "6h", "7h", "9c"], 11]},
    "move": {"type": "discard", "card": "9c"},
}
ILLEGAL = {**LEGAL, "position": {**LEGAL["position"], "phase": "draw"}}


def run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: Any, *args: str
) -> tuple[int, str, str]:
    path = tmp_path / "judge.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    code = main(["judge", *args, str(path)])
    out, err = capsys.readouterr()
    return code, out, err


def run_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: Any, *args: str
) -> tuple[int, dict[str, Any]]:
    code, out, _ = run(capsys, tmp_path, data, "--json", *args)
    return code, json.loads(out)


def test_legal_move_exits_0(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, tmp_path, LEGAL)
    assert code == 0 and out.strip() and not err


def test_illegal_move_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, tmp_path, ILLEGAL)
    assert code == 1 and out.strip()
    code, data = run_json(capsys, tmp_path, ILLEGAL)
    assert code == 1 and data["legal"] is False
    assert [r["code"] for r in data["reasons"]] == ["must_draw_first"]
    # An illegal move leaves the position as it was.
    assert data["position"]["phase"] == "draw" and data["position"]["hands"][0] == [
        "5h",
        "6h",
        "7h",
        "9c",
    ]


@pytest.mark.parametrize(
    ("data", "names"),
    [
        ({**LEGAL, "position": {"players": 2, "hands": [["5h", "6h", "9x"], 11]}}, "hands[0][2]"),
        ({**LEGAL, "moove": {}}, "moove"),
        ({"rules": "fechado", "position": LEGAL["position"]}, "move"),
        ({**LEGAL, "move": {"type": "discard"}}, "move.card"),
        ({**LEGAL, "rules": "canasta"}, "canasta"),
        ({**LEGAL, "options": {"joker_pionts": 20}}, "joker_pionts"),
        ({**LEGAL, "position": {"players": 2, "hands": [["5h"], 11], "stock": 2}}, "stock"),
        ('{"rules": "fechado",\n "position": }', ":2:"),
        ("[1, 2]", "judge"),
    ],
)
def test_bad_input_exits_2_naming_the_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: Any, names: str
) -> None:
    code, out, err = run(capsys, tmp_path, data)
    assert code == 2 and not out
    assert err.startswith("buraco: erro:") and names in err


def test_bad_lang_and_view_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, tmp_path, LEGAL, "--lang", "fr")
    assert code == 2 and "lang" in err
    code, _, err = run(capsys, tmp_path, LEGAL, "--view", "3")
    assert code == 2 and "--view" in err


def test_json_has_legal_reasons_and_position(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, data = run_json(capsys, tmp_path, LEGAL)
    assert code == 0 and data["legal"] is True
    assert {"legal", "reasons", "position", "rules"} <= set(data)
    (reason,) = data["reasons"]
    assert reason["code"] == "discarded" and reason["params"] == {"card": "9c"}
    assert reason["source"] == "seeds 000, 001, 002, 003"
    assert isinstance(reason["message"], str) and reason["message"]
    assert data["events"] == ["discarded"]  # what happened, apart from why [issue 9]
    # The position after the move, as the whole table: it reads back.
    assert data["position"]["turn"] == 1 and data["position"]["phase"] == "draw"
    after = position_from_data(ruleset("fechado"), data["position"])
    assert after.lixo[-1].rank == 9


def test_events_tell_what_happened_apart_from_the_meld_reasons(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A direct beat: the meld laid, its reasons, and the morto taken at once [000, 001, 003];
    the events are what happened, in order, and still print among the reasons."""
    beat = {
        "rules": "fechado",
        "position": {"players": 2, "phase": "play", "hands": [["5h", "6h", "7h"], 11]},
        "move": {"type": "lay", "cards": ["5h", "6h", "7h"]},
    }
    code, data = run_json(capsys, tmp_path, beat)
    assert code == 0 and data["events"] == ["laid_meld", "direct_beat"]
    codes = [r["code"] for r in data["reasons"]]
    assert codes[0] == "laid_meld" and codes[-1] == "direct_beat" and "valid_sequence" in codes


def test_json_scores_a_finished_round(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    going_out = {
        "rules": "stbl",
        "position": {
            "players": 2,
            "phase": "play",
            "hands": [["9c"], 11],
            "melds": [[["4h", "5h", "6h", "7h", "8h", "9h", "10h"]], []],
            "mortos": [11],
            "morto": ["taken", "available"],
        },
        "move": {"type": "discard", "card": "9c"},
    }
    code, data = run_json(capsys, tmp_path, going_out)
    assert code == 0 and "went_out" in [r["code"] for r in data["reasons"]]
    side_a = data["score"][0]
    assert sum(item["points"] for item in side_a["items"]) == side_a["total"] == 50 + 200 + 100


def test_view_prints_what_the_seat_sees(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, data = run_json(capsys, tmp_path, LEGAL, "--view", "1")
    assert code == 0
    position = data["position"]
    assert position["hands"][0] == 3 and isinstance(position["hands"][1], list)
    assert position["lixo"] == {"top": "9c", "count": 1}  # Fechado shows the top only
    assert isinstance(position["stock"], int) and position["mortos"] == [11, 11]
    aberto = {**LEGAL, "rules": "aberto"}
    _, data = run_json(capsys, tmp_path, aberto, "--view", "1")
    assert data["position"]["lixo"] == ["9c"]  # Aberto shows the whole lixo


@pytest.mark.parametrize(("lang", "said"), [("pt", "Lixo (vazio)"), ("en", "Lixo (empty)")])
def test_an_empty_lixo_in_the_view_is_said_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, said: str
) -> None:
    """`buraco judge --view` with nothing discarded read “Lixo (0 cartas): vazio”, empty
    said twice. It reads “Lixo (vazio)”; a lixo with cards as before, “Lixo (1 carta): 9♣”."""
    data = {**ILLEGAL, "move": {"type": "draw"}}
    code, out, _ = run(capsys, tmp_path, data, "--view", "0", "--lang", lang)
    assert code == 0
    lixo = [line.strip() for line in out.splitlines() if line.strip().startswith("Lixo")]
    assert lixo == [said], out
    _, out, _ = run(capsys, tmp_path, LEGAL, "--view", "0")
    assert "    Lixo (1 carta): 9♣" in out, out


def test_lang_en_gives_the_english_messages(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, pt = run_json(capsys, tmp_path, ILLEGAL)
    _, en = run_json(capsys, tmp_path, ILLEGAL, "--lang", "en")
    reason = Reason(Code.MUST_DRAW_FIRST)
    assert pt["reasons"][0]["message"] == message(reason, "pt")
    assert en["reasons"][0]["message"] == message(reason, "en")
    assert pt["reasons"][0]["message"] != en["reasons"][0]["message"]
    code, text, _ = run(capsys, tmp_path, ILLEGAL, "--lang", "en")
    assert code == 1 and message(reason, "en") in text


def test_reads_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(LEGAL)))
    assert main(["judge", "--json", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["legal"] is True


def test_the_installed_command_runs() -> None:
    """The real entry point, as a separate process (exit codes reach the shell)."""
    result = subprocess.run(
        [sys.executable, "-m", "buraco_cli", "judge", "--json", "-"],
        input=json.dumps(ILLEGAL),
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert json.loads(result.stdout)["reasons"][0]["code"] == "must_draw_first"


# --- schema -----------------------------------------------------------------------------


def schema(capsys: pytest.CaptureFixture[str], what: str) -> dict[str, Any]:
    assert main(["schema", what]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


@pytest.mark.parametrize("what", ["position", "move", "judge", "score", "replay"])
def test_schema_prints_json_schema(capsys: pytest.CaptureFixture[str], what: str) -> None:
    data = schema(capsys, what)
    assert data["type"] == "object" and data["properties"]
    assert data.get("additionalProperties") is False
    for ref in _refs(data):  # every reference resolves inside the document
        assert ref.startswith("#/$defs/") and ref.removeprefix("#/$defs/") in data["$defs"]


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if "$ref" in node else []
        return own + [r for value in node.values() for r in _refs(value)]
    if isinstance(node, list):
        return [r for value in node for r in _refs(value)]
    return []


def test_schema_accepts_the_examples(capsys: pytest.CaptureFixture[str]) -> None:
    """The examples validate structurally: required keys present, no unknown keys; with
    jsonschema installed, fully."""
    position_schema = schema(capsys, "position")
    move_schema = schema(capsys, "move")
    judge_schema = schema(capsys, "judge")
    example = {
        "players": 4,
        "turn": 0,
        "phase": "play",
        "hands": [["3s", "4s", "JK"], 11, 11, 11],
        "melds": [[["5h", "6h", "7h"]], []],
        "lixo": {"top": "Kd", "count": 5},
        "mortos": [11, 11],
        "morto": ["available", "available"],
    }
    assert set(position_schema["required"]) <= set(example) <= set(position_schema["properties"])
    move = {"type": "lay", "cards": ["3s", "4s", "JK"]}
    assert set(move_schema["required"]) <= set(move) <= set(move_schema["properties"])
    document = {"rules": "fechado", "position": example, "move": move}
    assert set(judge_schema["required"]) <= set(document) <= set(judge_schema["properties"])
    position_from_data(ruleset("fechado"), example)  # and the core reads it
    jsonschema = pytest.importorskip("jsonschema")
    for data, schema_ in (
        (example, position_schema),
        (move, move_schema),
        (document, judge_schema),
    ):
        jsonschema.Draft202012Validator.check_schema(schema_)
        jsonschema.validate(data, schema_)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**example, "hand": []}, position_schema)


# --- schema replay: what `buraco replay` reads ----------------------------------------------


def _replay_schema_validator(capsys: pytest.CaptureFixture[str]) -> Any:
    jsonschema = pytest.importorskip("jsonschema")
    replay_schema = schema(capsys, "replay")
    jsonschema.Draft202012Validator.check_schema(replay_schema)
    return jsonschema.Draft202012Validator(replay_schema)


@pytest.mark.parametrize(
    ("players", "rules", "seed"),
    [
        ("2", ["--rules", "fechado"], "3"),
        ("4", ["--rules", "stbl", "--set", "joker_points=20"], "11"),
        ("4", ["--rules", "aberto"], "40"),
    ],
)
def test_the_records_selfplay_saves_fit_the_replay_schema(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, players: str, rules: list[str], seed: str
) -> None:
    """Each record `buraco selfplay --save` writes (two rounds: two seeds, two first players)
    is one `buraco replay` takes and one the schema validates."""
    validator = _replay_schema_validator(capsys)
    folder = tmp_path / "records"
    argv = ["selfplay", "--rounds", "2", "--players", players, "--levels", "random,basic"]
    assert main([*argv, *rules, "--seed", seed, "--save", str(folder), "--json"]) == 0
    records = sorted(folder.glob("round-*.json"))
    assert len(records) == 2
    for record in records:
        assert main(["replay", str(record)]) == 0, capsys.readouterr().err
        validator.validate(json.loads(record.read_text("utf-8")))
    capsys.readouterr()


def test_a_dealt_position_and_the_pages_export_fit_the_replay_schema(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The other starts replay takes: a dealt `position` in place of the deal's seed, and
    the round's record the "Jogar" page exports."""
    from tests.test_replay_cli import page_record

    validator = _replay_schema_validator(capsys)
    dealt = {"rules": "fechado", "position": LEGAL["position"], "moves": [LEGAL["move"]]}
    for record in (dealt, page_record()):
        path = tmp_path / "record.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        assert main(["replay", str(path)]) == 0, capsys.readouterr().err
        validator.validate(record)


# Records `buraco replay` refuses for their shape: a field missing, unknown, of the wrong type
# or not among the values it takes (`...`: the field left out).
MISSHAPEN_RECORDS = [
    {"moves": ...},
    {"seed": ...},
    {"dealer": 1},
    {"seed": "7"},
    {"seed": True},
    {"players": 3},
    {"players": "4"},
    {"first": "0"},
    {"vulnerable": [True]},
    {"vulnerable": "no"},
    {"vulnerable": [1, 0]},
    {"moves": {"type": "draw"}},
    {"moves": [{"type": "fly"}]},
    {"moves": [{"type": "draw", "when": 1}]},
    {"moves": [{"type": "draw", "seat": "first"}]},  # (not "0": moves take a number as text)
    {"rules": 5},
    {"rules": ["fechado"]},
    {"options": []},
    {"levels": "basic"},
    {"levels": [1, 2]},
    {"ended_by": "draw"},
    {"scores": "x"},
    {"scores": [1]},
    {"scores": [1, True]},
    {"illegal_attempts": "0"},
    {"illegal_attempts": None},
    {"position": None},
    {"position": {"players": 2}},
]


@pytest.mark.parametrize("change", MISSHAPEN_RECORDS, ids=repr)
def test_a_record_replay_refuses_for_its_shape_the_replay_schema_refuses(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    selfplay_record: dict[str, Any],
    change: dict[str, Any],
) -> None:
    """What replay refuses before judging a move, a check with the schema refuses too."""
    jsonschema = pytest.importorskip("jsonschema")
    validator = _replay_schema_validator(capsys)
    record = {k: v for k, v in {**selfplay_record, **change}.items() if v is not ...}
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.startswith("buraco: erro:")
    with pytest.raises(jsonschema.ValidationError):
        validator.validate(record)


def test_a_record_that_is_not_an_object_is_refused_by_replay_and_its_schema(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, selfplay_record: dict[str, Any]
) -> None:
    jsonschema = pytest.importorskip("jsonschema")
    validator = _replay_schema_validator(capsys)
    path = tmp_path / "record.json"
    path.write_text(json.dumps([selfplay_record]), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    with pytest.raises(jsonschema.ValidationError):
        validator.validate([selfplay_record])


def test_the_replay_schema_names_the_fields_replay_reads_from_the_same_models(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """No more and no fewer fields than replay reads, `moves` required with a `position` or
    a `seed`; its moves and position are the move and position schemas themselves."""
    from buraco_cli.main import RECORD_OUTCOME, REPLAY_FIELDS

    data = schema(capsys, "replay")
    assert data["title"] == "ReplayFile"
    assert list(data["properties"]) == [*REPLAY_FIELDS, *RECORD_OUTCOME]
    assert data["required"] == ["moves"]
    assert data["anyOf"] == [{"required": ["position"]}, {"required": ["seed"]}]
    move = schema(capsys, "move")
    assert data["$defs"]["MoveData"] == move
    position = schema(capsys, "position")
    assert data["$defs"]["PositionData"] == {k: v for k, v in position.items() if k != "$defs"}
    for name, body in position["$defs"].items():
        assert data["$defs"][name] == body


def test_schema_replay_is_the_same_json_with_json_and_in_english(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """As for the other choices: a schema is JSON either way, in no language."""
    outputs = []
    for argv in (
        ["schema", "replay"],
        ["schema", "replay", "--json"],
        ["--lang", "en", "schema", "replay"],
    ):
        assert main(argv) == 0
        out, err = capsys.readouterr()
        assert not err
        outputs.append(out)
    assert outputs[0] == outputs[1] == outputs[2]
    assert json.loads(outputs[0])["title"] == "ReplayFile"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "replay (uma rodada gravada, para o replay conferir)"),
        ("en", "replay (a recorded round, for replay to check)"),
    ],
)
def test_the_schema_help_lists_replay(
    capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["schema", "--help", "--lang", lang])
    assert exit_.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "{position,move,judge,score,replay}" in out and said in out
    with pytest.raises(SystemExit):
        main(["--help", "--lang", lang])
    listed = " ".join(capsys.readouterr().out.split())
    assert ("registro do replay" if lang == "pt" else "a replay record") in listed


# --- in the reader's words: choices, seats, the view -----------------------------------------


@pytest.mark.parametrize(
    ("change", "pt", "en"),
    [
        ({"position": {**LEGAL["position"], "players": 3}}, "2 ou 4", "2 or 4"),
        ({"move": {"type": "discarde", "card": "9c"}}, "“extend” ou “discard”", "“discard”"),
    ],
)
def test_a_value_not_among_the_choices_lists_them_in_the_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: dict[str, Any], pt: str, en: str
) -> None:
    """The allowed values read as a sentence of the language, quoted as Brazil quotes: never
    the validator's English "2 or 4" or 'discard' inside Portuguese."""
    code, _, err = run(capsys, tmp_path, {**LEGAL, **change})
    assert code == 2 and pt in err
    assert " or " not in err and "'discard'" not in err
    code, _, err = run(capsys, tmp_path, {**LEGAL, **change}, "--lang", "en")
    assert code == 2 and en in err and " ou " not in err


def test_a_view_past_the_table_says_which_seats_there_are(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """--view counts from 0 as the JSON does (what it accepts stays so); the message says
    which values there are and whom they show, counting players from 1 like the rest."""
    code, _, err = run(capsys, tmp_path, LEGAL, "--view", "2")
    assert code == 2 and "contando de 0" not in err
    assert "de 0 a 1" in err and "--view 0 é o jogador 1" in err
    code, _, err = run(capsys, tmp_path, LEGAL, "--view", "-1", "--lang", "en")
    assert code == 2 and "0 to 1" in err and "--view 0 is player 1" in err
    assert run(capsys, tmp_path, LEGAL, "--view", "0")[0] == 0


def test_view_in_text_shows_that_players_hand_and_only_counts_of_the_others(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`--view 1` without --json prints what player 2 sees after the move: their own cards,
    how many the other holds, the lixo as the rules show it (Fechado: its top card)."""
    _, data = run_json(capsys, tmp_path, LEGAL, "--view", "1")
    hand = data["position"]["hands"][1]
    code, out, _ = run(capsys, tmp_path, LEGAL, "--view", "1")
    assert code == 0 and "O que o jogador 2 vê (--view 1):" in out
    view = out.split("O que o jogador 2 vê")[1]
    shown = view.splitlines()[1].split(": ")[1].split()
    assert shown == [card.symbol for card in parse_cards(" ".join(hand))]  # every one of them
    assert "Jogador 1: 3 cartas" in view and "só a de cima" in view
    _, plain, _ = run(capsys, tmp_path, LEGAL)
    assert "vê" not in plain and "Sua mão" not in plain  # without --view: the verdict only
    _, english, _ = run(capsys, tmp_path, LEGAL, "--view", "0", "--lang", "en")
    assert "What player 1 sees (--view 0):" in english and "Player 2: 11 cards" in english


def test_an_unknown_schema_is_named_as_one(capsys: pytest.CaptureFixture[str]) -> None:
    """Not argparse's "argument what: invalid choice: 'foo'" (an internal name, English
    quotes): the schema asked for and the ones there are."""
    with pytest.raises(SystemExit) as exit_:
        main(["schema", "foo"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    assert "não há o esquema “foo”" in err
    assert "“position”, “move”, “judge”, “score” ou “replay”" in err
    assert "what" not in err and "'" not in err


@pytest.mark.parametrize("command", ["judge", "coach"])
def test_a_file_of_the_wrong_shape_points_to_its_schema(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """A file without its position is refused, then told where its format is described
    (`buraco schema judge`); a file that is not JSON at all is only refused."""
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"rules": "fechado"}))
    assert main([command, str(wrong)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"buraco: erro: {wrong}: position: campo obrigatório ausente",
        "O formato do arquivo, campo a campo: buraco schema judge",
    ]
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    assert main([command, str(broken)]) == 2
    assert "buraco schema" not in capsys.readouterr().err


# The last card of side A's player, with a canastra on the table: the move ends the round.
ENDING = {
    "rules": "fechado",
    "position": {
        "players": 4,
        "phase": "play",
        "hands": [["Kd"], 5, 6, 7],
        "melds": [[["4h", "5h", "6h", "7h", "8h", "9h", "10h"]], [["6d", "7d", "8d"]]],
        "lixo": ["7c"],
        "morto": ["taken", "available"],
    },
    "move": {"type": "discard", "card": "Kd"},
}


def test_a_move_that_ends_the_round_says_so_and_names_no_next_player(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, tmp_path, ENDING)
    assert code == 0
    assert "  → rodada encerrada\n" in out and "vez do jogador" not in out


def test_the_score_of_a_move_that_ends_the_round_says_whose_it_is_and_what_it_counts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The round's end printed “A: 295” and “B: -190” alone: neither which players side A
    is nor what the 295 counts. Now the sides' players, and each item as `buraco score`
    writes it, a hand named by its seat, as the position's seats are (from 1)."""
    code, out, _ = run(capsys, tmp_path, ENDING)
    assert code == 0
    assert "  Lado A: jogadores 1 e 3; lado B: jogadores 2 e 4" in out
    assert "  A: 295\n" in out
    assert "200  canastra limpa (jogo 1)\n" in out and "-100  não pegou o morto\n" in out
    hands = [line.split("(")[1].split(":")[0] for line in out.splitlines() if "na mão (" in line]
    assert hands == ["jogador 3", "jogador 2", "jogador 4"]
    code, out, _ = run(capsys, tmp_path, ENDING, "--lang", "en")
    assert "  Side A: players 1 and 3; side B: players 2 and 4" in out
    assert "200  canastra limpa (meld 1)\n" in out and "-100  morto not taken\n" in out
    assert "cards in hand (player 3: " in out


def test_cards_given_as_counts_are_said_to_be_an_example_where_they_show(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The end-of-round score counts the hidden hands' cards, and --view shows a hidden hand:
    those cards were dealt from the seed, and the text says so; where no hidden card shows,
    nothing is said."""
    _, out, _ = run(capsys, tmp_path, {**ENDING, "position": {**ENDING["position"], "seed": 7}})
    assert "sorteadas com a semente 7" in out
    _, out, _ = run(capsys, tmp_path, LEGAL)
    assert "sorteadas" not in out
    _, out, _ = run(capsys, tmp_path, LEGAL, "--view", "1", "--lang", "en")
    assert "dealt at random from seed 0" in out


def test_a_bad_view_is_about_the_option_not_the_files_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, tmp_path, LEGAL, "--view", "4")
    assert code == 2 and "--view" in err
    assert "buraco schema" not in err


def test_the_score_schema_describes_what_buraco_score_reads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`buraco schema score` names the fields the round reader takes, no more, no fewer, and
    RULES.md's worked example [seed 003] fits it as `buraco score` reads it."""
    from buraco_core.notation import _ROUND_FIELDS, _SIDE_FIELDS, RoundData
    from tests.test_scoring import WORKED_EXAMPLE

    data = schema(capsys, "score")
    assert set(data["properties"]) == _ROUND_FIELDS
    assert set(data["$defs"]["SideRoundData"]["properties"]) == _SIDE_FIELDS
    RoundData.model_validate(WORKED_EXAMPLE)


def test_judge_prints_what_is_missing_under_the_lead_in(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A move that would empty the hand of a side that may not go out: the lead-in ends at
    a colon, and what is missing is printed under it, not as a bullet of its own
    [000, 001: going out needs a canastra]."""
    path = tmp_path / "move.json"
    position = {
        "players": 4,
        "phase": "play",
        "hands": [["5h", "6h", "7h"], 11, 11, 11],
        "morto": ["taken", "available"],
        "mortos": [11],
    }
    move = {"type": "lay", "melds": [["5h", "6h", "7h"]]}
    path.write_text(json.dumps({"rules": "fechado", "position": position, "move": move}))
    assert main(["judge", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    lead = next(i for i, line in enumerate(lines) if "ainda não pode bater:" in line)
    assert lines[lead].startswith("  • ")
    assert lines[lead + 1].startswith("      ◦ Falta uma canastra"), lines


def _exercise(scenario: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A judge exercise of scenarios/ as a judge file, as a person copies it, and its task."""
    import tomllib

    found = next((Path(__file__).parent.parent / "scenarios").glob(f"*/{scenario}.toml"))
    exercise = tomllib.loads(found.read_text(encoding="utf-8"))
    task = exercise["task"]
    data = {"rules": exercise["rules"], "position": exercise["position"], "move": task["move"]}
    return data, task


@pytest.mark.parametrize("command", ["judge", "coach"])
def test_a_move_by_a_seat_not_on_turn_is_judged_whatever_that_hand_holds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """The turn [000, 001, 003]: the exercise “Depois do descarte, nada muda” (player 1
    extends after discarding; player 2, on turn, shown as a count) was refused as bad input,
    “a mão de quem joga vai com as cartas”; its verdict does not read that hand: illegal,
    not_your_turn, as the course says."""
    data, task = _exercise("discard_ends_the_turn")
    path = tmp_path / "exercise.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main([command, str(path), "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (1, "")
    answer = json.loads(out)
    assert answer["legal"] is task["legal"] is False
    assert [r["code"] for r in answer["reasons"]] == task["codes"] == ["not_your_turn"]
    # Before the draw, a discard is refused before the hand is read [000, 001, 002, 003].
    early = {"position": {"players": 2, "hands": [11, ["4h"]]}, "move": LEGAL["move"]}
    code, answer = run_json(capsys, tmp_path, early)
    assert code == 1 and [r["code"] for r in answer["reasons"]] == ["must_draw_first"]


def test_a_move_on_turn_still_needs_that_hand_as_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A discard by the player on turn, whose hand the file gives as a count, would be
    judged on cards dealt at random: bad input naming the hand, as before."""
    counted = {"position": {"players": 2, "phase": "play", "hands": [11, ["4h"]]}}
    code, _, err = run(capsys, tmp_path, {**counted, "move": LEGAL["move"]})
    assert code == 2 and "position.hands[0]: numa jogada “discard” a mão" in err


@pytest.mark.parametrize("command", ["judge", "coach"])
def test_a_move_by_a_seat_not_at_the_table_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """`"seat": 2` at a table of two (meant as “player 2”; seats count from 0) was judged
    “Não é a vez do jogador 3”, a player who is not there; refused naming the field, as a
    position's `turn` past the players is."""
    data = {"position": {"players": 2, "hands": [["4h"], 11]}, "move": {"type": "draw", "seat": 2}}
    path = tmp_path / "judge.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main([command, str(path)])
    _, err = capsys.readouterr()
    assert code == 2 and "move.seat: o lugar 2 não existe com 2 jogadores (contando de 0)" in err
    # A seat at the table not on turn is still the verdict not_your_turn [000, 001, 003].
    code, answer = run_json(capsys, tmp_path, {**data, "move": {"type": "draw", "seat": 1}})
    assert code == 1 and [r["code"] for r in answer["reasons"]] == ["not_your_turn"]


def test_english_names_a_move_type_without_a_wrong_article(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """“required for a “extend” move”, “in a “extend” move”: English said the article of
    the other move types before “extend” too; now “a move of type “extend””."""
    table = {"players": 2, "phase": "play", "hands": [["4h"], 11]}
    for move, said in (
        ({"type": "extend", "cards": ["4h"]}, "move.meld: required in a move of type “extend”"),
        (
            {"type": "extend", "meld": 0, "card": "4h"},
            "move.card: not a field of a move of type “extend”; its fields:",
        ),
    ):
        code, _, err = run(capsys, tmp_path, {"position": table, "move": move}, "--lang", "en")
        assert code == 2 and said in err, err
    counted = {**table, "hands": [11, ["4h"]]}
    move = {"type": "extend", "meld": 0, "cards": ["4h"]}
    code, _, err = run(capsys, tmp_path, {"position": counted, "move": move}, "--lang", "en")
    assert code == 2 and "in a move of type “extend”, the hand of the player on turn" in err


@pytest.mark.parametrize("command", ["judge", "coach"])
def test_a_position_without_its_phase_says_why_the_draw_comes_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """A turn opens with a draw [000, 001, 002, 003], and a position's phase is “draw” when
    the file leaves it out: a newcomer's position, cards in hand and a discard to judge, got
    “Primeiro compre do monte” with no word of the phase they never wrote. The verdict
    stays; a notice on stderr names the field and what to write."""
    position = {"players": 2, "hands": [["JK", "Kc", "9d"], 11]}
    data = {"position": position, "move": {"type": "discard", "card": "9d"}}
    path = tmp_path / "judge.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main([command, str(path), "--json"])
    out, err = capsys.readouterr()
    assert code == 1 and [r["code"] for r in json.loads(out)["reasons"]] == ["must_draw_first"]
    assert err.startswith(f"buraco: aviso: {path}: position.phase: não informada, vale “draw”")
    assert '"phase": "play"' in err
    path.write_text(json.dumps({**data, "position": {**position, "phase": "draw"}}))
    assert main([command, str(path)]) == 1
    assert capsys.readouterr().err == ""  # (the phase written: nothing to add)


def test_melds_without_the_list_of_sides_are_said_as_such(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Partners share melds [000, 002, 003]: a position's `melds` holds one list per side.
    `"melds": [["4h", "5h", "6h"]]`, the nesting a newcomer writes first, was “melds[0][0]:
    esperava uma lista de cartas, ou um objeto JSON, veio “4h””; now the field is named
    with the shape it takes, and where the format is told."""
    position = {"players": 2, "phase": "play", "hands": [["7h", "Kc"], 11]}
    move = {"type": "extend", "meld": 0, "cards": ["7h"]}
    flat = {"position": {**position, "melds": [["4h", "5h", "6h"]]}, "move": move}
    code, _, err = run(capsys, tmp_path, flat)
    assert code == 2
    assert "position.melds: esperava uma lista por jogador, cada uma com os jogos dele" in err
    assert "buraco schema judge" in err
    nested = {"position": {**position, "melds": [[["4h", "5h", "6h"]], []]}, "move": move}
    assert run(capsys, tmp_path, nested)[0] == 0


@pytest.mark.parametrize(
    ("players", "field", "said"),
    [
        (2, "melds", "position.melds: esperava 2 itens, um por jogador"),
        (2, "vulnerable", "position.vulnerable: esperava 2 itens, um por jogador"),
        (4, "melds", "position.melds: esperava 2 itens, um por dupla"),
    ],
)
def test_a_list_per_side_is_one_per_player_at_a_table_of_two(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, players: int, field: str, said: str
) -> None:
    """At a table of two each side is one player: one list of melds (or one flag) per
    player, not “um por dupla” (there are no partners to make one)."""
    hands: list[Any] = [["7h", "Kc"], *[11] * (players - 1)]
    position = {
        "players": players,
        "phase": "play",
        "hands": hands,
        field: [[] if field == "melds" else False],
    }
    data = {"position": position, "move": {"type": "discard", "card": "7h"}}
    code, _, err = run(capsys, tmp_path, data)
    assert code == 2
    assert said in err.splitlines()[0]


THREE_MELDS = {
    "players": 2,
    "phase": "play",
    "hands": [["4h", "6s", "9c"], 11],
    "melds": [[["3s", "4s", "5s"], ["7d", "8d", "9d"], ["Jc", "Qc", "Kc"]], []],
}


@pytest.mark.parametrize("command", ["judge", "coach"])
@pytest.mark.parametrize(
    ("lang", "move", "said"),
    [
        (
            "pt",
            {"type": "extend", "meld": 3, "cards": ["4h"]},
            "Não há jogo número 4 (move.meld: 3 no arquivo, onde os jogos contam de 0) entre os "
            "seus jogos na mesa: você tem 3.",
        ),
        (
            "en",
            {"type": "extend", "meld": 3, "cards": ["4h"]},
            "There is no meld number 4 (move.meld: 3 in the file, where melds count from 0) "
            "among your melds: you have 3.",
        ),
        (
            "pt",
            {"type": "discard", "card": "9c", "seat": 1},
            "Não é a vez do jogador 2 (move.seat: 1 no arquivo, onde os jogadores contam de 0): "
            "quem joga agora é o jogador 1.",
        ),
        (
            "en",
            {"type": "extend", "meld": 0, "cards": ["6s"]},
            "Added 6♠ to meld 1 (move.meld: 0 in the file, where melds count from 0).",
        ),
    ],
)
def test_a_files_index_from_0_is_said_beside_the_number_a_person_reads(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    command: str,
    lang: str,
    move: dict[str, Any],
    said: str,
) -> None:
    """Melds and seats count from 0 in the file and from 1 where a person reads them:
    `"meld": 3` with three melds, written for the third, read “Não há jogo número 4” alone.
    The reason says the file's own value beside it; its code and params stay (params gain
    case, field and index)."""
    path = tmp_path / "judge.json"
    path.write_text(json.dumps({"position": THREE_MELDS, "move": move}), encoding="utf-8")
    main([command, "--lang", lang, str(path)])
    out = capsys.readouterr().out
    assert f"  • {said}  (" in out, out
    main([command, "--lang", lang, "--json", str(path)])
    reason = json.loads(capsys.readouterr().out)["reasons"][0]
    assert reason["message"] == said
    name = "seat" if "seat" in move else "meld"
    assert reason["params"]["field"] == f"move.{name}"
    assert reason["params"][name] == reason["params"]["index"] == move[name]


@pytest.mark.parametrize(
    ("players", "lang", "said"),
    [
        (2, "pt", "entre os seus jogos na mesa: você não tem nenhum."),
        (2, "en", "among your melds: you have none."),
        (4, "pt", "na mesa da dupla: ela não tem nenhum."),
        (4, "en", "on the side's table: it has none."),
    ],
)
def test_a_meld_asked_for_with_none_on_the_table_says_none_not_0(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, players: int, lang: str, said: str
) -> None:
    """A card added to meld 1 with no meld laid ended “…: você tem 0.” / “há 0”: a person
    says nenhum. The code and its params stay as they were (count 0): a contract."""
    position = {
        "players": players,
        "phase": "play",
        "hands": [["4h", "6s", "9c"], *[11] * (players - 1)],
    }
    move = {"type": "extend", "meld": 0, "cards": ["4h"]}
    data = {"position": position, "move": move}
    code, answer = run_json(capsys, tmp_path, data, "--lang", lang)
    reason = answer["reasons"][0]
    assert code == 1 and reason["code"] == "no_such_meld"
    assert reason["params"]["count"] == 0 and reason["params"]["number"] == 1
    assert reason["message"].endswith(said), reason["message"]
    code, out, _ = run(capsys, tmp_path, data, "--lang", lang)
    assert said in out and " 0." not in out


def test_a_lixo_taken_onto_a_meld_past_the_table_names_the_extend_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    position = {**THREE_MELDS, "phase": "draw", "lixo": ["2c", "6s"]}
    move = {"type": "take_lixo", "extend": 3}
    code, answer = run_json(capsys, tmp_path, {"position": position, "move": move}, "--lang", "en")
    reason = answer["reasons"][0]
    assert code == 1 and reason["code"] == "no_such_meld"
    assert reason["message"].startswith(
        "There is no meld number 4 (move.extend: 3 in the file, where melds count from 0)"
    )


def test_a_files_index_is_said_as_written_never_grouped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The file's own value is quoted as the file has it: “move.meld: 10000”, never
    “10.000”; the number a person reads is grouped as numbers are (10.001)."""
    move = {"type": "extend", "meld": 10000, "cards": ["4h"]}
    code, answer = run_json(capsys, tmp_path, {"position": THREE_MELDS, "move": move})
    assert code == 1 and answer["reasons"][0]["message"].startswith(
        "Não há jogo número 10.001 (move.meld: 10000 no arquivo, onde os jogos contam de 0)"
    )


JUSTIFIED_PICKUPS = [
    ({"type": "take_lixo", "new_meld": ["7s", "8s"]}, 0, "took_lixo_new_meld"),
    ({"type": "take_lixo", "extend": 0}, 0, "took_lixo_extend"),
    ({"type": "take_lixo"}, 1, "pickup_needs_justification"),
    ({"type": "take_lixo", "new_meld": ["5h", "7s"]}, 1, "pickup_top_card_not_used"),
]


@pytest.mark.parametrize("preset", ["fechado", "stbl"])
@pytest.mark.parametrize(("move", "exit_code", "reason"), JUSTIFIED_PICKUPS)
def test_justified_pickup_verdict_cites_000_with_002_and_003(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    preset: str,
    move: dict[str, Any],
    exit_code: int,
    reason: str,
) -> None:
    """The justified pickup: “ao comprar o lixo o jogador deve inserir a carta que está no
    topo da lixeira em algum jogo baixado na mesa ou deverá iniciar um novo jogo com a mesma
    (compra justificada)” [000], as [002, 003] say it: `buraco judge` cites all three, taken
    or refused, in text (pt, en) and JSON."""
    position = {
        "players": 2,
        "phase": "draw",
        "hands": [["7s", "8s", "5h"], 11],
        "melds": [[["6s", "7s", "8s"]], []],
        "lixo": ["3c", "Kd", "9s"],
    }
    data = {"rules": preset, "position": position, "move": move}
    code, answer = run_json(capsys, tmp_path, data)
    assert (code, answer["reasons"][0]["code"]) == (exit_code, reason)
    assert answer["reasons"][0]["source"] == "seeds 000, 002, 003; option pickup"
    for lang, cited in (("pt", "(textos 000, 002, 003; opção"), ("en", "(texts 000, 002, 003;")):
        code, out, _ = run(capsys, tmp_path, data, "--lang", lang)
        assert code == exit_code and cited in out.splitlines()[1], out


def test_view_in_text_shows_the_melds_on_the_table_and_the_mortos(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`--view` printed a player's hand, the others' counts, the lixo and the stock, and
    not the melds on the table nor whose morto was taken, which every player sees: the view
    of a pickup did not show the meld it laid."""
    pickup = {
        "rules": "fechado",
        "position": {
            "players": 4,
            "hands": [["Jd", "Qd", "4c", "9h"], 11, 11, 11],
            "lixo": ["3h", "Kd"],
            "melds": [[["4s", "5s", "6s"]], [["10c", "Jc", "Qc"]]],
            "morto": ["available", "taken"],
            "mortos": [11],
        },
        "move": {"type": "take_lixo", "new_meld": ["Jd", "Qd"]},
    }
    code, out, _ = run(capsys, tmp_path, pickup, "--view", "2")
    view = [line.strip() for line in out.split("O que o jogador 3 vê")[1].splitlines()]
    assert code == 0
    assert "Jogos da sua dupla: 4♠ 5♠ 6♠ · J♦ Q♦ K♦" in view
    assert "Jogos da outra dupla: 10♣ J♣ Q♣" in view
    assert any("seu morto: ainda não pego · morto deles: pego" in line for line in view)
    _, english, _ = run(capsys, tmp_path, LEGAL, "--view", "0", "--lang", "en")
    assert "Your opponent's melds: none" in [line.strip() for line in english.splitlines()]
