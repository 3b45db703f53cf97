"""The data formats of the core, in one place: positions, moves and rounds as JSON-like data
(read with errors that name the field, written back the same way), and the core's values as
JSON (reasons, meld verdicts, scores, rule sets).

Positions: the whole table, or what one player sees.

Made to be written by hand (scenarios are written in it). Any hidden part may be given as a
count instead of cards: another player's hand, the stock, a morto, the lixo below its top
card. Hidden cards are then filled, reproducibly, from the cards not placed elsewhere. The
stock may be left out: it is then every card not placed elsewhere.

    {"players": 4, "turn": 0, "phase": "play",
     "hands": [["3s", "4s", "JK"], 11, 11, 11],
     "melds": [[["5h", "6h", "7h"]], []],
     "lixo": {"top": "Kd", "count": 5},
     "mortos": [11, 11],
     "morto": ["available", "available"]}
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    Strict,
    StrictBool,
    ValidationError,
    model_validator,
)
from pydantic.config import JsonDict
from pydantic.json_schema import SkipJsonSchema
from pydantic_core import PydanticCustomError

# The core's values as JSON, kept apart (no pydantic there: `buraco meld` starts fast) and
# re-exported here, the one place for data formats.
from buraco_core.as_json import Describe as Describe
from buraco_core.as_json import json_value as json_value
from buraco_core.as_json import meld_json as meld_json
from buraco_core.as_json import reason_json as reason_json
from buraco_core.as_json import rules_label as rules_label
from buraco_core.as_json import score_json as score_json
from buraco_core.cards import Card, copies_in_deck, deck, parse_card, parse_cards_at
from buraco_core.errors import BuracoInputError, InputCode, from_validation, typed
from buraco_core.melds import Meld, judge_meld
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.rules import PresetName, RuleSet
from buraco_core.scoring import MAX_SIDES, SideRound
from buraco_core.state import (
    MORTO_SIZE,
    EndReason,
    MortoStatus,
    Phase,
    SideState,
    State,
    WaitingMorto,
)

CardText = Annotated[str, Field(description="a card: 4h, 10♠, Td, JK")]
Cards = list[CardText]


# A whole number as the fields read it, or none: a JSON integer only. pydantic's lax mode
# would take the text "5", the number 5.0 and true (as 1), each a mistake of type in a file
# written by hand (a seat written "1" in quotes): refused as what it is, naming the field.
# (The schema is unchanged: "type": "integer".)
Whole = Annotated[int, Strict()]
WholeOrNone = Whole | None
# Booleans likewise are StrictBool: true or false only (lax mode took "false" and 0).


def _players_exactly(value: Any) -> Any:
    """`players` is 2 or 4 as a JSON integer: 4.0 (which Literal takes, being equal) is
    refused as the values it may be, as "4" is."""
    if isinstance(value, float):
        expected = {"expected": "2 or 4"}  # (as pydantic says a Literal's values)
        raise PydanticCustomError("literal_error", "Input should be {expected}", expected)
    return value


Players = Annotated[Literal[2, 4], BeforeValidator(_players_exactly)]


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MeldData(_Strict):
    """A meld on the table; `built_up` when it grew over several moves."""

    cards: Cards
    built_up: StrictBool = False


class LixoTop(_Strict):
    """The lixo as Fechado shows it: the top card and how many cards the pile holds."""

    top: CardText
    count: Whole = Field(ge=1, le=108)


MortoStatusText = Literal["available", "taken", "waiting", "stock"]


class MortoData(_Strict):
    """A side's morto status; a waiting morto names the seat it waits for and its cards."""

    status: Literal["available", "taken", "waiting", "stock"]
    seat: WholeOrNone = Field(None, ge=0, le=3)
    cards: Cards | Annotated[int, Field(ge=0, le=11, strict=True)] | None = None


def _no_melds() -> list[list[Cards | MeldData]]:
    return [[], []]


def _two_mortos() -> list[Cards | int]:
    return [11, 11]


def _both_available() -> list[MortoStatusText | MortoData]:
    return ["available", "available"]


class PositionData(_Strict):
    """A position of a round, the whole table or one player's view."""

    players: Players = 4
    turn: Whole = Field(0, ge=0, le=3, description="the seat on turn; seat s is on side s % 2")
    phase: Literal["draw", "play", "ended"] = "draw"
    hands: list[Cards | Annotated[int, Field(ge=0, le=108, strict=True)]] = Field(
        description="per seat, in playing order: the cards, or how many (hidden)"
    )
    melds: list[list[Cards | MeldData]] = Field(
        default_factory=_no_melds, description="per side: its melds"
    )
    lixo: Cards | LixoTop = Field(default_factory=list, description="bottom to top, or top+count")
    stock: Cards | Annotated[int, Field(ge=0, le=108, strict=True)] | None = Field(
        None, description="top card last, or a count; left out: every card not placed elsewhere"
    )
    mortos: list[Cards | Annotated[int, Field(ge=0, le=11, strict=True)]] = Field(
        default_factory=_two_mortos,
        description=(
            "the mortos nobody took that did not become stock (0 to 2 piles); left out,"
            " a pile of 11 for each side whose morto is available"
        ),
    )
    morto: list[MortoStatusText | MortoData] = Field(
        default_factory=_both_available, description="per side"
    )
    vulnerable: list[StrictBool] = Field(default_factory=lambda: [False, False])
    went_out: WholeOrNone = Field(None, ge=0, le=1, description="the side that went out")
    seed: Whole = Field(0, description="shuffles the hidden cards reproducibly")

    @model_validator(mode="before")
    @classmethod
    def _mortos_follow_morto(cls, data: Any) -> Any:
        """Left out, the mortos are what `morto` says is left: a pile per side still
        "available" (not always two: a side that took its morto left one)."""
        if not isinstance(data, dict) or "mortos" in data or "morto" not in data:
            return data
        statuses = data["morto"]
        if not isinstance(statuses, list):
            return data  # (the field's own check names it)
        available = sum(
            1
            for m in statuses
            if m == "available" or (isinstance(m, dict) and m.get("status") == "available")
        )
        return {**data, "mortos": [MORTO_SIZE] * min(available, 2)}

    @model_validator(mode="before")
    @classmethod
    def _seat_on_turn(cls, data: Any) -> Any:
        """A seat past the players is named as one ("no seat 5 with 2 players"), before
        `turn`'s own bound (seats 0 to 3) would say "at most 3" of a two-player position: the
        one check of the seat on turn. (A number of many digits is left to that bound, which
        says it is too large; players other than 2 or 4 to their own check.)"""
        if isinstance(data, dict):
            players: object = data.get("players")
            turn: object = data.get("turn")
            # (true and 2.0 are left to their own checks)
            if type(players) is type(turn) is int and players in (2, 4) and players <= turn < 100:
                raise _invalid(InputCode.NO_SUCH_SEAT, field="turn", seat=turn, players=players)
        return data

    @model_validator(mode="before")
    @classmethod
    def _melds_per_side(cls, data: Any) -> Any:
        """`"melds": [["4h", "5h", "6h"]]`, the side's melds without the list of sides around
        them, is said as that (“one list per side”), not as a card where a meld should be."""
        melds = data.get("melds") if isinstance(data, dict) else None
        if isinstance(melds, list) and any(
            isinstance(side, list) and side and isinstance(side[0], str) for side in melds
        ):
            # (At a table of two a side is one player: “uma lista por jogador”.)
            case = "melds_alone" if data.get("players") == 2 else "melds"
            raise _invalid(InputCode.PER_SIDE, field="melds", case=case)
        return data

    @model_validator(mode="after")
    def _shape(self) -> PositionData:
        # Checks across fields name the field they blame (errors.from_validation).
        if len(self.hands) != self.players:
            raise _invalid(InputCode.HAND_COUNT, field="hands", players=self.players)
        for name in ("melds", "morto", "vulnerable"):
            if len(getattr(self, name)) != 2:
                alone = {"case": "alone"} if self.players == 2 else {}  # (“um por jogador”)
                raise _invalid(InputCode.PER_SIDE, field=name, **alone)
        if len(self.mortos) > 2:
            raise _invalid(InputCode.TOO_MANY_MORTOS, field="mortos")
        # Each pile left waits for a side still "available"; once none is left, a side that
        # never took one is "stock" (judge._refill).
        statuses = [m if isinstance(m, str) else m.status for m in self.morto]
        if "stock" in statuses and "available" in statuses:
            # (A side's morto turns stock only once no pile is left to take: the statuses
            # themselves disagree, whatever `mortos` says.)
            raise _invalid(InputCode.MORTOS_CONTRADICT, field="morto", piles=0, case="stock")
        available, piles = statuses.count("available"), len(self.mortos)
        if piles > available or (available and not piles) or ("stock" in statuses and piles):
            raise _invalid(InputCode.MORTOS_CONTRADICT, field="mortos", piles=piles)
        return self


def _invalid(code: InputCode, **values: Any) -> PydanticCustomError:
    return PydanticCustomError(code.value, code.value, values)


class MoveData(_Strict):
    """A move: draw, take_lixo, lay, extend or discard."""

    type: Literal["draw", "take_lixo", "lay", "extend", "discard"]
    seat: WholeOrNone = Field(None, ge=0, le=3)
    card: CardText | None = Field(None, description="discard: the card")
    cards: Cards | None = Field(
        None, description="lay: one meld; extend: the cards added; take_lixo: with extend"
    )
    melds: list[Cards] | None = Field(None, description="lay: several melds at once")
    meld: WholeOrNone = Field(None, ge=0, description="extend: which meld of the side")
    side: WholeOrNone = Field(None, ge=0, le=1, description="extend: whose melds (default own)")
    new_meld: Cards | None = Field(
        None, description="take_lixo: hand cards that form a new meld with the top card"
    )
    extend: WholeOrNone = Field(
        None, ge=0, description="take_lixo: the side's meld the top card goes onto"
    )


# --- reading -------------------------------------------------------------------------------


# The models inside a position or a move, by the name pydantic's errors give them.
_NESTED = {m.__name__: m.model_fields for m in (LixoTop, MortoData, MeldData)}


def _validated(model: type[BaseModel], data: Any, where: str) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise from_validation(exc, where, model.model_fields, _NESTED) from None


def _card(token: str, where: str) -> Card:
    try:
        return parse_card(token)
    except BuracoInputError as exc:
        raise exc.at(where) from None


_cards = parse_cards_at


class _Filler:
    """Hands out the cards not placed elsewhere, shuffled by the position's seed."""

    def __init__(self, rules: RuleSet, known: list[tuple[Card, str]], seed: int) -> None:
        left = Counter(deck(rules.jokers_in_deck))
        seen: Counter[Card] = Counter()
        for card, where in known:
            seen[card] += 1
            copies = copies_in_deck(card, rules.jokers_in_deck)
            if seen[card] > copies:
                # Named where the copy too many was written.
                raise BuracoInputError(
                    InputCode.TOO_MANY_COPIES, where, card=card, count=seen[card], copies=copies
                )
        left.subtract(seen)
        self.pool = sorted(left.elements(), key=str)
        random.Random(seed).shuffle(self.pool)

    def take(self, count: int, where: str) -> tuple[Card, ...]:
        if count > len(self.pool):
            raise BuracoInputError(
                InputCode.HIDDEN_CARDS_SHORT, where, count=count, left=len(self.pool)
            )
        taken, self.pool = self.pool[:count], self.pool[count:]
        return tuple(taken)


def _known_or_count(
    known: list[tuple[Card, ...] | None], raw: list[Cards | int]
) -> list[tuple[Card, ...] | int]:
    """Each entry's parsed cards, or its count where only a count was given."""
    out: list[tuple[Card, ...] | int] = []
    for cards, given in zip(known, raw, strict=True):
        out.append(cards if cards is not None else given if isinstance(given, int) else 0)
    return out


def position_from_data(rules: RuleSet, data: Any, where: str = "position") -> State:
    """Read a position (a dict as parsed from JSON); errors name the field."""
    pos: PositionData = _validated(PositionData, data, where)
    known: list[tuple[Card, str]] = []  # every card given, and where it was written

    def note(cards: tuple[Card, ...] | None, place: str) -> None:
        known.extend((card, f"{place}[{i}]") for i, card in enumerate(cards or ()))

    hands_known = [
        _cards(h, f"{where}.hands[{i}]") if isinstance(h, list) else None
        for i, h in enumerate(pos.hands)
    ]
    for i, hand in enumerate(hands_known):
        note(hand, f"{where}.hands[{i}]")
    side_melds = [
        tuple(meld_from_data(rules, m, f"{where}.melds[{s}][{i}]") for i, m in enumerate(melds))
        for s, melds in enumerate(pos.melds)
    ]
    for s, melds in enumerate(side_melds):
        for i, meld in enumerate(melds):
            known.extend((card, f"{where}.melds[{s}][{i}]") for card in meld.cards)
    if isinstance(pos.lixo, LixoTop):
        top = _card(pos.lixo.top, f"{where}.lixo.top")
        known.append((top, f"{where}.lixo.top"))
        lixo_hidden = pos.lixo.count - 1
        lixo_known: tuple[Card, ...] = (top,)
    else:
        lixo_hidden = 0
        lixo_known = _cards(pos.lixo, f"{where}.lixo")
        note(lixo_known, f"{where}.lixo")
    stock_known = _cards(pos.stock, f"{where}.stock") if isinstance(pos.stock, list) else None
    note(stock_known, f"{where}.stock")
    mortos_known = [
        _cards(m, f"{where}.mortos[{i}]") if isinstance(m, list) else None
        for i, m in enumerate(pos.mortos)
    ]
    for i, pile in enumerate(mortos_known):
        note(pile, f"{where}.mortos[{i}]")
    statuses = [m if isinstance(m, MortoData) else MortoData(status=m) for m in pos.morto]
    waiting_known = [
        _cards(m.cards, f"{where}.morto[{i}].cards") if isinstance(m.cards, list) else None
        for i, m in enumerate(statuses)
    ]
    for i, pile in enumerate(waiting_known):
        note(pile, f"{where}.morto[{i}].cards")

    fill = _Filler(rules, known, pos.seed)
    hands = tuple(
        raw if isinstance(raw, tuple) else fill.take(raw, f"{where}.hands[{i}]")
        for i, raw in enumerate(_known_or_count(hands_known, pos.hands))
    )
    lixo = fill.take(lixo_hidden, f"{where}.lixo.count") + lixo_known
    mortos = tuple(
        raw if isinstance(raw, tuple) else fill.take(raw, f"{where}.mortos[{i}]")
        for i, raw in enumerate(_known_or_count(mortos_known, pos.mortos))
    )
    sides = []
    for index, status in enumerate(statuses):
        waiting: tuple[Card, ...] = ()
        seat = None
        if status.status == "waiting":
            seat = status.seat
            if seat is None or seat >= pos.players or seat % 2 != index:
                raise BuracoInputError(InputCode.WAITING_MORTO_SEAT, f"{where}.morto[{index}].seat")
            pile = waiting_known[index]
            count = status.cards if isinstance(status.cards, int) else 11
            if pile is None:
                pile = fill.take(count, f"{where}.morto[{index}].cards")
            waiting = pile
        elif status.cards is not None or status.seat is not None:
            raise BuracoInputError(InputCode.NOT_WAITING, f"{where}.morto[{index}]")
        sides.append(
            SideState(
                melds=side_melds[index],
                morto=MortoStatus(status.status),
                waiting=None if seat is None else WaitingMorto(seat, waiting),
                vulnerable=pos.vulnerable[index],
                went_out=pos.went_out == index,
            )
        )
    if stock_known is not None:
        stock = stock_known
    elif isinstance(pos.stock, int):
        stock = fill.take(pos.stock, f"{where}.stock")
    else:
        stock = tuple(fill.pool)
        fill.pool = []
    if fill.pool:
        raise BuracoInputError(
            InputCode.CARDS_NOWHERE, f"{where}.stock", count=len(fill.pool), deck=rules.deck_size
        )
    phase = Phase(pos.phase)
    ended_by = None
    if phase is Phase.ENDED:
        ended_by = EndReason.BATIDA if pos.went_out is not None else EndReason.STOCK_OUT
    return State(hands, tuple(sides), stock, lixo, mortos, pos.turn, phase, ended_by)


_MOVE_FIELDS: dict[str, frozenset[str]] = {
    "draw": frozenset({"type", "seat"}),
    "discard": frozenset({"type", "seat", "card"}),
    "extend": frozenset({"type", "seat", "meld", "cards", "side"}),
    "lay": frozenset({"type", "seat", "cards", "melds"}),
    "take_lixo": frozenset({"type", "seat", "new_meld", "extend", "cards"}),
}


def move_from_data(data: Any, where: str = "move") -> Move:
    """Read a move; errors name the field."""
    kind = data.get("type") if isinstance(data, dict) else None
    if isinstance(kind, str) and kind in _MOVE_FIELDS:
        # A field of another move type would otherwise be dropped and a different move
        # judged. Said before the fields' values are read: `"card": ["4s"]` in an extend is
        # the discard's field, whatever it holds (its value's error hid the mistake).
        foreign = sorted(set(data) & set(MoveData.model_fields) - _MOVE_FIELDS[kind])
        if foreign:
            raise BuracoInputError(
                InputCode.NOT_FOR_MOVE,
                f"{where}.{foreign[0]}",
                move=kind,
                fields=tuple(sorted(_MOVE_FIELDS[kind])),
            )
    m: MoveData = _validated(MoveData, data, where)  # (a valid move has its `type`: checked)

    def need(value: Any, name: str) -> Any:
        if value is None:
            raise BuracoInputError(InputCode.REQUIRED_FOR_MOVE, f"{where}.{name}", move=m.type)
        return value

    if m.type == "draw":
        return Draw(seat=m.seat)
    if m.type == "discard":
        return Discard(_card(need(m.card, "card"), f"{where}.card"), seat=m.seat)
    if m.type == "extend":
        return Extend(
            need(m.meld, "meld"), _cards(need(m.cards, "cards"), f"{where}.cards"), m.side, m.seat
        )
    if m.type == "lay":
        if m.melds is not None:
            groups = tuple(_cards(g, f"{where}.melds[{i}]") for i, g in enumerate(m.melds))
        else:
            groups = (_cards(need(m.cards, "cards"), f"{where}.cards"),)
        return Lay(groups, seat=m.seat)
    return TakeLixo(
        new_meld=_cards(m.new_meld or [], f"{where}.new_meld"),
        extend=m.extend,
        cards=_cards(m.cards or [], f"{where}.cards"),
        seat=m.seat,
    )


# --- rounds ------------------------------------------------------------------------------


def round_from_data(rules: RuleSet, data: Any) -> list[SideRound]:
    """Read `{"sides": [{"name", "melds", "hands", "took_morto", "went_out", "corte_cards"}]}`
    (`corte_cards`: the cards the side's player left when cutting, for the corte de 44).

    A meld is a list of cards, or `{"cards": [...], "built_up": true}` for one grown over
    several moves. Every error names the field: `sides[0].melds[1][2]`.
    """
    if not isinstance(data, Mapping):
        raise BuracoInputError(InputCode.EXPECTED_OBJECT, "round", fields=("sides",))
    unknown = sorted(str(k) for k in set(data) - _ROUND_FIELDS)
    if unknown:
        # A misspelt field would otherwise be ignored and the round scored without it.
        raise BuracoInputError(InputCode.UNKNOWN_FIELD, unknown[0], fields=sorted(_ROUND_FIELDS))
    raw_sides = data.get("sides")
    if not isinstance(raw_sides, list) or not raw_sides:
        raise BuracoInputError(InputCode.NO_SIDES, "sides")
    if len(raw_sides) > MAX_SIDES:  # said before the sides are read: a side past the limit
        # was read first, and side 69's default name (A, B, ... by place) was no letter.
        count = len(raw_sides)
        raise BuracoInputError(InputCode.TOO_MANY_SIDES, "sides", count=count, most=MAX_SIDES)
    return [
        _side_from_data(rules, raw, f"sides[{i}]", chr(ord("A") + i))
        for i, raw in enumerate(raw_sides)
    ]


_ROUND_FIELDS = {"rules", "options", "sides"}
_SIDE_FIELDS = {"name", "melds", "hands", "took_morto", "went_out", "corte_cards"}


def _side_from_data(rules: RuleSet, raw: Any, where: str, default_name: str) -> SideRound:
    """One side of a round; a side left unnamed is A, B, ... by its place, as `buraco
    selfplay` names them (never its JSON path, which a person would read as a name)."""
    if not isinstance(raw, Mapping):
        raise BuracoInputError(InputCode.EXPECTED_OBJECT, where, fields=sorted(_SIDE_FIELDS))
    unknown = sorted(set(raw) - _SIDE_FIELDS)
    if unknown:
        raise BuracoInputError(
            InputCode.UNKNOWN_FIELD, f"{where}.{unknown[0]}", fields=sorted(_SIDE_FIELDS)
        )
    name = raw.get("name", default_name)
    if not isinstance(name, str):
        raise BuracoInputError(
            InputCode.EXPECTED_TEXT, f"{where}.name", case="got", got=typed(name)
        )
    if not name.strip():
        raise BuracoInputError(InputCode.EXPECTED_TEXT, f"{where}.name")
    melds = tuple(
        meld_from_data(rules, m, f"{where}.melds[{i}]")
        for i, m in enumerate(_list(raw.get("melds", []), f"{where}.melds"))
    )
    hands = tuple(
        _cards_from_data(h, f"{where}.hands[{i}]")
        for i, h in enumerate(_list(raw.get("hands", []), f"{where}.hands"))
    )
    return SideRound(
        name=name.strip(),
        melds=melds,
        hands=hands,
        took_morto=_bool(raw.get("took_morto", True), f"{where}.took_morto"),
        went_out=_bool(raw.get("went_out", False), f"{where}.went_out"),
        corte_cards=_whole_or_none(raw.get("corte_cards"), f"{where}.corte_cards"),
    )


def meld_from_data(rules: RuleSet, raw: Any, where: str) -> Meld:
    """Read a meld on the table: a list of cards (or one string of them), or
    `{"cards": [...], "built_up": true}` for one grown over several moves. The one meld
    reader of positions and rounds; an invalid meld is bad input carrying the meld's reason."""
    built_up = False
    if isinstance(raw, MeldData):
        raw = raw.model_dump()
    if isinstance(raw, Mapping):
        unknown = sorted(set(raw) - set(_MELD_FIELDS))
        if unknown:
            raise BuracoInputError(
                InputCode.UNKNOWN_FIELD, f"{where}.{unknown[0]}", fields=_MELD_FIELDS
            )
        built_up = _bool(raw.get("built_up", False), f"{where}.built_up")
        raw = raw.get("cards")
        where = f"{where}.cards"
    verdict = judge_meld(_cards_from_data(raw, where), rules)
    if verdict.meld is None:
        raise BuracoInputError(InputCode.NOT_A_MELD, where, reason=verdict.reasons[0])
    return replace(verdict.meld, built_up=True) if built_up else verdict.meld


_MELD_FIELDS = ("built_up", "cards")  # a meld written as an object


def _cards_from_data(raw: Any, where: str) -> tuple[Card, ...]:
    if isinstance(raw, str):
        raw = raw.split()
    return parse_cards_at(_list(raw, where), where)


def _list(raw: Any, where: str) -> list[Any]:
    if not isinstance(raw, list):
        raise BuracoInputError(InputCode.EXPECTED_LIST, where, got=typed(raw))
    return raw


def _whole_or_none(raw: Any, where: str) -> int | None:
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise BuracoInputError(InputCode.EXPECTED_NUMBER, where, case="got", got=typed(raw))
    return raw


def _bool(raw: Any, where: str) -> bool:
    if not isinstance(raw, bool):
        raise BuracoInputError(InputCode.EXPECTED_BOOL, where, got=typed(raw))
    return raw


# --- writing -------------------------------------------------------------------------------


def _texts(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def _meld_out(meld: Meld) -> list[str] | dict[str, Any]:
    cards = _texts(meld.cards)
    return {"cards": cards, "built_up": True} if meld.built_up else cards


def position_to_data(rules: RuleSet, state: State, seat: int | None = None) -> dict[str, Any]:
    """The position as JSON data: the whole table, or (with `seat`) what that player sees.
    Either can be read back with `position_from_data`."""
    hidden = seat is not None

    def morto(side: SideState) -> str | dict[str, Any]:
        if side.morto is not MortoStatus.WAITING:
            return side.morto.value
        waiting = side.waiting or WaitingMorto(0, ())
        pile: list[str] | int = len(waiting.cards) if hidden else _texts(waiting.cards)
        return {"status": "waiting", "seat": waiting.seat, "cards": pile}

    lixo: list[str] | dict[str, Any] = _texts(state.lixo)
    if hidden and rules.discard_pile_visible == "top" and state.lixo:
        lixo = {"top": str(state.lixo[-1]), "count": len(state.lixo)}
    went_out = next((i for i, s in enumerate(state.sides) if s.went_out), None)
    data: dict[str, Any] = {
        "players": state.players,
        "turn": state.turn,
        "phase": state.phase.value,
        "hands": [
            _texts(h) if not hidden or i == seat else len(h) for i, h in enumerate(state.hands)
        ],
        "melds": [[_meld_out(m) for m in side.melds] for side in state.sides],
        "lixo": lixo,
        "stock": len(state.stock) if hidden else _texts(state.stock),
        "mortos": [len(p) if hidden else _texts(p) for p in state.mortos],
        "morto": [morto(s) for s in state.sides],
        "vulnerable": [s.vulnerable for s in state.sides],
    }
    if went_out is not None:
        data["went_out"] = went_out
    return data


def move_to_data(move: Move) -> dict[str, Any]:
    data: dict[str, Any] = {"type": move.kind}
    if isinstance(move, Discard):
        data["card"] = str(move.card)
    elif isinstance(move, Lay):
        if len(move.melds) == 1:
            data["cards"] = _texts(move.melds[0])
        else:
            data["melds"] = [_texts(g) for g in move.melds]
    elif isinstance(move, Extend):
        data |= {"meld": move.meld, "cards": _texts(move.cards)}
        if move.side is not None:
            data["side"] = move.side
    elif isinstance(move, TakeLixo):
        if move.new_meld:
            data["new_meld"] = _texts(move.new_meld)
        if move.extend is not None:
            data["extend"] = move.extend
        if move.cards:
            data["cards"] = _texts(move.cards)
    if move.seat is not None:
        data["seat"] = move.seat
    return data


def position_schema() -> dict[str, Any]:
    return PositionData.model_json_schema()


def move_schema() -> dict[str, Any]:
    return MoveData.model_json_schema()


class SideRoundData(_Strict):
    """One side's round: its melds on the table, the cards left in its players' hands."""

    name: str = Field("A", min_length=1, description="left out: A, B, ... by the side's place")
    melds: list[Cards | str | MeldData] = Field(default_factory=list, description="its melds")
    hands: list[Cards | str] = Field(
        default_factory=list,
        max_length=2,
        description="per player of the side: the cards left in that hand",
    )
    took_morto: StrictBool = True
    went_out: StrictBool = False
    corte_cards: WholeOrNone = Field(
        None, ge=0, description="the cards this side's player left when cutting (corte de 44)"
    )


class _UnderRules(_Strict):
    """A file's rules: a variant, and the options it changes (the score's and the replay's
    files name them alike)."""

    rules: PresetName = "fechado"
    options: dict[str, Any] = Field(
        default_factory=dict, description="rule options by name: `buraco rules` lists them"
    )


class RoundData(_UnderRules):
    """A round to score: `buraco score FILE`."""

    sides: list[SideRoundData] = Field(
        description="one or two sides", min_length=1, max_length=MAX_SIDES
    )


def round_schema() -> dict[str, Any]:
    """The JSON Schema of a round file (described by these models; `round_from_data` reads
    it, and a test keeps the two to the same fields)."""
    schema = RoundData.model_json_schema()
    schema["title"] = "RoundFile"
    return schema


# --- round records ---------------------------------------------------------------------------


def _no_default(schema: JsonDict) -> None:
    """No `"default": null` in a field's schema where null is not what leaving it out
    means: a value it never takes, or one that says something of its own."""
    schema.pop("default", None)


# The deal's fields (players, first, vulnerable) go with `seed`; a dealt `position` replaces
# them all, and they are then not read.
class ReplayData(_UnderRules):
    """A round's record to check move by move: `buraco replay FILE`."""

    model_config = ConfigDict(
        json_schema_extra={"anyOf": [{"required": ["position"]}, {"required": ["seed"]}]}
    )

    players: Players = Field(4, description="the deal's: how many play")
    seed: Whole | SkipJsonSchema[None] = Field(
        None,
        description="deals the round, with players, first and vulnerable; without a position, "
        "required",
        json_schema_extra=_no_default,
    )
    position: PositionData | SkipJsonSchema[None] = Field(
        None,
        description="the round's start as dealt, in place of the deal (its fields then not read)",
        json_schema_extra=_no_default,
    )
    first: Whole = Field(0, ge=0, le=3, description="the deal's: the seat that plays first")
    vulnerable: list[StrictBool] = Field(
        default_factory=lambda: [False, False],
        min_length=2,
        max_length=2,
        description="the deal's: per side",
    )
    moves: list[MoveData] = Field(description="every move from the start, in playing order")
    # What a self-play record adds: the end it states is checked against the replay's.
    levels: list[str] = Field(
        default_factory=list,
        description="self-play: side A's level and side B's (not checked against the replay)",
    )
    ended_by: Literal["batida", "stock_out"] | None = Field(
        None,
        description="how the record says the round ended (null: that it did not), checked "
        "against the replay; left out, nothing is said",
        json_schema_extra=_no_default,
    )
    scores: tuple[Whole, Whole] | None = Field(
        None, description="side A's total and side B's, checked against the replay"
    )
    illegal_attempts: Whole = Field(
        0, description="self-play: the moves refused (not checked against the replay)"
    )


def replay_schema() -> dict[str, Any]:
    """The JSON Schema of a round's record (described by this model; `buraco replay` reads it,
    and tests keep the two to the same fields and the same refusals)."""
    schema = ReplayData.model_json_schema()
    schema["title"] = "ReplayFile"
    return schema
