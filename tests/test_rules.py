"""Rule sets: presets per RULES.md's tables, aliases, options on top, every value checked."""

import re
from dataclasses import FrozenInstanceError
from typing import Any

import pytest

from buraco_core import PRESETS, BuracoInputError, RuleSet, ruleset
from buraco_core.errors import InputCode
from buraco_core.judge import check
from buraco_core.moves import TakeLixo
from buraco_core.notation import position_from_data
from buraco_core.rules import OPTION_NAMES, option_choices, option_sources, preset_name
from buraco_text import option_description

ISSUE_OPTION_NAMES = {
    "jokers_in_deck",
    "joker_points",
    "trincas",
    "discard_pile_visible",
    "pickup",
    "wild_top_card_new_meld_only",
    "go_out_requires",
    "go_out_by",
    "wild_two_beside_natural_two",
    "big_canastras_at_once",
    "batida_points",
    "canastra_suja_points",
    "canastra_limpa_points",
    "canastra_500_points",
    "canastra_real_points",
    "morto_penalty",
    "unused_indirect_morto_paid",
    "both_mortos_stock_penalty",
    "eight_of_a_kind_real",
    "target_score",
    "vulnerable_min_meld_points",
    "round_up_to_ten",
}


def test_rule_options_carry_the_names_the_issue_lists() -> None:
    """The option names appear in links, scenario files and the command line [issue 2]."""
    assert set(OPTION_NAMES) >= ISSUE_OPTION_NAMES


# RULES.md, "Variant differences (the three presets)": (option, aberto, fechado, stbl).
VARIANT_TABLE = [
    ("discard_pile_visible", "all", "top", "top"),  # seeds 000, 001, 002, 003
    ("pickup", "free", "top_card", "top_card"),  # seeds 000, 002, 003
    ("wild_top_card_new_meld_only", False, True, True),  # seeds 002, 003
    ("trincas", False, True, False),  # seeds 000, 001, 003
    ("go_out_requires", "clean_canastra", "any_canastra", "clean_canastra"),  # 000-003
]


@pytest.mark.parametrize(("option", "aberto", "fechado", "stbl"), VARIANT_TABLE)
def test_presets_follow_the_variant_table(
    option: str, aberto: object, fechado: object, stbl: object
) -> None:
    """The three presets differ as RULES.md's variant table says [seeds 000, 001, 002, 003]:
    lixo visible, pickup, wild on top, trincas, going out."""
    assert getattr(ruleset("aberto"), option) == aberto
    assert getattr(ruleset("fechado"), option) == fechado
    assert getattr(ruleset("stbl"), option) == stbl


# RULES.md, "Disagreements: rule options, with the value each preset takes".
DISAGREEMENT_DEFAULTS: list[tuple[str, Any]] = [
    ("joker_points", 50),  # seeds 000, 001, 002 vs 003
    ("canastra_500_points", 500),  # seeds 000, 001, 002
    ("canastra_real_points", 1000),  # seeds 000, 001, 002
    ("wild_two_beside_natural_two", False),  # seed 000 forbids
    ("go_out_by", "meld_or_discard"),  # seeds 000, 001, 002 vs 003
    ("batida_points", 100),  # all; 50 at some tables (003)
    ("canastra_suja_points", 100),  # all; 150 variation (003)
    ("canastra_limpa_points", 200),  # all; 300 variation (003)
    ("jokers_in_deck", True),  # all; none in a 003 variation
    ("eight_of_a_kind_real", False),  # 003 variation
    ("unused_indirect_morto_paid", True),  # seed 001
    ("both_mortos_stock_penalty", True),  # seed 000 vs 003
    ("morto_penalty", 100),  # seeds 000-003
    ("target_score", 3000),  # seed 003
    ("vulnerable_min_meld_points", 0),  # seed 003, optional: off
    ("round_up_to_ten", False),  # seed 003: some tables
]


@pytest.mark.parametrize(("option", "value"), DISAGREEMENT_DEFAULTS)
@pytest.mark.parametrize("preset", ["aberto", "fechado", "stbl"])
def test_disagreements_take_the_default_of_every_preset(
    preset: str, option: str, value: object
) -> None:
    """Every disagreement of RULES.md is an option with its default, the same in the three
    presets [seeds 000, 001, 002, 003]."""
    assert getattr(ruleset(preset), option) == value


def test_big_canastras_at_once_only_in_stbl() -> None:
    """A 500 or real must be laid all at once in STBL [seed 002]; Aberto and Fechado do not
    require it [option big_canastras_at_once]."""
    assert ruleset("stbl").big_canastras_at_once is True
    assert ruleset("aberto").big_canastras_at_once is False
    assert ruleset("fechado").big_canastras_at_once is False


def test_stricter_pickup_is_selectable_but_off_by_default() -> None:
    """Two hand cards in sequence with the top card [seed 003]: option pickup, off by
    default."""
    assert "top_card_two_from_hand" in (option_choices("pickup") or ())
    assert ruleset("fechado", pickup="top_card_two_from_hand").pickup == "top_card_two_from_hand"
    assert all(p.pickup != "top_card_two_from_hand" for p in PRESETS.values())


@pytest.mark.parametrize(
    ("name", "preset"),
    [
        ("aberto", "aberto"),
        ("Buraco Aberto", "aberto"),
        ("buraco fechado", "fechado"),
        ("FECHADO", "fechado"),
        ("stbl", "stbl"),
        ("Fechado STBL", "stbl"),
        ("sem trinca batida limpa", "stbl"),
        ("Sem trinca, batida limpa", "stbl"),
        ("buraco-fechado", "fechado"),
        ("buraco_fechado", "fechado"),
        ("Buraco Clássico", "aberto"),
    ],
)
def test_presets_found_by_name_or_alias(name: str, preset: str) -> None:
    """Presets aberto, fechado, stbl, with aliases such as "buraco fechado" and "sem trinca
    batida limpa" [issue 2; seeds 000, 002]."""
    assert preset_name(name) == preset
    assert ruleset(name) == PRESETS[preset]


def test_unknown_rule_set_is_bad_input_naming_it() -> None:
    """Bad input raises one clear exception naming what was wrong [DESIGN.md]."""
    with pytest.raises(BuracoInputError) as info:
        ruleset("buraco mole")
    assert "buraco mole" in str(info.value)


def test_any_option_changes_on_top_of_a_preset() -> None:
    """Any option can be changed on top of a preset; the rest stays the preset's
    [issue 2, rule sets]."""
    rules = ruleset("stbl", joker_points=20, trincas=True)
    assert rules.preset == "stbl"
    assert rules.joker_points == 20 and rules.trincas is True
    assert rules.go_out_requires == "clean_canastra"
    assert rules.changed_options() == {"joker_points": 20, "trincas": True}
    assert ruleset("stbl").changed_options() == {}


def test_command_line_text_values_are_read_and_checked() -> None:
    """`--set joker_points=20`, `--set trincas=false` arrive as text [issue 2, command]."""
    rules = ruleset("fechado", joker_points="20", trincas="false")
    assert rules.joker_points == 20 and rules.trincas is False


def test_rule_set_is_frozen() -> None:
    """RuleSet is a frozen model [issue 2, rule sets]."""
    rules = ruleset("fechado")
    with pytest.raises(FrozenInstanceError):
        rules.joker_points = 20  # type: ignore[misc]


def test_unknown_option_is_rejected_with_a_suggestion() -> None:
    """Unknown fields are rejected; a near miss is named [issue 2; DESIGN.md]."""
    with pytest.raises(BuracoInputError) as info:
        ruleset("fechado", jokerpoints=20)
    assert "jokerpoints" in info.value.where
    assert "joker_points" in info.value.problem
    with pytest.raises(TypeError):
        RuleSet(wild_cards=3)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("name", "code", "close", "candidates"),
    [
        ("joker", InputCode.UNKNOWN_OPTION, None, ("jokers_in_deck", "joker_points")),
        (
            "jokers",
            InputCode.UNKNOWN_OPTION_CLOSE,
            "joker_points",
            ("joker_points", "jokers_in_deck"),
        ),
        ("trinca", InputCode.UNKNOWN_OPTION_CLOSE, "trincas", ("trincas", "trinca_suits")),
        ("morto", InputCode.UNKNOWN_OPTION, None, ("morto_penalty",)),
        ("jokerpoints", InputCode.UNKNOWN_OPTION_CLOSE, "joker_points", None),
        ("xyz", InputCode.UNKNOWN_OPTION, None, None),
    ],
)
def test_an_unknown_option_lists_the_names_it_may_stand_for(
    name: str, code: InputCode, close: str | None, candidates: tuple[str, ...] | None
) -> None:
    """`joker` begins both joker_points and jokers_in_deck, and difflib alone offered
    neither: the names it may stand for are its `candidates`. The code and the path stay
    as they were (unknown_option_close with `close` where difflib finds the closest)."""
    with pytest.raises(BuracoInputError) as info:
        ruleset("fechado", **{name: 20})
    error = info.value
    assert (error.code, error.path) == (code, f"options: {name}")
    assert error.values.get("close") == close
    assert error.values.get("candidates") == candidates
    assert error.values["options"] == OPTION_NAMES


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("pickup", "anything"),
        ("discard_pile_visible", "none"),
        ("go_out_requires", "no_canastra"),
        ("trincas", "maybe"),
        ("joker_points", -5),
        ("joker_points", 20.5),
        ("joker_points", True),  # lax parsing would read it as 1 point
        ("batida_points", False),
        ("target_score", 50),
        ("vulnerable_min_meld_points", -1),
    ],
)
def test_every_value_is_checked(option: str, value: object) -> None:
    """Every value is checked; bad settings are never silently replaced [issue 2;
    DESIGN.md]."""
    with pytest.raises(BuracoInputError) as info:
        ruleset("fechado", **{option: value})
    assert option in info.value.where


def test_preset_is_chosen_by_name_not_as_an_option() -> None:
    """Code reads the option fields, never the preset name [DESIGN.md]."""
    with pytest.raises(BuracoInputError):
        ruleset("fechado", preset="aberto")


def test_every_option_is_described_in_both_languages_and_names_its_sources() -> None:
    """The rules reference is generated from the RuleSet [DESIGN.md]: each option has text
    in pt-BR and English, and its sources are seed files."""
    for name in OPTION_NAMES:
        pt, en = option_description(name, "pt"), option_description(name, "en")
        assert pt and en and pt != en and name not in pt
        sources = option_sources(name)
        assert sources, name
        assert set(sources) <= {"000", "001", "002", "003"}


def test_wild_top_card_new_meld_only_has_no_effect_where_the_lixo_is_free_000() -> None:
    """Aberto: “sem justificada para compra do lixo” [000]: the whole lixo is taken with no
    condition, a wild on top too, so what a wild or a 2 on top may justify [002, 003] changes
    nothing the judge plays there, and a table that switched those options on is told so
    (only trinca options were). Nor does the 2's reading where a wild on top is free."""
    aberto = ruleset("aberto", wild_top_card_new_meld_only=True, two_on_lixo_may_sit_natural=True)
    assert aberto.idle_options() == ("wild_top_card_new_meld_only", "two_on_lixo_may_sit_natural")
    assert aberto.idled_by("wild_top_card_new_meld_only") == "pickup"
    table = {
        "players": 2,
        "hands": [["5h", "6h", "Kc"], 11],
        "melds": [[["3s", "4s", "5s"]], []],
        "lixo": ["9d", "JK"],
    }
    state = position_from_data(aberto, table)
    assert check(aberto, state, TakeLixo()).ok and check(aberto, state, TakeLixo(extend=0)).ok
    free_wild = ruleset(
        "fechado", wild_top_card_new_meld_only=False, two_on_lixo_may_sit_natural=True
    )
    assert free_wild.idled_by("two_on_lixo_may_sit_natural") == "wild_top_card_new_meld_only"
    assert ruleset("fechado", two_on_lixo_may_sit_natural=True).idle_options() == ()


def test_vulnerable_min_counts_has_no_effect_without_a_minimum_003() -> None:
    """[003] asks a vulnerable side's first baixada for “pelo menos 75 pontos”, and the
    option says what that baixada counts; with no minimum (0, every preset) it counts
    nothing, and a table that changed it is told so."""
    assert ruleset("fechado", vulnerable_min_counts="first_meld").idle_options() == (
        "vulnerable_min_counts",
    )
    with_minimum = ruleset(
        "fechado", vulnerable_min_meld_points=75, vulnerable_min_counts="first_meld"
    )
    assert with_minimum.idle_options() == ()


def test_unused_indirect_morto_paid_names_every_text_of_its_dispute() -> None:
    """The option settles [001] “o morto deverá ser pago, como se não tivesse sido
    comprado” (with [003], where it is picked up only “no começo da sua próxima vez”)
    against [000] “o jogador recebe o morto”. Its description names text 000 for the value
    off, and the rules reference cites 001 and 003, but `buraco rules` and the sidebar showed
    “fontes: texto 001” alone. Every text an option's description cites is among its sources."""
    assert option_sources("unused_indirect_morto_paid") == ("000", "001", "003")
    for name in OPTION_NAMES:
        for lang in ("pt", "en"):
            said = option_description(name, lang)
            cited = {
                seed
                for texts in re.findall(r"\btexts? ((?:\d{3}(?:, | and | e )?)+)", said)
                + re.findall(r"\btextos? ((?:\d{3}(?:, | e )?)+)", said)
                for seed in re.findall(r"\d{3}", texts)
            }
            assert cited <= set(option_sources(name)), (name, lang, cited)


@pytest.mark.parametrize(
    ("given", "shown"), [("999999", "“999999”"), (999999, "999999"), ("-5", "“-5”")]
)
def test_an_option_out_of_range_is_shown_back_as_it_was_given(given: Any, shown: str) -> None:
    """`--set target_score=999999` (text) is echoed in the message's curly quotes, as every
    other typed value is, not in Python's straight ones ('999999')."""
    with pytest.raises(BuracoInputError) as raised:
        ruleset("fechado", target_score=given)
    assert raised.value.path == "options.target_score"
    assert raised.value.values["value"] == shown
