"""Candidate moves for `judge.legal_moves`, built from the hand's structure.

Sequences come from runs of one suit (each interval of positions with at most one gap, the
gap or an end taken by a wild), trincas from the ranks held; extensions try only the cards
that can touch a meld. The judge then keeps the candidates that are legal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from buraco_core.cards import ACE, ACE_HIGH, Card, Suit
from buraco_core.melds import Meld
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.rules import RuleSet
from buraco_core.state import Phase, State


def candidate_moves(rules: RuleSet, state: State) -> Iterator[Move]:
    if state.phase is Phase.ENDED:
        return
    hand = state.hand
    melds = state.sides[state.side_of(state.turn)].melds
    if state.phase is Phase.DRAW:
        if state.stock or state.mortos:
            yield Draw()
        if state.lixo:
            yield from _lixo_candidates(rules, hand, melds, state.lixo[-1])
        return
    for card in _distinct(hand):
        yield Discard(card)
    for group in meld_candidates(hand, rules):
        yield Lay((group,))
    for index, meld in enumerate(melds):
        for card in _distinct(hand):
            if touches(meld, card):
                yield Extend(index, (card,))


def _lixo_candidates(
    rules: RuleSet, hand: Sequence[Card], melds: Sequence[Meld], top: Card
) -> Iterator[Move]:
    if rules.pickup == "free":
        yield TakeLixo()
        return
    for group in meld_candidates((*hand, top), rules, must=top):
        rest = list(group)
        rest.remove(top)
        yield TakeLixo(new_meld=tuple(rest))
    for index, meld in enumerate(melds):
        if touches(meld, top):
            yield TakeLixo(extend=index)
        for card in _distinct(hand):
            if touches(meld, card):
                yield TakeLixo(extend=index, cards=(card,))


def touches(meld: Meld, card: Card) -> bool:
    """Could this card join the meld? (Cheap pre-filter; the judge decides.)"""
    if card.is_wild_kind and not (card.is_two and card.suit == meld.suit):
        return True
    if meld.kind == "trinca":
        return card.rank == meld.rank
    if card.suit != meld.suit:
        return False
    positions = {meld.low - 1, meld.high + 1}
    slot = meld.wild_slot
    if slot is not None:
        positions.add(slot.position)
    wanted = {ACE if p == ACE_HIGH else p for p in positions if ACE <= p <= ACE_HIGH}
    return card.rank in wanted


def meld_candidates(
    pool: Sequence[Card], rules: RuleSet, must: Card | None = None
) -> list[tuple[Card, ...]]:
    """Melds that can be made from the pool (each a tuple of cards), all containing `must`."""
    counts = Counter(pool)
    wilds = [c for c in counts if c.is_wild_kind]
    found: list[tuple[Card, ...]] = []
    for suit in Suit:
        present: dict[int, Card] = {}
        for rank in range(ACE, 14):
            card = Card(rank, suit)
            if counts[card]:
                present[rank] = card
        if ACE in present:
            present[ACE_HIGH] = present[ACE]
        for low in range(ACE, ACE_HIGH - 1):
            gaps = 0
            for high in range(low, ACE_HIGH + 1):
                if high not in present:
                    gaps += 1
                    if gaps > 1:
                        break
                if high - low < 2:
                    continue
                naturals = [present[p] for p in range(low, high + 1) if p in present]
                if gaps == 0:
                    found.append(tuple(naturals))
                for wild in wilds:
                    if gaps == 1 or high - low < 13:
                        group = (*naturals, wild)
                        if gaps == 1 or len(naturals) >= 2:
                            found.append(group)
    if rules.trincas:
        ranks = Counter(c.rank for c in pool if not c.is_wild_kind)
        for rank, n in ranks.items():
            same = sorted((c for c in pool if c.rank == rank and not c.is_wild_kind), key=str)
            for size in range(3, n + 1):
                found.append(tuple(same[:size]))
            for wild in wilds:
                for size in range(2, n + 1):
                    found.append((*same[:size], wild))
    result = []
    seen: set[tuple[Card, ...]] = set()
    for group in found:
        if must is not None and must not in group:
            continue
        if any(Counter(group)[c] > counts[c] for c in group):
            continue
        key = tuple(sorted(group, key=str))
        if key not in seen:
            seen.add(key)
            result.append(group)
    return result


def _distinct(cards: Sequence[Card]) -> list[Card]:
    return list(dict.fromkeys(cards))
