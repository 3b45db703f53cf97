"""Rule sets: every point the sources disagree on is an option with checked values.

Three presets are the three named variants (Aberto, Fechado, Fechado STBL); any option can be
changed on top of a preset. Code reads the option fields, never the preset name.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
)
from pydantic_core import PydanticCustomError

from buraco_core.errors import BuracoInputError, InputCode, from_validation

PresetName = Literal["aberto", "fechado", "stbl"]
PRESET_NAMES: tuple[PresetName, ...] = ("aberto", "fechado", "stbl")
# Where an option is shown: the sidebar's groups, in this order.
OptionGroup = Literal["play", "scoring", "match"]
OPTION_GROUPS: tuple[OptionGroup, ...] = ("play", "scoring", "match")


class RuleSet(BaseModel):
    """The rules one table plays by. Frozen; unknown options are rejected.

    Each field declares one option: its type and values, its default, the seed files its
    dispute comes from and its group; the presets below give its value per variant, and
    its texts are in buraco_text's catalogs under `option.NAME`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", strict=False)

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
        100, ge=0, le=10000, json_schema_extra={"sources": ["000", "003"], "group": "scoring"}
    )
    canastra_suja_points: int = Field(
        100, ge=0, le=10000, json_schema_extra={"sources": ["003"], "group": "scoring"}
    )
    canastra_limpa_points: int = Field(
        200, ge=0, le=10000, json_schema_extra={"sources": ["003"], "group": "scoring"}
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
    unused_indirect_morto_paid: bool = Field(
        True, json_schema_extra={"sources": ["001"], "group": "scoring"}
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
    round_up_to_ten: bool = Field(False, json_schema_extra={"sources": ["003"], "group": "scoring"})

    @field_validator("*", mode="before")
    @classmethod
    def _no_bool_for_numbers(cls, value: Any, info: ValidationInfo) -> Any:
        # Lax parsing would read true as 1 point: a bad setting silently changed.
        field = cls.model_fields[info.field_name] if info.field_name else None
        if isinstance(value, bool) and field is not None and field.annotation is int:
            raise PydanticCustomError(InputCode.EXPECTED_NUMBER.value, "expected a whole number")
        return value

    def changed_options(self) -> dict[str, Any]:
        """The options that differ from this rule set's preset."""
        base = PRESETS[self.preset]
        return {
            name: value
            for name, value in self.model_dump().items()
            if name != "preset" and getattr(base, name) != value
        }

    def with_options(self, **options: Any) -> RuleSet:
        """A copy with some options changed, each value checked."""
        return _build(self.model_dump() | options, where="options")

    @property
    def deck_size(self) -> int:
        return 108 if self.jokers_in_deck else 104


OPTION_NAMES: tuple[str, ...] = tuple(n for n in RuleSet.model_fields if n != "preset")


def option_sources(name: str) -> tuple[str, ...]:
    """The seed files an option's disagreement comes from."""
    extra = RuleSet.model_fields[name].json_schema_extra
    sources = extra.get("sources", []) if isinstance(extra, dict) else []
    return tuple(str(s) for s in sources) if isinstance(sources, list) else ()


def option_choices(name: str) -> tuple[Any, ...] | None:
    """The allowed values of an enumerated option (booleans included), else None."""
    annotation = RuleSet.model_fields[name].annotation
    if annotation is bool:
        return (False, True)
    args = getattr(annotation, "__args__", None)
    return tuple(args) if args and getattr(annotation, "__origin__", None) is Literal else None


def _build(values: dict[str, Any], where: str) -> RuleSet:
    try:
        return RuleSet.model_validate(values)
    except ValidationError as exc:
        raise _input_error(exc, where) from None


def _input_error(exc: ValidationError, where: str) -> BuracoInputError:
    first = exc.errors()[0]
    name = ".".join(str(p) for p in first["loc"])
    if first["type"] == "extra_forbidden":
        path, close = f"{where}: {name}", difflib.get_close_matches(name, OPTION_NAMES, n=1)
        if close:
            return BuracoInputError(
                InputCode.UNKNOWN_OPTION_CLOSE, path, close=close[0], options=OPTION_NAMES
            )
        return BuracoInputError(InputCode.UNKNOWN_OPTION, path, options=OPTION_NAMES)
    error = from_validation(exc, where)
    choices = option_choices(name) if name in RuleSet.model_fields else None
    if choices and error.code in (InputCode.NOT_ONE_OF, InputCode.INVALID):
        allowed = tuple(map(str, choices))
        return BuracoInputError(
            InputCode.NOT_ONE_OF, error.path, value=repr(first.get("input")), allowed=allowed
        )
    return error


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
    found = _ALIASES.get(_normalize(name))
    if found is None:
        raise BuracoInputError(InputCode.UNKNOWN_RULES, f"rules {name!r}")
    return found  # type: ignore[return-value]


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
        raise BuracoInputError(InputCode.BAD_ASSIGNMENT, f"--set {text!r}")
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

    @property
    def presets_differ(self) -> bool:
        return len(set(self.presets.values())) > 1


def _spec(name: str) -> OptionSpec:
    extra = RuleSet.model_fields[name].json_schema_extra
    extra = extra if isinstance(extra, dict) else {}
    group = extra.get("group", "play")
    step = extra.get("step", 10)
    return OptionSpec(
        name=name,
        group=group if group in OPTION_GROUPS else "play",
        choices=option_choices(name),
        presets={p: getattr(PRESETS[p], name) for p in PRESET_NAMES},
        sources=option_sources(name),
        step=step if isinstance(step, int) else 10,
    )


OPTIONS: tuple[OptionSpec, ...] = tuple(_spec(name) for name in OPTION_NAMES)
