"""The strong player's look-ahead [issue 14: `strong` may simulate continuations with the
other players' hidden cards dealt at random from what it cannot see].

Take the lixo or draw, go out or play on: each choice is played out to the end of the round
in dealt positions, and the one that ends best for the side is made. It reads only the
seat's view, replays the same for a seed, and makes only legal moves.
"""

from __future__ import annotations

import random
from typing import Any

from buraco_core.cards import deck
from buraco_core.judge import apply, legal_moves, round_score
from buraco_core.moves import Discard, Draw, Lay, TakeLixo
from buraco_core.notation import position_from_data
from buraco_core.players import StrongPlayer, make_player, play_round, view_of
from buraco_core.players.lookahead import open_view, playout, weigh
from buraco_core.players.view import TableMemory
from buraco_core.rules import ruleset
from buraco_core.state import Phase, State

THINK_MS = 200  # 10 positions played out per weighed choice


def position(data: dict[str, Any]) -> State:
    return position_from_data(ruleset("fechado"), {"seed": 9, **data})


# The opponents hold their morto and three canastras, their hands are small: seat 0 can go
# out by laying its last three cards [seeds 001, 002, 003: going out needs the morto and a
# canastra], though the round's count still favours the opponents.
GO_OUT = {
    "players": 4,
    "phase": "play",
    "hands": [["Jh", "Qh", "Kh"], 6, 9, 6],
    "melds": [
        [["3s", "4s", "5s", "6s", "7s", "8s", "9s"]],
        [
            ["4c", "5c", "6c", "7c", "8c", "9c", "10c", "Jc", "Qc", "Kc", "Ac"],
            ["3h", "4h", "5h", "6h", "7h", "8h", "9h"],
            ["3d", "4d", "5d", "6d", "7d", "8d", "9d"],
        ],
    ],
    "morto": ["taken", "taken"],
    "mortos": [],
    "lixo": {"top": "10s", "count": 5},
}


def test_strong_goes_out_when_waiting_lets_the_opponents_go_out_first() -> None:
    """Going out [seed 003: batida +100, the opponents pay their hands]: by the round's count
    alone (no budget to look ahead) strong would play on, hoping to catch up; played out,
    waiting lets the opponents, who hold their morto, go out first, so it goes out now."""
    rules = ruleset("fechado")
    view = view_of(rules, position(GO_OUT), 0)
    assert isinstance(StrongPlayer(0).choose(rules, view, random.Random(0)), Discard)
    for seed in range(3):
        move = StrongPlayer(THINK_MS).choose(rules, view, random.Random(seed))
        assert isinstance(move, Lay)
        assert apply(rules, position(GO_OUT), move).phase is Phase.ENDED


def test_the_look_ahead_weighs_a_batida_at_its_score() -> None:
    """Going out ends the round at once, so in every dealt position its value is the round's
    score difference [seed 003]: the side's table, canastra and batida, less the opponents'
    table, plus what their hands cost them (21 hidden cards, 5 to 50 points each)."""
    rules = ruleset("fechado")
    state = position(GO_OUT)
    view = view_of(rules, state, 0)
    go_out = Lay((view.hand,))
    policies = (StrongPlayer(0), StrongPlayer(0))
    [value] = weigh(rules, view, [go_out], 12, policies, random.Random(1))
    score = round_score(rules, apply(rules, state, go_out))
    their_table = sum(i.points for i in score.sides[1].items if i.code != "hand_cards")
    assert score.sides[0].total - their_table + 21 * 5 <= value
    assert value <= score.sides[0].total - their_table + 21 * 50


def test_a_playout_ends_the_round_with_every_card_in_place() -> None:
    """A play-out is a whole legal round: it ends, and no card is lost or made up."""
    rules = ruleset("fechado")
    state = position({"players": 4, "phase": "draw", "hands": [11, 11, 11, 11]})
    end = playout(rules, state, (StrongPlayer(0), StrongPlayer(0)), random.Random(3))
    assert end.phase is Phase.ENDED
    assert sorted(map(repr, end.all_cards())) == sorted(map(repr, deck(True)))


def test_the_play_out_view_is_what_the_seat_sees() -> None:
    """The view a play-out hands a policy shows the seat's own hand and the public table,
    nothing of the other hands."""
    rules = ruleset("fechado")
    state = position({"players": 4, "phase": "draw", "hands": [11, 11, 11, 11]})
    view = open_view(rules, state, 2)
    assert view.hand == state.hands[2] and view.hand_sizes == (11, 11, 11, 11)
    assert view.known_held == ((), (), (), ())


# Seat 0 may take the 10♠ with its 8♠ 9♠ (Fechado) or draw: a choice the look-ahead weighs.
CONTESTED_DRAW = {
    "players": 4,
    "phase": "draw",
    "hands": [["8s", "9s", "Kc", "4d", "Qh"], 11, 11, 11],
    "lixo": {"top": "10s", "count": 6},
}


def test_the_look_ahead_chooses_among_legal_moves_only() -> None:
    """At a contested draw (a justified pickup or the stock) the choice is one of the
    judge's legal moves [seeds 002, 003]."""
    rules = ruleset("fechado")
    state = position(CONTESTED_DRAW)
    move = make_player("strong", THINK_MS).choose(rules, view_of(rules, state, 0), random.Random(0))
    assert isinstance(move, TakeLixo | Draw) and move in list(legal_moves(rules, state))


def test_a_seed_replays_the_same_round_with_the_look_ahead() -> None:
    """Determinism: the dealt positions come from the `random.Random` the player is given,
    so the same seed plays the same round, move for move."""
    rules = ruleset("fechado")
    sides = (make_player("strong", 40), make_player("basic"))
    first = play_round(rules, sides, 21, 4)
    again = play_round(rules, sides, 21, 4)
    assert first.moves == again.moves and first.scores == again.scores
    assert first.illegal_attempts == 0


def test_the_look_ahead_sees_only_the_seat_s_view() -> None:
    """Two positions that differ only in cards seat 0 cannot see give the same view, and
    so the same choice [issue 14: it never looks at hidden cards]."""
    rules = ruleset("fechado")
    one, other = position({**CONTESTED_DRAW, "seed": 1}), position({**CONTESTED_DRAW, "seed": 2})
    assert one.hands[1] != other.hands[1]
    views = [view_of(rules, s, 0, TableMemory.watching(rules, s)) for s in (one, other)]
    assert views[0] == views[1]
    player = make_player("strong", THINK_MS)
    assert player.choose(rules, views[0], random.Random(5)) == player.choose(
        rules, views[1], random.Random(5)
    )


# Seat 0's side holds its morto and a canastra; its last two cards are the 2♦, which goes
# onto its ace trinca, and the 9♣: the wild first, then the discard, is going out [seeds
# 001, 002, 003]. The opponents still wait for their morto, so no hurry lays the wild.
OUT_IN_TWO = {
    "players": 4,
    "phase": "play",
    "hands": [["2d", "9c"], 9, 11, 9],
    "melds": [
        [
            ["3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "Js", "Qs", "Ks"],
            ["Ac", "Ah", "As"],
            ["4h", "5h", "6h", "7h", "8h", "9h", "10h"],
        ],
        [["5c", "6c", "7c"]],
    ],
    "morto": ["taken", "available"],
    "mortos": [11],
    "lixo": {"top": "10d", "count": 5},
}


def test_strong_goes_out_when_a_wild_must_go_down_first() -> None:
    """Going out [seed 003: +100, the opponents pay their hands] sometimes takes two moves:
    the last wild onto a meld, then the discard. Strong, far ahead, goes out that way; it
    kept the wild (its habits keep wilds off melds) and discarded the other card."""
    rules = ruleset("fechado")
    state = position(OUT_IN_TWO)
    view = view_of(rules, state, 0)
    for player in (StrongPlayer(0), StrongPlayer(THINK_MS)):
        move = player.choose(rules, view, random.Random(1))
        assert not isinstance(move, Discard), move
        after = apply(rules, state, move)
        assert [str(c) for c in after.hand] == ["9c"]
        out = apply(rules, after, Discard(after.hand[0]))
        assert out.phase is Phase.ENDED and out.sides[0].went_out
