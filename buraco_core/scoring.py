"""Scoring: a round itemised per side (each line a code and points), and match totals.

Per side [003, worked example]: card points on the table, each canastra's bonus, the batida,
minus the cards left in each hand, minus the morto penalty; rounded up where tables do so.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from buraco_core.cards import Card, card_points, refuse_extra_copies
from buraco_core.codes import Code
from buraco_core.errors import BuracoInputError, InputCode
from buraco_core.melds import Meld, MeldVerdict
from buraco_core.rules import RuleSet
from buraco_core.verdict import Reason


@dataclass(frozen=True, slots=True)
class SideRound:
    """What one side has at the end of a round."""

    name: str
    melds: tuple[Meld, ...] = ()
    hands: tuple[tuple[Card, ...], ...] = ()
    took_morto: bool = True
    went_out: bool = False
    # The cards this side's player left when cutting the deck (the corte de 44), if it cut.
    corte_cards: int | None = None


# The corte de 44 [003, "Variações comuns"]: exactly this many cards left by the cut.
CORTE_CARDS = 44
# 2 or 4 players, with 4 two partnerships [000, 001, 002, 003]: a side holds one hand per
# player, so at most two.
MAX_HANDS_PER_SIDE = 2
# Two players or two partnerships at a table: a round has at most two sides (one alone is
# scored too, as the calculator scores one side's melds).
MAX_SIDES = 2


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
    # Each meld's card points too, as [003]'s example counts them: 50 + 55 + 35 = 140.
    each = tuple(m.card_points(rules) for m in side.melds)
    if side.melds:
        count = sum(m.size for m in side.melds)
        params = {"cards": count, "melds": len(side.melds), "meld_points": each}
        items.append(ScoreItem("table_cards", sum(each), params))
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
    corte = corte_44(rules, side.corte_cards)
    if corte:
        items.append(ScoreItem("corte_44", corte, {"cards": side.corte_cards}))
    if rules.round_up_to_ten:
        subtotal = sum(i.points for i in items)
        rounded = math.ceil(subtotal / 10) * 10
        if rounded != subtotal:
            items.append(ScoreItem("rounding", rounded - subtotal))
    return SideScore(side.name, tuple(items))


def meld_notes(rules: RuleSet, verdict: MeldVerdict) -> tuple[Reason, ...]:
    """What a meld's verdict, judged as laid in one move, leaves unsaid of its score: where
    the table asks a canastra de 500 or real laid at once [002; option big_canastras_at_once],
    that one built up over several moves counts as a limpa (the asker may have built it)."""
    meld = verdict.meld
    big = verdict.canastra in ("500", "real") and meld is not None and meld.kind == "sequence"
    if big and rules.big_canastras_at_once:
        return (Reason(Code.BIG_CANASTRA_BUILT_UP),)
    return ()


def corte_44(rules: RuleSet, cards: int | None) -> int:
    """What the cut earns the cutter's side [003, "Variações comuns"; option corte_44_points]:
    exactly 44 cards left, the points; fewer, as many lost; more (or no cut), nothing."""
    if not rules.corte_44_points or cards is None or cards > CORTE_CARDS:
        return 0
    return rules.corte_44_points if cards == CORTE_CARDS else -rules.corte_44_points


def _check_round(rules: RuleSet, sides: Sequence[SideRound]) -> None:
    if not sides:
        raise BuracoInputError(InputCode.NO_SIDES, "sides")
    if len(sides) > MAX_SIDES:  # (before the names: three sides named alike are too many)
        raise BuracoInputError(InputCode.TOO_MANY_SIDES, "sides", count=len(sides), most=MAX_SIDES)
    names = [s.name for s in sides]
    if len(set(names)) != len(names):
        raise BuracoInputError(InputCode.SIDE_NAMES_REPEAT, "sides", names=tuple(names))
    if sum(s.went_out for s in sides) > 1:
        raise BuracoInputError(InputCode.TWO_WENT_OUT, "sides")
    for index, side in enumerate(sides):
        if len(side.hands) > MAX_HANDS_PER_SIDE:
            raise BuracoInputError(
                InputCode.TOO_MANY_HANDS,
                f"sides[{index}].hands",
                count=len(side.hands),
                most=MAX_HANDS_PER_SIDE,
            )
        if side.went_out and len(side.hands) == MAX_HANDS_PER_SIDE and all(side.hands):
            # Whoever went out played the last card [000, 001, 003]: with a line per player,
            # one is empty. A single line stands: with 4 players it may be the partner's.
            raise BuracoInputError(InputCode.WENT_OUT_WITH_CARDS, f"sides[{index}].hands")
        cut = side.corte_cards
        if cut is not None and not 0 <= cut <= rules.deck_size:
            where = f"sides[{index}].corte_cards"
            if cut < 0:
                raise BuracoInputError(InputCode.TOO_SMALL, where, value=repr(cut), least=0)
            raise BuracoInputError(
                InputCode.TOO_LARGE, where, value=repr(cut), most=rules.deck_size
            )
    nobody_took = not any(s.took_morto for s in sides)
    for index, side in enumerate(sides):
        if side.went_out:
            _check_went_out(rules, side, f"sides[{index}]", nobody_took)
    held = (
        card
        for side in sides
        for cards in (*(meld.cards for meld in side.melds), *side.hands)
        for card in cards
    )
    refuse_extra_copies(held, rules.jokers_in_deck, "sides")


def _check_went_out(rules: RuleSet, side: SideRound, where: str, nobody_took: bool) -> None:
    """A side goes out only with its morto (unless both mortos became the stock and nobody
    took one) and the canastra go_out_requires asks for [001, 002]."""
    if not side.took_morto and not nobody_took:
        raise BuracoInputError(InputCode.WENT_OUT_WITHOUT_MORTO, f"{where}.took_morto")
    kinds = [m.canastra(rules) for m in side.melds]
    # (`case` names what these rules ask for, so the message can say it.)
    if rules.go_out_requires == "clean_canastra":
        if not any(k in ("limpa", "500", "real") for k in kinds):
            raise BuracoInputError(
                InputCode.WENT_OUT_WITHOUT_CANASTRA, f"{where}.melds", case="clean"
            )
    elif not any(kinds):
        raise BuracoInputError(InputCode.WENT_OUT_WITHOUT_CANASTRA, f"{where}.melds", case="any")


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

    @property
    def winner_total(self) -> int | None:
        """The winner's total, once there is a winner."""
        return None if self.winner is None else self.totals[self.names.index(self.winner)]


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
            raise BuracoInputError(
                InputCode.WRONG_SCORE_COUNT, f"rounds[{index}]", expected=width, got=len(row)
            )
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
