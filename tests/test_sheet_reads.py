"""A page keeps the sheet it read and asks the store only whether it changed
(SheetStore.sheet_since): what another device writes must still show on the next rerun."""

from __future__ import annotations

import pytest

from buraco_app.sheets import MatchNotFound
from buraco_core import ruleset
from tests.test_sheets import Backend, backend  # noqa: F401 (the fixture)

FECHADO = ruleset("fechado")


def test_an_unchanged_sheet_is_not_read_again(backend: Backend) -> None:  # noqa: F811
    store = backend.store()
    match = store.create_match(["Nós", "Eles"], rules=FECHADO)
    store.add_round(match.id, [100, 250])
    kept = store.sheet(match.id)
    assert store.sheet_since(match.id, kept) is kept
    store.engine.dispose()


def test_every_write_of_another_device_shows_on_the_next_read(backend: Backend) -> None:  # noqa: F811
    mine, other = backend.store(), backend.store()  # two devices, two connections
    match = mine.create_match(["Nós", "Eles"], rules=FECHADO)
    kept = mine.sheet_since(match.id, None)
    assert kept.rounds == ()

    def seen() -> list[tuple[int, ...]]:
        nonlocal kept
        kept = mine.sheet_since(match.id, kept)
        return [r.points for r in kept.rounds]

    other.add_round(match.id, [100, 250])
    assert seen() == [(100, 250)]
    other.add_round(match.id, [30, 40])
    assert seen() == [(100, 250), (30, 40)]
    # Undo then add: as many rounds as before, the same last number, maybe the same row id.
    other.undo_last(match.id)
    other.add_round(match.id, [-50, 500])
    assert seen() == [(100, 250), (-50, 500)]
    other.undo_last(match.id)
    assert seen() == [(100, 250)]
    # A correction changes no round's count, row id or time: it shows all the same.
    other.correct_round(match.id, 1, [100, 25])
    assert seen() == [(100, 25)]
    other.correct_round(match.id, 1, [100, 250])  # and back: the same points as before
    assert seen() == [(100, 250)]
    assert [c.after for c in kept.rounds[0].corrections] == [(100, 25), (100, 250)]
    for store in (mine, other):
        store.engine.dispose()


def test_a_kept_sheet_of_another_match_is_not_returned(backend: Backend) -> None:  # noqa: F811
    store = backend.store()
    first = store.create_match(["A", "B"], rules=FECHADO)
    second = store.create_match(["C", "D"], rules=FECHADO)
    kept = store.sheet(first.id)
    assert store.sheet_since(second.id, kept).match.names == ("C", "D")
    with pytest.raises(MatchNotFound):
        store.sheet_since("nosuchmatch0", kept)
    store.engine.dispose()
