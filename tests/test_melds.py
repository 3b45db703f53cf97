"""Melds: sequences, trincas, wilds, natural 2s, canastras, extensions, and their reasons.

Each test is named after a rule point of RULES.md and cites its seed file(s) and/or option.
Expected results were worked out from the rules, not copied from the code's output.
"""

import re
import string
from collections.abc import Callable
from typing import Any

import pytest

from buraco_core import (
    JOKER,
    Card,
    MeldVerdict,
    Reason,
    Suit,
    extend_meld,
    format_cards,
    judge_meld,
    parse_card,
    parse_cards,
    ruleset,
)
from buraco_core.codes import ALL_SEEDS, PROJECT, Code
from buraco_core.legal import meld_groups
from buraco_core.rules import OPTION_NAMES, PRESETS
from buraco_text import LANGS, catalog, message

ALL_SPADES = "As 2s 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks"


def judge(text: str, preset: str = "fechado", **options: Any) -> MeldVerdict:
    return judge_meld(parse_cards(text), ruleset(preset, **options))


def extend(table: str, added: str, preset: str = "fechado", **options: Any) -> MeldVerdict:
    rules = ruleset(preset, **options)
    laid = judge_meld(parse_cards(table), rules)
    assert laid.ok and laid.meld is not None, laid.codes
    return extend_meld(laid.meld, parse_cards(added), rules)


def shown(verdict: MeldVerdict) -> str:
    assert verdict.meld is not None, verdict.codes
    return format_cards(verdict.meld.cards)


def reason(verdict: MeldVerdict, code: str) -> Reason:
    found = [r for r in verdict.reasons if r.code == code]
    assert found, f"{code} not in {verdict.codes}"
    return found[0]


def refused(verdict: MeldVerdict, code: str) -> dict[str, Any]:
    """The one blocking reason of an invalid verdict, as its params."""
    assert not verdict.ok and verdict.meld is None
    assert verdict.codes == (code,), verdict.codes
    return dict(verdict.reasons[0].params)


def c(token: str) -> Card:
    return parse_card(token)


def cs(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# --- sequences ------------------------------------------------------------------------------


def test_meld_is_three_or_more_consecutive_cards_of_one_suit() -> None:
    """A meld is 3+ consecutive cards of one suit, e.g. 6-7-8 of clubs [seeds 000, 001, 003]."""
    verdict = judge("6c 7c 8c")
    assert verdict.ok
    assert verdict.meld is not None
    assert verdict.meld.kind == "sequence" and verdict.meld.suit is Suit.CLUBS
    assert verdict.meld.clean and verdict.canastra is None
    assert verdict.points == 5 + 5 + 10


def test_a_melds_points_count_the_joker_at_the_tables_value() -> None:
    """A joker on the table is worth 50 [seeds 000, 001, 002], 20 in seed 003 (option
    joker_points): a meld's points count it at the value of the rules it is judged under,
    whichever was asked before."""
    for joker_points, points in ((50, 5 + 50 + 5), (20, 5 + 20 + 5), (50, 5 + 50 + 5)):
        verdict = judge("5h JK 7h", joker_points=joker_points)
        assert verdict.points == points
        assert verdict.meld is not None
        assert verdict.meld.card_points(ruleset("fechado", joker_points=joker_points)) == points


def test_new_meld_needs_three_cards() -> None:
    """A new meld needs at least 3 cards: 4 and 5 of diamonds wait for the 3 or the 6
    [seed 000]."""
    assert refused(judge("4d 5d"), "too_few_cards") == {"count": 2, "needed": 3}


def test_cards_may_come_in_any_order() -> None:
    """The arrangement is found whatever the order the cards come in [issue 2, melds]."""
    assert shown(judge("8c 6c 7c")) == "6c 7c 8c"
    assert shown(judge("10h Ah Jh Kh Qh")) == "10h Jh Qh Kh Ah"


def test_queen_sits_between_jack_and_king() -> None:
    """Q follows J and precedes K: J, Q, K is a sequence [seed 000]."""
    assert shown(judge("Ks Js Qs")) == "Js Qs Ks"
    assert refused(judge("10s Js Ks"), "gap")["missing"] == (c("Qs"),)


def test_ace_is_low_or_high_never_wraps() -> None:
    """The ace goes before the 2 (A-2-3) or after the king (Q-K-A); no wrap-around K-A-2
    [seeds 000, 001, 003]."""
    assert shown(judge("3s As 2s")) == "As 2s 3s"
    assert shown(judge("As Ks Qs")) == "Qs Ks As"
    refused(judge("Ks As 2s 3s"), "wrap_around")
    refused(judge("Js Qs Ks As 2s 3s 4s"), "wrap_around")
    refused(judge("Ks As 3s"), "wrap_around")
    refused(judge("Ks As 2h 3s"), "wrap_around")  # the 2h as the 2s would still wrap


def test_k_a_2_with_a_wild_two_is_q_k_a() -> None:
    """A 2 is a wild that may stand for any card [seed 000]: K, A and a 2 make Q-K-A with
    the 2 as the queen, not a wrap-around [seeds 000, 001, 003]."""
    for two in ("2s", "2h"):
        verdict = judge(f"Ks As {two}")
        assert verdict.ok and verdict.meld is not None
        assert verdict.meld.wild == c(two)
        assert verdict.meld.wild_as == c("Qs")
        assert not verdict.meld.clean


def test_a_wild_beside_a_natural_two_past_the_king_is_a_wrap_not_two_wilds() -> None:
    """In Q K JK 2h 3h the 2h sits in its natural place, so the joker is the one wild and the
    fault is the K-A-2 wrap-around, not "two wilds" [seeds 000, 001, 003; issue 12]."""
    for preset in ("aberto", "fechado", "stbl"):
        refused(judge("Qh Kh JK 2h 3h", preset), "wrap_around")
    refused(judge("5h JK 7h 2c"), "two_wilds")  # two wilds far from any king stay two wilds


def test_a_gap_far_from_the_king_is_a_gap_not_a_wrap() -> None:
    """3, 5..K and an ace miss only the 4 as 3..A; calling it a wrap-around would mislead
    [seeds 000, 001, 003]."""
    assert refused(judge("As 3s 5s 6s 7s 8s 9s 10s Js Qs Ks"), "gap")["missing"] == (c("4s"),)


def test_one_sequence_may_hold_an_ace_at_each_end() -> None:
    """With two aces, one before the 2 and one after the king [seeds 001, 003]."""
    verdict = judge(ALL_SPADES + " As")
    assert verdict.ok
    assert shown(verdict) == ALL_SPADES + " As"


def test_a_gap_names_the_missing_cards() -> None:
    """A sequence is consecutive [seeds 000, 001, 003]; the gap's missing ranks are named."""
    assert refused(judge("4h 5h 7h 9h"), "gap") == {
        "missing": (c("6h"), c("8h")),
        "has_wild": False,
    }
    assert refused(judge("4h 7h JK"), "gap") == {
        "missing": (c("5h"), c("6h")),
        "has_wild": True,
    }


def test_a_sequence_is_of_one_suit_and_mixed_suits_are_named() -> None:
    """All cards of a sequence have the same suit [seeds 000, 001, 002, 003]."""
    params = refused(judge("4h 5h 6s"), "mixed_suits")
    assert set(params["suits"]) == {Suit.HEARTS, Suit.SPADES}


def test_a_rank_twice_in_a_sequence_is_named() -> None:
    """Each place of a sequence takes one card [seeds 000, 001, 003]."""
    assert refused(judge("4h 5h 5h 6h"), "duplicate_rank") == {"cards": (c("5h"),)}


def test_a_sequence_runs_at_most_from_ace_to_ace() -> None:
    """The longest sequence is A..K..A, 14 cards [seeds 000, 001]."""
    assert refused(judge(ALL_SPADES + " As JK"), "too_long") == {"count": 15, "most": 14}


def test_no_more_copies_than_the_deck_holds() -> None:
    """Two decks: two copies of each card and four jokers [seeds 000, 001, 002, 003]."""
    assert refused(judge("5h 5h 5h"), "more_copies_than_deck") == {
        "card": c("5h"),
        "count": 3,
        "copies": 2,
    }
    params = refused(judge("JK JK JK JK JK 5h 6h"), "more_copies_than_deck")
    assert (params["card"], params["copies"]) == (JOKER, 4)


# --- wilds ----------------------------------------------------------------------------------


def test_jokers_and_every_two_are_wild() -> None:
    """Wild cards: the jokers and every 2 [seeds 000, 003]."""
    for wild in ("JK", "2c", "2d", "2h"):
        verdict = judge(f"5s 6s {wild}")
        assert verdict.ok and verdict.meld is not None
        assert verdict.meld.wild == c(wild) and not verdict.meld.clean


def test_at_most_one_wild_per_meld() -> None:
    """At most one wild per meld, joker or 2 [seeds 000, 003; common error, seed 003]."""
    assert set(refused(judge("5h JK 7h 2c"), "two_wilds")["wilds"]) == {JOKER, c("2c")}
    assert refused(judge("5h 6h JK JK"), "two_wilds")["wilds"] == (JOKER, JOKER)
    assert set(refused(judge("5h 5s JK 2c"), "two_wilds")["wilds"]) == {JOKER, c("2c")}


def test_only_wilds_is_not_a_meld() -> None:
    """A wild stands for a missing card of a meld; wilds alone are no meld, and a meld takes
    one wild at most [seeds 000, 003]."""
    refused(judge("JK JK 2c"), "only_wilds")
    refused(judge("2s 2h 2d"), "only_wilds")
    refused(judge("JK JK JK", "aberto"), "only_wilds")


def test_a_trinca_of_twos_is_only_wilds() -> None:
    """A 2 is natural only between the ace and the 3 of its sequence [seeds 000, 001, 002,
    003]; three 2s are three wilds, even where trincas are allowed [seeds 000, 003; option
    trincas]."""
    refused(judge("2s 2h 2d 2c", "fechado"), "only_wilds")


def test_wild_in_a_gap_stands_for_the_missing_card() -> None:
    """A wild takes the place of a missing card, e.g. 6-curinga-8 [seed 003; seed 000]."""
    verdict = judge("6c JK 8c")
    assert verdict.meld is not None
    assert verdict.meld.wild_as == c("7c")
    assert reason(verdict, "wild_stands_for").params == {"wild": JOKER, "as_card": c("7c")}
    assert "wild_either_end" not in verdict.codes


def test_wild_at_an_end_may_stand_at_either_end() -> None:
    """A wild next to the run may stand at either end; both choices are given [issue 2;
    seed 000]."""
    verdict = judge("5s JK 6s")
    assert verdict.meld is not None
    assert set(reason(verdict, "wild_either_end").params["options"]) == {c("7s"), c("4s")}
    queen_king = judge("Qs Ks JK")
    assert set(reason(queen_king, "wild_either_end").params["options"]) == {c("Js"), c("As")}
    # Below the low ace there is nothing: one choice only.
    low_ace = judge("As 2s JK")
    assert low_ace.meld is not None and low_ace.meld.wild_as == c("3s")
    assert "wild_either_end" not in low_ace.codes


def test_two_of_the_meld_suit_in_its_natural_place_is_not_a_wild() -> None:
    """A 2 of the meld's suit between the ace and the 3 is natural, not a wild [seeds 000,
    001, 002, 003]."""
    verdict = judge("As 2s 3s")
    assert verdict.meld is not None
    assert verdict.meld.clean and verdict.meld.wild is None
    assert verdict.meld.natural_two == c("2s")
    assert reason(verdict, "natural_two").params == {"card": c("2s")}


def test_a_two_that_can_be_natural_is_natural_and_keeps_the_canastra_clean() -> None:
    """When a 2 can stand in its natural place it does, and the meld stays clean [issue 2;
    common error of seed 003: forgetting the 2 can stay natural]."""
    assert shown(judge("3h 4h 2h")) == "2h 3h 4h"
    verdict = judge("5h 6h 7h 8h 3h 4h 2h")
    assert verdict.ok and verdict.canastra == "limpa"


def test_same_suit_two_out_of_place_is_a_wild_that_may_turn_natural() -> None:
    """3♠ 2♠ 5♠: the 2♠ is the wild 4♠, and may go home later [seed 002 example]."""
    verdict = judge("3s 2s 5s")
    assert verdict.meld is not None
    assert verdict.meld.wild == c("2s") and verdict.meld.wild_as == c("4s")
    assert not verdict.meld.clean
    assert "two_may_become_natural" in verdict.codes


def test_a_same_suit_two_is_wild_where_its_natural_place_would_leave_a_gap() -> None:
    """A..K less the 7, with the 2♠: as the natural 2 the 7 would be missing, so the 2♠ is
    the wild 7 and the ace goes high: 3..A, a canastra suja, not the 500 [seeds 000, 001,
    002, 003]."""
    verdict = judge("As 3s 4s 5s 6s 8s 9s 10s Js Qs Ks 2s")
    assert verdict.ok and verdict.meld is not None
    assert verdict.meld.wild == c("2s") and verdict.meld.wild_as == c("7s")
    assert shown(verdict) == "3s 4s 5s 6s 2s 8s 9s 10s Js Qs Ks As"
    assert verdict.canastra == "suja"


@pytest.mark.parametrize("lang", LANGS)
def test_a_wild_two_in_a_gap_goes_home_once_the_card_it_stands_for_comes_too(lang: str) -> None:
    """4♥ 5♥ 2♥ 7♥ 8♥ 9♥: the 2♥ stands for the 6♥. It returns to its natural place only
    “ao ganhar a carta 3 de copas e a carta faltante que o curinga está substituindo (no
    caso do exemplo esta carta é o 6)” [000]; “quando a carta que o "2" estiver
    substituindo for comprada, e se formada uma sequência completa a partir do "2"” [001].
    The 3♥ alone leaves it the wild 6♥, so the promise names the 6♥ too; a wild 2 at an end
    (5♥ 6♥ 2♥) needs only the sequence to reach the 2, and is promised no more."""
    verdict = judge("4h 5h 2h 7h 8h 9h")
    promise = reason(verdict, "two_may_become_natural")
    assert promise.params["as_card"] == c("6h")
    assert "6♥" in message(promise, lang)
    still_wild = extend("4h 5h 2h 7h 8h 9h", "3h")
    assert still_wild.meld is not None and still_wild.meld.wild_as == c("6h")
    at_an_end = reason(judge("5h 6h 2h"), "two_may_become_natural")
    assert "7♥" not in message(at_an_end, lang) and "4♥" not in message(at_an_end, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_wild_two_below_the_run_goes_home_once_the_card_it_stands_for_comes_too(
    lang: str,
) -> None:
    """2♥=Q♥ K♥ A♥: the ace is high, so the run reaches the 3 only downward, through the
    Q♥ the 2♥ stands for; as in a gap [000, 001], the promise names the Q♥ (the run
    reaching the 3 alone would leave the 2♥ the wild Q♥)."""
    promise = reason(judge("Kh Ah 2h"), "two_may_become_natural")
    assert promise.params["as_card"] == c("Qh") and promise.params["case"] == "gap"
    assert "Q♥" in message(promise, lang)
    still_wild = extend("Kh Ah 2h", "Jh")
    assert still_wild.meld is not None and still_wild.meld.wild_as == c("Qh")


def test_two_of_another_suit_is_always_a_wild() -> None:
    """A 2 of another suit never becomes natural [seed 000]: A♠ 2♥ 3♠ is dirty."""
    verdict = judge("As 2h 3s")
    assert verdict.meld is not None
    assert verdict.meld.wild == c("2h") and verdict.meld.wild_as == c("2s")
    assert verdict.meld.natural_two is None and not verdict.meld.clean
    assert "two_may_become_natural" not in verdict.codes


@pytest.mark.parametrize("preset", ["aberto", "fechado", "stbl"])
def test_wild_two_beside_natural_two_forbidden_by_default(preset: str) -> None:
    """ "2, 3, 4, 2, 6" is not allowed: a 2 cannot be a wild where a 2 stands as itself
    [seed 000; option wild_two_beside_natural_two, off in every preset]."""
    verdict = judge("2s 3s 4s 2h 6s", preset)
    assert refused(verdict, "wild_two_beside_natural_two") == {
        "natural": c("2s"),
        "wild": c("2h"),
    }
    assert "option:wild_two_beside_natural_two" in verdict.reasons[0].sources
    refused(judge("2s 2s 3s 4s", preset), "wild_two_beside_natural_two")


def test_wild_two_beside_natural_two_allowed_by_option() -> None:
    """Seed 003 only limits wilds to one: option wild_two_beside_natural_two allows it."""
    verdict = judge("2s 3s 4s 2h 6s", wild_two_beside_natural_two=True)
    assert verdict.ok and verdict.meld is not None
    assert verdict.meld.natural_two == c("2s")
    assert verdict.meld.wild == c("2h") and verdict.meld.wild_as == c("5s")


def test_wild_two_beside_natural_two_allowed_by_option_never_promised_a_way_home() -> None:
    """A wild 2 of the meld's suit goes home when the sequence reaches its place [000, 001]:
    beside a natural 2 of its suit (option wild_two_beside_natural_two) that place is held,
    so the verdict does not promise it will move there and clean the meld."""
    verdict = judge("2h 3h 2h", wild_two_beside_natural_two=True)
    assert verdict.ok and "two_may_become_natural" not in verdict.codes
    assert "two_may_become_natural" in judge("3h 4h 2h 6h").codes  # the wild 2♥ as 5♥


def test_a_joker_beside_a_natural_two_is_allowed() -> None:
    """The rule against a wild 2 beside a natural 2 is about 2s [seed 000]; one joker is the
    one wild allowed [seeds 000, 003]."""
    verdict = judge("2s 3s JK 5s")
    assert verdict.ok and verdict.meld is not None
    assert verdict.meld.natural_two == c("2s") and verdict.meld.wild_as == c("4s")


def test_wild_two_beside_natural_two_not_blamed_when_the_cards_cannot_fit() -> None:
    """5♠ 2♥ 2♠ fails even with the option on (3♠ and 4♠ would be missing): the wild 2 beside
    the natural 2 is not the reason to give [seed 000; seeds 000, 003 one wild]."""
    verdict = judge("5s 2h 2s")
    assert not verdict.ok
    assert "wild_two_beside_natural_two" not in verdict.codes
    assert not judge("5s 2h 2s", wild_two_beside_natural_two=True).ok


def test_no_jokers_when_the_deck_has_none() -> None:
    """Without the figure jokers only the 2s are wild [seed 003 variation; option
    jokers_in_deck]."""
    verdict = judge("5s 6s JK", jokers_in_deck=False)
    refused(verdict, "no_jokers_in_deck")
    assert "option:jokers_in_deck" in verdict.reasons[0].sources
    assert judge("5s 6s 2h", jokers_in_deck=False).ok


# --- canastras ------------------------------------------------------------------------------


def test_canastra_is_seven_or_more_cards() -> None:
    """A meld of 7+ cards is a canastra [seeds 000, 001, 002, 003]."""
    six = judge("4h 5h 6h 7h 8h 9h")
    assert six.canastra is None
    assert reason(six, "not_canastra_yet").params == {"count": 6, "missing": 1}
    assert judge("4h 5h 6h 7h 8h 9h 10h").canastra == "limpa"


def test_canastra_limpa_has_no_wild() -> None:
    """Canastra limpa: 7+ cards, no wild: 4-10 of hearts, 50 points of cards [seed 003
    worked example; seeds 000, 001, 002]."""
    verdict = judge("4h 5h 6h 7h 8h 9h 10h")
    assert verdict.canastra == "limpa" and verdict.points == 50
    assert reason(verdict, "canastra_limpa").params == {"count": 7}


def test_canastra_suja_has_a_wild() -> None:
    """The worked example's dirty spades canastra 5-6-7-2♦-9-10-J: the 2♦ is the 8♠, cards
    55 [seed 003 worked example; seeds 000, 001, 002]."""
    verdict = judge("5s 6s 7s 2d 9s 10s Js")
    assert verdict.canastra == "suja" and verdict.points == 55
    assert verdict.meld is not None and verdict.meld.wild_as == c("8s")
    assert reason(verdict, "canastra_suja").params == {"count": 7, "wild": c("2d")}


def test_a_two_in_its_natural_place_makes_a_clean_canastra() -> None:
    """2..9 of hearts is a canastra limpa, the 2 in its natural place [seed 000 example]."""
    assert judge("2h 3h 4h 5h 6h 7h 8h 9h").canastra == "limpa"


def test_canastra_de_500_is_ace_to_king_clean() -> None:
    """Ace to king, 13 cards, no wild: 500 [seeds 000, 002; "de Ás a 2" in seed 001 read as
    A..K]. Card points 15 + 10 + 5*5 + 10*6 = 110."""
    verdict = judge("Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc")
    assert verdict.canastra == "500" and verdict.points == 110
    reversed_order = format_cards(reversed(parse_cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc")))
    assert judge(reversed_order).canastra == "500"


def test_canastra_de_500_with_a_wild_is_suja() -> None:
    """The 500 is clean; with a wild it is a canastra suja [seeds 000, 001, 002]."""
    assert judge("Ac 2d 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc").canastra == "suja"
    assert judge("Ac 2c 3c 4c 5c 6c JK 8c 9c 10c Jc Qc Kc").canastra == "suja"


def test_canastra_real_is_ace_to_ace_clean() -> None:
    """Ace to ace, 14 cards, no wild: the real, 1000 [seeds 000, 001, 002]."""
    verdict = judge(ALL_SPADES + " As")
    assert verdict.canastra == "real" and verdict.points == 125
    assert reason(verdict, "canastra_real").params == {"count": 14}


def test_canastra_real_with_a_wild_is_suja() -> None:
    """A..A with a joker for the 7 is dirty [seeds 000, 001, 002]."""
    assert judge("Ad 2d 3d 4d 5d 6d JK 8d 9d 10d Jd Qd Kd Ad").canastra == "suja"


def test_a_long_clean_run_short_of_ace_to_king_is_limpa() -> None:
    """Only A..K is the 500 and A..A the real [seeds 000, 001, 002]: 2..K and 3..A are limpa."""
    assert judge("2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc").canastra == "limpa"
    assert judge("3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac").canastra == "limpa"


def _built_up(preset: str, first: str, rest: str) -> MeldVerdict:
    verdict = extend(first, rest, preset)
    assert verdict.ok and verdict.meld is not None and verdict.meld.built_up
    return verdict


def test_big_canastra_built_up_scores_as_limpa_where_required() -> None:
    """STBL: the 500 and the real must be laid at once [seed 002; option
    big_canastras_at_once]; built up over several moves they stay legal and count as limpa
    (RULES.md)."""
    five_hundred = _built_up("stbl", "Ah 2h 3h 4h 5h 6h 7h", "8h 9h 10h Jh Qh Kh")
    assert five_hundred.canastra == "limpa"
    note = reason(five_hundred, "big_canastra_built_up")
    assert "option:big_canastras_at_once" in note.sources
    real = _built_up("stbl", "Ah 2h 3h 4h 5h 6h 7h", "8h 9h 10h Jh Qh Kh Ah")
    assert real.canastra == "limpa"


def test_big_canastra_built_up_a_500_laid_at_once_that_takes_its_second_ace_is_a_limpa() -> None:
    """STBL: the ace to ace is a real not laid at once, so it counts as a limpa, though its
    ace to king was a 500 laid at once: "only one laid in a single move scores 500 or 1000"
    (RULES.md, reading [seed 002] "cartas precisam ser baixadas de uma vez"). Adding that ace
    costs the 500; the judge says why."""
    assert judge("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", "stbl").canastra == "500"
    verdict = extend("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", "Ah", "stbl")
    assert verdict.ok and verdict.canastra == "limpa"
    assert "big_canastra_built_up" in verdict.codes


def test_big_canastra_built_up_still_counts_where_not_required() -> None:
    """Aberto and Fechado do not require laying a 500 or real at once [option
    big_canastras_at_once, off there]."""
    for preset in ("aberto", "fechado"):
        assert _built_up(preset, "Ah 2h 3h 4h 5h 6h 7h", "8h 9h 10h Jh Qh Kh").canastra == "500"
        assert _built_up(preset, "2h 3h 4h", "Ah 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah").canastra == (
            "real"
        )


def test_big_canastra_laid_at_once_counts_in_stbl() -> None:
    """Laid all at once, the 500 is a 500 in STBL too [seed 002]."""
    assert judge("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh", "stbl").canastra == "500"


# --- trincas --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "allowed"), [("aberto", False), ("fechado", True), ("stbl", False)]
)
def test_trincas_only_where_the_variant_allows(preset: str, allowed: bool) -> None:
    """Trincas (lavadeiras): no in Aberto and STBL, yes in Fechado [seeds 000, 001, 003;
    option trincas]."""
    verdict = judge("5h 5s 5d", preset)
    if allowed:
        assert verdict.ok and verdict.meld is not None
        assert verdict.meld.kind == "trinca" and verdict.meld.suit is None
        assert verdict.meld.rank == 5
    else:
        refused(verdict, "trincas_not_allowed")
        assert "option:trincas" in verdict.reasons[0].sources


def test_trincas_follow_the_option_not_the_preset_name() -> None:
    """Code reads the option, never the preset name [DESIGN.md; option trincas]."""
    assert judge("5h 5s 5d", "aberto", trincas=True).ok
    refused(judge("5h 5s 5d", "fechado", trincas=False), "trincas_not_allowed")


def test_a_trinca_takes_any_suits_and_repeats() -> None:
    """Cards of one rank whatever the suit [seed 000]; two decks give repeats [seed 003]."""
    assert judge("9h 9h 9s").ok


def test_trinca_suits_any_takes_repeated_suits() -> None:
    """trinca_suits=any, every preset's value: a trinca “independente do naipe” [seed 000],
    so seven kings of two decks make a canastra [seed 003's eight-of-a-kind variation]."""
    assert all(PRESETS[p].trinca_suits == "any" for p in PRESETS)
    assert judge("7h 7h 7s", trinca_suits="any").ok
    assert judge("Kh Kh Ks Ks Kd Kd Kc", trinca_suits="any").canastra == "limpa"


def test_trinca_suits_distinct_refuses_a_repeated_suit() -> None:
    """trinca_suits=distinct: lavadeiras of “naipes diferentes” [seed 003]; the repeated card
    is named, a wild has no suit, and growing the trinca checks the suits too."""
    verdict = judge("7h 7h 7s", trinca_suits="distinct")
    assert refused(verdict, "trinca_suit_repeated") == {"card": c("7h")}
    assert "option:trinca_suits" in verdict.reasons[0].sources
    assert judge("7h 7s 7d 7c JK", trinca_suits="distinct").ok
    refused(extend("7h 7s 7d", "7s", trinca_suits="distinct"), "trinca_suit_repeated")
    assert extend("7h 7s 7d", "7c", trinca_suits="distinct").ok


def test_trinca_suits_distinct_offers_one_card_of_each_suit() -> None:
    """The melds offered from a hand follow the option: with 7h 7h 7s 7d, the trinca of three
    suits is offered, never the one repeating hearts [seed 003; option trinca_suits]."""
    hand = parse_cards("7h 7h 7s 7d")
    offered = meld_groups(hand, ruleset("fechado", trinca_suits="distinct"))
    suits = [sorted(str(c.suit) for c in group) for group in offered]
    assert suits and all(len(set(s)) == len(s) for s in suits)
    assert any(len(group) == 3 for group in offered)


def test_a_trinca_takes_at_most_one_wild() -> None:
    """Each lavadeira may take at most one wild [seed 003; seed 000 "pode-se utilizar
    curingas"]."""
    verdict = judge("9h 9s JK")
    assert verdict.ok and verdict.meld is not None and verdict.meld.wild == JOKER
    assert verdict.meld.wild_as is None  # it stands for a 9 of any suit
    refused(judge("9h 9s JK 2c"), "two_wilds")


def test_a_trinca_of_seven_is_a_canastra() -> None:
    """A canastra is 7+ cards of the same rank or in sequence [seed 001; seed 000]."""
    assert judge("Kh Kh Ks Ks Kd Kd Kc").canastra == "limpa"
    assert judge("Kh Kh Ks Ks Kd Kd JK").canastra == "suja"


def test_eight_of_a_kind_counts_as_real_only_with_the_option() -> None:
    """Eight equal cards count as a real, 1000, at some Fechado tables with lavadeiras
    [seed 003 variation; option eight_of_a_kind_real, off by default]."""
    eight = "Kh Kh Ks Ks Kd Kd Kc Kc"
    assert judge(eight).canastra == "limpa"
    verdict = judge(eight, eight_of_a_kind_real=True)
    assert verdict.canastra == "real" and verdict.points == 80
    assert "option:eight_of_a_kind_real" in reason(verdict, "canastra_real_eight").sources


def test_eight_cards_with_a_wild_are_not_eight_equal_cards() -> None:
    """Seven kings and a joker are not "oito cartas iguais": a dirty canastra [seed 003]."""
    assert judge("Kh Kh Ks Ks Kd Kd Kc JK", eight_of_a_kind_real=True).canastra == "suja"


def test_a_trinca_grows_only_with_its_rank() -> None:
    """A trinca is cards of one rank [seeds 000, 003]."""
    assert extend("5h 5s 5d", "5c").ok
    assert refused(extend("5h 5s 5d", "6h"), "trinca_ranks_differ") == {"ranks": ("5", "6")}


# --- extending a meld on the table ----------------------------------------------------------


def test_a_meld_on_the_table_grows_by_any_number_of_valid_cards() -> None:
    """Once laid, a meld takes any number of valid cards, even one [seed 000]."""
    assert extend("4s 5s 6s", "7s").ok
    both_ends = extend("4s 5s 6s", "2s 3s 7s 8s")
    assert both_ends.ok and both_ends.canastra == "limpa"
    assert shown(both_ends) == "2s 3s 4s 5s 6s 7s 8s"
    assert refused(extend("4s 5s 6s", "8s"), "gap")["missing"] == (c("7s"),)


def test_an_extension_needs_cards() -> None:
    """Nothing to add is no extension [seed 000]."""
    assert extend("4s 5s 6s", "").codes == ("no_cards",)


def test_an_extended_meld_is_built_up() -> None:
    """A meld grown over moves is marked, for the 500/real laid-at-once rule [seed 002]."""
    verdict = extend("4s 5s 6s", "7s")
    assert verdict.meld is not None and verdict.meld.built_up


def test_same_suit_two_returns_to_natural_place_and_cleans_the_meld() -> None:
    """3♠ 2♠ 5♠ plus 4♠ becomes 2♠ 3♠ 4♠ 5♠, clean [seed 002; seeds 000, 001, 003]."""
    verdict = extend("3s 2s 5s", "4s")
    assert verdict.ok and verdict.meld is not None
    assert shown(verdict) == "2s 3s 4s 5s"
    assert verdict.meld.clean
    assert reason(verdict, "two_moved_to_natural").params == {"card": c("2s")}


def test_dirty_canastra_turns_clean_when_its_two_goes_home() -> None:
    """4 5 2 7 8 9 of hearts is dirty; with the 3 and the 6 it is 2..9, a canastra limpa
    [seed 000 example; seed 001]."""
    laid = judge("4h 5h 2h 7h 8h 9h")
    assert laid.meld is not None and laid.meld.wild_as == c("6h")
    verdict = extend("4h 5h 2h 7h 8h 9h", "3h 6h")
    assert verdict.canastra == "limpa"
    assert shown(verdict) == "2h 3h 4h 5h 6h 7h 8h 9h"


def test_joker_in_gap_moves_to_an_end_when_natural_card_arrives() -> None:
    """4-5-6-7-Jk-9-10 plus the 8: the joker moves to a missing place at an end, and never
    leaves the table [seed 000; RULES.md]."""
    verdict = extend("4s 5s 6s 7s JK 9s 10s", "8s")
    assert verdict.ok and verdict.meld is not None
    assert verdict.meld.wild == JOKER and verdict.canastra == "suja"
    assert {verdict.meld.stands_for(p) for p in verdict.meld.wild_options} == {c("Js"), c("3s")}
    moved = reason(verdict, "wild_moved").params
    assert moved["from"] == c("8s") and moved["to"] == verdict.meld.wild_as


def test_joker_moves_to_the_jack_when_the_eight_and_queen_arrive() -> None:
    """The seed's own example ends 4..10, Jk, Q: the joker is now the J [seed 000]."""
    verdict = extend("4s 5s 6s 7s JK 9s 10s", "8s Qs")
    assert shown(verdict) == "4s 5s 6s 7s 8s 9s 10s JK Qs"
    assert verdict.meld is not None and verdict.meld.wild_as == c("Js")


def test_two_of_another_suit_moves_like_a_joker_and_the_meld_stays_dirty() -> None:
    """A 2 of another suit never becomes natural: it moves like the joker, the canastra
    stays suja [seed 000; RULES.md]."""
    verdict = extend("4h 5h 2s 7h 8h 9h", "3h 6h")
    assert verdict.ok and verdict.meld is not None
    assert verdict.meld.wild == c("2s") and not verdict.meld.clean
    assert verdict.canastra == "suja"


def test_joker_never_becomes_natural() -> None:
    """A meld dirtied by a joker never turns clean [seed 000]."""
    verdict = extend("3h JK 5h", "4h")
    assert verdict.ok and verdict.meld is not None
    assert verdict.meld.wild == JOKER and not verdict.meld.clean
    assert verdict.meld.wild_as in (c("2h"), c("6h"))


def test_wild_with_nowhere_to_go_refuses_the_extension() -> None:
    """A..A with the joker as the 7: the 7 would push the joker out, and it never leaves the
    table, so the 7 cannot be added [seed 000; RULES.md]."""
    verdict = extend("As 2s 3s 4s 5s 6s JK 8s 9s 10s Js Qs Ks As", "7s")
    assert refused(verdict, "wild_has_no_place") == {"wild": JOKER, "as_card": c("7s")}


def test_natural_two_stays_natural_on_extension() -> None:
    """A 2 laid in its natural place is not a wild: an extension cannot turn it into one.
    No source says so: the reason cites the project's reading [RULES.md; issue 12]."""
    stays = reason(extend("2s 3s 4s", "6s"), "natural_two_stays")
    # (the 5♠ it lacks named: the message had said only that the 2 stays natural)
    assert stays.params == {"card": c("2s"), "case": "gap", "as_card": c("5s")}
    assert message(stays, "pt") == (
        "Falta o 5♠ na sequência: o 2♠ já está na posição natural e não volta a ser curinga "
        "para ocupar esse lugar."
    )
    assert stays.sources == ("project",) and stays.source == "the project's reading"
    with_joker = extend("2s 3s 4s", "JK 6s")
    assert with_joker.ok and with_joker.meld is not None
    assert with_joker.meld.natural_two == c("2s") and with_joker.meld.wild_as == c("5s")


def test_a_wild_stays_where_it_stands_when_it_need_not_move() -> None:
    """The joker moves only when the natural card takes its place [seed 000]."""
    gap = extend("5s JK 7s", "8s")
    assert gap.meld is not None and gap.meld.wild_as == c("6s")
    assert "wild_moved" not in gap.codes
    end = extend("5s 6s JK", "4s")
    assert end.meld is not None and end.meld.wild_as == c("7s")
    assert "wild_moved" not in end.codes


def test_a_wild_at_either_end_may_settle_at_the_other_end() -> None:
    """5 6 Jk may be 4-5-6 or 5-6-7 [issue 2]: adding the 3 settles it as the 4, no move."""
    verdict = extend("5s 6s JK", "3s")
    assert verdict.ok and verdict.meld is not None
    assert verdict.meld.wild_as == c("4s")
    assert "wild_moved" not in verdict.codes


def test_two_returns_home_while_a_joker_joins() -> None:
    """3♠ 2♠ 5♠ plus 4♠ and a joker: the 2♠ goes home (no longer wild), the joker is now the
    one wild; nothing "moved" but the 2 [seeds 000, 002; one wild, seeds 000, 003]."""
    verdict = extend("3s 2s 5s", "4s JK")
    assert verdict.ok and verdict.meld is not None
    assert verdict.meld.natural_two == c("2s") and verdict.meld.wild == JOKER
    assert "two_moved_to_natural" in verdict.codes
    assert "wild_moved" not in verdict.codes
    # The 2 went home, but the meld is not clean: its message says so (it said "agora está
    # limpo" beside the joker, on the Jogar board under a canastra suja).
    home = reason(verdict, "two_moved_to_natural")
    assert home.params == {"card": c("2s"), "case": "still_dirty", "wild": JOKER}
    assert message(home, "pt") == (
        "O 2♠ voltou para a sua posição natural, mas o jogo continua sujo: agora o curinga é o JK."
    )
    assert "clean" not in message(home, "en")


def test_a_wild_two_goes_home_for_its_card_not_for_another_wild() -> None:
    """A 2 of the meld's suit standing in for a card goes back to its natural place once that
    card comes and the run reaches the 3 [seeds 000, 001, 002]; till then it is the meld's
    wild, and a wild moves only when the natural card takes its place [seed 000]: a joker
    laid beside it is a second wild [seeds 000, 003], not its stand-in."""
    # 3♠ 2♠ 5♠, the 2♠ as the 4♠: the joker may not take the 4♠'s place and send it home.
    assert refused(extend("3s 2s 5s", "JK"), "two_wilds") == {
        "wilds": (c("2s"), JOKER),
        "case": "two_not_home",
        "card": c("2s"),
        "missing": (c("4s"),),
    }
    # Lesson 5's meld, 4♥ 5♥ 2♥ 7♥ 8♥ 9♥: the 3♥ and a joker as the 6♥ do not clean it up
    # into 2♥..9♥; only the 6♥ brings the 2♥ home.
    refused(extend("4h 5h 2h 7h 8h 9h", "3h JK"), "two_wilds")
    assert extend("4h 5h 2h 7h 8h 9h", "3h 6h").ok
    # At an end (the 3♠ or the 6♠) the 2♠ goes home with the 3♠, not with the 6♠.
    refused(extend("4s 5s 2s", "6s JK"), "two_wilds")
    home = extend("4s 5s 2s", "3s JK")
    assert home.ok and home.meld is not None
    assert home.meld.natural_two == c("2s") and home.meld.wild == JOKER
    # Its card comes, and the joker goes on past the meld: as legal as laid one at a time.
    assert extend("3s 2s 5s", "4s 7s JK").ok
    # Another suit's 2 is no stand-in either, where the table allows it beside a natural 2.
    refused(extend("3s 2s 5s", "2d", wild_two_beside_natural_two=True), "two_wilds")
    message_pt = message(reason(extend("3s 2s 5s", "JK"), "two_wilds"), "pt")
    assert message_pt == (
        "Dois curingas no mesmo jogo (2♠, JK): o 2♠ ainda é o curinga deste jogo e só volta à "
        "posição natural quando entram as cartas naturais que faltam do 3 ao resto do jogo "
        "(4♠); outro curinga não toma o lugar dele."
    )
    assert "(4♠)" in message(reason(extend("3s 2s 5s", "JK"), "two_wilds"), "en")
    assert reason(extend("3s 2s 5s", "JK"), "two_wilds").sources == ALL_SEEDS


def test_an_extension_may_not_add_a_second_wild() -> None:
    """At most one wild per meld, on the table too [seeds 000, 003]."""
    refused(extend("5s JK 7s", "2h"), "two_wilds")


def test_an_extension_may_not_bring_a_wild_two_beside_the_natural_two() -> None:
    """ "2, 3, 4, 2, 6" is refused when built up too [seed 000; option
    wild_two_beside_natural_two]."""
    refused(extend("2s 3s 4s", "2h 6s"), "wild_two_beside_natural_two")
    assert extend("2s 3s 4s", "2h 6s", wild_two_beside_natural_two=True).ok


def test_an_extension_does_not_wrap_around() -> None:
    """Q-K-A cannot go on with 2-3 [seeds 000, 001, 003]."""
    refused(extend("Qs Ks As", "2s 3s"), "wrap_around")


# --- explanations ---------------------------------------------------------------------------


def test_a_valid_meld_explains_itself() -> None:
    """A valid meld explains too: "canastra limpa: 7 cards, no wild" [issue 2, melds]."""
    verdict = judge("4h 5h 6h 7h 8h 9h 10h")
    assert reason(verdict, "valid_sequence").params == {
        "count": 7,
        "suit": Suit.HEARTS,
        "low": c("4h"),
        "high": c("10h"),
    }
    text = message(reason(verdict, "canastra_limpa"), "en")
    assert "7" in text and "limpa" in text


# One real case per meld reason code: the params the code really emits.
REASON_CASES: dict[str, Callable[[], MeldVerdict]] = {
    "valid_sequence": lambda: judge("6c 7c 8c"),
    "valid_trinca": lambda: judge("5h 5s 5d"),
    "natural_two": lambda: judge("As 2s 3s"),
    "wild_stands_for": lambda: judge("6c JK 8c"),
    "wild_either_end": lambda: judge("5s 6s JK"),
    "two_may_become_natural": lambda: judge("5s 6s 2s"),  # ("3s 2s 5s": case "gap")
    "wild_in_trinca": lambda: judge("9h 9s JK"),
    "not_canastra_yet": lambda: judge("6c 7c 8c"),
    "canastra_limpa": lambda: judge("4h 5h 6h 7h 8h 9h 10h"),
    "canastra_suja": lambda: judge("5s 6s 7s 2d 9s 10s Js"),
    "canastra_500": lambda: judge(ALL_SPADES),
    "canastra_real": lambda: judge(ALL_SPADES + " As"),
    "canastra_real_eight": lambda: judge("Kh Kh Ks Ks Kd Kd Kc Kc", eight_of_a_kind_real=True),
    "big_canastra_built_up": lambda: extend("Ah 2h 3h 4h 5h 6h 7h", "8h 9h 10h Jh Qh Kh", "stbl"),
    "two_moved_to_natural": lambda: extend("3s 2s 5s", "4s"),
    "wild_moved": lambda: extend("4s 5s 6s 7s JK 9s 10s", "8s"),
    "too_few_cards": lambda: judge("4d 5d"),
    "no_cards": lambda: extend("4s 5s 6s", ""),
    "more_copies_than_deck": lambda: judge("5h 5h 5h"),
    "only_wilds": lambda: judge("JK JK 2c"),
    "mixed_suits": lambda: judge("4h 5h 6s", "stbl"),  # (where trincas count: case "trincas")
    "duplicate_rank": lambda: judge("4h 5h 5h 6h"),
    "two_wilds": lambda: judge("5h JK 7h 2c"),
    "wild_two_beside_natural_two": lambda: judge("2s 3s 4s 2h 6s"),
    "gap": lambda: judge("4h 5h 7h 9h"),
    "wrap_around": lambda: judge("Ks As 2s 3s"),
    "too_long": lambda: judge(ALL_SPADES + " As JK"),
    "trincas_not_allowed": lambda: judge("5h 5s 5d", "aberto"),
    "trinca_ranks_differ": lambda: extend("5h 5s 5d", "6h"),
    "natural_two_stays": lambda: extend("2s 3s 4s", "6s"),
    "wild_has_no_place": lambda: extend("As 2s 3s 4s 5s 6s JK 8s 9s 10s Js Qs Ks As", "7s"),
    "no_jokers_in_deck": lambda: judge("5s 6s JK", jokers_in_deck=False),
}

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
# Reason code -> (pt, en) templates, from the catalogs.
MESSAGES = {
    key.removeprefix("reason."): (text, catalog("en")[key])
    for key, text in catalog("pt").items()
    if key.startswith("reason.")
}


def _placeholders(template: str) -> set[str]:
    # "{missing|falta|faltam}" is the word that agrees with {missing}.
    return {name.split("|")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def _sample_params(code: str) -> dict[str, Any]:
    """Real params where a meld case emits the code; made-up values for other codes."""
    if code in REASON_CASES:
        return dict(reason(REASON_CASES[code](), code).params)
    cards = ("cards", "wilds", "missing", "options", "hand", "meld")
    params: dict[str, Any] = {}
    for name in _placeholders(MESSAGES[code][0]) | _placeholders(MESSAGES[code][1]):
        if name in cards:
            params[name] = cs("4h 5h")
        elif name == "suit":
            params[name] = Suit.HEARTS
        elif name == "suits":
            params[name] = (Suit.HEARTS, Suit.SPADES)
        elif name in ("card", "wild", "as_card", "natural", "low", "high", "from", "to", "top"):
            params[name] = c("4h")
        else:
            params[name] = 3
    return params


def test_every_meld_reason_code_has_a_message_and_a_real_case() -> None:
    """Every verdict explains itself in pt-BR and English [issue 2]: each code the meld judge
    emits has its messages, and each case here really emits its code."""
    for code, case in REASON_CASES.items():
        assert code in MESSAGES, code
        assert code in case().codes, code


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_messages_use_the_same_placeholders_in_both_languages(code: str) -> None:
    """Messages in pt-BR and English say the same thing [issue 2; DESIGN.md]."""
    pt, en = MESSAGES[code]
    assert _placeholders(pt) == _placeholders(en)


@pytest.mark.parametrize("lang", LANGS)
def test_messages_render_without_placeholders(lang: str) -> None:
    """Every reason code of the catalogs renders fully, in pt-BR and in English [issue 2]; meld
    codes with the params they really carry."""
    for key in sorted(MESSAGES):
        code, _, case = key.partition(".")  # "may_go_out.no_morto": a wording picked by case
        params = _sample_params(code) | ({"case": case} if case else {})
        # A case's own params, which the code's wording has not (replay's "marked": number).
        own = _placeholders(MESSAGES[key][0]) | _placeholders(MESSAGES[key][1])
        params |= {name: 3 for name in own - params.keys()}
        text = message(Reason(Code(code), params), lang)
        assert text != code
        if case:  # the case's own wording, not the code's (a real case may carry one)
            plain = {k: v for k, v in _sample_params(code).items() if k != "case"}
            assert text != message(Reason(Code(code), plain), lang)
        assert not PLACEHOLDER.search(text), f"{key}: {text}"


def test_messages_print_cards_with_suit_symbols() -> None:
    """What the user reads shows cards as 8♠, not 8s [issue 2; DESIGN.md]."""
    verdict = judge("5s 6s 7s 2d 9s 10s Js")
    for lang in LANGS:
        text = message(reason(verdict, "wild_stands_for"), lang)
        assert "2♦" in text and "8♠" in text


def test_wild_in_trinca_cites_the_sources_that_speak_of_it() -> None:
    """A wild completes a trinca, at most one per meld [000, 003]; [001] does not speak of
    wilds in trincas [issue 12, Corrections]."""
    verdict = judge("9h 9s JK", "fechado")
    assert reason(verdict, "wild_in_trinca").sources == ("000", "003")


def test_every_reason_names_its_source() -> None:
    """Each reason carries the rule's source: a seed file or an option name [issue 2]."""
    for case in REASON_CASES.values():
        for item in case().reasons:
            assert item.sources, item.code
            for source in item.sources:
                option = source.removeprefix("option:")
                assert source in (*ALL_SEEDS, PROJECT) or option in OPTION_NAMES, source


def test_mixed_suits_and_ranks_name_the_trinca_only_where_trincas_count() -> None:
    """Fechado has trincas: 9♦ 9♣ 10♣ is no sequence (suits) and no trinca (ranks), and the
    reason says both; where there are none (STBL), or growing a sequence already on the
    table, it is a sequence's mixed suits alone [seeds 000, 001, 003]."""
    fechado = refused(judge("9d 9c 10c", "fechado"), "mixed_suits")
    assert fechado["case"] == "trincas" and fechado["ranks"] == ("9", "10")
    assert "trinca" in message(Reason(Code.MIXED_SUITS, fechado), "pt")
    assert "case" not in refused(judge("9d 9c 10c", "stbl"), "mixed_suits")
    assert "case" not in refused(extend("4h 5h 6h", "7s"), "mixed_suits")
