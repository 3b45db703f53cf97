"""Every text a person reads, one catalog per language, behind one `translate`.

The catalogs are `locales/pt.toml` (Brazilian Portuguese, the default) and `locales/en.toml`:
flat dotted keys ("reason.two_wilds", "option.pickup.value.free", "page.home"), `{name}`
placeholders, and `{name|one|other}` for a word that agrees with a number, or with how many
items a list holds ("1 carta", "2 cartas"; "falta 1", "faltam 2"; "esta carta"), or
`{name|none|one|other}` where none is said in words, `#` in a form standing for the number
("você não tem nenhum", "você tem 2": `{count|você não tem nenhum|você tem #|você tem #}`).
The `buraco` command and the app both read them from here, so they say the same thing.
Buraco's own words (canastra, lixo, morto, batida, trinca) stay in both languages.

>>> translate("reason.lixo_empty", "en")
'The lixo is empty.'
>>> translate("lessons.step", "pt", n=1, total=5)
'Exercício 1 de 5'
>>> [translate("table.lixo", "pt", count=n) for n in (0, 1, 2)]
['Lixo (vazio)', 'Lixo (1 carta)', 'Lixo (2 cartas)']
"""

from __future__ import annotations

import errno
import json
import pkgutil
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import Any, Literal

from buraco_core.cards import RANK_TEXT, Card, Suit, parse_card
from buraco_core.codes import PROJECT
from buraco_core.errors import BuracoInputError, InputCode, typed
from buraco_core.rules import OPTION_NAMES, PresetName, RuleSet
from buraco_core.verdict import Reason, headline_order

Lang = Literal["pt", "en"]
LANGS: tuple[Lang, ...] = ("pt", "en")
DEFAULT_LANG: Lang = "pt"

_SUIT_KEYS = {
    Suit.CLUBS: "suit.clubs",
    Suit.DIAMONDS: "suit.diamonds",
    Suit.HEARTS: "suit.hearts",
    Suit.SPADES: "suit.spades",
}


@cache  # read once per process: every rerun of every page asks for texts
def catalog(lang: Lang) -> Mapping[str, str]:
    """Every key of one language and its text (read-only)."""
    # pkgutil, not importlib.resources: the same package data without its ~10 ms of imports
    # (zipfile, tempfile, shutil), which `buraco meld` would pay at every start.
    raw = pkgutil.get_data(__name__, f"locales/{lang}.toml")
    assert raw is not None  # the package's own file: None only for loaders that cannot read
    return MappingProxyType(read_catalog(raw.decode("utf-8")))


def read_catalog(text: str) -> dict[str, str]:
    """A catalog's TOML as flat keys. The catalogs are written in a small part of TOML:
    `[section]` lines, `key = "text"` lines whose only escapes are a backslash before a
    quote, a backslash, n or t (which JSON writes alike), and comments. That part is read
    here, line by line; anything else goes to `tomllib`, which reads all of TOML but takes
    about ten times as long, and `buraco meld` reads a catalog at every start."""
    flat: dict[str, str] = {}
    sections: set[str] = set()
    prefix = ""
    for line in text.split("\n"):
        line = line.strip(" \t\r")
        if not line or line.startswith("#"):
            continue
        found = _SECTION.fullmatch(line)
        if found and found[1] not in sections and found[1] not in flat:
            sections.add(found[1])
            prefix = found[1] + "."
            continue
        found = _TEXT.fullmatch(line)
        key = prefix + (found[1] or found[2]) if found else ""
        if found is None or key in flat:  # (a key twice: tomllib names the error)
            return _read_any_toml(text)
        value = found[3]
        flat[key] = json.loads(value) if "\\" in value else value[1:-1]
    return flat


_SECTION = re.compile(r"\[([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)\]")
# A text: no control character, and only the escapes TOML and JSON read alike.
_PLAIN = r'[^"\\\x00-\x1f\x7f]'
_TEXT = re.compile(rf'(?:([A-Za-z0-9_-]+)|"({_PLAIN}+)") = ("{_PLAIN}*(?:\\["\\nt]{_PLAIN}*)*")')


def _read_any_toml(text: str) -> dict[str, str]:
    import tomllib

    flat: dict[str, str] = {}
    _flatten(tomllib.loads(text), "", flat)
    return flat


def _flatten(table: Mapping[str, Any], prefix: str, into: dict[str, str]) -> None:
    for key, value in table.items():
        if isinstance(value, Mapping):
            _flatten(value, f"{prefix}{key}.", into)
        else:
            into[prefix + key] = str(value)


class _Params(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"  # a missing param shows as itself rather than breaking a page


# {count|carta|cartas}, {count|vazio|# carta|# cartas}: one and other, or none, one and other.
_PLURAL = re.compile(r"\{(\w+)((?:\|[^{}|]*){2,3})\}")


def translate(key: str, lang: Lang = DEFAULT_LANG, **params: Any) -> str:
    """The text of `key` in `lang`, its placeholders filled; an unknown key shows as itself."""
    text = catalog(lang).get(key)
    if text is None:
        return key
    if not params:
        return text

    def agree(found: re.Match[str]) -> str:
        number = params.get(found[1])
        if isinstance(number, list | tuple):  # (cards: “esta carta”, “estas cartas”)
            number = len(number)
        if not isinstance(number, int):
            return found[0]
        forms = found[2][1:].split("|")
        if len(forms) == 3 and number == 0:
            form = forms[0]
        else:
            form = forms[-2] if abs(number) == 1 else forms[-1]
        return form.replace("#", format_value(number, lang))

    text = _PLURAL.sub(agree, text)
    return text.format_map(_Params({k: format_value(v, lang) for k, v in params.items()}))


def format_value(value: Any, lang: Lang = DEFAULT_LANG) -> str:
    """A value inside a sentence: cards with suit symbols, suits by name, yes/no, lists, a
    reason as its sentence going on after a colon ("não é um jogo válido: um jogo…"), whole
    numbers with their thousands marked (`grouped`)."""
    if isinstance(value, Reason):
        return mid_sentence(message(value, lang))
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, Suit):
        return suit_name(value, lang)
    if isinstance(value, bool):
        return translate(f"value.{str(value).lower()}", lang)
    if isinstance(value, list | tuple):
        return ", ".join(format_value(v, lang) for v in value)
    if isinstance(value, int):
        return grouped(value, lang)
    return str(value)


def grouped(number: int, lang: Lang = DEFAULT_LANG, *, in_column: bool = False) -> str:
    """A whole number of five digits or more with its thousands marked as the language marks
    them: 100.000 in Portuguese, 100,000 in English (four digits stay as they are: 3000).
    `in_column`: one of a column that holds bigger numbers, where four digits are marked too
    (1.200 under 45.000), as a table lines them up.

    >>> grouped(100000, "pt"), grouped(-12345, "en"), grouped(3000, "pt")
    ('100.000', '-12,345', '3000')
    >>> grouped(1200, "pt", in_column=True), grouped(1200, "en", in_column=True)
    ('1.200', '1,200')
    """
    if abs(number) < (1_000 if in_column else 10_000):
        return str(number)
    return f"{number:,}".replace(",", "." if lang == "pt" else ",")


def signed(number: int, lang: Lang = DEFAULT_LANG) -> str:
    """Points won or lost, with their sign (nothing is 0), grouped as `grouped` groups them.

    >>> signed(150), signed(-20), signed(0), signed(12000, "en"), signed(-12000, "pt")
    ('+150', '-20', '0', '+12,000', '-12.000')
    """
    return ("+" if number > 0 else "") + grouped(number, lang)


# Reason params that are seats: 0-based like the JSON position, read by a person from 1.
_SEAT_PARAMS = ("seat", "turn")
# The cases of a reason that says a file's own index (`index`, counted from 0) beside the
# number a person reads (`buraco judge`, `coach`, `replay`: "move.meld: 3 no arquivo").
_FILE_INDEX_CASES = ("file", "marked")
# Reasons whose `cards` lie together in one meld: written as the table writes a meld, with
# spaces ("Q♠ K♠ JK"); other lists of cards are separate cards, written with commas.
_MELD_CARDS_REASONS = ("laid_meld", "extended_meld")


def message(reason: Reason, lang: Lang = DEFAULT_LANG) -> str:
    """The reason as a sentence in the language; an unknown code falls back to the code."""
    key = f"reason.{reason.code}"
    if key not in catalog(lang):
        return reason.code
    params = dict(reason.params)
    for name in _SEAT_PARAMS:
        if isinstance(params.get(name), int):
            params[name] += 1
    if params.get("case") in _FILE_INDEX_CASES:  # the file's value as written, never 1.000
        params["index"] = str(params["index"])
    if reason.code in _MELD_CARDS_REASONS and isinstance(params.get("cards"), list | tuple):
        params["cards"] = " ".join(format_value(card, lang) for card in params["cards"])
    return worded(key, lang, **params)


def worded(key: str, lang: Lang = DEFAULT_LANG, **params: Any) -> str:
    """`translate`, where the params may pick a more specific wording of the key, if the
    catalog has one: a `case` value ("KEY.CASE"), and at a table of two (`alone`), the
    wording for one player ("KEY.CASE_alone", or "KEY.alone")."""
    case, alone = params.get("case"), params.pop("alone", False)
    wordings = [f"{case}_alone" if case else "alone"] if alone else []
    wordings += [case] if case else []
    for wording in wordings:
        if f"{key}.{wording}" in catalog(lang):
            params.pop("case", None)
            key = f"{key}.{wording}"
            break
    return translate(key, lang, **params)


def bullet(reason: Reason, lang: Lang = DEFAULT_LANG) -> str:
    """The reason as a bullet of its own: a sentence, capitalised. (Some reasons continue
    the one before them, "não pode bater:" + "falta pegar o morto", and so start small.)"""
    text = message(reason, lang)
    return text[:1].upper() + text[1:]


# A one-letter word that starts a sentence: an article ("A new meld", "O jogo"), not a card.
_ONE_LETTER_WORDS = frozenset({"A", "O", "E", "É", "À"})


def mid_sentence(text: str) -> str:
    """A sentence going on after a colon: "…não vale: há 30 cópias…", "Melhor: descartar o
    3♦" (a card or a name at its start keeps its capital: "JK", "A♦").

    >>> mid_sentence("A new meld needs at least 3 cards.")
    'a new meld needs at least 3 cards.'
    >>> mid_sentence("A♦ e 2♣"), mid_sentence("JK no lixo")
    ('A♦ e 2♣', 'JK no lixo')
    """
    word = text.split(" ", 1)[0]
    small = text[1:2].islower() or (word in _ONE_LETTER_WORDS and " " in text)
    return text[:1].lower() + text[1:] if small else text


def better_text(move: str, then: object | None, lang: Lang = DEFAULT_LANG) -> str:
    """A coach note's better move, `move` in words: "Melhor: descartar o 3♦."; where going
    out takes two steps, with the discard `then` after it.

    >>> better_text("acrescentar 2♦ ao jogo 2", Card(9, Suit.CLUBS))
    'Melhor: acrescentar 2♦ ao jogo 2 e depois descartar o 9♣ para bater.'
    """
    if then is not None:
        move = translate("cli.coach.then_discard", lang, move=move, card=then)
    return translate("cli.coach.better", lang, move=move)


def played_out_text(params: Mapping[str, Any], lang: Lang = DEFAULT_LANG) -> str:
    """A coach note's figure where it rests on the strong level's look-ahead (a lixo left, or
    a wild from its top put into a new meld: its rounds played out after the pickup and
    after the draw), said after the better move; "" for a note without one.

    >>> played_out_text({"gain": 35, "deals": 40}, "en")[-63:]
    'taking the lixo scored 35 points more than drawing, on average.'
    >>> played_out_text({"draw_gain": 55, "deals": 40}, "en")[-63:]
    'drawing scored 55 points more than taking the lixo, on average.'
    """
    if "gain" in params:
        return translate("cli.coach.played_out", lang, gain=params["gain"], deals=params["deals"])
    if "draw_gain" in params:  # (a wild from the lixo's top: the draw played out better)
        gain, deals = params["draw_gain"], params["deals"]
        return translate("cli.coach.played_out_draw", lang, gain=gain, deals=deals)
    if "deals" in params:  # (its rounds played out came out even: no better move, no gain)
        return translate("cli.coach.played_out_even", lang, deals=params["deals"])
    return ""


def trade_off_text(code: str, params: Mapping[str, Any], lang: Lang = DEFAULT_LANG) -> str:
    """A small lixo left, where the coach names no better move and gives no playouts: the
    trade-off of taking it, said after the note; "" for any other note. (A bigger pile is
    said with the strong level's figure instead: “com poucas cartas, comprar do monte
    também serve” ended the note on a 6-card lixo too.)"""
    if code != "lixo_left" or "deals" in params:
        return ""
    return translate("cli.coach.lixo_trade_off", lang)


def first_reason(reasons: Sequence[Reason], lang: Lang = DEFAULT_LANG) -> str:
    """The first reason as a headline says it. A lead-in that ends in a colon ("... a dupla
    ainda não pode bater:") is followed by the reasons that continue it, which start small
    ("falta pegar o morto da dupla."): they are joined to it, so a headline never stops at
    the colon with the why hidden."""
    if not reasons:
        return ""
    reasons = headline_order(reasons)  # (a pickup's two wilds, not "the top card makes no meld")
    text = message(reasons[0], lang)
    if not text.endswith(":"):
        return text
    rest = [message(r, lang) for r in reasons[1:]]
    following = []
    for line in rest:
        if not line[:1].islower():
            break
        following.append(line.rstrip("."))
    return f"{text} {'; '.join(following)}." if following else text.rstrip(":") + "."


def continues(reasons: Sequence[Reason], lang: Lang = DEFAULT_LANG) -> list[bool]:
    """For each reason, whether it continues a lead-in before it (as `first_reason` joins
    them): a list draws it under the lead-in ("… ainda não pode bater:" / "falta pegar o
    morto"), not as a bullet of its own after one that stops at the colon."""
    flags: list[bool] = []
    lead = False
    for reason in reasons:
        text = message(reason, lang)
        under = lead and text[:1].islower()
        flags.append(under)
        if not under:
            lead = text.endswith(":")
    return flags


def at_table(
    reasons: Sequence[Reason], rules: RuleSet | None, lang: Lang = DEFAULT_LANG
) -> tuple[Reason, ...]:
    """The reasons as this table reads them: where an option the table changed from its
    preset decides (it is among the reason's sources) and the catalog words the reason for a
    table ("nesta mesa", `reason.CODE.table`), that wording rather than "nesta variante"."""
    if rules is None:
        return tuple(reasons)
    changed = {f"option:{name}" for name in rules.changed_options()}
    return tuple(
        Reason(r.code, {**r.params, "case": "table"})
        if "case" not in r.params
        and changed.intersection(r.sources)
        and f"reason.{r.code}.table" in catalog(lang)
        else r
        for r in reasons
    )


def check_lang(lang: str) -> Lang:
    """Accept pt, pt-BR, en, en-US...; anything else is bad input."""
    short = lang.lower().split("-")[0].split("_")[0]
    if short == "pt":
        return "pt"
    if short == "en":
        return "en"
    raise BuracoInputError(InputCode.UNKNOWN_LANGUAGE, f"lang {lang!r}")


def error_problem(error: BuracoInputError, lang: Lang = DEFAULT_LANG) -> str:
    """What was wrong, in the language, without the path. Cards print as they are typed
    (`Kh`): the message points at what the person wrote."""
    values = {
        # (What the person typed is cut short; the rest, our own words (an explanation, the
        # choices, an example) and a file's path, which is to be typed again, is told whole,
        # up to a path's limit, a path being what the longest of them may quote.)
        k: _shortened(
            str(v) if isinstance(v, Card) else v, ECHO_LIMIT if k in ECHOED else PATH_LIMIT
        )
        for k, v in error.values.items()
    }
    for k in ECHOED.intersection(values):  # (several typed values: each cut short)
        if isinstance(values[k], list | tuple):
            values[k] = type(values[k])(_shortened(v) for v in values[k])
    meant = _choices_meant(error, lang)
    if meant is not None:
        values["allowed"] = meant_list(meant, lang)
    elif error.code is InputCode.NOT_ONE_OF and isinstance(values.get("allowed"), list | tuple):
        values["allowed"] = choice_list(values["allowed"], lang)
    if isinstance(values.get("candidates"), list | tuple):  # the names it may stand for
        values["candidates"] = _options_meant(values["candidates"], lang)
    if error.code is InputCode.UNKNOWN_OPTION_CLOSE:
        values["close"] = _options_meant([values["close"]], lang)
    if error.code is InputCode.CANNOT_READ and "errno" in values:  # (the course's loader)
        values["detail"] = os_problem(values["errno"], lang)
    # A `case` value picks a more specific wording of the code, if the catalog has one.
    key = f"input_error.{error.code}"
    if f"{key}.{error.values.get('case')}" in catalog(lang):
        key = f"{key}.{error.values['case']}"
    return translate(key, lang, **values)


# The system's errors a person meets reading a file, in words (the command's own files and
# the course's lessons alike); any other is said by its code, “erro do sistema EIO”.
_OS_PROBLEMS = {
    errno.ENOENT: "cli.err.no_file",  # (also a link to nothing)
    errno.EISDIR: "cli.err.folder",
    errno.EACCES: "cli.err.no_permission",
    errno.EPERM: "cli.err.no_permission",
    errno.ENAMETOOLONG: "cli.err.path_too_long",  # (a name of 300 letters)
    errno.ELOOP: "cli.err.link_loop",  # (a link to itself)
    errno.ENOTDIR: "cli.err.path_through_file",  # (a link to `notes.txt/01.toml`)
}


def os_problem(code: int | None, lang: Lang = DEFAULT_LANG, name: str = "") -> str:
    """Why a path could not be read or used, given the system's error number (an OSError's
    errno), in words: “arquivo não encontrado”, “é uma pasta, não um arquivo”; another
    number by its code (“erro do sistema EIO”), or by `name` where there is none."""
    if code in _OS_PROBLEMS:
        return translate(_OS_PROBLEMS[code], lang)
    said = errno.errorcode.get(code or 0, name or "OSError")
    return translate("cli.err.unreadable", lang, code=said)


def _choices_meant(error: BuracoInputError, lang: Lang) -> list[tuple[str, str]] | None:
    """A rule option's choices, for a value not among them, each with what it means as
    `buraco rules` says it (“”, where that is the code itself); None for other errors."""
    option = error.values.get("option")
    if error.code is not InputCode.NOT_ONE_OF or option not in OPTION_NAMES:
        return None
    meant = []
    for code in map(str, error.values.get("allowed", ())):
        meaning = value_text(option, code, lang)
        meant.append((code, "" if reads_as_code(code, meaning) else meaning))
    return meant


def _options_meant(names: Iterable[Any], lang: Lang) -> str:
    """Options a mistyped name may stand for, each with its name in words: “pickup” (pegar
    o lixo) ou “trincas”."""
    return meant_list(
        [(str(n), option_name(n, lang) if n in OPTION_NAMES else str(n)) for n in names], lang
    )


def reads_as_code(code: str, meaning: str) -> bool:
    """Whether a choice's meaning reads as its code (en “free”, “any”, “clean canastra” for
    clean_canastra): then the code is said alone, not “free (free)”."""
    return meaning.lower() == code.lower().replace("_", " ")


def error_lines(error: BuracoInputError, lang: Lang = DEFAULT_LANG) -> list[str] | None:
    """The error with a rule option's choices one a line under it, each with its meaning
    (“--set pickup: valor “xyz” inválido; valores possíveis:”, “  • free: livre”, …), for a
    message too long as one line; None for an error without such choices."""
    meant = _choices_meant(error, lang)
    if meant is None:
        return None
    listed = BuracoInputError(error.code, error.path, **{**error.values, "case": "listed"})
    # (A bullet each: where a narrow terminal wraps the first line, its rest is no choice.)
    lines = [f"  • {code}: {meaning}" if meaning else f"  • {code}" for code, meaning in meant]
    return [error_message(listed, lang), *lines]


def choice_list(values: Iterable[Any], lang: Lang = DEFAULT_LANG) -> str:
    """Values to choose from as a person reads them: "2 ou 4", "“lay” ou “discard”"."""
    return or_list([typed(v) for v in values], lang)


def meant_list(meant: Sequence[tuple[str, str]], lang: Lang = DEFAULT_LANG) -> str:
    """Choices in a sentence, each with its meaning in brackets: “all” (todas) ou “top” (só a
    de cima); a meaning that reads as its code is not said again (en “all” or “top” (top
    only)). Where a meaning has brackets of its own, every meaning follows a colon instead
    (“free”: livre, “top_card”: justificada (carta de cima) ou …), never brackets in brackets;
    there a code said alone is kept apart by semicolons, lest the next meaning seem to be its
    (en “free”; “top_card”: justified (top card); or …)."""
    meant = [(code, "" if reads_as_code(code, meaning) else meaning) for code, meaning in meant]
    if any("(" in meaning for _, meaning in meant):
        said = [f"{typed(code)}: {meaning}" if meaning else typed(code) for code, meaning in meant]
        return or_list(said, lang, apart=not all(meaning for _, meaning in meant))
    said = [f"{typed(code)} ({meaning})" if meaning else typed(code) for code, meaning in meant]
    return or_list(said, lang)


def or_list(items: Sequence[str], lang: Lang = DEFAULT_LANG, apart: bool = False) -> str:
    """Alternatives in a sentence: "a, b ou c" ("a, b or c"); `apart`, by semicolons: "a; b;
    ou c", for items holding commas or colons of their own."""
    return _listed(items, "value.or", lang, apart)


def and_list(items: Sequence[str], lang: Lang = DEFAULT_LANG) -> str:
    """Items together in a sentence: "a, b e c" ("a, b and c")."""
    return _listed(items, "value.and", lang)


def _listed(items: Sequence[str], word: str, lang: Lang, apart: bool = False) -> str:
    if len(items) < 2:
        return "".join(items)
    sep, last = ("; ", ";") if apart else (", ", "")
    return f"{sep.join(items[:-1])}{last} {translate(word, lang)} {items[-1]}"


def unread_text(words: Sequence[str], answered: bool, lang: Lang = DEFAULT_LANG) -> str:
    """A search's words that no rule holds, said (Consulta, `buraco rules --search`): “As
    regras não falam de “pretos”.”, and, where other words were answered, that the answers
    are to the rest of the question."""
    quoted = or_list([f"“{word}”" for word in words], lang)
    return translate("lookup.unread_rest" if answered else "lookup.unread", lang, words=quoted)


# Characters of a bad value (and of a path, which may quote a token) echoed back in a
# message: enough to recognise it, never megabytes of it.
ECHO_LIMIT = 80
PATH_LIMIT = 400
# The values of an input error that echo what was typed (a token, a value, what came, a
# field's name; `unknown` and `names` are lists of typed words: --levels' unknown ones, the
# sides' names); the others are the project's words, never cut mid-sentence.
ECHOED = frozenset(
    {"token", "value", "got", "start", "word", "field", "first", "second", "rank", "view"}
    | {"unknown", "names"}
)


def _shortened(value: Any, limit: int = ECHO_LIMIT) -> Any:
    """A bad value as echoed in a message: long text cut short with an ellipsis."""
    if isinstance(value, str) and len(value) > limit:
        return value[: limit - 1] + "…"
    return value


def error_message(error: BuracoInputError, lang: Lang = DEFAULT_LANG) -> str:
    """The error as one line in the language: `sides[0].melds[1]: ...`."""
    problem = error_problem(error, lang)
    return f"{_shortened(error.path, PATH_LIMIT)}: {problem}" if error.path else problem


# --- the vocabulary of the game, in words --------------------------------------------------


def suit_name(suit: Suit, lang: Lang = DEFAULT_LANG) -> str:
    return translate(_SUIT_KEYS[suit], lang)


def card_name(card: Card, lang: Lang = DEFAULT_LANG) -> str:
    """Spoken name for screen readers and tooltips: "10 de copas", "joker"."""
    if card.suit is None:
        return translate("card.joker", lang)
    return translate("card.name", lang, rank=RANK_TEXT[card.rank], suit=card.suit)


def preset_title(preset: PresetName, lang: Lang = DEFAULT_LANG) -> str:
    return translate(f"preset.{preset}", lang)


def item_text(code: str, lang: Lang = DEFAULT_LANG) -> str:
    """A score item (buraco_core.scoring) in words; an unknown code shows as itself."""
    key = f"item.{code}"
    return translate(key, lang) if key in catalog(lang) else code


def item_line(
    code: str,
    params: Mapping[str, Any],
    lang: Lang = DEFAULT_LANG,
    *,
    hands: int | None = None,
    symbols: bool = True,
    side: int | None = None,
) -> str:
    """A score item in words with what it counts, so a table can check it line by line
    against its own count, as [003]'s example counts (cartas na mesa: 50 + 55 + 35): each
    meld's card points, which meld a canastra is, a hand's cards and whose hand (melds and
    players counted from 1). `params` are the item's, as the core gives them or as JSON
    keeps them (cards as text); `hands` is how many hand lines the side had, where known:
    with one (two players, a side is one player) a hand is not said to be a partner's.
    `side` (from 0), where the round was played at seats (a position): a hand is its
    seat's, “jogador 3”, as the seats are named around it."""
    text = item_text(code, lang)
    each = params.get("meld_points") or ()
    if code == "table_cards" and len(each) > 1:
        points = " + ".join(str(p) for p in each)
        return f"{text} ({translate('item_detail.melds', lang, count=len(each), points=points)})"
    if isinstance(params.get("meld"), int):
        return f"{text} ({translate('item_detail.meld', lang, n=params['meld'] + 1)})"
    if isinstance(params.get("hand"), int):
        cards = _item_cards(params.get("cards") or (), symbols)
        if side is not None:  # (the sides sit alternately: a side's 2nd hand, two seats on)
            seat = translate("item_detail.seat", lang, n=side + 2 * params["hand"] + 1)
            return f"{text} ({seat}: {cards})" if cards else f"{text} ({seat})"
        if hands is not None and hands < 2:
            return f"{text} ({cards})" if cards else text
        player = translate("item_detail.player", lang, n=params["hand"] + 1)
        return f"{text} ({player}: {cards})" if cards else f"{text} ({player})"
    return text


def _item_cards(cards: Iterable[Any], symbols: bool) -> str:
    """A score item's cards: Card values, or JSON's text ("7c"; kept as written if a
    stored round holds one this version does not read)."""
    said = []
    for card in cards:
        if not isinstance(card, Card):
            try:
                card = parse_card(str(card))
            except BuracoInputError:
                said.append(str(card))
                continue
        said.append(card.symbol if symbols else str(card))
    return " ".join(said)


def option_name(name: str, lang: Lang = DEFAULT_LANG) -> str:
    """A rule option in a few words ("curinga", "bater com")."""
    return translate(f"option.{name}.name", lang)


@cache
def option_words() -> Mapping[str, tuple[str, ...]]:
    """Each rule option's names as people may type them, for a name `--set` does not know:
    its name in each language and the words players use for it at the table (catalog
    `option.NAME.words`: “compra”, “lavadeira”)."""
    said: dict[str, tuple[str, ...]] = {}
    for name in OPTION_NAMES:
        texts = [option_name(name, lang) for lang in LANGS]
        for lang in LANGS:
            texts += catalog(lang).get(f"option.{name}.words", "").split(";")
        said[name] = tuple(w.strip() for w in texts if w.strip())
    return MappingProxyType(said)


def option_description(name: str, lang: Lang = DEFAULT_LANG) -> str:
    """A rule option in one sentence."""
    return translate(f"option.{name}.description", lang)


def value_text(name: str, value: Any, lang: Lang = DEFAULT_LANG) -> str:
    """The value of option `name` in plain words: sim/não, "só a de cima", 50."""
    key = f"option.{name}.value.{value}"
    if isinstance(value, str) and key in catalog(lang):
        return translate(key, lang)
    return format_value(value, lang)


def idle_note(rules: RuleSet, name: str, lang: Lang = DEFAULT_LANG) -> str | None:
    """“(sem efeito: sem trincas)”, where these rules leave changed option `name` without
    effect (RuleSet.idled_by says which option does); None otherwise."""
    if name not in rules.idle_options():
        return None
    return without_effect(rules, name, lang)


def without_effect(rules: RuleSet, name: str, lang: Lang = DEFAULT_LANG) -> str | None:
    """`idle_note` for option `name` whether changed or not: a point the table never meets
    (trinca suits at an Aberto table, where no trinca is laid); None where it has effect."""
    by = rules.idled_by(name)
    return None if by is None else translate(f"settings.idle.{by}", lang)


def sources_text(sources: Iterable[str], lang: Lang = DEFAULT_LANG, codes: bool = False) -> str:
    """ "textos 000, 003; opção “trincas”" from ("000", "003", "option:trincas") ("texto 000"
    for one); with `codes`, its name as `--set` takes it too: "opção “pegar o lixo”, --set
    pickup"."""
    sources = tuple(sources)
    seeds = [s for s in sources if not s.startswith("option:") and s != PROJECT]
    options = [s.removeprefix("option:") for s in sources if s.startswith("option:")]
    parts = [translate("source.project", lang)] if PROJECT in sources else []
    if seeds:
        parts.append(translate("source.seeds", lang, count=len(seeds), ids=", ".join(seeds)))
    for name in options:
        if name not in OPTION_NAMES:
            parts.append(translate("source.option", lang, name=name))
            continue
        key = "source.option_code" if codes else "source.option"
        parts.append(translate(key, lang, name=option_name(name, lang), code=name))
    return "; ".join(parts)
