"""Random play: whole rounds, every move drawn from `legal_moves`, invariants after each.

After every move: all cards are accounted for (108, or 104 without jokers); only the player
on turn may move; the move played is legal by `play` (verdict and next state in one
judgement), and `apply` agrees with it: replaying the log from the deal gives the final
state (checked at the end and at a random point; the deep rounds also hold `check` and
`apply` to `play` at every move, and every legal move to `check`); the log grows by the
move; random illegal moves are refused with a reason and leave the state as it was; the
single-card extensions and the justified pickups the judge accepts are all listed by
`legal_moves`. Every finished round's score items sum to its totals, which an independent
count confirms. Both endings (batida and stock out) occur under every preset.

The 10,000-round suite is marked slow and runs in CI (plain `pytest`: in worker processes
from the start of the session, beside the other tests, see tests/conftest.py); skip it
locally with `pytest --fast`. A 200-round
sample always runs. Failures name the round (preset, players, seed, options) so that it can
be replayed with `play_round(setup(seed), deep=True)`.
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections import Counter, _count_elements  # type: ignore[attr-defined]
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from buraco_core import judge
from buraco_core.cards import Card, card_points, deck, parse_cards
from buraco_core.codes import Code
from buraco_core.judge import (
    IllegalMove,
    apply,
    check,
    is_legal,
    legal_moves,
    play,
    replay,
    round_score,
)
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.notation import position_from_data
from buraco_core.rules import RuleSet, ruleset
from buraco_core.state import EndReason, MortoStatus, Phase, State, deal
from buraco_core.verdict import Reason, Verdict

PRESETS = ("aberto", "fechado", "stbl")
SLOW_ROUNDS = 10_000
FAST_ROUNDS = 200

# Every 7th round plays with one option changed, to reach the rule options' paths too.
VARIANTS: tuple[dict[str, Any], ...] = (
    {"go_out_by": "discard"},
    {"pickup": "top_card_two_from_hand"},
    {"vulnerable_min_meld_points": 75},
    {"wild_top_card_new_meld_only": False},
    {"big_canastras_at_once": True, "trincas": True},
    {"wild_two_beside_natural_two": True},
    {"unused_indirect_morto_paid": False, "both_mortos_stock_penalty": False},
)


@dataclass(frozen=True)
class Setup:
    preset: str
    players: int
    seed: int
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def rules(self) -> RuleSet:
        return ruleset(self.preset, **dict(self.options))

    def __str__(self) -> str:
        opts = ", ".join(f"{k}={v}" for k, v in self.options)
        return f"{self.preset}, {self.players} players, seed {self.seed}" + (
            f", {opts}" if opts else ""
        )


def setup(index: int) -> Setup:
    """Round `index` of the suite: presets and player counts in turn, one round in five
    without jokers (104 cards), one in seven with a rule option changed."""
    options: dict[str, Any] = {}
    if index % 5 == 4:
        options["jokers_in_deck"] = False
    if index % 7 == 6:
        options.update(VARIANTS[(index // 7) % len(VARIANTS)])
    return Setup(
        PRESETS[index % 3], (2, 4)[(index // 3) % 2], index, tuple(sorted(options.items()))
    )


@dataclass
class Tally:
    rounds: int = 0
    moves: int = 0
    endings: Counter[tuple[str, str]] = field(default_factory=Counter)
    illegal_codes: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.rounds += other.rounds
        self.moves += other.moves
        self.endings.update(other.endings)
        self.illegal_codes.update(other.illegal_codes)
        self.failures.extend(other.failures)


# --- the random player ----------------------------------------------------------------------


def choose(moves: list[Move], rng: random.Random) -> Move:
    """Biased toward melding, so that rounds also end by batida: the lixo is taken three
    times in ten when it can be, and a meld is made 85 times in a hundred when one can."""
    first = moves[0]
    if isinstance(first, Draw | TakeLixo):  # (the draw phase: a draw comes first, if any)
        pickups = [m for m in moves if type(m) is TakeLixo]
        if pickups and (type(first) is not Draw or rng.random() < 0.3):
            return rng.choice(pickups)
        return first
    melds = [m for m in moves if type(m) is Lay or type(m) is Extend]
    discards = [m for m in moves if type(m) is Discard]
    # No discard while a vulnerable side's first baixada is short [003]: meld on.
    if melds and (not discards or rng.random() < 0.85):
        return rng.choice(melds)
    return rng.choice(discards)


# --- invariants ---------------------------------------------------------------------------


def full_deck(rules: RuleSet) -> Counter[Card]:
    return Counter(deck(rules.jokers_in_deck))


def cards_accounted(state: State, expected: Counter[Card]) -> bool:
    """Every card of the deck lies somewhere, once (copies counted; cards are interned, so
    counting them is counting kinds). Counted into a plain dict by the C helper Counter
    itself counts with (a new Counter's own Python layers took a third of the check's time,
    at every move) and compared as plain dicts, in C: Counter's own `==` is a Python loop,
    and neither side has a count of 0."""
    counts: dict[Card, int] = {}
    _count_elements(counts, state.all_cards())
    return dict.__eq__(counts, expected)


DECKS = {True: list(deck(True)), False: list(deck(False))}


def illegal_moves(
    rules: RuleSet, state: State, rng: random.Random
) -> list[tuple[Callable[[], Move], str]]:
    """Moves the judge must refuse here, each with the reason code expected first. Each is
    made only when tried (most rounds try two of them per move)."""
    seat = state.turn
    other = rng.choice([s for s in range(state.players) if s != seat])
    hand = state.hand
    side = state.sides[state.side_of(seat)]
    out: list[tuple[Callable[[], Move], str]] = [(lambda: Draw(seat=other), "not_your_turn")]
    cards = DECKS[rules.jokers_in_deck]
    picks = (cards[rng.randrange(len(cards))] for _ in range(20))
    stranger = next((c for c in picks if c not in hand), None)
    if stranger is not None and state.phase is Phase.PLAY:
        out.append((lambda: Discard(stranger), "card_not_in_hand"))
        out.append((lambda: Lay(((stranger, *hand[:2]),)), "card_not_in_hand"))
        if side.melds:
            out.append((lambda: Extend(0, (stranger,)), "card_not_in_hand"))
    if state.phase is Phase.DRAW:
        if hand:
            mine = rng.choice(hand)
            out.append((lambda: Discard(mine), "must_draw_first"))
            out.append((lambda: Lay((hand[:3],)), "must_draw_first"))
        if state.lixo and rules.pickup != "free":
            out.append((TakeLixo, "pickup_needs_justification"))
        if state.lixo and hand:
            # Hand cards go with the top card onto a table meld only.
            unjustified = rules.pickup != "free"
            code = "pickup_needs_justification" if unjustified else "pickup_cards_need_extend"
            out.append((lambda: TakeLixo(cards=(hand[0],)), code))
    else:
        out.append((Draw, "already_drew"))
        out.append((TakeLixo, "already_drew"))
        theirs = 1 - state.side_of(seat)
        if state.sides[theirs].melds and hand:
            out.append((lambda: Extend(0, (hand[0],), side=theirs), "not_your_meld"))
        if hand:
            out.append((lambda: Extend(len(side.melds), (hand[0],)), "no_such_meld"))
    return out


def check_not_listed(rules: RuleSet, state: State, listed: set[Move], deep: bool) -> list[str]:
    """Single-card extensions and justified pickups onto a meld that the judge accepts must
    be listed by legal_moves. The judge here is `is_legal` (no verdict written); `deep` also
    holds it to `check` on each move tried."""
    missing = []
    melds = state.sides[state.side_of(state.turn)].melds
    distinct = list(dict.fromkeys(state.hand))
    if state.phase is Phase.PLAY:
        tries: list[Move] = [Extend(i, (c,)) for i in range(len(melds)) for c in distinct]
    elif state.lixo and rules.pickup != "free":
        tries = [TakeLixo(extend=i) for i in range(len(melds))]
        tries += [TakeLixo(extend=i, cards=(c,)) for i in range(len(melds)) for c in distinct]
    else:
        tries = []
    if not deep:  # a listed move cannot fail here: only the others are judged
        tries = [move for move in tries if move not in listed]
    for move in tries:
        legal = is_legal(rules, state, move)
        if deep and legal != check(rules, state, move).ok:
            missing.append(f"is_legal and check disagree on {move}")
        if legal and move not in listed:
            missing.append(f"legal but not listed: {move}")
    return missing


def expected_total(rules: RuleSet, state: State, side_index: int) -> int:
    """The side's round score counted afresh from the table (not from the score items)."""
    side = state.sides[side_index]
    total = 0
    for meld in side.melds:
        total += sum(card_points(c, rules.joker_points) for c in meld.cards)
        total += meld.bonus(rules)
    if side.went_out:
        total += rules.batida_points
    for seat in state.seats_of(side_index):
        total -= sum(card_points(c, rules.joker_points) for c in state.hands[seat])
    took = [
        s.morto is MortoStatus.TAKEN
        or (
            s.morto is MortoStatus.WAITING
            and not (rules.unused_indirect_morto_paid and state.sides[1 - i].went_out)
        )
        for i, s in enumerate(state.sides)
    ]
    waiting = side.waiting
    received = rules.partner_may_go_out_while_morto_waits or not rules.unused_indirect_morto_paid
    if took[side_index] and waiting is not None and received:  # in the hand [000]
        total -= sum(card_points(c, rules.joker_points) for c in waiting.cards)
    if not took[side_index] and (any(took) or rules.both_mortos_stock_penalty):
        total -= rules.morto_penalty
    if rules.round_up_to_ten:
        total = -(-total // 10) * 10
    return total


def play_round(game: Setup, deep: bool) -> Tally:
    """Play one round at random, checking the invariants; `deep` checks more per move."""
    tally = Tally(rounds=1)
    rules = game.rules
    rng = random.Random(game.seed)
    vulnerable = (True, False) if rules.vulnerable_min_meld_points else (False, False)
    start = deal(rules, game.players, game.seed, vulnerable=vulnerable)
    expected = full_deck(rules)
    state = start
    midpoint: State | None = None
    fail = tally.failures.append
    try:
        assert cards_accounted(state, expected), "cards at the deal"
        while state.phase is not Phase.ENDED:
            moves = list(legal_moves(rules, state))
            assert bool(moves), f"stuck at move {len(state.log)}: no legal move"
            listed = set(moves)
            assert len(listed) == len(moves), "a move listed twice"
            if deep:  # (otherwise the move played is the one checked)
                for move in moves:
                    verdict = check(rules, state, move)
                    assert verdict.ok, f"listed {move} refused: {verdict.codes}"
            if deep or rng.random() < 0.03:
                missing = check_not_listed(rules, state, listed, deep)
                assert not missing, "; ".join(missing)
            snapshot = (state.hands, state.sides, state.stock, state.lixo, state.mortos)
            bad_moves = illegal_moves(rules, state, rng)
            if not deep:
                bad_moves = rng.sample(bad_moves, min(2, len(bad_moves)))
            for make, code in bad_moves:
                bad = make()
                verdict = check(rules, state, bad)
                assert not verdict.ok and verdict.codes[:1] == (code,), (
                    f"illegal {bad}: expected {code}, got {verdict.codes}"
                )
                try:
                    apply(rules, state, bad)
                except IllegalMove as refused:
                    assert refused.verdict == verdict, "apply and check disagree"
                else:
                    raise AssertionError(f"apply accepted the illegal {bad}")
                tally.illegal_codes[code] += 1
            assert snapshot == (state.hands, state.sides, state.stock, state.lixo, state.mortos), (
                "an illegal move changed the state"
            )
            move = choose(moves, rng)
            # The verdict and the next state in one judgement; `apply` is held to them by
            # the replay of the whole log at the end (every move, from the deal).
            verdict, played = play(rules, state, move)
            assert verdict.ok and played is not None, f"{move} refused: {verdict.codes}"
            after = played
            if deep:
                assert (check(rules, state, move), apply(rules, state, move)) == (
                    verdict,
                    after,
                ), "check or apply disagrees with play"
            assert after.log == (*state.log, move), "the log did not record the move"
            assert cards_accounted(after, expected), f"cards lost or made by {move}"
            state = after
            tally.moves += 1
            if midpoint is None and rng.random() < 0.02:
                midpoint = state
            assert len(state.log) < 5000, "the round does not end"
        assert replay(rules, start, state.log) == state, "replaying the log differs"
        if midpoint is not None:
            again = replay(rules, start, midpoint.log)
            assert again == midpoint, "replaying a prefix of the log differs"
        assert state.ended_by is not None, "ended without a reason"
        score = round_score(rules, state)
        for index, side in enumerate(score.sides):
            assert side.total == sum(item.points for item in side.items), (
                "items do not sum to the total"
            )
            assert side.total == expected_total(rules, state, index), (
                f"side {index} total {side.total} != {expected_total(rules, state, index)}"
            )
            batida = any(item.code == "batida" for item in side.items)
            assert batida == (state.ended_by is EndReason.BATIDA and state.sides[index].went_out), (
                "batida item without a batida (or the reverse)"
            )
        assert state.ended_by is not None
        tally.endings[(game.preset, state.ended_by.value)] += 1
    except IllegalMove as refused:  # (replaying the log: apply refused what play took)
        fail(f"[{game}] move {len(state.log)}: replaying the log, apply refused {refused}")
    except AssertionError as error:
        first = "\n    ".join(str(error).splitlines()[:3])
        fail(f"[{game}] move {len(state.log)}: {first}")
    return tally


def play_rounds(indexes: range, deep_every: int = 0) -> Tally:
    """Play these rounds; every `deep_every`-th one (0: none) with the deep checks."""
    tally = Tally()
    for index in indexes:
        tally.add(play_round(setup(index), bool(deep_every) and index % deep_every == 0))
    return tally


def slow_chunks() -> list[tuple[Callable[..., Tally], tuple[range, int]]]:
    """The 10,000 rounds in chunks of 100 for worker processes (tests/conftest.py): one
    round in a hundred with the deep checks."""
    return [
        (play_rounds, (range(i, min(i + 100, SLOW_ROUNDS)), 100))
        for i in range(0, SLOW_ROUNDS, 100)
    ]


def assert_suite(tally: Tally, rounds: int) -> None:
    assert not tally.failures, f"{len(tally.failures)} failing rounds:\n" + "\n".join(
        tally.failures[:10]
    )
    assert tally.rounds == rounds
    for preset in PRESETS:
        for ending in ("batida", "stock_out"):
            assert tally.endings[(preset, ending)] > 0, (preset, ending, tally.endings)
    assert sum(tally.endings.values()) == rounds


# --- the tests ----------------------------------------------------------------------------


def sample_chunks() -> list[tuple[Callable[..., Tally], tuple[range, int]]]:
    """The 200 rounds in two halves, one in twenty with the deep checks (tests/conftest.py:
    beside the other tests, on a core the quick run leaves idle)."""
    half = FAST_ROUNDS // 2
    return [(play_rounds, (range(0, half), 20)), (play_rounds, (range(half, FAST_ROUNDS), 20))]


@pytest.mark.background(work=sample_chunks)
def test_random_rounds_sample(background: list[Tally]) -> None:
    """200 rounds; one in twenty checks every legal move and every illegal move it knows."""
    tally = Tally()
    for part in background:
        tally.add(part)
    assert_suite(tally, FAST_ROUNDS)
    assert {"not_your_turn", "card_not_in_hand", "must_draw_first", "already_drew"} <= set(
        tally.illegal_codes
    )
    assert {
        "pickup_needs_justification",
        "pickup_cards_need_extend",
        "not_your_meld",
        "no_such_meld",
    } <= set(tally.illegal_codes)


@pytest.mark.slow
@pytest.mark.background(work=slow_chunks)
def test_random_rounds_10000(background: list[Tally]) -> None:
    """10,000 rounds across the presets, 2 and 4 players, with and without jokers (played
    in worker processes beside the other tests)."""
    tally = Tally()
    for part in background:
        tally.add(part)
    assert_suite(tally, SLOW_ROUNDS)
    print(f"\n{tally.rounds} rounds, {tally.moves} moves; endings: {dict(tally.endings)}")


def test_a_broken_invariant_is_reported_with_its_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness itself: an engine that loses a card is caught at the move that lost it,
    and the report names the round so that it can be replayed."""
    game = setup(4)
    assert str(game) == "fechado, 4 players, seed 4, jokers_in_deck=False"
    assert full_deck(game.rules).total() == 104

    real_play = judge._play

    def leaky_play(
        rules: RuleSet, state: State, move: Move, build: bool = True, explain: bool = True
    ) -> tuple[Verdict, State | None]:
        verdict, after = real_play(rules, state, move, build, explain)
        if after is not None and len(after.log) == 5:  # the fifth move drops the stock's top
            after = dataclasses.replace(after, stock=after.stock[:-1])
        return verdict, after

    monkeypatch.setattr(judge, "_play", leaky_play)  # (check, apply, play and replay)
    tally = play_round(game, deep=False)
    assert len(tally.failures) == 1
    assert tally.failures[0].startswith(f"[{game}] move 4: cards lost or made by")


@pytest.mark.parametrize("refuse", [False, True], ids=["differs", "refuses"])
def test_an_apply_that_disagrees_with_play_is_reported_with_its_round(
    monkeypatch: pytest.MonkeyPatch, refuse: bool
) -> None:
    """The harness itself: the move played is judged by `play`, and `apply` is held to it
    by the replay of the log at the end. An apply that builds another state at the fifth
    move (the stock's top card on the lixo: no card lost), or refuses it, fails the round,
    named."""
    game = setup(4)
    real_apply = judge.apply

    def wrong_apply(rules: RuleSet, state: State, move: Move) -> State:
        after = real_apply(rules, state, move)
        if len(after.log) != 5:
            return after
        if refuse:
            raise IllegalMove(Verdict(False, (Reason(Code.ROUND_OVER, {}),)))
        return dataclasses.replace(
            after, stock=after.stock[:-1], lixo=(*after.lixo, after.stock[-1])
        )

    monkeypatch.setattr(judge, "apply", wrong_apply)  # (replay's)
    monkeypatch.setattr(sys.modules[__name__], "apply", wrong_apply)
    tally = play_round(game, deep=False)
    assert len(tally.failures) == 1
    # (another state may also make a later move of the log illegal: refused, as reported)
    assert tally.failures[0].startswith(f"[{game}] move "), tally.failures
    assert ": replaying the log" in tally.failures[0], tally.failures
    if refuse:
        assert tally.failures[0].endswith("apply refused round_over"), tally.failures


def test_legal_moves_lists_a_long_run_with_one_ace_once() -> None:
    """A-W-3..Q and 3..Q-W-A are the same cards: one move, not two (found by this suite,
    seed 4374)."""
    rules = ruleset("stbl")
    run = [str(c) for c in parse_cards("Ah 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh 2s")]
    state = position_from_data(rules, {"players": 2, "phase": "play", "hands": [[*run, "9c"], 11]})
    lays = [m for m in legal_moves(rules, state) if isinstance(m, Lay)]
    keys = [tuple(sorted(map(str, m.melds[0]))) for m in lays]
    assert len(keys) == len(set(keys))
    assert tuple(sorted(run)) in keys
