"""What one seat sees of the round, and positions dealt at random consistent with it.

A computer player is handed a `SeatView`, never the `State`: its own hand, the table, the
lixo as far as the seat has seen it, and counts for everything face down. The discards are
public as they are made, so a seat remembers the lixo cards discarded since the last pickup
(in Fechado it may not look through the pile, but it saw each card go on it), and the cards
a player took with the lixo stay known to be in that hand until they are laid or discarded.

`determinize` deals the unseen cards at random over the hidden places (the other hands, the
stock, the mortos, a waiting morto, the unseen part of the lixo): the judge, asked about the
seat's own moves in such a position, answers as it would in the real one, since it only
reads the mover's hand and what is public.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from itertools import chain
from operator import attrgetter, getitem

from buraco_core.cards import Card, deck
from buraco_core.melds import Meld
from buraco_core.moves import Discard, Extend, Lay, Move, TakeLixo
from buraco_core.rules import RuleSet
from buraco_core.state import Phase, SideState, State, WaitingMorto


@dataclass(frozen=True, slots=True)
class SeatView:
    """The round as seat `seat` sees it. `sides` carry no waiting-morto cards (face down):
    `waiting_sizes` counts them. `lixo_seen` is the known top part of the lixo (top last),
    `known_held[s]` the cards seat s is known to hold (empty for the seat itself)."""

    seat: int
    turn: int
    phase: Phase
    hand: tuple[Card, ...]
    sides: tuple[SideState, ...]
    waiting_sizes: tuple[int, ...]
    lixo_seen: tuple[Card, ...]
    lixo_size: int
    hand_sizes: tuple[int, ...]
    stock_size: int
    morto_sizes: tuple[int, ...]
    known_held: tuple[tuple[Card, ...], ...]
    jokers_in_deck: bool
    moves_made: int

    @property
    def players(self) -> int:
        return len(self.hand_sizes)

    @property
    def side(self) -> int:
        return self.seat % 2

    def melds_of(self, side: int) -> tuple[Meld, ...]:
        return self.sides[side].melds

    @property
    def lixo_top(self) -> Card | None:
        return self.lixo_seen[-1] if self.lixo_seen else None

    def unseen(self) -> list[Card]:
        """Every card whose place this seat does not know (copies counted), in a fixed order."""
        counts = dict(_DECK_COUNTS[self.jokers_in_deck])
        seen = [self.hand, self.lixo_seen, *self.known_held]
        seen.extend(meld.cards for side in self.sides for meld in side.melds)
        for cards in seen:
            for card in cards:
                counts[card] -= 1
        # Each card's copies left, as a tuple made once (a count never falls below 0: a
        # position holds no more copies of a card than the deck, notation refuses more).
        copies = _COPIES[self.jokers_in_deck]
        return list(chain.from_iterable(map(getitem, copies, counts.values())))

    def determinize(self, rng: random.Random | None = None) -> State:
        """A whole position consistent with this view: the unseen cards dealt at random
        (`rng`), or in a fixed order without one."""
        pool = self.unseen()
        if rng is not None:
            rng.shuffle(pool)

        def take(count: int) -> tuple[Card, ...]:
            taken = pool[len(pool) - count :] if count else []
            del pool[len(pool) - count :]
            return tuple(taken)

        hands = []
        for seat, size in enumerate(self.hand_sizes):
            if seat == self.seat:
                hands.append(self.hand)
            else:
                known = self.known_held[seat]
                hands.append((*known, *take(size - len(known))))
        sides = tuple(
            replace(side, waiting=WaitingMorto(side.waiting.seat, take(size)))
            if side.waiting is not None
            else side
            for side, size in zip(self.sides, self.waiting_sizes, strict=True)
        )
        lixo = (*take(self.lixo_size - len(self.lixo_seen)), *self.lixo_seen)
        mortos = tuple(take(size) for size in self.morto_sizes)
        stock = take(self.stock_size)
        return State(tuple(hands), sides, stock, lixo, mortos, self.turn, self.phase)


@dataclass(frozen=True, slots=True)
class TableMemory:
    """What every seat has seen happen, kept move by move: the lixo (None for a card that
    lay there face down before anyone was watching) and, per seat, the cards it took with
    the lixo and has not laid or discarded since."""

    lixo: tuple[Card | None, ...]
    held: tuple[tuple[Card, ...], ...]

    @staticmethod
    def watching(rules: RuleSet, state: State) -> TableMemory:
        """The memory of a table first seen at `state`: the lixo as it shows (the whole
        pile where it is open, else its top card)."""
        if rules.discard_pile_visible == "all":
            lixo: tuple[Card | None, ...] = state.lixo
        else:
            lixo = (*(None,) * (len(state.lixo) - 1), *state.lixo[-1:])
        return TableMemory(lixo, ((),) * state.players)

    def after(self, seat: int, move: Move) -> TableMemory:
        """The memory once `seat` has made `move` (a legal one)."""
        mine = list(self.held[seat])
        lixo = self.lixo
        if isinstance(move, Discard):
            _drop(mine, (move.card,))
            lixo = (*lixo, move.card)
        elif isinstance(move, TakeLixo):
            taken = lixo[:-1] if move.justified else lixo
            mine.extend(c for c in taken if c is not None)
            _drop(mine, move.new_meld or move.cards)
            lixo = ()
        elif isinstance(move, Lay):
            for group in move.melds:
                _drop(mine, group)
        elif isinstance(move, Extend):
            _drop(mine, move.cards)
        else:
            return self
        held = (*self.held[:seat], tuple(mine), *self.held[seat + 1 :])
        return TableMemory(lixo, held)


def recall(state: State) -> TableMemory:
    """The memory of a whole round, from its log: the seats move in turn, a discard hands
    the turn on (unless it ended the round). A lixo there before the log began counts as
    unseen: a log replayed knows only what happened within it."""
    discards = sum(isinstance(m, Discard) for m in state.log)
    ended_by_discard = state.phase is Phase.ENDED and isinstance(
        state.log[-1] if state.log else None, Discard
    )
    turn = (state.turn - discards + ended_by_discard) % state.players
    pickups = any(isinstance(m, TakeLixo) for m in state.log)
    before = 0 if pickups else max(0, len(state.lixo) - discards)
    memory = TableMemory((None,) * before, ((),) * state.players)
    for move in state.log:
        memory = memory.after(turn, move)
        if isinstance(move, Discard):
            turn = (turn + 1) % state.players
    return memory


def view_of(rules: RuleSet, state: State, seat: int, memory: TableMemory | None = None) -> SeatView:
    """What `seat` sees of `state` (the harness builds it; the player never gets the state).
    `memory` is the table's memory kept move by move; without it the log is replayed."""
    memory = memory or recall(state)
    if rules.discard_pile_visible == "all":
        seen = state.lixo
    else:
        recalled = 0
        for card in reversed(memory.lixo):
            if card is None:
                break
            recalled += 1
        seen = state.lixo[len(state.lixo) - min(recalled, len(state.lixo)) :]
        if state.lixo and not seen:
            seen = state.lixo[-1:]  # the top card is always in view
    known = tuple(
        tuple(sorted(held, key=_ORDER)) if held and s != seat else ()
        for s, held in enumerate(memory.held)
    )
    sides = tuple(
        replace(side, waiting=WaitingMorto(side.waiting.seat, ())) if side.waiting else side
        for side in state.sides
    )
    return SeatView(
        seat=seat,
        turn=state.turn,
        phase=state.phase,
        hand=state.hands[seat],
        sides=sides,
        waiting_sizes=tuple(len(side.waiting.cards) if side.waiting else 0 for side in state.sides),
        lixo_seen=seen,
        lixo_size=len(state.lixo),
        hand_sizes=tuple(map(len, state.hands)),
        stock_size=len(state.stock),
        morto_sizes=tuple(map(len, state.mortos)),
        known_held=known,
        jokers_in_deck=rules.jokers_in_deck,
        moves_made=len(state.log),
    )


def _drop(held: list[Card], cards: tuple[Card, ...]) -> None:
    # A card the seat was not known to hold came from the unknown part of its hand.
    if held:
        for card in cards:
            if card in held:
                held.remove(card)


_ORDER = attrgetter("order")


def _deck_counts(jokers: bool) -> dict[Card, int]:
    """The copies of each card in the deck, in the deck's order (cards are interned: a card
    hashes as fast as an int)."""
    counts: dict[Card, int] = {}
    for card in deck(jokers):
        counts[card] = counts.get(card, 0) + 1
    return counts


_DECK_COUNTS = {jokers: _deck_counts(jokers) for jokers in (True, False)}
# Per card of the deck, in its order: `(card,) * n` for each count n up to its copies.
_COPIES = {
    jokers: tuple(tuple((card,) * n for n in range(copies + 1)) for card, copies in counts.items())
    for jokers, counts in _DECK_COUNTS.items()
}
