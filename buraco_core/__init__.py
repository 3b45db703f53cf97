"""Buraco Tutor's rules core: pure, frozen values, no UI.

>>> from buraco_core import parse_cards, judge_meld, ruleset
>>> verdict = judge_meld(parse_cards("3s 2s 5s 4s"), ruleset("stbl"))
>>> verdict.ok, verdict.meld.clean, [str(c) for c in verdict.meld.cards]
(True, True, ['2s', '3s', '4s', '5s'])
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

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
from buraco_core.rules import PRESETS, RuleSet, ruleset
from buraco_core.verdict import Reason, Verdict

if TYPE_CHECKING:
    from buraco_core.notation import round_from_data
    from buraco_core.scoring import (
        MatchStanding,
        RoundScore,
        SideRound,
        match_standing,
        score_round,
    )

# Imported on first use, so that `buraco meld` starts fast: notation reads files with
# pydantic, and scoring is for whole rounds.
_LATER = {"round_from_data": "notation"} | dict.fromkeys(
    ("MatchStanding", "RoundScore", "SideRound", "match_standing", "score_round"), "scoring"
)


def __getattr__(name: str) -> Any:
    if name in _LATER:
        module = import_module(f"buraco_core.{_LATER[name]}")
        return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
