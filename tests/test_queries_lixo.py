"""“May I take the lixo?” says why not: the judge's reason against the closest try, not the
plain “the top card must go into a meld” [audit 13, D2]; and Portuguese rank letters are met
with what to write [audit 13, U4]."""

from __future__ import annotations

import pytest

from buraco_core.cards import parse_card, parse_cards
from buraco_core.codes import Code
from buraco_core.errors import BuracoInputError, InputCode
from buraco_core.judge import check
from buraco_core.notation import position_from_data
from buraco_core.queries import LixoAnswer, lixo_answer, lixo_ways
from buraco_core.rules import RuleSet, ruleset
from buraco_text import error_problem, message


def answer(rules: RuleSet, top: str, hand: str, *melds: str) -> LixoAnswer:
    return lixo_answer(rules, parse_card(top), parse_cards(hand), [parse_cards(m) for m in melds])


def test_a_wild_on_top_that_fits_a_table_meld_is_refused_for_that() -> None:
    """2♣ fits 4♥ 5♥ 6♥ as a wild, but a wild on top starts a new meld only [002, 003]: that
    is the reason, with both options that decide it."""
    said = answer(ruleset("fechado"), "2c", "", "4h 5h 6h")
    assert not said.ok and said.closest is not None and said.closest.extend == 0
    assert said.why_not.codes == (Code.WILD_TOP_CARD_NEW_MELD_ONLY,)
    assert "option:wild_top_card_new_meld_only" in said.deciding[0].sources
    assert "option:two_on_lixo_may_sit_natural" in said.deciding[0].sources
    # The 2♥ on 3♥ 4♥ 5♥ would sit natural: allowed where the table says so [003].
    assert not answer(ruleset("fechado"), "2h", "", "3h 4h 5h").ok
    lenient = ruleset("fechado").with_options(two_on_lixo_may_sit_natural=True)
    assert answer(lenient, "2h", "", "3h 4h 5h").ok


@pytest.mark.parametrize("hand", ["", "8h"])
def test_the_stricter_pickup_says_two_cards_from_the_hand(hand: str) -> None:
    """[003]'s stricter tables: the 7♥ fits 4-5-6 on the table, yet two hand cards must
    make a sequence with it (option pickup)."""
    rules = ruleset("fechado").with_options(pickup="top_card_two_from_hand")
    said = answer(rules, "7h", hand, "4h 5h 6h")
    assert said.why_not.codes == (Code.PICKUP_NEEDS_TWO_FROM_HAND,)


def test_a_trinca_where_there_are_none_says_so() -> None:
    """STBL has no trincas [000, 001, 003]: 5♠ with 5♥ 5♦ in the hand is refused for that."""
    said = answer(ruleset("stbl"), "5s", "5h 5d")
    assert Code.TRINCAS_NOT_ALLOWED in said.why_not.codes
    assert [r.code for r in said.deciding] == [Code.TRINCAS_NOT_ALLOWED]
    assert said.closest is not None and sorted(said.closest.new_meld) == sorted(
        parse_cards("5h 5d")
    )


def test_nothing_near_keeps_the_plain_reason() -> None:
    said = answer(ruleset("fechado"), "7h", "Kc Qd")
    assert said.closest is None and said.blocked is None
    assert said.why_not.codes == (Code.PICKUP_NEEDS_JUSTIFICATION,)


@pytest.mark.parametrize(
    ("preset", "options", "top", "hand", "melds"),
    [
        ("fechado", {}, "2c", "", ["4h 5h 6h"]),
        ("fechado", {"pickup": "top_card_two_from_hand"}, "7h", "8h", ["4h 5h 6h"]),
        ("stbl", {}, "5s", "5h 5d", []),
        ("fechado", {"trincas": False}, "2c", "5h 5d", ["4h 5h 6h"]),
    ],
)
def test_the_reason_is_the_judges_on_that_move(
    preset: str, options: dict[str, object], top: str, hand: str, melds: list[str]
) -> None:
    """The lookup agrees with `buraco judge`: the same verdict on the same move and position."""
    rules = ruleset(preset).with_options(**options)
    said = answer(rules, top, hand, *melds)
    assert said.closest is not None and said.blocked is not None
    state = position_from_data(
        rules,
        {"players": 2, "hands": [hand.split(), 11], "melds": [[m.split() for m in melds], []]}
        | {"lixo": [top]},
    )
    assert check(rules, state, said.closest) == said.blocked
    # lixo_ways keeps its answer: the ways, and the plain pickup's verdict.
    ways, plain = lixo_ways(
        rules, parse_card(top), parse_cards(hand), [parse_cards(m) for m in melds]
    )
    assert ways == list(said.ways) and plain == said.plain


@pytest.mark.parametrize(
    ("token", "card"), [("Dc", "Qc"), ("vh", "Jh"), ("Ro", "Kd"), ("D♥", "Qh")]
)
def test_a_portuguese_rank_letter_says_to_write_q_j_k(token: str, card: str) -> None:
    with pytest.raises(BuracoInputError) as info:
        parse_card(token)
    error = info.value
    assert error.code is InputCode.NOT_A_CARD and error.values["card"] == parse_card(card)
    pt = error_problem(error, "pt")
    assert "Q = dama, J = valete, K = rei" in pt and "c é paus ♣, copas é h ♥" in pt
    assert f"write {card} or" in error_problem(error, "en")


def test_other_bad_tokens_keep_the_general_message() -> None:
    with pytest.raises(BuracoInputError) as info:
        parse_card("Dx")
    assert "case" not in info.value.values


def test_too_many_copies_counts_every_copy_typed() -> None:
    """Two decks hold two of each card [000, 001, 002, 003]: five 4♥ typed are said to be five, over
    the top card, the hand and the melds together (the count was the first copy too many)."""
    with pytest.raises(BuracoInputError) as info:
        answer(ruleset("fechado"), "7h", "4h 4h 4h 4h 4h")
    assert info.value.code is InputCode.TOO_MANY_COPIES and info.value.values["count"] == 5
    with pytest.raises(BuracoInputError) as info:
        answer(ruleset("fechado"), "4h", "4h", "4h 5h 6h", "3h 4h 5h")
    assert info.value.values["count"] == 4


def test_the_deciding_reason_reads_as_a_sentence() -> None:
    said = answer(ruleset("stbl"), "5s", "5h 5d")
    assert message(said.deciding[0], "pt").startswith("Trinca (lavadeira) não vale")


def test_the_plainest_way_to_take_the_lixo_comes_first() -> None:
    """K♦ on top, J♦ Q♦ 2♣ in hand (Fechado, a justified pickup [002, 003]): the first way a
    table reads is J♦ Q♦ K♦, with no wild; the ways spending the 2♣ come after it (J♦ Q♦
    2♣ came first, a dirty meld where a clean one was in hand)."""
    answer = lixo_answer(ruleset("fechado"), parse_card("Kd"), parse_cards("Qd Jd 2c"), [])
    assert answer.ok and len(answer.ways) == 4
    assert sorted(answer.ways[0].new_meld) == sorted(parse_cards("Jd Qd"))
    assert not any(card.is_wild_kind for card in answer.ways[0].new_meld)
    assert all(any(card.is_wild_kind for card in way.new_meld) for way in answer.ways[1:])


def test_a_yes_carries_the_rule_it_rests_on() -> None:
    """The answer says which rule a pickup follows, as the judge words it with its sources:
    the top card into a meld [000, 002, 003], a wild on top only into a new one [002, 003];
    nothing where the lixo is free (Aberto)."""
    fechado = ruleset("fechado")
    assert answer(fechado, "Kd", "Jd Qd").rule[0].code is Code.PICKUP_NEEDS_JUSTIFICATION
    wild = answer(fechado, "2d", "Jd Qd", "4h 5h 6h")
    assert wild.ok and [r.code for r in wild.rule] == [
        Code.PICKUP_NEEDS_JUSTIFICATION,
        Code.WILD_TOP_CARD_NEW_MELD_ONLY,
    ]
    stricter = fechado.with_options(pickup="top_card_two_from_hand")
    assert Code.PICKUP_NEEDS_TWO_FROM_HAND in [r.code for r in answer(stricter, "Kd", "Jd Qd").rule]
    assert answer(ruleset("aberto"), "Kd", "Jd").rule == ()


def _judge_takes(rules: RuleSet, said: LixoAnswer, hand: str, morto: str, lixo: list[str]) -> bool:
    """The judge on the whole position: four players, the side's morto as given."""
    state = position_from_data(
        rules,
        {"players": 4, "hands": [hand.split(), 11, 11, 11], "lixo": lixo}
        | {"morto": [morto, "available"]},
    )
    return check(rules, state, said.ways[0]).ok


def test_going_out_needs_the_morto_taken_so_a_last_card_pickup_depends_on_it_003() -> None:
    """[003] “Para dá-la, a dupla precisa já ter pegado o seu morto e ter pelo menos uma
    canastra”; “As outras cartas do lixo vêm para a mão”. 7♥ on a lixo of one card, 5♥ 6♥ the
    whole hand, no canastra: with the morto still to take, the hand ends and the side takes
    it (a direct beat [000, 001, 003]); with it taken, the judge refuses, and a lixo of three
    cards leaves two in the hand. The lookup said a plain yes; the yes now says both."""
    rules = ruleset("fechado")
    said = answer(rules, "7h", "5h 6h")
    assert said.ok and said.morto_taken is not None and said.lixo_needed == 3
    assert said.morto_taken.codes == (Code.CANNOT_GO_OUT, Code.GO_OUT_NEEDS_CANASTRA)
    assert _judge_takes(rules, said, "5h 6h", "available", ["7h"])
    assert not _judge_takes(rules, said, "5h 6h", "taken", ["7h"])
    assert not _judge_takes(rules, said, "5h 6h", "taken", ["Kc", "7h"])
    assert _judge_takes(rules, said, "5h 6h", "taken", ["Kc", "Qd", "7h"])
    # One card left in the hand: the last card could only go out; a lixo of two gives two.
    one_left = answer(ruleset("stbl"), "7h", "5h 6h Kc")
    assert one_left.lixo_needed == 2 and one_left.morto_taken is not None
    assert one_left.morto_taken.codes[0] is Code.LAST_CARD_TRAP


@pytest.mark.parametrize(
    ("preset", "top", "hand", "melds"),
    [
        ("fechado", "7h", "5h 6h Kc Qd", []),  # two cards stay in the hand
        ("aberto", "7h", "", []),  # the whole lixo comes to the hand
    ],
)
def test_a_pickup_that_stands_whatever_the_morto_is_a_plain_yes_003(
    preset: str, top: str, hand: str, melds: list[str]
) -> None:
    """[003] “a dupla precisa já ter pegado o seu morto e ter pelo menos uma canastra”: where
    two cards stay in the hand, or the whole lixo comes to it, the morto decides nothing."""
    said = answer(ruleset(preset), top, hand, *melds)
    assert said.ok and said.morto_taken is None


def test_a_vulnerable_sides_first_baixada_depends_on_whether_it_is_vulnerable_003() -> None:
    """[003] “ela passa a ser vulnerável em algumas mesas. A partir daí, a primeira baixada
    da dupla precisa somar pelo menos 75 pontos em cartas” (option
    vulnerable_min_meld_points). 7♥ with 5♥ 6♥ makes 15 points, the side has no meld, and
    K♣ Q♦ make nothing: the judge refuses it for a vulnerable side. The form does not ask,
    and said a plain yes; the answer now carries the judge's refusal."""
    rules = ruleset("fechado", vulnerable_min_meld_points=75)
    said = answer(rules, "7h", "5h 6h Kc Qd")
    assert said.ok and said.vulnerable is not None and said.morto_taken is None
    assert said.vulnerable.codes == (Code.VULNERABLE_MIN_MELD,)
    assert said.vulnerable.reasons[0].params["points"] == 15
    for vulnerable in (False, True):
        state = position_from_data(
            rules,
            {"players": 4, "hands": [["5h", "6h", "Kc", "Qd"], 11, 11, 11], "lixo": ["7h"]}
            | {"vulnerable": [vulnerable, False]},
        )
        assert check(rules, state, said.ways[0]).ok is not vulnerable
    # A side with a meld on the table has laid its first baixada: nothing to ask.
    assert answer(rules, "7h", "5h 6h Kc Qd", "Qs Ks As").vulnerable is None


@pytest.mark.parametrize(("counts", "first"), [("turn", "5h 6h"), ("first_meld", "8h 9h 10h")])
def test_a_way_a_vulnerable_side_may_take_comes_first_003(counts: str, first: str) -> None:
    """[003] “a primeira baixada” read as the whole turn or as one meld (option
    vulnerable_min_counts): 5♥ 6♥ 7♥ (15 points) stands for the turn, as 8♥ to A♥ in the
    hand make up the rest; read as one meld, the yes names 7♥ to A♥ (80 points) first."""
    rules = ruleset("fechado", vulnerable_min_meld_points=75, vulnerable_min_counts=counts)
    said = answer(rules, "7h", "5h 6h 8h 9h 10h Jh Qh Kh Ah Kc Qd")
    assert said.ok and said.vulnerable is None and said.morto_taken is None
    assert set(parse_cards(first)) <= set(said.ways[0].new_meld)


def test_with_no_hand_typed_the_last_card_is_weighed_as_one_card_003() -> None:
    """[003] “Para dá-la, a dupla precisa já ter pegado o seu morto e ter pelo menos uma
    canastra”. 7♥ onto 4♥ 5♥ 6♥ with no hand typed: nobody starts a turn without a card,
    so the answer weighs one (a lixo of two then leaves two), not an empty hand (three)."""
    rules = ruleset("fechado")
    said = answer(rules, "7h", "", "4h 5h 6h")
    assert said.ok and said.morto_taken is not None and said.lixo_needed == 2
    assert said.morto_taken.codes == (Code.LAST_CARD_TRAP, Code.GO_OUT_NEEDS_CANASTRA)
    for lixo, takes in ((["7h"], False), (["Kc", "7h"], True)):
        state = position_from_data(
            rules,
            {"players": 4, "hands": [["Qd"], 11, 11, 11], "lixo": lixo}
            | {"melds": [[["4h", "5h", "6h"]], []], "morto": ["taken", "available"]},
        )
        assert check(rules, state, said.ways[0]).ok is takes


@pytest.mark.parametrize(("received", "depends"), [(False, True), (True, False)])
def test_going_out_waits_for_a_waiting_morto_so_a_last_card_pickup_depends_on_it_003(
    received: bool, depends: bool
) -> None:
    """[003] “O morto fica à espera, e você o pega no começo da sua próxima vez”; going out
    needs “já ter pegado o seu morto” ([000, 001]: received at the beat, option
    partner_may_go_out_while_morto_waits). 7♥ with 5♥ 6♥, the whole hand, beside a
    canastra: with the morto taken the pickup goes out; while it waits, the judge refuses it."""
    rules = ruleset("fechado", partner_may_go_out_while_morto_waits=received)
    said = answer(rules, "7h", "5h 6h", "4s 5s 6s 7s 8s 9s 10s")
    assert (said.morto_taken is not None) is depends and said.morto_waiting is depends
    state = position_from_data(
        rules,
        {"players": 4, "hands": [["5h", "6h"], 11, 11, 11], "lixo": ["7h"]}
        | {"melds": [[["4s", "5s", "6s", "7s", "8s", "9s", "10s"]], []]}
        | {"morto": [{"status": "waiting", "seat": 2}, "available"]},
    )
    assert check(rules, state, said.ways[0]).ok is not depends
    if said.morto_taken is not None:
        assert Code.GO_OUT_MORTO_WAITING in said.morto_taken.codes and said.lixo_needed == 3
