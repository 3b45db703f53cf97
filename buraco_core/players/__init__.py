"""Computer players and self-play. Players see what their seat sees (`SeatView`), never the
hidden cards, and choose among the judge's legal moves."""

from buraco_core.players.levels import (
    DEFAULT_THINK_MS,
    LEVELS,
    BasicPlayer,
    Player,
    RandomPlayer,
    StrongPlayer,
    make_player,
)
from buraco_core.players.selfplay import (
    RoundRecord,
    play_match,
    play_round,
    play_rounds,
    summarize,
)
from buraco_core.players.view import SeatView, view_of

__all__ = [
    "DEFAULT_THINK_MS",
    "LEVELS",
    "BasicPlayer",
    "Player",
    "RandomPlayer",
    "RoundRecord",
    "SeatView",
    "StrongPlayer",
    "make_player",
    "play_match",
    "play_round",
    "play_rounds",
    "summarize",
    "view_of",
]
