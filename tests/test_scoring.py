"""Scoring rule points (seeds 000-003, RULES.md's worked example from seed 003)."""

from buraco_core import round_from_data, ruleset, score_round

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
