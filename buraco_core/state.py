"""The round as frozen data: seats, sides, hands, mortos, stock, lixo, melds, phase, log.

Seats go round in playing order; seat s belongs to side s % 2 (partners sit opposite).
The stock's top card is its last; the lixo runs bottom to top.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from enum import StrEnum

from buraco_core.cards import Card, deck
from buraco_core.melds import Meld
from buraco_core.moves import Move
from buraco_core.rules import RuleSet

HAND_SIZE = 11
MORTO_SIZE = 11


class Phase(StrEnum):
    DRAW = "draw"  # the player on turn must draw or take the lixo
    PLAY = "play"  # has drawn: may lay and extend, and ends the turn with a discard
    ENDED = "ended"


class MortoStatus(StrEnum):
    AVAILABLE = "available"  # the side has not taken a morto yet
    TAKEN = "taken"  # in play
    WAITING = "waiting"  # taken by an indirect beat: picked up at that player's next turn
    STOCK = "stock"  # no morto left for the side: they became the stock


class EndReason(StrEnum):
    BATIDA = "batida"  # someone went out
    STOCK_OUT = "stock_out"  # the stock ran out with no morto left


@dataclass(frozen=True, slots=True)
class WaitingMorto:
    """A morto taken by an indirect beat: its cards reach `seat` at the start of its next
    turn [000, 001, 003]."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SideState:
    """One side (a player, or a partnership). `waiting` is set while `morto` is WAITING."""

    melds: tuple[Meld, ...] = ()
    morto: MortoStatus = MortoStatus.AVAILABLE
    waiting: WaitingMorto | None = None
    vulnerable: bool = False
    went_out: bool = False

    # Written out: the compiled core compiles it, not dataclass's own (see setup.py).
    def __init__(
        self,
        melds: tuple[Meld, ...] = (),
        morto: MortoStatus = MortoStatus.AVAILABLE,
        waiting: WaitingMorto | None = None,
        vulnerable: bool = False,
        went_out: bool = False,
    ) -> None:
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "morto", morto)
        object.__setattr__(self, "waiting", waiting)
        object.__setattr__(self, "vulnerable", vulnerable)
        object.__setattr__(self, "went_out", went_out)


@dataclass(frozen=True, slots=True)
class State:
    """A position of a round. Frozen: moves make new states (see judge.apply)."""

    hands: tuple[tuple[Card, ...], ...]
    sides: tuple[SideState, ...]
    stock: tuple[Card, ...]
    lixo: tuple[Card, ...]
    mortos: tuple[tuple[Card, ...], ...]  # piles nobody took that did not become stock
    turn: int = 0
    phase: Phase = Phase.DRAW
    ended_by: EndReason | None = None
    log: tuple[Move, ...] = ()

    # Written out: the compiled core compiles it, not dataclass's own (see setup.py).
    def __init__(
        self,
        hands: tuple[tuple[Card, ...], ...],
        sides: tuple[SideState, ...],
        stock: tuple[Card, ...],
        lixo: tuple[Card, ...],
        mortos: tuple[tuple[Card, ...], ...],
        turn: int = 0,
        phase: Phase = Phase.DRAW,
        ended_by: EndReason | None = None,
        log: tuple[Move, ...] = (),
    ) -> None:
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "sides", sides)
        object.__setattr__(self, "stock", stock)
        object.__setattr__(self, "lixo", lixo)
        object.__setattr__(self, "mortos", mortos)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "ended_by", ended_by)
        object.__setattr__(self, "log", log)

    def __repr__(self) -> str:
        """Short: who is on turn, the phase, and how many cards lie where."""
        hands = "/".join(str(len(h)) for h in self.hands)
        melds = "/".join(str(len(s.melds)) for s in self.sides)
        return (
            f"<State turn {self.turn} {self.phase.value}: hands {hands}, melds {melds}, "
            f"stock {len(self.stock)}, lixo {len(self.lixo)}, mortos {len(self.mortos)}>"
        )

    @property
    def players(self) -> int:
        return len(self.hands)

    def side_of(self, seat: int) -> int:
        return seat % 2

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s % 2 == side)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand of the player on turn."""
        return self.hands[self.turn]

    def all_cards(self) -> list[Card]:
        """Every card of the round, wherever it lies (for accounting)."""
        cards: list[Card] = [*self.stock, *self.lixo]
        for hand in self.hands:
            cards.extend(hand)
        for pile in self.mortos:
            cards.extend(pile)
        for side in self.sides:
            if side.waiting is not None:
                cards.extend(side.waiting.cards)
            for meld in side.melds:
                cards.extend(meld.cards)
        return cards

    def without_log(self) -> State:
        return replace(self, log=())


def deal(
    rules: RuleSet,
    players: int = 4,
    seed: int | None = 0,
    first: int = 0,
    vulnerable: tuple[bool, bool] = (False, False),
) -> State:
    """Shuffle and deal: 11 cards each, two mortos of 11, the rest is the stock; the lixo
    starts empty [000, 001, 003]. The same seed gives the same deal."""
    if players not in (2, 4):
        from buraco_core.errors import BuracoInputError, InputCode

        raise BuracoInputError(InputCode.PLAYERS, "players", players=players)
    cards = list(deck(rules.jokers_in_deck))
    random.Random(seed).shuffle(cards)
    hands = tuple(tuple(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(players))
    rest = cards[players * HAND_SIZE :]
    mortos = (tuple(rest[:MORTO_SIZE]), tuple(rest[MORTO_SIZE : 2 * MORTO_SIZE]))
    stock = tuple(rest[2 * MORTO_SIZE :])
    sides = tuple(SideState(vulnerable=v) for v in vulnerable)
    return State(hands, sides, stock, (), mortos, turn=first % players)
