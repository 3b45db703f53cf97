"""Judging a group of cards as a meld (jogo), and extending a meld on the table.

A sequence occupies positions 1..14 of one suit: 1 is the low ace (A-2-3), 14 the high ace
(Q-K-A), so one sequence may hold an ace at each end and never wraps (K-A-2) [000, 001, 003].
A trinca (lavadeira) is 3+ cards of one rank, where the rules allow it [000, 001, 003].
At most one wild per meld [000, 003]; a 2 of the meld's suit in its natural place is not a
wild [000, 001, 002, 003].
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import islice, pairwise
from operator import attrgetter, itemgetter
from types import MappingProxyType
from typing import Any, Final, Literal, NamedTuple

from buraco_core.cards import (
    ACE,
    ACE_HIGH,
    KING,
    RANK_TEXT,
    WILD_KINDS,
    Card,
    Suit,
    card_points,
    copies_in_deck,
    deck,
)
from buraco_core.codes import Code
from buraco_core.rules import RuleSet
from buraco_core.verdict import Reason

MeldKind = Literal["sequence", "trinca"]
CanastraKind = Literal["limpa", "suja", "500", "real"]

MIN_MELD: Final = 3
CANASTRA_SIZE: Final = 7
MAX_SEQUENCE: Final = 14  # A..K..A


_ORDER: Final = attrgetter("order")
_SECOND: Final = itemgetter(1)

# The natural card of each place (1..14) of each suit, made once: judging a meld builds no
# Card values, which keeps the judge fast (benchmarks/bench_melds.py).
_NATURAL: Final[Mapping[tuple[int, Suit], Card]] = MappingProxyType(
    {(p, s): Card(ACE if p == ACE_HIGH else p, s) for s in Suit for p in range(ACE, ACE_HIGH + 1)}
)


class Slot(NamedTuple):
    """A card in a meld and the place it holds: a position 1..14 in a sequence, or the rank
    in a trinca. `wild` is True when the card stands for another one. (A named tuple: a
    meld judgement makes one per card, and a tuple is the cheapest frozen value to make.)"""

    card: Card
    position: int
    wild: bool = False


# Every slot there can be, made once (53 kinds of card, places 1 to 14, wild or not): a meld
# judgement takes one per card from here. Made anew, they would outlive the judgement in the
# memos, and the cycle collector walks every object that does, at every full collection.
_SLOTS: Final[dict[tuple[Card, int, bool], Slot]] = {
    (card, position, wild): Slot(card, position, wild)
    for card in dict.fromkeys(deck())
    for position in range(ACE, ACE_HIGH + 1)
    for wild in (False, True)
}


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld as it lies on the table, slots low to high.

    `wild_options` are the positions the wild could take (where it stands first): a wild at
    an end of a sequence may stand at either end. `built_up` is True once the meld has grown
    over more than one move (a 500 or real must be laid at once under some rules [002]).
    """

    kind: MeldKind
    suit: Suit | None
    slots: tuple[Slot, ...]
    wild_options: tuple[int, ...] = ()
    built_up: bool = False
    # Made once from the slots (read at every step of legal_moves and of extending): the
    # cards, low to high; the wild's slot; the 2 that stands in its natural place.
    cards: tuple[Card, ...] = field(init=False, repr=False, compare=False)
    wild_slot: Slot | None = field(init=False, repr=False, compare=False)
    natural_two: Card | None = field(init=False, repr=False, compare=False)

    # Written out: the compiled core compiles it, not dataclass's own (see setup.py).
    def __init__(
        self,
        kind: MeldKind,
        suit: Suit | None,
        slots: tuple[Slot, ...],
        wild_options: tuple[int, ...] = (),
        built_up: bool = False,
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "slots", slots)
        object.__setattr__(self, "wild_options", wild_options)
        object.__setattr__(self, "built_up", built_up)
        wild: Slot | None = None
        two: Card | None = None
        for slot in slots:  # (the first of each, as the rules allow one)
            if slot[2]:
                wild = wild or slot
            elif slot[0].rank == 2 and two is None:
                two = slot[0]
        object.__setattr__(self, "cards", tuple([s[0] for s in slots]))
        object.__setattr__(self, "wild_slot", wild)
        object.__setattr__(self, "natural_two", two)

    def __repr__(self) -> str:
        """Short: `<Meld sequence 5s 6s JK=7s 8s>`, a wild with what it stands for."""
        shown = " ".join(
            f"{s.card}={self.stands_for(s.position)}" if s.wild and self.suit else str(s.card)
            for s in self.slots
        )
        return f"<Meld {self.kind} {shown}{' built_up' if self.built_up else ''}>"

    @property
    def size(self) -> int:
        return len(self.slots)

    @property
    def wild(self) -> Card | None:
        slot = self.wild_slot
        return slot.card if slot else None

    @property
    def clean(self) -> bool:
        return self.wild_slot is None

    @property
    def rank(self) -> int | None:
        """The rank of a trinca."""
        return self.slots[0].position if self.kind == "trinca" else None

    @property
    def low(self) -> int:
        return self.slots[0].position

    @property
    def high(self) -> int:
        return self.slots[-1].position

    def stands_for(self, position: int) -> Card:
        """The natural card of a position of a sequence (what a wild there replaces)."""
        if self.suit is None:
            raise ValueError("a trinca's places are its rank, not cards of one suit")
        return _NATURAL[position, self.suit]

    @property
    def wild_as(self) -> Card | None:
        slot = self.wild_slot
        if slot is None or self.kind != "sequence":
            return None
        return self.stands_for(slot.position)

    def canastra(self, rules: RuleSet) -> CanastraKind | None:
        """The canastra kind under these rules, or None below 7 cards."""
        size = len(self.slots)  # (asked of every meld judged: the property is a call)
        if size < CANASTRA_SIZE:
            return None
        if self.wild_slot is not None:
            return "suja"
        big: CanastraKind | None = None
        if self.kind == "sequence":
            if size == MAX_SEQUENCE:
                big = "real"
            elif self.low == ACE and self.high == 13:
                big = "500"
        elif size == 8 and rules.eight_of_a_kind_real:
            return "real"
        if big and self.built_up and rules.big_canastras_at_once:
            return "limpa"
        return big or "limpa"

    def card_points(self, rules: RuleSet) -> int:
        return sum(map(_points_by_card(rules.joker_points).__getitem__, self.cards))

    def bonus(self, rules: RuleSet) -> int:
        return canastra_bonus(self.canastra(rules), rules)


# Each card's points, per joker value, made once: a meld judged afresh counts its points
# (MeldVerdict.points), and a look-up per card costs a fraction of a call.
_POINTS_BY_CARD: Final[dict[int, dict[Card, int]]] = {}


def _points_by_card(joker_points: int) -> dict[Card, int]:
    points = _POINTS_BY_CARD.get(joker_points)
    if points is None:
        if len(_POINTS_BY_CARD) >= 16:  # (joker_points may be any of 0..1000: kept few)
            _POINTS_BY_CARD.clear()
        kinds = dict.fromkeys(deck())
        points = _POINTS_BY_CARD[joker_points] = {c: card_points(c, joker_points) for c in kinds}
    return points


def canastra_bonus(kind: CanastraKind | None, rules: RuleSet) -> int:
    if kind is None:
        return 0
    return {
        "limpa": rules.canastra_limpa_points,
        "suja": rules.canastra_suja_points,
        "500": rules.canastra_500_points,
        "real": rules.canastra_real_points,
    }[kind]


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class MeldVerdict:
    """Whether cards form a meld, the meld itself, and the reasons (blocking ones first).

    Frozen. A valid meld's reasons are written when first read: often only the verdict is
    wanted (legal_moves judges many groups and reads no explanation). Made as
    `MeldVerdict(ok, reasons, meld, canastra, points, rules, notes)`; `reasons` None: written
    from the meld, the rules and the `notes` when read.
    """

    ok: bool
    _reasons: tuple[Reason, ...] | None
    meld: Meld | None = None
    canastra: CanastraKind | None = None
    points: int = 0
    _rules: RuleSet | None = None
    _notes: tuple[Reason, ...] = ()

    # Written out: the compiled core compiles it, not dataclass's own (see setup.py).
    def __init__(
        self,
        ok: bool,
        _reasons: tuple[Reason, ...] | None,
        meld: Meld | None = None,
        canastra: CanastraKind | None = None,
        points: int = 0,
        _rules: RuleSet | None = None,
        _notes: tuple[Reason, ...] = (),
    ) -> None:
        object.__setattr__(self, "ok", ok)
        object.__setattr__(self, "_reasons", _reasons)
        object.__setattr__(self, "meld", meld)
        object.__setattr__(self, "canastra", canastra)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "_rules", _rules)
        object.__setattr__(self, "_notes", _notes)

    @property
    def reasons(self) -> tuple[Reason, ...]:
        reasons = self._reasons
        if reasons is None:
            if self.meld is None or self._rules is None:
                raise ValueError("a verdict without reasons needs its meld and rules")
            reasons = (*_describe(self.meld, self._rules, self.canastra), *self._notes)
            object.__setattr__(self, "_reasons", reasons)
        return reasons

    @property
    def codes(self) -> tuple[Code, ...]:
        return tuple(r.code for r in self.reasons)

    def _fields(self) -> tuple[object, ...]:
        return (self.ok, self.reasons, self.meld, self.canastra, self.points)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MeldVerdict):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"MeldVerdict(ok={self.ok!r}, reasons={self.reasons!r}, meld={self.meld!r}, "
            f"canastra={self.canastra!r}, points={self.points!r})"
        )

    def __reduce__(self) -> tuple[object, ...]:
        return (MeldVerdict, (self.ok, self.reasons, self.meld, self.canastra, self.points))


class _Failure(Exception):
    """Internal: one arrangement attempt failed for this reason (written when read)."""

    def __init__(self, rank: int, code: Code, params: dict[str, object]) -> None:
        self.rank = rank  # lower = more telling to the player
        self.code = code
        self.params = params
        self.gaps: list[int] = []  # a gap: the places missing (made cards when reported)

    @property
    def reason(self) -> Reason:
        return Reason(self.code, self.params)


def _fail(rank: int, code: Code, **params: object) -> _Failure:
    return _Failure(rank, code, params)


def judge_meld(cards: Iterable[Card], rules: RuleSet) -> MeldVerdict:
    """Judge cards (in any order) as a new meld laid down at once.

    >>> from buraco_core.cards import parse_cards
    >>> from buraco_core.rules import ruleset
    >>> verdict = judge_meld(parse_cards("8s JK 5s 6s"), ruleset("fechado"))
    >>> verdict.ok, verdict.meld, verdict.canastra, verdict.points
    (True, <Meld sequence 5s 6s JK=7s 8s>, None, 70)
    >>> [str(code) for code in judge_meld(parse_cards("5s 6s 9s"), ruleset("stbl")).codes]
    ['gap']
    """
    cards = tuple(cards)
    if len(cards) < MIN_MELD:
        reason = Reason(Code.TOO_FEW_CARDS, {"count": len(cards), "needed": MIN_MELD})
        return MeldVerdict(False, (reason,))
    try:
        meld = _arrange(cards, rules, kind=None)
    except _Failure as failure:
        return MeldVerdict(False, (failure.reason,))
    return _valid(meld, rules, ())


def extend_meld(meld: Meld, cards: Iterable[Card], rules: RuleSet) -> MeldVerdict:
    """Judge adding cards to a meld on the table: the wild may move, melds never merge.

    A same-suit 2 goes back to its natural place when the sequence reaches it (the meld turns
    clean); a joker or another suit's 2 whose place the natural card takes moves to a free
    end, and the extension is refused where it has nowhere to go [000, 001, 002, 003].
    """
    new = tuple(cards)
    if not new:
        return MeldVerdict(False, (Reason(Code.NO_CARDS, {}),))
    try:
        grown = _arrange(meld.cards + new, rules, kind=meld.kind, built_up=True)
    except _Failure as failure:
        return MeldVerdict(False, (_no_place_for_wild(meld, new, rules) or failure.reason,))
    old_two = meld.natural_two
    if old_two is not None and grown.natural_two is None:
        # The card the 2 would have to stand for is said: 6♠ onto 2♠ 3♠ 4♠ lacks the 5♠ (the
        # learner had read only that the 2 stays natural, and looked for what that had to do
        # with the 6).
        stays: dict[str, object] = {"card": old_two}
        if grown.wild_slot is not None and grown.wild_slot.card == old_two and grown.wild_as:
            stays |= {"case": "gap", "as_card": grown.wild_as}
        return MeldVerdict(False, (Reason(Code.NATURAL_TWO_STAYS, stays),))
    waits_for = _two_still_waits_for(meld, grown)
    if waits_for:
        # The grown meld has one wild only because the new one took the 2's place.
        two, wild = meld.wild, grown.wild
        params = {"wilds": (two, wild), "case": "two_not_home", "card": two, "missing": waits_for}
        return MeldVerdict(False, (Reason(Code.TWO_WILDS, params),))
    grown = _keep_wild_place(meld, grown)
    notes: list[Reason] = []
    old_slot, new_slot = meld.wild_slot, grown.wild_slot
    same_wild = new_slot is not None and old_slot is not None and new_slot.card == old_slot.card
    if old_slot is not None and not same_wild and grown.natural_two == old_slot.card:
        # The wild 2 went home; any wild the meld has now came with the new cards, and the
        # meld stays dirty (the message had said "agora está limpo" beside a joker).
        home: dict[str, object] = {"card": old_slot.card}
        if new_slot is not None:
            home |= {"case": "still_dirty", "wild": new_slot.card}
        notes.append(Reason(Code.TWO_MOVED_TO_NATURAL, home))
    elif (
        same_wild
        and old_slot is not None
        and new_slot is not None
        and new_slot.position != old_slot.position
        and new_slot.position not in meld.wild_options  # taking its other end is no move
    ):
        notes.append(
            Reason(
                Code.WILD_MOVED,
                {
                    "wild": new_slot.card,
                    "from": meld.stands_for(old_slot.position),
                    "to": grown.wild_as,
                },
            )
        )
    return _valid(grown, rules, tuple(notes))


def _two_still_waits_for(old: Meld, grown: Meld) -> tuple[Card, ...]:
    """The natural cards a wild 2 of the meld's suit still waits for, where the grown meld has
    it home only because a new wild took its place (empty otherwise). It goes home once
    natural cards run from the 3 to the rest of the meld [000, 001, 002], and a wild moves
    only for the natural card of its place [000]: another wild does not stand in for it."""
    slot, wild = old.wild_slot, grown.wild_slot
    if slot is None or wild is None or old.natural_two is not None:
        return ()
    # (the same card as the old wild: the new copy of that 2 is the natural one)
    if grown.natural_two is not slot.card or wild.card is slot.card:
        return ()
    held = {s.card.rank for s in grown.slots if not s.wild}
    top = min(max(s.position for s in old.slots if not s.wild), KING)
    suit = old.suit
    assert suit is not None  # (a meld with a natural 2 is a sequence)
    return tuple(_NATURAL[rank, suit] for rank in range(3, top + 1) if rank not in held)


def _no_place_for_wild(meld: Meld, new: tuple[Card, ...], rules: RuleSet) -> Reason | None:
    """Why an extension fails when the natural card takes the wild's place and the sequence
    has no free end left (A..A): the wild never leaves the table [000]."""
    wild = meld.wild
    if wild is None or meld.kind != "sequence" or len(meld.cards) + len(new) <= MAX_SEQUENCE:
        return None
    rest = list(meld.cards + new)
    rest.remove(wild)
    try:
        _arrange(tuple(rest), rules, kind="sequence")
    except _Failure:
        return None
    return Reason(Code.WILD_HAS_NO_PLACE, {"wild": wild, "as_card": meld.wild_as})


def _keep_wild_place(old: Meld, grown: Meld) -> Meld:
    """A wild that can stay where it stood stays there (it only moves when it must)."""
    old_slot, new_slot = old.wild_slot, grown.wild_slot
    if old_slot is None or new_slot is None or len(grown.wild_options) < 2:
        return grown
    if old_slot.card != new_slot.card:
        return grown
    if old_slot.position == new_slot.position or old_slot.position not in grown.wild_options:
        return grown
    return _sequence_meld(
        grown.suit,
        [(s.card, s.position) for s in grown.slots if not s.wild],
        new_slot.card,
        (old_slot.position, *[p for p in grown.wild_options if p != old_slot.position]),
        grown.built_up,
    )


def _valid(meld: Meld, rules: RuleSet, notes: tuple[Reason, ...]) -> MeldVerdict:
    meld = _interned(meld)
    kind = meld.canastra(rules)
    return MeldVerdict(True, None, meld, kind, meld.card_points(rules), rules, notes)


def _describe(meld: Meld, rules: RuleSet, kind: CanastraKind | None) -> list[Reason]:
    reasons: list[Reason] = []
    if meld.kind == "sequence":
        reasons.append(
            Reason(
                Code.VALID_SEQUENCE,
                {
                    "count": meld.size,
                    "suit": meld.suit,
                    "low": meld.stands_for(meld.low),
                    "high": meld.stands_for(meld.high),
                },
            )
        )
    else:
        reasons.append(
            Reason(
                Code.VALID_TRINCA,
                {"count": meld.size, "rank": RANK_TEXT[meld.rank or ACE]},
            )
        )
    two = meld.natural_two
    if two is not None:
        reasons.append(Reason(Code.NATURAL_TWO, {"card": two}))
    slot = meld.wild_slot
    if slot is not None:
        if meld.kind == "sequence":
            options = tuple(meld.stands_for(p) for p in meld.wild_options)
            reasons.append(
                Reason(
                    Code.WILD_STANDS_FOR,
                    {"wild": slot.card, "as_card": meld.stands_for(slot.position)},
                )
            )
            if len(options) > 1:
                reasons.append(Reason(Code.WILD_EITHER_END, {"options": options}))
            # Its place may still come: not where a natural 2 already holds it (a wild 2
            # beside the natural one, where the table allows that). Standing in a gap, or at
            # the low end above the 3 (2♥=Q♥ K♥ A♥), the run reaches the 3 only through the
            # card it stands for: it goes home once that card comes too [000, 001] (case
            # "gap").
            if slot.card.is_two and slot.card.suit == meld.suit and meld.natural_two is None:
                home: dict[str, object] = {"card": slot.card, "as_card": meld.wild_as}
                if 3 < slot.position < meld.high:
                    home["case"] = "gap"
                reasons.append(Reason(Code.TWO_MAY_BECOME_NATURAL, home))
        else:
            reasons.append(Reason(Code.WILD_IN_TRINCA, {"wild": slot.card}))
    if kind is None:
        reasons.append(
            Reason(
                Code.NOT_CANASTRA_YET,
                {"count": meld.size, "missing": CANASTRA_SIZE - meld.size},
            )
        )
    elif kind == "suja":
        reasons.append(Reason(Code.CANASTRA_SUJA, {"count": meld.size, "wild": meld.wild}))
    elif kind == "limpa":
        reasons.append(Reason(Code.CANASTRA_LIMPA, {"count": meld.size}))
        if (
            meld.built_up
            and rules.big_canastras_at_once
            and meld.kind == "sequence"
            and (meld.size == MAX_SEQUENCE or (meld.low == ACE and meld.high == 13))
        ):
            reasons.append(Reason(Code.BIG_CANASTRA_BUILT_UP, {}))
    elif kind == "500":
        reasons.append(Reason(Code.CANASTRA_500, {"count": meld.size}))
    elif meld.kind == "trinca":
        reasons.append(Reason(Code.CANASTRA_REAL_EIGHT, {}))
    else:
        reasons.append(Reason(Code.CANASTRA_REAL, {"count": meld.size}))
    return reasons


def _arrange(
    cards: tuple[Card, ...], rules: RuleSet, kind: MeldKind | None, built_up: bool = False
) -> Meld:
    """Find the arrangement of the cards, or raise the most telling _Failure."""
    if not rules.jokers_in_deck and any(c.is_joker for c in cards):
        raise _fail(0, Code.NO_JOKERS_IN_DECK)
    if len(set(cards)) < len(cards):  # counting only where a card repeats: a hot path
        counts: dict[Card, int] = {}
        for card in cards:
            counts[card] = counts.get(card, 0) + 1
        for card, count in counts.items():
            if count > copies_in_deck(card, rules.jokers_in_deck):
                raise _fail(
                    0,
                    Code.MORE_COPIES_THAN_DECK,
                    card=card,
                    count=count,
                    copies=copies_in_deck(card, rules.jokers_in_deck),
                )
    naturals = [c for c in cards if c.suit is not None and c.rank != 2]  # (not wild kinds)
    if not naturals:
        raise _fail(1, Code.ONLY_WILDS, cards=cards)
    one_rank = len({c.rank for c in naturals}) == 1
    if kind == "trinca" or (kind is None and one_rank and len(naturals) >= 2):
        return _arrange_trinca(cards, naturals, rules, built_up)
    return _arrange_sequence(cards, naturals, rules, built_up, new=kind is None)


def _arrange_trinca(
    cards: tuple[Card, ...], naturals: list[Card], rules: RuleSet, built_up: bool
) -> Meld:
    if not rules.trincas:
        raise _fail(1, Code.TRINCAS_NOT_ALLOWED)
    ranks = sorted({c.rank for c in naturals})
    if len(ranks) > 1:
        raise _fail(1, Code.TRINCA_RANKS_DIFFER, ranks=tuple(RANK_TEXT[r] for r in ranks))
    if rules.trinca_suits == "distinct":
        seen: set[Suit | None] = set()
        for card in naturals:
            if card.suit in seen:
                raise _fail(1, Code.TRINCA_SUIT_REPEATED, card=card)
            seen.add(card.suit)
    wilds = [c for c in cards if c in WILD_KINDS]
    if len(wilds) > 1:
        raise _fail(2, Code.TWO_WILDS, wilds=tuple(wilds))
    rank = ranks[0]
    slots = tuple([_SLOTS[c, rank, False] for c in sorted(naturals, key=_ORDER)]) + tuple(
        [_SLOTS[w, rank, True] for w in wilds]
    )
    return Meld("trinca", None, slots, (rank,) if wilds else (), built_up)


# Arrangements of a sequence are tried as bit masks of the places held (bit p: place p),
# and a failed one is kept as a plain tuple (rank, places missing, order, code, params,
# mask), made into a _Failure only if it is the one reported: a judgement tries up to four
# arrangements, and an invalid meld fails each of them (benchmarks/bench_melds.py).
_Miss = tuple[int, int, int, Code, dict[str, object], int]

_ACE_BITS: Final[tuple[tuple[int, ...], ...]] = (
    (0,),
    (1 << ACE, 1 << ACE_HIGH),
    (1 << ACE | 1 << ACE_HIGH,),
)


def _arrange_sequence(
    cards: tuple[Card, ...], naturals: list[Card], rules: RuleSet, built_up: bool, new: bool
) -> Meld:
    if len(cards) > MAX_SEQUENCE:
        raise _fail(1, Code.TOO_LONG, count=len(cards), most=MAX_SEQUENCE)
    suit = naturals[0].suit
    assert suit is not None  # (naturals have a suit)
    # One pass over the naturals (card fields rather than properties: this runs for every
    # meld judged): the places held but the aces', as a mask, and the aces.
    fixed: list[tuple[Card, int]] = []
    aces: list[Card] = []
    mask = 0
    repeated = False
    for card in naturals:
        if card.suit is not suit:
            suits = {c.suit for c in naturals if c.suit is not None}
            failure = _fail(1, Code.MIXED_SUITS, suits=tuple(sorted(suits, key=lambda s: s.value)))
            if new and rules.trincas:
                # A new meld where trincas count: mixed suits fail the sequence, and the ranks
                # (more than one, or it were judged a trinca) the trinca; the reason names both.
                ranks = tuple(RANK_TEXT[r] for r in sorted({c.rank for c in naturals}))
                failure.params.update(case="trincas", ranks=ranks)
            raise failure
        rank = card.rank
        if rank == ACE:
            aces.append(card)
        else:
            repeated = repeated or bool(mask >> rank & 1)
            mask |= 1 << rank
            fixed.append((card, rank))
    if repeated or len(aces) > 2:
        twice = [r for r, n in Counter(r for _, r in fixed).items() if n > 1]
        doubled = twice + ([ACE] if len(aces) > 2 else [])
        raise _fail(
            1,
            Code.DUPLICATE_RANK,
            cards=tuple(_NATURAL[r, suit] for r in sorted(doubled)),
        )
    jokers = [c for c in cards if c.suit is None]
    twos = [c for c in cards if c.rank == 2]
    misses: list[_Miss] = []
    natural_two_choices: list[Card | None] = [None]
    if any(t.suit is suit for t in twos):
        natural_two_choices.insert(0, _NATURAL[2, suit])  # a 2 that can be natural is natural
    for natural_two in natural_two_choices:
        if natural_two is None:
            wilds, placed, held = jokers + twos, fixed, mask
        else:
            rest_twos = list(twos)
            rest_twos.remove(natural_two)
            wilds, placed, held = jokers + rest_twos, [*fixed, (natural_two, 2)], mask | 4
        if len(wilds) > 1:
            misses.append((3, 0, len(misses), Code.TWO_WILDS, {"wilds": tuple(wilds)}, 0))
            continue
        wild = wilds[0] if wilds else None
        for ace_bits in _ACE_BITS[len(aces)]:
            places_held = held | ace_bits
            options = _place_wild(places_held, wild is not None)
            if isinstance(options, int):
                if options:
                    params = {"missing": (), "has_wild": wild is not None}
                    misses.append((4, options, len(misses), Code.GAP, params, places_held))
                else:
                    params = {"count": places_held.bit_count() + 1, "most": MAX_SEQUENCE}
                    misses.append((1, 0, len(misses), Code.TOO_LONG, params, places_held))
                continue
            # Checked once the cards fit: only then is the wild 2 the one thing wrong [000].
            if (
                natural_two is not None
                and wild is not None
                and wild.rank == 2
                and not rules.wild_two_beside_natural_two
            ):
                params = {"natural": natural_two, "wild": wild}
                misses.append((2, 0, len(misses), Code.WILD_TWO_BESIDE_NATURAL_TWO, params, 0))
                continue
            at = placed + list(zip(aces, _ACE_PLACES_OF[ace_bits], strict=True))
            return _sequence_meld(suit, at, wild, options, built_up)
    rank, gaps, _, code, params, held = min(misses)
    if code is Code.GAP or code is Code.TWO_WILDS:
        # Report a wrap only when running on past the king misses fewer cards than any
        # legal arrangement: A 3 5..K is a gap (the 4), K-A-3 is a wrap. Over "two wilds"
        # only when the one wild left beside a natural 2 would fill the wrap: in
        # Q K JK 2h 3h the 2h is natural and K-A-2 is the fault.
        gap_misses = [m[1] for m in misses if m[3] is Code.GAP]
        # (a wrap holds the king: most melds are done with here)
        fill = _wrap_fill(naturals, twos, suit) if gap_misses and mask >> KING & 1 else None
        fits = code is Code.GAP or (fill is not None and fill <= 1)
        if fill is not None and fits and fill < min(gap_misses):
            raise _fail(2, Code.WRAP_AROUND)
    failure = _Failure(rank, code, dict(params))
    if gaps:
        low, high = (held & -held).bit_length() - 1, held.bit_length() - 1
        failure.gaps = [p for p in range(low, high + 1) if not held >> p & 1]
        failure.params["missing"] = tuple(_NATURAL[p, suit] for p in failure.gaps)
    raise failure


_ACE_PLACES_OF: Final[dict[int, tuple[int, ...]]] = {
    0: (),
    1 << ACE: (ACE,),
    1 << ACE_HIGH: (ACE_HIGH,),
    1 << ACE | 1 << ACE_HIGH: (ACE, ACE_HIGH),
}


def _place_wild(held: int, wild: bool) -> tuple[int, ...] | int:
    """Where the wild may stand among the cards at the places held (a mask; the first
    place is where it stands; empty without a wild), or, when the cards make no sequence,
    how many places are missing (0: the sequence would be too long). Returned, not raised:
    the caller tries several placements."""
    low, high = (held & -held).bit_length() - 1, held.bit_length() - 1
    gap_count = high - low + 1 - held.bit_count()
    if gap_count > wild:
        return gap_count
    if not wild:
        return ()
    if gap_count:
        return (next(p for p in range(low, high + 1) if not held >> p & 1),)
    ends = ([high + 1] if high < ACE_HIGH else []) + ([low - 1] if low > ACE else [])
    if not ends:
        return 0
    return tuple(ends)


def _sequence_meld(
    suit: Suit | None,
    placed: list[tuple[Card, int]],
    wild: Card | None,
    options: tuple[int, ...],
    built_up: bool = False,
) -> Meld:
    slots = [_SLOTS[card, position, False] for card, position in sorted(placed, key=_SECOND)]
    if wild is not None:
        slots.append(_SLOTS[wild, options[0], True])
        slots.sort(key=_SECOND)  # (by position)
    return Meld("sequence", suit, tuple(slots), options if wild is not None else (), built_up)


def _wrap_fill(naturals: list[Card], twos: list[Card], suit: Suit) -> int | None:
    """The fewest cards missing from a run that goes on past the king into A-2 (K-A-2, which
    no source allows) and holds all the natural cards, among them the king and the ace or the
    2; None if there is no such run.

    Such a run is the circle of 13 ranks less one stretch strictly between the 2 and the
    king: the widest stretch free of the cards gives the shortest run."""
    if sum(c.rank == ACE for c in naturals) > 1:
        return None
    ranks = {c.rank for c in naturals}
    choices = [ranks, ranks | {2}] if any(t.suit == suit for t in twos) else [ranks]
    best: int | None = None
    for held in choices:
        if KING not in held or not (ACE in held or 2 in held):
            continue  # the cards themselves must run from the king into the ace or the 2
        marks = sorted({r for r in held if r != ACE} | {2, KING})
        left_out = max(high - low - 1 for low, high in pairwise(marks))
        if left_out < 1:
            continue  # the run would be the whole circle: no wrap, just A..K
        fill = KING - left_out - len(held)
        best = fill if best is None else min(best, fill)
    return best


# --- remembered verdicts -----------------------------------------------------------------
#
# Judging a meld is the costly part of a move, and the same groups come up again and again
# while a hand is played (legal_moves tries each one at every step). Verdicts are pure
# functions of frozen values, so they are remembered, per rule set. The keys avoid hashing
# in Python: a rule set and a table meld are found by identity (the entry keeps the object,
# so its id cannot be reused), a group of cards by its tuple (cards are interned).

# Entries per memo before the older half goes. Random play judges new groups and extensions
# all along, and they recur over hundreds of rounds: 100,000 made it a tenth faster than
# 20,000 (benchmarks/bench_play.py), for about 25 MB more (45 MB compiled) once full.
_MEMO_SIZE: Final = 100_000


class _Memo:
    __slots__ = ("extended", "judged", "rules")

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.judged: dict[tuple[Card, ...], MeldVerdict] = {}
        self.extended: dict[tuple[int, int | tuple[Card, ...]], tuple[Meld, MeldVerdict]] = {}


_MEMOS: Final[dict[int, _Memo]] = {}


def forget_older_half(memo: dict[Any, Any]) -> None:
    """Make room in a full memo: the entries made first go, the recent ones (the round
    being played) stay.

    >>> memo = dict.fromkeys("abcdef")
    >>> forget_older_half(memo)
    >>> "".join(memo)
    'def'
    """
    for key in list(islice(memo, len(memo) // 2)):
        memo.pop(key, None)  # (another thread, an app session, may be trimming it too)


def _memo(rules: RuleSet) -> _Memo:
    memo = _MEMOS.get(id(rules))
    if memo is None or memo.rules is not rules:
        if len(_MEMOS) >= 16:
            _MEMOS.clear()
        memo = _MEMOS[id(rules)] = _Memo(rules)
    return memo


def judged(cards: tuple[Card, ...], rules: RuleSet) -> MeldVerdict:
    """`judge_meld`, remembered."""
    memo = _memo(rules).judged
    verdict = memo.get(cards)
    if verdict is None:
        if len(memo) >= _MEMO_SIZE:
            forget_older_half(memo)
        verdict = memo[cards] = judge_meld(cards, rules)
    return verdict


def extended(meld: Meld, cards: tuple[Card, ...], rules: RuleSet) -> MeldVerdict:
    """`extend_meld`, remembered."""
    memo = _memo(rules).extended
    # One card (the common case) by its sort order: a key of ints, which the collector
    # leaves out of its walks.
    key = (id(meld), cards[0].order if len(cards) == 1 else cards)
    hit = memo.get(key)
    if hit is not None and hit[0] is meld:
        return hit[1]
    if len(memo) >= _MEMO_SIZE:
        forget_older_half(memo)
    verdict = extend_meld(meld, cards, rules)
    memo[key] = (meld, verdict)
    return verdict


# Equal melds are made one object: the remembered extensions, found by a meld's identity,
# then serve every round where the same meld lies on the table again.
_INTERNED: Final[dict[Meld, Meld]] = {}


def _interned(meld: Meld) -> Meld:
    same = _INTERNED.get(meld)
    if same is None:
        if len(_INTERNED) >= _MEMO_SIZE:
            forget_older_half(_INTERNED)
        same = _INTERNED[meld] = meld
    return same


def clear_memos() -> None:
    """Forget every remembered verdict (benchmarks time the judge with nothing remembered)."""
    _MEMOS.clear()
    _INTERNED.clear()
