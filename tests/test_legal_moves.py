"""`legal_moves` is complete where its docstring says it is, and lists only legal moves.

On positions reached by random play (Aberto, Fechado, STBL; 2 and 4 players), the moves are
also enumerated by brute force: every subset of the hand of up to four cards, every meld of
the side, each kept when `check` accepts it. For every move shape that `legal_moves` claims
to list completely, the two sets must be equal. The slow suite looks at more positions.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest

from buraco_core.cards import JOKER, Card, deck, parse_cards
from buraco_core.judge import apply, check, legal_moves, lixo_pickups
from buraco_core.legal import joins_alone
from buraco_core.melds import extend_meld, judge_meld
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.notation import position_from_data
from buraco_core.rules import OPTIONS, PRESET_NAMES, RuleSet, ruleset
from buraco_core.state import Phase, State, deal

SETUPS = [
    (preset, players, options)
    for preset in ("aberto", "fechado", "stbl")
    for players in (2, 4)
    for options in ({}, {"pickup": "top_card_two_from_hand"})
    if not (options and preset == "aberto")
]
IDS = [f"{p}-{n}p" + ("-two_from_hand" if o else "") for p, n, o in SETUPS]


def cards_key(cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(sorted(str(c) for c in cards))


def shape(move: Move, rules: RuleSet) -> tuple[Any, ...] | None:
    """A move as an order-free key, or None when legal_moves does not claim that shape."""
    if isinstance(move, TakeLixo) and move.justified and rules.pickup == "free":
        return None  # Aberto: the free pickup is listed, not the same with a meld at once
    if isinstance(move, Draw):
        return ("draw",)
    if isinstance(move, Discard):
        return ("discard", str(move.card))
    if isinstance(move, TakeLixo):
        if move.new_meld:
            return ("new_meld", cards_key(move.new_meld)) if len(move.new_meld) <= 4 else None
        if move.extend is not None:
            return ("onto", move.extend, cards_key(move.cards)) if len(move.cards) <= 2 else None
        return ("take",)
    if isinstance(move, Lay):
        if len(move.melds) == 1 and len(move.melds[0]) == 3:
            return ("lay", cards_key(move.melds[0]))
        return None
    if len(move.cards) == 1:
        return ("extend", move.meld, str(move.cards[0]))
    return None


def subsets(hand: tuple[Card, ...], sizes: range) -> Iterator[tuple[Card, ...]]:
    """Every subset of the hand of these sizes, copies of a card counted once per choice."""
    seen: set[tuple[str, ...]] = set()
    for size in sizes:
        for cards in combinations(hand, size):
            key = cards_key(cards)
            if key not in seen:
                seen.add(key)
                yield cards


def brute_force(rules: RuleSet, state: State) -> set[tuple[Any, ...]]:
    hand = state.hand
    melds = state.sides[state.side_of(state.turn)].melds
    tries: list[Move]
    if state.phase is Phase.DRAW:
        tries = [Draw(), TakeLixo()]
        tries += [TakeLixo(new_meld=s) for s in subsets(hand, range(2, 5))]
        tries += [
            TakeLixo(extend=i, cards=s) for i in range(len(melds)) for s in subsets(hand, range(3))
        ]
    else:
        tries = [Discard(c) for c in dict.fromkeys(hand)]
        tries += [Lay((s,)) for s in subsets(hand, range(3, 4))]
        tries += [Extend(i, (c,)) for i in range(len(melds)) for c in dict.fromkeys(hand)]
    found = set()
    for move in tries:
        key = shape(move, rules)
        if key is not None and check(rules, state, move).ok:
            found.add(key)
    return found


def positions(
    rules: RuleSet,
    players: int,
    seed: int,
    count: int,
    vulnerable: tuple[bool, bool] = (False, False),
) -> Iterator[State]:
    """Positions of random rounds, both phases, with melds on the table as play goes on."""
    rng = random.Random(seed)
    rounds = 0
    while count > 0:
        state = deal(rules, players, seed * 1000 + rounds, vulnerable=vulnerable)
        rounds += 1
        while state.phase is not Phase.ENDED and count > 0:
            moves = list(legal_moves(rules, state))
            if rng.random() < 0.08:
                count -= 1
                yield state
            melds = [m for m in moves if isinstance(m, Lay | Extend | TakeLixo)]
            move = rng.choice(melds if melds and rng.random() < 0.7 else moves)
            state = apply(rules, state, move)


def compare(rules: RuleSet, state: State) -> None:
    listed = list(legal_moves(rules, state))
    for move in listed:
        assert check(rules, state, move).ok, f"listed but illegal: {move}"
    keys = [shape(m, rules) for m in listed]
    claimed = {k for k in keys if k is not None}
    assert len(claimed) == sum(k is not None for k in keys), "a move listed twice"
    expected = brute_force(rules, state)
    assert expected - claimed == set(), f"legal but not listed ({state.phase})"
    assert claimed - expected == set(), "listed, yet brute force finds no such legal move"


@pytest.mark.parametrize(("preset", "players", "options"), SETUPS, ids=IDS)
def test_legal_moves_agree_with_brute_force(
    preset: str, players: int, options: dict[str, Any]
) -> None:
    rules = ruleset(preset, **options)  # type: ignore[arg-type]
    for state in positions(rules, players, seed=players, count=12):
        compare(rules, state)


@pytest.mark.parametrize("counts", ["turn", "first_meld"])
def test_legal_moves_agree_with_brute_force_vulnerable(counts: str) -> None:
    """A vulnerable side's first baixada (a minimum of 30 here, so that play goes on) under
    each reading of option vulnerable_min_counts [003]."""
    rules = ruleset("fechado", vulnerable_min_meld_points=30, vulnerable_min_counts=counts)
    for state in positions(rules, 2, seed=7, count=12, vulnerable=(True, True)):
        compare(rules, state)


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "players", "options"), SETUPS, ids=IDS)
def test_legal_moves_agree_with_brute_force_many(
    preset: str, players: int, options: dict[str, Any]
) -> None:
    rules = ruleset(preset, **options)  # type: ignore[arg-type]
    for state in positions(rules, players, seed=100 + players, count=120):
        compare(rules, state)


def _house_rules() -> list[tuple[str, str, Any]]:
    """Each value of each rule option of play (the points the sources disagree on), under
    the first preset whose own value differs and leaves it with an effect."""
    cases: list[tuple[str, str, Any]] = []
    for spec in OPTIONS:
        if spec.group != "play" or spec.choices is None:
            continue
        for value in spec.choices:
            for preset in PRESET_NAMES:
                rules = ruleset(preset)
                if getattr(rules, spec.name) != value:
                    changed = rules.with_options(**{spec.name: value})
                    if not changed.idled_by(spec.name):
                        cases.append((preset, spec.name, value))
                        break
    return cases


@pytest.mark.parametrize(
    ("preset", "option", "value"), _house_rules(), ids=lambda part: str(part).lower()
)
def test_legal_moves_agree_with_brute_force_under_each_house_rule(
    preset: str, option: str, value: Any
) -> None:
    """A table that plays a disputed point its own way (RULES.md's options, each with its
    sources) gets the same complete listing: the lookup pages ask `legal_moves` whether the
    lixo may be taken or a card laid, so under a house rule too they must agree with the
    judge."""
    rules = ruleset(preset, **{option: value})
    players = 4 if len(option) % 2 else 2  # (both table sizes over the options)
    for state in positions(rules, players, seed=len(option), count=12):
        compare(rules, state)


def test_a_run_may_start_at_the_king_when_taking_the_lixo() -> None:
    """Q-K-A: the ace may follow the king [seeds 000, 001, 003], so K♦ on top of a Fechado
    lixo is taken with A♦ and a joker from the hand: a new meld K-A-JK or JK-K-A
    [seeds 002, 003] (issue 10: the lookup said it could not be taken)."""
    rules = ruleset("fechado")
    state = position_from_data(
        rules,
        {
            "players": 2,
            "phase": "draw",
            "hands": [["Ad", "JK", "5c", "9h", "Js"], 11],
            "lixo": ["3c", "Kd"],
        },
    )
    move = TakeLixo(new_meld=parse_cards("Ad JK"))
    assert check(rules, state, move).ok
    assert ("new_meld", cards_key(move.new_meld)) in {
        shape(m, rules) for m in lixo_pickups(rules, state)
    }


def test_a_pickup_onto_a_meld_is_listed_once_with_two_copies_in_the_hand() -> None:
    """A♦ on top of the lixo goes onto 8♦ 9♦ 10♦ J♦ with Q♦ K♦ from the hand [seeds 000,
    002, 003; two hand cards where the table is stricter, 003]: a hand holding the K♦ twice
    (two decks) gets that pickup once, not once per order of the pair."""
    rules = ruleset("stbl", pickup="top_card_two_from_hand")
    state = position_from_data(
        rules,
        {
            "players": 2,
            "phase": "draw",
            "hands": [["Kd", "5c", "Qd", "9h", "Kd"], 11],
            "melds": [[["8d", "9d", "10d", "Jd"]], []],
            "lixo": ["3c", "Ad"],
        },
    )
    onto = [shape(m, rules) for m in lixo_pickups(rules, state) if m.extend == 0]
    assert onto == [("onto", 0, cards_key(parse_cards("Qd Kd")))]


def test_a_run_holds_a_card_twice_only_when_the_hand_holds_both_copies() -> None:
    """A..K..A has the ace at both ends [seeds 000, 001, 003], so it is listed when the hand
    holds both aces and never with one ace, even beside two copies of the 2 (a slip of the
    remembered runs, caught while speeding up the listing, issue 10)."""
    rules = ruleset("stbl")
    run = ["Ah", "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "10h", "Jh", "Qh", "Kh"]
    for extra, listed in (("2h 9c", False), ("Ah 9c", True)):
        hand = [*run, *extra.split()]
        state = position_from_data(rules, {"players": 2, "phase": "play", "hands": [hand, 11]})
        lays = [m for m in legal_moves(rules, state) if isinstance(m, Lay)]
        assert all(check(rules, state, m).ok for m in lays)
        assert any(len(m.melds[0]) == 14 for m in lays) == listed, extra


def test_a_suits_runs_are_made_from_the_places_that_may_be_in_one() -> None:
    """Runs are one suit's cards in sequence, the ace low or high, with one wild at most
    [seeds 000, 001, 003]. A suit's runs are remembered by the places that may be in a run
    (`_run_places`: issue 10, hands that differ in a far card share them), and a suit with
    none is passed over (nine suits in ten of a hand). Checked against the runs of all the
    places held, for every set of places a suit may hold, with and without a wild, for the
    melds after the draw (a wild in a gap) and the lixo's (a wild anywhere), the 2 and the
    ace held once and twice."""
    from buraco_core.cards import JOKER, Suit
    from buraco_core.legal import _run_places, _runs
    from buraco_core.melds import MAX_SEQUENCE, MIN_MELD

    passed_over = narrowed = 0
    for places in range(0, 1 << 14, 2):  # bit p: the natural card of place p (1..13) held
        for wilds in ((), (JOKER,)):
            usable = _run_places(places, bool(wilds))
            assert usable & ~places == 0
            if usable == places:
                continue
            passed_over += not usable
            narrowed += bool(usable)
            for wild_anywhere in (MIN_MELD, MAX_SEQUENCE):
                for twice in (False, True):
                    runs = _runs(Suit.HEARTS, places, wilds, twice, twice, wild_anywhere)
                    # (the 2 or the ace twice matters only where it may be in a run)
                    two_twice, ace_twice = twice and bool(usable & 4), twice and bool(usable & 2)
                    made = _runs(Suit.HEARTS, usable, wilds, two_twice, ace_twice, wild_anywhere)
                    assert runs == made, (bin(places), bin(usable), wilds, runs, made)
    assert passed_over > 3_000  # (every suit of a card or two, or of cards far apart)
    assert narrowed > 3_000


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("fechado", {}),
        ("fechado", {"trinca_suits": "distinct"}),
        ("fechado", {"jokers_in_deck": False}),
        ("stbl", {}),
        ("aberto", {}),
    ],
    ids=str,
)
def test_a_single_card_joins_a_meld_as_the_judge_says(preset: str, options: dict[str, Any]) -> None:
    """`legal_moves` tries the single cards of a hand on a trinca, or on a run of naturals
    from the 3 to the king, by `joins_alone`, without the judge's arrangement of the whole
    meld: wherever it answers, it answers as the judge does, for every kind of card, on every
    meld of these rounds and on edge cases laid by hand (two copies of a card already, a
    wild already, a suit twice, a run at the king) [000, 001, 003]."""
    rules = ruleset(preset, **options)  # type: ignore[arg-type]
    melds = {
        meld
        for state in positions(rules, 4, seed=11, count=150)
        for side in state.sides
        for meld in side.melds
    }
    for text in ("7h 7h 7s", "7h 7s JK", "7h 7s 2c", "7h 7h 7s 7s 7c 7c 7d", "Kc Kd Ks 2s",
                 "3h 4h 5h", "Jh Qh Kh", "3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks"):  # fmt: skip
        made = judge_meld(parse_cards(text), rules).meld
        if made is not None:
            melds.add(made)
    answered = {"trinca": 0, "sequence": 0}
    for meld in melds:
        for card in dict.fromkeys((*deck(), JOKER)):
            said = joins_alone(meld, card, rules)
            if said is not None:
                answered[meld.kind] += 1
                assert said == (extend_meld(meld, (card,), rules).meld is not None), (meld, card)
    # (the rounds lay many of both: the check is not empty)
    assert answered["sequence"] >= 200
    assert answered["trinca"] >= (200 if rules.trincas else 0)
