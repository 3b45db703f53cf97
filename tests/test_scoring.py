"""Scoring rule points (seeds 000-003, RULES.md's worked example from seed 003)."""

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from buraco_cli.main import main
from buraco_core import BuracoInputError, match_standing, round_from_data, ruleset, score_round
from buraco_core.cards import parse_cards
from buraco_core.codes import Code
from buraco_core.errors import InputCode
from buraco_core.melds import judge_meld
from buraco_core.scoring import RoundScore, meld_notes
from buraco_text import error_problem

WORKED_EXAMPLE = {
    "sides": [
        {
            "name": "A",
            "melds": [
                ["4h", "5h", "6h", "7h", "8h", "9h", "10h"],
                ["5s", "6s", "7s", "2d", "9s", "10s", "Js"],
                ["Qc", "Kc", "Ac"],
            ],
            "hands": [[], ["7c", "Kd"]],
            "took_morto": True,
            "went_out": True,
        },
        {
            "name": "B",
            "melds": [["6d", "7d", "8d"], ["9s", "10s", "Js", "Qs"]],
            "hands": [["3c", "Kh", "Kh", "Qd", "8c", "JK"], []],
            "took_morto": True,
        },
    ]
}


def test_worked_example_seed_003_scores_525_and_minus_5() -> None:
    rules = ruleset("fechado", joker_points=20)
    score = score_round(rules, round_from_data(rules, WORKED_EXAMPLE))
    assert score.total("A") == 525
    assert score.total("B") == -5
    items_a = {(i.code, i.points) for i in score.sides[0].items}
    assert ("canastra_limpa", 200) in items_a and ("canastra_suja", 100) in items_a
    assert ("batida", 100) in items_a and ("hand_cards", -15) in items_a


# --- more scoring rule points ---------------------------------------------------------------


def score(data: dict[str, Any], preset: str = "fechado", **options: Any) -> RoundScore:
    rules = ruleset(preset, **options)
    return score_round(rules, round_from_data(rules, data))


def items(result: RoundScore, name: str) -> list[tuple[str, int]]:
    side = next(s for s in result.sides if s.name == name)
    return sorted((i.code, i.points) for i in side.items)


def one_side(**side: Any) -> dict[str, Any]:
    return {"sides": [{"name": "A", **side}]}


def test_worked_example_is_itemised_and_the_items_sum_to_the_total() -> None:
    """Side A: cards 50 + 55 + 35, canastras 200 + 100, batida 100, hand -15 = 525; side B:
    cards 20 + 40, hand -65 = -5 [seed 003 worked example, joker 20]."""
    result = score(WORKED_EXAMPLE, joker_points=20)
    assert items(result, "A") == sorted(
        [
            ("table_cards", 140),
            ("canastra_limpa", 200),
            ("canastra_suja", 100),
            ("batida", 100),
            ("hand_cards", -15),
        ]
    )
    assert items(result, "B") == sorted([("table_cards", 60), ("hand_cards", -65)])
    for side in result.sides:
        assert side.total == sum(item.points for item in side.items)


def test_worked_example_with_the_joker_at_50() -> None:
    """The joker's value is an option: at 50 [seeds 000, 001, 002; option joker_points] the
    joker left in B's hand costs 50, not 20: B scores 60 - 95 = -35, A is unchanged."""
    result = score(WORKED_EXAMPLE)
    assert result.total("A") == 525
    assert result.total("B") == -35


def test_cards_on_the_table_count_and_cards_in_hand_subtract() -> None:
    """Cards on the table add their points; cards left in a hand subtract the same
    [seeds 000, 001, 002, 003]: 6-7-8 of diamonds (20) minus an ace and a joker (65)."""
    result = score(one_side(melds=[["6d", "7d", "8d"]], hands=[["As", "JK"]]))
    assert items(result, "A") == [("hand_cards", -65), ("table_cards", 20)]


def test_each_hand_of_a_side_is_its_own_line() -> None:
    """Minus the cards left in each player's hand [seed 003, scoring step 4]."""
    result = score(one_side(melds=[["6d", "7d", "8d"]], hands=[["3c"], ["Kc"]]))
    assert items(result, "A") == [("hand_cards", -10), ("hand_cards", -5), ("table_cards", 20)]


def test_a_side_holds_at_most_two_hands() -> None:
    """2 or 4 players, with 4 two partnerships [RULES.md, seeds 000-003]: a side holds one
    hand per player, so a third hand is bad input, placed at the side's hands."""
    assert len(score(one_side(hands=[[], ["Kc"]])).sides[0].items) == 1
    with pytest.raises(BuracoInputError) as caught:
        score(one_side(hands=[["3c"], ["4c"], ["5c"], ["6c"], ["7c"]]))
    error = caught.value
    assert (error.code, error.path) == (InputCode.TOO_MANY_HANDS, "sides[0].hands")
    assert error.values == {"count": 5, "most": 2}


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_side_that_went_out_has_an_empty_hand(lang: str) -> None:
    """Going out is playing the last card, so whoever went out holds none [RULES.md: the
    batida, seeds 000, 001, 003]: a side that went out, with a hand line per player, has an
    empty one. One line stands (with 4 players it may be the partner's hand)."""
    data = copy.deepcopy(WORKED_EXAMPLE)
    data["sides"][0]["hands"] = [["As"], ["7c", "Kd"]]
    with pytest.raises(BuracoInputError) as caught:
        score(data, joker_points=20)
    error = caught.value
    assert (error.code, error.path) == (InputCode.WENT_OUT_WITH_CARDS, "sides[0].hands")
    expected = {
        "pt": "uma dupla que bateu tem ao menos uma mão vazia: quem bateu ficou sem cartas",
        "en": "a side that went out has at least one empty hand: "
        "whoever went out has no cards left",
    }
    assert error_problem(error, lang) == expected[lang]
    data["sides"][0]["hands"] = [["7c", "Kd"]]
    assert score(data, joker_points=20).total("A") == 525
    data["sides"][0]["went_out"] = False  # the round ended by the stock: both may hold cards
    data["sides"][0]["hands"] = [["As"], ["7c", "Kd"]]
    assert ("hand_cards", -15) in items(score(data, joker_points=20), "A")


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"took_morto": False}, "sides[0].took_morto"),
        ({"melds": [["Qc", "Kc", "Ac"]]}, "sides[0].melds"),
        ({"hands": [[], [], ["Kc"]]}, "sides[0].hands"),
        ({"hands": [["As"], ["7c", "Kd"]]}, "sides[0].hands"),
    ],
)
def test_buraco_score_says_what_is_wrong_without_field_names_in_the_words(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    lang: str,
    change: dict[str, Any],
    path: str,
) -> None:
    """The path names the JSON field; the words after it are the game's, in the language
    (never went_out or go_out_requires inside a Portuguese sentence)."""
    data = copy.deepcopy(WORKED_EXAMPLE)
    data["sides"][0].update(change)
    file = tmp_path / "round.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", str(file), "--lang", lang]) == 2
    err = capsys.readouterr().err.strip()
    prefix = "buraco: erro: " if lang == "pt" else "buraco: error: "
    where = f"{file}: {path}: "  # the file, then the field (as every file's error says)
    assert err.startswith(f"{prefix}{where}")
    words = err.removeprefix(f"{prefix}{where}")
    internal = r"went_out|took_morto|go_out_requires|_" + (r"|hands|melds" if lang == "pt" else "")
    assert not re.search(internal, words), words


REAL_DIAMONDS = [
    "Ad",
    "2d",
    "3d",
    "4d",
    "5d",
    "6d",
    "7d",
    "8d",
    "9d",
    "10d",
    "Jd",
    "Qd",
    "Kd",
    "Ad",
]
FIVE_HUNDRED_CLUBS = ["Ac", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "10c", "Jc", "Qc", "Kc"]
LIMPA_HEARTS = ["4h", "5h", "6h", "7h", "8h", "9h", "10h"]
SUJA_SPADES = ["5s", "6s", "7s", "2d", "9s", "10s", "Js"]


def test_canastra_bonuses_suja_100_limpa_200_500_and_real_1000() -> None:
    """Suja 100, limpa 200 [seeds 000-003]; de 500 500, real 1000 [seeds 000, 001, 002].
    Cards: 50 + 55 + 110 + 125 = 340."""
    result = score(one_side(melds=[LIMPA_HEARTS, SUJA_SPADES, FIVE_HUNDRED_CLUBS, REAL_DIAMONDS]))
    assert items(result, "A") == sorted(
        [
            ("table_cards", 340),
            ("canastra_limpa", 200),
            ("canastra_suja", 100),
            ("canastra_500", 500),
            ("canastra_real", 1000),
        ]
    )


def test_canastra_bonus_options_150_and_300() -> None:
    """Some tables pay 150 for a suja and 300 for a limpa [seed 003 variation; options
    canastra_suja_points, canastra_limpa_points, canastra_500_points,
    canastra_real_points]."""
    result = score(
        one_side(melds=[LIMPA_HEARTS, SUJA_SPADES, FIVE_HUNDRED_CLUBS, REAL_DIAMONDS]),
        canastra_suja_points=150,
        canastra_limpa_points=300,
        canastra_500_points=600,
        canastra_real_points=1200,
    )
    bonuses = {code: points for code, points in items(result, "A") if code != "table_cards"}
    assert bonuses == {
        "canastra_limpa": 300,
        "canastra_suja": 150,
        "canastra_500": 600,
        "canastra_real": 1200,
    }


def test_a_meld_short_of_seven_cards_has_no_bonus() -> None:
    """Only a canastra (7+ cards) earns a bonus [seeds 000, 001, 002, 003]."""
    result = score(one_side(melds=[["4h", "5h", "6h", "7h", "8h", "9h"]]))
    assert items(result, "A") == [("table_cards", 40)]


def test_batida_adds_100_for_the_side_that_went_out() -> None:
    """Going out (batida final) +100, for the side that went out only [seeds 000, 001, 002,
    003]; 50 at some tables [seed 003; option batida_points]."""
    data = {
        "sides": [
            {"name": "A", "melds": [LIMPA_HEARTS], "went_out": True},
            {"name": "B", "melds": [["6d", "7d", "8d"]]},
        ]
    }
    assert ("batida", 100) in items(score(data), "A")
    assert all(code != "batida" for code, _ in items(score(data), "B"))
    assert ("batida", 50) in items(score(data, batida_points=50), "A")


def test_a_round_ended_by_the_stock_has_no_batida() -> None:
    """When the stock runs out before anyone goes out, there is no batida bonus
    [seed 003]."""
    result = score(one_side(melds=[LIMPA_HEARTS]))
    assert all(code != "batida" for code, _ in items(result, "A"))


def test_a_side_without_its_morto_pays_100() -> None:
    """A side that ends the round without its morto: -100 [seeds 000, 001, 002, 003; option
    morto_penalty]."""
    data = {
        "sides": [
            {"name": "A", "melds": [LIMPA_HEARTS], "went_out": True},
            {"name": "B", "melds": [["6d", "7d", "8d"]], "took_morto": False},
        ]
    }
    assert items(score(data), "B") == [("morto_not_taken", -100), ("table_cards", 20)]
    assert ("morto_not_taken", -150) in items(score(data, morto_penalty=150), "B")
    assert all(code != "morto_not_taken" for code, _ in items(score(data), "A"))


def test_both_mortos_stock_penalty_option() -> None:
    """Both mortos became stock, no side took one: each side pays -100 [seed 000], or
    neither loses [seed 003]; option both_mortos_stock_penalty, on by default."""
    data = {
        "sides": [
            {"name": "A", "melds": [["6d", "7d", "8d"]], "took_morto": False},
            {"name": "B", "melds": [["6c", "7c", "8c"]], "took_morto": False},
        ]
    }
    default = score(data)
    assert default.total("A") == default.total("B") == 20 - 100
    neither = score(data, both_mortos_stock_penalty=False)
    assert neither.total("A") == neither.total("B") == 20


def test_neither_loses_only_when_no_side_took_a_morto() -> None:
    """ "Neither loses" is about both mortos going to the stock [seed 003]; a side that
    missed its morto while the other took one still pays [seeds 000-003]."""
    data = {
        "sides": [
            {"name": "A", "melds": [["6d", "7d", "8d"]], "took_morto": True},
            {"name": "B", "melds": [["6c", "7c", "8c"]], "took_morto": False},
        ]
    }
    assert score(data, both_mortos_stock_penalty=False).total("B") == 20 - 100


def test_round_up_to_ten() -> None:
    """Some tables round each round's score up to the next ten [seed 003; option
    round_up_to_ten, off by default]: 525 -> 530, -5 -> 0."""
    rounded = score(WORKED_EXAMPLE, joker_points=20, round_up_to_ten=True)
    assert rounded.total("A") == 530 and rounded.total("B") == 0
    assert ("rounding", 5) in items(rounded, "A")
    assert score(WORKED_EXAMPLE, joker_points=20).total("A") == 525
    already = score(one_side(melds=[LIMPA_HEARTS]), round_up_to_ten=True)
    assert all(code != "rounding" for code, _ in items(already, "A"))


def test_big_canastra_built_up_scores_as_limpa_where_required() -> None:
    """STBL: a 500 built up over several moves scores as a limpa; laid at once, 500
    [seed 002; option big_canastras_at_once]. Fechado does not require it."""
    built = one_side(melds=[{"cards": FIVE_HUNDRED_CLUBS, "built_up": True}])
    at_once = one_side(melds=[FIVE_HUNDRED_CLUBS])
    assert ("canastra_limpa", 200) in items(score(built, "stbl"), "A")
    assert ("canastra_500", 500) in items(score(at_once, "stbl"), "A")
    assert ("canastra_500", 500) in items(score(built, "fechado"), "A")


def test_eight_of_a_kind_real_scores_1000() -> None:
    """Eight equal cards count as a real, 1000 [seed 003 variation; option
    eight_of_a_kind_real]."""
    eight = one_side(melds=[["Kh", "Kh", "Ks", "Ks", "Kd", "Kd", "Kc", "Kc"]])
    assert ("canastra_real", 1000) in items(score(eight, eight_of_a_kind_real=True), "A")
    assert ("canastra_limpa", 200) in items(score(eight), "A")


# --- the match ------------------------------------------------------------------------------


def test_match_is_won_on_reaching_the_target() -> None:
    """Play rounds until a side reaches 3000; then the higher total wins [seed 003]."""
    rules = ruleset("fechado")
    going = match_standing(rules, ["A", "B"], [[1500, 200], [1400, 300]])
    assert going.totals == (2900, 500) and going.winner is None and not going.finished
    done = match_standing(rules, ["A", "B"], [[1500, 200], [1500, 300]])
    assert done.totals == (3000, 500) and done.winner == "A"
    assert done.running == ((1500, 200), (3000, 500))


def test_the_higher_total_wins_when_both_pass_the_target() -> None:
    """ "Ao alcançar 3000, vence quem tiver mais pontos" [seed 003]."""
    standing = match_standing(ruleset("fechado"), ["A", "B"], [[2000, 2500], [1200, 900]])
    assert standing.totals == (3200, 3400) and standing.winner == "B"


def test_match_target_option() -> None:
    """2000, 3500 or 5000 instead of 3000 [seed 003 variations; option target_score]."""
    rounds = [[1200, 100], [900, 100]]
    assert match_standing(ruleset("fechado"), ["A", "B"], rounds).winner is None
    short = match_standing(ruleset("fechado", target_score=2000), ["A", "B"], rounds)
    assert short.winner == "A"


def test_vulnerability_from_half_the_target_when_on() -> None:
    """From half the target a side is vulnerable: its first meld must total 75 card points
    [seed 003, optional; option vulnerable_min_meld_points, 0 = off]."""
    rounds = [[1500, 1499]]
    on = match_standing(ruleset("fechado", vulnerable_min_meld_points=75), ["A", "B"], rounds)
    assert on.vulnerable == (True, False)
    off = match_standing(ruleset("fechado"), ["A", "B"], rounds)
    assert off.vulnerable == (False, False)


def test_a_match_round_needs_a_score_per_side() -> None:
    """Bad input names the place [DESIGN.md]."""
    with pytest.raises(BuracoInputError) as info:
        match_standing(ruleset("fechado"), ["A", "B"], [[10, 20], [30]])
    assert info.value.where == "rounds[1]"


# --- malformed rounds name the field ----------------------------------------------------------


def _broken(path: list[Any], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(WORKED_EXAMPLE)
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("data", "where"),
    [
        (_broken(["sides", 0, "melds", 1, 2], "7x"), "sides[0].melds[1][2]"),
        (_broken(["sides", 0, "melds", 1], ["5s", "6s", "8s"]), "sides[0].melds[1]"),
        (_broken(["sides", 1, "hands", 0, 5], "JKK"), "sides[1].hands[0][5]"),
        (_broken(["sides", 0, "went_out"], "yes"), "sides[0].went_out"),
        (_broken(["sides", 1, "took_morto"], 1), "sides[1].took_morto"),
        (_broken(["sides", 0, "hands"], "7c Kd"), "sides[0].hands"),
        (_broken(["sides", 0, "wnet_out"], True), "sides[0].wnet_out"),
        (_broken(["sides", 0, "name"], ""), "sides[0].name"),
        (
            _broken(["sides", 0, "melds", 2], {"cards": ["Qc", "Kc", "Ac"], "built": True}),
            "sides[0].melds[2].built",
        ),
        (
            _broken(["sides", 0, "melds", 2], {"cards": ["Qc", "Kc", "Ac"], "built_up": "no"}),
            "sides[0].melds[2].built_up",
        ),
        (_broken(["sides"], []), "sides"),
        (_broken(["side"], []), "side"),
    ],
)
def test_a_malformed_round_names_the_field(data: dict[str, Any], where: str) -> None:
    """Malformed input says which field is wrong, e.g. sides[0].melds[1][2] [issue 2,
    `buraco score`]."""
    rules = ruleset("fechado", joker_points=20)
    with pytest.raises(BuracoInputError) as info:
        score_round(rules, round_from_data(rules, data))
    assert info.value.where == where


def test_an_impossible_round_is_bad_input() -> None:
    """Two sides cannot both go out, and no card appears more often than the deck holds
    [seeds 000-003]."""
    both_out = _broken(["sides", 1, "went_out"], True)
    with pytest.raises(BuracoInputError, match="went_out"):
        score(both_out)
    three_kings = _broken(["sides", 1, "hands", 0], ["Kh", "Kh", "Kh"])
    with pytest.raises(BuracoInputError, match="Kh"):
        score(three_kings)


@pytest.mark.parametrize("points", [0, 100])
def test_corte_44_points(points: int) -> None:
    """The corte de 44 [seed 003, "Variações comuns"; option corte_44_points, 0 = off]: the
    side whose player cut and left exactly 44 cards earns the points, fewer than 44 loses
    them, more than 44 changes nothing; off, the cut is ignored."""
    plain = copy.deepcopy(WORKED_EXAMPLE)
    exact, short, long = (copy.deepcopy(WORKED_EXAMPLE) for _ in range(3))
    exact["sides"][1]["corte_cards"] = 44
    short["sides"][1]["corte_cards"] = 40
    long["sides"][0]["corte_cards"] = 50
    base = score(plain, joker_points=20, corte_44_points=points)
    assert (base.total("A"), base.total("B")) == (525, -5)
    assert score(exact, joker_points=20, corte_44_points=points).total("B") == -5 + points
    assert score(short, joker_points=20, corte_44_points=points).total("B") == -5 - points
    assert score(long, joker_points=20, corte_44_points=points).total("A") == 525
    if points:
        assert ("corte_44", 100) in items(score(exact, corte_44_points=points), "B")


@pytest.mark.parametrize(
    ("cards", "field"), [(-1, "corte_cards"), (200, "corte_cards"), ("44", "corte_cards")]
)
def test_corte_cards_out_of_range_is_refused(cards: Any, field: str) -> None:
    data = copy.deepcopy(WORKED_EXAMPLE)
    data["sides"][0]["corte_cards"] = cards
    with pytest.raises(BuracoInputError) as caught:
        score(data, corte_44_points=100)
    assert caught.value.path == f"sides[0].{field}"


def test_the_table_cards_line_keeps_each_melds_points() -> None:
    """[003] counts the table meld by meld, 50 + 55 + 35 = 140: the item keeps the three
    (`meld_points`, in the melds' order) beside their sum, for a page or the command to
    show the count as the example writes it."""
    rules = ruleset("fechado", joker_points=20)
    score = score_round(rules, round_from_data(rules, WORKED_EXAMPLE))
    table = next(i for i in score.sides[0].items if i.code == "table_cards")
    assert table.points == 140 and tuple(table.params["meld_points"]) == (50, 55, 35)


def test_a_500_judged_where_the_table_asks_it_laid_at_once_carries_the_note() -> None:
    """A canastra de 500 judged as a meld scores 500 (laid at once); where the table asks
    it so [002, STBL], the note says that one built up over several moves counts as a
    limpa. Elsewhere, and for other canastras, no note."""
    cards = parse_cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh")
    stbl = ruleset("stbl")
    verdict = judge_meld(cards, stbl)
    assert verdict.canastra == "500"
    assert [r.code for r in meld_notes(stbl, verdict)] == [Code.BIG_CANASTRA_BUILT_UP]
    assert meld_notes(ruleset("fechado"), judge_meld(cards, ruleset("fechado"))) == ()
    limpa = judge_meld(parse_cards("4h 5h 6h 7h 8h 9h 10h"), stbl)
    assert meld_notes(stbl, limpa) == ()
