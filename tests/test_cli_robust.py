"""The `buraco` command never shows a traceback: every bad input exits 2 with a message in the
chosen language naming the file, field or token [issue 11, the command]."""

import errno
import importlib.abc
import io
import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from buraco_cli import app_command
from buraco_cli.main import main
from buraco_core import players, ruleset
from tests.test_judge_cli import LEGAL

ROOT = Path(__file__).resolve().parent.parent


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, data: bytes | str, name: str = "in.json") -> str:
    path = tmp_path / name
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return str(path)


def refused(code: int, err: str, *named: str) -> None:
    assert code == 2
    assert "Traceback" not in err
    for word in named:
        assert word in err


@pytest.mark.parametrize("command", ["judge", "score"])
def test_json_nested_a_thousand_deep_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    path = write(tmp_path, '{"sides": ' + "[" * 1000 + "]" * 1000 + "}")
    code, _, err = run(capsys, command, path)
    refused(code, err, path, "níveis")


def test_json_nested_past_the_parsers_limit_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, "[" * 100_000 + "]" * 100_000)
    code, _, err = run(capsys, "judge", path, "--lang", "en")
    refused(code, err, path, "nested")


def test_an_integer_of_thousands_of_digits_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for digits in (5000, 4000):
        path = write(tmp_path, '{"sides": ' + "9" * digits + "}")
        code, _, err = run(capsys, "score", path, "--lang", "en")
        refused(code, err, path, "number too long")


def test_a_file_not_in_utf8_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, json.dumps(LEGAL).replace("fechado", "fechadó").encode("latin-1"))
    code, _, err = run(capsys, "judge", path)
    refused(code, err, path, "UTF-8")


@pytest.mark.parametrize("command", ["judge", "score", "coach", "replay"])
def test_a_file_of_another_kind_is_said_to_be_no_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """An image given for a JSON file was told "salve o arquivo em UTF-8", which no image
    can be: a file with NUL bytes is said not to be text. A JSON saved as UTF-16 (NUL bytes
    too, after its BOM) is still told to be saved as UTF-8."""
    image = write(tmp_path, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "photo.png")
    code, _, err = run(capsys, command, image)
    refused(code, err, f"buraco: erro: {image}: não é um arquivo de texto (tem bytes nulos")
    assert "UTF-8" not in err
    code, _, err = run(capsys, command, image, "--lang", "en")
    refused(code, err, f"{image}: is not a text file")
    utf16 = write(tmp_path, json.dumps(LEGAL).encode("utf-16"), "utf16.json")
    code, _, err = run(capsys, command, utf16)
    refused(code, err, f"{utf16}: não é texto UTF-8", "salve o arquivo em UTF-8")


def test_a_utf8_file_with_a_bom_is_simply_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, b"\xef\xbb\xbf" + json.dumps(LEGAL).encode())
    code, _, err = run(capsys, "judge", path)
    assert code == 0, err


def test_a_huge_file_is_refused_before_it_is_parsed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write(tmp_path, json.dumps({"sides": [{"melds": [["4h"] * 400_000]}]}))
    code, _, err = run(capsys, "score", path)
    refused(code, err, path, "grande demais")


def test_a_huge_card_list_is_refused_and_never_echoed_back(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Named by the usage line's word, the limit said with its unit (it was "no máximo
    10.000", ten thousand of nothing named), the number as each language writes it."""
    for lang, said in (
        ("pt", "buraco: erro: CARTA: grande demais: no máximo 10.000 caracteres"),
        ("en", "buraco: error: CARD: too big: at most 10,000 characters"),
    ):
        code, _, err = run(capsys, "meld", *(["4h"] * 700_000), "--lang", lang)
        assert (code, err.splitlines()[0]) == (2, said) and len(err) < 500, err


def test_an_error_never_echoes_megabytes_of_the_bad_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _, err = run(capsys, "meld", "x" * 9000)
    refused(code, err)
    assert len(err) < 1000


def test_rules_set_without_a_name_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rules", "--set", "nonsense=1")
    refused(code, err, "--set")
    assert out == ""


def test_scenarios_check_finding_nothing_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for root in ("/nonexistent", str(tmp_path)):
        code, out, err = run(capsys, "scenarios", "--check", "--root", root)
        refused(code, err, root)
        assert "checked" not in out and "conferid" not in out


def test_a_course_whose_every_file_is_broken_names_each_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A folder whose only lesson file is not valid TOML was said to hold no lesson at all
    ("nenhuma lição ou cenário encontrado aqui"): the author looked for a wrong folder while
    the file was there. Now the file and what is wrong in it are said."""
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "01_mine.toml").write_text("title = [\n", encoding="utf-8")
    for lang, wrong in (("pt", "não é TOML válido"), ("en", "not valid TOML")):
        code, out, err = run(
            capsys, "scenarios", "--check", "--root", str(tmp_path), "--lang", lang
        )
        assert code == 1
        assert "Traceback" not in err
        assert "01_mine.toml" in err and wrong in err
        assert "checked" not in out and "conferid" not in out


def test_a_lesson_saved_as_latin_1_is_said_not_utf8_in_the_authors_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A lesson saved in another encoding (Latin-1, as an old editor saves “ç”) came with
    Python's English, “'utf-8' codec can't decode byte 0xe7…”, in Portuguese too: now the
    file's line says that it is not UTF-8 text, where, and to save it as UTF-8."""
    lesson = (ROOT / "lessons" / "01_cards_and_points.toml").read_text(encoding="utf-8")
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "01_mine.toml").write_bytes(lesson.encode("latin-1", "replace"))
    for lang, said in (("pt", "não é texto UTF-8"), ("en", "not UTF-8 text")):
        code, _out, err = run(
            capsys, "scenarios", "--check", "--root", str(tmp_path), "--lang", lang
        )
        assert code == 1 and "Traceback" not in err
        assert "01_mine.toml: " + said in err, err
        assert "codec" not in err


def test_a_lesson_the_loader_cannot_read_is_said_why_in_the_authors_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lesson it could not read (a link to a file since removed, a link to itself, a folder
    where the file should be, a file it may not read) came with Python's English, “não foi
    possível ler: [Errno 2] No such file or directory: …”, in Portuguese too: now each is
    said as the command says a file of its own it cannot read."""
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / "01_gone.toml").symlink_to(tmp_path / "removed.toml")
    (lessons / "02_loop.toml").symlink_to("02_loop.toml")
    for name in ("03_folder.toml", "04_locked.toml"):
        (lessons / name).write_text("", encoding="utf-8")
    refused = {"03_folder.toml": errno.EISDIR, "04_locked.toml": errno.EACCES}
    read_text = Path.read_text

    def read_or_refuse(path: Path, *args: Any, **kwargs: Any) -> str:
        # (A folder is walked into, not read, and root reads any file: the system's refusal.)
        if path.name in refused:
            code = refused[path.name]
            raise OSError(code, os.strerror(code), str(path))
        return read_text(path, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", read_or_refuse)
    said = {
        "pt": (
            "01_gone.toml: não foi possível ler: arquivo não encontrado",
            "02_loop.toml: não foi possível ler: o caminho passa por um atalho (link simbólico)",
            "03_folder.toml: não foi possível ler: é uma pasta, não um arquivo",
            "04_locked.toml: não foi possível ler: sem permissão para ler o arquivo",
        ),
        "en": (
            "01_gone.toml: cannot read: no such file",
            "02_loop.toml: cannot read: the path goes through a shortcut (symbolic link)",
            "03_folder.toml: cannot read: it is a folder, not a file",
            "04_locked.toml: cannot read: no permission to read the file",
        ),
    }
    for lang, lines in said.items():
        code, _out, err = run(
            capsys, "scenarios", "--check", "--root", str(tmp_path), "--lang", lang
        )
        assert code == 1 and "Traceback" not in err
        for line in lines:
            assert line in err, err
        assert "Errno" not in err and "such file or directory" not in err


@pytest.mark.skipif(os.name == "nt", reason="a symbolic link: POSIX")
def test_a_lesson_linked_through_a_file_is_said_in_words_not_as_a_system_code(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A lesson that is a link whose target runs through a file (`notes.txt/01.toml`, the
    file taken for a folder) read “não foi possível ler: erro do sistema ENOTDIR”, a code no
    author reads: now it says the path runs through a file as if it were a folder."""
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    (lessons / "01_through.toml").symlink_to(tmp_path / "notes.txt" / "01.toml")
    said = {
        "pt": "01_through.toml: não foi possível ler: o caminho passa por um arquivo como se "
        "ele fosse uma pasta",
        "en": "01_through.toml: cannot read: the path runs through a file as if it were a folder",
    }
    for lang, line in said.items():
        code, _out, err = run(
            capsys, "scenarios", "--check", "--root", str(tmp_path), "--lang", lang
        )
        assert code == 1 and "Traceback" not in err
        assert line in err, err
        assert "ENOTDIR" not in err


@pytest.mark.parametrize(
    ("given", "pt", "en"),
    [
        (
            "tw",
            "id: esperava um texto de pelo menos 3 caracteres, veio “tw”",
            "id: expected a text of at least 3 characters, got “tw”",
        ),
        (
            "Two-goes-home",
            "id: esperava só letras minúsculas sem acento, algarismos e _ (como two_goes_home), "
            "veio “Two-goes-home”",
            "id: expected only lowercase letters without accents, digits and _ (like "
            "two_goes_home), got “Two-goes-home”",
        ),
        (
            "x" * 61,
            "id: esperava um texto de no máximo 60 caracteres",
            "id: expected a text of at most 60 characters",
        ),
    ],
)
def test_a_lessons_id_out_of_shape_says_what_an_id_is(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, given: str, pt: str, en: str
) -> None:
    """An author's id of two letters was “esperava um texto não vazio”, and one with capitals
    or a hyphen came with pydantic's English and its regular expression: each now says what
    an id is, in the author's language."""
    lesson = (ROOT / "lessons" / "01_cards_and_points.toml").read_text(encoding="utf-8")
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "01_mine.toml").write_text(
        lesson.replace('id = "cards_and_points"', f'id = "{given}"', 1), encoding="utf-8"
    )
    for lang, said in (("pt", pt), ("en", en)):
        code, _out, err = run(capsys, "scenarios", "--root", str(tmp_path), "--lang", lang)
        assert code == 1 and "Traceback" not in err
        assert "01_mine.toml: " + said in err
        assert "String should" not in err


@pytest.mark.parametrize(
    ("round_", "lang", "said"),
    [
        (
            {"sides": [{"melds": [["4h", "5h", "6h"], ["4s", "5s"]], "hands": [[]]}]},
            "pt",
            "sides[0].melds[1] (lado A, jogo 2): não é um jogo válido",
        ),
        (
            {"sides": [{"name": "Nós", "melds": [["4h", "5h", "6x"]], "hands": [[]]}]},
            "en",
            "sides[0].melds[0][2] (side Nós, meld 1): “6x” is not a card",
        ),
        (
            {"sides": [{"hands": [[]]}, {"hands": [["3c"], ["Zz"]]}]},
            "pt",
            "sides[1].hands[1][0] (lado B, 2º jogador da dupla): “Zz” não é uma carta",
        ),
    ],
)
def test_a_round_files_error_names_the_meld_and_hand_as_the_score_counts_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, round_: Any, lang: str, said: str
) -> None:
    """“sides[0].melds[1]: não é um jogo válido” counted the melds from 0, where the score
    says “canastra limpa (jogo 1)”: a person looked at the wrong meld. The JSON path stays,
    and beside it the side and the meld (or the hand) as the score's text counts them."""
    path = write(tmp_path, json.dumps(round_))
    code, _, err = run(capsys, "score", path, "--lang", lang)
    refused(code, err, said)


def test_a_number_too_long_in_a_round_file_names_the_meld_as_the_score_counts_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A number too long inside a meld or a hand (`1e999`, 18 digits) was said at
    `sides[0].melds[1][0]` alone, where a bad card there names the side and the meld too:
    now both, as the score's text counts them."""
    meld = '{"name": "Nós", "melds": [["4h", "5h", "6h"], [1e999]]}'
    hand = '{"hands": [[], [123456789012345678]]}'
    path = write(tmp_path, '{"sides": [' + meld + ", " + hand + "]}")
    code, _, err = run(capsys, "score", path)
    refused(code, err, "sides[1].hands[1][0] (lado B, 2º jogador da dupla): número longo demais")
    path = write(tmp_path, '{"sides": [' + meld + "]}")
    code, _, err = run(capsys, "score", path, "--lang", "en")
    refused(code, err, "sides[0].melds[1][0] (side Nós, meld 2): a number too large")


def test_an_unknown_card_inside_a_position_names_the_token(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = {**LEGAL, "position": {**LEGAL["position"], "hands": [["4x", "6h", "7h", "9c"], 11]}}
    code, _, err = run(capsys, "judge", write(tmp_path, json.dumps(data)))
    refused(code, err, "“4x”", "hands[0][0]")


def test_output_that_is_not_utf8_falls_back_to_ascii_cards() -> None:
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    done = subprocess.run(
        [sys.executable, "-m", "buraco_cli", "meld", "4h", "5h", "6h"],
        capture_output=True,
        env=env,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    assert b"4h 5h 6h" in done.stdout
    assert b"do 4h ao 6h" in done.stdout  # the cards inside the messages too, not "4?"


def test_an_ascii_output_shows_portuguese_without_its_accents(tmp_path: Path) -> None:
    """PYTHONIOENCODING=ascii (an old terminal, a log that takes ASCII only): the accents
    fall away, as a person types without them, and typographic marks become plain ones;
    every accented letter was a "?" ("Jogada v?lida", "advers?rios", "?" for "×")."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}

    def shown(*argv: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "buraco_cli", *argv],
            capture_output=True,
            env=env,
            cwd=ROOT,
            check=False,
        )
        assert b"Traceback" not in done.stderr
        return (done.stdout + done.stderr).decode("ascii")

    judged = write(tmp_path, json.dumps(LEGAL))
    assert "OK Jogada valida" in shown("coach", judged)
    said = shown("selfplay", "--rounds", "1", "--players", "2", "--levels", "random,random")
    assert "lado A aleatorio x lado B aleatorio" in said and "vitorias: A" in said
    assert '"mole": conjunto de regras desconhecido' in shown("meld", "--rules", "mole", "4h")
    assert "?" not in shown("coach", judged) + said


@pytest.mark.parametrize("command", ["judge", "score", "coach", "replay"])
def test_an_unknown_option_is_named_even_without_a_file(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """`buraco judge --wat` names `--wat`, the mistake, rather than the FILE not given yet;
    a missing FILE alone is still named as missing."""
    with pytest.raises(SystemExit) as exit_:
        main([command, "--wat"])
    err = capsys.readouterr().err
    assert exit_.value.code == 2
    first, *usage = err.splitlines()  # the error first, then the usage (as git does)
    assert first == "buraco: erro: argumentos não reconhecidos: --wat"
    assert usage[0].startswith(f"uso: buraco {command}")
    with pytest.raises(SystemExit):
        main([command, "--lang", "en"])
    first, *usage = capsys.readouterr().err.splitlines()
    assert first == "buraco: error: the following arguments are required: FILE|-"
    assert usage[0].startswith(f"usage: buraco {command}")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["selfplay", "--rouds", "3"], "--rouds 3 (--rouds: seria “--rounds”?)"),
        (["selfplay", "--think=5", "--rouds=1"], "--rouds=1 (--rouds: seria “--rounds”?)"),
        (["judge", "--veiw", "0", "x.json"], "(--veiw: seria “--view”?)"),
        (["meld", "--jsno", "4h"], "--jsno (--jsno: seria “--json”?)"),
        (["meld", "--Rules", "stbl", "4h"], "(--Rules: seria “--rules”?)"),
        (["rules", "--serch", "morto"], "--serch (--serch: seria “--search”?)"),
        (["--versoin"], "--versoin (--versoin: seria “--version”?)"),
        # In Portuguese, as the help speaks it (`--regras` was only "não reconhecido").
        (["meld", "--regras", "stbl", "4h"], "--regras (--regras: seria “--rules”?)"),
        (["selfplay", "--rodadas", "3"], "--rodadas 3 (--rodadas: seria “--rounds”?)"),
        (["score", "--idioma=en", "x.json"], "--idioma=en (--idioma: seria “--lang”?)"),
        (["--ajuda"], "--ajuda (--ajuda: seria “--help”?)"),
    ],
)
def test_a_mistyped_option_names_the_one_likely_meant(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    """As a mistyped command does ("seria “meld”?"): before, `--rouds 3` was only
    "argumentos não reconhecidos", and the newcomer had to find --rounds in the usage."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    first = capsys.readouterr().err.splitlines()[0]
    assert exit_.value.code == 2
    assert first.startswith("buraco") and "argumentos não reconhecidos: " in first
    assert first.endswith(said), first
    with pytest.raises(SystemExit):
        main([*argv, "--lang", "en"])
    first = capsys.readouterr().err.splitlines()[0]
    assert "did you mean “--" in first and "seria" not in first, first


@pytest.mark.parametrize(
    ("word", "command"),
    [("regras", "rules"), ("Jogo", "meld"), ("placar", "score"), ("julgar", "judge")],
)
def test_a_command_asked_for_in_portuguese_names_the_command(
    capsys: pytest.CaptureFixture[str], word: str, command: str
) -> None:
    """`buraco regras` was told only the list of commands (“regras” is close in letters to
    none of them): the help is in Portuguese, and so is the word a newcomer tries first."""
    for lang, said in (("pt", f"seria “{command}”?"), ("en", f"did you mean “{command}”?")):
        with pytest.raises(SystemExit) as exit_:
            main([word, "--lang", lang])
        first = capsys.readouterr().err.splitlines()[0]
        assert exit_.value.code == 2 and f"“{word}”; {said}" in first, first


@pytest.mark.parametrize(
    ("typed", "pt", "en"),
    [
        (
            "joke",  # (`joker` is joker_points' name in English: --set takes it)
            "; seria “joker_points” (curinga) ou “jokers_in_deck” (jokers no baralho)?",
            "; did you mean “joker_points” (joker) or “jokers_in_deck” (jokers in the deck)?",
        ),
        (
            "go_out",
            "; seria “go_out_by” (bater) ou “go_out_requires” (bater com)?",
            "; did you mean “go_out_by” (going out) or “go_out_requires” (going out needs)?",
        ),
        (
            "jokerpoints",
            "; seria “joker_points” (curinga)?",
            "; did you mean “joker_points” (joker)?",
        ),
    ],
)
def test_set_an_option_name_begun_or_near_several_lists_them(
    capsys: pytest.CaptureFixture[str], typed: str, pt: str, en: str
) -> None:
    """`--set joke=20` begins joker_points and jokers_in_deck: both are offered (before, no
    guess at all, only the list of every option); a plain near miss still gets its one."""
    code, _, err = run(capsys, "meld", "--set", f"{typed}=20", "4h", "5h", "6h")
    first = err.splitlines()[0]
    assert code == 2 and first == f"buraco: erro: --set {typed}: opção desconhecida{pt}"
    code, _, err = run(capsys, "meld", "--set", f"{typed}=20", "4h", "5h", "6h", "--lang", "en")
    first = err.splitlines()[0]
    assert code == 2 and first == f"buraco: error: --set {typed}: unknown option{en}"


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        # A word of its name, in either language, as a person at the table says it.
        ("pegar", "“pickup” (pegar o lixo)"),
        ("pegar lixo", "“pickup” (pegar o lixo)"),
        ("compra", "“pickup” (pegar o lixo)"),
        ("take the pile", "“pickup” (pegar o lixo)"),
        ("lavadeira", "“trincas”"),
        ("alvo", "“target_score” (partida até)"),
        ("morto", "“morto_penalty” (morto não pego)"),
        # Misspelt: “coringa” is how many write curinga.
        ("coringa", "“joker_points” (curinga)"),
        ("pegr", "“pickup” (pegar o lixo)"),
        ("vulneravel", "“vulnerable_min_meld_points” (vulnerável: mínimo) ou"),
    ],
)
def test_set_an_option_by_the_words_people_use_suggests_it(
    capsys: pytest.CaptureFixture[str], typed: str, meant: str
) -> None:
    """`buraco --set pegar=x meld 4h` listed the 27 option codes: the word a player at the
    table types for the pickup rule [option pickup: 000, 002, 003] now suggests its option,
    named as `buraco rules` names it, on one line (exit 2, the usage after it)."""
    code, _, err = run(capsys, "--set", f"{typed}=x", "meld", "4h")
    first, *rest = err.splitlines()
    assert code == 2
    assert first.startswith(f"buraco: erro: --set {typed}: opção desconhecida; seria {meant}")
    assert "jokers_in_deck," not in first and rest[0].startswith("uso: buraco meld")
    code, _, err = run(capsys, "--set", f"{typed}=x", "meld", "4h", "--lang", "en")
    assert code == 2 and err.startswith(f"buraco: error: --set {typed}: unknown option; did you")


def test_set_an_option_like_none_lists_them_all(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--set", "xyz=1", "meld", "4h")
    assert code == 2 and err.startswith(
        "buraco: erro: --set xyz: opção desconhecida; opções: jokers_in_deck, joker_points,"
    )


@pytest.mark.parametrize("command", ["score", "judge", "coach", "replay"])
@pytest.mark.parametrize(("data", "said"), [('{"x": 1}', "campos: "), ("[]", "objeto JSON com ")])
def test_the_fields_a_file_may_hold_are_listed_sorted_by_every_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, data: str, said: str
) -> None:
    """An unknown field, or a file that is no object, lists the fields the file may hold:
    score and judge sorted them, replay listed them as declared (rules, options, players,
    seed, …). Now every command sorts them."""
    code, _, err = run(capsys, command, write(tmp_path, data))
    first = err.splitlines()[0]
    assert code == 2 and said in first, first
    fields = first.split(said, 1)[1].split(", mas veio ")[0].split(", ")  # (what came, last)
    assert (fields == sorted(fields) and "options" in fields) or fields == ["sides"], first


@pytest.mark.parametrize("data", ["{}", '{"rules": "stbl"}', '{"sides": []}', '{"sides": "x"}'])
def test_score_of_a_round_without_sides_points_to_its_schema(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: str
) -> None:
    """`buraco judge` given `{}` says where the file's format is told; `buraco score` given
    `{}` (no `sides`, or none in them) said only "uma rodada precisa de uma lista de
    duplas": now it points to `buraco schema score` too. Code no_sides and path kept."""
    code, _, err = run(capsys, "score", write(tmp_path, data))
    assert code == 2
    assert err.splitlines() == [
        f"buraco: erro: {tmp_path / 'in.json'}: sides: uma rodada precisa de uma lista de "
        "duplas, não vazia",
        "O formato do arquivo, campo a campo: buraco schema score",
    ]
    code, _, err = run(capsys, "score", write(tmp_path, data), "--lang", "en")
    assert code == 2 and err.splitlines()[1:] == [
        "The file's format, field by field: buraco schema score"
    ]


def test_an_unknown_option_like_no_other_gets_no_guess(capsys: pytest.CaptureFixture[str]) -> None:
    """Only a near name is offered: `--wat` is not `--set`, `rules --rules` not `--search`."""
    for argv in (["judge", "--wat"], ["rules", "--rules", "x"], ["meld", "4h", "--frobnicate"]):
        with pytest.raises(SystemExit):
            main(argv)
        assert "seria" not in capsys.readouterr().err


ROUND = {"sides": [{"melds": [["4h", "5h", "6h"]], "hands": [["Kd"]]}, {"hands": [["3c"]]}]}


@pytest.mark.parametrize(
    ("printed", "reader", "printer"),
    [
        (["judge", "IN", "--json"], "judge", "judge --json"),
        (["coach", "IN", "--json"], "coach", "coach --json"),
        (["judge", "IN", "--json"], "score", "judge --json"),
        (["score", "ROUND", "--json"], "score", "score --json"),
        (["selfplay", "--rounds", "1", "--players", "2", "--think", "0", "--json"], "judge", ""),
        (["selfplay", "--rounds", "1", "--players", "2", "--think", "0", "--json"], "replay", ""),
        (["replay", "RECORD", "--json"], "judge", "replay --json"),
        (["replay", "RECORD", "--json"], "replay", "replay --json"),
        (["meld", "4h", "5h", "6h", "--json"], "score", "meld --json"),
        (["rules", "--json"], "replay", "rules --json"),
        (["schema", "judge"], "judge", "schema"),
        (["schema", "position"], "judge", "schema"),
    ],
)
def test_a_commands_json_answer_given_back_as_input_is_named_as_one(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    printed: list[str],
    reader: str,
    printer: str,
) -> None:
    """`buraco judge --json > out.json`, then `buraco judge out.json`: a newcomer's
    mistake. The first problem as before (same code, exit 2), then which command printed
    the file and the schema of the one to give. Before, `selfplay --json` or `replay --json`
    output given to judge was called a round's record, "use buraco replay", which then
    refused it too; score's and judge's output given to score was "conjunto de regras
    desconhecido" and nothing more."""
    given = write(tmp_path, json.dumps(LEGAL), "judge.json")
    round_ = write(tmp_path, json.dumps(ROUND), "round.json")
    record = str(tmp_path / "rec" / "round-001.json")
    one_round = ["selfplay", "--rounds", "1", "--players", "2", "--think", "0"]
    assert main([*one_round, "--save", str(tmp_path / "rec")]) == 0
    capsys.readouterr()
    named = {"IN": given, "ROUND": round_, "RECORD": record}
    assert main([named.get(arg, arg) for arg in printed]) in (0, 1)
    answer = write(tmp_path, capsys.readouterr().out, "answer.json")
    code, out, err = run(capsys, reader, answer)
    refused(code, err, answer)
    assert not out
    first, *then = err.splitlines()
    assert first.startswith(f"buraco: erro: {answer}: ")
    printer = printer or "selfplay --json"
    schema = {"coach": "judge"}.get(reader, reader)
    assert then == [
        f"Este arquivo parece o que buraco {printer} imprime, não um arquivo de entrada.",
        f"O formato do arquivo, campo a campo: buraco schema {schema}",
    ]
    assert "use buraco" not in err  # no other command reads it either
    _, _, err = run(capsys, reader, answer, "--lang", "en")
    assert f"This file looks like what buraco {printer} prints, not an input file." in err


def test_another_commands_input_is_still_sent_to_that_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An input file, not an answer: the command that reads it is named, as before."""
    given = write(tmp_path, json.dumps(LEGAL), "judge.json")
    code, _, err = run(capsys, "score", given)
    refused(code, err, f"use buraco judge {given}")
    assert "imprime" not in err


def test_the_command_to_use_instead_names_a_long_path_whole(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The command named for a file is to be typed again: its path is never cut short,
    however deep the folder (it was cut at 80 characters, “judge.…”)."""
    folder = tmp_path / "Documentos" / "Buraco" / "partidas de dezembro" / "quinta-feira à noite"
    folder.mkdir(parents=True)
    given = write(folder, json.dumps(LEGAL), "jogada-para-julgar.json")
    assert len(str(given)) > 100
    code, _, err = run(capsys, "score", given)
    refused(code, err, f"use buraco judge {shlex.quote(given)}")


@pytest.mark.parametrize(
    ("lang", "said"),
    [("pt", "é um arquivo, não uma pasta"), ("en", "is a file, not a folder")],
)
def test_why_a_path_cannot_be_read_is_said_whole_however_long_the_file_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, said: str
) -> None:
    """The command's own explanation is never cut as a typed value is: a file taken for a
    folder, with a name of 50-odd letters, ended “… é um arquivo, não um…”."""
    name = "rodada-de-sabado-a-noite-com-a-turma-do-clube-final.json"
    write(tmp_path, "{}", name)
    code, _, err = run(capsys, "score", str(tmp_path / name / "placar.json"), "--lang", lang)
    refused(code, err, f"“{name}” {said}")
    assert "…" not in err


def test_a_long_typed_value_is_still_cut_short(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """What was typed is echoed only as far as it can be recognised, each of several values
    too (`--levels forte,xxx…`): the explanation after it whole."""
    typed = "x" * 300
    code, _, err = run(capsys, "selfplay", "--levels", f"forte,{typed}")
    refused(code, err, "“" + "x" * 78 + "…", "um nível para cada lado, ex.: --levels forte,básico")
    assert typed not in err
    path = write(tmp_path, json.dumps(LEGAL))
    code, _, err = run(capsys, "judge", path, "--view", "9" * 300, "--lang", "en")
    refused(code, err, "9" * 79 + "…", "(--view 0 is player 1)")


@pytest.mark.parametrize("command", ["judge", "score", "coach", "replay"])
def test_a_folder_given_as_file_is_named_and_called_a_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """Not "não foi possível ler: não foi possível ler o arquivo": the path, and why."""
    code, out, err = run(capsys, command, str(tmp_path))
    refused(code, err, str(tmp_path), "é uma pasta, não um arquivo")
    assert err.count("não foi possível ler") == 1 and not out
    code, _, err = run(capsys, command, str(tmp_path), "--lang", "en")
    refused(code, err, str(tmp_path), "it is a folder, not a file")


@pytest.mark.parametrize(
    ("after", "said"),
    [
        ("/", "é um arquivo, não uma pasta (um nome terminado em / é de uma pasta)"),
        ("//", "é um arquivo, não uma pasta (um nome terminado em / é de uma pasta)"),
        ("/x.json", "“round-001.json” é um arquivo, não uma pasta"),
    ],
)
def test_a_file_named_as_a_folder_is_not_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, after: str, said: str
) -> None:
    """`round-001.json/` names a folder: it was read as round-001.json (a Path drops the
    trailing slash); now refused as `cat round-001.json/` refuses it, the whole sentence."""
    path = write(tmp_path, '{"sides": [{}, {}]}', "round-001.json")
    code, out, err = run(capsys, "score", path + after)
    assert code == 2 and not out
    assert err == f"buraco: erro: {path}{after}: não foi possível ler: {said}\n"
    code, _, err = run(capsys, "score", path + after, "--lang", "en")
    refused(code, err, "is a file, not a folder")
    code, _, err = run(capsys, "score", str(tmp_path / "nope.json") + after)
    refused(code, err, "não foi possível ler: arquivo não encontrado")


# What a newcomer types wrong. Each answer: exit 2, one line of error, the usage, no
# traceback, and in Portuguese no English (argparse's words, Python's names or quotes).
NEWCOMER_MISTAKES = [
    ["meld", "Zz", "4h"],
    ["judge", "--wat"],
    ["score", "--zz"],
    ["selfplay", "--players", "3"],
    ["meld"],
    ["nope"],
    ["schema", "foo"],
    ["judge", "x.json", "--view", "two"],
    ["meld", "--json=yes", "4h"],
    ["selfplay", "--levels", "genius,basic"],
    ["meld", "--set", "trincas", "4h"],  # was named in Python's quotes: --set 'trincas'
]
ENGLISH = re.compile(
    r"\b(or|choose|choices|invalid|argument|what|unrecognized|expected|required|explicit"
    r"|ignored|error|usage|int)\b"
)


@pytest.mark.parametrize("argv", NEWCOMER_MISTAKES, ids=" ".join)
def test_a_newcomers_mistake_gets_one_line_and_the_usage(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    for lang in ("pt", "en"):
        try:
            code = main([*argv, "--lang", lang])
        except SystemExit as exit_:
            code = exit_.code  # type: ignore[assignment]
        out, err = capsys.readouterr()
        assert code == 2 and not out and "Traceback" not in err
        said = "erro" if lang == "pt" else "error"
        errors = [line for line in err.splitlines() if line.startswith("buraco")]
        assert len(errors) == 1 and f"{said}: " in errors[0], err
        assert ("uso: buraco" if lang == "pt" else "usage: buraco") in err, err
        if lang == "pt":
            problem = errors[0].split("erro: ", 1)[1]
            # Command, option and field names and the value typed stay as they are.
            plain = re.sub(r"--?[\w-]+|“[^”]*”|'Zz'|[A-Z|,]{2,}|\(random, [a-z, ]+\)", "", problem)
            assert ENGLISH.findall(plain) == [] and "'" not in plain, problem


def test_an_option_the_command_lacks_shows_that_commands_usage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`buraco rules --rules x` (rules has no --rules) names the option, says how the rules
    are named there (it said only “argumentos não reconhecidos: --rules”), and shows what
    `rules` takes, not the list of every command."""
    with pytest.raises(SystemExit) as exit_:
        main(["rules", "--rules", "x"])
    first, *usage = capsys.readouterr().err.splitlines()
    assert exit_.value.code == 2
    assert first == (
        "buraco: erro: --rules não vale no comando rules: escreva o nome das regras direto, "
        "ex.: buraco rules stbl (com --set, se preciso)"
    )
    assert usage[0].startswith("uso: buraco rules [-h] [--set OPÇÃO=VALOR]")


@pytest.mark.parametrize(
    ("record", "said"),
    [
        ({"seed": 0, "moves": "draw"}, "moves: esperava uma lista, veio “draw”"),
        ({"seed": 0, "moves": {}}, "moves: esperava uma lista, veio {}"),
        ({"seed": 0}, "moves: campo obrigatório ausente"),
        ({"seed": 0, "vulnerable": "no", "moves": []}, "vulnerable: esperava uma lista, veio “no”"),
        ({"seed": 0, "vulnerable": [1, 0], "moves": []}, "vulnerable[0]: esperava true ou false"),
        (
            {"seed": 0, "vulnerable": [True], "moves": []},
            "vulnerable: esperava 2 itens, um por dupla",
        ),
        (
            {"seed": 0, "players": 2, "vulnerable": [True], "moves": []},
            "vulnerable: esperava 2 itens, um por jogador",
        ),
        (
            {"seed": 0, "players": 2, "moves": [], "scores": [10]},
            "scores: esperava 2 itens, um por jogador",
        ),
        ({"seed": 0, "players": 2, "first": 3, "moves": []}, "first: o lugar 3 não existe com 2"),
    ],
)
def test_a_replay_record_of_the_wrong_shape_says_what_came(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, record: dict[str, object], said: str
) -> None:
    """Each error names what the file holds (never a "{got}" left unfilled), and a first seat
    past the players is refused before any move names a player who is not at the table."""
    code, out, err = run(capsys, "replay", write(tmp_path, json.dumps(record)))
    refused(code, err, said)
    assert "{" + "got}" not in err and not out


@pytest.mark.parametrize(
    ("command", "data", "said"),
    [
        ("judge", {**LEGAL, "position": []}, "position: esperava um objeto JSON, veio []"),
        ("judge", {**LEGAL, "move": "draw"}, "move: esperava um objeto JSON, veio “draw”"),
        ("coach", {**LEGAL, "move": 5}, "move: esperava um objeto JSON, veio 5"),
        (
            "judge",
            {**LEGAL, "position": {**LEGAL["position"], "lixo": "Kh"}},
            "position.lixo: esperava uma lista de cartas, ou um objeto JSON, veio “Kh”",
        ),
    ],
)
def test_a_field_of_the_wrong_kind_is_said_in_the_readers_language(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    command: str,
    data: dict[str, object],
    said: str,
) -> None:
    """The validation library's English ("Input should be a valid dictionary or instance of
    PositionData") never reaches a message: what was expected and what came, in Portuguese."""
    code, _, err = run(capsys, command, write(tmp_path, json.dumps(data)))
    refused(code, err, said)
    assert "Input should" not in err and "Data" not in err


def _shell(command: str) -> int:
    """The exit code of `buraco` in a shell pipeline whose reader leaves at once."""
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {sys.executable} -m buraco_cli {command}"],
        capture_output=True,
        cwd=ROOT,
        check=False,
    )
    assert b"Traceback" not in done.stderr, done.stderr
    return done.returncode


def test_a_reader_that_leaves_early_does_not_change_the_exit_code() -> None:
    """`buraco meld 4h 5h 7h | true` is still an invalid meld (1), a bad card read by `head`
    still bad input (2), and a valid meld still 0, whenever the reader closes its end."""
    assert _shell("meld 4h 5h 7h | true") == 1
    assert _shell("meld 4p 2>&1 | true") == 2
    assert _shell("meld 4h 5h 6h | true") == 0
    assert _shell("rules --lang en | head -1 >/dev/null") == 0


def test_an_output_closed_before_the_start_is_no_traceback() -> None:
    """`buraco rules >&-` (stdout closed by the shell, None to Python) ended in an
    AttributeError traceback; what would go there now goes nowhere, the exit code kept."""
    assert _shell("rules >&-") == 0
    assert _shell("meld 4h 5h 7h >&-") == 1
    assert _shell("judge nothing.json >&- 2>&-") == 2


@pytest.mark.parametrize("command", ["score", "judge", "coach", "replay"])
def test_an_input_closed_before_the_start_is_said(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """`buraco score - <&-` (stdin closed by the shell, None to Python) ended in an
    AttributeError traceback and exit 1; now bad input naming stdin, in the language."""
    monkeypatch.setattr(sys, "stdin", None)
    code, _, err = run(capsys, command, "-")
    refused(code, err, "stdin: não foi possível ler: a entrada padrão está fechada")
    code, _, err = run(capsys, command, "-", "--lang", "en")
    refused(code, err, "stdin: cannot read: standard input is closed")


def test_ctrl_c_ends_with_a_line_not_a_traceback(tmp_path: Path) -> None:
    """A long `selfplay` stopped with Ctrl-C (SIGINT) says so in one line and exits 130."""
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "buraco_cli",
            "selfplay",
            "--rounds",
            "100000",  # (never all played before the signal, however slow this process)
            "--levels",
            "random,random",
            "--save",
            tmp_path,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        # Ctrl-C as a terminal gives it: a run started in the background by a shell script
        # (`pytest &`) ignores SIGINT, and its children inherit that.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        # Stopped once the rounds are being played (its first record is written): a fixed
        # wait fell within the start-up on a busy machine.
        for _ in range(600):
            if any(tmp_path.iterdir()) or child.poll() is not None:
                break
            time.sleep(0.1)
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=30)
    finally:
        child.kill()
    said = err.decode().strip()
    assert (child.returncode, said) == (130, "buraco: interrompido (Ctrl-C)"), said[-2000:]


def test_ctrl_c_while_the_command_loads_is_a_line_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C pressed while `buraco` still loads the rules and the texts (a moment, longer
    on a busy machine) is said in the same line, in the language asked for: it was a
    traceback."""
    import buraco_cli
    from buraco_cli import start

    class InterruptedLoad(importlib.abc.MetaPathFinder):
        fired = False

        def find_spec(self, name: str, *_: object) -> None:
            if name == "buraco_cli.main" and not self.fired:
                self.fired = True
                raise KeyboardInterrupt
            return None

    monkeypatch.setattr(buraco_cli, "main", sys.modules["buraco_cli.main"])
    monkeypatch.delitem(sys.modules, "buraco_cli.main")
    monkeypatch.setattr(sys, "meta_path", [InterruptedLoad(), *sys.meta_path])
    monkeypatch.setattr(sys, "argv", ["buraco", "meld", "4h", "5h", "6h", "--lang", "en"])
    assert start.main() == 130
    assert capsys.readouterr().err.strip() == "buraco: interrupted (Ctrl-C)"


@pytest.mark.parametrize("argv", [["schema", "--lang", "en", "move"], ["schema", "move", "--json"]])
def test_schema_takes_lang_and_json_as_every_command_does(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, _ = run(capsys, *argv)
    assert code == 0 and json.loads(out)["title"]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('{"sides": NaN}', "stdin:1:11: não é um JSON válido"),
        ('{"sides":\n [Infinity]}', "stdin:2:3: não é um JSON válido"),
        ('{"sides": [{"name": "A", "name": "B"}]}', "o campo “name” aparece duas vezes"),
        ("[1, 2]", "stdin: esperava um objeto JSON com sides"),
    ],
)
def test_what_json_does_not_allow_is_named_where_it_is(
    text: str, said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """NaN and Infinity are not JSON (they were called "a number too long"); a field given
    twice was silently the last one; a file that is not an object is named as the file."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code, _, err = run(capsys, "score", "-")
    refused(code, err, said)


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_file_cut_short_is_said_to_end_too_soon(
    lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record cut in half (in a string, or between fields) said only "não é um JSON
    válido" at its last column: it now says the text ends before the JSON does; a JSON
    wrong in its middle does not."""
    ended = {"pt": "o texto acaba antes do JSON terminar", "en": "the text ends before the JSON"}
    for cut in ('{"rules": "fechado", "moves": [{"type": "dr', '{"rules": "fechado",\n\n'):
        code, _, err = run(capsys, "replay", write(tmp_path, cut), "--lang", lang)
        refused(code, err, "in.json:", ended[lang])
    code, _, err = run(capsys, "replay", write(tmp_path, '{"rules": "fechado"}}'), "--lang", lang)
    refused(code, err, "in.json:1:21")
    assert ended[lang] not in err


def test_a_number_past_what_a_number_holds_is_too_large_not_too_long(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`1e999` has five characters: "número longo demais: no máximo 15 dígitos" misled; it is
    a number too large. Twenty digits are still too long."""
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"sides": [{"went_out": 1e999}, {}]}'))
    code, _, err = run(capsys, "score", "-")
    refused(code, err, "stdin: sides[0].went_out: número grande demais")
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"sides": [{"went_out": ' + "9" * 20 + "}]}"))
    code, _, err = run(capsys, "score", "-")
    refused(code, err, "número longo demais: no máximo 15 dígitos")


def test_unnamed_sides_are_a_and_b_not_their_json_paths(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "score", write(tmp_path, '{"sides": [{"melds": []}, {}]}'))
    assert code == 0
    assert out.startswith("A: ") and "\nB: " in out and "sides[" not in out


@pytest.mark.parametrize("count", [3, 70])
def test_a_round_of_too_many_sides_says_so_and_the_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, count: int
) -> None:
    """A round of 70 unnamed sides was refused on side 69's name ("esperava um texto não
    vazio": its default name, by place after A, B, ..., is an invisible character): now the
    count is said first, with the limit, where the file is read. Code too_many_sides."""
    path = write(tmp_path, json.dumps({"sides": [{} for _ in range(count)]}))
    code, out, err = run(capsys, "score", path)
    assert code == 2 and not out
    assert err.splitlines() == [
        f"buraco: erro: {path}: sides: uma rodada tem no máximo 2 duplas, não {count}",
        "O formato do arquivo, campo a campo: buraco schema score",
    ]
    code, _, err = run(capsys, "score", path, "--lang", "en")
    assert code == 2
    assert (
        err.splitlines()[0]
        == f"buraco: error: {path}: sides: a round has at most 2 sides, not {count}"
    )


def test_half_a_character_in_a_name_is_bad_input_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`"\\ud800"` alone is valid JSON that no output can print: refused where it is read."""
    monkeypatch.setattr(sys, "stdin", io.StringIO('{"sides": [{"name": "\\ud800"}, {}]}'))
    code, out, err = run(capsys, "score", "-")
    refused(code, err, "stdin: sides[0].name: traz meio caractere")
    assert not out


def test_selfplay_never_mixes_two_runs_in_one_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A second `--save` into a folder of records is refused before it plays (it overwrote
    round-001.json and left the first run's others beside it); an empty name too."""
    argv = ["selfplay", "--rounds", "1", "--players", "2", "--levels", "random,random"]
    assert run(capsys, *argv, "--save", str(tmp_path))[0] == 0
    before = (tmp_path / "round-001.json").read_text(encoding="utf-8")
    code, _, err = run(capsys, *argv, "--save", str(tmp_path), "--seed", "9")
    refused(code, err, "a pasta já tem registros de rodadas (1, como round-001.json)")
    assert (tmp_path / "round-001.json").read_text(encoding="utf-8") == before
    refused(*run(capsys, *argv, "--save", "")[::2], "--save: esperava um texto não vazio")


class _CutShort:
    """A file opened for writing whose first write puts down half the text, then is
    interrupted (Ctrl-C) before the rest: what a SIGINT between the two looks like."""

    def __init__(self, file: Any, kill: bool) -> None:
        self._file, self._kill = file, kill

    def write(self, data: Any) -> int:
        self._file.write(data[: len(data) // 2])
        self._file.flush()
        if self._kill:  # a kill (SIGTERM) from outside, here and now
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)  # (the signal's handler stops the run before this ends)
        raise KeyboardInterrupt

    def __enter__(self) -> "_CutShort":
        return self

    def __exit__(self, *exc: object) -> None:
        self._file.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


@pytest.mark.parametrize(("cut", "kill"), [(3, False), (1, False), (2, True)])
def test_selfplay_interrupted_while_saving_leaves_no_partial_record(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    cut: int,
    kill: bool,
) -> None:
    """A Ctrl-C (or a kill) while `selfplay --save` wrote round-N.json left that record empty
    or cut short: each record now appears whole or not at all, the earlier ones stay intact,
    and no temporary file is left in the folder."""
    real_open = io.open
    opened = [0]

    def open_(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        handle = real_open(file, mode, *args, **kwargs)
        if "w" in mode or "x" in mode:  # (only the records are written)
            opened[0] += 1
            if opened[0] == cut:
                return _CutShort(handle, kill)
        return handle

    monkeypatch.setattr(io, "open", open_)
    monkeypatch.setattr("builtins.open", open_)
    argv = ["selfplay", "--rounds", "4", "--players", "2", "--levels", "random,random"]
    if kill:  # as a shell reports a command stopped by SIGTERM
        handler = signal.getsignal(signal.SIGTERM)
        with pytest.raises(SystemExit) as stopped:
            main([*argv, "--save", str(tmp_path)])
        assert stopped.value.code == 143
        assert signal.getsignal(signal.SIGTERM) == handler  # (given back)
    else:
        code, out, err = run(capsys, *argv, "--save", str(tmp_path))
        assert code == 130 and "Traceback" not in err
        assert err.strip() == "buraco: interrompido (Ctrl-C)"
        # The figures are those of the records kept (none before the first one ends).
        assert (
            out.startswith(f"Computador contra computador, interrompido: {cut - 1} de 4 ")
            if cut > 1
            else not out
        )
    assert opened[0] == cut  # (stopped where it was cut)
    kept = [f"round-00{n}.json" for n in range(1, cut)]
    assert sorted(p.name for p in tmp_path.iterdir()) == kept
    monkeypatch.undo()
    for name in kept:  # whole, and replayed as they were written
        record = json.loads((tmp_path / name).read_text(encoding="utf-8"))
        assert record["moves"]
        code, _, err = run(capsys, "replay", str(tmp_path / name))
        assert code == 0, err


def test_a_move_judged_on_a_hand_given_as_a_count_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Judged against cards dealt at random, "discard the K♦" was called illegal ("not in
    the hand") for a hand nobody gave: the mover's hand must be cards, but for a draw."""
    position = {"players": 4, "phase": "play", "hands": [11, 11, 11, 11], "lixo": ["7c"]}
    data = {"position": position, "move": {"type": "discard", "card": "Kd"}}
    code, _, err = run(capsys, "judge", write(tmp_path, json.dumps(data)))
    refused(
        code, err, "position.hands[0]: numa jogada “discard” a mão de quem joga vai com as cartas"
    )
    drawn = {"position": {**position, "phase": "draw"}, "move": {"type": "draw"}}
    assert run(capsys, "judge", write(tmp_path, json.dumps(drawn)))[0] == 0
    # Taking the lixo alone names no card of the hand either (Aberto: free to take).
    taken = {**drawn, "rules": "aberto", "move": {"type": "take_lixo"}}
    assert run(capsys, "judge", write(tmp_path, json.dumps(taken)))[0] == 0


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (
            {"morto": ["available", "stock"]},
            "position.morto: “stock” e “available” não andam juntos",
        ),
        ({"hands": [["5h", "6h", "7h", "9c"], True]}, "position.hands[1]"),
        ({"hands": [["5h", "6h", "7h", "9c"], "11"]}, "position.hands[1]"),
    ],
)
def test_a_position_that_cannot_be_is_blamed_on_its_own_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: dict[str, object], said: str
) -> None:
    """A morto “stock” beside an “available” one was blamed on `mortos` whatever it held;
    `true` and "11" were taken as hand counts (1 and 11)."""
    data = {**LEGAL, "position": {**LEGAL["position"], **change}}
    code, _, err = run(capsys, "judge", write(tmp_path, json.dumps(data)))
    refused(code, err, said)


@pytest.mark.parametrize(
    ("command", "data", "field", "got"),
    [
        ("judge", {**LEGAL, "move": {"type": "discard", "card": ["9c"]}}, "move.card", '["9c"]'),
        ("judge", {**LEGAL, "position": {"hands": [[0], 11]}}, "position.hands[0][0]", "0"),
        ("score", {"sides": [{"name": 5}, {}]}, "sides[0].name", "5"),
    ],
)
def test_a_text_field_given_another_kind_says_what_came(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    command: str,
    data: Any,
    field: str,
    got: str,
) -> None:
    """A card written ["9c"] or 0, a name written 5, was “esperava um texto não vazio”, as if
    it had been left empty: what came is said, as for a list or a number."""
    code, _, err = run(capsys, command, write(tmp_path, json.dumps(data)))
    refused(code, err, f"{field}: esperava um texto entre aspas, veio {got}")
    code, _, err = run(capsys, command, write(tmp_path, json.dumps(data)), "--lang", "en")
    refused(code, err, f"{field}: expected a text in quotes, got {got}")


def test_a_single_card_is_named_by_its_own_field(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = {**LEGAL, "move": {"type": "discard", "card": "Zz"}}
    code, _, err = run(capsys, "judge", write(tmp_path, json.dumps(data)))
    refused(code, err, "move.card: “Zz”")
    assert "card[0]" not in err


@pytest.mark.parametrize("text", ["", "  \n"])
def test_an_empty_file_is_said_to_be_empty(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "score", write(tmp_path, text))
    refused(code, err, "nada para ler: esperava um JSON")
    assert ":1:1" not in err


def test_a_number_too_long_names_its_field(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 20-digit number in a field was "stdin: a number too long", with no field: the
    message names where it is, as the other checks of a field do (audit 14)."""
    text = '{"sides": [{"melds": [["4h", "5h", "6h"]], "went_out": 99999999999999999999}]}'
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code, out, err = run(capsys, "score", "-", "--lang", "en")
    refused(code, err, "stdin: sides[0].went_out: a number too long")
    assert not out


@pytest.mark.parametrize("argv", [["rules"], ["meld", "4h", "5h", "6h"], ["judge", "x.json"]])
def test_an_unknown_language_is_refused_in_both_languages(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Who asks for `--lang xx` may not read Portuguese: the one error says it in English
    too, still exit 2, still naming what was typed."""
    code, out, err = run(capsys, *argv, "--lang", "xx")
    refused(code, err, "--lang xx", "idioma desconhecido; use pt ou en")
    assert err.splitlines()[0].endswith(" / unknown language; use pt or en") and not out


@pytest.mark.parametrize("argv", [["meld"], ["--lang=de", "judge"], ["score", "--nonsense"]])
def test_an_unknown_language_is_said_before_any_other_mistake(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """`buraco meld --lang xx` with no cards said only that the cards were missing, in
    Portuguese: the language asked for comes first, in both languages."""
    code, out, err = run(capsys, *argv, *([] if argv[0].startswith("--") else ["--lang", "xx"]))
    assert code == 2 and not out
    assert "idioma desconhecido" in err and "unknown language" in err
    assert "faltam" not in err and "CARTA" not in err and "nonsense" not in err


@pytest.mark.parametrize("argv", [["selfplay", "--rounds", "1"], ["schema", "move"], ["app"]])
def test_every_command_refuses_an_unknown_language_as_typed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    """`buraco selfplay --lang xx` named it as Python writes it (`lang 'xx'`), and `schema`
    and `app` took it without a word (the app's server started): all three refuse it."""

    def execv(program: str, command: list[str]) -> None:
        raise AssertionError(f"the server was started: {command}")

    monkeypatch.setattr(app_command.os, "execv", execv)
    code, out, err = run(capsys, *argv, "--lang", "xx")
    refused(code, err, "--lang xx: idioma desconhecido")
    assert "'xx'" not in err and not out


@pytest.mark.parametrize("value", ["en", "en_US.UTF-8", "EN"])
def test_buraco_lang_chooses_the_language_without_lang(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    """`export BURACO_LANG=en` speaks English to every command, its help and argparse's
    errors included, without --lang each time; --lang wins over it; JSON is the same."""
    monkeypatch.setenv("BURACO_LANG", value)
    code, out, _ = run(capsys, "meld", "4h", "5h")
    assert code == 1 and out.startswith("✗ Not a valid meld")
    with pytest.raises(SystemExit):  # (argparse's own error: its words in English too)
        main(["meld"])
    err = capsys.readouterr().err
    assert err.startswith("buraco: error: ") and "usage: buraco meld" in err
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "--lang LANG" in out and "BURACO_LANG" in out
    code, out, _ = run(capsys, "meld", "4h", "5h", "--lang", "pt")
    assert code == 1 and out.startswith("✗ Jogo inválido")
    code, as_en, _ = run(capsys, "meld", "--json", "4h", "5h", "6h")
    monkeypatch.delenv("BURACO_LANG")
    assert run(capsys, "meld", "--json", "4h", "5h", "6h", "--lang", "en")[1] == as_en


@pytest.mark.parametrize(("value", "named"), [("fr", "BURACO_LANG=fr"), (" ", "BURACO_LANG=“ ”")])
def test_an_unknown_buraco_lang_is_refused_naming_the_variable(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, value: str, named: str
) -> None:
    """A BURACO_LANG the command cannot speak is refused as an unknown --lang is (exit 2,
    in both languages), naming the variable; a --lang given passes it over, and an empty
    one counts as not set (Portuguese, the default)."""
    monkeypatch.setenv("BURACO_LANG", value)
    code, out, err = run(capsys, "meld", "4h", "5h", "6h")
    assert code == 2 and not out
    assert err.splitlines() == [
        f"buraco: erro: {named}: idioma desconhecido; use pt ou en / unknown language; use pt or en"
    ]
    assert run(capsys, "meld", "4h", "5h", "6h", "--lang", "en")[0] == 0
    monkeypatch.setenv("BURACO_LANG", "")
    code, out, _ = run(capsys, "meld", "4h", "5h")
    assert code == 1 and out.startswith("✗ Jogo inválido")


@pytest.mark.parametrize("asked", [["--version"], ["-h"], ["--help"], ["meld", "--help"]])
def test_an_unknown_buraco_lang_still_lets_help_and_the_version_answer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, asked: list[str]
) -> None:
    """`BURACO_LANG=fr buraco --help` was refused like a command: the help, where a person
    finds what BURACO_LANG takes, answers in Portuguese (exit 0), as does --version."""
    monkeypatch.setenv("BURACO_LANG", "fr")
    with pytest.raises(SystemExit) as stopped:
        main(asked)
    out, err = capsys.readouterr()
    assert stopped.value.code == 0 and out and not err
    if asked != ["--version"]:
        assert "BURACO_LANG" in out and "uso: buraco" in out, out


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "valor inválido: 99999999999999999999999; com 2 jogadores, use de 0 a 1"),
        ("en", "--view: 99999999999999999999999; with 2 players, use 0 to 1"),
    ],
)
def test_a_seat_past_the_table_is_said_whole_and_as_typed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str, said: str
) -> None:
    """`--view 99999999999999999999999` was written back as 99.999.999.999… and the sentence
    cut short (“(--view 0 é o jog…”): the seat as typed, and the whole hint."""
    path = write(tmp_path, json.dumps(LEGAL))
    code, out, err = run(capsys, "judge", path, "--view", "9" * 23, "--lang", lang)
    refused(code, err, said, "(--view 0 ")
    assert "…" not in err and "99.999" not in err and "99,999" not in err and not out


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--rounds", "999999999999", "--rounds: valor 999999999999 grande demais"),
        ("--think", "99999999999999999", "--think: valor 99999999999999999 grande demais"),
    ],
)
def test_selfplay_refuses_a_count_that_would_never_end(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    option: str,
    value: str,
    said: str,
) -> None:
    """`buraco selfplay --rounds 999999999999` ran on with no word for ever (and kept every
    round's record until the memory ran out): refused at once, the value as typed."""

    def play_rounds(*args: object) -> None:
        raise AssertionError("the rounds were started")

    monkeypatch.setattr(players, "play_rounds", play_rounds)
    code, out, err = run(capsys, "selfplay", "--levels", "random,random", option, value)
    refused(code, err, said, "precisa ser menor ou igual a")
    assert not out


@pytest.mark.parametrize(
    ("command", "data", "said"),
    [
        ("score", {"sidez": []}, "sidez: campo desconhecido"),
        ("judge", {**LEGAL, "moev": {}}, "moev: campo desconhecido"),
        ("coach", {"rules": "fechado"}, "position: campo obrigatório ausente"),
        ("replay", {"seed": 0, "moves": "draw"}, "moves: esperava uma lista"),
    ],
)
def test_an_error_in_a_files_fields_names_the_file(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    command: str,
    data: dict[str, object],
    said: str,
) -> None:
    """`sidez: campo desconhecido` named no file, while a number or JSON error does
    (`huge.json: sides[0].went_out: …`, `stdin: …`): a field's error names it too, and a
    mere typo is not taken for another command's file (audit of the command, stumble 3)."""
    path = write(tmp_path, json.dumps(data))
    code, _, err = run(capsys, command, path)
    refused(code, err)
    assert err.startswith(f"buraco: erro: {path}: {said}"), err
    assert "parece" not in err
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(data)))
    code, _, err = run(capsys, command, "-", "--lang", "en")
    refused(code, err)
    assert err.startswith(f"buraco: error: stdin: {said.split(':')[0]}: "), err


ROUND = {"sides": [{"melds": [["4h", "5h", "6h"]]}, {}]}


@pytest.mark.parametrize(
    ("command", "kind", "reader", "pt", "en"),
    [
        ("judge", "record", "replay", "parece um registro de rodada", "a round's record"),
        ("coach", "record", "replay", "parece um registro de rodada", "a round's record"),
        ("score", "record", "replay", "parece um registro de rodada", "a round's record"),
        ("score", "judge", "judge", "parece uma jogada para julgar", "a move to judge"),
        ("replay", "judge", "judge", "parece uma jogada para julgar", "a move to judge"),
        ("judge", "round", "score", "parece uma rodada para contar", "a round to score"),
        ("replay", "round", "score", "parece uma rodada para contar", "a round to score"),
    ],
)
def test_another_commands_file_says_which_command_reads_it(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    selfplay_record: dict[str, object],
    command: str,
    kind: str,
    reader: str,
    pt: str,
    en: str,
) -> None:
    """A self-play record given to `buraco judge` said only `ended_by: campo desconhecido`:
    the same error (exit 2) now says whose file it looks like and the command to type, in
    place of the schema of a file the newcomer never meant (audit of the command, stumble 1)."""
    data = {"record": selfplay_record, "judge": LEGAL, "round": ROUND}[kind]
    path = write(tmp_path, json.dumps(data))
    for lang, looks in (("pt", pt), ("en", en)):
        code, _, err = run(capsys, command, path, "--lang", lang)
        refused(code, err, looks, f": use buraco {reader} {path}\n")
        assert ("campo desconhecido" if lang == "pt" else "unknown field") in err
        assert len(err.splitlines()) == 1 and "buraco schema" not in err, err


def _set(data: dict[str, Any], path: str, value: object) -> dict[str, Any]:
    """A copy of `data` with the field at `path` (`position.seed`, `moves[0].seat`) set."""
    data = json.loads(json.dumps(data))
    *parents, last = re.findall(r"[^.\[\]]+", path)
    place: Any = data
    for part in parents:
        place = place[int(part)] if part.isdigit() else place.setdefault(part, {})
    place[int(last) if last.isdigit() else last] = value
    return data


# The whole numbers of the files judge, coach, score and replay read: (command, file, field).
_WHOLE_NUMBERS = [
    ("judge", "judge", "position.seed"),
    ("judge", "judge", "position.turn"),
    ("judge", "judge", "position.went_out"),
    ("judge", "judge", "move.seat"),
    ("coach", "judge", "position.seed"),
    ("coach", "judge", "move.seat"),
    ("score", "round", "sides[0].corte_cards"),
    ("replay", "record", "seed"),
    ("replay", "record", "players"),
    ("replay", "record", "first"),
    ("replay", "record", "moves[0].seat"),
    ("replay", "record", "scores[1]"),
    ("replay", "dealt", "position.seed"),
]


# (An option's number may be text, as --set gives it: a boolean only is the wrong type there.)
@pytest.mark.parametrize(
    ("command", "kind", "field"),
    [
        *_WHOLE_NUMBERS,
        ("score", "round", "options.target_score"),
        ("replay", "record", "illegal_attempts"),
    ],
)
def test_a_boolean_where_a_whole_number_goes_is_the_wrong_type(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    selfplay_record: dict[str, object],
    command: str,
    kind: str,
    field: str,
) -> None:
    """`"seed": true` was read as seed 1 (JSON's booleans are ints to Python): every whole
    number a file gives refuses true and false as the wrong type, the field named."""
    for value in (True, False):
        _not_a_whole_number(
            capsys, tmp_path, _file_data(kind, selfplay_record), command, field, value
        )


def _file_data(kind: str, record: dict[str, object]) -> dict[str, object]:
    """A well-formed file of this kind: a judge's, a round's, a record, a dealt record."""
    dealt = {"rules": "fechado", "position": LEGAL["position"], "moves": [{"type": "discard"}]}
    return {"judge": LEGAL, "round": ROUND, "record": record, "dealt": dealt}[kind]


def _not_a_whole_number(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    data: dict[str, object],
    command: str,
    field: str,
    value: object,
) -> tuple[str, str]:
    """The command's first error line, in Portuguese and in English, for the file `data`
    with `value` at `field`: refused as the wrong type, the field named, nothing printed."""
    path = write(tmp_path, json.dumps(_set(data, field, value)))
    code, out, err = run(capsys, command, path)
    refused(code, err, f"buraco: erro: {path}: {_named(field, 'pt')}: esperava um número inteiro")
    assert not out
    code, _, err_en = run(capsys, command, path, "--lang", "en")
    refused(code, err_en, f"{path}: {_named(field, 'en')}: expected a whole number")
    return err.splitlines()[0], err_en.splitlines()[0]


def _named(field: str, lang: str) -> str:
    """A field as an error names it: a record's move also by its number in replay's text."""
    move = re.match(r"moves\[(\d+)\]", field)
    if move is None:
        return field
    return f"{field} ({'jogada' if lang == 'pt' else 'move'} {int(move[1]) + 1})"


@pytest.mark.parametrize(("command", "kind", "field"), _WHOLE_NUMBERS)
def test_a_whole_number_written_as_text_or_a_decimal_is_the_wrong_type(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    selfplay_record: dict[str, object],
    command: str,
    kind: str,
    field: str,
) -> None:
    """`"seed": "5"` and `"turn": 1.0` were read as 5 and 1 (pydantic's lax mode) in the files
    judge, coach and replay read: whoever wrote them made a mistake of type, which every
    whole number a file gives now says, the field named and what came shown; a plain JSON
    integer there is read as before."""
    data = _file_data(kind, selfplay_record)
    for value, shown in (("1", "“1”"), (1.0, "1.0")):
        pt, en = _not_a_whole_number(capsys, tmp_path, data, command, field, value)
        assert pt.endswith(f"(sem aspas nem casas decimais, como 3), veio {shown}")
        assert en.endswith(f"(without quotes or decimals, like 3), got {shown}")
    path = write(tmp_path, json.dumps(_set(data, field, 2 if field == "players" else 1)))
    _, _, err = run(capsys, command, path)
    assert f"{field}:" not in err  # (another field may then not fit: not this one)


@pytest.mark.parametrize(
    ("field", "value", "shown"),
    [
        (
            "position.vulnerable",
            ["false", False],
            "position.vulnerable[0]: esperava true ou false, veio “false”",
        ),
        (
            "position.vulnerable",
            [0, False],
            "position.vulnerable[0]: esperava true ou false, veio 0",
        ),
        (
            "position.players",
            2.0,
            "position.players: valor 2.0 inválido; valores possíveis: 2 ou 4",
        ),
        (
            "position.melds",
            [[{"cards": ["Jc", "Qc", "Kc"], "built_up": "true"}], []],
            "position.melds[0][0].built_up: esperava true ou false, veio “true”",
        ),
    ],
)
def test_a_yes_no_or_player_count_of_the_wrong_type_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, field: str, value: object, shown: str
) -> None:
    """The same lax reading took "false" (which reads as true to a person skimming) and 0 for
    false, and 2.0 for two players: each is refused as what it is, the field named."""
    path = write(tmp_path, json.dumps(_set(LEGAL, field, value)))
    code, out, err = run(capsys, "judge", path)
    refused(code, err, f"buraco: erro: {path}: {shown}")
    assert not out


@pytest.mark.parametrize(
    ("change", "field", "fields"),
    [
        ({"lixo": {"top": "Kh", "count": 3, "cuont": 3}}, "lixo.cuont", "count, top"),
        (
            {"morto": [{"status": "available", "sat": 0}, "available"]},
            "morto[0].sat",
            "cards, seat, status",
        ),
        (
            {"melds": [[{"cards": ["Jc", "Qc", "Kc"], "built": True}], []]},
            "melds[0][0].built",
            "built_up, cards",
        ),
    ],
)
def test_an_unknown_field_inside_a_position_lists_the_fields_there(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    change: dict[str, object],
    field: str,
    fields: str,
) -> None:
    """A misspelt field of the lixo, a morto or a meld said "valor inválido: Extra inputs are
    not permitted", pydantic's English in a Portuguese message: it is now an unknown field,
    with the fields that object takes, in the reader's language."""
    data = {**LEGAL, "position": {**LEGAL["position"], **change}}
    path = write(tmp_path, json.dumps(data))
    code, _, err = run(capsys, "judge", path)
    refused(code, err, f"{path}: position.{field}: campo desconhecido; campos: {fields}")
    code, _, err = run(capsys, "judge", path, "--lang", "en")
    refused(code, err, f"position.{field}: unknown field; fields: {fields}")
    assert "Extra inputs" not in err


def test_a_hand_or_stock_of_the_wrong_kind_names_both_kinds_it_takes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A hand is its cards or how many: `11.0` was refused as "expected a list", as if a
    count were not allowed there."""
    path = write(tmp_path, json.dumps(_set(LEGAL, "position.hands[1]", 11.0)))
    code, _, err = run(capsys, "judge", path)
    said = "position.hands[1]: esperava uma lista de cartas, ou quantas são (um número inteiro)"
    refused(code, err, f"{said}, veio 11.0")
    code, _, err = run(capsys, "judge", path, "--lang", "en")
    refused(code, err, "position.hands[1]: expected a list of cards, or how many (a whole number)")


@pytest.mark.parametrize(
    ("seed", "rounds"),
    [("1000000000000000", "1"), ("999999999999999", "2"), ("-1000000000000000", "1")],
)
def test_selfplay_refuses_a_seed_whose_records_replay_would_refuse(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    seed: str,
    rounds: str,
) -> None:
    """`buraco selfplay --seed 99999999999999999999999 --save DIR` played and wrote records
    whose `seed` (the run's seed plus the round's number) `buraco replay` then refused as a
    number too long: the seed is refused before any round is played, with the range it takes."""

    def play_rounds(*args: object) -> None:
        raise AssertionError("the rounds were started")

    monkeypatch.setattr(players, "play_rounds", play_rounds)
    argv = ["selfplay", "--levels", "random,random", "--rounds", rounds, "--seed", seed]
    code, out, err = run(capsys, *argv, "--save", str(tmp_path / "records"))
    refused(code, err, f"--seed: valor {seed} ")
    assert not out and not (tmp_path / "records").exists()
    code, _, err = run(capsys, *argv, "--lang", "en")
    refused(code, err, f"--seed: bad value {seed}: should be ")


def test_selfplay_records_at_the_seeds_limit_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The largest seed taken still gives records that `buraco replay` reads."""
    folder = tmp_path / "records"
    argv = ["selfplay", "--levels", "random,random", "--players", "2", "--rounds", "2"]
    code, _, err = run(capsys, *argv, "--seed", "999999999999998", "--save", str(folder))
    assert code == 0, err
    for record in sorted(folder.iterdir()):
        code, _, err = run(capsys, "replay", str(record))
        assert code == 0, err


@pytest.mark.parametrize(
    ("root", "pt", "en"),
    [
        ("", "--root: esperava um texto não vazio", "--root: expected a non-empty text"),
        ("missing", "não existe", "does not exist"),
        ("file.toml", "é um arquivo", "is a file"),
    ],
)
def test_scenarios_root_that_is_no_folder_says_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, root: str, pt: str, en: str
) -> None:
    """`buraco scenarios --root ""` listed the project's own course as if no --root were
    given, and a folder that does not exist or a file was said to hold "no lessons or
    scenarios", as an empty folder is: each now says what is wrong with the path."""
    (tmp_path / "file.toml").write_text("id = 'x'\n", encoding="utf-8")
    path = str(tmp_path / root) if root else ""
    for lang, said in (("pt", pt), ("en", en)):
        code, out, err = run(capsys, "scenarios", "--check", "--root", path, "--lang", lang)
        refused(code, err, said)
        assert out == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["meld", "--rules", "aberto", "5h", "5s", "5d"],
        ["rules", "aberto"],
        ["score", "--rules", "aberto", "ROUND"],
        ["selfplay", "--rules", "aberto", "--rounds", "1", "--levels", "random,random"],
    ],
)
def test_one_option_set_twice_to_different_values_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    """`buraco meld --set trincas=true --set trincas=false 5h 5s 5d` judged under the last
    value and said nothing of the first (a JSON file with a field twice is refused): two
    values for one option are a contradiction to name; the same value twice is harmless."""
    argv = [write(tmp_path, json.dumps(ROUND)) if a == "ROUND" else a for a in argv]
    twice = ["--set", "trincas=true", "--set", "trincas = false"]
    code, out, err = run(capsys, *argv, *twice)
    refused(code, err, "--set trincas", "“true”", "“false”")
    assert out == ""
    code, out, err = run(capsys, *argv, *twice, "--lang", "en")
    refused(code, err, "--set trincas", "twice")
    code, out, err = run(capsys, *argv, "--set", "trincas=true", "--set", "trincas=true")
    assert code in (0, 1) and "Traceback" not in err, err


@pytest.mark.parametrize(
    "argv",
    [
        ["meld", "4h", "5h", "6h"],
        ["score", "ROUND"],
        ["selfplay", "--rounds", "1", "--levels", "random,random"],
    ],
)
def test_an_empty_rules_name_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: list[str]
) -> None:
    """`buraco meld --rules "" 4h 5h 6h` (a variable left empty in a script) judged under
    Fechado, and `buraco score --rules "" round.json` under the file's rules, as if no
    --rules were given: an empty name is named, as an unknown one is."""
    argv = [write(tmp_path, json.dumps(ROUND)) if a == "ROUND" else a for a in argv]
    for blank in ("", "  "):
        code, out, err = run(capsys, *argv, "--rules", blank)
        refused(code, err, "--rules", "aberto, fechado ou stbl")
        assert out == ""


def test_rules_with_an_empty_name_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    """`buraco rules ""` printed the table of the three variants, as `buraco rules` does."""
    code, out, err = run(capsys, "rules", "", "--lang", "en")
    refused(code, err, "“”: unknown rule set")
    assert out == ""


@pytest.mark.parametrize("command", ["score", "judge", "coach", "replay"])
@pytest.mark.parametrize("name", ["", "  "])
def test_an_empty_file_name_is_said_to_be_empty(
    capsys: pytest.CaptureFixture[str], command: str, name: str
) -> None:
    """`buraco judge ""` said "cannot read: it is a folder, not a file" without naming any
    (an empty path is the current folder), and `buraco replay " "` printed
    `buraco: error:  : cannot read: no such file`: the argument is named and said to be empty."""
    code, out, err = run(capsys, command, name)
    refused(code, err, "ARQUIVO|-: o nome do arquivo está vazio")
    assert "pasta" not in err and out == ""
    code, out, err = run(capsys, command, name, "--lang", "en")
    refused(code, err, "FILE|-: the file name is empty")


# Every kind of mistake argparse itself finds, beside one the command finds (--rounds 0):
# the first line a person reads, in Portuguese and in English.
ONE_FORM = [
    (
        ["meld", "--wat", "4h"],
        "buraco: erro: argumentos não reconhecidos: --wat",
        "buraco: error: unrecognized arguments: --wat",
    ),
    (
        ["meld"],
        "buraco: erro: falta informar CARTA",
        "buraco: error: the following arguments are required: CARD",
    ),
    (
        ["selfplay", "--players", "3"],
        "buraco: erro: --players: 3 não é uma das escolhas; use 2 ou 4",
        "buraco: error: --players: 3 is not one of the choices; use 2 or 4",
    ),
    (
        ["selfplay", "--rounds", "dez"],
        "buraco: erro: --rounds: esperava um número inteiro, veio “dez”",
        "buraco: error: --rounds: expected a whole number, got “dez”",
    ),
    (
        ["meld", "4h", "--rules"],
        "buraco: erro: --rules: esperava um valor",
        "buraco: error: --rules: expected one argument",
    ),
    (
        ["schema", "nope"],
        "buraco: erro: não há o esquema “nope”; escolha “position”, “move”, “judge”, “score” ou"
        " “replay”",
        "buraco: error: there is no schema “nope”; choose “position”, “move”, “judge”, “score”"
        " or “replay”",
    ),
    (
        ["selfplay", "--rounds", "0"],
        "buraco: erro: --rounds: valor 0 pequeno demais: precisa ser maior ou igual a 1",
        "buraco: error: --rounds: bad value 0: should be greater than or equal to 1",
    ),
]


@pytest.mark.parametrize(("argv", "pt", "en"), ONE_FORM, ids=[" ".join(a) for a, *_ in ONE_FORM])
def test_every_error_line_has_one_form_in_the_readers_language(
    capsys: pytest.CaptureFixture[str], argv: list[str], pt: str, en: str
) -> None:
    """argparse's own mistakes (an unknown option, a missing card, a bad choice or number, an
    option without its value) began "buraco meld: erro: argumento --players: …", the
    command's own "buraco: erro: --rounds: …": now one form, "buraco: erro: WHERE: what",
    in the language asked for, exit 2 either way."""
    for lang, said in (("pt", pt), ("en", en)):
        try:
            code = main(["--lang", lang, *argv])
        except SystemExit as exit_:
            code = exit_.code  # type: ignore[assignment]
        err = capsys.readouterr().err
        assert (code, err.splitlines()[0]) == (2, said), err


def test_a_bad_lang_value_is_said_in_the_same_form() -> None:
    """`buraco meld 4h --lang fr`, `--lang` (no value) and `--lang=` (an empty one, which
    read "--lang : …"), as a person runs them: the same "buraco: erro:" line as any other
    mistake, the value named, and exit 2."""
    for argv, said in (
        (["--lang", "fr"], "buraco: erro: --lang fr: idioma desconhecido; use pt ou en"),
        (["--lang"], "buraco: erro: --lang: esperava um valor"),
        (["--lang="], "buraco: erro: --lang “”: idioma desconhecido; use pt ou en"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "buraco_cli", "meld", "4h", *argv],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=False,
        )
        assert done.returncode == 2 and done.stderr.startswith(said), done.stderr


# JSON typed by hand, each wrong in one common way: what the line says was wrong there.
JSON_SLIPS = [
    (
        '{"sides": [1, 2,]}',
        "1:17: não é um JSON válido: esperava um valor: um número, um texto entre aspas duplas,"
        " true, false, null, [ ou { (uma vírgula sobrando antes de ] ou } também dá este erro)",
        "1:17: not valid JSON: expected a value: a number, a text in double quotes, true, false,"
        " null, [ or { (a comma left before ] or } does this too)",
    ),
    (
        "{'sides': []}",
        "1:2: não é um JSON válido: esperava o nome de um campo entre aspas duplas, como"
        ' "sides" (aspas simples ou curvas não valem, nem uma vírgula sobrando antes de })',
        '1:2: not valid JSON: expected a field\'s name in double quotes, such as "sides"'
        " (single or curly quotes do not count, nor a comma left before })",
    ),
    (
        '{"rules": "fechado"\n "sides": []}',
        "2:2: não é um JSON válido: falta uma vírgula antes daqui (ou um ] ou } que feche o que"
        " se abriu)",
        "2:2: not valid JSON: a comma is missing before this point (or a ] or } to close what"
        " was opened)",
    ),
    (
        '{"sides" []}',
        "1:10: não é um JSON válido: falta o dois-pontos entre o nome do campo e o seu valor",
        "1:10: not valid JSON: the colon between a field's name and its value is missing",
    ),
    (
        '{"sides": []} {"sides": []}',
        "1:15: não é um JSON válido: há mais texto depois do fim do JSON; o arquivo traz um só"
        " objeto",
        "1:15: not valid JSON: there is more text after the JSON ends; the file holds one"
        " object only",
    ),
    (
        '{"sides": [{"name": "C:\\dados"}]}',
        "1:24: não é um JSON válido: uma barra invertida (\\) num texto começa um escape: para"
        " a própria barra, escreva \\\\",
        "1:24: not valid JSON: a backslash (\\) in a text starts an escape: for the backslash"
        " itself, write \\\\",
    ),
    (
        '{"sides": [{"name": "A\tB"}]}',
        "1:23: não é um JSON válido: um texto entre aspas não pode ter uma quebra de linha ou"
        " uma tabulação: escreva \\n ou \\t",
        "1:23: not valid JSON: a text in quotes cannot hold a line break or a tab: write \\n"
        " or \\t",
    ),
    (
        '{"sides": NaN}',
        "1:11: não é um JSON válido: NaN não existe em JSON: escreva um número",
        "1:11: not valid JSON: NaN does not exist in JSON: write a number",
    ),
]


@pytest.mark.parametrize(("text", "pt", "en"), JSON_SLIPS, ids=[t for t, *_ in JSON_SLIPS])
def test_a_json_slip_is_said_with_what_was_expected_there(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, pt: str, en: str
) -> None:
    """A trailing comma, single quotes, a missing comma or colon, two objects, a Windows path's
    backslash, a tab, NaN: each was only "não é um JSON válido" at a line and column, and a
    person hand-writing a round had to guess what JSON wanted there."""
    path = write(tmp_path, text)
    for lang, said in (("pt", pt), ("en", en)):
        code, _, err = run(capsys, "score", path, "--lang", lang)
        prefix = "buraco: erro: " if lang == "pt" else "buraco: error: "
        assert (code, err.splitlines()[0]) == (2, f"{prefix}{path}:{said}"), err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        # A card with a control character after it (a zero-width space is read as a space):
        # it read “4h” não é uma carta.
        (["meld", "4h\x07", "5h", "6h"], "buraco: erro: “4h\\x07” não é uma carta: "),
        # A terminal escape in a file's name coloured the rest of the terminal red.
        (["score", "x\x1b[31m.json"], "buraco: erro: x\\x1b[31m.json: não foi possível ler: "),
        (["rules", "mo\trto"], "buraco: erro: rules “mo\\trto”: conjunto de regras desconhecido"),
    ],
)
def test_an_invisible_character_in_what_was_typed_is_shown_in_the_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    """What a person typed or pasted is echoed back with its invisible characters written
    out (\\u200b, \\x1b, \\t), so that the line shows why “4h” was not read as a card and
    never sends the terminal a control sequence."""
    code, _, err = run(capsys, *argv)
    assert code == 2 and err.startswith(said), err
    assert "\x1b" not in err and "\x07" not in err


@pytest.mark.parametrize(
    ("value", "shown"), [("5", "5"), ("null", "null"), ('["stbl"]', '["stbl"]')]
)
def test_a_files_rules_of_the_wrong_kind_are_named_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str, shown: str
) -> None:
    """`"rules": 5` said "rules: conjunto de regras desconhecido", never what the file gave,
    where `"rules": "mole"` says “mole”."""
    path = write(tmp_path, f'{{"rules": {value}, "sides": []}}')
    code, _, err = run(capsys, "score", path)
    said = f"buraco: erro: {path}: rules {shown}: conjunto de regras desconhecido; use aberto"
    assert code == 2 and err.startswith(said), err


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "não foi possível gravar: o disco está cheio"),
        ("en", "could not write: the disk is full"),
    ],
)
def test_a_full_disk_while_selfplay_saves_is_said_in_words(
    lang: str,
    said: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The disk filling up at the second record said "erro do sistema ENOSPC", then the
    usage of `selfplay`, as if the command line were wrong: now the record, what happened and
    what to do; the first record stays whole and no temporary file is left."""
    real_fsync, written = os.fsync, []

    def fsync(fd: int) -> None:
        written.append(fd)
        if len(written) == 3:  # (record 1, its folder, then record 2)
            raise OSError(28, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    argv = ["selfplay", "--rounds", "3", "--players", "2", "--levels", "random,random"]
    code, out, err = run(capsys, *argv, "--save", str(tmp_path), "--lang", lang)
    refused(code, err, f"round-002.json: {said}")
    assert "ENOSPC" not in err and "usage" not in err and "uso:" not in err
    assert "…" not in err  # (the advice whole, not cut as a long echoed value is)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["round-001.json"]
    # The figures of the round saved are kept, as after a Ctrl-C (they were lost).
    stopped = {"pt": "interrompido: 1 de 3 rodadas jogadas", "en": "stopped: 1 of 3 rounds played"}
    assert stopped[lang] in out.splitlines()[0], out


@pytest.mark.parametrize("as_json", [False, True])
def test_ctrl_c_in_a_long_selfplay_keeps_the_figures_of_the_rounds_played(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, as_json: bool
) -> None:
    """Ctrl-C at the third of 1,000 rounds lost the figures of the two that had ended (a
    long run stopped after twenty minutes printed nothing but "interrompido"): they are
    printed, said to be 2 of 1,000; the exit code stays 130, the line on stderr the same."""
    real = players.play_rounds

    def stopped_at_the_third(*args: Any, **kwargs: Any) -> Any:
        rounds = real(*args, **kwargs)
        yield next(rounds)
        yield next(rounds)
        raise KeyboardInterrupt

    monkeypatch.setattr(players, "play_rounds", stopped_at_the_third)
    argv = ["selfplay", "--rounds", "1000", "--players", "2", "--levels", "random,random"]
    code, out, err = run(capsys, *argv, *(["--json"] if as_json else []))
    assert (code, err.strip()) == (130, "buraco: interrompido (Ctrl-C)")
    if as_json:
        figures = json.loads(out)
        assert figures["rounds"] == 2 and figures["interrupted"] is True
        assert sum(figures["wins"]) <= 2 and figures["batidas"] + figures["stock_outs"] == 2
    else:
        assert out.startswith(
            "Computador contra computador, interrompido: 2 de 1000 rodadas jogadas, 2 jogadores"
        )
        assert "  vitórias: A " in out


def test_a_second_ctrl_c_while_the_figures_are_printed_keeps_them(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Ctrl-C pressed twice, as a person does, the second while the rounds played were being
    summed: the figures were lost (only "interrompido"). The second is ignored: the figures
    of the 2 rounds, each record whole, no temporary file; exit 130, one line on stderr."""
    real_play, real_summarize = players.play_rounds, players.summarize

    def ctrl_c_at_the_third(*args: Any, **kwargs: Any) -> Any:
        rounds = real_play(*args, **kwargs)
        yield next(rounds)
        yield next(rounds)
        os.kill(os.getpid(), signal.SIGINT)  # the first Ctrl-C

    def ctrl_c_again(records: Any) -> Any:
        figures = real_summarize(records)
        os.kill(os.getpid(), signal.SIGINT)  # the second, milliseconds later
        return figures

    monkeypatch.setattr(players, "play_rounds", ctrl_c_at_the_third)
    monkeypatch.setattr(players, "summarize", ctrl_c_again)
    argv = ["selfplay", "--rounds", "1000", "--players", "2", "--levels", "random,random"]
    code, out, err = run(capsys, *argv, "--save", str(tmp_path))
    assert (code, err.strip()) == (130, "buraco: interrompido (Ctrl-C)")
    assert out.startswith("Computador contra computador, interrompido: 2 de 1000 rodadas")
    assert "round-0001.json a round-0002.json" in out, out
    records = sorted(p.name for p in tmp_path.iterdir())
    assert records == ["round-0001.json", "round-0002.json"]  # (no .tmp left)
    for record in records:
        json.loads((tmp_path / record).read_text(encoding="utf-8"))


def test_ctrl_c_just_after_a_record_is_saved_counts_its_round(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Ctrl-C just after round 1's record was renamed into the folder, while the folder was
    synced (a busy machine's window): the record stayed on the disk, but the run printed no
    figures and no `buraco replay` line, as if no round had ended. The round whose record is
    kept counts: 1 of 1000 rounds, the record named, exit 130."""
    import buraco_cli.main as cli

    real_sync = cli._sync_folder

    def ctrl_c_while_synced(folder: Path) -> None:
        real_sync(folder)
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "_sync_folder", ctrl_c_while_synced)
    argv = ["selfplay", "--rounds", "1000", "--players", "2", "--levels", "random,random"]
    code, out, err = run(capsys, *argv, "--save", str(tmp_path))
    assert (code, err.strip()) == (130, "buraco: interrompido (Ctrl-C)")
    assert out.startswith("Computador contra computador, interrompido: 1 de 1000 rodadas"), out
    assert "round-0001.json" in out and "buraco replay" in out, out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["round-0001.json"]


def test_a_ctrl_c_after_the_command_has_ended_prints_no_traceback() -> None:
    """Ctrl-C pressed twice, the second arriving late (on a busy machine, once the run had
    printed its figures and “interrupted”): it landed in Python's own exit and printed
    “Exception ignored in: <module 'threading'>… KeyboardInterrupt” under the figures. A
    Ctrl-C once the command has ended stops nothing: the command's output and exit code
    stand, and nothing more is printed."""
    script = (
        "import os, signal, sys\n"
        "sys.argv = ['buraco', 'meld', '4h', '5h', '6h', '--lang', 'en']\n"
        "from buraco_cli.start import main\n"
        "code = main()\n"
        "os.kill(os.getpid(), signal.SIGINT)  # (pressed as the command ends)\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("✓ Valid meld") and done.stderr == ""


def test_ctrl_c_twice_at_once_keeps_the_figures_and_the_records(tmp_path: Path) -> None:
    """The same with real signals, two SIGINTs sent one right after the other to `buraco
    selfplay --save` once it writes its records (the figures were lost 10 times in 10)."""
    argv = ["selfplay", "--rounds", "100000", "--players", "2", "--levels", "random,random"]
    argv += ["--lang", "en"]
    for attempt in range(2):
        folder = tmp_path / str(attempt)
        child = subprocess.Popen(
            [sys.executable, "-m", "buraco_cli", *argv, "--save", str(folder)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        try:
            # (Up to a minute for the first record: on a machine busy with the suite's other
            # workers, the child's start alone took seconds, and a Ctrl-C before any round
            # has ended rightly prints no figures.)
            deadline = time.monotonic() + 60
            while not list(folder.glob("round-*.json")) and child.poll() is None:
                assert time.monotonic() < deadline, "no record written in a minute"
                time.sleep(0.02)
            child.send_signal(signal.SIGINT)
            time.sleep(0)  # (the child takes the first before the second: not one pending)
            child.send_signal(signal.SIGINT)
            out, err = child.communicate(timeout=30)
        finally:
            child.kill()
        assert "stopped:" in out and "buraco replay" in out, (out, err)
        assert err.strip() == "buraco: interrupted (Ctrl-C)" and "Traceback" not in err
        assert not list(folder.glob(".*"))
        for record in folder.glob("round-*.json"):
            json.loads(record.read_text(encoding="utf-8"))


def test_a_save_folder_that_takes_no_file_is_refused_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An existing folder on a read-only disk (or one without write permission) was found
    out only when the first round had been played, perhaps minutes of a strong round later,
    and its record could not be written: it is now refused before any round is played."""

    def read_only(self: Path, *_: object, **__: object) -> None:
        raise OSError(30, "Read-only file system", str(self))  # EROFS

    def never(*_: object, **__: object) -> Any:
        raise AssertionError("a round was played")

    monkeypatch.setattr(Path, "touch", read_only)
    monkeypatch.setattr(players, "play_rounds", never)
    code, out, err = run(capsys, "selfplay", "--rounds", "1", "--save", str(tmp_path))
    refused(code, err, f"--save {tmp_path}: não foi possível gravar: o disco só permite leitura")
    assert not out and not list(tmp_path.iterdir())


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize(
    "argv",
    [
        ["selfplay", "--rounds", "1", "--players", "2", "--levels", "random,random"],
        ["coach", "JUDGED", "--json"],
        ["meld", "4h", "5h", "6h"],
        ["--help"],
    ],
)
def test_an_output_on_a_full_disk_is_said_not_a_traceback(argv: list[str], tmp_path: Path) -> None:
    """`buraco selfplay > /dev/full` (stdout on a full disk) ended in an OSError traceback,
    and `buraco --help > /dev/full` exited 0 having printed nothing: each now says on stderr
    that stdout could not be written and why, and exits 2."""
    judged = write(tmp_path, json.dumps(LEGAL))
    argv = [judged if word == "JUDGED" else word for word in argv]
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "buraco_cli", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            check=False,
        )
    said = "buraco: erro: stdout: não foi possível gravar: o disco está cheio"
    assert done.returncode == 2 and done.stderr.startswith(said), done.stderr


class _Keyboard(io.StringIO):
    """Standard input typed at a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("command", ["score", "judge", "coach", "replay"])
def test_reading_a_terminal_says_how_to_end_the_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """`buraco judge -` typed at a terminal waited in silence, a command that seemed to
    hang; it now says that it reads the JSON there and how to end it. Piped, it says
    nothing more."""
    monkeypatch.setattr(sys, "stdin", _Keyboard("{}"))
    code, _, err = run(capsys, command, "-")
    assert code == 2
    assert err.startswith("buraco: aviso: lendo o JSON da entrada padrão (-): cole ou digite")
    assert "termine com Ctrl-D" in err
    monkeypatch.setattr(sys, "stdin", _Keyboard("{}"))
    _, _, err = run(capsys, command, "-", "--lang", "en")
    assert err.startswith("buraco: note: reading the JSON from standard input (-)")
    monkeypatch.setattr(sys, "stdin", io.StringIO("{}"))
    _, _, err = run(capsys, command, "-")
    assert "aviso" not in err


@pytest.mark.parametrize(
    ("command", "exercise"),
    [
        ("judge", "scenarios/the_turn/discard_ends_the_turn.toml"),
        ("coach", "scenarios/the_turn/discard_ends_the_turn.toml"),
        ("score", "scenarios/scoring/worked_example_round.toml"),
        ("replay", "lessons/06_the_turn.toml"),
    ],
)
def test_a_course_file_given_for_json_is_named_as_toml(
    capsys: pytest.CaptureFixture[str], command: str, exercise: str
) -> None:
    """`buraco judge scenarios/…/discard_ends_the_turn.toml`, a newcomer's first try at an
    exercise, said “:1:1: não é um JSON válido: esperava um valor…”, as for a JSON typo;
    now it says the file is TOML, where the course's files are checked, and the format."""
    code, _, err = run(capsys, command, str(ROOT / exercise))
    refused(code, err, f"{exercise}: é um arquivo TOML, não JSON", "buraco scenarios --check")
    assert ":1:1:" not in err
    if command != "coach":  # (coach reads judge's format)
        assert f"buraco schema {command}" in err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["judge", "{long}.json"], "não foi possível ler"),
        (["replay", "{long}/round-001.json"], "não foi possível ler"),
        (["scenarios", "--root", "{long}"], "não foi possível ler"),
        (["selfplay", "--rounds", "1", "--save", "{long}"], "não foi possível gravar"),
        (["selfplay", "--rounds", "1", "--save", "records/{long}"], "não foi possível gravar"),
    ],
)
def test_a_name_too_long_for_the_system_is_said_not_a_traceback(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    said: str,
) -> None:
    """A folder or file name of 300 letters (a pasted path gone wrong) ended `selfplay
    --save` and `scenarios --root` in an OSError traceback (exit 1), and a file to read was
    “erro do sistema ENAMETOOLONG”: now bad input (exit 2), the name whole, and why."""
    monkeypatch.chdir(tmp_path)
    long = "x" * 300
    given = [word.format(long=long) for word in argv]
    code, out, err = run(capsys, *given)
    refused(code, err, long, f"{said}: o nome é longo demais para o sistema: encurte-o")
    assert "ENAMETOOLONG" not in err and not out and err.startswith("buraco: erro: ")
    code, _, err = run(capsys, *given, "--lang", "en")
    refused(code, err, "the name is too long for the system: shorten it")


@pytest.mark.skipif(os.name == "nt", reason="a symbolic link to itself: POSIX")
def test_a_link_to_itself_is_said_in_words_not_as_a_system_code(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`ln -s loop loop`, then `buraco judge loop`: “erro do sistema ELOOP”, a code no
    newcomer reads; now said in words, for a file read and for a folder `--save` makes."""
    monkeypatch.chdir(tmp_path)
    os.symlink("loop", "loop")
    code, _, err = run(capsys, "judge", "loop")
    refused(code, err, "loop: não foi possível ler: o caminho passa por um atalho")
    code, _, err = run(capsys, "selfplay", "--rounds", "1", "--save", "loop/x", "--lang", "en")
    refused(code, err, "loop/x: could not write: the path goes through a shortcut")
    assert "ELOOP" not in err


def test_a_word_typed_in_a_latin1_terminal_shows_its_byte_and_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """“básico” typed in a terminal that sends Latin-1 reaches the command as bytes that are
    no UTF-8, which Python keeps as U+DCxx: the error showed “b\\udce1sico”, a code no one
    typed. Now the byte, “b\\xe1sico”, and a notice says why (the terminal's encoding)."""
    typed_in_latin1 = b"forte,b\xe1sico".decode("utf-8", "surrogateescape")
    code, out, err = run(capsys, "selfplay", "--rounds", "1", "--levels", typed_in_latin1)
    refused(code, err, "“b\\xe1sico”")
    assert "udc" not in err and not out
    assert (
        "buraco: aviso: o que está escrito como \\xe1 é um byte que não é UTF-8: o terminal" in err
    )
    card = b"5\xe9h".decode("utf-8", "surrogateescape")
    code, _, err = run(capsys, "meld", "4h", card, "--lang", "en")
    refused(code, err, "“5\\xe9h” is not a card", "note: what is written as \\xe9 is a byte")
    code, _, err = run(capsys, "meld", "4h", "5x")  # (a plain typo: no such notice)
    assert code == 2 and "aviso" not in err


@pytest.mark.parametrize("command", ["score", "judge", "coach", "replay"])
def test_options_of_the_wrong_kind_say_what_came_and_the_shape(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    """`"options": ["joker_points=20"]` (the --set form, typed into a file) was “options:
    esperava um objeto JSON com jokers_in_deck, joker_points, …”, 27 names in a row and not
    a word of what the file held: now what came, and the shape, `{"joker_points": 20}`."""
    files = {
        "score": {"sides": []},
        "judge": LEGAL,
        "coach": LEGAL,
        "replay": {"seed": 0, "moves": []},
    }
    data = {**files[command], "options": ["joker_points=20"]}
    code, out, err = run(capsys, command, write(tmp_path, json.dumps(data)))
    refused(
        code,
        err,
        'options: esperava um objeto JSON, veio ["joker_points=20"]: cada opção pelo nome,'
        ' como {"joker_points": 20} (os nomes: buraco rules)',
    )
    assert "jokers_in_deck" not in err and not out
    data = {**files[command], "options": "stbl"}
    code, _, err = run(capsys, command, write(tmp_path, json.dumps(data)), "--lang", "en")
    refused(code, err, "options: expected a JSON object, got “stbl”: each option by its name")


@pytest.mark.parametrize("command", ["score", "judge", "coach", "replay"])
@pytest.mark.parametrize(
    ("data", "came"),
    [("[1, 2]", "[1, 2]"), ("42", "42"), ('"rodada 1"', "“rodada 1”"), ("null", "null")],
)
def test_a_file_that_is_no_object_says_what_came(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, data: str, came: str
) -> None:
    """A file whose top level is a list, a number or a text was “esperava um objeto JSON com
    sides” and not a word of what it held: now what came too, as a file's options of the
    wrong kind say it (the code stays expected_object)."""
    code, out, err = run(capsys, command, write(tmp_path, data))
    refused(code, err, "esperava um objeto JSON com ", f", mas veio {came}\n")
    assert not out
    code, _, err = run(capsys, command, write(tmp_path, data), "--lang", "en")
    refused(code, err, "expected a JSON object with ", f", but got {came}\n")


def test_a_long_list_given_for_a_round_is_echoed_short(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """What came is echoed as far as a message echoes a value: a list of records given
    whole to `buraco replay` is its start and an ellipsis, not the file."""
    records = [{"seed": seed, "moves": [{"type": "draw"}] * 50} for seed in range(20)]
    code, _, err = run(capsys, "replay", write(tmp_path, json.dumps(records)))
    first = err.splitlines()[0]
    refused(code, first, ', mas veio [{"seed": 0, "moves": [{"type": "draw"}')
    came = first.split(", mas veio ", 1)[1]
    assert came.endswith("…") and len(came) <= 80, first


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_placars_csv_given_to_score_says_what_score_reads_and_how_to_get_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str
) -> None:
    """The Placar's “⬇ Baixar CSV” (as the page makes it: “;” and a byte-order mark in
    Portuguese, “,” in English) given to `buraco score` was “1:1: não é um JSON válido:
    esperava um valor: um número, um texto entre aspas duplas, …”, as if a brace were
    missing: now it is named a CSV, and the next line says what score reads (a round's cards)
    and where one is had (the help's example, the schema, Jogar's saved round for replay)."""
    from buraco_app import database
    from buraco_app.sheet_page import csv_texts
    from buraco_app.sheets import SheetStore, spreadsheet_csv

    store = SheetStore(database.open_engine(database.sqlite_url(tmp_path / "data")))
    match = store.create_match(["Nós", "Eles"], rules=ruleset("fechado"))
    store.add_round(match.id, [525, -5])
    store.add_round(match.id, [-100, 250])
    store.correct_round(match.id, 2, [-100, 260])  # (the “corrigida” column too)
    sheet = write(tmp_path, spreadsheet_csv(store.sheet(match.id), **csv_texts(lang)), "p.csv")
    store.engine.dispose()
    code, out, err = run(capsys, "score", sheet, "--lang", lang)
    first, second = err.splitlines()
    said = {
        "pt": (
            ": é uma planilha CSV, não um JSON (como a que o Placar baixa",
            "buraco score conta",
        ),
        "en": (": is a CSV spreadsheet, not JSON (as the Score sheet gives", "buraco score counts"),
    }[lang]
    refused(code, first, sheet + said[0])
    assert second.startswith(said[1]) and "buraco score --help" in second, second
    assert "buraco schema score" in second and "buraco replay" in second, second
    assert "válido" not in err and "valid" not in err and not out


@pytest.mark.parametrize(
    ("command", "reads"),
    [
        ("score", "buraco score conta uma rodada pelas cartas"),
        ("judge", "buraco judge lê uma jogada num JSON"),
        ("coach", "buraco coach lê uma jogada num JSON"),
        ("replay", "buraco replay lê o registro de uma rodada"),
    ],
)
@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("rodada;Nós;Eles\n1;525;-5\n", "é uma planilha CSV, não um JSON"),
        ("A: 520\n     140  cartas na mesa\n", "não é um JSON: é um texto que começa com “A: 520”"),
        ("✓ Jogada válida\n", "não é um JSON: é um texto que começa com “✓ Jogada válida”"),
    ],
)
def test_a_text_plainly_not_json_says_what_the_command_reads(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    command: str,
    reads: str,
    text: str,
    said: str,
) -> None:
    """A CSV, or a command's printed text saved and given back, was told of a value missing
    at line 1, column 1: now what it is, and what the command reads instead; a text meant as
    JSON still has its slip named where it is (the code stays not_json)."""
    code, _, err = run(capsys, command, write(tmp_path, text, "x.txt"))
    first, second = err.splitlines()
    refused(code, first, f"x.txt: {said}")
    assert second.startswith(reads), second
    for meant in ("[1, 2,]", "'sides'", '# a note\n{"sides": []}'):
        code, _, err = run(capsys, command, write(tmp_path, meant, "x.txt"))
        refused(code, err, "x.txt:1:", "não é um JSON válido")
        assert reads not in err


@pytest.mark.parametrize(
    ("command", "option", "value"),
    [
        ("selfplay", "--rounds", "1_0"),
        ("selfplay", "--rounds", "１０"),  # (full-width digits, as a Japanese keyboard types)
        ("selfplay", "--seed", "1_0"),
        ("selfplay", "--seed", "٣"),  # (an Arabic-Indic 3)
        ("selfplay", "--think", "1_000"),
        ("selfplay", "--players", "４"),
        ("judge", "--view", "０"),
        ("app", "--port", "8_601"),
    ],
)
def test_a_number_no_person_types_is_refused_as_a_word_is(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: str,
    option: str,
    value: str,
) -> None:
    """`--rounds 1_0` played 10 rounds and `--seed １０` dealt from seed 10: Python's int()
    reads underscores and any script's digits, which no one types for a number (1_0 is a
    typo). Now they are refused as “dez” is, naming what came (exit 2, nothing run)."""
    started: list[list[str]] = []
    monkeypatch.setattr(app_command.os, "execv", lambda _, argv: started.append(argv))
    rest = {
        "selfplay": ["--rounds", "1", "--levels", "random,random"],
        "judge": ["-"],  # (LEGAL, read from stdin)
        "app": [],
    }[command]
    for lang, said in (("pt", "esperava um número inteiro, veio"), ("en", "expected a whole")):
        monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(LEGAL)))
        try:
            code = main(["--lang", lang, command, *rest, option, value])
        except SystemExit as exit_:
            code = exit_.code  # type: ignore[assignment]
        out, err = capsys.readouterr()
        assert code == 2 and not out and not started, (out, err)
        first = err.splitlines()[0]
        assert first.startswith(f"buraco: {'erro' if lang == 'pt' else 'error'}: {option}: ")
        assert said in first and f"“{value}”" in first, first


def test_a_whole_number_with_a_sign_or_spaces_is_still_read(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """What a person may type for a number stays a number: a sign (`--seed -5`, `--rounds
    +1`) and spaces around it (a value quoted with them)."""
    argv = ["selfplay", "--rounds", " +1 ", "--seed", "-5", "--players", "2", "--json"]
    code, out, _ = run(capsys, *argv, "--levels", "random,random")
    figures = json.loads(out)
    assert code == 0 and (figures["rounds"], figures["seed"], figures["players"]) == (1, -5, 2)
