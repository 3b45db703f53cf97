"""Questions asked at the table, with plain arguments: the cards, the melds, the morto.

May this side go out? Which ways of taking the lixo are there? (The round's score is
`scoring.score_round`, which takes the sides as plain values too.) Melds are given as cards
and judged here; a group that is no meld is bad input naming it (`melds[1]`).

>>> from buraco_core.cards import parse_cards
>>> from buraco_core.rules import ruleset
>>> rules = ruleset("fechado")
>>> may_go_out(rules, [parse_cards("4h 5h 6h 7h 8h 9h 10h")], "taken").ok
True
>>> [str(code) for code in may_go_out(rules, [parse_cards("4h 5h 6h")], "available").codes]
['go_out_needs_morto', 'go_out_needs_canastra']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from buraco_core.cards import Card
from buraco_core.judge import blockers_verdict, check, go_out_blockers, lixo_pickups
from buraco_core.melds import Meld
from buraco_core.moves import TakeLixo
from buraco_core.notation import meld_from_data, position_from_data
from buraco_core.rules import RuleSet
from buraco_core.state import MortoStatus, State
from buraco_core.verdict import Verdict

# The side's morto as asked at the table; "stock": both mortos became the stock untaken.
MortoAnswer = Literal["taken", "available", "waiting", "stock"]


def _melds(rules: RuleSet, melds: Sequence[Sequence[Card]]) -> tuple[Meld, ...]:
    return tuple(
        meld_from_data(rules, [str(c) for c in cards], f"melds[{i}]")
        for i, cards in enumerate(melds)
    )


def may_go_out(rules: RuleSet, melds: Sequence[Sequence[Card]], morto: MortoAnswer) -> Verdict:
    """May a side with these melds on the table go out (the batida final)? The reasons say
    what is missing: the morto, the canastra the rules ask for [001, 002, 003]."""
    status = MortoStatus(morto)
    no_morto = status is MortoStatus.STOCK
    blockers = go_out_blockers(rules, _melds(rules, melds), status, no_morto)
    return blockers_verdict(rules, blockers, no_morto)


def _lixo_position(
    rules: RuleSet, top: Card, hand: Sequence[Card], melds: Sequence[Sequence[Card]]
) -> State:
    """A two-player table at the start of a turn with this lixo top, hand and melds; every
    card not given is hidden (the other hand, the mortos, the stock)."""
    _melds(rules, melds)  # an invalid meld is named as `melds[i]`
    return position_from_data(
        rules,
        {
            "players": 2,
            "hands": [[str(c) for c in hand], 11],
            "melds": [[[str(c) for c in m] for m in melds], []],
            "lixo": [str(top)],
        },
    )


def lixo_ways(
    rules: RuleSet, top: Card, hand: Sequence[Card], melds: Sequence[Sequence[Card]]
) -> tuple[list[TakeLixo], Verdict]:
    """The legal ways to take a lixo with this top card, holding `hand`, with the side's
    `melds` on the table; and the verdict on taking it without using the top card (its
    reasons say why the lixo may not be taken where there is no way)."""
    state = _lixo_position(rules, top, hand, melds)
    return lixo_pickups(rules, state), check(rules, state, TakeLixo())
