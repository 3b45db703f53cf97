"""One catalog per language [issue 9]: every key and every reason code in both languages with
the same placeholders, every key the code asks for exists, and the `buraco` command speaks
Portuguese (its default) in its help, its errors and its phase names."""

from __future__ import annotations

import contextlib
import re
import string
import tomllib
from pathlib import Path

import pytest

from buraco_cli.main import main
from buraco_core.cards import parse_cards
from buraco_core.codes import Code
from buraco_core.errors import InputCode
from buraco_core.rules import OPTION_GROUPS, OPTIONS
from buraco_core.verdict import Reason
from buraco_text import LANGS, catalog, message, read_catalog, translate

ROOT = Path(__file__).resolve().parents[1]
# Every package of the project (buraco_core, buraco_app, buraco_text...), the pages, app.py.
CODE = [ROOT / "app.py", *ROOT.glob("app_pages/*.py"), *ROOT.glob("buraco_*/**/*.py")]
PT, EN = catalog("pt"), catalog("en")


def _fields(text: str) -> set[str]:
    """The {name} placeholders ({name|one|other} too), and argparse's %(name)s / %s ones."""
    braces = {name.split("|")[0] for _, name, _, _ in string.Formatter().parse(text) if name}
    return braces | set(re.findall(r"%(?:\(\w+\))?[sr]", text))


def test_both_languages_have_the_same_keys() -> None:
    assert set(PT) - set(EN) == set(), "missing in English"
    assert set(EN) - set(PT) == set(), "missing in Portuguese"


def test_placeholders_match() -> None:
    for key in PT:
        assert _fields(PT[key]) == _fields(EN[key]), key


def test_no_empty_texts() -> None:
    for lang in LANGS:
        assert all(text.strip() for text in catalog(lang).values()), lang


def test_every_reason_code_the_core_emits_has_both_languages() -> None:
    # Every code the core can give is a member of codes.Code; every input error, of InputCode.
    missing = {code for code in Code if f"reason.{code}" not in PT}
    missing |= {code for code in InputCode if f"input_error.{code}" not in PT}
    assert missing == set()


def test_every_key_used_in_the_code_exists() -> None:
    literal = re.compile(r"""\b(?:t|translate)\(\s*f?["']([a-z0-9_]+\.[a-z0-9_.]+)["']""")
    used = {key for path in CODE for key in literal.findall(path.read_text(encoding="utf-8"))}
    assert len(used) > 100, "the scan found too few t(...) calls"
    assert used - set(PT) == set()


def test_every_key_built_at_run_time_has_a_known_prefix() -> None:
    # t(f"settings.group.{group}") and the like: some key must start with the fixed part.
    built = re.compile(r"""\b(?:t|translate)\(\s*f["']([a-z0-9_.]+)\{""")
    prefixes = {p for path in CODE for p in built.findall(path.read_text(encoding="utf-8"))}
    assert prefixes, "the scan found no keys built at run time"
    for prefix in prefixes:
        assert any(key.startswith(prefix) for key in PT), prefix


def test_every_option_has_its_texts() -> None:
    """Each rule option's texts are keyed by its name: a short name, a sentence, and a text
    for each value of an enumerated option [issue 9]."""
    for option in OPTIONS:
        for part in ("name", "description"):
            assert f"option.{option.name}.{part}" in PT, option.name
        for value in option.choices or ():
            if not isinstance(value, bool):
                assert f"option.{option.name}.value.{value}" in PT, (option.name, value)
        for source in option.sources:
            assert f"source.{source}" in PT
        assert f"preset.{next(iter(option.presets))}" in PT
    for group in OPTION_GROUPS:
        assert f"settings.group.{group}" in PT
    for kind in ("none", "limpa", "suja", "500", "real"):
        assert f"meld.canastra.{kind}" in PT


def test_translate_fills_params_and_falls_back_to_the_key() -> None:
    assert translate("meld.points", "en", points=25) == "Cards: **25** points"
    assert translate("meld.points", "pt", points=25) == "Cartas: **25** pontos"
    assert translate("no.such.key", "pt") == "no.such.key"


def test_words_agree_with_their_number() -> None:
    """ "1 carta", "falta 1": never "1 cartas" or "faltam 1" [issue 12, Texts]."""
    assert translate("table.hand_count", "pt", seat=2, count=1) == "Jogador 2: 1 carta"
    assert translate("table.hand_count", "en", seat=2, count=0) == "Player 2: 0 cards"
    six = message(Reason(Code.NOT_CANASTRA_YET, {"count": 6, "missing": 1}), "pt")
    assert six == "Ainda não é canastra: 6 cartas, falta 1 para chegar a 7."
    four = message(Reason(Code.NOT_CANASTRA_YET, {"count": 4, "missing": 3}), "pt")
    assert "faltam 3" in four
    # `buraco meld 4h`: "there is only 1", never "there are 1".
    one = Reason(Code.TOO_FEW_CARDS, {"count": 1, "needed": 3})
    two = Reason(Code.TOO_FEW_CARDS, {"count": 2, "needed": 3})
    assert message(one, "en") == "A new meld needs at least 3 cards; there is only 1."
    assert message(two, "en") == "A new meld needs at least 3 cards; there are 2."
    assert message(one, "pt") == "Um jogo novo precisa de pelo menos 3 cartas; aqui há só 1."


@pytest.mark.parametrize(
    ("lang", "alone", "said"),
    [
        ("pt", False, "Não há jogo número 1 na mesa da dupla (ela não tem nenhum)."),
        ("pt", True, "Não há jogo número 1 entre os seus jogos na mesa (você não tem nenhum)."),
        ("en", False, "There is no meld number 1 on the side's table (it has none)."),
        ("en", True, "There is no meld number 1 among your melds (you have none)."),
    ],
)
def test_no_meld_on_the_table_is_said_as_none_never_0(lang: str, alone: bool, said: str) -> None:
    """ "(há 0)", "(você tem 0)": a person at the table says nenhum. The catalog's zero form,
    `{count|none|one|other}`; one and more read as before."""
    params = {"meld": 0, "number": 1, "count": 0, "alone": alone}
    assert message(Reason(Code.NO_SUCH_MELD, params), lang) == said
    two = message(Reason(Code.NO_SUCH_MELD, {**params, "number": 3, "count": 2}), lang)
    assert two.endswith(("(você tem 2).", "(há 2).", "(you have 2).", "(there are 2)."))
    one = message(Reason(Code.NO_SUCH_MELD, {**params, "number": 2, "count": 1}), lang)
    assert one.endswith(("(você tem 1).", "(há 1).", "(you have 1).", "(there is 1)."))


def test_portuguese_quotes_and_words_are_brazilian() -> None:
    """Brazil quotes with “ ”, writes "vereditos"; seats are counted from 1 [issue 12]."""
    texts = " ".join(PT.values())
    for european in ("«", "»", "veredicto", "são precisas"):
        assert european not in texts
    turn = message(Reason(Code.NOT_YOUR_TURN, {"seat": 0, "turn": 1}), "pt")
    assert turn == "Não é a vez do jogador 1: quem joga agora é o jogador 2."


# --- the `buraco` command in Portuguese ------------------------------------------------------

# Words that only English output has: argparse's own and the command's old inline texts.
ENGLISH = re.compile(
    r"\b(usage|error|options|arguments?|required|invalid choice|show this help|the following"
    r"|expected|commands?|legal|illegal|valid meld|points|turn of|player|lessons|checked"
    r"|missing|unknown|yet to draw|has drawn|after the draw|round over)\b",
    re.IGNORECASE,
)


def _english_in(text: str) -> list[str]:
    # Command and option names, metavars and JSON field names are the same in every language.
    plain = re.sub(r"(--?[a-z_-]+|[A-Z|-]{2,}[.]*|\{[a-z,]+\}|'[a-z]+'|“[a-z]+”)", "", text)
    plain = re.sub(r"campos: [a-z_, ]+", "", plain)  # the JSON fields that are allowed
    return ENGLISH.findall(plain)


@pytest.mark.parametrize(
    "argv",
    [
        ["--help"],
        ["meld", "--help"],
        ["judge", "--help"],
        ["meld"],  # the following arguments are required
        ["schema", "card"],  # invalid choice
        ["meld", "4h", "--frobnicate"],  # unrecognized arguments
        ["rules", "--set"],  # expected one argument
        ["judge", "x.json", "--view", "two"],  # invalid int value
        ["bogus"],
    ],
)
def test_buraco_speaks_portuguese_in_help_and_argparse_errors(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with contextlib.suppress(SystemExit):
        main(argv)
    out, err = capsys.readouterr()
    text = out + err
    assert text.strip()
    assert ("uso:" in text) or ("buraco: erro:" in text)
    assert _english_in(text) == [], text


def test_buraco_speaks_portuguese_in_its_own_errors_and_phase_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad_json = tmp_path / "bad.json"
    bad_json.write_text("{oops", encoding="utf-8")
    cases = [
        ["score", str(tmp_path / "nao_existe.json")],
        ["score", str(bad_json)],
        ["meld", "--lang", "fr", "4h", "5h", "6h"],
    ]
    judge_file = tmp_path / "judge.json"
    judge_file.write_text('{"position": {"players": 2}, "extra": 1}', encoding="utf-8")
    cases.append(["judge", str(judge_file)])
    for argv in cases:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("buraco: erro:"), err
        # (Only an unknown --lang says it in English too, after the Portuguese: see
        # test_cli_robust's test_an_unknown_language_is_refused_in_both_languages.)
        portuguese = err.replace(" / unknown language; use pt or en", "")
        assert _english_in(portuguese) == [], err

    position = tmp_path / "move.json"
    position.write_text(
        '{"position": {"players": 2, "turn": 0, "phase": "draw", "hands": [11, 11]},'
        ' "move": {"type": "draw", "seat": 0}}',
        encoding="utf-8",
    )
    assert main(["judge", str(position)]) == 0
    out = capsys.readouterr().out
    assert "Jogada válida" in out and "vez do jogador 1, já comprou" in out
    assert _english_in(out) == [], out


def toml_flat(text: str) -> dict[str, str]:
    """Python's own TOML reader, its tables as dotted keys."""
    flat: dict[str, str] = {}

    def walk(table: dict[str, object], prefix: str) -> None:
        for key, value in table.items():
            if isinstance(value, dict):
                walk(value, f"{prefix}{key}.")
            else:
                flat[prefix + key] = str(value)

    walk(tomllib.loads(text), "")
    return flat


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalogs_read_as_any_toml_reader_reads_them(lang: str) -> None:
    """The catalogs are read line by line (the command starts faster): the same keys, in the
    same order, with the same texts as Python's own TOML reader gives."""
    text = (ROOT / "buraco_text" / "locales" / f"{lang}.toml").read_text(encoding="utf-8")
    assert list(read_catalog(text).items()) == list(toml_flat(text).items())


@pytest.mark.parametrize("lang", LANGS)
def test_the_catalogs_are_plain_lines_the_quick_reader_takes(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every line of a shipped catalog is one the quick reader takes: a line it cannot (a
    comment after a text, say) sends the whole file to tomllib, about 10 ms more at every
    start of `buraco` in that language."""
    import buraco_text

    def slow(text: str) -> dict[str, str]:
        raise AssertionError("this catalog went to tomllib")

    monkeypatch.setattr(buraco_text, "_read_any_toml", slow)
    text = (ROOT / "buraco_text" / "locales" / f"{lang}.toml").read_text(encoding="utf-8")
    assert read_catalog(text)


@pytest.mark.parametrize(
    "text",
    [
        '[a]\nx = "one"  # a comment after the text\n',
        "[a]\nx = 'a literal string'\n",
        '[a]\nx = """two\nlines"""\n',
        '[a]\nx = "an escape \\u00e7 and \\U0001F0A1"\n',
        '[a]\nx = "a tab\\there, a quote \\" and a backslash \\\\"\n',
        '[ a ]\n"b.c" = "spaces in the header"\n[a.d]\ne = "a dotted table"\n',
        'top = "before any table"\n[a]\nx = "y"\n',
    ],
)
def test_toml_beyond_the_catalogs_plain_lines_reads_as_tomllib_reads_it(text: str) -> None:
    assert read_catalog(text) == toml_flat(text)


@pytest.mark.parametrize(
    "text",
    [
        '[a]\nx = "1"\nx = "2"\n',  # a key twice
        '[a]\nx = "1"\n[a]\ny = "2"\n',  # a table twice
        '[a]\nx = "a\x01b"\n',  # a control character
        '[a]\nx = "a\x7fb"\n',
        '[a]\nx = "a \\/ b"\n',  # an escape JSON reads and TOML does not
    ],
)
def test_a_broken_catalog_is_refused_as_tomllib_refuses_it(text: str) -> None:
    with pytest.raises(tomllib.TOMLDecodeError):
        read_catalog(text)


def test_english_keeps_the_batida_and_never_calls_going_out_a_beat() -> None:
    """English keeps the game's own words (lixo, morto, batida): "a direct beat" reads as a
    win in English, not as emptying the hand [audit 14]. Search words may keep "beat" (a
    learner may type it); shown text may not."""
    found = english_lines(r"(?<![_\w])beat(s|en)?\b")
    assert not [f for f in found if not f.split(": ", 1)[1].startswith(("words = ", '"synonyms.'))]


def english_lines(pattern: str) -> list[str]:
    """The lines of the English texts a learner reads (the catalog, the rules reference, the
    lessons and the exercises) that match `pattern`, ignoring case, as "file: line"."""
    files = [ROOT / "buraco_text/locales/en.toml", ROOT / "buraco_course/reference.toml"]
    files += [*ROOT.glob("lessons/*.toml"), *ROOT.glob("scenarios/*/*.toml")]
    return [
        f"{path.name}: {line.strip()[:80]}"
        for path in files
        for line in path.read_text(encoding="utf-8").splitlines()
        if re.search(pattern, line, re.IGNORECASE)
    ]


def test_a_meld_laid_or_added_to_reads_as_the_table_writes_it() -> None:
    """The board's record of a meld: "Baixou o jogo Q♠ K♠ JK", spaced as the move line
    ("Baixar Q♠ K♠ JK") and the table write a meld; cards that are not one meld stay a list
    with commas ("These cards are not in the hand: 5♠, 7♥")."""
    meld = parse_cards("Qs Ks JK")
    laid = Reason(Code.LAID_MELD, {"cards": meld})
    assert message(laid, "pt") == "Baixou o jogo Q♠ K♠ JK."
    assert message(laid, "en") == "Laid the meld Q♠ K♠ JK."
    added = Reason(Code.EXTENDED_MELD, {"cards": meld[:2], "number": 2})
    assert message(added, "en") == "Added Q♠ K♠ to meld 2."
    missing = Reason(Code.CARD_NOT_IN_HAND, {"cards": parse_cards("5s 7h")})
    assert message(missing, "en") == "These cards are not in the hand: 5♠, 7♥."


def test_one_card_not_in_the_hand_is_said_in_the_singular() -> None:
    """Laying 4♣ 4♥ 4♠ without the 4♠ read “Estas cartas não estão na mão: 4♠.” (a newcomer
    at `buraco judge`): a list's words agree with how many cards it holds, as a number's do
    (`{cards|one|other}`)."""
    one = Reason(Code.CARD_NOT_IN_HAND, {"cards": parse_cards("4s")})
    assert message(one, "pt") == "Esta carta não está na mão: 4♠."
    assert message(one, "en") == "This card is not in the hand: 4♠."
    two = Reason(Code.CARD_NOT_IN_HAND, {"cards": parse_cards("5s 7h")})
    assert message(two, "pt") == "Estas cartas não estão na mão: 5♠, 7♥."


def test_portuguese_adds_cards_to_a_meld_with_one_verb() -> None:
    """Cards go onto a meld with “acrescentar”, as the practice's button, the move lines and
    the judge say it (“Acrescentou 7♥ ao jogo 1”): the coach's advice, the hint and the
    computer's reasons said “juntar”, the course's word for melds merging, which the rules
    forbid (“Jogos não se juntam”) [audit: Portuguese]. Search words may keep it."""
    searched = re.compile(r"\.synonyms\.|_phrases\.|\.words$")  # (searched, never shown)
    shown = {key: text for key, text in PT.items() if not searched.search(key)}
    assert [k for k, v in shown.items() if re.search(r"\b[Jj]unt(ar|ou|a)\b", v)] == []
    assert translate("cli.coach.move.extend", "pt", cards="7♥", meld=1) == (
        "acrescentar 7♥ ao jogo 1"
    )


def test_english_says_the_lixo_in_fechado_never_a_closed_lixo() -> None:
    """“Lixo fechado” is the lixo of Buraco Fechado, where only the top card shows: English
    keeps the variant's name, as the lessons do (“the lixo in Fechado”); “a closed lixo” is
    a word the course never teaches, read on “Quem tem razão?”'s list [audit: English]."""
    found = english_lines(r"\bclosed lixo")
    assert not found, found


@pytest.mark.parametrize("page", ["lookup", "lessons", "practice", "calc", "sheet"])
def test_a_pages_title_names_it_as_the_menu_does(page: str) -> None:
    """The menu said “Score calculator” and its page's title “Round calculator”, where the
    Portuguese says “Calculadora” and “Calculadora da rodada”: a page's title holds its
    name in the menu, in both languages, so the learner knows where they landed."""
    for texts in (PT, EN):
        assert texts[f"page.{page}"].lower() in texts[f"{page}.title"].lower(), page


def test_a_turns_phase_is_one_phrase_on_the_seats_and_in_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Jogar's seats said “after the draw” where `buraco judge` said “has drawn” (Portuguese
    “já comprou” in both): one phrase in each language, the command's as the seats'."""
    for texts in (PT, EN):
        for phase in ("draw", "play"):
            assert texts[f"cli.phase.{phase}"] == texts[f"table.phase_{phase}"], phase
    position = tmp_path / "move.json"
    position.write_text(
        '{"position": {"players": 2, "turn": 0, "phase": "draw", "hands": [11, 11]},'
        ' "move": {"type": "draw", "seat": 0}}',
        encoding="utf-8",
    )
    assert main(["judge", str(position), "--lang", "en"]) == 0
    assert "turn of player 1, after the draw" in capsys.readouterr().out


def test_the_score_sheet_is_the_placar_in_every_message() -> None:
    """The score sheet's page is “Placar” (the menu, “Ver o placar”, “Lançar no placar”),
    but when the app's storage failed the same sheet was “a súmula” (“A súmula e o progresso
    das lições estão indisponíveis…”), a word of a referee's match report that no card table
    uses; and Jogar's saved matches were “os jogos guardados”, where a jogo is a meld. The
    messages say “o placar” and “as partidas guardadas” now."""
    assert [key for key, text in PT.items() if "súmula" in text.lower()] == []
    assert "as partidas guardadas" in PT["sheet.err.unreachable"]
    assert "the saved matches" in EN["sheet.err.unreachable"]


def test_the_house_button_is_named_in_quotes_where_a_text_sends_you_to_it() -> None:
    """Variants said “mude-o em Casa se a sua mesa joga diferente” and “Combine antes e mude
    em Casa”: unquoted, a Brazilian reads “change it at home”, where the text means the
    rules bar's button “Casa” (English “change it in House”). Every text that sends the
    reader to that button names it in quotes, as the home page and the lessons do
    (“em “Casa””, “under “House””)."""
    for lang, unquoted in (("pt", re.compile(r"\bem Casa\b")), ("en", re.compile(r"\bin House\b"))):
        assert [key for key, text in catalog(lang).items() if unquoted.search(text)] == [], lang
    assert "mude-o em “Casa” se a sua mesa joga diferente" in PT["variants_decide.same_value"]
