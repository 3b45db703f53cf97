"""The moves of a turn, as frozen data.

A turn is: draw (the top of the stock) or take the lixo (in Fechado and STBL together with its
justification), then any number of lays and extensions, then one discard, which ends the
turn [000, 001, 002, 003]. `seat` names who moves; None means the player on turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from buraco_core.cards import Card


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock."""

    seat: int | None = None
    kind: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class TakeLixo:
    """Take the whole lixo. Where the pickup must be justified, the top card goes at once into
    a new meld with `new_meld` (cards from the hand), or onto the side's meld number `extend`
    together with `cards` from the hand (often none)."""

    new_meld: tuple[Card, ...] = ()
    extend: int | None = None
    cards: tuple[Card, ...] = ()
    seat: int | None = None
    kind: ClassVar[str] = "take_lixo"

    @property
    def justified(self) -> bool:
        return bool(self.new_meld) or self.extend is not None


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay one or more new melds from the hand."""

    melds: tuple[tuple[Card, ...], ...]
    seat: int | None = None
    kind: ClassVar[str] = "lay"


@dataclass(frozen=True, slots=True)
class Extend:
    """Add cards from the hand to meld number `meld` of side `side` (None: the mover's side)."""

    meld: int
    cards: tuple[Card, ...]
    side: int | None = None
    seat: int | None = None
    kind: ClassVar[str] = "extend"


@dataclass(frozen=True, slots=True)
class Discard:
    """Put one card on the lixo; this ends the turn."""

    card: Card
    seat: int | None = None
    kind: ClassVar[str] = "discard"


Move = Draw | TakeLixo | Lay | Extend | Discard


def hand_cards(move: Move) -> tuple[Card, ...]:
    """The cards a move takes from the hand (a draw none)."""
    if isinstance(move, Lay):
        return tuple(card for meld in move.melds for card in meld)
    if isinstance(move, TakeLixo):
        return (*move.new_meld, *move.cards)
    if isinstance(move, Extend):
        return move.cards
    if isinstance(move, Discard):
        return (move.card,)
    return ()
