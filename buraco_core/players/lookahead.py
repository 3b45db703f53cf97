"""Look-ahead for the strong player: a choice weighed by playing the round out.

Perfect Information Monte Carlo: the hidden cards are dealt at random consistently with what
the seat sees (`SeatView.determinize`), each candidate move is made in that dealt position,
and the round is played to its end by a fast policy for every seat; the candidate whose
rounds end with the best score difference for the mover's side, on average, is chosen.
Every candidate is tried in the same dealt positions, so that the luck of the deal falls
alike on all of them and the comparison needs fewer rounds. The player never looks at the
real hidden cards: only the dealt ones, which it made up.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from buraco_core.judge import apply, round_score
from buraco_core.moves import Move
from buraco_core.players.view import SeatView
from buraco_core.rules import RuleSet
from buraco_core.state import Phase, State

# A guard, far above a real round's length, for a playout that would not end.
PLAYOUT_MOVES = 600


class Policy(Protocol):
    """A player that decides on a whole position it is allowed to see (a dealt one)."""

    def decide(self, rules: RuleSet, view: SeatView, state: State, rng: random.Random) -> Move: ...


def weigh(
    rules: RuleSet,
    view: SeatView,
    candidates: Sequence[Move],
    deals: int,
    policies: tuple[Policy, Policy],
    rng: random.Random,
) -> list[float]:
    """The mean score difference (the mover's side less the other) at the end of the round
    after each candidate, over `deals` dealt positions, the round played out by `policies`
    (side 0's, side 1's)."""
    totals = [0.0] * len(candidates)
    side = view.seat % 2
    for _ in range(deals):
        world = view.determinize(random.Random(rng.getrandbits(64)))
        seed = rng.getrandbits(64)
        for index, move in enumerate(candidates):
            end = playout(rules, apply(rules, world, move), policies, random.Random(seed))
            score = round_score(rules, end)
            totals[index] += score.sides[side].total - score.sides[1 - side].total
    return [total / deals for total in totals]


def playout(
    rules: RuleSet, state: State, policies: tuple[Policy, Policy], rng: random.Random
) -> State:
    """The round played on by `policies` (side 0's, side 1's), to its end (or the guard)."""
    for _ in range(PLAYOUT_MOVES):
        if state.phase is Phase.ENDED:
            break
        seat = state.turn
        view = open_view(rules, state, seat)
        state = apply(rules, state, policies[seat % 2].decide(rules, view, state, rng))
    return state


def open_view(rules: RuleSet, state: State, seat: int) -> SeatView:
    """The seat's view of a dealt position in a playout, built straight from it: the policy
    reads only the seat's hand and what is public, and the lixo is taken as seen."""
    return SeatView(
        seat=seat,
        turn=state.turn,
        phase=state.phase,
        hand=state.hands[seat],
        sides=state.sides,
        waiting_sizes=tuple(len(s.waiting.cards) if s.waiting else 0 for s in state.sides),
        lixo_seen=state.lixo,
        lixo_size=len(state.lixo),
        hand_sizes=tuple(map(len, state.hands)),
        stock_size=len(state.stock),
        morto_sizes=tuple(map(len, state.mortos)),
        known_held=((),) * state.players,
        jokers_in_deck=rules.jokers_in_deck,
        moves_made=len(state.log),
    )
