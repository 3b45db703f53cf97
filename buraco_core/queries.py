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
from dataclasses import dataclass
from typing import Literal

from buraco_core.cards import Card, refuse_extra_copies
from buraco_core.codes import Code
from buraco_core.judge import blockers_verdict, check, go_out_blockers, is_legal, lixo_pickups
from buraco_core.melds import Meld
from buraco_core.moves import TakeLixo
from buraco_core.notation import meld_from_data, position_from_data
from buraco_core.rules import RuleSet
from buraco_core.state import MortoStatus, State
from buraco_core.verdict import Reason, Verdict, headline_order

# The side's morto as asked at the table; "stock": both mortos became the stock untaken;
# "stock_ours": the side's became the stock, and the other side's did not (it took it, or may).
MortoAnswer = Literal["taken", "available", "waiting", "stock", "stock_ours"]


def _melds(rules: RuleSet, melds: Sequence[Sequence[Card]]) -> tuple[Meld, ...]:
    return tuple(
        meld_from_data(rules, [str(c) for c in cards], f"melds[{i}]")
        for i, cards in enumerate(melds)
    )


def may_go_out(rules: RuleSet, melds: Sequence[Sequence[Card]], morto: MortoAnswer) -> Verdict:
    """May a side with these melds on the table go out (the batida final)? The reasons say
    what is missing: the morto, the canastra the rules ask for [001, 002, 003]. Melds that
    hold more copies of a card than the deck, together, are bad input (`melds`)."""
    status = MortoStatus.STOCK if morto == "stock_ours" else MortoStatus(morto)
    no_morto = morto == "stock"  # (only where nobody has a morto to take [001, 002])
    judged = _melds(rules, melds)  # (a meld that holds too many alone is named first)
    refuse_extra_copies((card for meld in melds for card in meld), rules.jokers_in_deck, "melds")
    blockers = go_out_blockers(rules, judged, status, no_morto)
    return blockers_verdict(rules, blockers, no_morto)


def _lixo_position(
    rules: RuleSet,
    top: Card,
    hand: Sequence[Card],
    melds: Sequence[Sequence[Card]],
    lixo_count: int | None = None,
    vulnerable: bool = False,
    waiting: bool = False,
) -> State:
    """A two-player table at the start of a turn with this lixo top, hand and melds; every
    card not given is hidden (the other hand, the mortos, the stock). `lixo_count` given:
    the side already took its morto (`waiting`: it waits for the partner, who beat
    indirectly), and the lixo holds that many cards; `vulnerable`: the side is. Either is a
    table of four, whose reasons speak of the side, as the form does."""
    _melds(rules, melds)  # an invalid meld is named as `melds[i]`
    # Counted over every field at once, so the error says how many were typed (the position
    # below stops at the first copy too many: "4h" typed five times was "3 times").
    typed = [top, *hand, *(card for meld in melds for card in meld)]
    refuse_extra_copies(typed, rules.jokers_in_deck, "position")
    table: dict[str, object] = {
        "players": 2,
        "hands": [[str(c) for c in hand], 11],
        "melds": [[[str(c) for c in m] for m in melds], []],
        "lixo": [str(top)],
    }
    if lixo_count is not None or vulnerable:
        table |= {
            "players": 4,
            # (no card typed: nobody starts a turn with none, so one the form was not told)
            "hands": [[str(c) for c in hand] or 1, 11, 11, 11],
            "lixo": {"top": str(top), "count": lixo_count or 1},
            "morto": [_MORTO_GONE[waiting] if lixo_count else "available", "available"],
            "vulnerable": [vulnerable, False],
        }
    return position_from_data(rules, table)


# The side's morto where it cannot be taken this turn: taken, or waiting for the partner.
_MORTO_GONE: dict[bool, object] = {False: "taken", True: {"status": "waiting", "seat": 2}}


@dataclass(frozen=True, slots=True)
class LixoAnswer:
    """The answer to "may I take the lixo?": `ways`, the legal pickups (empty: it may not be
    taken); `plain`, the verdict on taking it without using the top card; and where there
    is no way, `closest`, the pickup that the hand and the top card come nearest to (one
    that a more lenient table would allow), with `blocked`, the judge's verdict on it: the
    rule that stops it, its option named by the reason's sources (a wild on top, two cards
    from the hand, no trincas). No such attempt: both None, and `plain` says why.
    `rule`: the rule the pickup follows at this table, as the judge states it with its
    sources, for a yes to say which rule it rests on (empty where the lixo is free).
    `morto_taken`: where every way leaves the hand with one card or none, the judge's verdict
    on the first way if the side already took its morto and the lixo is its top card alone
    (the last card could only go out, and the side may not yet); `morto_waiting`: the way
    stands with the morto taken, and that verdict is the one while it waits for the partner
    who beat indirectly (going out waits for it [003]); `lixo_needed`, the fewest
    cards the lixo must then hold for that way to stand (those under the top come to the
    hand; with no hand typed, the one card a hand holds at least). `vulnerable`: where the
    rules ask a vulnerable side's first baixada for a minimum and the side has no meld yet,
    the judge's verdict on the first way if the side is vulnerable, when it refuses it
    [003]. The form asks neither the morto, nor the lixo's size, nor whether the side is
    vulnerable: the yes says where they decide."""

    ways: tuple[TakeLixo, ...]
    plain: Verdict
    closest: TakeLixo | None = None
    blocked: Verdict | None = None
    rule: tuple[Reason, ...] = ()
    morto_taken: Verdict | None = None
    morto_waiting: bool = False
    lixo_needed: int = 0
    vulnerable: Verdict | None = None

    @property
    def ok(self) -> bool:
        return bool(self.ways)

    @property
    def why_not(self) -> Verdict:
        """The verdict that says best why the lixo may not be taken here."""
        return self.blocked if self.blocked is not None else self.plain

    @property
    def deciding(self) -> tuple[Reason, ...]:
        """The reason to say first, for a one-line answer: the rule that stops the closest
        try (no trincas, say) rather than "the top card makes no meld as placed"."""
        return headline_order(self.why_not.reasons)[:1]


# The options that can stop a pickup the cards would otherwise make, each at its most lenient
# value: a pickup this table refuses but these rules allow is a near miss, and the judge's
# reason for refusing it names the option that decides [000, 002, 003].
_LENIENT: dict[str, object] = {
    "wild_top_card_new_meld_only": False,
    "trincas": True,
    "trinca_suits": "any",
    "wild_two_beside_natural_two": True,
}
# The refusals that are about the pickup itself come first: they are the lixo's own rule.
_PICKUP_RULES = (Code.WILD_TOP_CARD_NEW_MELD_ONLY, Code.PICKUP_NEEDS_TWO_FROM_HAND)


def _lenient(rules: RuleSet) -> RuleSet:
    options = dict(_LENIENT)
    if rules.pickup == "top_card_two_from_hand":
        options["pickup"] = "top_card"
    return rules.with_options(**options)


def _closest(rules: RuleSet, state: State) -> tuple[TakeLixo, Verdict] | None:
    """The pickup that comes nearest, and this table's verdict on it: among the pickups
    that lenient rules allow, the first whose refusal is the pickup's own rule, else the
    first refused at all (one meld rule or another)."""
    refused: list[tuple[TakeLixo, Verdict]] = []
    for attempt in lixo_pickups(_lenient(rules), state):
        verdict = check(rules, state, attempt)
        if not verdict.ok:
            refused.append((attempt, verdict))
    for attempt, verdict in refused:
        if any(code in _PICKUP_RULES for code in verdict.codes):
            return attempt, verdict
    return refused[0] if refused else None


# The judge's statements of the justified pickup's rule [000, 002, 003]: the top card goes
# into a meld, two hand cards with it at stricter tables [003], a wild on top into a new meld
# only [002, 003].
_RULE_CODES = (
    Code.PICKUP_NEEDS_JUSTIFICATION,
    Code.PICKUP_NEEDS_TWO_FROM_HAND,
    Code.WILD_TOP_CARD_NEW_MELD_ONLY,
)


def _pickup_rule(rules: RuleSet, state: State, plain: Verdict) -> tuple[Reason, ...]:
    """The rule this table's pickup follows, in the judge's words: the verdicts on taking
    the lixo without using the top card and with the top card alone onto a meld each refuse
    by the rule that applies first (nothing where the lixo is free)."""
    if rules.pickup == "free":
        return ()
    tries = (plain, check(rules, state, TakeLixo(extend=0)))
    said: list[Reason] = []
    for verdict in tries:
        said += [r for r in verdict.reasons if r.code in _RULE_CODES and r not in said]
    return tuple(sorted(said, key=lambda r: _RULE_CODES.index(r.code)))


def _hand_cards_spent(way: TakeLixo) -> tuple[int, int]:
    spent = (*way.new_meld, *way.cards)
    return sum(card.is_wild_kind for card in spent), len(spent)


def lixo_answer(
    rules: RuleSet, top: Card, hand: Sequence[Card], melds: Sequence[Sequence[Card]]
) -> LixoAnswer:
    """May the lixo with this top card be taken, holding `hand`, with the side's `melds` on
    the table? The ways if so; if not, the closest attempt and the judge's reason against it
    (the same verdict `buraco judge` gives on that move).

    >>> from buraco_core.cards import parse_cards
    >>> from buraco_core.rules import ruleset
    >>> melds = [parse_cards("4h 5h 6h")]
    >>> answer = lixo_answer(ruleset("fechado"), parse_cards("2c")[0], [], melds)
    >>> answer.ok, [str(code) for code in answer.why_not.codes]
    (False, ['wild_top_card_new_meld_only'])
    """
    state = _lixo_position(rules, top, hand, melds)
    # With the morto still to take, a pickup that empties the hand is a direct beat [000,
    # 001, 003]; once taken, a last card could only go out. The ways that stand either way
    # first, then the plainest: with no wild (2 or joker) from the hand, then the fewest
    # cards from it; a table reads the first one or two. A vulnerable side's first baixada
    # must reach a minimum, where the rules ask one [003]: with no meld yet, the pickup's.
    taken = _lixo_position(rules, top, hand, melds, lixo_count=1)
    waits = _lixo_position(rules, top, hand, melds, lixo_count=1, waiting=True)
    free = rules.pickup == "free"  # (the whole lixo comes to the hand, nothing laid)
    first_baixada = bool(rules.vulnerable_min_meld_points) and not melds and not free
    vulnerable = (
        _lixo_position(rules, top, hand, melds, vulnerable=True) if first_baixada else state
    )

    def order(way: TakeLixo) -> tuple[bool, bool, int, int]:
        return (
            not free and not (is_legal(rules, taken, way) and is_legal(rules, waits, way)),
            first_baixada and not is_legal(rules, vulnerable, way),
            *_hand_cards_spent(way),
        )

    ways = tuple(sorted(lixo_pickups(rules, state), key=order))
    plain = check(rules, state, TakeLixo())
    rule = _pickup_rule(rules, state, plain)
    if not ways:
        closest, blocked = _closest(rules, state) or (None, None)
        return LixoAnswer(ways, plain, closest, blocked, rule=rule)
    last_card, short = order(ways[0])[:2]
    # Refused with the morto taken, it is refused with it waiting too (one reason more).
    only_waiting = last_card and is_legal(rules, taken, ways[0])
    morto_taken = check(rules, waits if only_waiting else taken, ways[0]) if last_card else None
    needed = 0
    if last_card:  # (a lixo of three cards leaves two in the hand: nothing to go out with)
        needed = next(
            (
                n
                for n in (2, 3)
                if all(
                    is_legal(rules, _lixo_position(rules, top, hand, melds, n, waiting=w), ways[0])
                    for w in (False, True)
                )
            ),
            0,
        )
        if not needed:  # (refused for a reason no lixo's size mends: no "Mas" it could say)
            morto_taken = None
    below = check(rules, vulnerable, ways[0]) if short else None
    return LixoAnswer(
        ways,
        plain,
        rule=rule,
        morto_taken=morto_taken,
        morto_waiting=only_waiting,
        lixo_needed=needed,
        vulnerable=below,
    )


def lixo_ways(
    rules: RuleSet, top: Card, hand: Sequence[Card], melds: Sequence[Sequence[Card]]
) -> tuple[list[TakeLixo], Verdict]:
    """The legal ways to take a lixo with this top card, holding `hand`, with the side's
    `melds` on the table; and the verdict on taking it without using the top card (its
    reasons say why the lixo may not be taken where there is no way; `lixo_answer` gives
    the reason against the closest attempt too)."""
    state = _lixo_position(rules, top, hand, melds)
    return lixo_pickups(rules, state), check(rules, state, TakeLixo())
