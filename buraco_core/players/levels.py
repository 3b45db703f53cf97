"""Computer players by level: `random`, `basic`, `strong`.

Each decides one move at a time from its seat's view (a turn is several moves: draw or take
the lixo, lays and extensions, one discard), asking the judge for the legal moves in a
position dealt consistently with the view; so every move it returns is legal, and the
harness checks it again. Randomness comes only from the `random.Random` passed in.

- `random`: uniform over the legal moves (a baseline for tests).
- `basic`: habits. Goes out and beats whenever it can, lays and extends with natural cards,
  puts a wild down only to complete a canastra or to empty a small hand (the morto early),
  and none once its side holds the morto without the clean canastra it needs to go out;
  takes the lixo when the pickup keeps its melds clean or the pile is big, the open lixo
  (Aberto) when its cards go down rather than swell the hand; never discards a wild, and
  discards the card that connects least with its hand.
- `strong`: plans on top of that. Looks ahead on the two choices that swing a round most:
  take the lixo or draw, and go out or play on. Each is played out to the end of the round
  in positions dealt at random from what the seat cannot see, its own side by its habits
  and the other side as `basic` plays (`lookahead.py`), and the choice that ends best on
  average is made (an open lixo only where its habits would take it: taken whenever it
  scores, it swells the hand and the round drags on to a stock-out); without a budget for
  that (and in the play-outs themselves) it takes a closed lixo whenever it holds two
  cards or more and an open one much as `basic` does, and goes out when the round's count
  favours its side or the end is near. It puts a wild into a new meld to get cards down
  sooner (the round is a race to the morto and out), where the lixo is closed (Fechado,
  STBL) only once its side has a canastra, but onto a meld only for a canastra it
  can go out with (a clean one in STBL and Aberto stays in reach) or, once the opponents
  hold their morto, to get the wild out of the hand before they go out; never lays a card
  that lowers a canastra's bonus (`lowers_bonus`: STBL's 500 with the high ace); prefers laying out
  (a direct beat) to discarding the last card, and discards safely: it deals the next
  opponent's hidden hand at random many times from the unseen cards (keeping the cards it
  is known to hold from lixo pickups) and weighs how often that hand, or the opponents'
  melds, could take the lixo with each card against how much the card is worth keeping
  (Perfect Information Monte Carlo, on feeding the lixo). The thinking budget sets how many
  hands it deals (`SAMPLES_PER_MS`) and how many positions it plays out (`DEALS_PER_MS`):
  counts rather than a clock, so that a seed replays the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from buraco_core.cards import ACE, ACE_HIGH, Card, Suit, card_points, deck
from buraco_core.judge import apply, legal_moves
from buraco_core.melds import Meld, extended, judged
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo, hand_cards
from buraco_core.players.lookahead import weigh
from buraco_core.players.view import SeatView
from buraco_core.rules import RuleSet
from buraco_core.state import MortoStatus, Phase, State

LEVELS: tuple[str, ...] = ("random", "basic", "strong")
DEFAULT_THINK_MS = 800
SAMPLES_PER_MS = 0.5  # dealt hands per millisecond of budget: a count, so play is reproducible
DEALS_PER_MS = 0.05  # positions played out per ms at a weighed choice: the budget ~ the clock


class Player(Protocol):
    """A computer player: one legal move for the seat on turn, from what that seat sees."""

    @property
    def level(self) -> str: ...

    def choose(self, rules: RuleSet, view: SeatView, rng: random.Random) -> Move: ...


def make_player(level: str, think_ms: int = DEFAULT_THINK_MS) -> Player:
    """A player of the named level; `think_ms` is the strong player's thinking budget."""
    if level == "random":
        return RandomPlayer()
    if level == "basic":
        return BasicPlayer()
    if level == "strong":
        return StrongPlayer(think_ms)
    from buraco_core.errors import BuracoInputError, InputCode

    raise BuracoInputError(InputCode.NOT_ONE_OF, "level", value=level, allowed=", ".join(LEVELS))


class RandomPlayer:
    level = "random"

    def choose(self, rules: RuleSet, view: SeatView, rng: random.Random) -> Move:
        return rng.choice(list(legal_moves(rules, view.determinize())))


@dataclass(frozen=True, slots=True)
class Option:
    """A legal move and what it does to the mover's side (judged on the dealt position).
    `after`, the position the move leads to, is made when first read: most options are
    only ranked by their figures."""

    move: Move
    wilds_added: int  # wild slots the side gains (negative: a 2 turned natural)
    canastras_added: int
    clean_canastras_added: int
    cards_laid: int
    beat: bool  # the side takes its morto with this move (direct beat)
    ended: bool  # the round ends (the side goes out)
    rules: RuleSet = field(repr=False, compare=False)
    before: State = field(repr=False, compare=False)
    made: State | None = field(default=None, repr=False, compare=False)  # `after`, once read

    @property
    def after(self) -> State:
        after = self.made
        if after is None:
            after = apply(self.rules, self.before, self.move)
            object.__setattr__(self, "made", after)  # (a cache: the value never changes)
        return after


class BasicPlayer:
    """Sensible habits, no look at the opponents (see the module docstring)."""

    level = "basic"

    def choose(self, rules: RuleSet, view: SeatView, rng: random.Random) -> Move:
        return self.decide(rules, view, view.determinize(), rng)

    def decide(self, rules: RuleSet, view: SeatView, state: State, rng: random.Random) -> Move:
        """The move for `view`, judged on `state`: a position consistent with it (the seat's
        own moves are legal in one exactly when they are in the other)."""
        moves = list(legal_moves(rules, state))
        if len(moves) == 1:
            return moves[0]
        if view.phase is Phase.DRAW:
            return self.draw_or_take(rules, view, state, moves, rng)
        melds = [m for m in moves if isinstance(m, Lay | Extend)]
        options = judge_options(rules, state, melds, view.seat)
        discards = [m for m in moves if isinstance(m, Discard)]
        return self.play_on(rules, view, options, discards, rng) or moves[0]

    def play_on(
        self,
        rules: RuleSet,
        view: SeatView,
        options: Sequence[Option],
        discards: Sequence[Discard],
        rng: random.Random,
    ) -> Move | None:
        """After the draw: a meld move, else a discard (None: neither is left)."""
        chosen = self.meld_move(rules, view, options, rng)
        if chosen is not None or not discards:
            return chosen
        return self.discard(rules, view, discards, rng)

    # --- the draw ---------------------------------------------------------------------------

    def draw_or_take(
        self,
        rules: RuleSet,
        view: SeatView,
        state: State,
        moves: Sequence[Move],
        rng: random.Random,
    ) -> Move:
        draw, best = self.draw_and_best_pickup(rules, view, state, moves)
        if best is not None and (draw is None or self.take_pays(rules, view, best)):
            return best.move
        return draw if draw is not None else moves[0]

    def draw_and_best_pickup(
        self, rules: RuleSet, view: SeatView, state: State, moves: Sequence[Move]
    ) -> tuple[Draw | None, Option | None]:
        """The draw among `moves`, and the lixo pickup this level ranks first (or None)."""
        draw = next((m for m in moves if isinstance(m, Draw)), None)
        lixo = [m for m in moves if isinstance(m, TakeLixo)]
        pickups = judge_options(rules, state, lixo, view.seat)
        return draw, _best(pickups, self.pickup_rank) if pickups else None

    # When a lixo is worth taking whatever it adds to the hand: (open lixo: how many of its
    # cards go down at once; closed lixo: how big it is, with a wild in it).
    pile_worth_taking = (4, 4)
    # How many cards of an open lixo may stay in the hand, racing to the morto and after it:
    # a draw brings one too; once the morto is in, the stock runs short before the hand does
    # (a pickup draws none), so a little more.
    dead_weight = (1, 2)
    # Whether a pickup should lay as many hand cards as it can (the race to the morto) or
    # keep them.
    racing = False

    def pickup_rank(self, option: Option) -> tuple[int, int, int]:
        """Clean first, then a canastra, then hand cards kept (or, racing, laid)."""
        laid = option.cards_laid if self.racing else -option.cards_laid
        return (-option.wilds_added, option.canastras_added, laid)

    def take_pays(self, rules: RuleSet, view: SeatView, pickup: Option) -> bool:
        if rules.pickup == "free":
            return self.open_lixo_pays(rules, view, pickup)
        return pickup.wilds_added <= 0 or view.lixo_size >= self.pile_worth_taking[1]

    def open_lixo_pays(self, rules: RuleSet, view: SeatView, pickup: Option) -> bool:
        """Aberto: anyone may take the open lixo, and taking it every time swells the hand,
        which must empty for the morto and for the batida. So it is taken when the cards that
        do not go down at once are no more than `dead_weight`, or when enough go down to
        build canastras; and only if one of them can go down, else the same cards could pass
        round the table for ever (near the end nobody may lay their last cards)."""
        going_down = _open_lixo_going_down(rules, view)
        if going_down == 0:
            return False
        stays = view.lixo_size - going_down
        dead_weight = self.dead_weight[0 if _racing_to_morto(view) else 1]
        if stays > dead_weight and going_down < self.pile_worth_taking[0]:
            return False
        return _lays_from_lixo(rules, view, pickup)

    # --- lays and extensions ----------------------------------------------------------------

    def meld_move(
        self, rules: RuleSet, view: SeatView, options: Sequence[Option], rng: random.Random
    ) -> Move | None:
        finishing = [o for o in options if o.ended or o.beat]
        if finishing:
            return _best(finishing, _meld_rank).move
        left = len(view.hand)
        # Where going out needs a clean canastra (Aberto, STBL), a side past its morto
        # without one keeps its wilds: dirty canastras alone never let it go out, and the
        # round would drag on to a stock-out.
        if (
            rules.go_out_requires == "clean_canastra"
            and not _racing_to_morto(view)
            and not _has_clean_canastra(rules, view.sides[view.side].melds)
        ):
            return _clean_else(options, lambda o: False)
        return _clean_else(options, lambda o: o.canastras_added > 0 or left - o.cards_laid <= 2)

    # --- the discard ------------------------------------------------------------------------

    def discard(
        self, rules: RuleSet, view: SeatView, discards: Sequence[Discard], rng: random.Random
    ) -> Move:
        keeping = _Keeping(view.hand, view.melds_of(view.side), rules)
        return _best(discards, lambda d: keeping.value(d.card), lowest=True)


class StrongPlayer(BasicPlayer):
    """Plans the wilds, the beat and the batida, and discards safely (module docstring)."""

    level = "strong"

    def __init__(self, think_ms: int = DEFAULT_THINK_MS, look_ahead: bool = True) -> None:
        self.think_ms = think_ms
        self.look_ahead = look_ahead

    @property
    def samples(self) -> int:
        return max(4, round(self.think_ms * SAMPLES_PER_MS))

    pile_worth_taking = (3, 2)
    racing = True

    @property
    def deals(self) -> int:
        """Dealt positions per look-ahead: a count, so that a seed replays the same game."""
        return round(self.think_ms * DEALS_PER_MS) if self.look_ahead else 0

    def draw_or_take(
        self,
        rules: RuleSet,
        view: SeatView,
        state: State,
        moves: Sequence[Move],
        rng: random.Random,
    ) -> Move:
        """Take the lixo or draw: each played out to the end of the round (look-ahead)."""
        weighed = self.weighed_pickup(rules, view, state, moves, rng)
        if weighed is None:
            return super().draw_or_take(rules, view, state, moves, rng)
        candidates, values = weighed
        return candidates[values.index(max(values))]

    def pickup_weighing(
        self, rules: RuleSet, view: SeatView, rng: random.Random
    ) -> tuple[tuple[Move, Move], list[float]] | None:
        """At the draw, the weighing `choose` makes with `rng` (the randomness drawn the same
        way: the position dealt in a fixed order, then the playouts), for a coach or a hint
        to give its figures; None where it weighs none (its habits decide)."""
        if view.phase is not Phase.DRAW:
            return None
        state = view.determinize()
        moves = list(legal_moves(rules, state))
        if len(moves) == 1:
            return None
        return self.weighed_pickup(rules, view, state, moves, rng)

    def weighed_pickup(
        self,
        rules: RuleSet,
        view: SeatView,
        state: State,
        moves: Sequence[Move],
        rng: random.Random,
    ) -> tuple[tuple[Move, Move], list[float]] | None:
        """The pickup this level ranks first and the draw, and each one's rounds played out
        (the side's mean score difference at the round's end, as `weigh` gives it; the first
        of equals is taken); None where it weighs none and its habits decide: no pickup or no
        draw, no budget, or an open lixo its habits would not take."""
        draw, best = self.draw_and_best_pickup(rules, view, state, moves)
        if best is None or draw is None or not self.deals:
            return None
        if rules.pickup == "free" and not self.take_pays(rules, view, best):
            # Weighed against basic's play, a small open lixo mostly scores more; but taken
            # every turn it keeps the hand full, the morto unreached and the round going to
            # a stock-out, which is not how Aberto is played: only a pickup the habits would
            # make is weighed (habits that draw here).
            return None
        candidates = (best.move, draw)
        return candidates, self.played_out(rules, view, candidates, rng)

    def play_on(
        self,
        rules: RuleSet,
        view: SeatView,
        options: Sequence[Option],
        discards: Sequence[Discard],
        rng: random.Random,
    ) -> Move | None:
        """Go out, or play on: the look-ahead weighs the two (without it, the round's
        count does). A meld move that leaves one card goes out too, with the discard that
        follows (it is legal only where the side may go out): often the last wild onto a
        meld, which the wild habits below would keep."""
        last = len(view.hand) - 1
        ending = [o for o in options if o.ended or (o.cards_laid == last and not o.beat)]
        stay = super().play_on(rules, view, [o for o in options if o not in ending], discards, rng)
        if not ending:
            return stay
        out = _best(ending, _meld_rank)
        if stay is None:
            return out.move
        if not self.deals:
            return out.move if self.go_out_pays(rules, view, out) else stay
        return self.best_played_out(rules, view, (out.move, stay), rng)

    def best_played_out(
        self, rules: RuleSet, view: SeatView, candidates: Sequence[Move], rng: random.Random
    ) -> Move:
        """The candidate whose rounds, played out, end best for the side (the first of
        equals)."""
        values = self.played_out(rules, view, candidates, rng)
        return candidates[values.index(max(values))]

    def played_out(
        self, rules: RuleSet, view: SeatView, candidates: Sequence[Move], rng: random.Random
    ) -> list[float]:
        """Each candidate's rounds played out on `deals` dealt positions: the side's mean
        score difference at the round's end (`lookahead.weigh`)."""
        policies = (_HABITS, _PLAYOUT) if view.side == 0 else (_PLAYOUT, _HABITS)
        return weigh(rules, view, candidates, self.deals, policies, rng)

    def meld_move(
        self, rules: RuleSet, view: SeatView, options: Sequence[Option], rng: random.Random
    ) -> Move | None:
        beats = [o for o in options if o.beat]
        if beats:  # a direct beat: the morto now, and play it at once
            return _best(beats, _meld_rank).move
        left = len(view.hand)
        side = view.sides[view.side]
        needs_clean = rules.go_out_requires == "clean_canastra"
        has_clean = _has_clean_canastra(rules, side.melds)
        racing = _racing_to_morto(view)
        # Once the opponents hold their morto they may go out any turn: a wild still in the
        # hand then costs its points, so every wild goes down.
        hurry = view.sides[1 - view.side].morto is MortoStatus.TAKEN
        # A new meld with a wild gets cards down (the race to the morto and out); a wild
        # goes onto a meld only for a canastra the side can go out with, or to empty a hand.
        # Where the lixo is closed (Fechado, STBL), a side without a canastra keeps its wilds
        # out of new melds [003: "Não despeje os curingas ... em sequências curtas"]: there a
        # short meld seldom grows into a canastra, and the wild kept completes one later.
        # The open lixo of Aberto feeds melds fast, and the wild there still pays (measured:
        # strong against strong, deals played both ways).
        new_meld_pays = rules.pickup == "free" or any(
            m.canastra(rules) is not None for m in side.melds
        )
        return _clean_else(
            options,
            lambda o: (
                hurry
                or (new_meld_pays and isinstance(o.move, Lay))
                or (o.canastras_added > 0 and (has_clean or not needs_clean))
                or (racing and left - o.cards_laid <= 2)
            ),
        )

    def go_out_pays(self, rules: RuleSet, view: SeatView, option: Option) -> bool:
        """Go out when the round's count favours the side, or when waiting is risky."""
        ours, theirs = round_estimate(rules, view, option.after)
        near_end = view.stock_size + sum(view.morto_sizes) < 12
        opponents = [n for s, n in enumerate(view.hand_sizes) if s % 2 != view.side]
        return ours >= theirs or near_end or min(opponents) <= 4

    def discard(
        self, rules: RuleSet, view: SeatView, discards: Sequence[Discard], rng: random.Random
    ) -> Move:
        if len(discards) == 1:
            return discards[0]
        keeping = _Keeping(view.hand, view.melds_of(view.side), rules)
        danger = _Danger(rules, view, self.samples, rng)

        def cost(discard: Discard) -> float:
            return keeping.value(discard.card) + danger.cost(discard.card)

        return _best(discards, cost, lowest=True)


# --- reading the next opponent --------------------------------------------------------------


class _Danger:
    """How much a discard is likely to hand the next opponent: the chance that their hand
    (dealt at random from the unseen cards, `samples` times) or their side's melds could
    take the lixo with it, times what the lixo would bring them."""

    def __init__(self, rules: RuleSet, view: SeatView, samples: int, rng: random.Random) -> None:
        self.rules = rules
        self.next_seat = (view.seat + 1) % view.players
        self.melds = _MeldsByPlace(view.melds_of(self.next_seat % 2))
        self.pile = view.lixo_size + 1
        known = view.known_held[self.next_seat]
        pool = view.unseen()
        size = view.hand_sizes[self.next_seat] - len(known)
        self.hands = [
            _HandShape((*known, *rng.sample(pool, min(size, len(pool))))) for _ in range(samples)
        ]
        self.memo: dict[Card, float] = {}

    def cost(self, card: Card) -> float:
        if card not in self.memo:
            self.memo[card] = self._cost(card)
        return self.memo[card]

    def _cost(self, card: Card) -> float:
        rules = self.rules
        if rules.pickup == "free":
            # Anyone may take the open lixo: what matters is what the card gives them.
            fits = any(fits_meld(m, card, rules) for m in self.melds.near(card))
            return (15.0 if fits else 0.0) + 2.0 * self.pile * self._chance(card)
        on_meld = any(top_card_fits(m, card, rules) for m in self.melds.near(card))
        chance = 1.0 if on_meld else self._chance(card)
        return chance * self.pile * 12.0

    def _chance(self, card: Card) -> float:
        if not self.hands:
            return 0.0
        trincas = self.rules.trincas
        return sum(h.melds_with(card, trincas) for h in self.hands) / len(self.hands)


class _HandShape:
    """A hand as a row of places per suit and counts, to ask quickly whether two of its
    cards make a new meld with a given card. (Asked for every card, of every dealt hand, at
    every discard: the places are bits, see `_PLACE_BITS`.)"""

    def __init__(self, cards: Sequence[Card]) -> None:
        rows: dict[Suit | None, int] = {}  # per suit, the bits of the places held
        ranks: dict[int, int] = {}
        wilds = 0
        for card in cards:
            suit, rank = card.suit, card.rank
            if suit is None or rank == 2:  # (`is_wild_kind`, a call saved per card)
                wilds += 1
                if suit is not None:  # a 2 of a suit holds the place of a 2
                    rows[suit] = rows.get(suit, 0) | _PLACE_BITS[card]
                continue
            rows[suit] = rows.get(suit, 0) | _PLACE_BITS[card]
            ranks[rank] = ranks.get(rank, 0) + 1
        self.rows, self.ranks, self.wilds = rows, ranks, wilds
        self.place_count = sum(row.bit_count() for row in rows.values())

    def melds_with(self, card: Card, trincas: bool) -> bool:
        if card.is_wild_kind:
            return self.place_count >= 2  # a rough count: a wild starts almost any meld
        row = self.rows.get(card.suit, 0)
        for p in (card.rank, ACE_HIGH) if card.rank == ACE else (card.rank,):
            near = (row >> p) & 0b11011  # the places p-2, p-1, p+1, p+2 (`_PLACE_BITS`)
            if _RUN_AROUND[near] or (self.wilds and near):
                return True
        if trincas:
            same = self.ranks.get(card.rank, 0)
            return same >= 2 or (same >= 1 and self.wilds > 0)
        return False


# Each card's places as bits of its suit's row: place p is bit p + 2 (so that p - 2 of the
# low ace is a bit too), an ace both low and high; a joker has none.
_PLACE_BITS: dict[Card, int] = {
    card: 0
    if card.suit is None
    else (1 << card.rank + 2) | ((1 << ACE_HIGH + 2) if card.rank == ACE else 0)
    for card in deck()
}
# Per pattern of the four places around p (bits 0, 1, 3, 4 for p-2, p-1, p+1, p+2): do two
# of them next to each other make a run with p?
_RUN_AROUND = tuple(
    bool((near & 0b00011) == 0b00011 or (near & 0b01010) == 0b01010 or (near & 0b11000) == 0b11000)
    for near in range(32)
)


# --- judging options ------------------------------------------------------------------------


def judge_options(rules: RuleSet, state: State, moves: Sequence[Move], seat: int) -> list[Option]:
    """Judge each move (a legal one, as `legal_moves` lists them) on the dealt position and
    say what it does to the mover's side."""
    side = seat % 2
    before: tuple[int, int, int] | None = None  # the side's figures, counted when first needed
    available = state.sides[side].morto is MortoStatus.AVAILABLE
    held = len(state.hand)
    own_turn = state.side_of(state.turn) == side
    options = []
    for move in moves:
        if isinstance(move, Lay):
            laid = sum(len(g) for g in move.melds)
        elif isinstance(move, Extend):
            laid = len(move.cards)
        elif isinstance(move, TakeLixo):
            laid = len(move.new_meld or move.cards)
        else:
            laid = 0
        # The hand after the move: a pickup brings the lixo (less the top card that justified it).
        kept = held - laid
        if isinstance(move, TakeLixo):
            kept += len(state.lixo) - (1 if move.justified else 0)
        made: State | None = None
        change = None
        if kept >= 1 and own_turn:
            change = _meld_change(rules, state, move)
        if change is not None:
            # Cards stay in the hand: no beat and no going out (both empty it).
            beat = ended = False
            dropped, added = change
            gained, lost = _table(rules, added), _table(rules, dropped)
        else:
            made = apply(rules, state, move)  # (legal_moves lists only legal moves)
            beat = available and made.sides[side].morto is MortoStatus.TAKEN
            ended = made.phase is Phase.ENDED
            if before is None:
                before = _table(rules, state.sides[side].melds)
            gained, lost = _table(rules, made.sides[side].melds), before
        options.append(
            Option(
                move=move,
                wilds_added=gained[0] - lost[0],
                canastras_added=gained[1] - lost[1],
                clean_canastras_added=gained[2] - lost[2],
                cards_laid=laid,
                beat=beat,
                ended=ended,
                rules=rules,
                before=state,
                made=made,
            )
        )
    return options


# What a move does to a side's melds: the meld it replaces (none or one), the melds it adds.
MeldChange = tuple[tuple[Meld, ...], tuple[Meld, ...]]


def _meld_change(rules: RuleSet, state: State, move: Move) -> MeldChange | None:
    """What a meld move or a pickup does to the mover's side's melds, as the judge makes
    them (judge._lay, _extend, _take_lixo: the same remembered meld verdicts), without the
    rest of the next position; None for any other move (a discard, a move on the other
    side's melds), which `judge_options` plays out whole. The move is a listed one, so legal
    (tests/test_players.py holds the two ways to the same figures). The figures of the
    melds it leaves alone do not change: only the change is counted."""
    side = state.side_of(state.turn)
    melds = state.sides[side].melds
    if isinstance(move, Lay):
        laid = []
        for group in move.melds:
            meld = judged(group, rules).meld
            if meld is None:
                return None
            laid.append(meld)
        return (), tuple(laid)
    if isinstance(move, Extend):
        mine = move.side in (None, side)  # (the side's own melds, named or not)
        return _extension(melds, move.meld, move.cards, rules) if mine else None
    if isinstance(move, TakeLixo) and state.lixo:
        top = state.lixo[-1]
        if not move.justified:
            return (), ()  # (a free pickup: the whole lixo to the hand)
        if move.new_meld:
            meld = judged((top, *move.new_meld), rules).meld
            return None if meld is None else ((), (meld,))
        if move.extend is not None:
            return _extension(melds, move.extend, (top, *move.cards), rules)
    return None


def _extension(
    melds: tuple[Meld, ...], index: int, cards: tuple[Card, ...], rules: RuleSet
) -> MeldChange | None:
    """Meld `index` extended by the cards (None: no such meld, or refused)."""
    if not 0 <= index < len(melds):
        return None
    meld = extended(melds[index], cards, rules).meld
    return None if meld is None else ((melds[index],), (meld,))


def _table(rules: RuleSet, melds: Sequence[Meld]) -> tuple[int, int, int]:
    """Melds' wild slots, canastras and clean canastras."""
    wilds = canastras = clean = 0
    for meld in melds:
        if meld.wild_slot is not None:  # (the first wild slot: most melds have none)
            wilds += _wild_slots((meld,))
        kind = meld.canastra(rules)
        if kind is not None:
            canastras += 1
            clean += kind in ("limpa", "500", "real")
    return wilds, canastras, clean


def _wild_slots(melds: Sequence[Meld]) -> int:
    return sum(1 for m in melds for s in m.slots if s.wild)


def _meld_rank(option: Option) -> tuple[int, int, int, int]:
    """Prefer: fewer wilds, clean canastras, any canastra, more cards down."""
    return (
        -option.wilds_added,
        option.clean_canastras_added,
        option.canastras_added,
        option.cards_laid,
    )


def _clean_else(options: Sequence[Option], wild_pays: Callable[[Option], bool]) -> Move | None:
    """The best meld move that keeps the side's melds clean; else the best one with a wild
    that the level thinks pays (`wild_pays`); else None (discard). Never one that lowers a
    canastra's bonus (`lowers_bonus`)."""
    options = [o for o in options if not lowers_bonus(o)]
    clean = [o for o in options if o.wilds_added <= 0]
    if clean:
        return _best(clean, _meld_rank).move
    wild = [o for o in options if wild_pays(o)]
    return _best(wild, _meld_rank).move if wild else None


def lowers_bonus(option: Option) -> bool:
    """Does the move turn the side's canastra de 500 into one worth less? Where a 500 or a
    real must be laid at once [002: "cartas precisam ser baixadas de uma vez"], a 500 so laid
    and then extended with the high ace is a real built up: it scores as a limpa (the
    judge's reading, RULES.md), 300 points of bonus lost for the ace's 15."""
    # (Asked of every meld move in the play-outs: the rule that makes it possible first.)
    if not option.rules.big_canastras_at_once or not isinstance(option.move, Extend | TakeLixo):
        return False
    # The meld grown as the judge grows it, not the whole next position.
    change = _meld_change(option.rules, option.before, option.move)
    if change is None or len(change[0]) != 1:
        return False  # (refused, onto the other side's, a new meld, or the lixo to the hand)
    (meld,), (grown,) = change
    return _bonus_lost(meld, grown, option.rules)


def _bonus_lost(meld: Meld, grown: Meld | None, rules: RuleSet) -> bool:
    """Is the meld, grown (None: refused), worth a smaller canastra bonus? Only where big
    canastras must be laid at once can a meld lose its bonus by growing (`lowers_bonus`)."""
    return (
        rules.big_canastras_at_once
        and meld.canastra(rules) in ("500", "real")
        and grown is not None
        and grown.bonus(rules) < meld.bonus(rules)
    )


Ranked = TypeVar("Ranked", Option, Discard)


def _best(items: Sequence[Ranked], rank: Callable[[Ranked], Any], lowest: bool = False) -> Ranked:
    """The item of the highest rank (`lowest`: the lowest); among equals, the one whose move
    reads last (`lowest`: first) as text, the first of equals: a fixed order, so that equal
    items are chosen the same way every time. The text, slow to make, is made only for the
    tied ones. `items` is not empty."""
    ranks = [rank(item) for item in items]
    top = min(ranks) if lowest else max(ranks)
    tied = [item for item, value in zip(items, ranks, strict=True) if value == top]
    if len(tied) == 1:
        return tied[0]
    pick = min if lowest else max
    return pick(tied, key=lambda item: repr(item.move if isinstance(item, Option) else item))


def _racing_to_morto(view: SeatView) -> bool:
    """The seat's side has not taken its morto, and one is left to take."""
    return view.sides[view.side].morto is MortoStatus.AVAILABLE and bool(view.morto_sizes)


def _has_clean_canastra(rules: RuleSet, melds: Sequence[Meld]) -> bool:
    return any(m.canastra(rules) in ("limpa", "500", "real") for m in melds)


def _open_lixo_going_down(rules: RuleSet, view: SeatView) -> int:
    """A quick count of the open lixo's cards that would go down at once: onto the side's
    melds, or into a new meld with natural cards of the hand and the lixo; a wild counts
    (it goes down with any of them)."""
    shape = _HandShape([c for c in (*view.hand, *view.lixo_seen) if not c.is_wild_kind])
    own = view.melds_of(view.side)
    return sum(
        1
        for card in view.lixo_seen
        if card.is_wild_kind
        or shape.melds_with(card, rules.trincas)
        or any(fits_meld(m, card, rules) for m in own)
    )


def _lays_from_lixo(rules: RuleSet, view: SeatView, pickup: Option) -> bool:
    """Can a card of the open lixo go down cleanly right after the pickup (the judge's
    answer)? Then the pickup puts a card on the table, and play moves on."""
    lixo = set(view.lixo_seen)
    after = pickup.after
    moves = [
        m
        for m in legal_moves(rules, after)
        if isinstance(m, Lay | Extend) and lixo.intersection(hand_cards(m))
    ]
    return any(o.wilds_added <= 0 for o in judge_options(rules, after, moves, view.seat))


class _Keeping:
    """`keep_value` for the cards of one hand: the hand's runs and ranks and the side's melds
    by suit are sorted out once, since a discard asks it of every card (and the play-outs of
    the look-ahead, at every turn)."""

    def __init__(self, hand: Sequence[Card], melds: Sequence[Meld], rules: RuleSet) -> None:
        self.rules = rules
        self.melds = _MeldsByPlace(melds)
        self.rows: dict[Suit | None, list[int]] = {}  # natural cards' ranks, by suit
        self.ranks: dict[int, int] = {}  # natural cards by rank
        for card in hand:
            if card.suit is None or card.rank == 2:
                continue
            self.rows.setdefault(card.suit, []).append(card.rank)
            self.ranks[card.rank] = self.ranks.get(card.rank, 0) + 1

    def value(self, card: Card) -> float:
        """What keeping the card is worth, in rough points: its connections, a place on the
        side's melds, less the points it costs if it is still in the hand at the end."""
        rules = self.rules
        value = self.connections(card)
        if not card.is_wild_kind and any(
            # (Not a place that lowers the meld's bonus: the high ace onto a 500, `lowers_bonus`;
            # the grown meld judged only where the rule makes that possible.)
            fits_meld(m, card, rules)
            and not (
                rules.big_canastras_at_once
                and _bonus_lost(m, extended(m, (card,), rules).meld, rules)
            )
            for m in self.melds.near(card)
        ):
            value += 15.0
        return value - 0.3 * card_points(card, rules.joker_points)

    def connections(self, card: Card) -> float:
        """How much a card belongs with the rest of the hand: neighbours of its suit (a run
        in the making), cards of its rank where trincas count."""
        if card.is_wild_kind:
            return 100.0
        rank = card.rank
        row = self.rows.get(card.suit, ())
        near = _NEAR_VALUE[rank]
        # (Whole numbers of points: summed in any order, the same float.)
        value = sum(near[other] for other in row)  # (its copies are 0 apart: worth 0)
        copies = row.count(rank) - 1  # the card itself is in the hand
        if self.rules.trincas:
            value += 10.0 * (self.ranks.get(rank, 0) - copies - 1)  # its rank, other suits
        return value + 3.0 * copies


# Per two ranks of one suit, what the second is worth as a neighbour of the first: next to it
# 12, with one place between them 6 (an ace both low and high).
_NEAR_VALUE: tuple[tuple[float, ...], ...] = tuple(
    tuple(
        {1: 12.0, 2: 6.0}.get(
            min(
                abs(a - b)
                for a in ((r, ACE_HIGH) if r == ACE else (r,))
                for b in ((o, ACE_HIGH) if o == ACE else (o,))
            ),
            0.0,
        )
        for o in range(14)
    )
    for r in range(14)
)


class _MeldsByPlace:
    """Melds by where a natural card could go onto them: sequences by suit, trincas by rank
    (`fits_meld` looks there first); a wild may go onto any."""

    def __init__(self, melds: Sequence[Meld]) -> None:
        self.all = tuple(melds)
        self.places: dict[object, list[Meld]] = {}  # a suit's sequences, a rank's trincas
        for meld in melds:
            place = meld.rank if meld.kind == "trinca" else meld.suit
            self.places.setdefault(place, []).append(meld)

    def near(self, card: Card) -> Sequence[Meld]:
        """The melds the card might go onto (`fits_meld` rules out the others at once)."""
        if card.is_wild_kind:
            return self.all
        return (*self.places.get(card.rank, ()), *self.places.get(card.suit, ()))


def fits_meld(meld: Meld, card: Card, rules: RuleSet) -> bool:
    """Could the card go onto the meld? A quick look first (the suit or rank, the ends, room
    for a wild), then the judge's own answer."""
    if card.is_wild_kind:
        if not meld.clean:
            return False
    elif meld.kind == "trinca":
        if card.rank != meld.rank:
            return False
    elif card.suit != meld.suit or (
        card.rank != ACE and not meld.low - 2 <= card.rank <= meld.high + 2
    ):
        return False
    return extended(meld, (card,), rules).ok  # (remembered: asked for every card, every turn)


def top_card_fits(meld: Meld, card: Card, rules: RuleSet) -> bool:
    """Could the lixo's top card go onto the meld (justifying a closed pickup)? A wild on top
    goes only into a new meld where the rules say so, except a 2 that sits in its natural
    place there, where `two_on_lixo_may_sit_natural` allows it [002, 003]."""
    if not (card.is_wild_kind and rules.wild_top_card_new_meld_only):
        return fits_meld(meld, card, rules)
    if not (card.is_two and rules.two_on_lixo_may_sit_natural):
        return False
    verdict = extended(meld, (card,), rules)
    return verdict.meld is not None and _wild_slots((verdict.meld,)) == _wild_slots((meld,))


def keep_value(card: Card, hand: Sequence[Card], melds: Sequence[Meld], rules: RuleSet) -> float:
    """What keeping the card is worth, in rough points (`_Keeping.value`)."""
    return _Keeping(hand, melds, rules).value(card)


def round_estimate(rules: RuleSet, view: SeatView, after: State) -> tuple[int, int]:
    """The round's count for the mover's side and the other one, were it to end at `after`:
    the table, the batida, the morto, and the hands (the hidden ones at the unseen cards'
    mean value)."""
    unseen = view.unseen()
    mean = sum(card_points(c, rules.joker_points) for c in unseen) / max(1, len(unseen))
    totals = [0.0, 0.0]
    for index, side in enumerate(after.sides):
        total = float(sum(m.card_points(rules) + m.bonus(rules) for m in side.melds))
        total += rules.batida_points if side.went_out else 0
        if side.morto is not MortoStatus.TAKEN:
            total -= rules.morto_penalty
        for seat in after.seats_of(index):
            if seat == view.seat:
                total -= sum(card_points(c, rules.joker_points) for c in after.hands[seat])
            else:
                total -= mean * len(after.hands[seat])
        totals[index] = total
    return round(totals[view.side]), round(totals[1 - view.side])


# Who plays the rounds out in the strong player's look-ahead: its own side by its habits
# (no look-ahead, a few dealt hands for the discards), the other side as `basic` plays.
_HABITS = StrongPlayer(8, look_ahead=False)
_PLAYOUT = BasicPlayer()
