"""How `judge.legal_moves` finds the legal moves (its docstring says exactly which).

Candidates come from the hand's structure, never from every subset of the hand: runs from
the stretches of places of one suit that the hand holds but for one (a wild takes it),
trincas from the cards of one rank; extensions try only the cards that could fit a meld
(`natural_ranks`, `fits`: cheap counts of places and wilds that never refuse what the
judge accepts). Each candidate's meld verdict comes from the judge (remembered, see
`melds.judged`). Where that verdict settles the move, because the move leaves two cards or
more in the hand (or the side may still take a morto) and no first-meld minimum applies,
the move is listed at once; otherwise the judge checks the whole move. The brute-force
test (tests/test_legal_moves.py) holds the two ways to the same answer.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from operator import attrgetter

from buraco_core.cards import ACE, ACE_HIGH, Card, Suit, deck
from buraco_core.judge import baixada_short, is_legal
from buraco_core.melds import MAX_SEQUENCE, MIN_MELD, Meld, extended, judged
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.rules import RuleSet
from buraco_core.state import MortoStatus, Phase, SideState, State

_ACE_PLACES: dict[int, tuple[tuple[int, ...], ...]] = {
    0: ((),),
    1: ((ACE,), (ACE_HIGH,)),
    2: ((ACE, ACE_HIGH),),
}


# Moves are frozen values: the common ones are made once and shared (a random player lists
# a dozen discards at every step).
_DRAW = Draw()
_DISCARD = {card: Discard(card) for card in dict.fromkeys(deck())}
_EXTEND = {(i, card): Extend(i, (card,)) for i in range(16) for card in _DISCARD}


def legal_moves(rules: RuleSet, state: State) -> Iterator[Move]:
    """See `judge.legal_moves`."""
    if state.phase is Phase.ENDED:
        return
    hand = state.hand
    side = state.sides[state.side_of(state.turn)]
    # A move that keeps two cards in the hand (or leaves the morto to take) cannot run into
    # the rules of going out; a vulnerable side's first meld has a minimum: the judge decides.
    morto_left = side.morto is MortoStatus.AVAILABLE and bool(state.mortos)
    first_minimum = bool(rules.vulnerable_min_meld_points and side.vulnerable and not side.melds)
    # While the first baixada is being laid (the whole turn), the judge decides every meld
    # and the discard waits for the minimum.
    turn_minimum = bool(baixada_short(rules, side))
    if state.phase is Phase.DRAW:
        if state.stock or state.mortos:
            yield _DRAW
        if state.lixo:
            yield from _pickups(rules, state, side, morto_left, first_minimum)
        return
    distinct = list(dict.fromkeys(hand))

    def settled(used: int) -> bool:
        return len(hand) - used >= 2 or morto_left

    if len(hand) >= 2 and not turn_minimum:
        yield from (_DISCARD[card] for card in distinct)
    else:
        yield from (m for m in map(Discard, distinct) if is_legal(rules, state, m))
    groups = meld_groups(hand, rules, wild_anywhere=MIN_MELD)
    laid = []
    for group in groups:
        if judged(group, rules).meld is None:
            continue
        laid.append(group)
        move: Move = Lay((group,))
        if (settled(len(group)) and not turn_minimum and not first_minimum) or is_legal(
            rules, state, move
        ):
            yield move
    if first_minimum:
        # A vulnerable side may reach its minimum with two melds laid in one move [003].
        for first, second in combinations(laid, 2):
            move = Lay((first, second))
            if _enough(hand, (*first, *second)) and is_legal(rules, state, move):
                yield move
    for index, meld in enumerate(side.melds):
        ranks = natural_ranks(meld)
        for card in distinct:
            if card.suit is None or card.rank == 2:
                if not fits(meld, (card,)):
                    continue
            elif card.rank not in ranks or (meld.kind == "sequence" and card.suit != meld.suit):
                continue
            if extended(meld, (card,), rules).meld is None:
                continue
            move = _EXTEND.get((index, card)) or Extend(index, (card,))
            if (settled(1) and not turn_minimum) or is_legal(rules, state, move):
                yield move


def _pickups(
    rules: RuleSet, state: State, side: SideState, morto_left: bool, first_minimum: bool
) -> Iterator[TakeLixo]:
    hand, top = state.hand, state.lixo[-1]
    kept = len(hand) + len(state.lixo) - 1  # the hand after the pickup, before melding

    def settled(used: int) -> bool:
        return kept - used >= 2 or morto_left

    if rules.pickup == "free":
        move = TakeLixo()
        if settled(-1) or is_legal(rules, state, move):
            yield move
        return
    for group in meld_groups((*hand, top), rules, must=top):
        rest = list(group)
        rest.remove(top)
        if judged((top, *rest), rules).meld is None:
            continue
        move = TakeLixo(new_meld=tuple(rest))
        if (settled(len(rest)) and not first_minimum) or is_legal(rules, state, move):
            yield move
    wild_top = top.is_wild_kind and rules.wild_top_card_new_meld_only
    if wild_top and not (top.is_two and rules.two_on_lixo_may_sit_natural):
        return  # a wild on top goes only into a new meld [002, 003]
    two_from_hand = rules.pickup == "top_card_two_from_hand"
    for index, meld in enumerate(side.melds):
        if not _may_touch(meld, top):
            continue
        touching = [c for c in hand if _may_touch(meld, c)]
        tried: set[tuple[Card, ...]] = set()
        choices = (
            [()] if not two_from_hand else [],
            [(c,) for c in dict.fromkeys(touching)] if not two_from_hand else [],
            combinations(touching, 2),
            _bridges(meld, top, touching),
        )
        for choice in choices:
            for cards in choice:
                if cards in tried or not fits(meld, (top, *cards)):
                    continue
                tried.add(cards)
                if two_from_hand and (len(cards) < 2 or judged((top, *cards), rules).meld is None):
                    continue  # [003] the top card and two hand cards in sequence
                if extended(meld, (top, *cards), rules).meld is None:
                    continue
                move = TakeLixo(extend=index, cards=cards)
                # A 2 on top goes on only where it sits natural: the judge says where.
                if (settled(len(cards)) and not wild_top) or is_legal(rules, state, move):
                    yield move


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
    wilds = list(dict.fromkeys(c for c in hand if c.is_wild_kind))
    out: list[tuple[Card, ...]] = []
    for place in (ACE, ACE_HIGH) if top.rank == ACE else (top.rank,):
        if place < low:
            need = range(place + 1, low)
        elif place > high:
            need = range(high + 1, place)
        else:
            continue
        if len(need) < 3:
            continue  # one or two cards: among the pairs already
        have = tuple(mine[p] for p in need if p in mine)
        missing = len(need) - len(have)
        if missing == 0:
            out.append(have)
        elif missing == 1:
            out.append(have)  # the meld's own wild may move into the gap
            out.extend((*have, w) for w in wilds)
    return out


_RANKS: dict[int, tuple[Meld, frozenset[int]]] = {}  # remembered by identity, as in melds


def natural_ranks(meld: Meld) -> frozenset[int]:
    """The ranks of the natural cards (of the meld's suit) that could join the meld alone:
    the places where the naturals, the new card among them, leave no more gaps than the meld
    has wilds. Aces on the table may change ends (A-W-3 becomes 3..K-A with the wild
    moved), so both places of each ace are tried."""
    hit = _RANKS.get(id(meld))
    if hit is not None and hit[0] is meld:
        return hit[1]
    if len(_RANKS) >= 4096:
        _RANKS.clear()
    ranks = _natural_ranks(meld)
    _RANKS[id(meld)] = (meld, ranks)
    return ranks


def _natural_ranks(meld: Meld) -> frozenset[int]:
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
    # All the cards are placed anew, as the judge does: the meld's own counted once.
    counted, own, aces, flexible, hard = _sequence_counts(meld)
    if not counted:
        return False
    positions = list(own)
    for card in cards:
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


_COUNTS: dict[int, tuple[Meld, tuple[bool, tuple[int, ...], int, int, int]]] = {}


def _sequence_counts(meld: Meld) -> tuple[bool, tuple[int, ...], int, int, int]:
    """What `fits` counts of a sequence's own cards, remembered by identity (as in melds):
    whether all are of its suit or wild, the places of the naturals but the aces, the aces,
    the 2s of the suit (natural or wild), and the other wilds."""
    hit = _COUNTS.get(id(meld))
    if hit is not None and hit[0] is meld:
        return hit[1]
    if len(_COUNTS) >= 4096:
        _COUNTS.clear()
    positions: list[int] = []
    aces = flexible = hard = 0
    ok = True
    for card in meld.cards:
        if card.suit is None:
            hard += 1
        elif card.rank == 2:
            if card.suit == meld.suit:
                flexible += 1
            else:
                hard += 1
        elif card.suit != meld.suit:
            ok = False
        elif card.rank == ACE:
            aces += 1
        else:
            positions.append(card.rank)
    counts = (ok, tuple(positions), aces, flexible, hard)
    _COUNTS[id(meld)] = (meld, counts)
    return counts


def meld_groups(
    pool: Sequence[Card],
    rules: RuleSet,
    must: Card | None = None,
    wild_anywhere: int = MAX_SEQUENCE,
) -> list[tuple[Card, ...]]:
    """Groups of cards of the pool that may be a meld (the judge decides), each once and
    each holding `must` if given:

    - runs of one suit: every stretch of places (the ace low or high) whose natural cards
      the pool holds, alone, or with one wild in a place; the wild takes a place whose card
      the pool lacks, or, in groups of up to `wild_anywhere` cards, any place;
    - where the rules allow trincas: every choice of cards of one rank, three or more, or
      two or more with one wild.

    So, with the default, every meld the pool can make; with `wild_anywhere=3`, every meld
    of three cards and the longer ones where a wild stands only for a card not held.
    """
    count: dict[Card, int] = {}
    for card in pool:
        count[card] = count.get(card, 0) + 1
    wilds = [c for c in count if c.is_wild_kind]
    rows: dict[Suit, list[Card | None]] = {}  # per suit, place 1..14 -> its natural card
    held: dict[Suit, list[int]] = {}  # per suit, the places held
    for card in count:
        suit = card.suit
        if suit is not None and (must is None or must.is_wild_kind or must.suit == suit):
            row = rows.get(suit)
            if row is None:
                row = rows[suit] = [None] * (ACE_HIGH + 1)
                held[suit] = []
            row[card.rank] = card  # a 2 too: natural in its place
            held[suit].append(card.rank)
    found: list[tuple[Card, ...]] = []
    seen: set[tuple[int, ...]] = set()  # a wild at either end makes the same group twice

    def add(group: tuple[Card, ...]) -> None:
        if must is not None and must not in group:
            return
        if len(set(group)) < len(group) and any(group.count(c) > count[c] for c in group):
            return  # needs more copies than the pool holds
        key = tuple(sorted(c.order for c in group))
        if key not in seen:
            seen.add(key)
            found.append(group)

    for suit, row in rows.items():
        places = held[suit]
        if len(places) + (1 if wilds else 0) < MIN_MELD:
            continue
        if row[ACE] is not None:
            row[ACE_HIGH] = row[ACE]
            places.append(ACE_HIGH)
        # A stretch starts at a card, or at a wild just below one.
        for low in sorted({q for p in places for q in (p - 1, p) if ACE <= q <= ACE_HIGH - 2}):
            missing = 0
            naturals: list[Card] = []
            for high in range(low, ACE_HIGH + 1):
                natural = row[high]
                if natural is None:
                    if missing or not wilds:
                        break
                    missing = high
                else:
                    naturals.append(natural)
                size = high - low + 1
                if size < MIN_MELD:
                    continue
                if missing:
                    for wild in wilds:
                        add((*naturals, wild))
                    continue
                add(tuple(naturals))
                if size <= wild_anywhere:
                    for place in range(size):
                        others = (*naturals[:place], *naturals[place + 1 :])
                        for wild in wilds:
                            add((*others, wild))
    if rules.trincas:
        distinct = rules.trinca_suits == "distinct"
        by_rank: dict[int, list[Card]] = {}
        for card in pool:
            if not card.is_wild_kind:
                by_rank.setdefault(card.rank, []).append(card)
        for same in by_rank.values():
            if len(same) < MIN_MELD - 1:
                continue
            if must is not None and not must.is_wild_kind and must.rank != same[0].rank:
                continue
            same.sort(key=_ORDER)
            for size in range(MIN_MELD - 1, len(same) + 1):
                for cards in combinations(same, size):  # (copies: once, see add)
                    if distinct and len({card.suit for card in cards}) < size:
                        continue  # trinca_suits=distinct: one card of each suit [003]
                    if size >= MIN_MELD:
                        add(cards)
                    for wild in wilds:
                        add((*cards, wild))
    return found


_ORDER = attrgetter("order")


def _enough(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    left = list(hand)
    try:
        for card in cards:
            left.remove(card)
    except ValueError:
        return False
    return True
