"""The judge: is a move legal here, why, and what does the position become.

`check` and `apply` share one function (`_play`), so they cannot disagree; neither mutates
anything (states are frozen). Illegal moves give a verdict with reason codes; only bad input
raises. No move may leave a player stuck: a move that would empty the hand, or leave a last
card that could not be discarded, is refused with what is missing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from buraco_core.cards import Card
from buraco_core.melds import Meld, extend_meld, judge_meld
from buraco_core.moves import Discard, Draw, Extend, Lay, Move, TakeLixo
from buraco_core.rules import RuleSet
from buraco_core.scoring import RoundScore, SideRound, score_round
from buraco_core.state import EndReason, MortoStatus, Phase, SideState, State
from buraco_core.verdict import Reason, Verdict

SRC_TURN = ("000", "001", "002", "003")
SRC_SIDES = ("000", "002", "003")
SRC_MORTO = ("001", "003")
SRC_BEAT = ("000", "001", "003")
SRC_GO_OUT = ("001", "002", "003")
SRC_STOCK_OUT = ("000", "001", "003")


class IllegalMove(Exception):
    """Raised by `apply` for an illegal move; carries the verdict."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        super().__init__(", ".join(verdict.codes))


def check(rules: RuleSet, state: State, move: Move) -> Verdict:
    """Is the move legal? The verdict's reasons say why, and what follows from it."""
    return _play(rules, state, move)[0]


def apply(rules: RuleSet, state: State, move: Move) -> State:
    """The position after a legal move; an illegal one raises IllegalMove with its verdict."""
    verdict, after = _play(rules, state, move)
    if after is None:
        raise IllegalMove(verdict)
    return after


def play(rules: RuleSet, state: State, move: Move) -> tuple[Verdict, State | None]:
    """Both at once: the verdict, and the next state (None when the move is illegal)."""
    return _play(rules, state, move)


def replay(rules: RuleSet, start: State, moves: Iterable[Move]) -> State:
    """Replay a log of moves from a starting position."""
    state = start
    for move in moves:
        state = apply(rules, state, move)
    return state


# --- the rules of a turn ------------------------------------------------------------------


def _r(code: str, sources: Sequence[str], **params: object) -> Reason:
    return Reason(code, tuple(sources), params)


def _no(*reasons: Reason) -> tuple[Verdict, None]:
    return Verdict(False, reasons), None


def _play(rules: RuleSet, state: State, move: Move) -> tuple[Verdict, State | None]:
    if state.phase is Phase.ENDED:
        return _no(_r("round_over", SRC_TURN))
    if move.seat is not None and move.seat != state.turn:
        return _no(_r("not_your_turn", SRC_TURN, seat=move.seat, turn=state.turn))
    if isinstance(move, Draw):
        return _draw(state, move)
    if isinstance(move, TakeLixo):
        return _take_lixo(rules, state, move)
    if state.phase is Phase.DRAW:
        return _no(_r("must_draw_first", SRC_TURN))
    if isinstance(move, Lay):
        return _lay(rules, state, move)
    if isinstance(move, Extend):
        return _extend(rules, state, move)
    return _discard(rules, state, move)


def _draw(state: State, move: Draw) -> tuple[Verdict, State | None]:
    if state.phase is not Phase.DRAW:
        return _no(_r("already_drew", SRC_TURN))
    events: list[Reason] = []
    if not state.stock:
        state, events = _refill_stock(state)
        if not state.stock:
            return _no(_r("stock_empty", SRC_STOCK_OUT))
    card = state.stock[-1]
    hands = _set_hand(state, state.turn, (*state.hand, card))
    after = replace(state, hands=hands, stock=state.stock[:-1], phase=Phase.PLAY)
    events.append(_r("drew", SRC_TURN, card=card))
    return Verdict(True, tuple(events)), _logged(after, move)


def _take_lixo(rules: RuleSet, state: State, move: TakeLixo) -> tuple[Verdict, State | None]:
    if state.phase is not Phase.DRAW:
        return _no(_r("already_drew", SRC_TURN))
    if not state.lixo:
        return _no(_r("lixo_empty", SRC_TURN))
    top, rest = state.lixo[-1], state.lixo[:-1]
    seat, side_index = state.turn, state.side_of(state.turn)
    side = state.sides[side_index]
    src_pickup = ("002", "003", "option:pickup")
    if rules.pickup != "free" and not move.justified:
        return _no(_r("pickup_needs_justification", src_pickup, top=top))
    if move.new_meld and move.extend is not None:
        return _no(_r("pickup_one_justification", src_pickup))
    hand = state.hand
    used = move.new_meld if move.new_meld else move.cards
    missing = _missing(hand, used)
    if missing:
        return _no(_r("card_not_in_hand", SRC_TURN, cards=missing))
    reasons: list[Reason] = []
    melds = side.melds
    meld_points = 0
    if move.new_meld:
        if rules.pickup == "top_card_two_from_hand" and len(move.new_meld) < 2:
            return _no(_r("pickup_needs_two_from_hand", ("003", "option:pickup"), top=top))
        verdict = judge_meld((top, *move.new_meld), rules)
        if verdict.meld is None:
            return _no(_r("pickup_top_card_not_used", src_pickup, top=top), *verdict.reasons)
        melds = (*melds, verdict.meld)
        meld_points = verdict.meld.card_points(rules)
        reasons.append(_r("took_lixo_new_meld", src_pickup, top=top, count=len(state.lixo)))
        reasons.extend(verdict.reasons)
    elif move.extend is not None:
        if top.is_wild_kind and rules.wild_top_card_new_meld_only and rules.pickup != "free":
            return _no(
                _r(
                    "wild_top_card_new_meld_only",
                    ("002", "003", "option:wild_top_card_new_meld_only"),
                    top=top,
                )
            )
        if rules.pickup == "top_card_two_from_hand":
            return _no(_r("pickup_needs_two_from_hand", ("003", "option:pickup"), top=top))
        if not 0 <= move.extend < len(melds):
            return _no(_r("no_such_meld", SRC_SIDES, meld=move.extend, count=len(melds)))
        verdict = extend_meld(melds[move.extend], (top, *move.cards), rules)
        if verdict.meld is None:
            return _no(_r("pickup_top_card_not_used", src_pickup, top=top), *verdict.reasons)
        melds = _replace_at(melds, move.extend, verdict.meld)
        reasons.append(_r("took_lixo_extend", src_pickup, top=top, count=len(state.lixo)))
        reasons.extend(verdict.reasons)
    else:
        reasons.append(_r("took_lixo", ("000", "option:pickup"), count=len(state.lixo)))
    if move.new_meld:
        blocked = _vulnerable_block(rules, side, meld_points)
        if blocked:
            return _no(blocked)
    # Unjustified (free pickup): the top card goes to the hand with the rest.
    new_hand = (*_remove(hand, used), *rest, *(() if move.justified else (top,)))
    after = replace(
        state,
        hands=_set_hand(state, seat, new_hand),
        lixo=(),
        sides=_set_side(state, side_index, replace(side, melds=melds)),
        phase=Phase.PLAY,
    )
    return _after_meld(rules, after, move, reasons)


def _lay(rules: RuleSet, state: State, move: Lay) -> tuple[Verdict, State | None]:
    if not move.melds or any(not group for group in move.melds):
        return _no(_r("no_cards", ("000",)))
    used = tuple(c for group in move.melds for c in group)
    missing = _missing(state.hand, used)
    if missing:
        return _no(_r("card_not_in_hand", SRC_TURN, cards=missing))
    side_index = state.side_of(state.turn)
    side = state.sides[side_index]
    reasons: list[Reason] = []
    new_melds: list[Meld] = []
    for group in move.melds:
        verdict = judge_meld(group, rules)
        if verdict.meld is None:
            return _no(*verdict.reasons)
        new_melds.append(verdict.meld)
        reasons.append(_r("laid_meld", ("000",), cards=verdict.meld.cards))
        reasons.extend(verdict.reasons)
    blocked = _vulnerable_block(rules, side, sum(m.card_points(rules) for m in new_melds))
    if blocked:
        return _no(blocked)
    after = replace(
        state,
        hands=_set_hand(state, state.turn, _remove(state.hand, used)),
        sides=_set_side(state, side_index, replace(side, melds=(*side.melds, *new_melds))),
    )
    return _after_meld(rules, after, move, reasons)


def _extend(rules: RuleSet, state: State, move: Extend) -> tuple[Verdict, State | None]:
    side_index = state.side_of(state.turn)
    if move.side is not None and move.side != side_index:
        return _no(_r("not_your_meld", SRC_SIDES, side=move.side))
    side = state.sides[side_index]
    if not 0 <= move.meld < len(side.melds):
        return _no(_r("no_such_meld", SRC_SIDES, meld=move.meld, count=len(side.melds)))
    if not move.cards:
        return _no(_r("no_cards", ("000",)))
    missing = _missing(state.hand, move.cards)
    if missing:
        return _no(_r("card_not_in_hand", SRC_TURN, cards=missing))
    verdict = extend_meld(side.melds[move.meld], move.cards, rules)
    if verdict.meld is None:
        return _no(*verdict.reasons)
    reasons = [_r("extended_meld", ("000", "002", "003"), meld=move.meld, cards=move.cards)]
    reasons.extend(verdict.reasons)
    after = replace(
        state,
        hands=_set_hand(state, state.turn, _remove(state.hand, move.cards)),
        sides=_set_side(
            state, side_index, replace(side, melds=_replace_at(side.melds, move.meld, verdict.meld))
        ),
    )
    return _after_meld(rules, after, move, reasons)


def _discard(rules: RuleSet, state: State, move: Discard) -> tuple[Verdict, State | None]:
    if _missing(state.hand, (move.card,)):
        return _no(_r("card_not_in_hand", SRC_TURN, cards=(move.card,)))
    seat, side_index = state.turn, state.side_of(state.turn)
    side = state.sides[side_index]
    hand = _remove(state.hand, (move.card,))
    after = replace(state, hands=_set_hand(state, seat, hand), lixo=(*state.lixo, move.card))
    reasons = [_r("discarded", SRC_TURN, card=move.card)]
    if not hand:
        if side.morto is MortoStatus.AVAILABLE and state.mortos:
            # Indirect beat: the morto waits for this player's next turn [000, 001, 003].
            pile, mortos = state.mortos[0], state.mortos[1:]
            waiting = replace(side, morto=MortoStatus.WAITING, waiting=pile, waiting_seat=seat)
            after = replace(after, mortos=mortos, sides=_set_side(after, side_index, waiting))
            reasons.append(_r("indirect_beat", SRC_BEAT))
        else:
            blockers = _go_out_blockers(rules, after, side_index)
            if blockers:
                return _no(_r("cannot_go_out", SRC_GO_OUT), *blockers)
            return _went_out(rules, after, move, reasons, side_index)
    return _end_turn(rules, after, move, reasons)


def _after_meld(
    rules: RuleSet, after: State, move: Move, reasons: list[Reason]
) -> tuple[Verdict, State | None]:
    """What follows from laying or extending: a direct beat, going out, or the trap of a last
    card that could not be discarded."""
    seat, side_index = after.turn, after.side_of(after.turn)
    side = after.sides[side_index]
    left = len(after.hands[seat])
    can_take_morto = side.morto is MortoStatus.AVAILABLE and bool(after.mortos)
    if left == 0:
        if can_take_morto:
            # Direct beat: take the morto now and play on, without drawing [000, 001, 003].
            pile, mortos = after.mortos[0], after.mortos[1:]
            after = replace(
                after,
                hands=_set_hand(after, seat, pile),
                mortos=mortos,
                sides=_set_side(after, side_index, replace(side, morto=MortoStatus.TAKEN)),
            )
            reasons.append(_r("direct_beat", SRC_BEAT))
            return Verdict(True, tuple(reasons)), _logged(after, move)
        blockers = _go_out_blockers(rules, after, side_index)
        if rules.go_out_by == "discard":
            blockers.append(_r("go_out_must_discard", ("003", "option:go_out_by")))
        if blockers:
            return _no(_r("cannot_go_out", SRC_GO_OUT), *blockers)
        return _went_out(rules, after, move, reasons, side_index)
    if left == 1 and not can_take_morto:
        blockers = _go_out_blockers(rules, after, side_index)
        if blockers:
            return _no(_r("last_card_trap", SRC_GO_OUT), *blockers)
    return Verdict(True, tuple(reasons)), _logged(after, move)


def _go_out_blockers(rules: RuleSet, state: State, side_index: int) -> list[Reason]:
    """What the side lacks to go out (the batida final): empty when it may."""
    side = state.sides[side_index]
    blockers: list[Reason] = []
    nobody_took = all(s.morto not in (MortoStatus.TAKEN, MortoStatus.WAITING) for s in state.sides)
    if side.morto is not MortoStatus.TAKEN and not (nobody_took and not state.mortos):
        if side.morto is MortoStatus.WAITING:
            blockers.append(_r("go_out_morto_waiting", SRC_MORTO))
        else:
            blockers.append(_r("go_out_needs_morto", SRC_GO_OUT))
    kinds = [m.canastra(rules) for m in side.melds]
    if rules.go_out_requires == "clean_canastra":
        if not any(k in ("limpa", "500", "real") for k in kinds):
            blockers.append(
                _r(
                    "go_out_needs_clean_canastra",
                    ("000", "001", "002", "003", "option:go_out_requires"),
                )
            )
    elif not any(kinds):
        blockers.append(_r("go_out_needs_canastra", ("000", "001", "option:go_out_requires")))
    return blockers


def _went_out(
    rules: RuleSet, after: State, move: Move, reasons: list[Reason], side_index: int
) -> tuple[Verdict, State | None]:
    side = after.sides[side_index]
    after = replace(
        after,
        sides=_set_side(after, side_index, replace(side, went_out=True)),
        phase=Phase.ENDED,
        ended_by=EndReason.BATIDA,
    )
    reasons.append(_r("went_out", SRC_GO_OUT, points=rules.batida_points))
    return Verdict(True, tuple(reasons)), _logged(after, move)


def _end_turn(
    rules: RuleSet, after: State, move: Move, reasons: list[Reason]
) -> tuple[Verdict, State | None]:
    """The discard ends the turn: refill the stock from a morto or end the round, then hand
    the turn on; a waiting morto reaches its player at the start of their turn."""
    if not after.stock:
        after, events = _refill_stock(after)
        reasons.extend(events)
        if not after.stock:
            after = replace(after, phase=Phase.ENDED, ended_by=EndReason.STOCK_OUT)
            reasons.append(_r("round_ended_stock_out", ("002", "003")))
            return Verdict(True, tuple(reasons)), _logged(after, move)
    nxt = (after.turn + 1) % after.players
    side_index = after.side_of(nxt)
    side = after.sides[side_index]
    hands = after.hands
    sides = after.sides
    if side.morto is MortoStatus.WAITING and side.waiting_seat == nxt:
        hands = _set_hand(after, nxt, (*after.hands[nxt], *side.waiting))
        picked = replace(side, morto=MortoStatus.TAKEN, waiting=(), waiting_seat=None)
        sides = _set_side(after, side_index, picked)
        reasons.append(_r("morto_picked_up", SRC_BEAT, seat=nxt))
    after = replace(after, hands=hands, sides=sides, turn=nxt, phase=Phase.DRAW)
    return Verdict(True, tuple(reasons)), _logged(after, move)


def _refill_stock(state: State) -> tuple[State, list[Reason]]:
    """The stock ran out: a morto nobody took becomes the stock [000, 001, 003]."""
    if state.stock or not state.mortos:
        return state, []
    stock, mortos = state.mortos[0], state.mortos[1:]
    sides = state.sides
    if not mortos:
        sides = tuple(
            replace(s, morto=MortoStatus.STOCK) if s.morto is MortoStatus.AVAILABLE else s
            for s in sides
        )
    return replace(state, stock=stock, mortos=mortos, sides=sides), [
        _r("morto_became_stock", SRC_STOCK_OUT)
    ]


def _vulnerable_block(rules: RuleSet, side: SideState, points: int) -> Reason | None:
    """A vulnerable side's first meld of the round must reach the minimum [003]."""
    needed = rules.vulnerable_min_meld_points
    if needed and side.vulnerable and not side.melds and points < needed:
        return _r(
            "vulnerable_min_meld",
            ("003", "option:vulnerable_min_meld_points"),
            points=points,
            needed=needed,
        )
    return None


# --- small helpers -------------------------------------------------------------------------


def _missing(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards asked for that the hand does not hold (counting copies)."""
    have = Counter(hand)
    need = Counter(cards)
    return tuple(sorted((need - have).elements(), key=_sort_key))


def _sort_key(card: Card) -> tuple[int, str]:
    return (card.rank, card.suit.value if card.suit else "")


def _remove(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    left = list(hand)
    for card in cards:
        left.remove(card)
    return tuple(left)


def _set_hand(state: State, seat: int, hand: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(hand) if i == seat else h for i, h in enumerate(state.hands))


def _set_side(state: State, index: int, side: SideState) -> tuple[SideState, ...]:
    return tuple(side if i == index else s for i, s in enumerate(state.sides))


def _replace_at(melds: tuple[Meld, ...], index: int, meld: Meld) -> tuple[Meld, ...]:
    return tuple(meld if i == index else m for i, m in enumerate(melds))


def _logged(state: State, move: Move) -> State:
    return replace(state, log=(*state.log, move))


# --- the end of the round ------------------------------------------------------------------


def round_sides(rules: RuleSet, state: State) -> list[SideRound]:
    """The sides as scoring sees them. A morto still waiting when the round ends counts as
    not taken where `unused_indirect_morto_paid` is on [001]."""
    sides = []
    for index, side in enumerate(state.sides):
        took = side.morto is MortoStatus.TAKEN or (
            side.morto is MortoStatus.WAITING and not rules.unused_indirect_morto_paid
        )
        sides.append(
            SideRound(
                name=("A", "B")[index],
                melds=side.melds,
                hands=tuple(state.hands[s] for s in state.seats_of(index)),
                took_morto=took,
                went_out=side.went_out,
            )
        )
    return sides


def round_score(rules: RuleSet, state: State) -> RoundScore:
    """The score of the round as it stands (final once the phase is ENDED)."""
    return score_round(rules, round_sides(rules, state))


def legal_moves(rules: RuleSet, state: State) -> Iterator[Move]:
    """What the player on turn may do, lazily. Melds are built from the hand's structure
    (runs of one suit, ranks for trincas), never by trying every subset of the hand."""
    from buraco_core.legal import candidate_moves

    for move in candidate_moves(rules, state):
        if _play(rules, state, move)[1] is not None:
            yield move
