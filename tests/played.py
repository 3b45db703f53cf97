"""Games of the "Jogar" page played on by the tests: the learner's seat by a basic player's
moves, judged and coached as the page does, the computers as the page plays them."""

from __future__ import annotations

import random
from collections.abc import Callable

from buraco_app.game import (
    CoachMode,
    Game,
    Setup,
    computer_move,
    learner_move,
    learner_turn,
    new_game,
    positions,
)
from buraco_core.cards import Card
from buraco_core.judge import legal_moves
from buraco_core.moves import Draw, Lay
from buraco_core.players import make_player, view_of
from buraco_core.state import Phase, State

Melds = list[tuple[Card, ...]]


def played_until(setup: Setup, seed: int, done: Callable[[State], bool]) -> Game:
    """A new game played on until `done` holds for the position (the round must not end
    first)."""
    return played_on(new_game(setup), seed, lambda _, state: done(state))


def played_on(game: Game, seed: int, done: Callable[[Game, State], bool]) -> Game:
    """`game`'s current round played on until `done` holds for the game and its position
    (the round must not end first)."""
    player, rng = make_player("basic"), random.Random(seed)
    while True:
        state = positions(game)[-1]
        if done(game, state):
            return game
        assert state.phase is not Phase.ENDED
        if learner_turn(state):
            move = player.choose(game.rules, view_of(game.rules, state, 0), rng)
            game = learner_move(game, state, move)[0]
        else:
            game = computer_move(game, state)[0]


def played_round(setup: Setup, seed: int) -> Game:
    """A new game whose first round was played to its end."""
    return played_until(setup, seed, lambda state: state.phase is Phase.ENDED)


def a_deal_to_lay(wanted: Callable[[Melds], bool], coach: CoachMode = "on") -> tuple[Game, Melds]:
    """A new 2-player Fechado game, the learner to draw, whose learner could lay these melds
    after drawing from the stock (melds of different cards, as a tap picks them): the first
    deal of 200 where `wanted` holds for them."""
    for seed in range(200):
        game = new_game(Setup("fechado", {}, 2, "basic", coach, seed))
        drawn = learner_move(game, positions(game)[-1], Draw())[0]
        melds = [
            m.melds[0]
            for m in legal_moves(game.rules, positions(drawn)[-1])
            if isinstance(m, Lay) and len(set(m.melds[0])) == len(m.melds[0])
        ]
        if wanted(melds):
            return game, melds
    raise AssertionError("no deal of 200 with the melds wanted after the draw")
