"""How `judge.legal_moves` finds the legal moves (its docstring says exactly which).

Candidates come from the hand's structure, never from every subset of the hand: runs from
the stretches of places of one suit that the hand holds but for one (a wild takes it),
trincas from the cards of one rank; extensions try only the cards that could fit a meld
(`natural_ranks`, `fits`: cheap counts of places and wilds that never refuse what the
judge accepts). Each candidate's meld verdict comes from the judge (remembered, see
`melds.judged`), but for a single card onto a trinca or onto a run of naturals from the 3
to the king, which `joins_alone` tells by the judge's own tests (a test holds the two to the
same answer). Where that verdict settles the move, because the move leaves two cards or
more in the hand (or the side may still take a morto) and no first-meld minimum applies,
the move is listed at once; otherwise the judge checks the whole move. The brute-force
test (tests/test_legal_moves.py) holds the two ways to the same answer.

Speed (random play lists every move at every step, benchmarks/bench_play.py): a hand
changes by a card or two a move, so the work is remembered in pieces that recur. The
groups of one suit depend only on the places it holds and the wilds, those of one rank on
its cards and the wilds: each block is made once, and so are its lays (the groups the
judge takes as melds, as moves) and its new-meld pickups for a given top card. A table meld's
single-card candidates, and the judge's word on each card tried, are bit masks that the
hand's bits sieve at once (`_Singles`). The order of the
moves is the order of the hand's cards, as it always was (seeded players depend on it).
Every memo keeps the object it stands for (ids are never trusted alone) and, when full,
forgets its older half.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from operator import attrgetter
from typing import Final

from buraco_core.cards import ACE, ACE_HIGH, KING, WILD_KINDS, Card, Suit, copies_in_deck, deck
from buraco_core.judge import baixada_short, is_legal
from buraco_core.melds import (
    MAX_SEQUENCE,
    MIN_MELD,
    Meld,
    extended,
    forget_older_half,
    judged,
)
from buraco_core.melds import clear_memos as clear_meld_memos
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.rules import RuleSet
from buraco_core.state import MortoStatus, Phase, SideState, State

_ACE_PLACES: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    0: ((),),
    1: ((ACE,), (ACE_HIGH,)),
    2: ((ACE, ACE_HIGH),),
}


_ORDER: Final = attrgetter("order")


def _size(lay: Lay) -> int:
    return len(lay.melds[0])


# Moves are frozen values: the common ones are made once and shared (a random player lists
# a dozen discards at every step).
_DRAW: Final = Draw()
_DISCARD: Final = {card: Discard(card) for card in dict.fromkeys(deck())}
_EXTEND: Final = {(i, card): Extend(i, (card,)) for i in range(16) for card in _DISCARD}

# The members read at every move, bound once: in Python 3.11 `Phase.DRAW` runs EnumType's
# attribute hook and a descriptor written in Python (~900 instructions), a module name one
# dict lookup.
_PHASE_ENDED: Final = Phase.ENDED
_PHASE_DRAW: Final = Phase.DRAW
_MORTO_AVAILABLE: Final = MortoStatus.AVAILABLE


def legal_moves(rules: RuleSet, state: State) -> Iterator[Move]:
    """See `judge.legal_moves`."""
    if state.phase is _PHASE_ENDED:
        return
    hand = state.hand
    side = state.sides[state.side_of(state.turn)]
    # A move that keeps two cards in the hand (or leaves the morto to take) cannot run into
    # the rules of going out; a vulnerable side's first meld has a minimum: the judge decides.
    morto_left = side.morto is _MORTO_AVAILABLE and bool(state.mortos)
    first_minimum = bool(rules.vulnerable_min_meld_points and side.vulnerable and not side.melds)
    # While the first baixada is being laid (the whole turn), the judge decides every meld
    # and the discard waits for the minimum.
    turn_minimum = bool(baixada_short(rules, side))
    if state.phase is _PHASE_DRAW:
        if state.stock or state.mortos:
            yield _DRAW
        if state.lixo:
            yield from _pickups(rules, state, side, morto_left, first_minimum)
        return
    distinct = list(dict.fromkeys(hand))

    def settled(used: int) -> bool:
        return len(hand) - used >= 2 or morto_left

    if len(hand) >= 2 and not turn_minimum:
        yield from map(_DISCARD.__getitem__, distinct)
    else:
        yield from (m for m in map(Discard, distinct) if is_legal(rules, state, m))
    lays = [lay for block in _blocks(hand, rules, None, MIN_MELD) for lay in _lays(block, rules)]
    if not (turn_minimum or first_minimum) and (
        morto_left or not lays or len(hand) - max(map(_size, lays)) >= 2
    ):
        yield from lays  # (each keeps two cards in the hand: all settled)
    else:
        for lay in lays:
            if (settled(len(lay.melds[0])) and not turn_minimum and not first_minimum) or is_legal(
                rules, state, lay
            ):
                yield lay
    if first_minimum:
        # A vulnerable side may reach its minimum with two melds laid in one move [003].
        for first, second in combinations([lay.melds[0] for lay in lays], 2):
            move: Move = Lay((first, second))
            if _enough(hand, (*first, *second)) and is_legal(rules, state, move):
                yield move
    if not side.melds:
        return
    bits = [_BIT[card] for card in distinct]
    held = 0  # the hand's cards as bits: a meld whose candidates it lacks is passed over
    for bit in bits:
        held |= bit
    for index, singles in enumerate(_side_singles(side.melds, rules)):
        near = held & singles.candidates
        if not near:
            continue
        if near & ~(singles.fit | singles.refused):
            singles.judge(near)
        fitting = near & singles.fit
        if not fitting:
            continue
        if fitting & (fitting - 1) == 0:  # one card fits, the common case: no walk needed
            fits_here: Sequence[Card] = (_CARD_OF_BIT[fitting],)
        else:  # in the hand's order
            fits_here = [card for card, bit in zip(distinct, bits, strict=True) if bit & fitting]
        for card in fits_here:
            move = _EXTEND.get((index, card)) or Extend(index, (card,))
            if (settled(1) and not turn_minimum) or is_legal(rules, state, move):
                yield move


# Each kind of card as a bit (jokers, 2s, then by suit and rank), for sieving by bit masks.
_BIT: Final = {
    card: 1 << index for index, card in enumerate(sorted(dict.fromkeys(deck()), key=_ORDER))
}
_WILD_BITS: Final = sum(bit for card, bit in _BIT.items() if card.is_wild_kind)
_CARD_OF_BIT: Final = {bit: card for card, bit in _BIT.items()}
# The natural cards of a rank (trincas), and of a rank in one suit (runs), as bits.
_RANK_BITS: Final[dict[object, int]] = {}
for _card, _bit in _BIT.items():
    if not _card.is_wild_kind:
        _RANK_BITS[_card.rank] = _RANK_BITS.get(_card.rank, 0) | _bit
        _RANK_BITS[_card.rank, _card.suit] = _bit


class _Singles:
    """What single cards do to one table meld under one rule set: the cards that might
    extend it alone (`candidates`: any wild, and the naturals of `natural_ranks`, of the
    meld's suit for a sequence, of any suit for a trinca), and of those, the ones the judge
    let on (`fit`) and refused (`refused`), filled in as hands hold them. All as bits. (A
    bit is set only once its card is judged: two threads sharing a record at worst judge a
    card twice.)"""

    __slots__ = ("candidates", "fit", "meld", "refused", "rules")

    def __init__(self, meld: Meld, rules: RuleSet) -> None:
        self.meld, self.rules = meld, rules
        self.fit = self.refused = 0
        ranks = natural_ranks(meld)
        self.candidates = _WILD_BITS
        for rank in ranks:
            key = rank if meld.kind == "trinca" else (rank, meld.suit)
            self.candidates |= _RANK_BITS.get(key, 0)

    def judge(self, near: int) -> None:
        """Judge the candidates among `near` not judged yet, one card each onto the meld."""
        unknown = near & ~(self.fit | self.refused)
        while unknown:
            bit = unknown & -unknown
            unknown ^= bit
            card = _CARD_OF_BIT[bit]
            fit = joins_alone(self.meld, card, self.rules)
            if fit is None:  # A wild is a candidate for any meld: a cheap count goes first.
                fit = (card not in WILD_KINDS or fits(self.meld, (card,))) and extended(
                    self.meld, (card,), self.rules
                ).meld is not None
            if fit:
                self.fit |= bit
            else:
                self.refused |= bit


def joins_alone(meld: Meld, card: Card, rules: RuleSet) -> bool | None:
    """Whether the judge lets this one card onto a meld on the table, said without asking
    it where the answer is plain (None elsewhere: the judge decides). A listing tries every
    hand card that might fit each meld of the side, and for each meld new to the memos the
    judge arranges the whole meld anew (`extend_meld`, about 10 µs a card): most are trincas,
    and runs of naturals from the 3 to the king (random play 2% faster). A test holds this to
    the judge's answer for every card on every meld of many rounds (tests/test_legal_moves.py).

    - A trinca [000, 003]: trincas allowed, a joker only where the deck has them, no more
      copies of a card than the deck holds, a natural of its rank (of a suit it lacks where
      the rules want them distinct), one wild at most.
    - A run of naturals from the 3 to the king, no wild [000, 001]: a natural of its suit
      from the 3 to the king next to either end; any wild (it stands at a free end).
    """
    cards = meld.cards
    if meld.kind == "trinca":
        if not rules.trincas:
            return False
        if not rules.jokers_in_deck and (card.suit is None or any(c.suit is None for c in cards)):
            return False
        if card in cards and cards.count(card) >= copies_in_deck(card, rules.jokers_in_deck):
            return False
        if card in WILD_KINDS:
            return meld.wild_slot is None
        if card.rank != meld.rank:
            return False
        return rules.trinca_suits != "distinct" or all(
            slot.wild or slot.card.suit is not card.suit for slot in meld.slots
        )
    if meld.wild_slot is not None or meld.low < 3 or meld.high > KING:
        return None  # (a wild, a 2 or an ace in the run: the judge decides)
    if card in WILD_KINDS:
        return rules.jokers_in_deck or card.suit is not None
    if card.suit is not meld.suit or not 3 <= card.rank <= KING:
        return None
    return card.rank == meld.low - 1 or card.rank == meld.high + 1


# Remembered per table meld and rule set, by identity (as in melds; the entry keeps both).
_SINGLES: Final[dict[tuple[int, int], _Singles]] = {}


def _singles(meld: Meld, rules: RuleSet) -> _Singles:
    singles = _SINGLES.get((id(meld), id(rules)))
    if singles is None or singles.meld is not meld or singles.rules is not rules:
        if len(_SINGLES) >= _MEMO_SIZE:
            forget_older_half(_SINGLES)
        singles = _SINGLES[id(meld), id(rules)] = _Singles(meld, rules)
    return singles


# The records of a side's melds, as a tuple: a side's melds stay the same tuple from move to
# move until one of them changes (remembered as above).
_SIDE: Final[dict[tuple[int, int], tuple[tuple[Meld, ...], RuleSet, tuple[_Singles, ...]]]] = {}


def _side_singles(melds: tuple[Meld, ...], rules: RuleSet) -> tuple[_Singles, ...]:
    hit = _SIDE.get((id(melds), id(rules)))
    if hit is not None and hit[0] is melds and hit[1] is rules:
        return hit[2]
    if len(_SIDE) >= _MEMO_SIZE:
        forget_older_half(_SIDE)
    found = tuple(_singles(meld, rules) for meld in melds)
    _SIDE[id(melds), id(rules)] = (melds, rules, found)
    return found


_LAYS: Final[
    dict[tuple[int, int], tuple[tuple[tuple[Card, ...], ...], RuleSet, tuple[Lay, ...]]]
] = {}


def _lays(block: tuple[tuple[Card, ...], ...], rules: RuleSet) -> tuple[Lay, ...]:
    """The groups of a block of `meld_groups` that the judge takes as melds, as moves
    (remembered: the blocks are, and the same ones come up at every turn)."""
    key = (id(block), id(rules))
    hit = _LAYS.get(key)
    if hit is not None and hit[0] is block and hit[1] is rules:
        return hit[2]
    if len(_LAYS) >= _MEMO_SIZE:
        forget_older_half(_LAYS)
    lays = tuple(_lay_of(group) for group in block if judged(group, rules).meld is not None)
    _LAYS[key] = (block, rules, lays)
    return lays


# Equal groups are one object, and so are the moves made of them: the blocks of different
# hands share their groups (a sixteenth as many), and the remembered listings their moves.
# The cycle collector walks every object the memos keep, at every full collection (and a
# tuple of cards is never left out of its walks, as a card is an object it tracks).
_LAY_OF: Final[dict[tuple[Card, ...], Lay]] = {}
_PICKUP_OF: Final[dict[tuple[Card, ...], TakeLixo]] = {}


def _lay_of(group: tuple[Card, ...]) -> Lay:
    """The move that lays this group, made once (its group is the one object of its kind:
    `_runs` and `_trincas` take theirs from here)."""
    lay = _LAY_OF.get(group)
    if lay is None:
        if len(_LAY_OF) >= _MEMO_SIZE:
            forget_older_half(_LAY_OF)
        lay = _LAY_OF[group] = Lay((group,))
    return lay


def _pickup_of(rest: tuple[Card, ...]) -> TakeLixo:
    """The pickup that lays the top card with these hand cards, made once."""
    pickup = _PICKUP_OF.get(rest)
    if pickup is None:
        if len(_PICKUP_OF) >= _MEMO_SIZE:
            forget_older_half(_PICKUP_OF)
        pickup = _PICKUP_OF[rest] = TakeLixo(new_meld=rest)
    return pickup


_PICKUPS: Final[
    dict[tuple[int, int, int], tuple[tuple[tuple[Card, ...], ...], RuleSet, tuple[TakeLixo, ...]]]
] = {}


def _new_meld_pickups(
    block: tuple[tuple[Card, ...], ...], top: Card, rules: RuleSet
) -> tuple[TakeLixo, ...]:
    """The pickups that lay the top card in a new meld with hand cards, from the groups of
    a block that hold it and that the judge takes as melds (remembered, as `_lays`)."""
    key = (id(block), top.order, id(rules))  # (ints: a key the collector leaves out)
    hit = _PICKUPS.get(key)
    if hit is not None and hit[0] is block and hit[1] is rules:
        return hit[2]
    if len(_PICKUPS) >= _MEMO_SIZE:
        forget_older_half(_PICKUPS)
    pickups = []
    for group in block:
        if top not in group:
            continue
        rest = list(group)
        rest.remove(top)
        if judged((top, *rest), rules).meld is not None:
            pickups.append(_pickup_of(tuple(rest)))
    _PICKUPS[key] = (block, rules, tuple(pickups))
    return _PICKUPS[key][2]


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
    # Only the wilds, the top card's suit (runs) and its rank (trincas) can meld with it.
    if top.suit is None or top.rank == 2:
        pool: Sequence[Card] = (*hand, top)
    else:
        suit, rank = top.suit, top.rank
        pool = [c for c in hand if c.suit is suit or c.rank in (rank, 2) or c.suit is None]
        pool.append(top)
    for block in _blocks(pool, rules, top, MAX_SEQUENCE) if len(pool) >= MIN_MELD else ():
        for move in _new_meld_pickups(block, top, rules):
            if (settled(len(move.new_meld)) and not first_minimum) or is_legal(rules, state, move):
                yield move
    wild_top = top in WILD_KINDS and rules.wild_top_card_new_meld_only
    if wild_top and not (top.is_two and rules.two_on_lixo_may_sit_natural):
        return  # a wild on top goes only into a new meld [002, 003]
    two_from_hand = rules.pickup == "top_card_two_from_hand"
    top_wild = top.suit is None or top.rank == 2
    for index, meld in enumerate(side.melds):
        # The first sieve: a wild, or a natural of the meld's suit (sequence) or rank (trinca).
        if meld.kind == "sequence":
            meld_suit = meld.suit
            if not (top_wild or top.suit is meld_suit):
                continue
            touching = [c for c in hand if c.suit is meld_suit or c.suit is None or c.rank == 2]
        else:
            meld_rank = meld.slots[0].position
            if not (top_wild or top.rank == meld_rank):
                continue
            touching = [c for c in hand if c.rank == meld_rank or c.suit is None or c.rank == 2]
        tried: set[tuple[Card, ...]] = set()
        # The top card alone onto the meld: the judge's word on it as a single card, shared
        # with the extensions listed after the draw (`_Singles`).
        alone = not two_from_hand and _fits_alone(meld, top, rules)
        choices = (
            [()] if alone else [],
            [(c,) for c in dict.fromkeys(touching)] if not two_from_hand else [],
            combinations(touching, 2),
            _bridges(meld, top, touching),
        )
        for choice in choices:
            for cards in choice:
                # (in one order: two copies of a card in the hand make a pair in both)
                key = tuple(sorted(cards, key=_ORDER))
                if key in tried or (cards and not fits(meld, (top, *cards))):
                    continue
                tried.add(key)
                if two_from_hand and (len(cards) < 2 or judged((top, *cards), rules).meld is None):
                    continue  # [003] the top card and two hand cards in sequence
                if cards and extended(meld, (top, *cards), rules).meld is None:
                    continue
                move = TakeLixo(extend=index, cards=cards)
                # A 2 on top goes on only where it sits natural: the judge says where.
                if (settled(len(cards)) and not wild_top) or is_legal(rules, state, move):
                    yield move


def _fits_alone(meld: Meld, card: Card, rules: RuleSet) -> bool:
    """Whether the judge lets this card onto the meld alone (remembered, as bits)."""
    singles = _singles(meld, rules)
    bit = _BIT[card]
    if not bit & singles.candidates:
        return False
    if not bit & (singles.fit | singles.refused):
        singles.judge(bit)
    return bool(bit & singles.fit)


def _bridges(meld: Meld, top: Card, hand: list[Card]) -> list[tuple[Card, ...]]:
    """Hand cards that join the lixo's top card to a sequence it does not touch: the
    naturals between them, with one hand wild for a missing one."""
    if meld.kind != "sequence" or top.suit != meld.suit or top in WILD_KINDS or len(hand) < 2:
        return []  # (a bridge is three places or more, two of them at least from the hand)
    # The naturals reach one place short of the meld's ends at most (one wild): a top card
    # nearer than three places to them needs no bridge.
    far = (ACE, ACE_HIGH) if top.rank == ACE else (top.rank,)
    if all(meld.low - 3 < place < meld.high + 3 for place in far):
        return []
    naturals = [s.position for s in meld.slots if not s.wild]
    low, high = min(naturals), max(naturals)
    mine = {c.rank: c for c in hand if c.suit == meld.suit and not c.is_two}
    if ACE in mine:
        mine[ACE_HIGH] = mine[ACE]
    wilds = list(dict.fromkeys(filter(WILD_KINDS.__contains__, hand)))
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


_RANKS: Final[dict[int, tuple[Meld, frozenset[int]]]] = {}  # remembered by identity, as in melds


def natural_ranks(meld: Meld) -> frozenset[int]:
    """The ranks of the natural cards (of the meld's suit) that could join the meld alone:
    the places where the naturals, the new card among them, leave no more gaps than the meld
    has wilds. Aces on the table may change ends (A-W-3 becomes 3..K-A with the wild
    moved), so both places of each ace are tried."""
    hit = _RANKS.get(id(meld))
    if hit is not None and hit[0] is meld:
        return hit[1]
    if len(_RANKS) >= _MEMO_SIZE:
        forget_older_half(_RANKS)
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


def fits(meld: Meld, cards: Sequence[Card]) -> bool:
    """Could these cards join the meld? A cheap count of positions and wilds: it never
    refuses what the judge accepts, and the judge decides."""
    if meld.kind == "trinca":
        wilds = sum(1 for s in meld.slots if s.wild)
        for card in cards:
            if card in WILD_KINDS:
                wilds += 1
            elif card.rank != meld.rank:
                return False
        return wilds <= 1
    if len(meld.slots) + len(cards) > ACE_HIGH:
        return False
    suit = meld.suit
    # All the cards are placed anew, as the judge does: the meld's own counted once. Places
    # are bits: the places held but the aces' and the 2s'.
    counted, held, aces, flexible, hard = _sequence_counts(meld)
    if not counted:
        return False
    for card in cards:
        if card.suit is None:
            hard += 1
        elif card.rank == 2:
            if card.suit is suit:
                flexible += 1  # natural in its place, or the wild
            else:
                hard += 1
        elif card.suit is not suit:
            return False
        elif card.rank == ACE:
            aces += 1
        else:
            bit = 1 << card.rank
            if held & bit:
                return False  # a place twice
            held |= bit
    if hard > 1 or aces > 2:
        return False
    for natural_twos in range(min(flexible, 1) + 1):
        wilds = hard + flexible - natural_twos
        if wilds > 1:
            continue
        base = held | 4 if natural_twos else held
        for places in _ACE_BITS[aces]:
            full = base | places
            if not full:
                continue
            low, high = (full & -full).bit_length() - 1, full.bit_length() - 1
            span = high - low + 1
            gaps = span - full.bit_count()
            if gaps <= wilds and (gaps == wilds or span < ACE_HIGH):
                return True
    return False


_ACE_BITS: Final[dict[int, tuple[int, ...]]] = {
    0: (0,),
    1: (1 << ACE, 1 << ACE_HIGH),
    2: (1 << ACE | 1 << ACE_HIGH,),
}
_COUNTS: Final[dict[int, tuple[Meld, tuple[bool, int, int, int, int]]]] = {}


def _sequence_counts(meld: Meld) -> tuple[bool, int, int, int, int]:
    """What `fits` counts of a sequence's own cards, remembered by identity (as in melds):
    whether all are of its suit or wild, each place once, the places of the naturals but
    the aces (as bits), the aces, the 2s of the suit (natural or wild), and the other
    wilds."""
    hit = _COUNTS.get(id(meld))
    if hit is not None and hit[0] is meld:
        return hit[1]
    if len(_COUNTS) >= _MEMO_SIZE:
        forget_older_half(_COUNTS)
    held = aces = flexible = hard = 0
    ok = True
    for card in meld.cards:
        if card.suit is None:
            hard += 1
        elif card.rank == 2:
            if card.suit is meld.suit:
                flexible += 1
            else:
                hard += 1
        elif card.suit is not meld.suit:
            ok = False
        elif card.rank == ACE:
            aces += 1
        else:
            ok = ok and not held >> card.rank & 1
            held |= 1 << card.rank
    counts = (ok, held, aces, flexible, hard)
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

    The groups of one suit depend only on the places it holds and the wilds, and those of
    one rank on its cards and the wilds: both are remembered (a hand changes by a card or
    two a move), so a listing mostly looks its groups up.
    """
    return [
        group
        for block in _blocks(pool, rules, must, wild_anywhere)
        for group in block
        if must is None or must in group
    ]


def _blocks(
    pool: Sequence[Card], rules: RuleSet, must: Card | None, wild_anywhere: int
) -> list[tuple[tuple[Card, ...], ...]]:
    """The groups of `meld_groups` in their remembered blocks (not yet sieved by `must`)."""
    distinct = dict.fromkeys(pool)  # in the pool's order, which the groups' order follows
    count: dict[Card, int] = {}
    if len(distinct) < len(pool):  # two copies of a card: counted (hashing is fast)
        for card in pool:
            count[card] = count.get(card, 0) + 1
    wilds: list[Card] = []
    # Per suit (its sort index, an int: an enum hashes slowly): the places held, as bits;
    # and the cards of each rank but the wilds.
    masks: dict[int, int] = {}
    by_rank: dict[int, list[Card]] = {}
    anywhere = must is None or must.suit is None or must.rank == 2
    for card in distinct:
        suit = card.suit
        if suit is None:
            wilds.append(card)
            continue
        rank = card.rank
        if rank == 2:
            wilds.append(card)
        elif rank in by_rank:
            by_rank[rank].append(card)
        else:
            by_rank[rank] = [card]
        if anywhere or must.suit is suit:  # type: ignore[union-attr]
            suit_index = card.order % 5
            masks[suit_index] = masks.get(suit_index, 0) | 1 << rank  # a 2 too
    wild_kinds = tuple(wilds)
    blocks: list[tuple[tuple[Card, ...], ...]] = []
    places = _PLACES_WILD if wild_kinds else _PLACES
    for suit_index, held in masks.items():
        mask = places.get(held)
        if mask is None:
            mask = places[held] = _run_places(held, bool(wild_kinds))
        if not mask:
            continue  # (most suits of a hand: nothing to look up)
        # A card may be in a run twice only with both copies: the 2 of the suit in its
        # place and as the wild, or the ace at both ends (A..K..A).
        two_twice = bool(mask & 4) and count.get(_TWOS[suit_index], 0) >= 2
        ace_twice = bool(mask & 2) and count.get(_ACES[suit_index], 0) >= 2
        key = (suit_index, mask, wild_kinds, two_twice, ace_twice, wild_anywhere)
        groups = _RUNS.get(key)
        if groups is None:
            if len(_RUNS) >= _MEMO_SIZE:
                forget_older_half(_RUNS)
            groups = _RUNS[key] = _runs(
                _SUITS[suit_index], mask, wild_kinds, two_twice, ace_twice, wild_anywhere
            )
        if groups:
            blocks.append(groups)
    if rules.trincas:
        suits_differ = rules.trinca_suits == "distinct"
        for same in by_rank.values():
            if len(same) < MIN_MELD - 1 and not (count and count[same[0]] > 1):
                continue  # (one card of the rank, most ranks of a hand)
            if must is not None and must not in WILD_KINDS and must.rank != same[0].rank:
                continue
            if count:
                same = [card for card in same for _ in range(count[card])]
            same.sort(key=_ORDER)
            trinca_key = (tuple(same), wild_kinds, suits_differ)
            groups = _TRINCAS.get(trinca_key)
            if groups is None:
                if len(_TRINCAS) >= _MEMO_SIZE:
                    forget_older_half(_TRINCAS)
                groups = _TRINCAS[trinca_key] = _trincas(same, wild_kinds, suits_differ)
            if groups:
                blocks.append(groups)
    return blocks


def _run_places(places: int, wild: bool) -> int:
    """Of the places of a suit held (bits), those that may be in a run (0: the suit makes
    none): with a wild, the places with another held within two (a run holds one wild at
    most, so its naturals lie two places apart at most); without, the places of three in a
    row. The ace is at either end. The runs of the others are the runs of these, so the
    memo's key holds only these: hands that differ in a far card share their runs."""
    if places & 1 << ACE:
        places |= 1 << ACE_HIGH
    if wild:
        usable = places & (places << 1 | places >> 1 | places << 2 | places >> 2)
    else:
        starts = places & places >> 1 & places >> 2
        usable = starts | starts << 1 | starts << 2
    return usable & _BELOW_ACE_HIGH | usable >> ACE_HIGH - ACE & 1 << ACE


_BELOW_ACE_HIGH: Final = (1 << ACE_HIGH) - 1
# `_run_places` of each set of places held, without a wild and with one, as found (at most
# 2**14 each): a look-up costs a fraction of the call.
_PLACES: Final[dict[int, int]] = {}
_PLACES_WILD: Final[dict[int, int]] = {}


_MEMO_SIZE: Final = 20_000
_RUNS: Final[
    dict[tuple[int, int, tuple[Card, ...], bool, bool, int], tuple[tuple[Card, ...], ...]]
] = {}
_TRINCAS: Final[
    dict[tuple[tuple[Card, ...], tuple[Card, ...], bool], tuple[tuple[Card, ...], ...]]
] = {}
_NATURAL: Final = {(p, s): Card(ACE if p == ACE_HIGH else p, s) for s in Suit for p in range(1, 15)}
_SUITS: Final = {Card(ACE, suit).order % 5: suit for suit in Suit}  # a suit by its sort index
_TWOS: Final = {index: Card(2, suit) for index, suit in _SUITS.items()}
_ACES: Final = {index: Card(ACE, suit) for index, suit in _SUITS.items()}


def _runs(
    suit: Suit,
    mask: int,
    wilds: tuple[Card, ...],
    two_twice: bool,
    ace_twice: bool,
    wild_anywhere: int,
) -> tuple[tuple[Card, ...], ...]:
    """The runs of `meld_groups` in one suit: `mask` the places held, `wilds` the pool's."""
    row: list[Card | None] = [None] * (ACE_HIGH + 1)  # place 1..14 -> its natural card
    places = [p for p in range(ACE, KING + 1) if mask >> p & 1]
    for place in places:
        row[place] = _NATURAL[place, suit]
    two, ace = _NATURAL[2, suit], _NATURAL[ACE, suit]
    found: list[tuple[Card, ...]] = []
    seen: set[tuple[int, ...]] = set()  # a wild at either end makes the same group twice

    def add(group: tuple[Card, ...]) -> None:
        if len(set(group)) < len(group) and not (
            (two_twice or group.count(two) < 2) and (ace_twice or group.count(ace) < 2)
        ):
            return  # a card twice, held once
        key = tuple(sorted(c.order for c in group))
        if key not in seen:
            seen.add(key)
            found.append(_lay_of(group).melds[0])

    if len(places) + (1 if wilds else 0) < MIN_MELD:
        return ()
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
    return tuple(found)


def _trincas(
    same: list[Card], wilds: tuple[Card, ...], distinct: bool
) -> tuple[tuple[Card, ...], ...]:
    """The trincas of `meld_groups` of one rank: `same` the pool's cards of it, sorted."""
    found: list[tuple[Card, ...]] = []
    seen: set[tuple[int, ...]] = set()  # copies make the same group more than once
    for size in range(MIN_MELD - 1, len(same) + 1):
        for cards in combinations(same, size):
            if distinct and len({card.suit for card in cards}) < size:
                continue  # trinca_suits=distinct: one card of each suit [003]
            groups = [cards] if size >= MIN_MELD else []
            groups.extend((*cards, wild) for wild in wilds)
            for group in groups:
                key = tuple(sorted(c.order for c in group))
                if key not in seen:
                    seen.add(key)
                    found.append(_lay_of(group).melds[0])
    return tuple(found)


def _enough(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    left = list(hand)
    try:
        for card in cards:
            left.remove(card)
    except ValueError:
        return False
    return True


def clear_memos() -> None:
    """Forget everything remembered here and by the meld judge (benchmarks time a listing
    with nothing remembered)."""
    for memo in (_SINGLES, _SIDE, _LAYS, _PICKUPS, _RANKS, _COUNTS, _RUNS, _TRINCAS):
        memo.clear()
    _LAY_OF.clear()
    _PICKUP_OF.clear()
    clear_meld_memos()
