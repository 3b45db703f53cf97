"""Scoring: a round itemised per side (each line a code and points), and match totals.

Per side [003, worked example]: card points on the table, each canastra's bonus, the batida,
minus the cards left in each hand, minus the morto penalty; rounded up where tables do so.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from buraco_core.cards import Card, card_points, copies_in_deck, parse_cards_at
from buraco_core.errors import BuracoInputError
from buraco_core.melds import Meld, judge_meld
from buraco_core.rules import RuleSet


@dataclass(frozen=True, slots=True)
class SideRound:
    """What one side has at the end of a round."""

    name: str
    melds: tuple[Meld, ...] = ()
    hands: tuple[tuple[Card, ...], ...] = ()
    took_morto: bool = True
    went_out: bool = False


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of a side's score: a stable code, the points, and what it counts."""

    code: str
    points: int
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SideScore:
    name: str
    items: tuple[ScoreItem, ...]

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)


@dataclass(frozen=True, slots=True)
class RoundScore:
    sides: tuple[SideScore, ...]

    def total(self, name: str) -> int:
        return next(s.total for s in self.sides if s.name == name)


def score_round(rules: RuleSet, sides: Sequence[SideRound]) -> RoundScore:
    """Score a finished round; raises BuracoInputError for an impossible round."""
    _check_round(rules, sides)
    nobody_took = not any(s.took_morto for s in sides)
    return RoundScore(tuple(_score_side(rules, side, nobody_took) for side in sides))


def _score_side(rules: RuleSet, side: SideRound, nobody_took: bool) -> SideScore:
    items: list[ScoreItem] = []
    table = sum(m.card_points(rules) for m in side.melds)
    if side.melds:
        count = sum(m.size for m in side.melds)
        items.append(ScoreItem("table_cards", table, {"cards": count, "melds": len(side.melds)}))
    for index, meld in enumerate(side.melds):
        kind = meld.canastra(rules)
        if kind is not None:
            items.append(
                ScoreItem(
                    f"canastra_{kind}", meld.bonus(rules), {"meld": index, "cards": meld.cards}
                )
            )
    if side.went_out:
        items.append(ScoreItem("batida", rules.batida_points))
    for index, hand in enumerate(side.hands):
        if hand:
            points = sum(card_points(c, rules.joker_points) for c in hand)
            items.append(ScoreItem("hand_cards", -points, {"hand": index, "cards": hand}))
    if not side.took_morto and not (nobody_took and not rules.both_mortos_stock_penalty):
        items.append(ScoreItem("morto_not_taken", -rules.morto_penalty))
    if rules.round_up_to_ten:
        subtotal = sum(i.points for i in items)
        rounded = math.ceil(subtotal / 10) * 10
        if rounded != subtotal:
            items.append(ScoreItem("rounding", rounded - subtotal))
    return SideScore(side.name, tuple(items))


def _check_round(rules: RuleSet, sides: Sequence[SideRound]) -> None:
    if not sides:
        raise BuracoInputError("sides", "a round needs at least one side")
    names = [s.name for s in sides]
    if len(set(names)) != len(names):
        raise BuracoInputError("sides", f"side names must differ: {names}")
    if sum(s.went_out for s in sides) > 1:
        raise BuracoInputError("sides", "only one side can go out (went_out) in a round")
    counts: Counter[Card] = Counter()
    for side in sides:
        for meld in side.melds:
            counts.update(meld.cards)
        for hand in side.hands:
            counts.update(hand)
    for card, count in counts.items():
        copies = copies_in_deck(card, rules.jokers_in_deck)
        if count > copies:
            raise BuracoInputError(
                "sides", f"{count} copies of {card} in the round, but the deck holds {copies}"
            )


# --- reading a round from JSON-like data ------------------------------------------------


def round_from_data(rules: RuleSet, data: Any) -> list[SideRound]:
    """Read `{"sides": [{"name", "melds", "hands", "took_morto", "went_out"}]}`.

    A meld is a list of cards, or `{"cards": [...], "built_up": true}` for one grown over
    several moves. Every error names the field: `sides[0].melds[1][2]`.
    """
    if not isinstance(data, Mapping):
        raise BuracoInputError("round", "expected a JSON object with a 'sides' list")
    unknown = sorted(str(k) for k in set(data) - _ROUND_FIELDS)
    if unknown:
        # A misspelt field would otherwise be ignored and the round scored without it.
        raise BuracoInputError(
            unknown[0], f"unknown field; fields: {', '.join(sorted(_ROUND_FIELDS))}"
        )
    raw_sides = data.get("sides")
    if not isinstance(raw_sides, list) or not raw_sides:
        raise BuracoInputError("sides", "expected a non-empty list of sides")
    return [_side_from_data(rules, raw, f"sides[{i}]") for i, raw in enumerate(raw_sides)]


_ROUND_FIELDS = {"rules", "options", "sides"}
_SIDE_FIELDS = {"name", "melds", "hands", "took_morto", "went_out"}


def _side_from_data(rules: RuleSet, raw: Any, where: str) -> SideRound:
    if not isinstance(raw, Mapping):
        raise BuracoInputError(where, "expected an object with name, melds, hands, took_morto")
    unknown = sorted(set(raw) - _SIDE_FIELDS)
    if unknown:
        raise BuracoInputError(
            f"{where}.{unknown[0]}", f"unknown field; fields: {', '.join(sorted(_SIDE_FIELDS))}"
        )
    name = raw.get("name", f"{where}")
    if not isinstance(name, str) or not name.strip():
        raise BuracoInputError(f"{where}.name", "expected a non-empty text")
    melds = tuple(
        _meld_from_data(rules, m, f"{where}.melds[{i}]")
        for i, m in enumerate(_list(raw.get("melds", []), f"{where}.melds"))
    )
    hands = tuple(
        _cards_from_data(h, f"{where}.hands[{i}]")
        for i, h in enumerate(_list(raw.get("hands", []), f"{where}.hands"))
    )
    return SideRound(
        name=name.strip(),
        melds=melds,
        hands=hands,
        took_morto=_bool(raw.get("took_morto", True), f"{where}.took_morto"),
        went_out=_bool(raw.get("went_out", False), f"{where}.went_out"),
    )


def _meld_from_data(rules: RuleSet, raw: Any, where: str) -> Meld:
    built_up = False
    if isinstance(raw, Mapping):
        unknown = sorted(set(raw) - {"cards", "built_up"})
        if unknown:
            raise BuracoInputError(
                f"{where}.{unknown[0]}", "unknown field; fields: cards, built_up"
            )
        built_up = _bool(raw.get("built_up", False), f"{where}.built_up")
        raw = raw.get("cards")
        where = f"{where}.cards"
    cards = _cards_from_data(raw, where)
    verdict = judge_meld(cards, rules)
    if verdict.meld is None:
        # The reason code names the fault; its sentence is the front end's (buraco_text).
        raise BuracoInputError(where, f"not a valid meld ({verdict.reasons[0].code})")
    if built_up:
        return Meld(
            verdict.meld.kind,
            verdict.meld.suit,
            verdict.meld.slots,
            verdict.meld.wild_options,
            built_up=True,
        )
    return verdict.meld


def _cards_from_data(raw: Any, where: str) -> tuple[Card, ...]:
    if isinstance(raw, str):
        raw = raw.split()
    return parse_cards_at(_list(raw, where), where)


def _list(raw: Any, where: str) -> list[Any]:
    if not isinstance(raw, list):
        raise BuracoInputError(where, f"expected a list, got {type(raw).__name__}")
    return raw


def _bool(raw: Any, where: str) -> bool:
    if not isinstance(raw, bool):
        raise BuracoInputError(where, f"expected true or false, got {raw!r}")
    return raw


# --- the match -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchStanding:
    """Running totals of a match, who is vulnerable, and the winner once the target is hit."""

    names: tuple[str, ...]
    rounds: tuple[tuple[int, ...], ...]
    running: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    target: int
    vulnerable: tuple[bool, ...]
    winner: str | None

    @property
    def finished(self) -> bool:
        return self.winner is not None


def match_standing(
    rules: RuleSet, names: Sequence[str], rounds: Sequence[Sequence[int]]
) -> MatchStanding:
    """Totals after each round. The match ends when a side reaches the target; the higher
    total wins (a tie at the top plays on) [003]. With `vulnerable_min_meld_points` on, a
    side at half the target or more is vulnerable [003]."""
    width = len(names)
    running: list[tuple[int, ...]] = []
    totals = [0] * width
    for index, row in enumerate(rounds):
        if len(row) != width:
            raise BuracoInputError(f"rounds[{index}]", f"expected {width} scores, got {len(row)}")
        totals = [t + int(p) for t, p in zip(totals, row, strict=True)]
        running.append(tuple(totals))
    half = rules.target_score / 2
    vulnerable = tuple(rules.vulnerable_min_meld_points > 0 and t >= half for t in totals)
    winner = None
    if totals and max(totals) >= rules.target_score and totals.count(max(totals)) == 1:
        winner = names[totals.index(max(totals))]
    return MatchStanding(
        tuple(names),
        tuple(tuple(r) for r in rounds),
        tuple(running),
        tuple(totals),
        rules.target_score,
        vulnerable,
        winner,
    )
