"""Positions and moves as data: round trips, the player's view, the deal, bad input."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from buraco_core.cards import deck, parse_card, parse_cards
from buraco_core.errors import BuracoInputError
from buraco_core.judge import apply, legal_moves
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.notation import (
    move_from_data,
    move_to_data,
    position_from_data,
    position_to_data,
)
from buraco_core.rules import ruleset
from buraco_core.state import MortoStatus, Phase, State, deal
from buraco_text import error_problem

PRESETS = ("aberto", "fechado", "stbl")


def played(preset: str, players: int, seed: int, moves: int) -> State:
    """A position some random moves into a round (melds mostly, as in the random tests)."""
    rules = ruleset(preset)
    rng = random.Random(seed)
    state = deal(rules, players, seed)
    for _ in range(moves):
        if state.phase is Phase.ENDED:
            break
        options = list(legal_moves(rules, state))
        melds = [m for m in options if isinstance(m, Lay | Extend)]
        state = apply(rules, state, rng.choice(melds if melds and rng.random() < 0.8 else options))
    return state


# --- round trips --------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [2, 4])
def test_full_table_round_trip(preset: str, players: int) -> None:
    """The whole table written as data reads back as the same table (the log aside)."""
    rules = ruleset(preset)
    for seed in range(4):
        for moves in (0, 7, 40, 120):
            state = played(preset, players, seed, moves)
            data = position_to_data(rules, state)
            assert json.loads(json.dumps(data)) == data  # plain JSON
            assert position_from_data(rules, data) == state.without_log()


@pytest.mark.parametrize("preset", PRESETS)
def test_round_trip_keeps_waiting_morto_built_up_meld_and_went_out(preset: str) -> None:
    rules = ruleset(preset)
    data: dict[str, Any] = {
        "players": 4,
        "turn": 1,
        "phase": "play",
        "hands": [[], ["3d", "4d"], ["5d"], ["7d", "JK"]],
        "melds": [
            [{"cards": ["Ac", "2c", "3c", "4c", "5c", "6c", "7c"], "built_up": True}],
            [["9h", "10h", "2s"]],
        ],
        "lixo": ["Kd", "Qs"],
        "mortos": [11],
        "morto": [{"status": "waiting", "seat": 0, "cards": 11}, "available"],
        "vulnerable": [True, False],
    }
    state = position_from_data(rules, data)
    assert state.sides[0].morto is MortoStatus.WAITING and state.sides[0].waiting is not None
    assert len(state.sides[0].waiting.cards) == 11
    assert state.sides[0].melds[0].built_up and state.sides[0].vulnerable
    again = position_from_data(rules, position_to_data(rules, state))
    assert again == state
    ended = position_from_data(rules, {**data, "phase": "ended", "went_out": 1})
    assert ended.sides[1].went_out and ended.ended_by is not None
    assert position_from_data(rules, position_to_data(rules, ended)) == ended


@pytest.mark.parametrize(
    ("preset", "lixo_as_cards"), [("aberto", True), ("fechado", False), ("stbl", False)]
)
def test_player_view_hides_other_hands_stock_mortos_and_the_fechado_lixo(
    preset: str, lixo_as_cards: bool
) -> None:
    """What one player sees: their hand, the melds, the lixo as the variant shows it (all
    cards in Aberto, the top and the count in Fechado and STBL), the counts of the stock, of
    the mortos and of the other hands, the morto statuses, the phase."""
    rules = ruleset(preset)
    state = played(preset, 4, 3, 30)
    while not state.lixo:
        state = played(preset, 4, 3, 31)
    view = position_to_data(rules, state, seat=2)
    assert view["hands"][2] == [str(c) for c in state.hands[2]]
    assert [h for i, h in enumerate(view["hands"]) if i != 2] == [
        len(h) for i, h in enumerate(state.hands) if i != 2
    ]
    assert view["stock"] == len(state.stock)
    assert view["mortos"] == [len(p) for p in state.mortos]
    assert view["morto"] == [s.morto.value for s in state.sides]
    assert view["phase"] == state.phase.value and view["turn"] == state.turn
    assert view["melds"] == position_to_data(rules, state)["melds"]
    if lixo_as_cards:
        assert view["lixo"] == [str(c) for c in state.lixo]
    else:
        assert view["lixo"] == {"top": str(state.lixo[-1]), "count": len(state.lixo)}
    # The view reads back as a position: same visible parts, hidden cards filled in.
    back = position_from_data(rules, view)
    assert position_to_data(rules, back, seat=2) == view
    assert Counter(back.all_cards()) == Counter(deck(rules.jokers_in_deck))


def test_view_hides_a_waiting_mortos_cards() -> None:
    rules = ruleset("fechado")
    state = position_from_data(
        rules,
        {
            "players": 2,
            "turn": 1,
            "hands": [[], 11],
            "mortos": [11],
            "morto": [{"status": "waiting", "seat": 0}, "available"],
        },
    )
    assert position_to_data(rules, state, seat=1)["morto"][0] == {
        "status": "waiting",
        "seat": 0,
        "cards": 11,
    }
    full = position_to_data(rules, state)["morto"][0]
    assert len(full["cards"]) == 11 and all(isinstance(c, str) for c in full["cards"])


def test_hidden_cards_are_filled_reproducibly_from_the_rest_of_the_deck() -> None:
    rules = ruleset("stbl")
    data = {"players": 2, "hands": [["5h", "6h"], 11], "lixo": {"top": "Kd", "count": 4}}
    first, second = position_from_data(rules, data), position_from_data(rules, data)
    assert first == second
    assert position_from_data(rules, {**data, "seed": 1}) != first
    assert len(first.hands[1]) == 11 and len(first.lixo) == 4 and first.lixo[-1] == parse_card("Kd")
    assert len(first.stock) == 108 - 2 - 11 - 4 - 22
    assert Counter(first.all_cards()) == Counter(deck())


@pytest.mark.parametrize(
    "move",
    [
        Draw(),
        Draw(seat=3),
        TakeLixo(),
        TakeLixo(new_meld=parse_cards("Js Qs")),
        TakeLixo(extend=1, cards=parse_cards("9h"), seat=0),
        Lay((parse_cards("5h 6h 7h"),)),
        Lay((parse_cards("5h 6h 7h"), parse_cards("9c 9d JK"))),
        Extend(0, parse_cards("8h 2c")),
        Extend(2, parse_cards("8h"), side=1, seat=2),
        Discard(parse_card("10s")),
    ],
)
def test_move_round_trip(move: Move) -> None:
    data = move_to_data(move)
    assert json.loads(json.dumps(data)) == data
    assert move_from_data(data) == move


# --- the deal ---------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(("players", "stock"), [(4, 42), (2, 64)])
def test_deal_from_a_seed_is_reproducible(preset: str, players: int, stock: int) -> None:
    """11 cards each, two mortos of 11, the rest the stock (42 with 4 players); the lixo
    starts empty [000, 001, 003]. The same seed gives the same deal."""
    rules = ruleset(preset)
    state = deal(rules, players, seed=7)
    assert deal(rules, players, seed=7) == state
    assert deal(rules, players, seed=8) != state
    assert [len(h) for h in state.hands] == [11] * players
    assert [len(p) for p in state.mortos] == [11, 11]
    assert len(state.stock) == stock and state.lixo == ()
    assert (state.turn, state.phase, state.log) == (0, Phase.DRAW, ())
    assert [s.morto for s in state.sides] == [MortoStatus.AVAILABLE] * 2
    assert Counter(state.all_cards()) == Counter(deck())


def test_deal_without_jokers_has_104_cards() -> None:
    """Some tables play without jokers: 104 cards [003, variation; option jokers_in_deck]."""
    rules = ruleset("fechado", jokers_in_deck=False)
    state = deal(rules, 4, seed=1)
    assert len(state.stock) == 38 and len(state.all_cards()) == 104
    assert not any(c.is_joker for c in state.all_cards())


def test_deal_refuses_three_players() -> None:
    with pytest.raises(BuracoInputError) as err:
        deal(ruleset("fechado"), 3)
    assert err.value.where == "players"


# --- bad positions ------------------------------------------------------------------------


BASE: dict[str, Any] = {"players": 2, "hands": [["5h", "6h"], 11]}


@pytest.mark.parametrize(
    ("change", "where", "words"),
    [
        ({"hand": [1]}, "position.hand", "unknown field; fields: hands"),
        ({"hands": [["5h"], 11, 11]}, "position.hands", "expected 2 hands"),
        ({"hands": [["5h", "6h", "6x"], 11]}, "position.hands[0][2]", "not a card"),
        ({"hands": [["5h", "5h"], 11], "lixo": ["5h"]}, "position.lixo[0]", "deck holds 2"),
        ({"stock": 3}, "position.stock", "nowhere"),
        ({"hands": [["5h"], 100]}, "position.mortos[0]", "hidden cards"),
        ({"melds": [[["5s", "6s", "7s"], ["3c", "9d", "Kh"]], []]}, "position.melds[0][1]", "meld"),
        ({"melds": [[["5s", "6s", "7s"]]]}, "position.melds", "2 entries"),
        ({"lixo": {"top": "1z", "count": 3}}, "position.lixo.top", "not a card"),
        ({"lixo": {"top": "5c", "count": 0}}, "position.lixo.count", "greater than"),
        ({"hands": [["5h"], -1]}, "position.hands[1]", "greater than"),
        ({"turn": 3}, "position.turn", "does not exist"),
        ({"phase": "dance"}, "position.phase", "draw"),
        (
            {"morto": [{"status": "waiting", "seat": 1}, "available"], "mortos": [11]},
            "position.morto[0].seat",
            "",
        ),
        (
            {"morto": ["taken", {"status": "taken", "seat": 1}], "mortos": []},
            "position.morto[1]",
            "waiting",
        ),
        ({"mortos": [11, 11, 11]}, "position.mortos", "at most 2"),
    ],
)
def test_bad_positions_name_the_field(change: dict[str, Any], where: str, words: str) -> None:
    with pytest.raises(BuracoInputError) as err:
        position_from_data(ruleset("fechado"), {**BASE, **change})
    assert err.value.where == where
    assert words in error_problem(err.value, "en")


def test_a_joker_without_jokers_in_the_deck_is_bad_input() -> None:
    rules = ruleset("fechado", jokers_in_deck=False)
    with pytest.raises(BuracoInputError) as err:
        position_from_data(rules, {**BASE, "hands": [["5h", "JK"], 11]})
    assert err.value.where == "position.hands[0][1]"


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"type": "discard"}, "move.card"),
        ({"type": "fly"}, "move.type"),
        ({"type": "lay", "cards": ["5h", "x"]}, "move.cards[1]"),
        ({"type": "extend", "cards": ["5h"]}, "move.meld"),
        ({"type": "discard", "card": "5h", "extra": 1}, "move.extra"),
        ({"type": "lay", "melds": [["5h", "6h", "7h"], ["9c", "??"]]}, "move.melds[1][1]"),
    ],
)
def test_bad_moves_name_the_field(data: dict[str, Any], where: str) -> None:
    with pytest.raises(BuracoInputError) as err:
        move_from_data(data)
    assert err.value.where == where


def test_mortos_left_out_follow_the_morto_statuses() -> None:
    """A position that says one side took its morto and leaves `mortos` out has one pile
    left, not the two of a fresh deal (which it would contradict)."""
    rules = ruleset("fechado")
    data: dict[str, Any] = {
        "players": 4,
        "phase": "play",
        "hands": [["Kd"], 5, 6, 7],
        "morto": ["taken", "available"],
    }
    assert len(position_from_data(rules, data).mortos) == 1
    assert len(position_from_data(rules, {**data, "morto": ["taken", "taken"]}).mortos) == 0
    assert len(position_from_data(rules, {**data, "morto": ["available"] * 2}).mortos) == 2
