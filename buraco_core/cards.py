"""Cards: parsing and printing the notation, the deck, and card points."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable
from enum import StrEnum
from functools import lru_cache
from typing import Final

from buraco_core.errors import BuracoInputError, InputCode


class Suit(StrEnum):
    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_BY_TEXT = {s.value: s for s in Suit} | {sym: s for s, sym in _SUIT_SYMBOLS.items()}
# White-suit symbols are common in typed text too.
_SUIT_BY_TEXT |= {"♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES}

ACE: Final = 1
JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
ACE_HIGH: Final = 14  # the position of an ace after the king (Q-K-A)
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"} | {r: str(r) for r in range(2, 11)}
_RANK_BY_TEXT = {text: rank for rank, text in RANK_TEXT.items()} | {"T": 10}

_TOKEN = re.compile(r"^(10|[2-9AJQKT])(.)$")
NOTATION_HELP = (
    "a card is a rank A 2 3 4 5 6 7 8 9 10 J Q K (or T for 10) followed by a suit "
    "c = clubs, d = diamonds, h = hearts, s = spades (or ♣ ♦ ♥ ♠), for example 4h, 10♠, Td; "
    "a joker is JK"
)
# Portuguese suit initials typed by habit: p(aus), o(uros), e(spadas). Not cards (the notation
# is English, relied on by files and the command line), but the error says what to write.
# (c for copas cannot be caught: it is the notation's clubs.)
_SUIT_BY_INITIAL = {"p": Suit.CLUBS, "o": Suit.DIAMONDS, "e": Suit.SPADES}
# Portuguese rank initials typed by habit: D(ama), V(alete), R(ei). Not cards either; the
# error says to write Q, J, K (and, since c may have meant copas, which letter is which suit).
_RANK_BY_INITIAL = {"D": QUEEN, "V": JACK, "R": KING}
_PT_RANK_TOKEN = re.compile(r"^([DVR])(.)$")
# A rank written as the number it counts as: 1 for the ace, 11, 12, 13 for J, Q, K. Not cards
# either; the error says to write A, J, Q, K.
_NUMBER_RANK_TOKEN = re.compile(r"^(1[1-3]?)(.)$")
# The ace written with its Portuguese accent (ás): not a card either; the error says to write A.
_ACCENTED_ACE_TOKEN = re.compile(r"^(Á)(.)$")
# The suit written before the rank (`h10`, `♥10`, `S4`): not a card either; the error says
# to write the rank first.
_SUIT_FIRST_TOKEN = re.compile(r"^(.)\s*(10|[2-9AJQKT])$")


class Card:
    """One card. `rank` 1 (ace) to 13 (king) and a suit; a joker has neither.

    Cards are interned: `Card(4, Suit.HEARTS)` is always the same object, made once for the
    53 kinds of card. Equal cards are therefore identical, so comparing and hashing them
    costs what it costs for any object (a card is in every cache key of the judge), and a
    card cannot be changed.

    >>> card = Card.parse("10♠")
    >>> card, str(card), card.symbol, card.rank, card.suit
    (Card.parse('10s'), '10s', '10♠', 10, <Suit.SPADES: 's'>)
    >>> Card.parse("jk").is_joker, Card.parse("2h").is_wild_kind
    (True, True)
    >>> Card.parse("Td") == Card(10, Suit.DIAMONDS), Card.parse("Td") is Card(10, Suit.DIAMONDS)
    (True, True)
    """

    __slots__ = ("order", "rank", "suit")
    rank: int
    suit: Suit | None
    order: int  # the sort order: by rank, then suit c d h s (the joker first)

    def __new__(cls, rank: int = 0, suit: Suit | None = None) -> Card:
        card = _INTERNED.get((rank, suit)) if isinstance(suit, Suit | None) else None
        if card is not None and type(rank) is int:
            return card
        # A card that cannot exist would print wrongly or pass for a joker: refuse it here.
        if suit is None:
            raise BuracoInputError(InputCode.IMPOSSIBLE_CARD, f"card rank {rank!r}")
        raise BuracoInputError(InputCode.IMPOSSIBLE_CARD, f"card (rank={rank!r}, suit={suit!r})")

    @classmethod
    def _make(cls, rank: int, suit: Suit | None) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "order", rank * 5 + (_SUIT_ORDER[suit] if suit else 0))
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a card cannot be changed (tried to set {name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a card cannot be changed (tried to delete {name})")

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit | None]]:
        return (Card, (self.rank, self.suit))  # unpickled cards are the interned ones

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __lt__(self, other: Card) -> bool:
        return self.order < other.order

    def __le__(self, other: Card) -> bool:
        return self.order <= other.order

    def __gt__(self, other: Card) -> bool:
        return self.order > other.order

    def __ge__(self, other: Card) -> bool:
        return self.order >= other.order

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def is_two(self) -> bool:
        return self.rank == 2

    @property
    def is_wild_kind(self) -> bool:
        """A joker or any 2: cards that can act as wilds."""
        return self.suit is None or self.rank == 2

    @property
    def symbol(self) -> str:
        """Human notation with suit symbols: `10♠`, `JK`."""
        if self.suit is None:
            return "JK"
        return RANK_TEXT[self.rank] + self.suit.symbol

    def __str__(self) -> str:
        """ASCII notation, the one used in JSON: `10s`, `JK`."""
        if self.suit is None:
            return "JK"
        return RANK_TEXT[self.rank] + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @staticmethod
    def parse(token: str) -> Card:
        return parse_card(token)


_SUIT_ORDER = {Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 3, Suit.SPADES: 4}
_INTERNED: dict[tuple[int, Suit | None], Card] = {
    (rank, suit): Card._make(rank, suit) for suit in Suit for rank in range(ACE, KING + 1)
} | {(0, None): Card._make(0, None)}
JOKER = Card()
# The joker and the 2s, as a set: in the judge's and legal_moves' loops `card in WILD_KINDS`
# is a look-up where `card.is_wild_kind` is a call.
WILD_KINDS: frozenset[Card] = frozenset(c for c in _INTERNED.values() if c.is_wild_kind)


def parse_card(token: str) -> Card:
    """Parse one card token; raise BuracoInputError naming the token if it is not a card.

    A Portuguese suit initial gets the card it most likely meant, for the message:

    >>> try:
    ...     parse_card("4p")
    ... except BuracoInputError as err:
    ...     print(err.code, err.values["card"], err.values["symbol"])
    not_a_card 4c 4♣
    """
    # No path: the message names the token once; a caller reading a file places it (`.at`).
    if not isinstance(token, str):
        raise BuracoInputError(InputCode.NOT_A_CARD, token=repr(token))
    text = token.strip().replace("\ufe0f", "").upper()
    if text in ("JK", "JOKER", "CURINGA", "CORINGA"):
        return JOKER
    match = _TOKEN.match(text)
    if match is None:
        _written_rank(token, text)
        _suit_first(token, text)
        if _LONE_RANK.match(text):  # (“5 5 5”: a trinca typed without its suits)
            raise BuracoInputError(InputCode.NOT_A_CARD, token=token, case="no_suit", rank=text)
        raise BuracoInputError(InputCode.NOT_A_CARD, token=token)
    rank = _RANK_BY_TEXT[match.group(1)]
    suit = _SUIT_BY_TEXT.get(match.group(2).lower())
    if suit is None:
        meant = _SUIT_BY_INITIAL.get(match.group(2).lower())
        if meant is None:
            raise BuracoInputError(InputCode.NOT_A_CARD, token=token)
        # `case` picks the message that says what to write: `4p` → 4c or 4♣.
        card = Card(rank, meant)
        raise BuracoInputError(
            InputCode.NOT_A_CARD,
            token=token,
            case="suit_initial",
            suit=meant,
            card=card,
            symbol=card.symbol,
        )
    return Card(rank, suit)


# Each wrong way of writing a rank: its pattern (the rank, then the suit), the message's
# `case`, and the rank it meant.
_WRITTEN_RANKS: tuple[tuple[re.Pattern[str], str, Callable[[str], int]], ...] = (
    (_PT_RANK_TOKEN, "pt_rank", _RANK_BY_INITIAL.__getitem__),
    (_NUMBER_RANK_TOKEN, "number_rank", int),
    (_ACCENTED_ACE_TOKEN, "accented_ace", lambda _: ACE),
)


def _written_rank(token: str, text: str) -> None:
    """A rank written as its Portuguese initial (`Dc`, `Vh`, `Ro`: Q = dama, J = valete,
    K = rei), as its number (`1h`, `11h`, `12h`, `13h`: the ace, J, Q, K) or as the accented
    ace (`Áh`): raise the error that says what to write (`case` picks its message). Otherwise
    return.

    >>> for text in ("Dc", "12h", "Ás"):
    ...     try:
    ...         parse_card(text)
    ...     except BuracoInputError as err:
    ...         print(err.values["case"], err.values["card"], err.values["symbol"])
    pt_rank Qc Q♣
    number_rank Qh Q♥
    accented_ace As A♠
    """
    for pattern, case, rank_of in _WRITTEN_RANKS:
        found = pattern.match(text)
        if found is None:
            continue
        letter = found.group(2).lower()
        suit = _SUIT_BY_TEXT.get(letter) or _SUIT_BY_INITIAL.get(letter)
        if suit is None:
            return
        card = Card(rank_of(found.group(1)), suit)
        raise BuracoInputError(
            InputCode.NOT_A_CARD, token=token, case=case, card=card, symbol=card.symbol
        )


def _suit_first(token: str, text: str) -> None:
    """The suit written before the rank (`h10`, `♥10`): raise the error that says to write
    the rank first (`case` suit_first). Otherwise return.

    >>> try:
    ...     parse_card("♥10")
    ... except BuracoInputError as err:
    ...     print(err.values["case"], err.values["card"], err.values["symbol"])
    suit_first 10h 10♥
    """
    found = _SUIT_FIRST_TOKEN.match(text)
    suit = _SUIT_BY_TEXT.get(found.group(1).lower()) if found else None
    if found is None or suit is None:
        return
    card = Card(_RANK_BY_TEXT[found.group(2)], suit)
    raise BuracoInputError(
        InputCode.NOT_A_CARD, token=token, case="suit_first", card=card, symbol=card.symbol
    )


# What a phone keyboard makes of typed cards: a space between rank and suit ("4 ♥", the suit
# picked from the symbols after a space), a full stop after a card (two spaces make ". ").
_LONE_RANK = re.compile(r"^(?:10|[2-9AJQKT])$", re.IGNORECASE)
_LONE_SUIT = re.compile(r"^[cdhs♣♦♥♠♧♢♡♤]\ufe0f?$", re.IGNORECASE)
# What a hurried hand types: cards without spaces ("4♥5♥6♥"), and the suit's name after the
# rank, as said at the table ("4 de copas", "4 of hearts").
_SUIT_CHARS = "cdhs♣♦♥♠♧♢♡♤"
_ONE_OF_RUN = re.compile(rf"(?:10|[2-9AJQKT])[{_SUIT_CHARS}]\ufe0f?|JK", re.IGNORECASE)
# Characters that show as nothing, pasted with cards from a chat or a web page: zero-width
# spaces and joiners, the word joiner, a byte-order mark. They part cards, as a space does.
_INVISIBLE = re.compile("[\u200b-\u200d\u2060\ufeff]")
_RUN_TOGETHER = re.compile(rf"^(?:{_ONE_OF_RUN.pattern}){{2,}}$", re.IGNORECASE)
_SUIT_NAMES = {
    "paus": "c",
    "ouros": "d",
    "copas": "h",
    "espadas": "s",
    # (said in the singular too: “dez de ouro”, “ás de espada”)
    "pau": "c",
    "ouro": "d",
    "copa": "h",
    "espada": "s",
    "clubs": "c",
    "diamonds": "d",
    "hearts": "h",
    "spades": "s",
}
_OF = ("de", "of")
# Between cards as typed in a chat: spaces, commas, semicolons, a hyphen or slash (“4h-5h-6h”,
# as K-A-2 is written), a plus (“7 8 9 de espadas + coringa”), and “e”/“and” before the last
# (“4h, 5h e 6h”): none is a card.
_BETWEEN_CARDS = re.compile(r"[\s,;/+\-–—]+")
_AND = ("e", "and", "&")
# A rank said by its name before the suit's ("dez de espadas", "Ás de ouros", "rei de
# copas", "queen of hearts"): only so, with "de"/"of" and a suit's name after it, is the
# word a rank ("as" alone is no card, and "rei" alone is the error that says to write K).
_RANK_NAMES = {
    "ás": "A",
    "as": "A",
    "dois": "2",
    "três": "3",
    "tres": "3",
    "quatro": "4",
    "cinco": "5",
    "seis": "6",
    "sete": "7",
    "oito": "8",
    "nove": "9",
    "dez": "10",
    "valete": "J",
    "dama": "Q",
    "rei": "K",
    "ace": "A",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "jack": "J",
    "queen": "Q",
    "king": "K",
}


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards from a string (separated by spaces, commas, semicolons, hyphens, slashes or
    "e"/"and") or from a list
    of tokens. In a string, a rank and its suit apart are one card, the suit also by its
    name, cards may run together, and a full stop after a card is punctuation:

    >>> parse_cards("4 ♥ 5♥, 6 h. 7h.")
    (Card.parse('4h'), Card.parse('5h'), Card.parse('6h'), Card.parse('7h'))
    >>> parse_cards("8♥9♥ 10 de copas, J of hearts")
    (Card.parse('8h'), Card.parse('9h'), Card.parse('10h'), Card.parse('Jh'))
    >>> parse_cards("Ás de ouros, dez de espadas, queen of clubs")
    (Card.parse('Ad'), Card.parse('10s'), Card.parse('Qc'))
    >>> parse_cards("3 4 5 de copas, 6h-7h e 8h") == parse_cards("3h 4h 5h 6h 7h 8h")
    True

    Text pasted from elsewhere reads as typed: full-width digits and letters (NFKC) and
    invisible separators (a zero-width space) are what they look like.

    >>> parse_cards("\uff14h\u200b5h\ufeff 6h")
    (Card.parse('4h'), Card.parse('5h'), Card.parse('6h'))
    """
    if not isinstance(text, str):
        tokens = list(text)
        return tuple(parse_card(t) for t in tokens if not (isinstance(t, str) and t.strip() == ""))
    # A page asks for the same line's cards several times a rerun, and again on every rerun
    # (20 µs each): a line is read once. Longer text is read afresh, not kept.
    return _remembered_text(text) if len(text) <= _REMEMBERED_TEXT else _parse_text(text)


def _parse_text(text: str) -> tuple[Card, ...]:
    if not text.isascii():
        text = _INVISIBLE.sub(" ", unicodedata.normalize("NFKC", text))
    words = [w.rstrip(".") for w in _BETWEEN_CARDS.split(text.strip())]
    words = [w for w in words if w and w.lower() not in _AND]
    words = [w for i, w in enumerate(words) if not _before_a_joker(words, i)]
    words = [
        _RANK_NAMES.get(word.lower(), word) if _said_of_a_suit(words, index) else word
        for index, word in enumerate(words)
    ]
    joined: list[str] = []
    for index, word in enumerate(words):
        suit = _SUIT_NAMES.get(word.lower()) or (word if _LONE_SUIT.match(word) else None)
        if joined and suit and _LONE_RANK.match(joined[-1]):
            # (“3 4 5 de copas”: the suit said once is every lone rank's before it)
            at = len(joined) - 1
            while at >= 0 and _LONE_RANK.match(joined[at]):
                joined[at] += suit
                at -= 1
        elif word.lower() in _OF and joined and _LONE_RANK.match(joined[-1]):
            if index + 1 == len(words) or words[index + 1].lower() not in _SUIT_NAMES:
                joined.append(word)  # (not “4 de copas”: an error names it)
        elif _RUN_TOGETHER.match(word):
            joined.extend(_ONE_OF_RUN.findall(word))
        else:
            joined.append(word)
    return tuple(parse_card(word) for word in joined)


# Said before a joker at the table: “7 8 9 de espadas com um coringa”, “and a joker”.
_JOKER_WORDS = frozenset({"jk", "joker", "curinga", "coringa"})
_BEFORE_JOKER = frozenset({"com", "mais", "um", "o", "with", "plus", "a", "an", "the"})


def _before_a_joker(words: list[str], index: int) -> bool:
    """Whether the word at `index` only leads to a joker (“com”, “um”, “a”) and is no card."""
    at = index
    while at < len(words) and words[at].lower() in _BEFORE_JOKER:
        at += 1
    return at > index and at < len(words) and words[at].lower() in _JOKER_WORDS


def _said_of_a_suit(words: list[str], index: int) -> bool:
    """Whether the word at `index` is a rank's name said of a suit: before “de”/“of” and a
    suit's name, maybe after other ranks of the run (“dama valete rei de ouros”)."""
    if words[index].lower() not in _RANK_NAMES:
        return False
    at = index + 1
    while at < len(words) and (words[at].lower() in _RANK_NAMES or _LONE_RANK.match(words[at])):
        at += 1
    return at + 1 < len(words) and words[at].lower() in _OF and words[at + 1].lower() in _SUIT_NAMES


_REMEMBERED_TEXT = 400
_remembered_text = lru_cache(maxsize=1024)(_parse_text)  # (an error is raised each time)


def parse_cards_at(tokens: Iterable[str], where: str) -> tuple[Card, ...]:
    """Parse a list of card tokens read from a file; an error names the item: `where[2]`."""
    cards = []
    for i, token in enumerate(tokens):
        try:
            cards.append(parse_card(token))
        except BuracoInputError as exc:
            raise exc.at(f"{where}[{i}]") from None
    return tuple(cards)


def format_cards(cards: Iterable[Card], symbols: bool = False) -> str:
    return " ".join(c.symbol if symbols else str(c) for c in cards)


def card_points(card: Card, joker_points: int) -> int:
    """Points of a card on the table (minus the same in a hand) [000, 001, 002, 003]."""
    if card.suit is None:
        return joker_points
    if card.rank == ACE:
        return 15
    if card.rank == 2 or card.rank >= 8:
        return 10
    return 5


def deck(jokers: bool = True) -> tuple[Card, ...]:
    """Two 52-card decks, plus four jokers unless `jokers` is False: 108 or 104 cards."""
    one = [Card(rank, suit) for suit in Suit for rank in range(1, 14)]
    return tuple(one + one + ([JOKER] * 4 if jokers else []))


def copies_in_deck(card: Card, jokers: bool = True) -> int:
    """How many copies of this card the deck holds."""
    if card.suit is None:  # (a joker: read at every repeated card the judge counts)
        return 4 if jokers else 0
    return 2


def refuse_extra_copies(cards: Iterable[Card], jokers: bool, where: str) -> None:
    """Bad input, named at `where`: more copies of a card among `cards` than the deck holds
    (cards typed into several places, each of them possible alone)."""
    for card, count in Counter(cards).items():
        copies = copies_in_deck(card, jokers)
        if count > copies:
            raise BuracoInputError(
                InputCode.TOO_MANY_COPIES, where, card=card, count=count, copies=copies
            )
