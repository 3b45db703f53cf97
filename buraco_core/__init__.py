"""Buraco Tutor's rules core: pure, frozen values, no UI.

>>> from buraco_core import parse_cards, judge_meld, ruleset
>>> verdict = judge_meld(parse_cards("3s 2s 5s 4s"), ruleset("stbl"))
>>> verdict.ok, verdict.meld.clean, [str(c) for c in verdict.meld.cards]
(True, True, ['2s', '3s', '4s', '5s'])
"""

from buraco_core.cards import (
    JOKER,
    Card,
    Suit,
    card_points,
    deck,
    format_cards,
    parse_card,
    parse_cards,
)
from buraco_core.errors import BuracoInputError
from buraco_core.melds import Meld, MeldVerdict, extend_meld, judge_meld
from buraco_core.notation import round_from_data
from buraco_core.rules import PRESETS, RuleSet, ruleset
from buraco_core.scoring import (
    MatchStanding,
    RoundScore,
    SideRound,
    match_standing,
    score_round,
)
from buraco_core.verdict import Reason, Verdict

__all__ = [
    "JOKER",
    "PRESETS",
    "BuracoInputError",
    "Card",
    "MatchStanding",
    "Meld",
    "MeldVerdict",
    "Reason",
    "RoundScore",
    "RuleSet",
    "SideRound",
    "Suit",
    "Verdict",
    "card_points",
    "deck",
    "extend_meld",
    "format_cards",
    "judge_meld",
    "match_standing",
    "parse_card",
    "parse_cards",
    "round_from_data",
    "ruleset",
    "score_round",
]
