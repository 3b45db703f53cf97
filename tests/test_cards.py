"""Cards: the notation, the deck and card points (seeds 000-003, DESIGN.md's notation)."""

from collections import Counter

import pytest

from buraco_core import JOKER, BuracoInputError, Card, Suit, card_points, deck, ruleset
from buraco_core.cards import WILD_KINDS, copies_in_deck, format_cards, parse_card, parse_cards
from buraco_core.errors import InputCode
from buraco_text import Lang, error_problem, translate


def test_deck_has_108_cards_or_104_without_jokers() -> None:
    """Two 52-card decks plus 4 jokers, 108 cards [seeds 000, 001, 002, 003]; without the
    figure jokers 104 cards, only the 2s wild [seed 003 variation; option jokers_in_deck]."""
    assert len(deck()) == 108
    assert len(deck(jokers=False)) == 104
    assert deck(jokers=False).count(JOKER) == 0
    assert ruleset("fechado").deck_size == 108
    assert ruleset("fechado", jokers_in_deck=False).deck_size == 104


def test_deck_is_two_copies_of_each_card_and_four_jokers() -> None:
    """Two full decks: each of the 52 cards twice, jokers four times [seeds 000, 002, 003]."""
    counts = Counter(deck())
    assert counts[JOKER] == 4
    naturals = {card: n for card, n in counts.items() if card != JOKER}
    assert len(naturals) == 52
    assert set(naturals.values()) == {2}
    assert copies_in_deck(Card(5, Suit.HEARTS)) == 2
    assert copies_in_deck(JOKER) == 4
    assert copies_in_deck(JOKER, jokers=False) == 0


@pytest.mark.parametrize(
    ("token", "points"),
    [
        ("As", 15),
        ("2c", 10),
        ("3h", 5),
        ("7d", 5),
        ("8s", 10),
        ("10c", 10),
        ("Jh", 10),
        ("Qd", 10),
        ("Ks", 10),
    ],
)
def test_card_points_ace_15_eight_to_king_10_three_to_seven_5_two_10(
    token: str, points: int
) -> None:
    """A 15; 8 to K 10; 3 to 7 5; a 2 10, wild or natural [seeds 000, 001, 002, 003]."""
    assert card_points(parse_card(token), joker_points=50) == points


def test_joker_points_50_by_default_and_20_selectable() -> None:
    """Joker 50 [seeds 000, 001, 002]; 20 in seed 003: option joker_points, 50 in every
    preset."""
    for name in ("aberto", "fechado", "stbl"):
        assert card_points(JOKER, ruleset(name).joker_points) == 50
    assert card_points(JOKER, ruleset("fechado", joker_points=20).joker_points) == 20


def test_the_wild_kinds_are_the_joker_and_the_four_2s() -> None:
    """Jokers and every 2 may act as wilds [seeds 000, 001, 002, 003]: the set the judge and
    legal_moves look cards up in holds those and no other card."""
    assert {card for card in deck() if card.is_wild_kind} == WILD_KINDS
    assert set(parse_cards("JK 2c 2d 2h 2s")) == WILD_KINDS


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("4h", Card(4, Suit.HEARTS)),
        ("4H", Card(4, Suit.HEARTS)),
        ("10♠", Card(10, Suit.SPADES)),
        ("10s", Card(10, Suit.SPADES)),
        ("Td", Card(10, Suit.DIAMONDS)),
        ("td", Card(10, Suit.DIAMONDS)),
        ("q♣", Card(12, Suit.CLUBS)),
        ("A♥", Card(1, Suit.HEARTS)),
        ("a♥️", Card(1, Suit.HEARTS)),  # the emoji presentation selector some keyboards add
        ("K♢", Card(13, Suit.DIAMONDS)),  # white suit symbols are typed too
        ("JK", JOKER),
        ("jk", JOKER),
        ("Js", Card(11, Suit.SPADES)),
        ("jc", Card(11, Suit.CLUBS)),
    ],
)
def test_notation_ranks_suits_symbols_and_joker_case_insensitive(
    token: str, expected: Card
) -> None:
    """Rank A 2..10 J Q K (T for 10), suit c d h s or ♣ ♦ ♥ ♠, joker JK, any case
    [DESIGN.md, card notation]."""
    assert parse_card(token) == expected


# (1s, 11h: their own message, test_a_rank_written_as_its_number_says_to_write_its_letter;
# a lone rank, 4 or 10: test_a_rank_without_its_suit_says_to_add_it; the suit first, h4 or
# ♠10: test_a_suit_written_before_the_rank_says_to_write_the_rank_first)
@pytest.mark.parametrize("token", ["1x", "15h", "4x", "x4", "JKK", "", "B♠", "♠1"])
def test_unparseable_token_names_the_token_and_the_notation(token: str) -> None:
    """An unparseable token is an error naming the token and saying what the notation is
    [issue 2, cards]."""
    with pytest.raises(BuracoInputError) as info:
        parse_card(token)
    assert repr(token) in str(info.value)
    assert "JK" in error_problem(info.value, "en") and "4h" in error_problem(info.value, "en")


@pytest.mark.parametrize(("text", "token"), [("5 5 5 com coringa", "5"), ("7h 8h 10", "10")])
def test_a_rank_without_its_suit_says_to_add_it(text: str, token: str) -> None:
    """“5 5 5”, a trinca typed without suits: the message says the suit is missing and how
    to write it (it was the whole notation, as for any word that is no card)."""
    with pytest.raises(BuracoInputError) as info:
        parse_cards(text)
    assert info.value.values["token"] == token
    pt, en = error_problem(info.value, "pt"), error_problem(info.value, "en")
    assert pt.startswith(f"“{token}” sem naipe: escreva {token}c, {token}d, {token}h ou {token}s")
    assert en.startswith(f"“{token}” has no suit: write {token}c, {token}d, {token}h or {token}s")


def test_parse_cards_names_the_bad_token_among_good_ones() -> None:
    """In a list, the error names the one bad token [issue 2, cards]."""
    with pytest.raises(BuracoInputError) as info:
        parse_cards("4h 5h 6x 7h")
    assert info.value.values["token"] == "6x"
    assert "“6x”" in error_problem(info.value, "pt")


# What each suit letter is, as the Portuguese and English texts must say it.
SUIT_LETTERS = {
    "pt": ("c = paus ♣", "d = ouros ♦", "h = copas ♥", "s = espadas ♠"),
    "en": ("c = clubs ♣", "d = diamonds ♦", "h = hearts ♥", "s = spades ♠"),
}


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_notation_help_and_error_name_each_suit_letter(lang: Lang) -> None:
    """A Brazilian reads `4c` as copas: the texts that explain the notation say c is paus
    (clubs), and so on for each letter [usability audit, pt]."""
    with pytest.raises(BuracoInputError) as info:
        parse_card("Zz")
    for text in (error_problem(info.value, lang), translate("cards.help", lang)):
        assert all(letter in text for letter in SUIT_LETTERS[lang]), text


@pytest.mark.parametrize(
    ("token", "pt", "en"),
    [
        ("4p", "para paus escreva 4c ou 4♣", "for clubs write 4c or 4♣"),
        ("Ko", "para ouros escreva Kd ou K♦", "for diamonds write Kd or K♦"),
        ("10E", "para espadas escreva 10s ou 10♠", "for spades write 10s or 10♠"),
        ("Tp", "para paus escreva 10c ou 10♣", "for clubs write 10c or 10♣"),
    ],
)
def test_a_portuguese_suit_initial_is_refused_saying_what_to_write(
    token: str, pt: str, en: str
) -> None:
    """p(aus), o(uros), e(spadas) are no suit letters of the notation: the error (same
    code) says the card to write instead [usability audit, pt]."""
    with pytest.raises(BuracoInputError) as info:
        parse_card(token)
    assert info.value.code is InputCode.NOT_A_CARD and info.value.values["token"] == token
    assert error_problem(info.value, "pt") == f"“{token}” não é uma carta: {pt} " + (
        "(naipes: " + ", ".join(SUIT_LETTERS["pt"]) + ")"
    )
    assert en in error_problem(info.value, "en")


@pytest.mark.parametrize(
    ("token", "card", "symbol"),
    [
        ("1h", "Ah", "A♥"),
        ("11h", "Jh", "J♥"),
        ("12h", "Qh", "Q♥"),
        ("13H", "Kh", "K♥"),
        ("1♠", "As", "A♠"),
        ("12p", "Qc", "Q♣"),  # (a Portuguese suit initial too: paus)
    ],
)
def test_a_rank_written_as_its_number_says_to_write_its_letter(
    token: str, card: str, symbol: str
) -> None:
    """1 for the ace and 11, 12, 13 for J, Q, K are how a card's value is counted, not the
    notation's ranks: the error (same code) says the card to write instead, in both
    languages, with the letters the suits are written with. The ranks' names are lowercase,
    as in every other line (“A = Ás (1), J = valete (11)” capitalised the ace alone)."""
    with pytest.raises(BuracoInputError) as info:
        parse_card(token)
    error = info.value
    assert error.code is InputCode.NOT_A_CARD and error.values["token"] == token
    assert error.values["card"] == parse_card(card)
    pt, en = error_problem(error, "pt"), error_problem(error, "en")
    assert pt.startswith(f"“{token}” não é uma carta: ")
    assert "A = ás (1), J = valete (11), Q = dama (12), K = rei (13)" in pt
    assert f"escreva {card} ou {symbol}" in pt
    assert en.startswith(f"“{token}” is not a card: ")
    assert "A = ace (1), J = jack (11), Q = queen (12), K = king (13)" in en
    assert f"write {card} or {symbol}" in en
    for lang, text in (("pt", pt), ("en", en)):
        assert all(letter in text for letter in SUIT_LETTERS[lang]), text


@pytest.mark.parametrize(
    ("token", "card", "symbol"),
    [("h10", "10h", "10♥"), ("♥10", "10h", "10♥"), ("S4", "4s", "4♠"), ("dK", "Kd", "K♦")],
)
def test_a_suit_written_before_the_rank_says_to_write_the_rank_first(
    token: str, card: str, symbol: str
) -> None:
    """`h10` or `♥10`, the suit first as some score pads write it: the error (same code) says
    the card to write, the rank first, in both languages [newcomer review]."""
    said = ("o naipe vem depois do valor; ", "the suit comes after the rank; ")
    assert_says_to_write(token, card, symbol, *said)


@pytest.mark.parametrize(
    ("token", "card", "symbol"),
    [("Ás", "As", "A♠"), ("áh", "Ah", "A♥"), ("Á♦", "Ad", "A♦"), ("Áp", "Ac", "A♣")],
)
def test_an_ace_written_with_its_accent_says_to_write_a(token: str, card: str, symbol: str) -> None:
    """Ás is how the ace is written in Portuguese, and a phone's keyboard offers the accent:
    the error (same code) says the card to write, A with no accent, in both languages."""
    said = ("o ás se escreve A, sem acento", "the ace is written A, with no accent")
    assert_says_to_write(token, card, symbol, *said)


def assert_says_to_write(token: str, card: str, symbol: str, pt_says: str, en_says: str) -> None:
    """The token is refused (not_a_card) with a message, in each language, that opens with
    what was wrong and names the card to write instead."""
    with pytest.raises(BuracoInputError) as info:
        parse_card(token)
    error = info.value
    assert error.code is InputCode.NOT_A_CARD and error.values["card"] == parse_card(card)
    pt, en = error_problem(error, "pt"), error_problem(error, "en")
    assert pt.startswith(f"“{token}” não é uma carta: {pt_says}")
    assert f"escreva {card} ou {symbol}" in pt
    assert en.startswith(f"“{token}” is not a card: {en_says}")
    assert f"write {card} or {symbol}" in en


@pytest.mark.parametrize("token", ["14h", "0h", "01h", "1x", "111h"])
def test_other_numbers_keep_the_general_message(token: str) -> None:
    with pytest.raises(BuracoInputError) as info:
        parse_card(token)
    assert "case" not in info.value.values


def test_c_stays_clubs() -> None:
    """`c` is clubs (paus), never copas: files and the command line rely on it."""
    assert parse_card("4c").suit is Suit.CLUBS and parse_card("4c").symbol == "4♣"


def test_parse_cards_accepts_spaces_commas_and_lists() -> None:
    """Cards separated by spaces or commas, or given as a list [DESIGN.md, notation]."""
    expected = (Card(4, Suit.HEARTS), Card(10, Suit.SPADES), JOKER)
    assert parse_cards("4h 10♠ JK") == expected
    assert parse_cards("4h,10s, jk") == expected
    assert parse_cards(["4h", "Ts", "JK"]) == expected


@pytest.mark.parametrize(
    "text",
    ["4 h 5 h 6 h", "4 ♥ 5 ♥ 6 ♥", "4♥️ 5 ♥️ 6♥", "4h 5h 6h.", "4h. 5h. 6h", "4H, 5 H, 6h."],
)
def test_a_phone_keyboards_spaces_and_full_stops_are_no_cards(text: str) -> None:
    """A space between rank and suit (the suit picked from the symbols) and the full stop a
    phone puts after two spaces: the cards meant, not “4” is not a card."""
    assert parse_cards(text) == parse_cards("4h 5h 6h")


@pytest.mark.parametrize(
    "text",
    [
        "4h\u200b 5h 6h",  # a zero-width space copied from a chat after a card
        "4h\u200b5h\u200b6h",  # cards parted by zero-width spaces only
        "\ufeff4h 5h 6h",  # a byte-order mark at the start of a pasted text
        "4h\u2060 5h\u200d 6h",  # a word joiner, a zero-width joiner
        "\uff14h \uff15h \uff16h",  # full-width digits, from an East Asian keyboard
        "\uff14\u2665 5\u2665 6h",  # ... beside the suit symbol
    ],
)
def test_cards_pasted_with_invisible_or_full_width_characters_read_as_they_look(
    text: str,
) -> None:
    """Cards pasted from a chat or a web page may carry characters that show as nothing, or
    digits of another width: they read as the cards a person sees, not “4h” is not a card
    (the card named in the error looked exactly like a card)."""
    assert parse_cards(text) == parse_cards("4h 5h 6h")


@pytest.mark.parametrize("text", ["4♥5♥6♥", "4h5h6h", "4♥️5♥️6♥️", "4h,5h6h"])
def test_cards_typed_without_spaces_are_read_one_by_one(text: str) -> None:
    """A hurried thumb leaves out the spaces: each rank and suit is still one card."""
    assert parse_cards(text) == parse_cards("4h 5h 6h")
    assert parse_cards("10h10hJK") == parse_cards("10h 10h JK")


@pytest.mark.parametrize(
    "text", ["4 de copas 5 de copas 6 de copas", "4 copas 5 copas 6 copas", "4 of hearts 5h 6h"]
)
def test_a_suit_said_by_its_name_is_read(text: str) -> None:
    """“4 de copas”, as said at the table (and “4 of hearts”)."""
    assert parse_cards(text) == parse_cards("4h 5h 6h")
    assert parse_cards("A de espadas, K de paus, 7 de ouros") == parse_cards("As Kc 7d")


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("dez de espadas, valete de espadas, dama de espadas", "10s Js Qs"),
        ("Ás de ouros, 2 de ouros, três de ouros", "Ad 2d 3d"),
        ("as de copas, rei de copas", "Ah Kh"),
        ("ten of spades, jack of spades, queen of spades", "10s Js Qs"),
    ],
)
def test_a_rank_said_by_its_name_is_read(text: str, cards: str) -> None:
    """“dez de espadas”, “Ás de ouros”: the whole card as said at the table. (“Ás de ouros”
    was refused with “write As or A♠”, the ace of spades.)"""
    assert parse_cards(text) == parse_cards(cards)


@pytest.mark.parametrize(
    "text", ["3 4 5 de copas", "3h-4h-5h", "3♥/4♥/5♥", "3h, 4h e 5h", "3 of hearts, 4h and 5h"]
)
def test_cards_typed_as_in_a_chat_are_read(text: str) -> None:
    """The suit said once for the run (“3 4 5 de copas”), cards parted by hyphens (as K-A-2
    is written) or slashes, and “e”/“and” before the last: each was “não é uma carta”."""
    assert parse_cards(text) == parse_cards("3h 4h 5h")


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("dama valete rei de ouros", "Qd Jd Kd"),
        ("9 10 valete de paus", "9c 10c Jc"),
        ("dez valete dama de espadas e coringa", "10s Js Qs JK"),
        ("dez de ouro, ás de espada", "10d As"),
        ("jack queen king of hearts", "Jh Qh Kh"),
        # The joker with the words said before it: “com um coringa”, “and a joker”.
        ("7 8 9 de espadas com um coringa", "7s 8s 9s JK"),
        ("5h 6h mais o curinga", "5h 6h JK"),
        ("7 8 9 of spades and a joker", "7s 8s 9s JK"),
        ("7 8 9 de espadas + coringa", "7s 8s 9s JK"),
    ],
)
def test_ranks_said_by_name_share_the_suit_said_once(text: str, cards: str) -> None:
    """“dama valete rei de ouros” as “3 4 5 de copas” is read, a suit said in the singular
    (“dez de ouro”), and a joker after “com um”: each was ““dama” (“um”) não é uma carta”
    in the lookup."""
    assert parse_cards(text) == parse_cards(cards)


def test_a_rank_name_without_a_suit_name_is_still_an_error() -> None:
    """Only before “de”/“of” and a suit's name is a word a rank: “rei” alone is no card."""
    for text, token in (("rei 5h", "rei"), ("dez de x", "dez"), ("dama de 5h", "dama")):
        with pytest.raises(BuracoInputError) as info:
            parse_cards(text)
        assert info.value.values["token"] == token


def test_what_only_looks_like_cards_run_together_is_still_an_error() -> None:
    """A word that is not all cards is named whole; “de” without a suit's name is no card."""
    for text, token in (("4♥5♥6x", "4♥5♥6x"), ("4h 5h6", "5h6"), ("4 de x", "4")):
        with pytest.raises(BuracoInputError) as info:
            parse_cards(text)
        assert info.value.values["token"] == token


def test_a_rank_and_a_suit_apart_join_only_as_one_card() -> None:
    """A rank alone before a word that is no suit stays an error naming it; a list of
    tokens is read as it is."""
    for text, token in (("4 e 5h", "4"), ("4h h", "h"), ("4 x", "4")):
        with pytest.raises(BuracoInputError) as info:
            parse_cards(text)
        assert info.value.values["token"] == token
    with pytest.raises(BuracoInputError):
        parse_cards(["4", "h"])


def test_two_copies_of_a_card_are_normal() -> None:
    """Two decks: the same card may appear twice [DESIGN.md; seeds 000, 002]."""
    assert parse_cards("4h 4h") == (Card(4, Suit.HEARTS), Card(4, Suit.HEARTS))


def test_print_then_parse_gives_the_same_cards_ascii_and_symbols() -> None:
    """Printing then parsing round-trips, in ASCII (JSON) and with suit symbols
    [issue 2, cards]."""
    cards = deck()
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(format_cards(cards, symbols=True)) == cards
    assert str(Card(10, Suit.SPADES)) == "10s"
    assert Card(10, Suit.SPADES).symbol == "10♠"
    assert str(JOKER) == JOKER.symbol == "JK"


def test_repr_rebuilds_the_card() -> None:
    """A card's repr rebuilds it (small immutable values) [DESIGN.md]."""
    for card in (Card(1, Suit.CLUBS), Card(10, Suit.HEARTS), JOKER):
        assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize(("rank", "suit"), [(5, None), (14, Suit.CLUBS), (0, Suit.HEARTS)])
def test_a_card_that_cannot_exist_is_refused(rank: int, suit: Suit | None) -> None:
    """Ranks run A (1) to K (13) in four suits; only the joker has neither [seed 000]."""
    with pytest.raises(BuracoInputError):
        Card(rank, suit)


def test_wild_kinds_are_the_jokers_and_every_two() -> None:
    """Wild cards: the jokers and every 2 [seeds 000, 003]."""
    wild = [c for c in set(deck()) if c.is_wild_kind]
    assert sorted(map(str, wild)) == ["2c", "2d", "2h", "2s", "JK"]
