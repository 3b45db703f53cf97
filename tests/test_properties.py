"""Property tests (hypothesis) of the notation and the meld judge [issue 2, tests].

Valid melds are built constructively (a suit, a start, a length, maybe one wild replacing a
card or extending the run; or a trinca of one rank), so the properties run on valid melds
and not only on random junk.
"""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buraco_core import (
    JOKER,
    Card,
    MeldVerdict,
    Suit,
    card_points,
    deck,
    extend_meld,
    format_cards,
    judge_meld,
    parse_cards,
    ruleset,
)
from buraco_core.cards import ACE, ACE_HIGH

FECHADO = ruleset("fechado")  # trincas allowed, a 500/real may be built up
FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CARDS = st.sampled_from(sorted(set(deck()), key=str))


def natural(position: int, suit: Suit) -> Card:
    return Card(ACE if position == ACE_HIGH else position, suit)


@st.composite
def wild_for(draw: st.DrawFn, suit: Suit, natural_two_present: bool) -> Card:
    """A joker, or a 2 (of any suit) unless a natural 2 is there: a wild 2 beside a natural
    2 is forbidden by default [seed 000]."""
    if natural_two_present:
        return JOKER
    return draw(st.sampled_from([JOKER, *(Card(2, s) for s in Suit)]))


@st.composite
def valid_sequences(draw: st.DrawFn, wilds: bool = True) -> tuple[Card, ...]:
    """3..14 consecutive positions of one suit (1 = low ace, 14 = high ace), maybe one wild
    replacing a card or extending the run, shuffled [seeds 000, 001, 003]."""
    suit = draw(st.sampled_from(list(Suit)))
    length = draw(st.integers(3, 14))
    start = draw(st.integers(1, ACE_HIGH - length + 1))
    cards = [natural(p, suit) for p in range(start, start + length)]
    mode = draw(st.sampled_from(["none", "replace", "extend"])) if wilds else "none"
    if mode == "replace":
        cards.pop(draw(st.integers(0, length - 1)))
    if mode == "replace" or (mode == "extend" and length < 14):
        cards.append(draw(wild_for(suit, Card(2, suit) in cards)))
    return tuple(draw(st.permutations(cards)))


@st.composite
def valid_trincas(draw: st.DrawFn) -> tuple[Card, ...]:
    """2..8 cards of one rank (never 2), any suits, two copies at most, plus at most one wild;
    3 cards at least [seeds 000, 003]."""
    rank = draw(st.sampled_from([1, *range(3, 14)]))
    pool = [s for s in Suit for _ in range(2)]
    count = draw(st.integers(2, 8))
    suits = draw(st.permutations(pool))[:count]
    cards = [Card(rank, s) for s in suits]
    if count == 2 or draw(st.booleans()):
        cards.append(draw(st.sampled_from([JOKER, *(Card(2, s) for s in Suit)])))
    return tuple(draw(st.permutations(cards)))


VALID_MELDS = st.one_of(valid_sequences(), valid_trincas())


def _summary(verdict: MeldVerdict) -> object:
    meld = verdict.meld
    return (
        verdict.ok,
        verdict.codes,
        verdict.canastra,
        verdict.points,
        None if meld is None else (meld.kind, meld.suit, meld.slots, meld.wild_options),
    )


@FAST
@given(st.lists(CARDS, max_size=20), st.booleans(), st.sampled_from(["upper", "lower", "same"]))
def test_print_then_parse_round_trips(cards: list[Card], symbols: bool, case: str) -> None:
    """Printing then parsing gives the same cards, ASCII and symbols, any case [issue 2]."""
    text = format_cards(cards, symbols=symbols)
    text = text.upper() if case == "upper" else text.lower() if case == "lower" else text
    assert parse_cards(text) == tuple(cards)


@FAST
@given(VALID_MELDS, st.randoms(use_true_random=False))
def test_a_valid_melds_verdict_does_not_depend_on_the_order(
    cards: tuple[Card, ...], rnd: random.Random
) -> None:
    """Cards may come in any order [issue 2]: same verdict, arrangement, canastra, points."""
    first = judge_meld(cards, FECHADO)
    assert first.ok, (format_cards(cards), first.codes)
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert _summary(judge_meld(shuffled, FECHADO)) == _summary(first)


@FAST
@given(valid_sequences())
def test_a_valid_sequence_is_consecutive_of_one_suit_with_at_most_one_wild(
    cards: tuple[Card, ...],
) -> None:
    """A sequence: consecutive places of one suit, each natural card in its own place, at
    most one wild [seeds 000, 001, 003; one wild, seeds 000, 003]."""
    verdict = judge_meld(cards, FECHADO)
    assert verdict.ok and verdict.meld is not None, verdict.codes
    meld = verdict.meld
    positions = [slot.position for slot in meld.slots]
    assert positions == list(range(positions[0], positions[0] + len(positions)))
    assert positions[0] >= 1 and positions[-1] <= ACE_HIGH
    wild_slots = [slot for slot in meld.slots if slot.wild]
    assert len(wild_slots) <= 1
    for slot in meld.slots:
        if slot.wild:
            assert slot.card.is_wild_kind
        else:
            assert slot.card == meld.stands_for(slot.position)
    assert sorted(meld.cards, key=str) == sorted(cards, key=str)


@FAST
@given(VALID_MELDS)
def test_clean_means_no_wild_in_the_arrangement(cards: tuple[Card, ...]) -> None:
    """Clean: no joker, and any 2 stands in its natural place [seeds 000, 001, 002, 003]."""
    verdict = judge_meld(cards, FECHADO)
    assert verdict.meld is not None, verdict.codes
    meld = verdict.meld
    natural_twos_in_place = all(
        not s.card.is_two or (meld.kind == "sequence" and s.card == Card(2, meld.suit))
        for s in meld.slots
    )
    has_joker = JOKER in meld.cards
    if meld.clean:
        assert not has_joker and natural_twos_in_place
        assert meld.wild is None and meld.wild_as is None
        assert verdict.canastra in (None, "limpa", "500", "real")
    else:
        assert verdict.canastra in (None, "suja")
    if has_joker:
        assert not meld.clean


@FAST
@given(VALID_MELDS, st.sampled_from([20, 50]))
def test_points_equal_the_sum_of_card_points(cards: tuple[Card, ...], joker: int) -> None:
    """A meld's points are its cards' points [seeds 000, 001, 002, 003; option
    joker_points]."""
    rules = ruleset("fechado", joker_points=joker)
    verdict = judge_meld(cards, rules)
    assert verdict.points == sum(card_points(card, joker) for card in cards)


@FAST
@given(st.lists(CARDS, max_size=16), st.randoms(use_true_random=False))
def test_any_cards_get_a_verdict_that_does_not_depend_on_the_order(
    cards: list[Card], rnd: random.Random
) -> None:
    """Any cards: a verdict, never a crash; an invalid one says one thing wrong, and the same
    whatever the order [issue 2]."""
    verdict = judge_meld(cards, FECHADO)
    if verdict.ok:
        assert verdict.meld is not None
    else:
        assert verdict.meld is None and len(verdict.reasons) == 1
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    again = judge_meld(shuffled, FECHADO)
    assert (again.ok, again.codes, again.canastra) == (verdict.ok, verdict.codes, verdict.canastra)


@FAST
@given(valid_sequences(wilds=False), st.data())
def test_a_clean_run_built_up_equals_the_run_laid_at_once(
    cards: tuple[Card, ...], data: st.DataObject
) -> None:
    """A meld on the table grows by any number of valid cards [seed 000]: laying 3+ cards of
    a clean run and adding the rest gives the run laid at once (where the 500 and real need
    not be laid at once, Fechado)."""
    whole = judge_meld(cards, FECHADO)
    assert whole.meld is not None
    slots = whole.meld.slots
    size = data.draw(st.integers(3, len(slots)))
    start = data.draw(st.integers(0, len(slots) - size))
    table = judge_meld([s.card for s in slots[start : start + size]], FECHADO)
    assert table.meld is not None, table.codes
    rest = [s.card for s in slots[:start] + slots[start + size :]]
    if not rest:
        return
    grown = extend_meld(table.meld, data.draw(st.permutations(rest)), FECHADO)
    assert grown.ok, grown.codes
    assert grown.meld is not None and grown.meld.cards == whole.meld.cards
    assert grown.canastra == whole.canastra
