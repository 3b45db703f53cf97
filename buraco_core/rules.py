"""Rule sets: every point the sources disagree on is an option with checked values.

Three presets are the three named variants (Aberto, Fechado, Fechado STBL); any option can be
changed on top of a preset. Code reads the option fields, never the preset name.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Literal, get_args, get_origin, get_type_hints

from buraco_core.errors import BuracoInputError, InputCode, typed
from buraco_core.numbers import whole_number

PresetName = Literal["aberto", "fechado", "stbl"]
PRESET_NAMES: tuple[PresetName, ...] = ("aberto", "fechado", "stbl")
# Where an option is shown: the sidebar's groups, in this order.
OptionGroup = Literal["play", "scoring", "match"]
OPTION_GROUPS: tuple[OptionGroup, ...] = ("play", "scoring", "match")


def Field(
    default: Any,
    *,
    ge: int | None = None,
    le: int | None = None,
    json_schema_extra: dict[str, Any] | None = None,
) -> Any:
    """One option's declaration: its default, a whole number's bounds, and its `sources`,
    `group` and sidebar `step`. Checked by hand (no pydantic: `buraco meld` starts fast)."""
    return field(default=default, metadata={"ge": ge, "le": le, **(json_schema_extra or {})})


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The rules one table plays by. Frozen; unknown options are rejected.

    Each field declares one option: its type and values, its default, the seed files its
    dispute comes from and its group; the presets below give its value per variant, and
    its texts are in buraco_text's catalogs under `option.NAME`. Values arrive as text too
    (`--set trincas=false`, a link): each is read and checked as it is built.
    """

    preset: PresetName = Field("fechado", json_schema_extra={"sources": []})
    jokers_in_deck: bool = Field(
        True, json_schema_extra={"sources": ["000", "001", "002", "003"], "group": "play"}
    )
    joker_points: int = Field(
        50,
        ge=0,
        le=1000,
        json_schema_extra={"sources": ["000", "001", "002", "003"], "group": "scoring"},
    )
    trincas: bool = Field(
        False, json_schema_extra={"sources": ["000", "001", "003"], "group": "play"}
    )
    trinca_suits: Literal["any", "distinct"] = Field(
        "any", json_schema_extra={"sources": ["000", "003"], "group": "play"}
    )
    discard_pile_visible: Literal["all", "top"] = Field(
        "top", json_schema_extra={"sources": ["000", "001", "002", "003"], "group": "play"}
    )
    pickup: Literal["free", "top_card", "top_card_two_from_hand"] = Field(
        "top_card", json_schema_extra={"sources": ["000", "002", "003"], "group": "play"}
    )
    wild_top_card_new_meld_only: bool = Field(
        True, json_schema_extra={"sources": ["002", "003"], "group": "play"}
    )
    two_on_lixo_may_sit_natural: bool = Field(
        False, json_schema_extra={"sources": ["002", "003"], "group": "play"}
    )
    go_out_requires: Literal["clean_canastra", "any_canastra"] = Field(
        "any_canastra", json_schema_extra={"sources": ["000", "001", "002", "003"], "group": "play"}
    )
    go_out_by: Literal["meld_or_discard", "discard"] = Field(
        "meld_or_discard",
        json_schema_extra={"sources": ["000", "001", "002", "003"], "group": "play"},
    )
    wild_two_beside_natural_two: bool = Field(
        False, json_schema_extra={"sources": ["000", "003"], "group": "play"}
    )
    big_canastras_at_once: bool = Field(
        False, json_schema_extra={"sources": ["002"], "group": "play"}
    )
    batida_points: int = Field(
        100,
        ge=0,
        le=10000,
        json_schema_extra={"sources": ["000", "001", "002", "003"], "group": "scoring"},
    )
    canastra_suja_points: int = Field(
        100,
        ge=0,
        le=10000,
        json_schema_extra={"sources": ["000", "001", "002", "003"], "group": "scoring"},
    )
    canastra_limpa_points: int = Field(
        200,
        ge=0,
        le=10000,
        json_schema_extra={"sources": ["000", "001", "002", "003"], "group": "scoring"},
    )
    canastra_500_points: int = Field(
        500,
        ge=0,
        le=10000,
        json_schema_extra={"sources": ["000", "001", "002"], "group": "scoring"},
    )
    canastra_real_points: int = Field(
        1000,
        ge=0,
        le=10000,
        json_schema_extra={"sources": ["000", "001", "002"], "group": "scoring"},
    )
    morto_penalty: int = Field(
        100,
        ge=0,
        le=10000,
        json_schema_extra={"sources": ["000", "001", "002", "003"], "group": "scoring"},
    )
    partner_may_go_out_while_morto_waits: bool = Field(
        False, json_schema_extra={"sources": ["000", "001", "003"], "group": "play"}
    )
    # [001] paid as if never taken ([003]: picked up only at the next turn); [000] received.
    unused_indirect_morto_paid: bool = Field(
        True, json_schema_extra={"sources": ["000", "001", "003"], "group": "scoring"}
    )
    both_mortos_stock_penalty: bool = Field(
        True, json_schema_extra={"sources": ["000", "003"], "group": "scoring"}
    )
    eight_of_a_kind_real: bool = Field(
        False, json_schema_extra={"sources": ["003"], "group": "scoring"}
    )
    target_score: int = Field(
        3000,
        ge=100,
        le=100000,
        json_schema_extra={"sources": ["003"], "group": "match", "step": 500},
    )
    vulnerable_min_meld_points: int = Field(
        0, ge=0, le=1000, json_schema_extra={"sources": ["003"], "group": "match"}
    )
    # [003] "a primeira baixada": everything laid down in that turn, or one meld.
    vulnerable_min_counts: Literal["turn", "first_meld"] = Field(
        "turn", json_schema_extra={"sources": ["003"], "group": "match"}
    )
    # [003] "Variações comuns": the cutter leaves exactly 44 cards: +points; fewer: -points.
    corte_44_points: int = Field(
        0, ge=0, le=10000, json_schema_extra={"sources": ["003"], "group": "scoring"}
    )
    round_up_to_ten: bool = Field(False, json_schema_extra={"sources": ["003"], "group": "scoring"})

    def __post_init__(self) -> None:
        for name in _FIELD_NAMES:
            object.__setattr__(self, name, _checked(name, getattr(self, name)))

    def changed_options(self) -> dict[str, Any]:
        """The options that differ from this rule set's preset."""
        base = PRESETS[self.preset]
        return {
            name: value
            for name, value in self.values().items()
            if name != "preset" and getattr(base, name) != value
        }

    def idle_options(self) -> tuple[str, ...]:
        """The changed options that these rules leave without effect (`idled_by` says why)."""
        return tuple(name for name in self.changed_options() if self.idled_by(name))

    def idled_by(self, name: str) -> str | None:
        """The option whose value leaves option `name` without effect here, if one does: how
        a trinca's suits are read, or eight equal cards, where no trinca may be laid (Aberto,
        STBL) [000, 001]; what a wild or a 2 on top of the lixo may justify, where the lixo
        is taken with no condition (Aberto: "sem justificada" [000]); the 2's reading, where
        a wild on top has no condition either [002, 003]; what a vulnerable side's first
        baixada counts, where no minimum is asked [003]."""
        if name in ("trinca_suits", "eight_of_a_kind_real") and not self.trincas:
            return "trincas"
        lixo_top = ("wild_top_card_new_meld_only", "two_on_lixo_may_sit_natural")
        if name in lixo_top and self.pickup == "free":
            return "pickup"
        if name == "two_on_lixo_may_sit_natural" and not self.wild_top_card_new_meld_only:
            return "wild_top_card_new_meld_only"
        if name == "vulnerable_min_counts" and not self.vulnerable_min_meld_points:
            return "vulnerable_min_meld_points"
        return None

    def with_options(self, **options: Any) -> RuleSet:
        """A copy with some options changed, each value checked."""
        return _build(self.values() | options)

    def values(self) -> dict[str, Any]:
        """Every field by name, the preset first."""
        return {name: getattr(self, name) for name in _FIELD_NAMES}

    @property
    def deck_size(self) -> int:
        return 108 if self.jokers_in_deck else 104


_FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in fields(RuleSet))
OPTION_NAMES: tuple[str, ...] = tuple(n for n in _FIELD_NAMES if n != "preset")
_TYPES: dict[str, Any] = get_type_hints(RuleSet)
_DECLARED: dict[str, dict[str, Any]] = {f.name: dict(f.metadata) for f in fields(RuleSet)}


def option_sources(name: str) -> tuple[str, ...]:
    """The seed files an option's disagreement comes from."""
    return tuple(str(s) for s in _DECLARED[name].get("sources", []))


def option_choices(name: str) -> tuple[Any, ...] | None:
    """The allowed values of an enumerated option (booleans included), else None."""
    annotation = _TYPES[name]
    if annotation is bool:
        return (False, True)
    return get_args(annotation) if get_origin(annotation) is Literal else None


# Text a boolean may be written as: the words pydantic's lax mode read, kept as they were,
# and the Portuguese that `buraco rules` shows (Sim, Não).
_TRUE = {"1", "on", "t", "true", "y", "yes", "sim", "s"}
_FALSE = {"0", "off", "f", "false", "n", "no", "não", "nao"}


def _checked(name: str, value: Any) -> Any:
    """An option's value read (text too) and checked, else an input error at `options.NAME`."""
    path = f"options.{name}"
    choices = option_choices(name)
    if choices is None:
        number = whole_number(value)
        if number is None:  # (text "20" is a number here: --set gives text)
            raise BuracoInputError(InputCode.EXPECTED_NUMBER, path, case="value", got=typed(value))
        least, most = _DECLARED[name]["ge"], _DECLARED[name]["le"]
        if least is not None and number < least:
            raise BuracoInputError(InputCode.TOO_SMALL, path, value=typed(value), least=least)
        if most is not None and number > most:
            raise BuracoInputError(InputCode.TOO_LARGE, path, value=typed(value), most=most)
        return number
    if choices == (False, True):
        if isinstance(value, bool):
            return value
        if isinstance(value, int | float) and value in (0, 1):
            return bool(value)
        if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
            return value.lower() in _TRUE
    elif isinstance(value, str) and value in choices:
        return value
    if choices == (False, True):
        # As they are typed (--set trincas=true, JSON true), not as Python writes them (True);
        # the message names the words a person may also write (case yes_no).
        raise BuracoInputError(
            InputCode.NOT_ONE_OF, path, value=typed(value), allowed=("true", "false"), case="yes_no"
        )
    allowed = tuple(map(str, choices))
    # (`option` lets a message say what each choice means, as `buraco rules` does.)
    raise BuracoInputError(
        InputCode.NOT_ONE_OF, path, value=typed(value), allowed=allowed, option=name
    )


def _build(values: dict[str, Any]) -> RuleSet:
    unknown = [name for name in values if name not in _DECLARED]
    if not unknown:
        return RuleSet(**values)
    raise unknown_option(unknown[0], f"options: {unknown[0]}")


def unknown_option(
    name: str, path: str, words: Mapping[str, Iterable[str]] | None = None
) -> BuracoInputError:
    """The error for a name that is no option, with the options it may stand for. `words`
    are the other names people give each option (its name in each language, the words
    players use for it: `pegar`, `lavadeira`), which a front end knows: a name among them,
    or a word of one (`pegar` of “pegar o lixo”), names its options; otherwise the options
    whose name it is near (misspelt: `coringa`) or begins."""
    import difflib  # only for a misspelt option: kept out of every start of `buraco`

    named = _options_worded(name, words) if words else ()
    if named:  # (and the options it begins: `go_out` is go_out_by's and go_out_requires')
        named = tuple(dict.fromkeys([*named, *_begun(name)]))[:MAX_CANDIDATES]
    close = list(named[:1]) if len(named) == 1 else []
    if not named:
        close = difflib.get_close_matches(name, OPTION_NAMES, n=1)
    # The names it may have meant: as close as the closest, or begun by it (`joker`:
    # jokers_in_deck and joker_points, which difflib alone takes for neither). Several, or
    # one only a prefix finds, are listed (case `candidates`); the code stays as it was,
    # with the closest name, if difflib finds one.
    candidates = named or _candidates(name, close)
    listed: dict[str, Any] = {}
    if len(candidates) > 1 or (candidates and not close):
        listed = {"candidates": candidates, "case": "candidates"}
    if close:
        return BuracoInputError(
            InputCode.UNKNOWN_OPTION_CLOSE, path, close=close[0], options=OPTION_NAMES, **listed
        )
    return BuracoInputError(InputCode.UNKNOWN_OPTION, path, options=OPTION_NAMES, **listed)


# Words of an option's name too common to name it alone ("bater com", "taking the lixo").
_LINKING_WORDS = frozenset(
    {"com", "sem", "que", "uma", "das", "dos", "nas", "nos", "para", "the", "and", "for", "out"}
)


def _name_words(text: str) -> frozenset[str]:
    """The words of a name that may name it, a plural as its singular (curingas: curinga)."""
    return frozenset(
        w[:-1] if len(w) > 3 and w.endswith("s") else w
        for w in _normalize(text).split()
        if len(w) >= 3 and w not in _LINKING_WORDS
    )


def _options_worded(name: str, words: Mapping[str, Iterable[str]]) -> tuple[str, ...]:
    """The options `name` says in `words` (and its code, spaced: `pick up` for pickup):
    those with a name it says whole (“compra livre”), else those with a name holding all its
    words (`pegar`, `pegar lixo` of “pegar o lixo”), else those with a name or word it is a
    near miss of (`coringa` of “curinga”, `pegr` of “pegar”); none past MAX_CANDIDATES,
    where the word names no option in particular (`canastra`: five)."""
    import difflib

    wanted = _normalize(name)
    names = {
        option: {_normalize(n) for n in (option, *words.get(option, ()))} - {""}
        for option in OPTION_NAMES
    }
    found = [o for o in OPTION_NAMES if wanted in names[o]]
    said = _name_words(wanted)
    if not found and said:
        held = {o: [len(_name_words(n)) for n in names[o] if said <= _name_words(n)] for o in names}
        # (The shortest name first: `pegar` is more “pegar o lixo” than any longer name.)
        found = sorted((o for o in OPTION_NAMES if held[o]), key=lambda o: min(held[o]))
    if not found and len(wanted) >= 4:
        # A name it is near (`coringa`: joker_points, “curinga”), else a word of one.
        for forms in (names, {o: _words_of(names[o]) for o in OPTION_NAMES}):
            near = difflib.get_close_matches(wanted, _union(forms), n=MAX_CANDIDATES, cutoff=0.8)
            found = list(dict.fromkeys(o for n in near for o in OPTION_NAMES if n in forms[o]))
            if found:
                break
    return tuple(found) if len(found) <= MAX_CANDIDATES else ()


def _words_of(names: Iterable[str]) -> set[str]:
    return {w for n in names for w in _name_words(n)}


def _union(forms: Mapping[str, set[str]]) -> set[str]:
    return {n for names in forms.values() for n in names}


MAX_CANDIDATES = 4  # past that a name names no option in particular (`can`: 4 canastras)


def _begun(name: str) -> list[str]:
    """The option names a name begins, three letters at least, in their declared order."""
    wanted = name.strip().lower()
    return [o for o in OPTION_NAMES if len(wanted) >= 3 and o.startswith(wanted)]


def _candidates(name: str, closest: list[str]) -> tuple[str, ...]:
    """The option names a mistyped one may stand for: the closest first, then the others
    about as close (within 0.1 of its likeness, at least difflib's 0.6: `jokers` for
    joker_points and jokers_in_deck, but not `jokerpoints` for corte_44_points), then those
    it begins (three letters at least), in their declared order."""
    from difflib import SequenceMatcher

    likeness = {option: SequenceMatcher(None, name, option).ratio() for option in OPTION_NAMES}
    best = max(likeness.values())
    near = [o for o in OPTION_NAMES if likeness[o] >= max(0.6, best - 0.1)]
    near.sort(key=lambda o: -likeness[o])  # (stable: a tie keeps the declared order)
    found = tuple(dict.fromkeys([*closest, *near, *_begun(name)]))
    if len(found) > MAX_CANDIDATES:  # (too many begun by it: only the near ones, at most 4)
        found = tuple(dict.fromkeys([*closest, *near]))[:MAX_CANDIDATES]
    return found


ABERTO = RuleSet(
    preset="aberto",
    discard_pile_visible="all",
    pickup="free",
    wild_top_card_new_meld_only=False,
    trincas=False,
    go_out_requires="clean_canastra",
    big_canastras_at_once=False,
)
FECHADO = RuleSet(
    preset="fechado",
    discard_pile_visible="top",
    pickup="top_card",
    wild_top_card_new_meld_only=True,
    trincas=True,
    go_out_requires="any_canastra",
    big_canastras_at_once=False,
)
STBL = RuleSet(
    preset="stbl",
    discard_pile_visible="top",
    pickup="top_card",
    wild_top_card_new_meld_only=True,
    trincas=False,
    go_out_requires="clean_canastra",
    big_canastras_at_once=True,
)
PRESETS: dict[str, RuleSet] = {"aberto": ABERTO, "fechado": FECHADO, "stbl": STBL}

_ALIASES = {
    "aberto": "aberto",
    "buraco aberto": "aberto",
    "classico": "aberto",
    "buraco classico": "aberto",
    "open": "aberto",
    "fechado": "fechado",
    "buraco fechado": "fechado",
    "closed": "fechado",
    "stbl": "stbl",
    "fechado stbl": "stbl",
    "buraco stbl": "stbl",
    "buraco fechado stbl": "stbl",
    "sem trinca batida limpa": "stbl",
    "sem trinca e batida limpa": "stbl",
}


def _normalize(name: str) -> str:
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    # Punctuation is noise in a name: "sem trinca, batida limpa", "buraco-fechado".
    return " ".join(re.sub(r"[^a-z0-9]+", " ", plain.lower()).split())


def preset_name(name: str) -> PresetName:
    """The preset a name or alias stands for ("Buraco Fechado" -> "fechado")."""
    wanted = _normalize(name)
    found = _ALIASES.get(wanted)
    if found is not None:
        return found  # type: ignore[return-value]
    import difflib  # only for a misspelt name, as for an option: kept out of every start

    where = f"rules {typed(name)}"
    # Stricter than --set's 0.6: the shared "buraco " alone made "buraco mole" "buraco stbl".
    close = difflib.get_close_matches(wanted, _ALIASES, n=1, cutoff=0.75)
    if close:  # (the same code: only its wording names the likely one, as --set's does)
        raise BuracoInputError(InputCode.UNKNOWN_RULES, where, case="close", close=close[0])
    raise BuracoInputError(InputCode.UNKNOWN_RULES, where)


def ruleset(name: str = "fechado", **options: Any) -> RuleSet:
    """A preset by name or alias, with any options changed on top of it."""
    preset = PRESETS[preset_name(name)]
    if "preset" in options:
        raise BuracoInputError(InputCode.PRESET_AS_OPTION, "options: preset")
    return preset.with_options(**options) if options else preset


def parse_option_assignment(text: str) -> tuple[str, str]:
    """Split a command-line `OPTION=VALUE` into its parts."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        # (In the quotes every message gives a typed value, not Python's 'trincas'.)
        raise BuracoInputError(InputCode.BAD_ASSIGNMENT, f"--set {typed(text)}")
    return name.strip(), value.strip()


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One rule option as RuleSet and the presets declare it: what the sidebar, the rules
    reference and `buraco rules` show."""

    name: str
    group: OptionGroup
    choices: tuple[Any, ...] | None  # None: a whole number
    presets: dict[PresetName, Any]  # the value of each variant
    sources: tuple[str, ...]
    step: int  # a whole number's step in the sidebar
    least: int | None  # a whole number's range (None: a choice)
    most: int | None

    @property
    def presets_differ(self) -> bool:
        return len(set(self.presets.values())) > 1


def _spec(name: str) -> OptionSpec:
    extra = _DECLARED[name]
    group = extra.get("group", "play")
    step = extra.get("step", 10)
    return OptionSpec(
        name=name,
        group=group if group in OPTION_GROUPS else "play",
        choices=option_choices(name),
        presets={p: getattr(PRESETS[p], name) for p in PRESET_NAMES},
        sources=option_sources(name),
        step=step if isinstance(step, int) else 10,
        least=extra.get("ge"),
        most=extra.get("le"),
    )


OPTIONS: tuple[OptionSpec, ...] = tuple(_spec(name) for name in OPTION_NAMES)
