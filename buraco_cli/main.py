"""The `buraco` command: quick rule lookups from a terminal, JSON for scripts.

Exit codes: 0 yes (valid / legal / done), 1 no (invalid / illegal / a check failed),
2 bad input (the message on stderr names what was wrong and where).
"""

from __future__ import annotations

import argparse
import codecs
import errno
import json
import math
import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager, nullcontext, suppress
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from buraco_core.as_json import meld_json, reason_json, rules_label, score_json
from buraco_core.cards import Card, parse_cards
from buraco_core.errors import BuracoInputError, InputCode, typed
from buraco_core.melds import MeldVerdict, judge_meld
from buraco_core.rules import (
    OPTION_NAMES,
    OPTIONS,
    PRESET_NAMES,
    RuleSet,
    option_choices,
    parse_option_assignment,
    preset_name,
    ruleset,
    unknown_option,
)
from buraco_core.verdict import Reason
from buraco_text import (
    DEFAULT_LANG,
    LANGS,
    Lang,
    at_table,
    better_text,
    bullet,
    check_lang,
    choice_list,
    continues,
    error_lines,
    error_message,
    error_problem,
    grouped,
    idle_note,
    item_line,
    message,
    option_description,
    option_name,
    option_words,
    or_list,
    os_problem,
    played_out_text,
    preset_title,
    reads_as_code,
    sources_text,
    trade_off_text,
    translate,
    unread_text,
    value_text,
    worded,
)

if TYPE_CHECKING:  # (the moves, the state and scoring load where a command needs them)
    from buraco_core.moves import Move
    from buraco_core.players import RoundRecord
    from buraco_core.players.coach import Note
    from buraco_core.scoring import SideScore
    from buraco_core.state import State
    from buraco_course.reference import RulePoint

Handler = Callable[[argparse.Namespace], int]


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    _tolerate_narrow_output()
    lang = lang_of(argv)
    with _reader_may_leave(lang):
        try:
            return _run(argv, lang)
        except KeyboardInterrupt:  # Ctrl-C, say in a long selfplay: a line, not a traceback
            return interrupted(lang)
        except BuracoInputError as exc:  # the output failing outside a command (--help)
            _say(exc, lang)
            return 2


def interrupted(lang: Lang) -> int:
    """Say that Ctrl-C stopped the command; its exit code."""
    clear = "\r\033[K" if sys.stderr.isatty() else ""  # (over a progress line)
    print(clear + translate("cli.interrupted", lang), file=sys.stderr)
    return 130  # as a shell reports a command stopped by SIGINT


def _run(argv: list[str], lang: Lang) -> int:
    given = _lang_given(argv)
    if given is not None and _lang_or_none(given) is None:
        # Said first, in both languages: argparse's own errors (a card missing) would come
        # in a language the person did not ask for, and never name the one they did.
        _say(BuracoInputError(InputCode.UNKNOWN_LANGUAGE, _lang_where(given)), lang)
        return 2
    env = _env_lang()
    asks_help = any(word in ("-h", "--help", "--version") for word in argv)
    if given is None and env is not None and _lang_or_none(env) is None and not asks_help:
        # Refused as a bad --lang is (a notice and Portuguese would answer a script that
        # asked for another language in a language it may not read, with exit 0). Help and
        # the version answer in Portuguese: a person finds out there what BURACO_LANG takes.
        _say(BuracoInputError(InputCode.UNKNOWN_LANGUAGE, _lang_where(env, f"{ENV_LANG}=")), lang)
        return 2
    parser = _parser(lang)
    args, left = parser.parse_known_args(argv)
    handler: Handler = args.handler
    if left and handler is _meld and not any(word.startswith("-") for word in left):
        # `buraco meld 4h --lang en 5h 6h`: argparse takes the cards before an option and
        # leaves those after it; they are cards of the same meld, as the README's "--lang
        # before or after" lets a person type them.
        args.cards += left
    elif left:
        for word in left:
            _refuse_rules_elsewhere(args, word.split("=", 1)[0], lang)
        parser.error(translate("cli.argparse.unrecognized", lang) % " ".join(left))
    if args.json and handler is _app:  # the one command that prints no JSON
        args.command_parser.error(translate("cli.argparse.unrecognized", lang) % "--json")
    _rules_before_the_command(args, lang)
    with _fitted_to_the_terminal(not args.json and handler is not _schema):
        return _handled(handler, args, lang)


def _rules_before_the_command(args: argparse.Namespace, lang: Lang) -> None:
    """--rules and --set typed before the command mean what they mean after it: the one
    after wins, as when typed twice after it, and a --set of one option to two values is
    refused, as it is there. A command that takes neither (judge reads its file's rules)
    refuses them as it does after its name."""
    command = getattr(args, "command_parser", None)
    if command is None:  # (no command: the help, as for a --json alone)
        return
    for flag, given in (("--rules", args.rules_before is not None), ("--set", args.options_before)):
        if given:
            _refuse_rules_elsewhere(args, flag, lang)
            if flag not in command._option_string_actions:
                command.error(translate("cli.argparse.unrecognized", lang) % flag)
    if args.rules_before is not None and args.rules is None:
        args.rules = args.rules_before
    if args.options_before:
        args.options = [*args.options_before, *args.options]


def _refuse_rules_elsewhere(args: argparse.Namespace, flag: str, lang: Lang) -> None:
    """--rules or --set given to a command that takes its rules another way, said so:
    `buraco rules --rules stbl` names them without the option, judge, coach and replay read
    them from the file (“argumentos não reconhecidos: --rules x.json” named the file as
    unknown, the rule set taken for it)."""
    command = getattr(args, "command_parser", None)
    if (
        command is None
        or flag not in ("--rules", "--set")
        or flag in command._option_string_actions
    ):
        return
    name = command.prog.split()[-1]
    if name == "rules":
        command.error(translate("cli.err.rules_by_name", lang, option=flag))
    if getattr(args, "schema", None):  # (a command that reads a file)
        command.error(translate("cli.err.rules_in_file", lang, option=flag, command=name))


def _handled(handler: Handler, args: argparse.Namespace, lang: Lang) -> int:
    """The command's exit code; its bad input said on stderr (exit 2)."""
    try:
        code = handler(args)
    except BuracoInputError as exc:
        _say(exc, lang)
        if _about_the_command_line(args, exc):  # after the error, as git does: line 1 stays it
            print(args.command_parser.format_usage(), end="", file=sys.stderr)
        schema = getattr(args, "schema", None)
        if isinstance(exc, _AnAnswer):
            printed = "schema" if exc.printed == "schema" else f"{exc.printed} --json"
            _print_line(translate("cli.an_answer", lang, command=printed))
            if schema:  # (whatever went wrong first: the whole file is of another kind)
                _print_line(translate("cli.see_schema", lang, schema=schema))
            schema = None
        in_file = not exc.path.startswith("--")  # (not an option's value: `--view 4`)
        # Where the file's shape is told; not for another command's file, which is named.
        other = str(exc.values.get("case", "")).startswith("for_")
        toml = exc.code is InputCode.NOT_JSON and exc.values.get("case") == "toml"
        if schema and (exc.code in _FILE_SHAPE or toml) and in_file and not other:
            _print_line(translate("cli.see_schema", lang, schema=schema))
        plainly = exc.code is InputCode.NOT_JSON and exc.values.get("case") in ("csv", "text")
        if schema and plainly:  # (a CSV, a text: what the command reads, and where it is had)
            command = args.command_parser.prog.split()[-1]
            _print_line(translate(f"cli.reads.{schema}", lang, command=command))
        code = 2
    except RecursionError:  # a backstop: read_json refuses deep JSON before anything recurses
        problem = translate("input_error.too_deep", lang, limit=MAX_JSON_DEPTH)
        _print_error(problem, lang)
        code = 2
    sys.stdout.flush()
    return code


# An error line longer than this, listing a rule option's choices, lists them a line each.
LISTED_PAST = 80


def _say(exc: BuracoInputError, lang: Lang) -> None:
    """The error's line on stderr (an unknown language also in the other language); a rule
    option's choices, with their meanings, a line each where one line would be too long."""
    problem = error_message(exc, lang)
    if exc.code is InputCode.UNKNOWN_LANGUAGE:  # who asked for another may not read this one
        others = [error_problem(exc, other) for other in LANGS if other != lang]
        problem = " / ".join([problem, *others])
    listed = error_lines(exc, lang)
    if listed is None or len(translate("cli.error", lang, problem=problem)) <= LISTED_PAST:
        _print_error(problem, lang)
    else:
        head, *choices = listed
        _print_error(head, lang)
        for choice in choices:
            _print_line(choice, hang=4)  # (wrapped under its words, past the bullet)
    undecoded = [ch for ch in problem if _undecoded(ch)]
    if undecoded:  # (`b\xe1sico`: said why it is written so)
        byte = _visible(undecoded[0])
        _print_error(translate("cli.not_utf8_typed", lang, byte=byte), lang, "cli.notice")


def _print_error(problem: str, lang: Lang, key: str = "cli.error") -> None:
    """One line on stderr, "buraco: erro: WHERE: what", every error's form (`key`
    "cli.notice" for a notice). What a person typed is echoed with its invisible
    characters written out: a zero-width space pasted after 4h shows why “4h” is no card,
    and a terminal escape in a file's name is never sent to the terminal."""
    _print_line(translate(key, lang, problem=_visible(problem)), hang=2)


def _print_line(line: str, hang: int = 0) -> None:
    """A line on stderr, wrapped at spaces where stderr is a terminal too narrow for it."""
    width = terminal_width(sys.stderr)
    print(line if width is None else fill_line(line, width, hang=hang), file=sys.stderr)


# How a character that shows as nothing, or moves the cursor, is written out (Python's
# "not printable": control and format characters, separators other than the space).
_ESCAPES = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _visible(text: str) -> str:
    def shown(ch: str) -> str:
        if ch.isprintable():
            return ch
        if _undecoded(ch):  # the byte itself: `b\xe1sico` typed in a Latin-1 terminal
            return f"\\x{ord(ch) - 0xDC00:02x}"
        return _ESCAPES.get(ch) or (f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")

    return text if text.isprintable() else "".join(map(shown, text))


def _undecoded(ch: str) -> bool:
    """A byte of the command line (or a file's name) that is no UTF-8, as Python keeps it:
    a lone surrogate U+DC80 to U+DCFF ("surrogateescape")."""
    return "\udc80" <= ch <= "\udcff"


def terminal_width(stream: Any = None) -> int | None:
    """The width of the terminal that stdout (or `stream`) shows in, COLUMNS if it is set;
    None when the text goes elsewhere (a file, a pipe, a script), which then gets each line
    whole, as it always did."""
    stream = sys.stdout if stream is None else stream
    if not stream.isatty():
        return None
    with suppress(KeyError, ValueError):
        return int(os.environ["COLUMNS"])
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (OSError, ValueError):  # (a terminal that does not say its size)
        return None


# How a line of text output starts: its indent, then a mark (a bullet, a move's ✓ and
# number, an option's * or its lesson's number, a score line's points) that its wrapped
# lines stay to the right of.
_LEAD = re.compile(r"\s*(?:[•◦!→■*✓✗-]\s+(?:\d+\.\s+)?|\d+\.\s+|-?\d+\s\s+|(?=\S))")
NARROWEST = 20  # columns below which no line is wrapped: the terminal's own wrap reads better


def fill_line(line: str, width: int, hang: int | None = None) -> str:
    """A line wrapped at spaces to `width` columns, each further line indented under its
    text (“  • Sequência … / (texto 000)”), or `hang` columns in; never cut inside a word
    or a card."""
    if len(line) <= width or width < NARROWEST:
        return line
    import textwrap  # (only for a line too long for its terminal)

    lead = _LEAD.match(line)
    hang = hang if hang is not None else lead.end() if lead else 0
    indent = " " * (hang if width - hang >= NARROWEST else 0)
    wrapper = textwrap.TextWrapper(
        width,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )
    # (An option and its name stay on one line, to be read and copied as one: --set pickup.)
    kept = line.replace("--set ", "--set\xa0")
    return "\n".join(wrapper.wrap(kept)).replace("--set\xa0", "--set ") or line


class _Fitted:
    """Text output to a terminal, each line wrapped to its width at spaces: a terminal 40
    (or 80) columns wide cut a reason or a rule's description mid-word, its rest at the
    left edge, under the next bullet's place."""

    def __init__(self, stream: Any, width: int) -> None:
        self._stream = stream
        self._width = width
        self._open = ""  # a line written without its end yet

    def write(self, text: str) -> int:
        *whole, self._open = (self._open + text).split("\n")
        for line in whole:
            self._stream.write(fill_line(line, self._width) + "\n")
        return len(text)

    def flush(self) -> None:
        if self._open:
            self._stream.write(self._open)
            self._open = ""
        self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def _fitted_to_the_terminal(text: bool) -> Iterator[None]:
    """While a command prints text (not JSON) to a terminal, its lines fit the terminal."""
    width = terminal_width() if text else None
    if width is None:
        yield
        return
    shown = sys.stdout
    sys.stdout = _Fitted(shown, width)
    try:
        yield
    finally:
        sys.stdout.flush()
        sys.stdout = shown


class _Leavable:
    """An output stream whose reader may stop reading (`| head`): what is written after
    that goes nowhere, so the command runs on and ends with its own exit code (1 for an
    illegal record, 2 for bad input), not with a traceback or a 0. An output that cannot
    be written (`> /dev/full`, a full disk) ends the command as bad input, said on stderr,
    when it is stdout (`lang`: the message's language); stderr's own failure goes nowhere,
    with nowhere left to say it."""

    def __init__(self, stream: Any, lang: Lang | None = None) -> None:
        self._stream = stream
        self._lang = lang

    def write(self, text: str) -> int:
        try:
            return int(self._stream.write(text))
        except BrokenPipeError:
            self._to_nowhere()
        except OSError as exc:
            self._failed(exc)
        return len(text)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._to_nowhere()
        except OSError as exc:
            self._failed(exc)

    def _failed(self, exc: OSError) -> None:
        self._to_nowhere()  # (what the buffer holds is not tried again on exit)
        if self._lang is not None:
            detail = _write_problem(exc, self._lang)
            raise BuracoInputError(InputCode.CANNOT_WRITE, "stdout", detail=detail) from None

    def _to_nowhere(self) -> None:
        # The stream's own descriptor now writes to the null device, so what its buffer
        # still holds (flushed again on exit) is dropped quietly too.
        nowhere = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(nowhere, self._stream.fileno())
        finally:
            os.close(nowhere)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextmanager
def _reader_may_leave(lang: Lang) -> Iterator[None]:
    saved = sys.stdout, sys.stderr
    # A stream closed before the start (`buraco rules >&-`) is None to Python: what would
    # go there goes nowhere, as after a reader leaves.
    with ExitStack() as closed:
        stdout, stderr = (
            s if s is not None else closed.enter_context(open(os.devnull, "w")) for s in saved
        )
        sys.stdout, sys.stderr = _Leavable(stdout, lang), _Leavable(stderr)
        try:
            yield
        finally:
            sys.stdout, sys.stderr = saved


# The input codes of a file whose fields are missing, unknown or of the wrong kind (not a
# file that cannot be read or is not JSON): `buraco schema` describes what it should hold.
_FILE_SHAPE = frozenset(
    {
        InputCode.UNKNOWN_FIELD,
        InputCode.MISSING,
        InputCode.REQUIRED_FOR_MOVE,
        InputCode.NOT_FOR_MOVE,
        InputCode.EXPECTED_OBJECT,
        InputCode.EXPECTED_LIST,
        InputCode.EXPECTED_BOOL,
        InputCode.EXPECTED_TEXT,
        InputCode.EXPECTED_NUMBER,
        InputCode.NOT_ONE_OF,
        InputCode.INVALID,
        InputCode.NO_SIDES,  # a round's `sides` missing (score given `{}`), not a list, or empty
        InputCode.TOO_MANY_SIDES,  # more sides than a round has (the schema's maxItems)
        InputCode.PER_SIDE,  # a field of one entry per side (melds, vulnerable) of another length
    }
)


def _about_the_command_line(args: argparse.Namespace, error: BuracoInputError) -> bool:
    """Whether the error is in what was typed (a card, --levels, --view), where the usage
    helps, rather than in a file's content, where it would only add noise."""
    if not hasattr(args, "command_parser") or error.code is InputCode.CANNOT_READ:
        return False
    if error.code is InputCode.CANNOT_WRITE and not error.path.startswith("--"):
        return False  # a record that could not be written (a full disk), not what was typed
    return not hasattr(args, "file") or error.path.startswith("--")


# What a narrow output shows instead of a symbol it cannot encode: suits in card notation,
# typographic marks as their plain forms.
_NARROW = {
    **{"♣": "c", "♦": "d", "♥": "h", "♠": "s"},
    **{"✓": "OK", "✗": "X", "•": "-", "■": "*", "◦": "o", "→": "->", "×": "x", "…": "..."},
    **{"“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-", "·": "-"},
}


def _narrow(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start : error.end]
    return "".join(_NARROW.get(ch) or _unaccented(ch) for ch in bad), error.end


def _unaccented(ch: str) -> str:
    """A letter without its accent (á as a, ç as c): an ASCII terminal reads "Jogada valida",
    not "Jogada v?lida" in every other word of Portuguese; "?" for what has no plain form."""
    import unicodedata  # (only for an output that cannot show the text as it is)

    return unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode() or "?"


def _tolerate_narrow_output() -> None:
    """An output that is not UTF-8 (a cp1252 console, PYTHONIOENCODING=ascii) gets what it can
    show, suits as card letters (4♥ as 4h) and "?" for the rest, rather than a traceback."""
    codecs.register_error("buraco_narrow", _narrow)
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and not _encodes(stream, "♥"):
            reconfigure(errors="buraco_narrow")


def _encodes(stream: Any, text: str) -> bool:
    try:
        text.encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def symbols_ok() -> bool:
    """Whether stdout can show the suit symbols (♥); if not, cards print as `4h`."""
    return _encodes(sys.stdout, "♥♦♣♠")


# The language of every command when no --lang is given (`export BURACO_LANG=en`).
ENV_LANG = "BURACO_LANG"


def lang_of(argv: Sequence[str]) -> Lang:
    """The --lang of the command line, else BURACO_LANG's, else pt; read before parsing so
    that help and argparse's own errors speak it too (a bad one is reported before anything
    else)."""
    given = _lang_given(argv)
    chosen = _lang_or_none(given) if given is not None else None
    return chosen or _lang_or_none(_env_lang() or DEFAULT_LANG) or DEFAULT_LANG


def _env_lang() -> str | None:
    """BURACO_LANG as set; left empty (`BURACO_LANG= buraco ...`), as if it were not set."""
    return os.environ.get(ENV_LANG) or None


def _lang_given(argv: Sequence[str]) -> str | None:
    """The value of --lang as typed, before the command or after it: the last one given
    counts, as it does for argparse."""
    found = None
    for i, word in enumerate(argv):
        if word == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif word.startswith("--lang="):
            found = word.partition("=")[2]
    return found


def _lang_or_none(value: str) -> Lang | None:
    try:
        return check_lang(value)
    except BuracoInputError:
        return None


# argparse's own words (its gettext msgids) -> catalog keys. A msgid not listed stays English.
_ARGPARSE_KEYS = {
    "usage: ": "cli.argparse.usage",
    "options": "cli.argparse.options",
    "positional arguments": "cli.argparse.positional",
    "show this help message and exit": "cli.argparse.help",
    "argument %(argument_name)s: %(message)s": "cli.argparse.argument",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli.argparse.invalid_choice",
    "the following arguments are required: %s": "cli.argparse.required",
    "unrecognized arguments: %s": "cli.argparse.unrecognized",
    "expected one argument": "cli.argparse.expected_one",
    "expected at least one argument": "cli.argparse.expected_at_least_one",
    "expected at most one argument": "cli.argparse.expected_at_most_one",
    "ambiguous option: %(option)s could match %(matches)s": "cli.argparse.ambiguous",
    "invalid %(type)s value: %(value)r": "cli.argparse.invalid_value",
    "ignored explicit argument %r": "cli.argparse.ignored",
}


_GETTEXT = "_"  # the name of argparse's gettext function in its module


def _whole(typed: str) -> int:
    """A whole number option's value as a person types it, digits 0-9 after a sign, if any
    (`--seed -5`, `--rounds +3`): not the rest of what Python's int() takes, `1_0` (read as
    10) or other scripts' digits (full-width `１０`), refused as any word is, by argparse's
    “esperava um número inteiro, veio …” (exit 2)."""
    if not re.fullmatch(r"\s*[-+]?[0-9]+\s*", typed):
        raise ValueError(typed)
    return int(typed)


class _HelpFormatter(argparse.HelpFormatter):
    """Help wrapped to the terminal's width, but an example written in lines keeps them:
    each command on a line of its own, whole, to copy and paste (wrapped, a command was cut
    in two, and two commands and a sentence ran together on one line)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" not in text:
            return super()._fill_text(text, width, indent)
        return "\n".join(indent + line for line in text.splitlines())


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser that speaks the command's language, argparse's own words included.

    argparse looks its words up through its module's gettext function `_`; while this parser
    builds, parses or formats, that function answers from our catalogs.
    """

    def __init__(self, *args: Any, lang: Lang = DEFAULT_LANG, **kwargs: Any) -> None:
        self.lang = lang
        kwargs.setdefault("formatter_class", _HelpFormatter)
        with self._speaking():
            super().__init__(*args, **kwargs)

    @contextmanager
    def _speaking(self) -> Iterator[None]:
        lang = self.lang

        def words(msgid: str) -> str:
            key = _ARGPARSE_KEYS.get(msgid)
            return translate(key, lang) if key else msgid

        english = getattr(argparse, _GETTEXT)
        setattr(argparse, _GETTEXT, words)
        try:
            yield
        finally:
            setattr(argparse, _GETTEXT, english)

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        with self._speaking():
            return super().parse_args(args, namespace)

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        self._given = tuple(sys.argv[1:] if args is None else args)
        with self._speaking():
            return super().parse_known_args(args, namespace)

    _given: tuple[str, ...] = ()  # the arguments being parsed

    def add_subparsers(self, **kwargs: Any) -> Any:
        with self._speaking():  # (argparse's gettext would look for its files on disk)
            return super().add_subparsers(**kwargs)

    def format_usage(self) -> str:
        with self._speaking(), self._formatting():
            return super().format_usage()

    def format_help(self) -> str:
        with self._speaking(), self._formatting():
            return super().format_help()

    _shown = False  # formatting usage or help: the text fits the terminal's width

    @contextmanager
    def _formatting(self) -> Iterator[None]:
        self._shown = True
        try:
            yield
        finally:
            self._shown = False

    def _get_formatter(self) -> argparse.HelpFormatter:
        if self._shown:
            return super()._get_formatter()
        # add_argument makes a formatter only to check a metavar, and never reads its width;
        # finding the terminal's width would import shutil, 3 ms of every start.
        return argparse.HelpFormatter(prog=self.prog, width=80)

    def error(self, message: str) -> NoReturn:
        with self._speaking():
            # argparse reports a missing FILE before an unknown option (`judge --wat`): the
            # option is the mistake to name.
            words = getattr(argparse, _GETTEXT)
            required = words("the following arguments are required: %s")
            unknown = self._unknown_options()
            if unknown and message.startswith(required.split("%s")[0]):
                message = words("unrecognized arguments: %s") % " ".join(unknown)
            what = self._argument("what")
            if what is not None and what.choices and message == required % what.metavar:
                # `buraco schema` alone: argparse named the choices in braces,
                # “{position,move,…}”; said as for a schema not among them, “escolha …”.
                choices = choice_list(what.choices, self.lang)
                message = translate("cli.err.schema_missing", self.lang, choices=choices)
            # The error first, then the usage, as for the command's own errors (and git):
            # argparse prints them the other way round. The usage is the command's when one
            # was named (`buraco rules --rules x`: what `rules` takes, not every command).
            shown = self._command_named() or self
            typed = shown._unknown_options(self._given) if isinstance(shown, _Parser) else []
            close = _close_option(typed, shown)
            if close is not None:  # `--rouds 3`: the option likely meant, as for a command
                message = translate("cli.err.option_close", self.lang, message=message, **close)
            # The line of every error the command says itself ("buraco: erro: --rounds: …"),
            # not argparse's "buraco selfplay: erro: argumento --rounds: …": the usage
            # below names the command.
            _print_error(message, self.lang)
            shown.print_usage(sys.stderr)
            self.exit(2)

    def _argument(self, dest: str) -> argparse.Action | None:
        """This parser's argument `dest`, if it has one."""
        return next((action for action in self._actions if action.dest == dest), None)

    def _command_named(self) -> argparse.ArgumentParser | None:
        """The parser of the command among the arguments, if this one has commands."""
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                commands: dict[str, argparse.ArgumentParser] = action.choices
                return next((commands[a] for a in self._given if a in commands), None)
        return None

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """A value not among the choices, said in the language: "use 2 ou 4", and for a
        command or a schema the thing named ("não há o comando “nope”")."""
        if action.choices is None or value in action.choices:
            return
        choices = choice_list(action.choices, self.lang)
        if isinstance(action, argparse._SubParsersAction):
            key = "cli.err.no_command"
        elif action.dest == "what":
            key = "cli.err.no_schema"
        else:
            problem = translate("cli.err.choice", self.lang, value=typed(value), choices=choices)
            raise argparse.ArgumentError(action, problem)
        problem = translate(key, self.lang, value=value, choices=choices)
        asked = _OPTION_WORDS.get(str(value).lower()) if key == "cli.err.no_command" else None
        if asked == "--help":  # `buraco ajuda`, `buraco help meld`: where the help is
            after = self._given[self._given.index(value) + 1 :]
            named = next((word for word in after if word in action.choices), None)
            where = f"buraco {named} --help" if named else "buraco --help"
            problem = translate("cli.err.no_command_help", self.lang, value=value, help=where)
        elif asked == "--version":
            problem = translate("cli.err.no_command_version", self.lang, value=value)
        elif key == "cli.err.no_command":
            import difflib  # (only for a mistyped command: kept out of every start)

            meant = _COMMAND_WORDS.get(str(value).lower())
            commands = list(action.choices)
            close = [meant] if meant else difflib.get_close_matches(str(value), commands, n=1)
            if close:  # `buraco mel`, `buraco regras`: one likely command first, then them all
                problem = translate(
                    "cli.err.no_command_close",
                    self.lang,
                    value=value,
                    close=close[0],
                    choices=choices,
                )
        raise argparse.ArgumentError(None, problem)

    def _unknown_options(self, given: Sequence[str] | None = None) -> list[str]:
        return [
            arg
            for arg in (self._given if given is None else given)
            if arg.startswith("-")
            and arg != "-"
            and arg.split("=", 1)[0] not in self._option_string_actions
            and not self._negative_number_matcher.match(arg)
        ]


# Words typed as a command that ask for what an option gives: `buraco ajuda` was asked
# “seria “judge”?”, the command closest in letters.
_OPTION_WORDS = {
    **dict.fromkeys(("help", "ajuda", "socorro", "?"), "--help"),
    **dict.fromkeys(("version", "versão", "versao"), "--version"),
}


# Portuguese words typed as a command (`buraco regras`) or an option (`--regras`): the one
# they name is suggested, as for a typo. The names stay English: scripts and the README use
# them (and an alias would be one more name to keep).
_COMMAND_WORDS = {
    **dict.fromkeys(("regras", "regra", "variantes", "opções", "opcoes"), "rules"),
    **dict.fromkeys(("jogo", "jogos", "baixar", "baixada", "canastra"), "meld"),
    **dict.fromkeys(("pontos", "contar", "contagem", "placar", "pontuação", "pontuacao"), "score"),
    **dict.fromkeys(("julgar", "jogada", "juiz"), "judge"),
    **dict.fromkeys(("cenários", "cenarios", "lições", "licoes", "lição", "licao"), "scenarios"),
    **dict.fromkeys(("exercícios", "exercicios"), "scenarios"),
    **dict.fromkeys(("treinador", "técnico", "tecnico", "dica", "dicas"), "coach"),
    **dict.fromkeys(("rever", "repetir", "reprise", "registro"), "replay"),
    **dict.fromkeys(("esquema", "formato"), "schema"),
    **dict.fromkeys(("simular", "simulação", "simulacao", "autojogo"), "selfplay"),
    **dict.fromkeys(("aplicativo", "site", "página", "pagina"), "app"),
}
_OPTION_PT = {
    **dict.fromkeys(("--regras", "--regra", "--variante"), "--rules"),
    **dict.fromkeys(("--idioma", "--língua", "--lingua"), "--lang"),
    **dict.fromkeys(("--opção", "--opcao", "--mudar"), "--set"),
    **dict.fromkeys(("--rodadas", "--partidas"), "--rounds"),
    **dict.fromkeys(("--jogadores",), "--players"),
    **dict.fromkeys(("--níveis", "--niveis", "--nível", "--nivel"), "--levels"),
    **dict.fromkeys(("--semente",), "--seed"),
    **dict.fromkeys(("--salvar", "--gravar", "--pasta"), "--save"),
    **dict.fromkeys(("--pensar", "--tempo"), "--think"),
    **dict.fromkeys(("--ver", "--visão", "--visao", "--lugar"), "--view"),
    **dict.fromkeys(("--porta",), "--port"),
    **dict.fromkeys(("--buscar", "--procurar"), "--search"),
    **dict.fromkeys(("--conferir", "--verificar"), "--check"),
    **dict.fromkeys(("--ajuda",), "--help"),
    **dict.fromkeys(("--versão", "--versao"), "--version"),
}


def _close_option(unknown: list[str], parser: argparse.ArgumentParser) -> dict[str, str] | None:
    """The first mistyped option that is plainly one the command has (`--rouds` for
    `--rounds`, `--veiw` for `--view`, `--Rules`, `--regras` for `--rules`), with that
    option."""
    import difflib  # (only for a mistyped option: kept out of every start)

    names = [name for name in parser._option_string_actions if name.startswith("--")]
    for arg in unknown:
        typed = arg.split("=", 1)[0]
        meant = _OPTION_PT.get(typed.lower())  # (an option this command has, if it is one)
        close = [meant] if meant in names else []
        # Stricter than difflib's 0.6, which the shared "--" alone nearly reaches.
        close = close or difflib.get_close_matches(typed.lower(), names, n=1, cutoff=0.75)
        if close:
            return {"option": typed, "close": close[0]}
    return None


def _parser(lang: Lang = DEFAULT_LANG) -> argparse.ArgumentParser:
    def text(key: str) -> str:
        return translate(f"cli.{key}", lang)

    parser = _Parser(
        prog="buraco", description=text("description"), epilog=text("epilog"), lang=lang
    )
    # Before the command (`buraco --lang en meld 4h 5h 6h`) or after it, as each command has.
    parser.add_argument(  # (its default: BURACO_LANG's language, else pt)
        "--lang", default=lang, metavar=text("metavar.lang"), help=text("arg.lang_top")
    )

    def show_help(args: argparse.Namespace) -> int:
        _lang(args)  # `buraco --lang fr` is a mistake to name, not a help to show
        parser.print_help()
        return 0

    # --json too (`buraco --json meld ...`), for every command that prints JSON.
    parser.add_argument("--json", action="store_true", help=text("arg.json_top"))
    # And the rules (`buraco --set pickup=free meld 4h 5h 6h`), for the commands that take
    # them: kept apart here, and given to the command as if typed right after its name.
    parser.add_argument(
        "--rules", dest="rules_before", metavar=text("metavar.name"), help=text("arg.rules_top")
    )
    parser.add_argument(
        "--set",
        dest="options_before",
        action="append",
        default=[],
        metavar=text("metavar.option"),
        help=text("arg.set_top"),
    )
    parser.add_argument("--version", action=_Version, nargs=0, help=text("arg.version"))
    parser.set_defaults(handler=show_help)
    sub = parser.add_subparsers(title=text("commands"), metavar=text("metavar.command"))

    def command(name: str) -> argparse.ArgumentParser:
        found: argparse.ArgumentParser = sub.add_parser(
            name,
            help=text(f"help.{name}"),
            description=text(f"help.{name}"),
            epilog=text(f"example.{name}"),
            lang=lang,
        )
        found.set_defaults(command_parser=found)  # its usage follows an error in what was typed
        return found

    meld = command("meld")
    _rule_args(meld, lang)
    meld.add_argument("cards", nargs="+", metavar=text("metavar.card"), help=text("arg.cards"))
    meld.set_defaults(handler=_meld)

    score = command("score")
    _rule_args(score, lang)
    score.add_argument("file", metavar=text("metavar.file"), help=text("arg.file"))
    score.set_defaults(handler=_score, schema="score")

    rules = command("rules")
    rules.add_argument("name", nargs="?", metavar=text("metavar.name"), help=text("arg.name"))
    rules.add_argument(
        "--set",
        dest="options",
        action="append",
        default=[],
        metavar=text("metavar.option"),
        help=text("arg.set"),
    )
    # (Words typed without quotes are one question: `--search pegar o lixo`.)
    rules.add_argument("--search", nargs="+", metavar=text("metavar.text"), help=text("arg.search"))
    rules.add_argument("--all", action="store_true", help=text("arg.all"))
    _lang_json_args(rules, lang)
    rules.set_defaults(handler=_rules)

    judge = command("judge")
    judge.add_argument("file", metavar=text("metavar.file"), help=text("arg.file"))
    _lang_json_args(judge, lang)
    judge.add_argument("--view", type=_whole, metavar=text("metavar.seat"), help=text("arg.view"))
    judge.set_defaults(handler=_judge, schema="judge")

    scenarios = command("scenarios")
    scenarios.add_argument("--check", action="store_true", help=text("arg.check"))
    scenarios.add_argument("--root", metavar=text("metavar.dir"), help=text("arg.root"))
    _lang_json_args(scenarios, lang)
    scenarios.set_defaults(handler=_scenarios)

    selfplay = command("selfplay")
    _selfplay_args(selfplay, lang)

    coach = command("coach")
    coach.add_argument("file", metavar=text("metavar.file"), help=text("arg.file"))
    _lang_json_args(coach, lang)
    coach.add_argument("--seed", metavar="S", help=text("arg.coach_seed"))
    coach.set_defaults(handler=_coach, schema="judge")

    app = command("app")
    app.add_argument("--port", type=_whole, metavar=text("metavar.port"), help=text("arg.port"))
    app.add_argument(
        "--lang", default=argparse.SUPPRESS, metavar=text("metavar.lang"), help=text("arg.lang_app")
    )
    app.add_argument("streamlit", nargs=argparse.REMAINDER, metavar="-- ...", help=text("arg.st"))
    app.set_defaults(handler=_app)

    replay = command("replay")
    replay.add_argument("file", metavar=text("metavar.file"), help=text("arg.file"))
    _lang_json_args(replay, lang)
    replay.set_defaults(handler=_replay, schema="replay")

    schema = command("schema")
    schemas = ["position", "move", "judge", "score", "replay"]
    # (The metavar names the argument when it is missing: not its variable, `what`.)
    schema.add_argument(
        "what", choices=schemas, metavar="{" + ",".join(schemas) + "}", help=text("arg.what")
    )
    _lang_json_args(schema, lang)  # (a schema is JSON either way: --json changes nothing)
    schema.set_defaults(handler=_schema)
    return parser


class _Version(argparse.Action):
    """`buraco --version`: the installed version, looked up only when asked (the lookup
    costs every start milliseconds)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            found = version("buraco-tutor")
        except PackageNotFoundError:  # (run from a checkout that was never installed)
            found = "?"
        print(f"buraco {found}")
        parser.exit()


def _lang_json_args(parser: argparse.ArgumentParser, lang: Lang) -> None:
    # No default here: a --lang given before the command stands unless one comes after it.
    parser.add_argument(
        "--lang",
        default=argparse.SUPPRESS,
        metavar=translate("cli.metavar.lang", lang),
        help=translate("cli.arg.lang", lang),
    )
    # (No default either: a --json before the command stands.)
    parser.add_argument(
        "--json",
        action="store_true",
        default=argparse.SUPPRESS,
        help=translate("cli.arg.json", lang),
    )


def _rule_args(parser: argparse.ArgumentParser, lang: Lang) -> None:
    parser.add_argument(
        "--rules",
        metavar=translate("cli.metavar.name", lang),
        help=translate("cli.arg.rules", lang),
    )
    parser.add_argument(
        "--set",
        dest="options",
        action="append",
        default=[],
        metavar=translate("cli.metavar.option", lang),
        help=translate("cli.arg.set", lang),
    )
    _lang_json_args(parser, lang)


def rules_from_args(
    args: argparse.Namespace, base: str | None = None, base_options: dict[str, Any] | None = None
) -> RuleSet:
    """The rule set: the command line's --rules and --set over a file's rules and options."""
    if args.rules is not None and not args.rules.strip():
        # (An empty --rules, a script's variable left blank, is no rules named: not Fechado.)
        raise BuracoInputError(InputCode.UNKNOWN_RULES, f"--rules {typed(args.rules)}")
    name = args.rules or base or "fechado"
    return _command_line_rules(name, args.options, base_options, "--rules" if args.rules else "")


def _command_line_rules(
    name: str, assignments: Sequence[str], base_options: dict[str, Any] | None, flag: str
) -> RuleSet:
    """A rule set with `--set` assignments over other options. What was typed on the command
    line is named as typed there (--set joker_points, --rules “mole”: `flag` names the
    option that gave the name, if one did), an option read from a file by its place in it
    (options.joker_points)."""
    options = dict(base_options or {})
    typed_here: dict[str, str] = {}
    for text in assignments:
        field, value = parse_option_assignment(text)
        # `--set "pegar o lixo=livre"`, as a reason names the option (opção “pegar o lixo”)
        field = _named(field, OPTION_NAMES, option_name) or field
        if field not in OPTION_NAMES:  # (`pegar`: “pickup” (pegar o lixo), as people say it)
            raise unknown_option(field, f"--set {field}", option_words())
        choices = option_choices(field) if field in OPTION_NAMES else None
        if choices and all(isinstance(choice, str) for choice in choices):
            # `--set pickup=livre`, as `buraco rules` shows the value beside its name (free)
            value = _named(value, choices, partial(_choice_name, field)) or value
        if typed_here.get(field, value) != value:
            # Two values for one option contradict each other (a file's field given twice
            # is refused too): said, not settled by the last one silently.
            first, second = typed(typed_here[field]), typed(value)
            raise BuracoInputError(
                InputCode.REPEATED_FIELD,
                f"--set {field}",
                field=field,
                case="set",
                first=first,
                second=second,
            )
        typed_here[field] = value
    options.update(typed_here)
    try:
        return ruleset(name, **options)
    except BuracoInputError as exc:
        field = exc.path.removeprefix("options.").removeprefix("options: ")
        if field in typed_here:
            raise exc.at(f"--set {field}") from None
        if exc.code is InputCode.UNKNOWN_RULES and flag:
            raise exc.at(f"{flag} {typed(name)}") from None
        raise


def _choice_name(option: str, value: str, lang: Lang) -> str:
    return value_text(option, value, lang)


def print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


# Limits far above any real round, position or card list, so that absurd input is refused
# before it costs seconds and memory.
MAX_FILE_BYTES = 1_000_000
MAX_JSON_DEPTH = 64
MAX_DIGITS = 15
MAX_CARDS_TEXT = 10_000  # characters of cards on the command line (two decks are ~400)


def read_json(
    path: str, lang: Lang = DEFAULT_LANG, place: Callable[[str, Any], str] | None = None
) -> Any:
    """Read JSON from a file or stdin ("-"); a bad file is bad input naming the place.
    UTF-8 with or without a BOM; size, nesting and numbers are bounded. `place` names a
    field as the command's text also counts it (`moves[3].meld (jogada 4)`), given the
    field's path and the file's data."""
    where = _file_label(path)
    if not path.strip():  # ("" would read as the current folder; " " as a file named so)
        where = translate("cli.metavar.file", lang)  # as the usage line names the argument
        raise BuracoInputError(InputCode.CANNOT_READ, where, case="empty_name")
    if path == "-" and sys.stdin is None:  # (`buraco score - <&-`: the shell closed it)
        detail = translate("cli.err.stdin_closed", lang)
        raise BuracoInputError(InputCode.CANNOT_READ, where, detail=detail)
    if path == "-" and sys.stdin.isatty():  # (else a person sees a command that hangs)
        end = "Ctrl-Z, Enter" if os.name == "nt" else "Ctrl-D"
        _print_error(translate("cli.reading_stdin", lang, end=end), lang, "cli.notice")
    try:
        raw = _read_bytes(path)
    except (OSError, ValueError) as exc:
        problem = _why_unreadable(exc, lang)
        raise BuracoInputError(InputCode.CANNOT_READ, path, detail=problem) from None
    if len(raw) > MAX_FILE_BYTES:
        limit = f"{grouped(MAX_FILE_BYTES, lang)} bytes"
        raise BuracoInputError(InputCode.TOO_BIG, where, limit=limit)
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw.removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        # A NUL byte is in no UTF-8 text (a PNG, a PDF, a program): not "save it as UTF-8",
        # unless the file is UTF-16 text (its BOM first, as Windows' "Unicode" saves it).
        read = exc.object
        utf16 = read.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
        binary = {"case": "binary"} if b"\0" in read[:4096] and not utf16 else {}
        raise BuracoInputError(InputCode.NOT_UTF8, where, at=exc.start, **binary) from None
    if not text.strip():  # (JSON's own words: "Expecting value: line 1 column 1")
        raise BuracoInputError(InputCode.NOT_JSON, where, case="empty")
    try:
        data = json.loads(text, parse_constant=_not_json, object_pairs_hook=_fields_once)
    except _RepeatedField as exc:
        raise BuracoInputError(InputCode.REPEATED_FIELD, where, field=exc.field) from None
    except _NotJsonValue as exc:
        at = text.find(exc.word)
        line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        detail = f"{exc.word} is not a JSON value"
        raise BuracoInputError(
            InputCode.NOT_JSON,
            f"{where}:{line}:{column}",
            detail=detail,
            case="constant",
            word=exc.word,
        ) from None
    except json.JSONDecodeError as exc:
        if _is_toml(text):  # (a course's exercise or lesson, given where JSON is read)
            raise BuracoInputError(InputCode.NOT_JSON, where, case="toml") from None
        plainly = _plainly_not_json(text)
        if plainly is not None:  # (what it is; _handled says what the command reads instead)
            raise BuracoInputError(InputCode.NOT_JSON, where, **plainly) from None
        # Stopped at the very end, or in a string still open there: the text ends before
        # its JSON does (a file cut short).
        ended = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string")
        case = "ended" if ended else _json_slip(exc.msg)
        raise BuracoInputError(
            InputCode.NOT_JSON,
            f"{where}:{exc.lineno}:{exc.colno}",
            detail=exc.msg,
            **({"case": case} if case else {}),
        ) from None
    except RecursionError:
        raise BuracoInputError(InputCode.TOO_DEEP, where, limit=MAX_JSON_DEPTH) from None
    except ValueError:  # an integer past Python's digit limit
        raise BuracoInputError(InputCode.NUMBER_TOO_LONG, where, limit=MAX_DIGITS) from None
    _check_bounds(data, where, None if place is None else lambda field: place(field, data))
    return data


def _is_toml(text: str) -> bool:
    """Whether a text that is no JSON is a TOML file with fields (a scenario of the course:
    `buraco judge scenarios/…/x.toml` was told of a missing value at line 1, column 1)."""
    import tomllib  # (only for a file that is no JSON)

    try:
        return bool(tomllib.loads(text))
    except tomllib.TOMLDecodeError:
        return False


def _plainly_not_json(text: str) -> dict[str, str] | None:
    """The `not_json` case of a text that is plainly no JSON: a table of values a line, none
    braced (the Placar's “Baixar CSV”, a spreadsheet's export: `buraco score` said
    “esperava um valor … [ ou {” at line 1, column 1 of it), or a text that starts with a
    word, or with no JSON value and holds no brace (a command's printed text, a note), with
    its first line; None for a text meant as JSON, whose slip is named where it is."""
    lines = [line for line in text.splitlines() if line.strip()]  # (not all blank: refused)
    braced = "{" in text
    if len(lines) >= 2 and not braced:
        import csv  # (only for a file that is no JSON)

        for delimiter in (";", ",", "\t"):
            rows = list(csv.reader(lines, delimiter=delimiter))
            widths = {len(row) for row in rows}
            numbers = any(re.fullmatch(r"\s*[-+]?\d+\s*", cell) for row in rows for cell in row)
            if len(widths) == 1 and min(widths) >= 2 and numbers:
                return {"case": "csv"}
    first = lines[0].strip()
    worded = first[:1].isalpha() or not (braced or first[:1] in _JSON_STARTS)
    return {"case": "text", "start": first} if worded else None


# What a text meant as JSON starts with: a value, or a slip of one (quotes of another kind,
# a sign or a point before a number), said where it is.
_JSON_STARTS = frozenset("{[\"'“”‘’-+.0123456789")


# The start of each message of Python's JSON reader -> the `not_json` case that says, in
# the reader's language, what was expected there (its own words are English, and terse).
_JSON_SLIPS = (
    ("Expecting value", "value"),
    ("Expecting property name", "name"),
    ("Expecting ','", "comma"),
    ("Expecting ':'", "colon"),
    ("Extra data", "extra"),
    ("Invalid control character", "control"),
    ("Invalid \\", "escape"),
)


def _json_slip(said: str) -> str | None:
    return next((case for start, case in _JSON_SLIPS if said.startswith(start)), None)


def _file_label(path: str) -> str:
    """A file as a message names it: its path, or stdin for "-"."""
    return "stdin" if path == "-" else path


# The kind of file each command reads (coach reads judge's), known by the field that only
# that kind has: a round's `sides`, a judged `move`, a record's `moves`.
_READS = {"score": "score", "judge": "judge", "coach": "judge", "replay": "replay"}
_KIND_FIELD = {"score": "sides", "judge": "move", "replay": "moves"}


@contextmanager
def _fields_of(path: str, data: Any, command: str) -> Iterator[None]:
    """Errors in the fields of the file read name the file first, as read_json's own do
    (`round.json: sidez: …`, `stdin: …`); an unknown field of a file that is plainly another
    command's says which command reads it (the code stays unknown_field)."""
    try:
        yield
    except BuracoInputError as exc:
        if exc.path.startswith("--"):  # (an option's value: --set x, --rules “x”)
            raise
        values = exc.values
        fields = data if isinstance(data, dict) else {}
        kinds = [kind for kind, field in _KIND_FIELD.items() if field in fields]
        unknown = exc.code is InputCode.UNKNOWN_FIELD and exc.path in fields  # (at the top)
        printed = _printed_by(fields)
        if printed is not None:  # an answer, not an input: no other command reads it either
            label = _file_label(path)
            where = f"{label}: {exc.path}" if exc.path else label
            raise _AnAnswer(exc.code, where, printed, **values) from None
        if unknown and len(kinds) == 1 and kinds[0] != _READS[command]:
            import shlex  # (only for this message: kept out of every start)

            values = {**values, "case": f"for_{kinds[0]}", "file": shlex.quote(path)}
        label = _file_label(path)
        where = f"{label}: {exc.path}" if exc.path else label
        raise BuracoInputError(exc.code, where, **values) from None


class _AnAnswer(BuracoInputError):
    """An error in a file that is what a command printed with --json (`buraco judge --json
    > out.json`, then `buraco judge out.json`): the same code, and which command printed it."""

    def __init__(self, code: InputCode, path: str, printed: str, **values: Any) -> None:
        super().__init__(code, path, **values)
        self.printed = printed


# What each command prints with --json, known by fields its input never has.
_ANSWER_FIELDS = {
    "meld": {"valid", "arrangement"},
    "judge": {"legal", "events"},
    "coach": {"legal", "notes"},
    "replay": {"illegal_at", "matches_record"},
    "selfplay": {"batidas", "mean_score"},
    "rules": {"presets_differ_in"},
    "scenarios": {"lessons", "errors"},
    "schema": {"$defs"},
}


def _printed_by(fields: dict[str, Any]) -> str | None:
    """The command whose --json output these fields are, if they are one."""
    for command, answer in _ANSWER_FIELDS.items():
        if answer <= fields.keys():
            return command
    sides = fields.get("sides")  # score's answer: each side's items and total
    side = sides[0] if isinstance(sides, list) and sides else None
    if isinstance(side, dict) and {"items", "total"} <= side.keys():
        return "score"
    if {"properties", "type"} <= fields.keys():  # a schema without $defs (position, move)
        return "schema"
    return None


def _not_json(word: str) -> Any:
    """NaN and Infinity, which Python's reader takes and JSON does not have."""
    raise _NotJsonValue(word)


class _NotJsonValue(ValueError):
    def __init__(self, word: str) -> None:
        super().__init__(word)
        self.word = word


class _RepeatedField(ValueError):
    def __init__(self, field: str) -> None:
        super().__init__(field)
        self.field = field


def _fields_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object; a field given twice is refused (Python's reader keeps the last silently,
    so `{"name": "A", "name": "B"}` would score a side the writer never meant)."""
    data: dict[str, Any] = {}
    for field, value in pairs:
        if field in data:
            raise _RepeatedField(field)
        data[field] = value
    return data


def _why_unreadable(exc: OSError | ValueError, lang: Lang) -> str:
    """Why a file could not be read, in words ("é uma pasta, não um arquivo")."""
    if isinstance(exc, NotADirectoryError):  # `round.json/`: a folder asked of a file
        path = str(exc.filename or "")
        file = _file_in(path)
        if file == path.rstrip("/"):  # (the message names the path: “é um arquivo”)
            return translate("cli.err.not_a_folder", lang)
        return translate("cli.err.file_in_path", lang, name=typed(Path(file).name))
    if isinstance(exc, ValueError):  # a NUL byte in the name (no file has one)
        return translate("cli.err.bad_name", lang)
    return _path_problem(exc, lang)


def _path_problem(exc: OSError, lang: Lang) -> str:
    """Why a path could not be used, read or written, as buraco_text words the system's
    errors (a name too long, a link to itself, no file, a folder ...), else the code."""
    return os_problem(exc.errno, lang, type(exc).__name__)


def _file_in(path: str) -> str:
    """The file in `path` where a folder is asked for: `games/round.json` of
    `games/round.json/` or of `games/round.json/x`."""
    parts = path.split("/")
    for end in range(1, len(parts)):
        head = "/".join(parts[:end])
        if head and Path(head).exists() and not Path(head).is_dir():
            return head
    return path


def _read_bytes(path: str) -> bytes | str:
    """At most one byte past the limit: enough to know it is too big."""
    if path != "-":
        if Path(path).is_dir():  # (Windows says "permission denied" for a folder)
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
        # Opened by the name as typed: a Path drops a trailing slash, and `round.json/`,
        # which names a folder, was read as the file round.json (`cat` refuses it).
        with open(path, "rb") as file:
            return file.read(MAX_FILE_BYTES + 1)
    buffer = getattr(sys.stdin, "buffer", None)  # a test's StringIO has none
    return buffer.read(MAX_FILE_BYTES + 1) if buffer is not None else sys.stdin.read()


def _check_bounds(data: Any, where: str, place: Callable[[str], str] | None = None) -> None:
    """Refuse JSON nested deeper than MAX_JSON_DEPTH or with numbers longer than MAX_DIGITS,
    walking without recursion so that the check itself cannot overflow."""
    # Each value with its path ("sides[0].went_out"), so that a refusal names the field.
    stack: list[tuple[Any, int, str]] = [(data, 0, "")]
    while stack:
        value, depth, path = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise BuracoInputError(InputCode.TOO_DEEP, where, limit=MAX_JSON_DEPTH)
        at = f"{where}: {place(path) if place else path}" if path else where
        if isinstance(value, int) and not isinstance(value, bool):
            if abs(value) >= 10**MAX_DIGITS:
                raise BuracoInputError(InputCode.NUMBER_TOO_LONG, at, limit=MAX_DIGITS)
        elif isinstance(value, float) and not math.isfinite(value):
            # (1e999: few digits, but past what a number can hold)
            raise BuracoInputError(InputCode.NUMBER_TOO_LONG, at, limit=MAX_DIGITS, case="large")
        elif isinstance(value, str):
            _check_text(value, at)
        elif isinstance(value, dict):
            for key in value:
                _check_text(key, at)
            stack.extend(
                (v, depth + 1, f"{path}.{k}" if path else str(k)) for k, v in value.items()
            )
        elif isinstance(value, list):
            stack.extend((v, depth + 1, f"{path}[{i}]") for i, v in enumerate(value))


def _check_text(text: str, where: str) -> None:
    """A JSON escape of half a character ("\\ud800" alone) reads as a text no output can
    print: refused here, where the file is named, not as a traceback when it is shown."""
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise BuracoInputError(InputCode.NOT_UTF8, where, at=exc.start, case="escape") from None


def _lang(args: argparse.Namespace) -> Lang:
    try:
        return check_lang(args.lang)
    except BuracoInputError:
        raise BuracoInputError(InputCode.UNKNOWN_LANGUAGE, _lang_where(args.lang)) from None


def _lang_where(value: str, said: str = "--lang ") -> str:
    """`--lang fr` as typed (`BURACO_LANG=fr` with `said`); a blank value in quotes
    (`--lang “”`), where it would vanish."""
    return f"{said}{value}" if value.strip() == value != "" else f"{said}{typed(value)}"


# --- meld ----------------------------------------------------------------------------------


def _meld(args: argparse.Namespace) -> int:
    from buraco_core.scoring import meld_notes

    lang = _lang(args)
    rules = rules_from_args(args)
    # "buraco meld '4h 5h 6h'" and "buraco meld 4h,5h,6h" are the same as separate words.
    text = " ".join(args.cards)
    if len(text) > MAX_CARDS_TEXT:
        where = translate("cli.metavar.card", lang)  # as the usage line names the argument
        limit = translate("cli.characters", lang, count=MAX_CARDS_TEXT)
        raise BuracoInputError(InputCode.TOO_BIG, where, limit=limit)
    cards = parse_cards(text)
    if not cards:  # (`buraco meld ""`, a script's variable left blank: not a meld of 0 cards)
        where = translate("cli.metavar.card", lang)  # as the usage line names the argument
        example = translate("cli.example.meld", lang)
        raise BuracoInputError(InputCode.EXPECTED_TEXT, where, case="no_cards", example=example)
    verdict = judge_meld(cards, rules)
    if args.json:
        data = meld_json(verdict, partial(message, lang=lang))
        notes = meld_notes(rules, verdict)  # (a 500 where it counts only laid at once)
        data["reasons"] += [reason_json(r, partial(message, lang=lang)) for r in notes]
        data["rules"] = rules_label(rules)
        print_json(data)
    else:
        print(meld_text(verdict, rules, lang, meld_notes(rules, verdict)))
    return 0 if verdict.ok else 1


def _title(rules: RuleSet, lang: Lang) -> str:
    """The preset's title and the options changed on top of it."""
    title = preset_title(rules.preset, lang)
    changed = rules.changed_options()
    if changed:
        # As `--set` takes them (trincas=true, not Python's True).
        title += " + " + ", ".join(
            f"{k}={json.dumps(v)}".replace('"', "") for k, v in changed.items()
        )
    return title


def _plain(markdown: str) -> str:
    """A course title as a terminal shows it: its Markdown code marks (`A♣ 2♣ 3♣`) dropped."""
    return markdown.replace("`", "")


def _reason_lines(reasons: Sequence[Reason], lang: Lang, indent: str = "  ") -> list[str]:
    """The reasons as bullets with their sources; one that continues a lead-in ("… ainda não
    pode bater:") sits under it."""
    return [
        f"{indent}{'    ◦' if under else '•'} {bullet(r, lang)}  ({_sources(r, lang)})"
        for r, under in zip(reasons, continues(reasons, lang), strict=True)
    ]


def _sources(reason: Reason, lang: Lang) -> str:
    """A reason's sources, its rule options named as `--set` takes them too."""
    return sources_text(reason.sources, lang, codes=True)


def _card_text(card: Card) -> str:
    return card.symbol if symbols_ok() else str(card)


def meld_text(
    verdict: MeldVerdict, rules: RuleSet, lang: Lang, notes: Sequence[Reason] = ()
) -> str:
    """The verdict as the terminal prints it; `notes` (scoring.meld_notes) after its reasons."""
    title = _title(rules, lang)
    lines = []
    meld = verdict.meld
    if meld is None:
        lines.append(translate("cli.meld.invalid", lang, rules=title))
    else:
        lines.append(translate("cli.meld.valid", lang, rules=title))
        shown = " ".join(
            f"{_card_text(s.card)}={_card_text(meld.stands_for(s.position))}"
            if s.wild and meld.kind == "sequence"
            else _card_text(s.card)
            for s in meld.slots
        )
        lines.append("  " + shown)
    reasons = (*verdict.reasons, *notes)
    lines.extend(_reason_lines(at_table(reasons, rules, lang), lang))
    if meld is not None:
        bonus = meld.bonus(rules)
        key = "cli.meld.points_bonus" if bonus else "cli.meld.points"
        lines.append("  " + translate(key, lang, points=verdict.points, bonus=bonus))
    return "\n".join(lines)


# --- score ---------------------------------------------------------------------------------


def _score(args: argparse.Namespace) -> int:
    from buraco_core.notation import round_from_data  # pydantic: only where a file is read
    from buraco_core.scoring import score_round

    lang = _lang(args)
    data = read_json(args.file, lang, partial(_score_path, lang=lang))
    with _fields_of(args.file, data, "score"):
        if not isinstance(data, dict):
            raise _not_an_object(data, ("sides",))
        file_rules = _rules_of_file(data)
        rules = rules_from_args(args, file_rules.preset, file_rules.changed_options())
        try:
            sides = round_from_data(rules, data)
        except BuracoInputError as exc:
            raise exc.at(_score_path(exc.path, data, lang)) from None
        score = score_round(rules, sides)
    if args.json:
        print_json(score_json(score) | {"rules": rules_label(rules)})
        return 0
    for side, given in zip(score.sides, sides, strict=True):
        for line in _side_score_lines(side, len(given.hands), lang):
            print(line)
    # Last, so that the text still starts with the first side's total.
    print(translate("cli.score.rules", lang, rules=_title(rules, lang)))  # (file's and --set's)
    return 0


def _score_path(path: str, data: Any, lang: Lang) -> str:
    """An error's place in a round file, also as the score's text counts it, from 1: a meld
    as “jogo 1” and a hand as “2º jogador da dupla”, of its side by name, as `buraco replay`
    names a move both ways (`sides[0].melds[0]` alone was read as the score's meld 0)."""
    found = re.match(r"sides\[(\d+)\]\.(melds|hands)\[(\d+)\]", path)
    sides = data.get("sides") if isinstance(data, dict) else None
    if not found or not isinstance(sides, list) or int(found[1]) >= len(sides):
        return path
    side, field, index = int(found[1]), found[2], int(found[3]) + 1
    given = sides[side].get("name") if isinstance(sides[side], dict) else None
    name = given if isinstance(given, str) and given.strip() else chr(ord("A") + side)
    what = translate(f"item_detail.{'meld' if field == 'melds' else 'player'}", lang, n=index)
    return f"{path} ({translate('cli.score.where', lang, side=name, what=what)})"


def _side_score_lines(
    side: SideScore, hands: int, lang: Lang, indent: str = "", seated: int | None = None
) -> list[str]:
    """A side's total, then each item with what it counts (`hands`: the side's players;
    `seated`: the side's index where the round was played at seats, its hands then named by
    seat, “jogador 3”)."""
    lines = [f"{indent}{side.name}: {side.total}"]
    for item in side.items:
        line = item_line(
            item.code, item.params, lang, hands=hands, symbols=symbols_ok(), side=seated
        )
        lines.append(f"{indent}  {item.points:>6}  {line}")
    return lines


# --- judge ---------------------------------------------------------------------------------


def _not_an_object(data: Any, fields: tuple[str, ...]) -> BuracoInputError:
    """A file whose top level is no JSON object (a list, a number, a text): the fields it
    should hold, and what came (the code stays expected_object; `got` and `case` added)."""
    return BuracoInputError(InputCode.EXPECTED_OBJECT, fields=fields, case="got", got=typed(data))


def _rules_of_file(data: dict[str, Any]) -> RuleSet:
    base = data.get("rules", "fechado")
    if not isinstance(base, str):
        raise BuracoInputError(InputCode.UNKNOWN_RULES, f"rules {typed(base)}")
    options = data.get("options", {})
    if not isinstance(options, dict):  # (what came, and the shape: not 27 names in a row)
        raise BuracoInputError(
            InputCode.EXPECTED_OBJECT, "options", case="options", got=typed(options)
        )
    return ruleset(base, **options)


def _judge_file(
    path: str, lang: Lang, command: str = "judge"
) -> tuple[RuleSet, State, Move, int | None]:
    """The rules, position and move of a judge file (`buraco judge`, `buraco coach`), and the
    seed its hidden cards were dealt from, if it left any hidden."""
    from buraco_core.codes import Code
    from buraco_core.judge import check

    data = read_json(path, lang)
    with _fields_of(path, data, command):
        rules, state, move, seed = _judge_data(data)
    if "phase" not in data["position"] and Code.MUST_DRAW_FIRST in check(rules, state, move).codes:
        # A position written with cards to lay or discard, its phase left to the default
        # (before the draw): the verdict “compre primeiro” is right, and the reason is told.
        where = f"{_file_label(path)}: position.phase"
        _print_error(f"{where}: {translate('cli.judge.phase_default', lang)}", lang, "cli.notice")
    return rules, state, move, seed


def _as_written(reason: Reason, move: Move, where: str, number: int | None = None) -> Reason:
    """A reason that echoes an index the file counts from 0 (a meld, a seat), which a person
    reads from 1, with the file's own value beside it: `"meld": 3`, written for the third
    meld, read “não há jogo número 4” alone. In a replay (`number`: the move's, from 1), a
    move marked for another seat says which move it is too. Params extended (case, field,
    index); the code and the other params as before."""
    from buraco_core.codes import Code
    from buraco_core.moves import TakeLixo

    if reason.code is Code.NOT_YOUR_TURN:
        name, index = "seat", reason.params["seat"]
    elif reason.code in (Code.NO_SUCH_MELD, Code.EXTENDED_MELD):
        name, index = ("extend" if isinstance(move, TakeLixo) else "meld"), reason.params["meld"]
    else:
        return reason
    added: dict[str, Any] = {"case": "file", "field": f"{where}.{name}", "index": index}
    if number is not None and reason.code is Code.NOT_YOUR_TURN:
        added |= {"case": "marked", "number": number}
    return Reason(reason.code, {**reason.params, **added})


def _judge_data(data: Any) -> tuple[RuleSet, State, Move, int | None]:
    from buraco_core.moves import Draw, TakeLixo
    from buraco_core.notation import move_from_data, position_from_data

    fields = ("move", "options", "position", "rules")  # (sorted, as every field list is said)
    if not isinstance(data, dict):
        raise _not_an_object(data, fields)
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise BuracoInputError(InputCode.UNKNOWN_FIELD, unknown[0], fields=fields)
    for field in ("position", "move"):
        if field not in data:
            raise BuracoInputError(InputCode.MISSING, field)
    rules = _rules_of_file(data)
    state = position_from_data(rules, data["position"])
    move = _seated(move_from_data(data["move"]), state.players, "move")
    mover = data["position"]["hands"][state.turn]
    if isinstance(move, Draw):
        from_hand = False
    elif isinstance(move, TakeLixo):
        from_hand = bool(move.new_meld or move.cards)
    else:
        from_hand = True
    if isinstance(mover, int) and from_hand and not _refused_before_the_hand(rules, state, move):
        # A move that names cards of the hand, judged against cards dealt at random, would
        # be judged on another hand (a draw, or taking the lixo alone, names none).
        where = f"position.hands[{state.turn}]"
        kind = data["move"]["type"]
        raise BuracoInputError(InputCode.REQUIRED_FOR_MOVE, where, move=kind, case="hand")
    return rules, state, move, _hidden_seed(data["position"])


def _seated(move: Move, players: int, where: str) -> Move:
    """The move, if the seat it names is at the table: `"seat": 2` at a table of two, meant
    as “player 2”, was judged “não é a vez do jogador 3”, a player who is not there. Refused
    as the position's `turn` is."""
    if move.seat is not None and move.seat >= players:
        raise BuracoInputError(
            InputCode.NO_SUCH_SEAT, f"{where}.seat", seat=move.seat, players=players
        )
    return move


def _refused_before_the_hand(rules: RuleSet, state: State, move: Move) -> bool:
    """Whether the move is illegal whatever the hand on turn holds: made by another seat
    (the exercise “after the discard, nothing changes”: player 1 moves, player 2 is on
    turn and shown as a count), in the wrong phase, or after the round ended."""
    from buraco_core.codes import Code
    from buraco_core.judge import check

    before_the_hand = {Code.ROUND_OVER, Code.NOT_YOUR_TURN, Code.MUST_DRAW_FIRST, Code.ALREADY_DREW}
    verdict = check(rules, state, move)
    return not verdict.ok and set(verdict.codes) <= before_the_hand


def _hidden_seed(position: dict[str, Any]) -> int | None:
    """The position's seed if it gives some cards a person may be shown only as a count
    (a hand, a morto, the lixo below its top): those were dealt at random from the seed."""
    mortos = position.get("mortos", [])
    waiting = [m.get("cards") for m in position.get("morto", []) if isinstance(m, dict)]
    counted = (
        any(isinstance(h, int) for h in position["hands"])
        or any(isinstance(m, int) for m in [*mortos, *waiting])
        or isinstance(position.get("lixo"), dict)
    )
    return int(position.get("seed", 0)) if counted else None


def _judge(args: argparse.Namespace) -> int:
    from buraco_core.judge import play, round_score
    from buraco_core.notation import position_to_data

    lang = _lang(args)
    rules, state, move, hidden_seed = _judge_file(args.file, lang)
    verdict, after = play(rules, state, move)
    reasons = [_as_written(r, move, "move") for r in verdict.reasons]
    shown = after if after is not None else state
    if args.view is not None and not 0 <= args.view < shown.players:
        # --view counts from 0 as the JSON does (a contract); the message says who that is.
        # (Its own wording, each value filled in: the seat as typed, never regrouped as
        # 99.999.999, and the sentence never cut short as one long value would be.)
        raise BuracoInputError(
            InputCode.INVALID,
            "--view",
            case="view",
            view=str(args.view),
            players=shown.players,
            last=shown.players - 1,
        )
    result: dict[str, Any] = {
        "legal": verdict.ok,
        "reasons": [reason_json(r, partial(message, lang=lang)) for r in reasons],
        "events": [r.code.value for r in verdict.events],
        "position": position_to_data(rules, shown, args.view),
        "rules": rules_label(rules),
    }
    score = None
    if after is not None and after.phase.value == "ended":
        score = round_score(rules, after)
        result["score"] = score_json(score)["sides"]
    if args.json:
        print_json(result)
    else:
        head = "cli.judge.legal" if verdict.ok else "cli.judge.illegal"
        print(translate(head, lang, rules=_title(rules, lang)))
        for line in _reason_lines(at_table(reasons, rules, lang), lang):
            print(line)
        if after is not None and after.phase.value == "ended":
            print("  → " + translate("cli.phase.ended", lang))
        elif after is not None:
            phase = translate(f"cli.phase.{after.phase.value}", lang)
            # Seats count from 1 where a person reads them (the JSON's `turn` counts from 0).
            print("  → " + translate("cli.judge.next", lang, seat=after.turn + 1, phase=phase))
        if score is not None:
            # Which players make each side, and each side's items: “A: 350” alone said
            # neither whose 350 it was nor what it counts.
            print("  " + translate(f"replay.sides_{shown.players}", lang))
            hands = shown.players // 2
            for index, side in enumerate(score.sides):
                for line in _side_score_lines(side, hands, lang, "  ", seated=index):
                    print(line)
        if args.view is not None:
            print(_seen_by(rules, shown, args.view, lang))
        if hidden_seed is not None and ("score" in result or args.view is not None):
            # The cards shown or scored there that the file gave as counts are an example.
            print("  " + translate("cli.judge.hidden_dealt", lang, seed=hidden_seed))
    return 0 if verdict.ok else 1


def _seen_by(rules: RuleSet, state: State, seat: int, lang: Lang) -> str:
    """What the player at `seat` sees, as `--view` prints it: their hand, how many cards each
    other player holds, the lixo as far as the rules show it, the stock and the mortos."""
    say = partial(translate, lang=lang)
    hand = state.hands[seat]
    lines = ["  " + say("cli.view.head", seat=seat + 1, view=seat)]
    cards = " ".join(_card_text(c) for c in hand)
    lines.append(f"    {say('table.your_hand', count=len(hand))}: {cards}".rstrip())
    for other, held in enumerate(state.hands):
        if other != seat:
            lines.append("    " + say("table.hand_count", seat=other + 1, count=len(held)))
    # The melds on the table, the player's side first, as every player sees them.
    alone = "" if state.players == 4 else "_alone"
    side = state.side_of(seat)
    for key, shown_side in (
        (f"table.our_melds{alone}", side),
        (f"table.their_melds{alone}", 1 - side),
    ):
        melds = state.sides[shown_side].melds
        laid = " · ".join(" ".join(_card_text(c) for c in meld.cards) for meld in melds)
        lines.append(f"    {say(key)}: {laid or say('table.no_melds')}")
    lixo = say("table.lixo", count=len(state.lixo))  # "Lixo (vazio)": nothing after it
    if not state.lixo:
        lines.append(f"    {lixo}")
    elif rules.discard_pile_visible == "top":
        lines.append(f"    {lixo}: {say('cli.view.top', card=_card_text(state.lixo[-1]))}")
    else:
        lines.append(f"    {lixo}: {' '.join(_card_text(c) for c in state.lixo)}")
    mortos = [_morto_said(state, s, lang) for s in (side, 1 - side)]
    lines.append(
        "    "
        + " · ".join(
            [
                say("table.counts", stock=len(state.stock), mortos=len(state.mortos)),
                f"{say('table.our_morto')}: {mortos[0]}",
                f"{say('table.their_morto')}: {mortos[1]}",
            ]
        )
    )
    return "\n".join(lines)


def _morto_said(state: State, side: int, lang: Lang) -> str:
    """A side's morto as the table shows it: not taken yet, taken, gone to the stock, or
    waiting for the player who went out indirectly (seats from 1)."""
    from buraco_core.state import MortoStatus

    found = state.sides[side]
    if found.morto is MortoStatus.WAITING and found.waiting is not None:
        return translate("table.morto.waiting", lang, seat=found.waiting.seat + 1)
    return translate(f"table.morto.{found.morto.value}", lang)


def _scenarios(args: argparse.Namespace) -> int:
    from buraco_course import check_curriculum, load_curriculum

    lang = _lang(args)
    root = _course_root(args.root, lang)
    curriculum = load_curriculum(root)
    errors = check_curriculum(curriculum) if args.check else list(curriculum.errors)
    if not curriculum.lessons and not curriculum.scenarios and not curriculum.errors:
        # (files that are there but do not load are said each, not as a folder without any)
        raise BuracoInputError(InputCode.NO_COURSE, args.root or "--root")
    if args.json:
        print_json(
            {
                "scenarios": [
                    {
                        "id": s.id,
                        "lesson": s.lesson,
                        "themes": list(s.themes),
                        "rules": {"preset": s.rules, "options": s.options},
                        "task": s.task.kind,
                        "title": s.title.get(lang),
                    }
                    for s in curriculum.scenarios.values()
                ],
                "lessons": [
                    {
                        "id": lesson.id,
                        "order": lesson.order,
                        "title": lesson.title.get(lang),
                        "themes": list(lesson.themes),
                        "scenarios": list(lesson.scenarios),
                    }
                    for lesson in curriculum.lessons
                ],
                "errors": [error.text(lang) for error in errors],
            }
        )
    else:
        for lesson in curriculum.lessons:
            print(f"{lesson.order:>2}. {_plain(lesson.title.get(lang))}  [{lesson.id}]")
            for scenario in curriculum.scenarios_of(lesson.id):
                title = _plain(scenario.title.get(lang))
                print(f"      - {title}  [{scenario.id}, {scenario.rules}]")
        key = "cli.scenarios.checked" if args.check and not errors else "cli.scenarios.count"
        counts = {"lessons": len(curriculum.lessons), "scenarios": len(curriculum.scenarios)}
        print(translate(key, lang, **counts))
        for error in errors:
            _print_error(error.text(lang), lang)
    return 1 if errors else 0


def _course_root(root: str | None, lang: Lang) -> Path | None:
    """The folder `--root` names, refused when it is no folder: an empty name (which would
    read the project's own course, as if no --root were given), a path that does not exist
    or a file (each said, not taken for a folder that holds no lessons)."""
    if root is None:
        return None
    if not root.strip():
        raise BuracoInputError(InputCode.EXPECTED_TEXT, "--root")
    folder = Path(root)
    try:
        exists, is_dir = folder.exists(), folder.is_dir()
    except OSError as exc:  # (a name too long: Path.exists says so by a traceback)
        detail = _path_problem(exc, lang)
        raise BuracoInputError(InputCode.CANNOT_READ, root, detail=detail) from None
    if not exists:
        raise BuracoInputError(InputCode.NO_COURSE, root, case="missing")
    if not is_dir:
        raise BuracoInputError(InputCode.NO_COURSE, root, case="file")
    return folder


def _schema(args: argparse.Namespace) -> int:
    from buraco_core.notation import move_schema, position_schema, replay_schema, round_schema

    _lang(args)  # (the schema has no words to translate, but a bad --lang is bad input here too)
    if args.what == "score":
        print_json(round_schema())
    elif args.what == "replay":
        print_json(replay_schema())
    elif args.what == "position":
        print_json(position_schema())
    elif args.what == "move":
        print_json(move_schema())
    else:
        # The parts' "$ref": "#/$defs/..." point at the document root: their $defs go there.
        position, move = position_schema(), move_schema()
        defs = {**position.pop("$defs", {}), **move.pop("$defs", {})}
        print_json(
            {
                "title": "JudgeFile",
                "type": "object",
                "required": ["position", "move"],
                "additionalProperties": False,
                "properties": {
                    "rules": {"enum": list(PRESET_NAMES), "default": "fechado"},
                    "options": {"type": "object", "description": "rule options by name"},
                    "position": position,
                    "move": move,
                },
                "$defs": defs,
            }
        )
    return 0


# --- app -------------------------------------------------------------------------------------


MAX_PORT = 65_535


def _app(args: argparse.Namespace) -> int:
    from buraco_cli.app_command import app_root, port_free, run_app  # only this command

    lang = _lang(args)  # a bad --lang is refused here, not passed over for the server to start
    root = app_root()
    if root is None:
        problem = translate("cli.err.no_file", lang)
        raise BuracoInputError(InputCode.CANNOT_READ, "app.py", detail=problem)
    extra = args.streamlit[1:] if args.streamlit[:1] == ["--"] else args.streamlit
    # (The server would stop with a traceback. A port is a name, not a quantity: as text,
    # never written 65.535.)
    if args.port is not None and args.port < 1:
        raise BuracoInputError(
            InputCode.TOO_SMALL, "--port", value=typed(str(args.port)), least="1"
        )
    if args.port is not None and args.port > MAX_PORT:
        value, most = typed(str(args.port)), str(MAX_PORT)
        raise BuracoInputError(InputCode.TOO_LARGE, "--port", value=value, most=most)
    if args.port is not None and not port_free(args.port):
        problem = translate("cli.err.port_busy", lang, port=str(args.port))
        _print_error(problem, lang)
        return 2
    port = [f"--server.port={args.port}"] if args.port is not None else []
    run_app(root, [*port, *extra])


# --- selfplay ------------------------------------------------------------------------------


def _selfplay_args(parser: argparse.ArgumentParser, lang: Lang) -> None:
    def text(key: str) -> str:
        return translate(f"cli.arg.{key}", lang)

    _rule_args(parser, lang)
    parser.add_argument("--rounds", type=_whole, default=10, metavar="N", help=text("rounds"))
    parser.add_argument("--players", type=_whole, choices=(2, 4), default=4, help=text("players"))
    # The default as the help's language names the levels (either is taken).
    levels = "forte,básico" if lang == "pt" else "strong,basic"
    parser.add_argument("--levels", default=levels, metavar="A,B", help=text("levels"))
    # None: the players' own default, read in _selfplay (importing the players here would slow
    # every start of `buraco`, `meld` included).
    parser.add_argument("--think", type=_whole, default=None, metavar="MS", help=text("think"))
    parser.add_argument("--seed", type=_whole, default=0, metavar="S", help=text("seed"))
    dir_metavar = translate("cli.metavar.dir", lang)
    parser.add_argument("--save", metavar=dir_metavar, help=text("save"))
    parser.set_defaults(handler=_selfplay)


def _save_folder(path: str, lang: Lang) -> Path:
    """The folder `--save` names, made if need be; refused before any round is played, and
    refused if it already holds records (a second run would mix with the first's)."""
    if not path.strip():
        raise BuracoInputError(InputCode.EXPECTED_TEXT, "--save")
    folder = Path(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        held = sorted(p.name for p in folder.glob("round-*.json"))
        # A folder that exists but takes no file (a read-only disk, no permission): said now,
        # not when the first round has been played and its record cannot be written.
        probe = folder / f".write-check.{os.getpid()}.tmp"
        probe.touch()
        probe.unlink()
    except OSError as exc:
        detail = _why_unwritable(exc, folder, lang)
        raise BuracoInputError(InputCode.CANNOT_WRITE, f"--save {path}", detail=detail) from None
    if held:
        raise BuracoInputError(
            InputCode.CANNOT_WRITE, f"--save {path}", case="records", first=held[0], count=len(held)
        )
    return folder


def _save_record(path: Path, data: dict[str, Any], lang: Lang) -> None:
    """The record whole or not at all: written to a hidden temporary file beside it (which
    `round-*.json` does not match), flushed to the disk, then renamed over its name. A Ctrl-C
    or a kill midway leaves no `round-N.json` empty or cut short, and the earlier records as
    they were; an interrupted write removes its temporary file (not a SIGKILL: nothing can)."""
    text = _record_text(data)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        try:
            with open(temporary, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, path)
        except BaseException:  # (a Ctrl-C, a kill turned into SystemExit, a full disk)
            with suppress(OSError):
                temporary.unlink(missing_ok=True)
            raise
    except OSError as exc:
        detail = _why_unwritable(exc, path, lang)
        raise BuracoInputError(InputCode.CANNOT_WRITE, str(path), detail=detail) from None
    _sync_folder(path.parent)


def _record_text(data: dict[str, Any]) -> str:
    """A record as JSON a person can edit: a field a line, and a move a line, so that an error
    `buraco replay` finds (“round-001.json:14:30”) points at one move; it was all one line."""

    def line(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    fields = []
    for name, value in data.items():
        if name == "moves" and value:
            moves = ",\n".join(f"  {line(move)}" for move in value)
            fields.append(f' "moves": [\n{moves}\n ]')
        else:
            fields.append(f" {line(name)}: {line(value)}")
    return "{\n" + ",\n".join(fields) + "\n}\n"


def _sync_folder(folder: Path) -> None:
    """The folder's entry for a record just renamed into it, on the disk too (where a folder
    can be opened, as on POSIX; elsewhere the rename stands as the system keeps it)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with suppress(OSError):
            os.fsync(handle)
    finally:
        os.close(handle)


class _CtrlC:
    """Where a selfplay run is, for its Ctrl-C: `playing` (a round being played or saved,
    which the Ctrl-C stops there) and whether it was `pressed`."""

    playing = True
    pressed = False


@contextmanager
def _ctrl_c_once() -> Iterator[_CtrlC]:
    """A selfplay run's Ctrl-C: the first stops it (a KeyboardInterrupt where a round is
    played or saved; else noted, for the run to stop at its next round); any other, while the
    rounds played are summed and their figures printed, is ignored. A second Ctrl-C a few
    milliseconds after the first, as a person presses it, printed no figures at all."""
    import signal
    import threading

    ctrl_c = _CtrlC()
    # (Only the main thread may set a handler; a run started ignoring Ctrl-C, in the
    # background, keeps ignoring it.)
    main = threading.current_thread() is threading.main_thread()
    if not main or signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        yield ctrl_c
        return

    def pressed(_signum: int, _frame: object) -> None:
        if ctrl_c.pressed:  # (already stopping: the figures come in a moment)
            return
        ctrl_c.pressed = True
        if ctrl_c.playing:
            raise KeyboardInterrupt

    before = signal.signal(signal.SIGINT, pressed)
    try:
        yield ctrl_c
    finally:
        signal.signal(signal.SIGINT, before)


@contextmanager
def _killed_as_interrupted() -> Iterator[None]:
    """While records are saved, a kill (SIGTERM) ends the run through Python, as Ctrl-C
    does, so a record being written removes its temporary file; exit code 143, as a shell
    reports a command stopped by SIGTERM. (Only the main thread may set a handler.)"""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    before = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def _why_unwritable(exc: OSError, path: Path, lang: Lang) -> str:
    try:
        is_file = path.is_file()
    except OSError:  # (a name too long: asking about it fails as the write did)
        is_file = False
    if isinstance(exc, FileExistsError | NotADirectoryError) or is_file:
        return translate("cli.err.not_folder", lang)
    if isinstance(exc, PermissionError):
        return translate("cli.err.no_write_permission", lang)
    if isinstance(exc, FileNotFoundError):  # (a folder that cannot be made there, as in /proc)
        return translate("cli.err.cannot_make", lang)
    return _write_problem(exc, lang)


def _write_problem(exc: OSError, lang: Lang) -> str:
    """Why a write failed, in words where there are some (a code is no answer)."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return translate("cli.err.disk_full", lang)
    if exc.errno == errno.EROFS:
        return translate("cli.err.read_only", lang)
    return _path_problem(exc, lang)


MAX_ROUNDS = 100_000  # a typo past it: at the basic level, a day of play
MAX_THINK_MS = 60_000  # a minute a move


def _selfplay(args: argparse.Namespace) -> int:
    import time

    from buraco_cli.collector import for_long_play
    from buraco_core.players import DEFAULT_THINK_MS, LEVELS, play_rounds, summarize

    for_long_play()

    if args.think is None:
        args.think = DEFAULT_THINK_MS
    lang = _lang(args)
    rules = rules_from_args(args)
    levels = _levels_of(args.levels, LEVELS, lang)
    if args.rounds < 1:
        raise BuracoInputError(InputCode.TOO_SMALL, "--rounds", value=args.rounds, least=1)
    if args.think < 0:
        raise BuracoInputError(InputCode.TOO_SMALL, "--think", value=args.think, least=0)
    # Past these a run would not end in a day: a typo, said now, not after hours. The value
    # as typed, never regrouped.
    for option, value, most in (
        ("--rounds", args.rounds, MAX_ROUNDS),
        ("--think", args.think, MAX_THINK_MS),
    ):
        if value > most:
            raise BuracoInputError(InputCode.TOO_LARGE, option, value=str(value), most=most)
    # Each round's record names its deal's seed (--seed plus the round's number, from 0), and
    # `buraco replay` reads numbers of at most MAX_DIGITS digits: a seed past that would play
    # and save records no replay takes. (A seed is a name, not a quantity: never regrouped.)
    seed_most = 10**MAX_DIGITS - args.rounds
    if args.seed > seed_most:
        value, most_text = str(args.seed), str(seed_most)
        raise BuracoInputError(InputCode.TOO_LARGE, "--seed", value=value, most=most_text)
    if args.seed <= -(10**MAX_DIGITS):
        value, least = str(args.seed), str(1 - 10**MAX_DIGITS)
        raise BuracoInputError(InputCode.TOO_SMALL, "--seed", value=value, least=least)
    save = _save_folder(args.save, lang) if args.save is not None else None  # before the wait
    with _ctrl_c_once() as ctrl_c:
        start = time.perf_counter()
        played = play_rounds(
            rules, (levels[0], levels[1]), args.rounds, args.players, args.seed, args.think
        )

        stopped: KeyboardInterrupt | BuracoInputError | None = None

        def saved_and_shown() -> Iterator[RoundRecord]:
            """Each round as it ends: saved, counted on the terminal, then summed and dropped.
            Ctrl-C, or a record that cannot be saved (a full disk), ends the run there: the
            rounds that ended (and were saved) are still summed and shown."""
            nonlocal stopped
            saving: tuple[Path, RoundRecord] | None = None  # (the round whose record is saved)
            try:
                for number, record in enumerate(played, start=1):
                    if save is not None:
                        name = _record_name(number, args.rounds)
                        saving = (save / name, record)
                        _save_record(save / name, record.to_data(), lang)
                    if sys.stderr.isatty() and not args.json:  # a long run shows it is running
                        progress = translate(
                            "cli.selfplay.progress", lang, number=number, rounds=args.rounds
                        )
                        print(f"\r{progress}", end="", file=sys.stderr, flush=True)
                    ctrl_c.playing = False  # (while the round is summed: noted, then stopped here)
                    saving = None
                    yield record
                    ctrl_c.playing = True
                    if ctrl_c.pressed:
                        raise KeyboardInterrupt
            except (KeyboardInterrupt, BuracoInputError) as exc:
                stopped = exc
            ctrl_c.playing = False  # (the figures are being printed: a Ctrl-C now is ignored)
            # A Ctrl-C just after a record was renamed into the folder (while the folder was
            # synced, on a busy machine): the record stays, so its round counts. It went
            # unsummed, and a run whose first record was on the disk printed no figures.
            # (The folder held no record before the run: one there now is this run's.)
            if saving is not None and isinstance(stopped, KeyboardInterrupt):
                with suppress(OSError):
                    if saving[0].exists():
                        yield saving[1]

        with _killed_as_interrupted() if save is not None else nullcontext():
            figures = summarize(saved_and_shown())
        if sys.stderr.isatty() and not args.json:
            print("\r\033[K", end="", file=sys.stderr, flush=True)
        if stopped is not None and not figures["rounds"]:  # (no round ended: nothing to show)
            raise stopped
        figures |= {"seconds": round(time.perf_counter() - start, 2)}
        _print_figures(args, figures, stopped is not None, levels, rules, save, lang)
        return _selfplay_end(stopped, lang)


def _print_figures(
    args: argparse.Namespace,
    figures: dict[str, Any],
    stopped: bool,
    levels: Sequence[str],
    rules: RuleSet,
    save: Path | None,
    lang: Lang,
) -> None:
    """A selfplay run's figures, as JSON or as text (`stopped`: the run ended early, by a
    Ctrl-C or a record that could not be saved), and where the records went."""
    if args.json:
        print_json(
            figures
            | {
                "levels": levels,
                "players": args.players,
                "seed": args.seed,
                "think_ms": args.think,
                "rules": rules_label(rules),
                # (`rounds` then counts the rounds that ended)
                "interrupted": stopped,
            }
        )
        return
    a, b = (_level_name(name, lang) for name in levels)
    say = partial(translate, lang=lang)
    title = _title(rules, lang)
    counted = {"rounds": args.rounds, "players": args.players, "a": a, "b": b, "rules": title}
    if stopped:
        print(say("cli.selfplay.head_stopped", played=figures["rounds"], **counted))
    else:
        print(say("cli.selfplay.head", **counted))
    wins, mean = figures["wins"], [_decimal(x, lang) for x in figures["mean_score"]]
    print(say("cli.selfplay.wins", a=wins[0], b=wins[1]))
    print(say("cli.selfplay.mean", a=mean[0], b=mean[1]))
    print(say("cli.selfplay.endings", batidas=figures["batidas"], stock_outs=figures["stock_outs"]))
    print(
        say(
            "cli.selfplay.moves",
            moves=figures["moves"],
            illegal=figures["illegal_attempts"],
            seconds=_decimal(figures["seconds"], lang),
        )
    )
    if save is not None:  # where the records went, and how to replay one (the next step)
        import shlex  # (only here: kept out of every start)

        first, last = (_record_name(n, args.rounds) for n in (1, figures["rounds"]))
        saved = "cli.selfplay.saved" if figures["rounds"] > 1 else "cli.selfplay.saved_one"
        example = shlex.quote(str(save / first))
        print(say(saved, first=first, last=last, folder=args.save, example=example))


def _record_name(number: int, rounds: int) -> str:
    """Round `number`'s record: numbered to sort in order, with as many digits as the last
    round needs, at least 3 (`round-001.json`)."""
    return f"round-{number:0{max(3, len(str(rounds)))}d}.json"


def _selfplay_end(stopped: KeyboardInterrupt | BuracoInputError | None, lang: Lang) -> int:
    """The exit code of a run whose figures are printed: 0, or 130 after a Ctrl-C (said on
    stderr); a record that could not be saved is said as bad input (2)."""
    if stopped is None:
        return 0
    if isinstance(stopped, KeyboardInterrupt):
        return interrupted(lang)
    raise stopped


def _levels_of(text: str, known: Sequence[str], lang: Lang) -> list[str]:
    """The two levels of `--levels A,B`, side A's and side B's. Refused, saying what to write:
    a count other than two (`--levels forte`: one per side), or the names not known."""
    words = text.split(",")
    found = [_level_of(word, known) for word in words]
    levels = [level for level in found if level is not None]
    if len(found) == 2 and len(levels) == 2:
        return levels
    # (Named as the output names them; the English names are taken too.)
    names = [_level_name(level, lang) for level in known]
    if lang != "en":
        names = [f"{name} ({level})" for name, level in zip(names, known, strict=True)]
    example = "forte,básico" if lang == "pt" else "strong,basic"  # as the help's default
    said = {"value": typed(text), "allowed": or_list(names, lang), "example": example}
    wrong = [word.strip() for word, level in zip(words, found, strict=True) if level is None]
    if len(words) != 2 or not all(wrong):  # `forte`, `forte,`, `a,b,c`: not two names
        raise BuracoInputError(InputCode.NOT_ONE_OF, "--levels", case="levels_count", **said)
    unknown = tuple(typed(word) for word in wrong)  # (`strong,weak`: which one is wrong)
    raise BuracoInputError(
        InputCode.NOT_ONE_OF,
        "--levels",
        case="levels_unknown",
        unknown=unknown,
        count=len(unknown),
        **said,
    )


def _level_of(word: str, levels: Sequence[str]) -> str | None:
    """A level by the name `--levels` takes (strong) or by the name the output gives it, in
    either language, accents optional (forte, básico, basico, aleatório)."""
    return _named(word, levels, _level_name)


def _named(word: str, values: Sequence[str], name: Callable[[str, Lang], str]) -> str | None:
    """The value a word names: as the command line takes it (strong, top) or as the output
    names it (`name`) in either language, case and accents optional (forte, básico; “só a de
    cima”, which `buraco rules` prints beside `top`)."""
    import unicodedata  # (here: every other command starts without it)

    def plain(text: str) -> str:
        return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()

    wanted = plain(word.strip())
    for value in values:
        if wanted in {value, *(plain(name(value, lang)) for lang in LANGS)}:
            return value
    return None


def _level_name(level: str, lang: Lang) -> str:
    """A level as the "Jogar" page names it ("forte"), without the page's gloss in brackets."""
    return translate(f"play.level_{level}", lang).split(" (")[0]


def _decimal(number: float, lang: Lang) -> str:
    """A number as the language writes it: 637,5 in Portuguese, 637.5 in English."""
    text = str(number)
    return text.replace(".", ",") if lang == "pt" else text


# --- coach ---------------------------------------------------------------------------------


def _coach(args: argparse.Namespace) -> int:
    from buraco_core.judge import check
    from buraco_core.players.coach import coach

    lang = _lang(args)
    rules, state, move, _ = _judge_file(args.file, lang, "coach")
    verdict = check(rules, state, move)
    reasons = [_as_written(r, move, "move") for r in verdict.reasons]
    notes = coach(rules, state, move, _coach_seed(args.seed))
    if args.json:
        print_json(
            {
                "legal": verdict.ok,
                "reasons": [reason_json(r, partial(message, lang=lang)) for r in reasons],
                "notes": [_note_json(note, lang, state, rules) for note in notes],
                "rules": rules_label(rules),
            }
        )
        return 0 if verdict.ok else 1
    head = "cli.judge.legal" if verdict.ok else "cli.judge.illegal"
    print(translate(head, lang, rules=_title(rules, lang)))
    for line in _reason_lines(at_table(reasons, rules, lang), lang):
        print(line)
    for note in notes:
        print(f"  ! {_note_text(note, lang, state, rules)}")
    if verdict.ok and not notes:  # (not silence: the coach looked and found nothing to say)
        print("  " + translate("cli.coach.no_notes", lang))
    return 0 if verdict.ok else 1


def _coach_seed(typed: str | None) -> int | str:
    """The strong player's seed: 0 when none is given; a whole number as a number (as
    selfplay's seeds: `--seed 0` is the default), any other text as it is (the Jogar page's
    "deal seed:move number")."""
    if typed is None:
        return 0
    if not re.fullmatch(r"-?[0-9]+", typed):
        return typed
    if len(typed.lstrip("-")) > MAX_DIGITS:
        raise BuracoInputError(InputCode.NUMBER_TOO_LONG, "--seed", limit=MAX_DIGITS)
    return int(typed)


def _note_json(note: Note, lang: Lang, before: State, rules: RuleSet) -> dict[str, Any]:
    from buraco_core.moves import Discard
    from buraco_core.notation import move_to_data

    data = {
        "code": note.code.value,
        "message": _note_text(note, lang, before, rules),
        "better": move_to_data(note.better) if note.better else None,
    }
    if "then" in note.params:  # going out in two steps: the discard after `better`
        data["then"] = move_to_data(Discard(note.params["then"]))
    return data


def _note_text(note: Note, lang: Lang, before: State, rules: RuleSet) -> str:
    """The note's message, and the better move in words, the lixo's top card named where it
    takes it ("pegar o lixo e pôr o 9♠ no jogo 5", not "a carta de cima"), a meld to lay as
    it will lie ("baixar 7♦ 2♣ 9♦", not "7♦ 9♦ 2♣": the 2♣ read as a natural 2)."""
    from buraco_core.melds import judged
    from buraco_core.moves import Lay

    text = worded(f"cli.coach.note.{note.code.value}", lang, **note.params)
    figure = played_out_text(note.params, lang)  # (a lixo left: the strong level's playouts)
    if note.better is None:
        trade_off = trade_off_text(note.code.value, note.params, lang)
        return " ".join(part for part in (text, trade_off, figure) if part)
    move = note.better
    if isinstance(move, Lay):  # (each group a valid meld: the coach names legal moves)
        melds = [judged(group, rules).meld for group in move.melds]
        move = Lay(tuple(m.cards for m in melds if m is not None) or move.melds, move.seat)
    better = _replay_words(move, before, None, lang)
    said = [text, better_text(better, note.params.get("then"), lang), figure]
    return " ".join(part for part in said if part)


def _move_words(move: Move, lang: Lang) -> str:
    """A move in a few words: "acrescentar 4♠ ao jogo 1"."""
    from buraco_core.moves import Discard, Draw, Extend, Lay, TakeLixo

    if isinstance(move, Draw):
        return translate("replay.draw", lang)
    if isinstance(move, Discard):
        return translate("cli.coach.move.discard", lang, card=move.card)
    if isinstance(move, Lay):
        laid = " + ".join(" ".join(c.symbol for c in group) for group in move.melds)
        return translate("cli.coach.move.lay", lang, cards=laid)
    if isinstance(move, Extend):
        added = " ".join(c.symbol for c in move.cards)
        return translate("cli.coach.move.extend", lang, cards=added, meld=move.meld + 1)
    assert isinstance(move, TakeLixo)
    if move.new_meld:
        taken = " ".join(c.symbol for c in move.new_meld)
        return translate("cli.coach.move.take_meld", lang, cards=taken)
    if move.extend is not None:
        return translate("replay.take_extend", lang, meld=move.extend + 1)
    return translate("cli.coach.move.take", lang)


# --- replay --------------------------------------------------------------------------------


def _replay_words(move: Move, before: State, after: State | None, lang: Lang) -> str:
    """A move of a replay, with the cards a reader of the record cannot see in the move
    itself: the card drawn, the lixo's top card (a round can be followed from the text)."""
    from buraco_core.moves import Draw, TakeLixo

    if isinstance(move, Draw) and after is not None:
        drawn = Counter(after.hands[before.turn]) - Counter(before.hands[before.turn])
        if len(drawn) == 1:
            return translate("replay.draw_card", lang, card=next(iter(drawn)).symbol)
    if isinstance(move, TakeLixo) and before.lixo and (move.new_meld or move.extend is not None):
        top = before.lixo[-1].symbol
        with_cards = " ".join(c.symbol for c in (move.new_meld or move.cards))
        if move.extend is None:
            return translate("replay.take_meld", lang, top=top, cards=with_cards)
        meld = move.extend + 1
        if with_cards:  # (as a new meld's: "o 10♣ com 10♥", where it ran "o 10♣ 10♥" together)
            say = "replay.take_extend_with"
            return translate(say, lang, top=top, cards=with_cards, meld=meld)
        return translate("replay.take_extend_card", lang, top=top, meld=meld)
    return _move_words(move, lang)


# The moments of a round a replay's text says under the move that made them (a move's other
# events only repeat the move): the morto taken or waiting, going out, the stock run out.
_MOMENTS = frozenset(
    {
        "direct_beat",
        "indirect_beat",
        "morto_picked_up",
        "morto_became_stock",
        "went_out",
        "round_ended_stock_out",
    }
)

REPLAY_FIELDS = ("rules", "options", "players", "seed", "position", "first", "vulnerable", "moves")
# The deal's fields: a dealt `position` takes their place, and they are then not read.
DEAL_FIELDS = ("seed", "players", "first", "vulnerable")
# What a self-play record adds (its outcome): read past, not checked.
RECORD_OUTCOME = ("levels", "ended_by", "scores", "illegal_attempts")


def _replay_start(rules: RuleSet, data: dict[str, Any]) -> State:
    """The round's start: its dealt `position`, or the deal of `seed` (with `players`,
    `first`, `vulnerable`, as `buraco selfplay` and the "Jogar" page export it)."""
    from buraco_core.notation import position_from_data
    from buraco_core.state import deal

    if "position" in data:
        return position_from_data(rules, data["position"])
    if "seed" not in data:
        raise BuracoInputError(InputCode.MISSING, "seed", case="seed_or_position")
    seed, players, first = data["seed"], data.get("players", 4), data.get("first", 0)
    for name, value in (("seed", seed), ("players", players), ("first", first)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise BuracoInputError(InputCode.EXPECTED_NUMBER, name, case="got", got=typed(value))
    if players not in (2, 4):
        raise BuracoInputError(InputCode.PLAYERS, "players", players=players)
    if not 0 <= first < players:
        raise BuracoInputError(InputCode.NO_SUCH_SEAT, "first", seat=first, players=players)
    vulnerable = data.get("vulnerable", [False, False])
    if not isinstance(vulnerable, list):
        raise BuracoInputError(InputCode.EXPECTED_LIST, "vulnerable", got=typed(vulnerable))
    if len(vulnerable) != 2:
        alone = {"case": "alone"} if players == 2 else {}  # (“um por jogador”)
        raise BuracoInputError(InputCode.PER_SIDE, "vulnerable", **alone)
    for side, value in enumerate(vulnerable):
        if not isinstance(value, bool):
            raise BuracoInputError(InputCode.EXPECTED_BOOL, f"vulnerable[{side}]", got=typed(value))
    return deal(rules, players, seed, first, (vulnerable[0], vulnerable[1]))


def _unread_deal(data: dict[str, Any]) -> list[str]:
    """The deal's fields a record gives beside its `position`: the round starts from the
    position (as the replay schema says), so these are not read, and the reader is told."""
    return [field for field in DEAL_FIELDS if field in data] if "position" in data else []


def _replay_data(data: Any, lang: Lang) -> tuple[dict[str, Any], RuleSet, State, list[Move]]:
    """A record's claimed outcome, its rules, the round's start and its moves."""
    # The fields a message lists, sorted as score's and judge's are (not as declared).
    if not isinstance(data, dict):
        raise _not_an_object(data, tuple(sorted(REPLAY_FIELDS)))
    unknown = sorted(set(data) - {*REPLAY_FIELDS, *RECORD_OUTCOME})
    if unknown:
        fields = tuple(sorted({*REPLAY_FIELDS, *RECORD_OUTCOME}))
        raise BuracoInputError(InputCode.UNKNOWN_FIELD, unknown[0], fields=fields)
    claimed = _claimed_outcome(data)
    rules = _rules_of_file(data)
    state = _replay_start(rules, data)
    if "moves" not in data:
        raise BuracoInputError(InputCode.MISSING, "moves")
    raw_moves = data["moves"]
    if not isinstance(raw_moves, list):
        raise BuracoInputError(InputCode.EXPECTED_LIST, "moves", got=typed(raw_moves))
    moves = [_replay_move(m, i, state.players, lang) for i, m in enumerate(raw_moves)]
    return claimed, rules, state, moves


def _refuse_a_folder_of_records(path: str) -> None:
    """`buraco replay rodadas`, the folder `selfplay --save` filled, where a record in it is
    meant: said so, with the command for its first record (a folder without records is
    refused as any folder is, by read_json)."""
    try:
        records = sorted(Path(path).glob("round-*.json")) if Path(path).is_dir() else []
    except OSError:  # (a name too long: read_json says so)
        return
    if records:
        import shlex  # (only for this message: kept out of every start)

        first = shlex.quote(str(records[0]))
        raise BuracoInputError(
            InputCode.CANNOT_READ, path, case="records", count=len(records), file=first
        )


def _move_path(path: str, data: Any, lang: Lang) -> str:
    """A field of a record's move as `_replay_move` names it, both ways: `moves[9].meld
    (jogada 10)`; any other field as it is (`data`, the record, is not needed)."""
    found = re.match(r"moves\[(\d+)\]", path)
    if not found:
        return path
    return f"{path} ({translate('replay.move_number', lang, number=int(found[1]) + 1)})"


def _replay_move(raw: Any, index: int, players: int, lang: Lang) -> Move:
    """A record's move; an error in it names the move as the JSON does (moves[3], from 0)
    and as the replay's text numbers it (jogada 4): a person editing the record by hand
    looks for one or the other."""
    from buraco_core.notation import move_from_data

    try:
        return _seated(move_from_data(raw, f"moves[{index}]"), players, f"moves[{index}]")
    except BuracoInputError as exc:
        raise exc.at(_move_path(exc.path or f"moves[{index}]", raw, lang)) from None


def _replay(args: argparse.Namespace) -> int:
    """Each move of a round's record judged in turn; exit 1 at the first illegal one."""
    from buraco_core.judge import play, round_score
    from buraco_core.notation import move_to_data

    lang = _lang(args)
    _refuse_a_folder_of_records(args.file)
    data = read_json(args.file, lang, partial(_move_path, lang=lang))
    with _fields_of(args.file, data, "replay"):
        claimed, rules, state, moves = _replay_data(data, lang)
    unread = _unread_deal(data)
    if unread:  # (on stderr: the replay itself, text or JSON, stays on stdout)
        where = f"{_file_label(args.file)}: {', '.join(unread)}"
        notice = translate("cli.replay.deal_not_read", lang, count=len(unread))
        _print_error(f"{where}: {notice}", lang, "cli.notice")
    say = partial(translate, lang=lang)
    lines: list[dict[str, Any]] = []
    illegal_at = None
    if not args.json:
        print(say("replay.head", rules=_title(rules, lang), moves=len(moves)))
        # Who plays for which side: the moves name players, the totals sides.
        print(say(f"replay.sides_{state.players}"))
    for number, move in enumerate(moves, start=1):
        seat = state.turn
        verdict, after = play(rules, state, move)
        # The file's own index beside an illegal move's reasons only: the legal moves' events
        # are the round's story, said as the Jogar page says them.
        shown = (
            [_as_written(r, move, f"moves[{number - 1}]", number) for r in verdict.reasons]
            if after is None
            else list(verdict.events)
        )
        lines.append(
            {
                "number": number,
                "seat": seat,
                "move": move_to_data(move),
                "legal": after is not None,
                "reasons": [reason_json(r, partial(message, lang=lang)) for r in shown],
            }
        )
        if not args.json:
            mark = "✓" if after is not None else "✗"
            who = say("replay.seat", seat=seat + 1)
            print(f"{mark} {number:>3}. {who}: {_replay_words(move, state, after, lang)}")
            for line in _reason_lines(shown if after is None else (), lang, "       "):
                print(line)
            moments = [r for r in shown if r.code.value in _MOMENTS] if after is not None else []
            for moment in moments:
                print(f"       → {message(moment, lang)}")
        if after is None:
            illegal_at = number
            break
        state = after
    ended = state.phase.value == "ended" and illegal_at is None
    score = score_json(round_score(rules, state))["sides"] if ended else None
    ended_by = state.ended_by.value if ended and state.ended_by else None
    # What the record says of its own end (a selfplay record does), against the replay's.
    found = {"scores": [side["total"] for side in score] if score else None, "ended_by": ended_by}
    # (Only for a round replayed to its end: a record cut short says where it stopped.)
    differs = ended and any(found[k] != v for k, v in claimed.items())
    # A record that states an end (a selfplay record cut short, its moves stopping mid-round)
    # the legal moves never reach: said, the exit code staying that of a legal replay.
    short = illegal_at is None and not ended and _claims_an_end(claimed)
    if args.json:
        print_json(
            {
                "legal": illegal_at is None,
                "illegal_at": illegal_at,
                "moves": lines,
                "ended_by": ended_by,
                "score": score,
                "rules": rules_label(rules),
                "matches_record": not differs if claimed and ended else None,
                "record_cut_short": short,
                "unread_fields": unread,
            }
        )
    elif illegal_at is not None:
        # (The file's index as text: a JSON path, never regrouped as moves[1.000].)
        print(say("replay.stopped", number=illegal_at, index=str(illegal_at - 1)))
    elif score is not None:
        # How it ended, and who went out: the player of the last move (a batida ends the round).
        ending = f"replay.ended.{ended_by}" if ended_by else "replay.ended"
        a, b, seat = score[0]["total"], score[1]["total"], lines[-1]["seat"] + 1
        print(say(ending, a=a, b=b, seat=seat))
    else:
        phase = translate(f"cli.phase.{state.phase.value}", lang)
        print(say("replay.unfinished", seat=state.turn + 1, phase=phase))
    if differs and not args.json:
        print(say("replay.record_differs", said=_outcome_text(claimed, lang)))
    if short and not args.json:
        print(say("replay.record_cut_short", said=_outcome_text(claimed, lang)))
    return 0 if illegal_at is None and not differs else 1


def _claimed_outcome(data: dict[str, Any]) -> dict[str, Any]:
    """The end a record states (`scores`, `ended_by`), checked for its kind; the rest of
    the record's outcome (`levels`, `illegal_attempts`) only for its kind."""
    claimed: dict[str, Any] = {}
    scores = data.get("scores")
    if scores is not None:
        if not isinstance(scores, list):
            raise BuracoInputError(InputCode.EXPECTED_LIST, "scores", got=typed(scores))
        if len(scores) != 2:
            alone = {"case": "alone"} if data.get("players") == 2 else {}  # (“um por jogador”)
            raise BuracoInputError(InputCode.PER_SIDE, "scores", **alone)
        for side, points in enumerate(scores):
            if isinstance(points, bool) or not isinstance(points, int):
                where, got = f"scores[{side}]", typed(points)
                raise BuracoInputError(InputCode.EXPECTED_NUMBER, where, case="got", got=got)
        claimed["scores"] = scores
    if "ended_by" in data:
        ended_by, allowed = data["ended_by"], ("batida", "stock_out")
        if ended_by is not None and ended_by not in allowed:
            raise BuracoInputError(
                InputCode.NOT_ONE_OF, "ended_by", value=typed(ended_by), allowed=(*allowed, None)
            )
        claimed["ended_by"] = ended_by
    levels = data.get("levels", [])
    if not isinstance(levels, list):
        raise BuracoInputError(InputCode.EXPECTED_LIST, "levels", got=typed(levels))
    for side, level in enumerate(levels):  # (the list is one: the level in it is not text)
        if not isinstance(level, str):
            where, got = f"levels[{side}]", typed(level)
            raise BuracoInputError(InputCode.EXPECTED_TEXT, where, case="got", got=got)
    attempts = data.get("illegal_attempts", 0)
    if isinstance(attempts, bool) or not isinstance(attempts, int):
        got = typed(attempts)
        raise BuracoInputError(InputCode.EXPECTED_NUMBER, "illegal_attempts", case="got", got=got)
    return claimed


def _claims_an_end(claimed: dict[str, Any]) -> bool:
    """Whether a record states that its round ended: an ending, or scores with no ending
    said (`"ended_by": null` says the round did not end)."""
    if "ended_by" in claimed:
        return claimed["ended_by"] is not None
    return claimed.get("scores") is not None


def _outcome_text(claimed: dict[str, Any], lang: Lang) -> str:
    parts = []
    if claimed.get("scores") is not None:
        a, b = claimed["scores"]
        parts.append(translate("replay.sides", lang, a=a, b=b))
    if "ended_by" in claimed:
        parts.append(translate(f"replay.ended_by.{claimed['ended_by']}", lang))
    return "; ".join(parts)


# --- rules ---------------------------------------------------------------------------------


def _shown_value(name: str, value: Any, lang: Lang) -> str:
    """An option's value as `buraco rules` prints it: sim/não (yes/no), never True/False, in
    the same words as the variants table; a choice as --set takes it, with its meaning:
    after a colon where the meaning has brackets of its own (“pickup = top_card: justificada
    (carta de cima)”), never brackets in brackets."""
    said = value_text(name, value, lang)
    if not isinstance(value, str):
        return said
    if reads_as_code(value, said):  # (en “pickup = free”, not “free  (free)”)
        return value
    return f"{value}: {said}" if "(" in said else f"{value}  ({said})"


def sources_line(sources: Sequence[str], lang: Lang) -> str:
    """ "fontes: textos 000, 003; leitura do projeto" for a rule point or an option."""
    seeds = [s for s in sources if s.isdigit()]
    parts = []
    if seeds:
        parts.append(translate("source.seeds", lang, count=len(seeds), ids=", ".join(seeds)))
    if "project" in sources:
        parts.append(translate("source.project", lang))
    return translate("cli.rules.sources", lang, sources="; ".join(parts) or "-")


def _rules(args: argparse.Namespace) -> int:
    lang = _lang(args)
    if args.name is not None and not args.name.strip():  # (not the table of all three)
        raise BuracoInputError(InputCode.UNKNOWN_RULES, typed(args.name))
    if args.options and not args.name:
        raise BuracoInputError(InputCode.SET_WITHOUT_RULES, "--set")
    words = list(args.search or ())
    if args.name is None and len(words) > 1 and _names_rules(words[-1]) and _asks(words[:-1]):
        args.name = words.pop()  # (`--search morto stbl`: the morto at an STBL table)
    chosen = _command_line_rules(args.name, args.options, None, "") if args.name else None
    if args.search is not None:
        query = " ".join(words)
        return _rules_search(query, chosen, lang, as_json=args.json, every=args.all)
    if args.all:
        raise BuracoInputError(InputCode.ALL_WITHOUT_SEARCH, "--all")
    differ = [o for o in OPTIONS if o.presets_differ]
    if args.json:
        data: dict[str, Any] = {
            "options": [
                {
                    "name": o.name,
                    "description": option_description(o.name, lang),
                    "sources": list(o.sources),
                    "presets": dict(o.presets),
                    **({"value": getattr(chosen, o.name)} if chosen else {}),
                    # (added: the option that leaves this one without effect here, or null)
                    **({"idle": chosen.idled_by(o.name)} if chosen else {}),
                }
                for o in OPTIONS
            ],
            "presets_differ_in": [o.name for o in differ],
        }
        if chosen:
            data["rules"] = rules_label(chosen)
        print_json(data)
        return 0
    if chosen:
        print(preset_title(chosen.preset, lang))
        for o in OPTIONS:
            value = getattr(chosen, o.name)
            mark = "*" if o.name in chosen.changed_options() else " "
            idle = idle_note(chosen, o.name, lang)
            shown = _shown_value(o.name, value, lang) + (f" {idle}" if idle else "")
            print(f"{mark} {o.name} = {shown}")
            print(f"      {option_description(o.name, lang)}")
            print(f"      {sources_line(o.sources, lang)}")
        return 0
    print(translate("cli.rules.differ", lang))
    # Each row as a person names the rule; under it, how --set names it, and the sources.
    names = [option_name(o.name, lang) for o in differ]
    width = max(map(len, names))
    titles = [preset_title(p, lang) for p in PRESET_NAMES]
    rows = [[value_text(o.name, o.presets[p], lang) for p in PRESET_NAMES] for o in differ]
    col = 2 + max(len(c) for row in [titles, *rows] for c in row)
    terminal = terminal_width()
    if terminal is not None and width + 2 + col * len(titles) > terminal:
        # A terminal narrower than the table (it takes ~120 columns): a rule at a time,
        # each variant's value on a line, rather than rows the terminal breaks apart.
        said = max(map(len, titles))
        for o, name, row in zip(differ, names, rows, strict=True):
            print()
            print(name)
            for title, cell in zip(titles, row, strict=True):
                print(fill_line(f"  {title:<{said}}  {cell}", terminal, hang=said + 4))
            print(f"  --set {o.name}")
            print(f"  {sources_line(o.sources, lang)}")
        print()
        print(translate("cli.rules.more", lang))
        return 0
    print(" " * (width + 2) + "".join(f"{title:<{col}}" for title in titles))
    for o, name, row in zip(differ, names, rows, strict=True):
        print(f"{name:<{width}}  " + "".join(f"{cell:<{col}}" for cell in row))
        print(f"{'':<{width}}  --set {o.name} · {sources_line(o.sources, lang)}")
    print()
    print(translate("cli.rules.more", lang))
    return 0


def _asks(words: list[str]) -> bool:
    """Whether the words ask something the reference answers: in `--search what is stbl`
    the variant is what is asked, not the table asking (“what is” alone answers nothing)."""
    from buraco_course.reference import answers

    return bool(answers(" ".join(words)).all)


def _names_rules(word: str) -> bool:
    try:
        preset_name(word)
    except BuracoInputError:
        return False
    return True


def _rules_search(
    query: str, chosen: RuleSet | None, lang: Lang, as_json: bool, every: bool
) -> int:
    """The rules reference's answers to a question, as the lookup page gives them: the few
    that answer it, then (with --all) the others its words find, or how many they are."""
    # (only this subcommand reads the reference)
    from buraco_course.reference import answers, search

    if not query.strip():  # (not “nothing answers “””: say what to type)
        raise BuracoInputError(InputCode.MISSING, "--search", case="search_blank")
    found = answers(query)
    if as_json:
        # As before, the first five of the search (with --all, every match) and every field;
        # each point also says whether it answers the question, and how many match in all.
        ranked = search(query)
        listed = [p for n, p in enumerate(ranked) if every or n < 5 or p in found.close]
        print_json(
            {
                "query": query,
                "points": [
                    {
                        "id": p.id,
                        "title": p.title(lang),
                        "text": p.text(lang),
                        "sources": list(p.sources),
                        "option": p.option,
                        **({"presets": dict(p.per_preset(lang))} if p.option else {}),
                        **({"at_table": p.at_table(chosen, lang)} if chosen and p.option else {}),
                        "lesson": p.lesson,
                        "close": p in found.close,
                    }
                    for p in listed
                ],
                "matches": len(found.all),
                "unread": list(found.unread),
            }
        )
        return 0
    # The words no rule holds (“pretos”), said with the answer or its absence (not when
    # they are the whole question: that nothing answers it says so already).
    named = bool(found.unread) and not found.only_unread
    unread = [unread_text(found.unread, bool(found.close), lang)] if named else []
    if not found.all:
        print(" ".join([translate("cli.rules.nothing", lang, query=query), *unread]))
        print(translate("cli.rules.nothing_try", lang))  # (else a dead end: what to try)
        return 0
    if not found.close:
        print(" ".join([translate("cli.rules.nothing_close", lang, query=query), *unread]))
        print()
    elif unread:
        print(unread[0])
        print()
    for p in found.close:
        _print_point(p, chosen, lang)
    said = "cli.rules.more_matches" if found.close else "cli.rules.matches"
    if found.more and every:
        print(translate(said, lang, n=len(found.more)))
        print()
        for p in found.more:
            _print_point(p, chosen, lang)
    elif found.more:
        print(translate(f"{said}_all", lang, n=len(found.more)))
    return 0


def _print_point(p: RulePoint, chosen: RuleSet | None, lang: Lang) -> None:
    """One rule point of `buraco rules --search`, and a blank line."""
    print(f"■ {p.title(lang)}")
    print(f"  {p.text(lang).replace('`', '')}")  # (the page's code marks, not for a terminal)
    if p.option and chosen:
        print(f"  {preset_title(chosen.preset, lang)}: {p.at_table(chosen, lang)}")
    elif p.option:
        for preset, said in p.per_preset(lang):
            print(f"  {preset_title(preset, lang)}: {said}")
    if p.option:
        print(f"  {translate('cli.rules.option', lang, name=p.option)}")
    print(f"  {sources_line(p.sources, lang)}")
    print()


if __name__ == "__main__":
    sys.exit(main())
