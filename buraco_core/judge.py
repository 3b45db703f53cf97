"""The judge: is a move legal here, why, and what does the position become.

`check` and `apply` share one function (`_play`), so they cannot disagree; neither mutates
anything (states are frozen). Illegal moves give a verdict with reason codes; only bad input
raises. No move may leave a player stuck: a move that would empty the hand, or leave a last
card that could not be discarded, is refused with what is missing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import Final, TypeVar

from buraco_core.cards import Card, card_points
from buraco_core.codes import Code
from buraco_core.melds import MIN_MELD, Meld, extended, judged
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.rules import RuleSet
from buraco_core.scoring import RoundScore, SideRound, score_round
from buraco_core.state import EndReason, MortoStatus, Phase, SideState, State, WaitingMorto
from buraco_core.verdict import Reason, Verdict

# Meld verdicts, remembered (see melds.judged).
_judge_meld: Final = judged
_extend_meld: Final = extended

# The members read at every move, bound once: in Python 3.11 `Phase.DRAW` runs EnumType's
# attribute hook and a descriptor written in Python (~900 instructions), a module name one
# dict lookup.
_PHASE_ENDED: Final = Phase.ENDED
_PHASE_DRAW: Final = Phase.DRAW
_PHASE_PLAY: Final = Phase.PLAY
_MORTO_AVAILABLE: Final = MortoStatus.AVAILABLE


class IllegalMove(ValueError):
    """Raised by `apply` for an illegal move; carries the verdict."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        super().__init__(", ".join(verdict.codes))


def check(rules: RuleSet, state: State, move: Move) -> Verdict:
    """Is the move legal? The verdict's reasons say why, and what follows from it.

    >>> from buraco_core.cards import parse_cards
    >>> from buraco_core.moves import Discard, Lay
    >>> from buraco_core.notation import position_from_data
    >>> from buraco_core.rules import ruleset
    >>> rules = ruleset("fechado")
    >>> table = {"players": 2, "hands": [["5h", "6h", "7h", "9c"], 11]}
    >>> state = position_from_data(rules, table)
    >>> [str(code) for code in check(rules, state, Discard(parse_cards("9c")[0])).codes]
    ['must_draw_first']
    >>> state = position_from_data(rules, {**table, "phase": "play"})
    >>> verdict = check(rules, state, Lay((parse_cards("5h 6h 7h"),)))
    >>> verdict.ok, [str(event.code) for event in verdict.events]
    (True, ['laid_meld'])
    """
    return _worded_for(state, _play(rules, state, move)[0])


def apply(rules: RuleSet, state: State, move: Move) -> State:
    """The position after a legal move; an illegal one raises IllegalMove with its verdict.

    >>> from buraco_core.moves import Discard, Draw
    >>> from buraco_core.rules import ruleset
    >>> from buraco_core.state import deal
    >>> rules = ruleset("stbl")
    >>> state = apply(rules, deal(rules, players=2, seed=1), Draw())
    >>> state
    <State turn 0 play: hands 12/11, melds 0/0, stock 63, lixo 0, mortos 2>
    >>> apply(rules, state, Draw())
    Traceback (most recent call last):
    ...
    buraco_core.judge.IllegalMove: already_drew
    >>> apply(rules, state, Discard(state.hand[0]))
    <State turn 1 draw: hands 11/11, melds 0/0, stock 63, lixo 1, mortos 2>
    """
    # The next state alone: a legal move's explanation is not written (nobody reads it).
    verdict, after = _play(rules, state, move, explain=False)
    if after is None:
        raise IllegalMove(_worded_for(state, verdict))
    return after


def play(rules: RuleSet, state: State, move: Move) -> tuple[Verdict, State | None]:
    """Both at once: the verdict, and the next state (None when the move is illegal)."""
    verdict, after = _play(rules, state, move)
    return _worded_for(state, verdict), after


# Reasons that speak of the side ("a dupla ainda não pode bater"): at a table of two, a side
# is one player, and these say so (param `alone`: "o jogador ainda não pode bater").
_SIDE_WORDED: Final = frozenset(
    {
        Code.NO_SUCH_MELD,
        Code.NOT_YOUR_MELD,
        Code.WENT_OUT,
        Code.MAY_GO_OUT,
        Code.CANNOT_GO_OUT,
        Code.LAST_CARD_TRAP,
        Code.GO_OUT_NEEDS_MORTO,
        Code.GO_OUT_NEEDS_CLEAN_CANASTRA,
        Code.GO_OUT_NEEDS_CANASTRA,
        Code.VULNERABLE_MIN_MELD,
    }
)


def _worded_for(state: State, verdict: Verdict) -> Verdict:
    """The verdict worded for the table: at two players, the side's reasons are marked
    `alone` (buraco_text words them for one player)."""
    if state.players != 2 or not any(r.code in _SIDE_WORDED for r in verdict.reasons):
        return verdict
    reasons = tuple(
        Reason(r.code, {**r.params, "alone": True}) if r.code in _SIDE_WORDED else r
        for r in verdict.reasons
    )
    return Verdict(verdict.ok, reasons)


def replay(rules: RuleSet, start: State, moves: Iterable[Move]) -> State:
    """Replay a log of moves from a starting position."""
    state = start
    for move in moves:
        state = apply(rules, state, move)
    return state


# --- the rules of a turn ------------------------------------------------------------------
#
# Each move function first runs every check that can refuse the move, then builds the next
# state. `build=False` (used by `legal_moves` only) stops once the move is known to be legal;
# `check` and `apply` always take the whole path, so their verdicts are the same.
# `explain=False` (apply, and legal_moves through is_legal) leaves out of a legal move's
# verdict its usual reasons (the move's event, what the meld judge says about its melds):
# nothing reads them, and apply returns only the state.

_LEGAL: Final = Verdict(True)


def _written(reasons: list[Reason]) -> Verdict:
    """A legal move's verdict: its reasons (none where they are not written)."""
    return Verdict(True, tuple(reasons)) if reasons else _LEGAL


def _r(code: Code, **params: object) -> Reason:
    return Reason(code, params)


def _top_card_not_used(rules: RuleSet, top: Card) -> Reason:
    """The top card makes no meld as placed: where the lixo is taken freely [000] that
    does not stop the pickup, only this way of making it (the message says so)."""
    if rules.pickup == "free":
        return _r(Code.PICKUP_TOP_CARD_NOT_USED, top=top, case="free")
    return _r(Code.PICKUP_TOP_CARD_NOT_USED, top=top)


def _wild_top_card(top: Card) -> Reason:
    """A wild on top of the lixo, taken only to start a new meld [002, 003]. A joker is
    never a 2: its case rests on that rule alone, not on the option for a 2 that could sit
    in its natural place (codes.CASE_SOURCES)."""
    if top.is_joker:
        return _r(Code.WILD_TOP_CARD_NEW_MELD_ONLY, top=top, case="joker")
    return _r(Code.WILD_TOP_CARD_NEW_MELD_ONLY, top=top)


def _took(rules: RuleSet, code: Code, top: Card, count: int) -> Reason:
    """The lixo taken with its top card laid at once. Where the lixo is taken freely [000]
    that justified nothing: the message says the card went down, not that it justified."""
    if rules.pickup == "free":
        return _r(code, top=top, count=count, case="free")
    return _r(code, top=top, count=count)


def _no(*reasons: Reason) -> tuple[Verdict, None]:
    return Verdict(False, reasons), None


def _play(
    rules: RuleSet, state: State, move: Move, build: bool = True, explain: bool = True
) -> tuple[Verdict, State | None]:
    # The phase, checked here once: a turn opens with a draw; then melds, and a discard.
    if state.phase is _PHASE_ENDED:
        return _no(_r(Code.ROUND_OVER))
    if move.seat is not None and move.seat != state.turn:
        return _no(_r(Code.NOT_YOUR_TURN, seat=move.seat, turn=state.turn))
    # Each type asked once, the commonest first (a discard, then a draw, in random play).
    if isinstance(move, Discard):
        if state.phase is _PHASE_DRAW:
            return _no(_r(Code.MUST_DRAW_FIRST))
        return _discard(rules, state, move, build, explain)
    if isinstance(move, Draw):
        if state.phase is not _PHASE_DRAW:
            return _no(_r(Code.ALREADY_DREW))
        return _draw(state, move, build, explain)
    if isinstance(move, TakeLixo):
        if state.phase is not _PHASE_DRAW:
            return _no(_r(Code.ALREADY_DREW))
        return _take_lixo(rules, state, move, build, explain)
    if state.phase is _PHASE_DRAW:
        return _no(_r(Code.MUST_DRAW_FIRST))
    if isinstance(move, Extend):
        return _extend(rules, state, move, build, explain)
    if isinstance(move, Lay):
        return _lay(rules, state, move, build, explain)
    return _discard(rules, state, move, build, explain)


def _draw(state: State, move: Draw, build: bool, explain: bool) -> tuple[Verdict, State | None]:
    if not state.stock and not state.mortos:
        return _no(_r(Code.STOCK_EMPTY))
    if not build:
        return _LEGAL, None
    events: list[Reason] = []
    stock, mortos, sides = state.stock, state.mortos, state.sides
    if not stock:
        # A position may arrive with an empty stock: a morto becomes the stock first.
        stock, mortos, sides = _refill(mortos, sides)
        if explain:
            events.append(_r(Code.MORTO_BECAME_STOCK))
    card = stock[-1]
    seat = state.turn
    hands = _set(state.hands, seat, (*state.hands[seat], card))
    if explain:
        events.append(_r(Code.DREW, card=card))
    after = State(
        hands,
        sides,
        stock[:-1],
        state.lixo,
        mortos,
        seat,
        _PHASE_PLAY,
        state.ended_by,
        _logged(state, move),
    )
    return _written(events), after


def _take_lixo(
    rules: RuleSet, state: State, move: TakeLixo, build: bool, explain: bool
) -> tuple[Verdict, State | None]:
    if not state.lixo:
        return _no(_r(Code.LIXO_EMPTY))
    top, rest = state.lixo[-1], state.lixo[:-1]
    side_index = state.side_of(state.turn)
    side = state.sides[side_index]
    if rules.pickup != "free" and not move.justified:
        return _no(_r(Code.PICKUP_NEEDS_JUSTIFICATION, top=top))
    if move.new_meld and move.extend is not None:
        return _no(_r(Code.PICKUP_ONE_JUSTIFICATION))
    if move.cards and move.extend is None:
        # Cards from the hand go with the top card onto a table meld, nowhere else.
        return _no(_r(Code.PICKUP_CARDS_NEED_EXTEND))
    used = move.new_meld if move.new_meld else move.cards
    left, missing = _take(state.hand, used)
    if missing:
        return _no(_r(Code.CARD_NOT_IN_HAND, cards=missing))
    reasons: list[Reason] = []
    melds = side.melds
    if move.new_meld:
        if rules.pickup == "top_card_two_from_hand" and len(move.new_meld) < 2:
            return _no(_r(Code.PICKUP_NEEDS_TWO_FROM_HAND, top=top))
        verdict = _judge_meld((top, *move.new_meld), rules)
        if verdict.meld is None:
            return _no(_top_card_not_used(rules, top), *verdict.reasons)
        melds = (*melds, verdict.meld)
        if explain:
            reasons.append(_took(rules, Code.TOOK_LIXO_NEW_MELD, top, len(state.lixo)))
            reasons.extend(verdict.reasons)
    elif move.extend is not None:
        wild_on_top = top.is_wild_kind and rules.wild_top_card_new_meld_only
        wild_on_top = wild_on_top and rules.pickup != "free"
        # A 2 that sits in its natural place is no wild [003], where the table says so; for
        # [002] every 2 on top is a wild. Whether it sits natural is known once laid, below.
        if wild_on_top and not (top.is_two and rules.two_on_lixo_may_sit_natural):
            return _no(_wild_top_card(top))
        # Stricter tables [003]: two hand cards must form a sequence with the top card, also
        # when all three then go onto a table meld.
        if rules.pickup == "top_card_two_from_hand" and (
            len(move.cards) < 2 or _judge_meld((top, *move.cards), rules).meld is None
        ):
            return _no(_r(Code.PICKUP_NEEDS_TWO_FROM_HAND, top=top))
        if not 0 <= move.extend < len(melds):
            return _no(
                _r(
                    Code.NO_SUCH_MELD,
                    meld=move.extend,
                    number=move.extend + 1,
                    count=len(melds),
                )
            )
        verdict = _extend_meld(melds[move.extend], (top, *move.cards), rules)
        if verdict.meld is None:
            return _no(_top_card_not_used(rules, top), *verdict.reasons)
        if wild_on_top and _wild_copies(verdict.meld, top) > _wild_copies(melds[move.extend], top):
            return _no(_wild_top_card(top))
        melds = _set(melds, move.extend, verdict.meld)
        if explain:
            reasons.append(_took(rules, Code.TOOK_LIXO_EXTEND, top, len(state.lixo)))
            reasons.extend(verdict.reasons)
    elif explain:
        reasons.append(_r(Code.TOOK_LIXO, count=len(state.lixo)))
    # Unjustified (free pickup): the top card goes to the hand with the rest.
    hand = (*left, *rest) if move.justified else (*left, *rest, top)
    return _after_meld(rules, state, move, reasons, melds, hand, (), build)


def _wild_copies(meld: Meld, card: Card) -> int:
    """How many copies of this card stand as a wild in the meld."""
    return sum(s.wild and s.card == card for s in meld.slots)


def _lay(
    rules: RuleSet, state: State, move: Lay, build: bool, explain: bool
) -> tuple[Verdict, State | None]:
    if not move.melds or not all(move.melds):
        return _no(_r(Code.NO_CARDS))
    used = tuple(chain.from_iterable(move.melds))
    left, missing = _take(state.hand, used)
    if missing:
        return _no(_r(Code.CARD_NOT_IN_HAND, cards=missing))
    side = state.sides[state.side_of(state.turn)]
    reasons: list[Reason] = []
    new_melds: list[Meld] = []
    for group in move.melds:
        verdict = _judge_meld(group, rules)
        if verdict.meld is None:
            return _no(*verdict.reasons)
        new_melds.append(verdict.meld)
        if explain:
            reasons.append(_r(Code.LAID_MELD, cards=verdict.meld.cards))
            reasons.extend(verdict.reasons)
    melds = (*side.melds, *new_melds)
    return _after_meld(rules, state, move, reasons, melds, left, state.lixo, build)


def _extend(
    rules: RuleSet, state: State, move: Extend, build: bool, explain: bool
) -> tuple[Verdict, State | None]:
    side_index = state.side_of(state.turn)
    if move.side is not None and move.side != side_index:
        return _no(_r(Code.NOT_YOUR_MELD, side=move.side))
    side = state.sides[side_index]
    if not 0 <= move.meld < len(side.melds):
        return _no(
            _r(
                Code.NO_SUCH_MELD,
                meld=move.meld,
                number=move.meld + 1,
                count=len(side.melds),
            )
        )
    if not move.cards:
        return _no(_r(Code.NO_CARDS))
    left, missing = _take(state.hand, move.cards)
    if missing:
        return _no(_r(Code.CARD_NOT_IN_HAND, cards=missing))
    verdict = _extend_meld(side.melds[move.meld], move.cards, rules)
    if verdict.meld is None:
        return _no(*verdict.reasons)
    reasons: list[Reason] = []
    if explain:
        reasons.append(
            _r(Code.EXTENDED_MELD, meld=move.meld, number=move.meld + 1, cards=move.cards)
        )
        reasons.extend(verdict.reasons)
    melds = _set(side.melds, move.meld, verdict.meld)
    return _after_meld(rules, state, move, reasons, melds, left, state.lixo, build)


def _discard(
    rules: RuleSet, state: State, move: Discard, build: bool, explain: bool
) -> tuple[Verdict, State | None]:
    hand = state.hand
    index = _index(hand, move.card)
    if index < 0:
        return _no(_r(Code.CARD_NOT_IN_HAND, cards=(move.card,)))
    left = hand[:index] + hand[index + 1 :]
    seat, side_index = state.turn, state.side_of(state.turn)
    side = state.sides[side_index]
    indirect = not left and side.morto is _MORTO_AVAILABLE and bool(state.mortos)
    if rules.vulnerable_min_meld_points and baixada_short(rules, side):  # (no call without)
        # The turn that lays the first baixada ends only once it reaches the minimum [003].
        # (case: said as a discard that must wait, not "this meld totals": none was tried.)
        points = sum(m.card_points(rules) for m in side.melds)
        needed = rules.vulnerable_min_meld_points
        return _no(_r(Code.VULNERABLE_MIN_MELD, points=points, needed=needed, case="discard"))
    if not left and not indirect:
        blockers = _go_out_blockers(rules, state, side, side.melds)
        if blockers:
            return _no(_r(Code.CANNOT_GO_OUT), *blockers)
    if not build:
        return _LEGAL, None
    reasons = [_r(Code.DISCARDED, card=move.card)] if explain else []
    hands = _set(state.hands, seat, left)
    lixo = state.lixo + (move.card,)  # noqa: RUF005 (one copy, as in _logged)
    sides, mortos = state.sides, state.mortos
    if indirect:
        # Indirect beat: the morto waits for this player's next turn [000, 001, 003].
        waiting = SideState(
            side.melds, MortoStatus.WAITING, WaitingMorto(seat, mortos[0]), side.vulnerable
        )
        sides, mortos = _set(sides, side_index, waiting), mortos[1:]
        sides = _none_left_for(sides, mortos)
        reasons.append(_r(Code.INDIRECT_BEAT))
    elif not left:
        return _went_out(rules, state, move, reasons, hands, sides, lixo, side_index)
    return _end_turn(state, move, reasons, hands, sides, state.stock, lixo, mortos)


def _after_meld(
    rules: RuleSet,
    state: State,
    move: Move,
    reasons: list[Reason],
    melds: tuple[Meld, ...],
    hand: tuple[Card, ...],
    lixo: tuple[Card, ...],
    build: bool,
) -> tuple[Verdict, State | None]:
    """What follows from laying or extending (or a justified pickup): a direct beat, going
    out, or the trap of a last card that could not be discarded."""
    seat, side_index = state.turn, state.side_of(state.turn)
    side = state.sides[side_index]
    if rules.vulnerable_min_meld_points:  # (no call without a minimum)
        blocked = _vulnerable_block(rules, state, side, melds, hand)
        if blocked:
            return _no(blocked)
    left = len(hand)
    can_take_morto = side.morto is _MORTO_AVAILABLE and bool(state.mortos)
    if left == 0 and not can_take_morto:
        blockers = _go_out_blockers(rules, state, side, melds)
        if rules.go_out_by == "discard":
            if not blockers:
                # The side may go out, only not without a discard: said so, not "ainda não
                # pode bater" (the page beside it says it may).
                lead = _r(Code.CANNOT_GO_OUT, case="discard_only")
                return _no(lead, _r(Code.GO_OUT_MUST_DISCARD))
            blockers.append(_r(Code.GO_OUT_MUST_DISCARD))
        if blockers:
            return _no(_r(Code.CANNOT_GO_OUT), *blockers)
    elif left == 1 and not can_take_morto:
        blockers = _go_out_blockers(rules, state, side, melds)
        if blockers:
            return _no(_r(Code.LAST_CARD_TRAP), *blockers)
    if not build:
        return _LEGAL, None
    hands = state.hands
    sides = _set(state.sides, side_index, _with_melds(side, melds, side.morto))
    if left == 0 and not can_take_morto:
        return _went_out(
            rules, state, move, reasons, _set(hands, seat, hand), sides, lixo, side_index
        )
    mortos = state.mortos
    if left == 0:
        # Direct beat: take the morto now and play on, without drawing [000, 001, 003].
        hand, mortos = mortos[0], mortos[1:]
        sides = _set(state.sides, side_index, _with_melds(side, melds, MortoStatus.TAKEN))
        sides = _none_left_for(sides, mortos)
        reasons.append(_r(Code.DIRECT_BEAT))
    after = State(
        _set(hands, seat, hand),
        sides,
        state.stock,
        lixo,
        mortos,
        seat,
        _PHASE_PLAY,
        state.ended_by,
        _logged(state, move),
    )
    return _written(reasons), after


def _go_out_blockers(
    rules: RuleSet, state: State, side: SideState, melds: tuple[Meld, ...]
) -> list[Reason]:
    """What the side lacks to go out (the batida final) with these melds: empty when it may."""
    nobody_took = all(s.morto not in (MortoStatus.TAKEN, MortoStatus.WAITING) for s in state.sides)
    return go_out_blockers(rules, melds, side.morto, nobody_took and not state.mortos)


def go_out_blockers(
    rules: RuleSet, melds: Sequence[Meld], morto: MortoStatus, no_morto_for_anyone: bool
) -> list[Reason]:
    """What a side lacks to go out with these melds on the table, given its morto; empty when
    it may. `no_morto_for_anyone`: both mortos became the stock and nobody took one, so going
    out needs no morto [001, 002]."""
    blockers: list[Reason] = []
    # A waiting morto was received at the beat for [000, 001], not yet for [003].
    received = morto is MortoStatus.WAITING and rules.partner_may_go_out_while_morto_waits
    if morto is not MortoStatus.TAKEN and not no_morto_for_anyone and not received:
        if morto is MortoStatus.WAITING:
            blockers.append(_r(Code.GO_OUT_MORTO_WAITING))
        elif morto is MortoStatus.STOCK:  # no morto to take any more: not "take it"
            blockers.append(_r(Code.GO_OUT_NEEDS_MORTO, case="stock"))
        else:
            blockers.append(_r(Code.GO_OUT_NEEDS_MORTO))
    kinds = [m.canastra(rules) for m in melds]
    if rules.go_out_requires == "clean_canastra":
        if not any(k in ("limpa", "500", "real") for k in kinds):
            blockers.append(
                _r(
                    Code.GO_OUT_NEEDS_CLEAN_CANASTRA,
                )
            )
    elif not any(kinds):
        blockers.append(_r(Code.GO_OUT_NEEDS_CANASTRA))
    return blockers


def _went_out(
    rules: RuleSet,
    state: State,
    move: Move,
    reasons: list[Reason],
    hands: tuple[tuple[Card, ...], ...],
    sides: tuple[SideState, ...],
    lixo: tuple[Card, ...],
    side_index: int,
) -> tuple[Verdict, State | None]:
    side = sides[side_index]
    went_out = SideState(side.melds, side.morto, side.waiting, side.vulnerable, went_out=True)
    sides = _set(sides, side_index, went_out)
    reasons.append(_r(Code.WENT_OUT, points=rules.batida_points))
    _turn_does_not_pass(reasons)
    after = State(
        hands,
        sides,
        state.stock,
        lixo,
        state.mortos,
        state.turn,
        _PHASE_ENDED,
        EndReason.BATIDA,
        _logged(state, move),
    )
    return _written(reasons), after


def _end_turn(
    state: State,
    move: Move,
    reasons: list[Reason],
    hands: tuple[tuple[Card, ...], ...],
    sides: tuple[SideState, ...],
    stock: tuple[Card, ...],
    lixo: tuple[Card, ...],
    mortos: tuple[tuple[Card, ...], ...],
) -> tuple[Verdict, State | None]:
    """The discard ends the turn: refill the stock from a morto or end the round, then hand
    the turn on; a waiting morto reaches its player at the start of their turn."""
    log = _logged(state, move)
    if not stock:
        if not mortos:
            reasons.append(_r(Code.ROUND_ENDED_STOCK_OUT))
            _turn_does_not_pass(reasons)
            ended = EndReason.STOCK_OUT
            after = State(hands, sides, stock, lixo, mortos, state.turn, _PHASE_ENDED, ended, log)
            return _written(reasons), after
        stock, mortos, sides = _refill(mortos, sides)
        reasons.append(_r(Code.MORTO_BECAME_STOCK))
    nxt = (state.turn + 1) % len(hands)
    side_index = nxt % 2
    side = sides[side_index]
    waiting = side.waiting
    if waiting is not None and waiting.seat == nxt:
        hands = _set(hands, nxt, (*hands[nxt], *waiting.cards))
        picked = SideState(side.melds, MortoStatus.TAKEN, None, side.vulnerable, side.went_out)
        sides = _set(sides, side_index, picked)
        reasons.append(_r(Code.MORTO_PICKED_UP, seat=nxt))
    after = State(hands, sides, stock, lixo, mortos, nxt, _PHASE_DRAW, state.ended_by, log)
    return _written(reasons), after


def _turn_does_not_pass(reasons: list[Reason]) -> None:
    """A discard that ends the round hands the turn to nobody: its reason says so (case
    "last": "Descartou o Q♣.", not "...: a vez passa")."""
    for i, reason in enumerate(reasons):
        if reason.code is Code.DISCARDED:
            reasons[i] = _r(Code.DISCARDED, **reason.params, case="last")


def _refill(
    mortos: tuple[tuple[Card, ...], ...], sides: tuple[SideState, ...]
) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...], tuple[SideState, ...]]:
    """The stock ran out: a morto nobody took becomes the stock [000, 001, 003]. Once none is
    left, a side that has not taken one never will."""
    stock, rest = mortos[0], mortos[1:]
    return stock, rest, _none_left_for(sides, rest)


def _none_left_for(
    sides: tuple[SideState, ...], mortos: tuple[tuple[Card, ...], ...]
) -> tuple[SideState, ...]:
    """Once no morto pile is left, whether the last became the stock or a side took it
    after the other had become the stock, a side that has not taken one never will: its
    morto is the stock [000, 001, 003]."""
    if mortos:
        return sides
    return tuple(
        SideState(s.melds, MortoStatus.STOCK, s.waiting, s.vulnerable, s.went_out)
        if s.morto is _MORTO_AVAILABLE
        else s
        for s in sides
    )


def _vulnerable_block(
    rules: RuleSet, state: State, side: SideState, melds: tuple[Meld, ...], hand: Sequence[Card]
) -> Reason | None:
    """A vulnerable side's first baixada of the round must reach the minimum [003]. Read as
    the whole turn (`vulnerable_min_counts="turn"`): the melds laid in that turn count
    together, the pickup meld too, so one below the minimum is let through while the hand
    can still make up the rest, and the discard waits for it (`baixada_short`). Read as one
    meld ("first_meld"): one meld must reach it alone."""
    needed = rules.vulnerable_min_meld_points
    if not (needed and side.vulnerable and melds):
        return None
    if rules.vulnerable_min_counts == "first_meld":
        if side.melds:
            return None
        points = max(m.card_points(rules) for m in melds)
    else:
        if side.melds and not baixada_short(rules, side):
            return None
        points = sum(m.card_points(rules) for m in melds)
        if points < needed and _can_make_up(rules, hand, needed - points, melds):
            return None
    return _r(Code.VULNERABLE_MIN_MELD, points=points, needed=needed) if points < needed else None


def baixada_short(rules: RuleSet, side: SideState) -> int:
    """The card points a vulnerable side's first baixada still lacks, read as the whole turn
    (0 when it is not being laid). No turn marker is needed: the turn that lays it cannot
    end below the minimum, so a vulnerable side's melds below it are this turn's."""
    needed = rules.vulnerable_min_meld_points
    if not (needed and side.vulnerable and side.melds) or rules.vulnerable_min_counts != "turn":
        return 0
    return max(0, needed - sum(m.card_points(rules) for m in side.melds))


_MAKE_UP_BUDGET: Final = 2000  # steps of each search in _can_make_up


def _can_make_up(
    rules: RuleSet, hand: Sequence[Card], short: int, melds: Sequence[Meld] = ()
) -> bool:
    """Whether the hand can still add `short` card points to the turn's baixada, keeping two
    cards: melds laid from it, then, if that is not enough, its cards added one at a time to
    the turn's melds (`melds`, those laid so far, and those the search lays): 8♥ 9♥ 10♥ laid
    for 65 with J♥ in the hand makes 75. A search with a budget: past it the answer is no,
    and the move is refused rather than risk leaving the player unable to end the turn
    (DESIGN.md)."""
    from buraco_core.legal import fits, meld_groups  # legal builds on this module

    points = {card: card_points(card, rules.joker_points) for card in set(hand)}
    if sum(points[c] for c in hand) - min(points.values(), default=0) < short:
        return False
    groups = []
    # The groups legal_moves offers: a path found here is one the player can lay.
    for group in meld_groups(hand, rules, wild_anywhere=MIN_MELD):
        meld = judged(group, rules).meld
        if meld is not None:
            groups.append((meld.card_points(rules), group, meld))
    groups.sort(key=lambda g: -g[0])
    budget = [_MAKE_UP_BUDGET]

    def search(start: int, left: list[Card], total: int, laid: tuple[Meld, ...] | None) -> bool:
        """Melds from `groups[start:]`; with `laid`, cards onto those melds too."""
        if total >= short:
            return True
        for index in range(start, len(groups)):
            budget[0] -= 1
            if budget[0] < 0:
                return False
            value, group, meld = groups[index]
            rest = list(left)
            try:
                for card in group:
                    rest.remove(card)
            except ValueError:
                continue
            # Two cards kept: one left alone could meet the last-card trap.
            grown = None if laid is None else (*laid, meld)
            if len(rest) >= 2 and search(index + 1, rest, total + value, grown):
                return True
        if laid is None or len(left) <= 2:
            return False
        for at, meld in enumerate(laid):
            for card in dict.fromkeys(left):
                budget[0] -= 1
                if budget[0] < 0:
                    return False
                if not fits(meld, (card,)):
                    continue  # (a cheap count first: most cards fit no meld)
                longer = extended(meld, (card,), rules).meld
                if longer is None:
                    continue
                rest = list(left)
                rest.remove(card)
                now = (*laid[:at], longer, *laid[at + 1 :])
                if search(start, rest, total + points[card], now):
                    return True
        return False

    if search(0, list(hand), 0, None):  # (melds alone first: the search as it always was)
        return True
    budget[0] = _MAKE_UP_BUDGET
    return search(0, list(hand), 0, tuple(melds))


# --- small helpers -------------------------------------------------------------------------


def _take(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The hand without the cards, and the cards asked for that it does not hold (counting
    copies)."""
    left = list(hand)
    missing = []
    for card in cards:
        # By identity, as _index finds a card (written out here: no call for each card).
        for index, held in enumerate(left):
            if held is card:
                del left[index]
                break
        else:
            missing.append(card)
    if not missing:  # (the common case: no sort to make)
        return tuple(left), ()
    return tuple(left), tuple(sorted(missing, key=_sort_key))


def _index(cards: Sequence[Card], card: Card) -> int:
    """Where the card lies, or -1. Cards are interned: the search is by identity, in a
    loop (`cards.index` asks Card's Python-level comparisons of every card passed over,
    several times slower)."""
    for index, held in enumerate(cards):
        if held is card:
            return index
    return -1


def _sort_key(card: Card) -> tuple[int, str]:
    return (card.rank, card.suit.value if card.suit else "")


def _logged(state: State, move: Move) -> tuple[Move, ...]:
    """The log with the move at its end. Concatenated: `(*log, move)` copies the log twice,
    through a list, and a round's log grows to a few hundred moves."""
    return state.log + (move,)  # noqa: RUF005


_T = TypeVar("_T")


def _set(items: tuple[_T, ...], index: int, item: _T) -> tuple[_T, ...]:
    # (Through a list: half the time of joining two slices around the item.)
    changed = list(items)
    changed[index] = item
    return tuple(changed)


def _with_melds(side: SideState, melds: tuple[Meld, ...], morto: MortoStatus) -> SideState:
    return SideState(melds, morto, side.waiting, side.vulnerable, side.went_out)


# --- the end of the round ------------------------------------------------------------------


def round_sides(rules: RuleSet, state: State) -> list[SideRound]:
    """The sides as scoring sees them. A morto still waiting when the opponents went out
    counts as not taken where `unused_indirect_morto_paid` is on [001]: paid as if never
    bought, its cards left out. When the stock ended the round instead, the sources are
    silent: the project counts it as taken, as [001] ties the payment to the opponents going
    out. Where the table reads the morto as received at the indirect beat ("o jogador
    recebe o morto" [000]: `partner_may_go_out_while_morto_waits` on, or
    `unused_indirect_morto_paid` off), a waiting morto counted as taken is in that player's
    hand, and its cards count against the side as every card in a hand does [000, 001].
    Otherwise it is picked up only at that player's next turn [003], and its cards count
    for nothing."""
    received_at_the_beat = (
        rules.partner_may_go_out_while_morto_waits or not rules.unused_indirect_morto_paid
    )
    sides = []
    for index, side in enumerate(state.sides):
        seats = state.seats_of(index)
        hands = [state.hands[s] for s in seats]
        waiting = side.waiting if side.morto is MortoStatus.WAITING else None
        paid = rules.unused_indirect_morto_paid and state.sides[1 - index].went_out
        if waiting is not None and not paid and received_at_the_beat:
            at = seats.index(waiting.seat)
            hands[at] = (*hands[at], *waiting.cards)
        sides.append(
            SideRound(
                name=("A", "B")[index],
                melds=side.melds,
                hands=tuple(hands),
                took_morto=side.morto is MortoStatus.TAKEN or (waiting is not None and not paid),
                went_out=side.went_out,
            )
        )
    return sides


def round_score(rules: RuleSet, state: State) -> RoundScore:
    """The score of the round as it stands (final once the phase is ENDED)."""
    return score_round(rules, round_sides(rules, state))


def legal_moves(rules: RuleSet, state: State) -> Iterator[Move]:
    """What the player on turn may do, lazily, each move once; `check` accepts every one.

    Complete for these moves (a test enumerates them by brute force on random positions):
    - every `Draw`, and in Aberto the free `TakeLixo()`;
    - every justified pickup with a new meld: the top card and two or more hand cards, any
      meld they make (`TakeLixo(new_meld=...)`);
    - every justified pickup onto each of the side's melds: the top card alone or with one
      or two hand cards (`TakeLixo(extend=i, cards=...)`), and with the hand cards that
      bridge a longer gap between the top card and a sequence;
    - every new meld of three cards (`Lay`), and the longer ones whose wild, if any, stands
      for a card the hand does not hold; a vulnerable side's first two melds at once;
    - every single-card extension of each of the side's melds (`Extend(i, (card,))`):
      longer ones are reached card by card;
    - every discard.
    Not listed: extensions or lays of more cards that the ones above reach in steps.
    """
    return _legal.legal_moves(rules, state)


def is_legal(rules: RuleSet, state: State, move: Move) -> bool:
    """`check(...).ok`, without building the next state (legal_moves asks it), nor writing
    the meld judge's explanation, which nothing reads here (once written, a remembered
    verdict keeps it: objects the cycle collector walks)."""
    return _play(rules, state, move, build=False, explain=False)[0].ok


def go_out_verdict(rules: RuleSet, state: State, side: int) -> Verdict:
    """May this side go out (the batida final) with what it has on the table now? The
    reasons say what is missing: the morto, the canastra the rules ask for [001, 002, 003]."""
    return _worded_for(
        state,
        blockers_verdict(
            rules, _go_out_blockers(rules, state, state.sides[side], state.sides[side].melds)
        ),
    )


def blockers_verdict(rules: RuleSet, blockers: list[Reason], no_morto: bool = False) -> Verdict:
    """No blockers: the side may go out, and what it scores for it. `no_morto`: both mortos
    became the stock, so the reason says the side needs none (not that it has one)."""
    if blockers:
        return Verdict(False, tuple(blockers))
    if no_morto:
        return Verdict(True, (_r(Code.MAY_GO_OUT, points=rules.batida_points, case="no_morto"),))
    return Verdict(True, (_r(Code.MAY_GO_OUT, points=rules.batida_points),))


def lixo_pickups(rules: RuleSet, state: State) -> list[TakeLixo]:
    """The legal ways for the player on turn to take the lixo (empty: it may not be taken)."""
    return [m for m in legal_moves(rules, state) if isinstance(m, TakeLixo)]


# legal builds on this module, so it is bound here, once both exist (not at every call).
from buraco_core import legal as _legal  # noqa: E402
