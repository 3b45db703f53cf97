"""Self-play: computer players play a round, or a match to the target, and leave a record.

A record holds the rules, the deal (its seed, the first player, who was vulnerable, and the
dealt position itself) and the moves; `judge.replay(record.rules, record.start, record.moves)`
rebuilds the round; dealt again from the seed, the same moves give the same round. Every
move a player returns goes through the judge (`apply`); a refused one is counted in
`illegal_attempts` (it never happens: the players choose among the judge's legal moves) and
replaced by the first legal move, so that a faulty player shows up in the figures instead of
stopping the run.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from buraco_core.judge import IllegalMove, apply, legal_moves, round_score
from buraco_core.moves import Move
from buraco_core.notation import move_to_data
from buraco_core.players.levels import DEFAULT_THINK_MS, Player, make_player
from buraco_core.players.view import TableMemory, view_of
from buraco_core.rules import RuleSet
from buraco_core.scoring import match_standing
from buraco_core.state import EndReason, Phase, State, deal

MAX_MOVES = 20_000  # far above any real round: a guard against players that never end one


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round of self-play: enough to replay it, and its outcome."""

    rules: RuleSet
    players: int
    seed: int
    first: int
    vulnerable: tuple[bool, bool]
    levels: tuple[str, str]  # side 0's level, side 1's
    start: State
    final: State
    illegal_attempts: int = 0

    @property
    def moves(self) -> tuple[Move, ...]:
        return self.final.log

    @property
    def scores(self) -> tuple[int, int]:
        score = round_score(self.rules, self.final)
        return score.sides[0].total, score.sides[1].total

    @property
    def ended_by(self) -> EndReason | None:
        return self.final.ended_by

    def to_data(self) -> dict[str, Any]:
        """The record as JSON data: rules, deal, moves, outcome."""
        return {
            "rules": self.rules.preset,
            "options": self.rules.changed_options(),
            "players": self.players,
            "seed": self.seed,
            "first": self.first,
            "vulnerable": list(self.vulnerable),
            "levels": list(self.levels),
            "moves": [move_to_data(m) for m in self.moves],
            "ended_by": self.ended_by.value if self.ended_by else None,
            "scores": list(self.scores),
            "illegal_attempts": self.illegal_attempts,
        }


def play_round(
    rules: RuleSet,
    sides: tuple[Player, Player],
    seed: int,
    players: int = 4,
    first: int = 0,
    vulnerable: tuple[bool, bool] = (False, False),
) -> RoundRecord:
    """Deal with `seed` and let side 0's and side 1's players play the round out. The same
    arguments give the same round."""
    rng = random.Random(seed)
    state = start = deal(rules, players, seed, first, vulnerable)
    memory = TableMemory.watching(rules, state)
    illegal = 0
    while state.phase is not Phase.ENDED:
        seat = state.turn
        move = sides[seat % 2].choose(rules, view_of(rules, state, seat, memory), rng)
        try:
            after = apply(rules, state, move)  # (the next state only: no explanation)
        except IllegalMove:
            illegal += 1  # a computer player should never try one: counted, and replaced
            move = next(legal_moves(rules, state))
            after = apply(rules, state, move)  # (the judge refusing its own listing raises)
        memory = memory.after(seat, move)
        state = after
        if len(state.log) > MAX_MOVES:
            raise RuntimeError(f"round of seed {seed} did not end in {MAX_MOVES} moves")
    levels = (sides[0].level, sides[1].level)
    return RoundRecord(rules, players, seed, first, vulnerable, levels, start, state, illegal)


def play_rounds(
    rules: RuleSet,
    levels: tuple[str, str],
    rounds: int,
    players: int = 4,
    seed: int = 0,
    think_ms: int = DEFAULT_THINK_MS,
) -> Iterator[RoundRecord]:
    """`rounds` independent rounds, seeds `seed`, `seed + 1`, ...; the first player moves
    round by round."""
    sides = (make_player(levels[0], think_ms), make_player(levels[1], think_ms))
    for index in range(rounds):
        yield play_round(rules, sides, seed + index, players, first=index % players)


def play_match(
    rules: RuleSet,
    levels: tuple[str, str],
    players: int = 4,
    seed: int = 0,
    think_ms: int = DEFAULT_THINK_MS,
    max_rounds: int = 100,
) -> list[RoundRecord]:
    """Rounds until a side reaches the target score (or `max_rounds`), the first player
    moving on each round, vulnerability as the standing says [003]."""
    sides = (make_player(levels[0], think_ms), make_player(levels[1], think_ms))
    records: list[RoundRecord] = []
    rows: list[tuple[int, int]] = []
    while len(records) < max_rounds:
        standing = match_standing(rules, ("A", "B"), rows)
        if standing.finished:
            break
        vulnerable = (*standing.vulnerable, False, False)
        index = len(records)
        record = play_round(
            rules, sides, seed + index, players, index % players, (vulnerable[0], vulnerable[1])
        )
        records.append(record)
        rows.append(record.scores)
    return records


def summarize(records: Iterable[RoundRecord]) -> dict[str, Any]:
    """The figures of a self-play run: rounds, moves, illegal attempts, rounds won per side
    (a tie wins none), mean score per side, batidas and stock-outs. Summed as the rounds
    come, so a long run keeps no record in memory (each holds its round's states)."""
    count = moves = illegal = batidas = stock_outs = 0
    wins, totals = [0, 0], [0, 0]
    for record in records:
        a, b = record.scores
        count += 1
        moves += len(record.moves)
        illegal += record.illegal_attempts
        wins[0] += a > b
        wins[1] += b > a
        totals[0] += a
        totals[1] += b
        batidas += record.ended_by is EndReason.BATIDA
        stock_outs += record.ended_by is EndReason.STOCK_OUT
    return {
        "rounds": count,
        "moves": moves,
        "illegal_attempts": illegal,
        "wins": wins,
        "mean_score": [round(total / count, 1) if count else 0.0 for total in totals],
        "batidas": batidas,
        "stock_outs": stock_outs,
    }
