"""Candidate moves for `judge.legal_moves`, built from the hand's structure.

Sequences come from runs of one suit (each interval of positions with at most one gap, the
gap or an end taken by a wild), trincas from the ranks held; extensions try only the cards
that could fit a meld (`natural_ranks`, `fits`: cheap counts of places and wilds that never
refuse what the judge accepts). The judge then keeps the candidates that are legal.

What is listed: every discard; each new meld alone (and, for a vulnerable side's first meld,
two at once); every single-card extension (longer ones are reached card by card); the
pickup, with the top card in a new meld, onto a meld alone, with one hand card, or with the
hand cards that bridge the gap to the meld. The random-play tests check that no legal
single-card extension or pickup onto a meld is missing, and that nothing is listed twice.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations

from buraco_core.cards import ACE, ACE_HIGH, Card, Suit
from buraco_core.melds import MAX_SEQUENCE, Meld
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.rules import RuleSet
from buraco_core.state import Phase, State

_ACE_PLACES: dict[int, tuple[tuple[int, ...], ...]] = {
    0: ((),),
    1: ((ACE,), (ACE_HIGH,)),
    2: ((ACE, ACE_HIGH),),
}


def candidate_moves(rules: RuleSet, state: State) -> Iterator[Move]:
    if state.phase is Phase.ENDED:
        return
    hand = state.hand
    side = state.sides[state.side_of(state.turn)]
    melds = side.melds
    if state.phase is Phase.DRAW:
        if state.stock or state.mortos:
            yield Draw()
        if state.lixo:
            yield from _lixo_candidates(rules, hand, melds, state.lixo[-1])
        return
    distinct = _distinct(hand)
    for card in distinct:
        yield Discard(card)
    groups = meld_candidates(hand, rules)
    for group in groups:
        yield Lay((group,))
    if side.vulnerable and not melds and rules.vulnerable_min_meld_points:
        # A vulnerable side may reach its minimum with two melds laid in one move [003].
        for first, second in combinations(groups, 2):
            if _enough(hand, (*first, *second)):
                yield Lay((first, second))
    for index, meld in enumerate(melds):
        ranks = natural_ranks(meld)
        for card in distinct:
            if card.suit is None or card.rank == 2:
                if fits(meld, (card,)):
                    yield Extend(index, (card,))
            elif card.rank in ranks and (meld.kind == "trinca" or card.suit == meld.suit):
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
    distinct = _distinct(hand)
    for index, meld in enumerate(melds):
        if not _may_touch(meld, top):
            continue
        if fits(meld, (top,)):
            yield TakeLixo(extend=index)
        tried: set[tuple[Card, ...]] = set()
        singles = ((c,) for c in distinct if _may_touch(meld, c))
        for cards in (*singles, *_bridges(meld, top, distinct)):
            if cards not in tried and fits(meld, (top, *cards)):
                tried.add(cards)
                yield TakeLixo(extend=index, cards=cards)


def _bridges(meld: Meld, top: Card, hand: list[Card]) -> list[tuple[Card, ...]]:
    """Hand cards that join the lixo's top card to a sequence it does not touch: the
    naturals between them, with one hand wild for a missing one."""
    if meld.kind != "sequence" or top.suit != meld.suit or top.is_wild_kind:
        return []
    naturals = [s.position for s in meld.slots if not s.wild]
    low, high = min(naturals), max(naturals)
    mine = {c.rank: c for c in hand if c.suit == meld.suit and not c.is_two}
    if ACE in mine:
        mine[ACE_HIGH] = mine[ACE]
    wilds = [c for c in hand if c.is_wild_kind]  # (hand: one of each card)
    out: list[tuple[Card, ...]] = []
    for place in (ACE, ACE_HIGH) if top.rank == ACE else (top.rank,):
        if place < low:
            need = range(place + 1, low)
        elif place > high:
            need = range(high + 1, place)
        else:
            continue
        if len(need) < 2:
            continue
        have = tuple(mine[p] for p in need if p in mine)
        missing = len(need) - len(have)
        if missing == 0:
            out.append(have)
        elif missing == 1:
            out.append(have)  # the meld's own wild may move into the gap
            out.extend((*have, w) for w in wilds)
    return out


@lru_cache(maxsize=4096)
def natural_ranks(meld: Meld) -> frozenset[int]:
    """The ranks of the natural cards (of the meld's suit) that could join the meld alone:
    the places where the naturals, the new card among them, leave no more gaps than the meld
    has wilds. Aces on the table may change ends (A-W-3 becomes 3..K-A with the wild
    moved), so both places of each ace are tried."""
    if meld.kind == "trinca":
        return frozenset(() if meld.rank is None else (meld.rank,))
    fixed: list[int] = []
    aces = wilds = 0
    for slot in meld.slots:
        if slot.wild:
            wilds += 1
        elif slot.card.rank == ACE:
            aces += 1
        else:
            fixed.append(slot.position)
    ranks: set[int] = set()
    for places in _ACE_PLACES[aces]:
        held = {*fixed, *places}
        low, high = min(held), max(held)
        for p in range(max(ACE, low - 1 - wilds), min(ACE_HIGH, high + 1 + wilds) + 1):
            if p in held:
                continue
            span = max(high, p) - min(low, p) + 1
            gaps = span - len(held) - 1
            if gaps <= wilds and (gaps == wilds or span < ACE_HIGH):
                ranks.add(ACE if p == ACE_HIGH else p)
    return frozenset(ranks)


def _may_touch(meld: Meld, card: Card) -> bool:
    """The first sieve: a wild, or a natural of the meld's suit (sequence) or rank (trinca)."""
    if card.suit is None or card.rank == 2:
        return True
    return card.suit == meld.suit if meld.kind == "sequence" else card.rank == meld.rank


def fits(meld: Meld, cards: Sequence[Card]) -> bool:
    """Could these cards join the meld? A cheap count of positions and wilds: it never
    refuses what the judge accepts, and the judge decides."""
    if meld.kind == "trinca":
        wilds = sum(1 for s in meld.slots if s.wild)
        for card in cards:
            if card.is_wild_kind:
                wilds += 1
            elif card.rank != meld.rank:
                return False
        return wilds <= 1
    if meld.size + len(cards) > ACE_HIGH:
        return False
    suit = meld.suit
    positions: list[int] = []
    aces = flexible = hard = 0
    for card in (*meld.cards, *cards):  # all are placed anew, as the judge does
        if card.suit is None:
            hard += 1
        elif card.rank == 2:
            if card.suit == suit:
                flexible += 1  # natural in its place, or the wild
            else:
                hard += 1
        elif card.suit != suit:
            return False
        elif card.rank == ACE:
            aces += 1
        else:
            positions.append(card.rank)
    if hard > 1 or aces > 2 or len(set(positions)) < len(positions):
        return False
    for natural_twos in range(min(flexible, 1) + 1):
        wilds = hard + flexible - natural_twos
        if wilds > 1:
            continue
        base = positions + [2] * natural_twos
        for places in _ACE_PLACES[aces]:
            held = base + list(places)
            if not held or len(set(held)) < len(held):
                continue
            span = max(held) - min(held) + 1
            gaps = span - len(held)
            if gaps <= wilds and (gaps == wilds or span < ACE_HIGH):
                return True
    return False


def meld_candidates(
    pool: Sequence[Card], rules: RuleSet, must: Card | None = None
) -> list[tuple[Card, ...]]:
    """Melds that can be made from the pool (each a tuple of cards), all containing `must`.

    One group per set of cards: each run of one suit with at most one gap (a wild fills it,
    or stands at an end), and for trincas the ranks held (3+ of a rank, or 2 and a wild).
    Cards are grouped by their rank and suit fields (hashing cards is slow).
    """
    rows: dict[Suit, list[Card | None]] = {}  # per suit, position 1..14 -> a card
    copies: dict[Suit, list[int]] = {}  # per suit, rank -> how many
    wilds: list[Card] = []  # one of each kind: a joker, a 2 of each suit
    for card in pool:
        suit = card.suit
        if suit is None:
            if not any(w.suit is None for w in wilds):
                wilds.append(card)
            continue
        row = rows.get(suit)
        if row is None:
            row = rows[suit] = [None] * (ACE_HIGH + 1)
            copies[suit] = [0] * (ACE_HIGH + 1)
        rank = card.rank
        copies[suit][rank] += 1
        if row[rank] is None:
            row[rank] = card
            if rank == 2:
                wilds.append(card)
    found: list[tuple[Card, ...]] = []
    for suit, row in rows.items():
        if must is not None and must.suit is not None and must.rank != 2 and must.suit != suit:
            continue
        row[ACE_HIGH] = row[ACE]
        count = copies[suit]
        twos_spare = count[2] > 1  # a 2 both natural and wild needs both copies
        for low in range(ACE, ACE_HIGH - 1):
            first = row[low]
            if first is None:
                continue  # a run starts with a natural (a wild at an end comes below)
            gap = 0
            naturals: list[Card] = [first]
            uses_two = low == 2
            for high in range(low + 1, ACE_HIGH + 1):
                nxt = row[high]
                if nxt is None:
                    if gap:
                        break
                    gap = high
                    continue
                if high == ACE_HIGH and low == ACE and count[ACE] < 2:
                    break
                naturals.append(nxt)
                uses_two = uses_two or high == 2
                if gap == 0 and high - low >= 2:
                    found.append(tuple(naturals))
                if gap or high - low < ACE_HIGH - 1:  # the gap, or room at an end
                    for wild in wilds:
                        if wild.suit == suit:
                            if uses_two and not twos_spare:
                                continue  # the only 2 of the suit is already in the run
                            if gap == 2 or (not gap and low == 3):
                                continue  # the 2 would stand in its own place: a run from 2
                        found.append((*naturals, wild))
    if rules.trincas:
        same_rank: dict[int, list[Card]] = {}
        for card in pool:
            if card.suit is not None and card.rank != 2:
                same_rank.setdefault(card.rank, []).append(card)
        for cards in same_rank.values():
            n = len(cards)
            if n < 2:
                continue
            if rules.trinca_suits == "distinct":
                cards = list({c.suit: c for c in cards}.values())  # one card of each suit
            same = sorted(cards, key=_trinca_order)
            for size in range(3, n + 1):
                found.append(tuple(same[:size]))
            for wild in wilds:
                for size in range(2, n + 1):
                    found.append((*same[:size], wild))
    return _unique_long_runs(found if must is None else [g for g in found if must in g])


def _unique_long_runs(groups: list[tuple[Card, ...]]) -> list[tuple[Card, ...]]:
    """One ace may stand low or high in a long run (A-W-3..Q or 3..Q-W-A, A-2..K or 2..K-A):
    the same cards then come up twice. It takes the naturals from the 3 to the Q besides the
    ace and a wild, so runs of fewer than 12 cards never do."""
    seen: set[tuple[tuple[int, str], ...]] = set()
    out = []
    for group in groups:
        if len(group) >= MAX_SEQUENCE - 2:
            key = tuple(sorted((c.rank, c.suit.value if c.suit else "") for c in group))
            if key in seen:
                continue
            seen.add(key)
        out.append(group)
    return out


def _trinca_order(card: Card) -> str:
    return card.suit.value if card.suit else ""


def _enough(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    left = list(hand)
    try:
        for card in cards:
            left.remove(card)
    except ValueError:
        return False
    return True


def _distinct(cards: Sequence[Card]) -> list[Card]:
    return list(dict.fromkeys(cards))
