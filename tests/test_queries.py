"""Questions at the table with plain arguments (queries.py) [issue 9]: the same answers as the
judge gives on a whole position."""

from __future__ import annotations

import pytest

from buraco_core.cards import parse_cards
from buraco_core.errors import BuracoInputError, InputCode
from buraco_core.queries import lixo_ways, may_go_out
from buraco_core.rules import ruleset

CLEAN = parse_cards("4h 5h 6h 7h 8h 9h 10h")
DIRTY = parse_cards("4s 5s 2c 7s 8s 9s 10s")


@pytest.mark.parametrize("preset", ["aberto", "fechado", "stbl"])
def test_going_out_needs_the_morto_and_the_canastra_the_variant_asks(preset: str) -> None:
    """The batida final needs the side's morto [001, 002, 003] and a clean canastra in Aberto
    and STBL, any canastra in Fechado [000, 001, 002, 003; option go_out_requires]."""
    rules = ruleset(preset)
    dirty = may_go_out(rules, [DIRTY], "taken")
    if preset == "fechado":
        assert dirty.ok and dirty.codes == ("may_go_out",)
    else:
        assert dirty.codes == ("go_out_needs_clean_canastra",)
    assert may_go_out(rules, [CLEAN], "available").codes == ("go_out_needs_morto",)
    assert may_go_out(rules, [CLEAN], "waiting").codes == ("go_out_morto_waiting",)


def test_going_out_once_both_mortos_became_the_stock_needs_no_morto() -> None:
    """With no morto taken by anyone, going out is possible once both mortos became the stock
    [001, 002]."""
    assert may_go_out(ruleset("fechado"), [CLEAN], "stock").ok


def test_going_out_needs_the_morto_once_only_the_sides_own_became_the_stock() -> None:
    """Going out needs the side's morto [001, 002, 003]; only where both mortos became the
    stock does it need none [001, 002]. A side whose morto became the stock while the other
    side's did not (taken, or still there) never has one to take: it may not go out."""
    verdict = may_go_out(ruleset("fechado"), [CLEAN], "stock_ours")
    assert not verdict.ok and verdict.codes == ("go_out_needs_morto",)
    assert verdict.reasons[0].params.get("case") == "stock"


def test_a_meld_that_is_no_meld_is_bad_input_naming_it() -> None:
    with pytest.raises(BuracoInputError) as info:
        may_go_out(ruleset("fechado"), [CLEAN, parse_cards("4c 9d Kh")], "taken")
    assert info.value.code is InputCode.NOT_A_MELD and info.value.path == "melds[1]"


def test_the_fechado_lixo_is_taken_only_using_its_top_card() -> None:
    """Fechado: the top card must go into a meld in the same turn [000, 002, 003]."""
    rules = ruleset("fechado")
    ways, plain = lixo_ways(rules, parse_cards("Kd")[0], parse_cards("Qd Jd 5c"), [])
    assert ways and all(way.justified for way in ways)
    assert not plain.ok
    none, why = lixo_ways(rules, parse_cards("Kd")[0], parse_cards("5c 7h"), [])
    assert none == [] and why.codes == ("pickup_needs_justification",)


def test_the_aberto_lixo_is_taken_freely() -> None:
    """Aberto: the whole lixo, no condition [000]."""
    ways, plain = lixo_ways(ruleset("aberto"), parse_cards("Kd")[0], parse_cards("5c 7h"), [])
    assert ways and plain.ok


def test_going_out_with_more_copies_of_a_card_than_the_deck_is_bad_input() -> None:
    """Each meld possible alone, but three 4♥ over them (the deck holds two): not a table
    that can exist, refused as input named `melds`, never answered yes."""
    melds = [parse_cards("4h 5h 6h 7h 8h 9h 10h"), parse_cards("4h 5h 6h"), parse_cards("4h 4s 4d")]
    with pytest.raises(BuracoInputError) as raised:
        may_go_out(ruleset("fechado"), melds, "taken")
    assert raised.value.code is InputCode.TOO_MANY_COPIES and raised.value.path == "melds"
    assert raised.value.values["count"] == 3
