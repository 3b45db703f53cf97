"""The moves of a turn, as frozen data.

A turn is: draw (the top of the stock) or take the lixo (in Fechado and STBL together with its
justification), then any number of lays and extensions, then one discard, which ends the
turn [000, 001, 002, 003]. `seat` names who moves; None means the player on turn.

`kind` names a move's type (its JSON "type"): a property, as the optional compiled core
(setup.py) would turn a class variable of a dataclass into a field.
"""

from __future__ import annotations

from dataclasses import dataclass

from buraco_core.cards import Card


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock."""

    seat: int | None = None

    @property
    def kind(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakeLixo:
    """Take the whole lixo. Where the pickup must be justified, the top card goes at once into
    a new meld with `new_meld` (cards from the hand), or onto the side's meld number `extend`
    together with `cards` from the hand (often none)."""

    new_meld: tuple[Card, ...] = ()
    extend: int | None = None
    cards: tuple[Card, ...] = ()
    seat: int | None = None

    # Written out: the compiled core compiles it, not dataclass's own (see setup.py).
    def __init__(
        self,
        new_meld: tuple[Card, ...] = (),
        extend: int | None = None,
        cards: tuple[Card, ...] = (),
        seat: int | None = None,
    ) -> None:
        object.__setattr__(self, "new_meld", new_meld)
        object.__setattr__(self, "extend", extend)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "seat", seat)

    @property
    def kind(self) -> str:
        return "take_lixo"

    @property
    def justified(self) -> bool:
        return bool(self.new_meld) or self.extend is not None


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay one or more new melds from the hand."""

    melds: tuple[tuple[Card, ...], ...]
    seat: int | None = None

    # Written out: the compiled core compiles it, not dataclass's own (see setup.py).
    def __init__(self, melds: tuple[tuple[Card, ...], ...], seat: int | None = None) -> None:
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "seat", seat)

    @property
    def kind(self) -> str:
        return "lay"


@dataclass(frozen=True, slots=True)
class Extend:
    """Add cards from the hand to meld number `meld` of side `side` (None: the mover's side)."""

    meld: int
    cards: tuple[Card, ...]
    side: int | None = None
    seat: int | None = None

    @property
    def kind(self) -> str:
        return "extend"


@dataclass(frozen=True, slots=True)
class Discard:
    """Put one card on the lixo; this ends the turn."""

    card: Card
    seat: int | None = None

    @property
    def kind(self) -> str:
        return "discard"


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
