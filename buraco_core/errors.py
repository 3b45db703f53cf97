"""The one exception type of the core: bad input (never an illegal move).

An input error carries a stable code (`InputCode`), the path of the field that was wrong
(`sides[0].melds[1][2]`, `position.hands[0]`; none for a card typed alone, which its message
names) and the values that fill its message (a `case` value picks a more specific wording);
callers place and word it from those, never from the text. The messages, pt-BR and English,
live in the front ends' catalogs (`buraco_text.error_message`); `str(err)` is the code and
values, for a developer's traceback.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:  # only the converter below reads it: the core starts without pydantic
    from pydantic import ValidationError


class InputCode(StrEnum):
    # --- cards
    NOT_A_CARD = "not_a_card"
    IMPOSSIBLE_CARD = "impossible_card"
    TOO_MANY_COPIES = "too_many_copies"
    # --- data in general: files, JSON, fields
    CANNOT_READ = "cannot_read"
    CANNOT_WRITE = "cannot_write"
    NOT_UTF8 = "not_utf8"
    TOO_BIG = "too_big"  # a file or a list over the front end's size limit
    TOO_DEEP = "too_deep"  # JSON nested deeper than any real file
    NUMBER_TOO_LONG = "number_too_long"
    REPEATED_FIELD = "repeated_field"  # a JSON object with a field twice
    NOT_JSON = "not_json"
    NOT_TOML = "not_toml"
    UNKNOWN_FIELD = "unknown_field"
    MISSING = "missing"
    REQUIRED_FOR_MOVE = "required_for_move"
    NOT_FOR_MOVE = "not_for_move"
    EXPECTED_OBJECT = "expected_object"
    EXPECTED_LIST = "expected_list"
    EXPECTED_BOOL = "expected_bool"
    EXPECTED_TEXT = "expected_text"
    EXPECTED_NUMBER = "expected_number"
    NOT_ONE_OF = "not_one_of"
    TOO_SMALL = "too_small"
    TOO_LARGE = "too_large"
    INVALID = "invalid"  # any other schema error: `detail` is the validator's own words
    # --- rules and languages
    UNKNOWN_RULES = "unknown_rules"
    UNKNOWN_OPTION = "unknown_option"
    UNKNOWN_OPTION_CLOSE = "unknown_option_close"  # with the closest name
    PRESET_AS_OPTION = "preset_as_option"
    BAD_ASSIGNMENT = "bad_assignment"
    UNKNOWN_LANGUAGE = "unknown_language"
    SET_WITHOUT_RULES = "set_without_rules"
    ALL_WITHOUT_SEARCH = "all_without_search"
    # --- rounds and matches
    NO_SIDES = "no_sides"
    SIDE_NAMES_REPEAT = "side_names_repeat"
    TWO_WENT_OUT = "two_went_out"
    TOO_MANY_SIDES = "too_many_sides"
    WENT_OUT_WITHOUT_MORTO = "went_out_without_morto"
    WENT_OUT_WITHOUT_CANASTRA = "went_out_without_canastra"
    TOO_MANY_HANDS = "too_many_hands"  # more hands than a side has players
    WENT_OUT_WITH_CARDS = "went_out_with_cards"  # a side went out, yet each player holds cards
    NOT_A_MELD = "not_a_meld"
    WRONG_SCORE_COUNT = "wrong_score_count"
    # --- positions
    PLAYERS = "players"
    HAND_COUNT = "hand_count"
    NO_SUCH_SEAT = "no_such_seat"
    PER_SIDE = "per_side"
    TOO_MANY_MORTOS = "too_many_mortos"
    MORTOS_CONTRADICT = "mortos_contradict"
    HIDDEN_CARDS_SHORT = "hidden_cards_short"
    CARDS_NOWHERE = "cards_nowhere"
    WAITING_MORTO_SEAT = "waiting_morto_seat"
    NOT_WAITING = "not_waiting"
    # --- the course
    NEEDS_POSITION = "needs_position"
    WRONG_TASK = "wrong_task"
    MOVE_OR_MELD = "move_or_meld"
    NO_SUCH_RULE_POINT = "no_such_rule_point"
    NO_COURSE = "no_course"


class BuracoInputError(ValueError):
    """Input the core cannot read: an unparseable card, an unknown option, a malformed file.

    >>> err = BuracoInputError(InputCode.EXPECTED_BOOL, "sides[0].went_out", got="'yes'")
    >>> err.code, err.path, err.values
    (<InputCode.EXPECTED_BOOL: 'expected_bool'>, 'sides[0].went_out', {'got': "'yes'"})
    >>> print(err)
    sides[0].went_out: expected_bool (got="'yes'")
    """

    def __init__(self, code: InputCode, path: str = "", **values: Any) -> None:
        self.code = code
        self.path = path
        self.values = values
        super().__init__(code, path)

    def at(self, path: str) -> BuracoInputError:
        """The same error, placed at another path (a token inside a file's field)."""
        return BuracoInputError(self.code, path, **self.values)

    @property
    def where(self) -> str:
        return self.path

    @property
    def problem(self) -> str:
        """What was wrong, as its code and values (without the path)."""
        values = ", ".join(f"{k}={v!r}" for k, v in self.values.items())
        return f"{self.code.value} ({values})" if values else self.code.value

    def __str__(self) -> str:
        return f"{self.path}: {self.problem}" if self.path else self.problem


# --- pydantic's validation errors as input errors: the one converter -----------------------

# Union branches show up in pydantic's error locations; they are not fields.
_BRANCH_TAGS = {"int", "str", "bool", "LixoTop", "MortoData", "MeldData"}
# Errors that only say "not this branch of the union": the others say more.
_TYPE_ERRORS = {
    "list_type",
    "int_type",
    "int_parsing",
    "literal_error",
    "model_type",
    "model_attributes_type",
    "dict_type",
    "string_type",
    "bool_type",
}


def field_path(loc: tuple[int | str, ...]) -> str:
    """pydantic's error location as a field path: `.hands[0][2]`."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif "[" not in part and "-" not in part and part not in _BRANCH_TAGS:
            out += f".{part}"
    return out


# The ids of lessons, exercises and themes: what `from_validation` explains in words.
ID_PATTERN: Final = r"^[a-z0-9_]+$"


def typed(value: Any) -> str:
    """A value a person gave, as a message shows it back: text in curly quotes (“maybe”),
    anything else as JSON writes it (2, null, true, [1, 0]), which is how it was typed.

    >>> typed("maybe"), typed(2), typed(None), typed([1, False])
    ('“maybe”', '2', 'null', '[1, false]')
    """
    if isinstance(value, str):
        return f"“{value}”"
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # (not JSON: a value given from Python)
        return repr(value)


def _literal_values(expected: str) -> tuple[str | int, ...]:
    """pydantic's English list of a Literal's values ("2 or 4", "'draw', 'lay' or 'discard'")
    as the values, for the front ends to list in the reader's language."""
    head, _, last = expected.rpartition(" or ")
    values: list[str | int] = []
    for part in [*head.split(", "), last] if head else [last]:
        if len(part) > 1 and part[0] == part[-1] and part[0] in "'\"":
            values.append(part[1:-1])
        else:
            values.append(int(part) if part.lstrip("-").isdigit() else part)
    return tuple(values)


def from_validation(
    exc: ValidationError,
    where: str,
    fields: Iterable[str] = (),
    nested: Mapping[str, Iterable[str]] | None = None,
) -> BuracoInputError:
    """The most telling of pydantic's errors as a BuracoInputError at `where` + its field.

    Checks of a model's own (validators) raise `PydanticCustomError(InputCode, ..., values)`;
    a `field` value among them names the field when the check spans several. `fields` are
    the model's own, listed when an unknown one is given at its top level; `nested`, the
    fields of the models inside it by their names, listed for an unknown one there."""
    best = min(exc.errors(), key=lambda e: (e["type"] in _TYPE_ERRORS, -len(e["loc"])))
    path = where + field_path(best["loc"]) if where else field_path(best["loc"])[1:]
    context = dict(best.get("ctx") or {})
    kind = best["type"]
    if kind in InputCode.__members__.values():
        field = context.pop("field", None)
        if field:
            path = f"{where}.{field}" if where else str(field)
        return BuracoInputError(InputCode(kind), path, **context)
    value = typed(best.get("input"))
    if kind == "missing":
        return BuracoInputError(InputCode.MISSING, path)
    if kind == "extra_forbidden" and fields and len(best["loc"]) == 1:
        return BuracoInputError(InputCode.UNKNOWN_FIELD, path, fields=sorted(fields))
    # (pydantic's location names the model the field is unknown to: `lixo.LixoTop.x`.)
    owner = (nested or {}).get(str(best["loc"][-2])) if len(best["loc"]) > 1 else None
    if kind == "extra_forbidden" and owner is not None:
        return BuracoInputError(InputCode.UNKNOWN_FIELD, path, fields=sorted(owner))
    if kind in ("greater_than_equal", "greater_than"):
        least = context.get("ge", context.get("gt"))
        return BuracoInputError(InputCode.TOO_SMALL, path, value=value, least=least)
    if kind in ("less_than_equal", "less_than"):
        most = context.get("le", context.get("lt"))
        return BuracoInputError(InputCode.TOO_LARGE, path, value=value, most=most)
    if kind in ("int_parsing", "int_type", "int_from_float"):
        # What came, as written: “5” in quotes is text, 5.0 a decimal (the same number to
        # the person who wrote it, so the message shows which of the two was wrong).
        return BuracoInputError(InputCode.EXPECTED_NUMBER, path, case="got", got=value)
    # pydantic's English (and its class names) never reach a message: the catalogs' words.
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return BuracoInputError(InputCode.EXPECTED_OBJECT, path, case="any", got=value)
    if kind == "list_type":
        # A field of cards or a count (a hand, the stock), or of cards or an object (the
        # lixo's top and count, a built-up meld): the message names both kinds it takes.
        here = field_path(best["loc"])
        others = {e["type"] for e in exc.errors() if field_path(e["loc"]) == here}
        for other, case in (("int_type", "or_count"), ("model_type", "or_object")):
            if other in others:
                return BuracoInputError(InputCode.EXPECTED_LIST, path, got=value, case=case)
        return BuracoInputError(InputCode.EXPECTED_LIST, path, got=value)
    if kind in ("bool_type", "bool_parsing"):
        return BuracoInputError(InputCode.EXPECTED_BOOL, path, got=value)
    if kind == "string_type":  # (a card as 0 or ["4h"]: what came, as for a list or a number)
        return BuracoInputError(InputCode.EXPECTED_TEXT, path, case="got", got=value)
    if kind == "string_too_short" and int(context.get("min_length", 1)) > 1:
        # (a lesson's id of two letters: "a non-empty text" was no help)
        least = context["min_length"]
        return BuracoInputError(
            InputCode.EXPECTED_TEXT, path, case="at_least", least=least, got=value
        )
    if kind == "string_too_short":
        return BuracoInputError(InputCode.EXPECTED_TEXT, path)
    if kind == "string_too_long":  # (not echoed: too long to read back)
        most = context.get("max_length")
        return BuracoInputError(InputCode.EXPECTED_TEXT, path, case="at_most", most=most)
    if kind == "string_pattern_mismatch" and context.get("pattern") == ID_PATTERN:
        # (pydantic's English and a regular expression said nothing to a lesson's author)
        return BuracoInputError(InputCode.EXPECTED_TEXT, path, case="id", got=value)
    if kind == "literal_error":
        allowed = _literal_values(str(context.get("expected", "")))
        return BuracoInputError(InputCode.NOT_ONE_OF, path, value=value, allowed=allowed)
    return BuracoInputError(InputCode.INVALID, path, detail=str(best["msg"]))
