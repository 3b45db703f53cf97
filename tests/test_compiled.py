"""The optional compiled core (setup.py, `python3 dev.py compile`) answers as the plain one:
the same legal moves in the same order, the same next states, the same meld and move
verdicts with the same reasons, the same games of the computer players [issue 10: "a
compiled speed-up, if any, is optional and tested to give identical results"]. Built into
build/compiled-test/ (a few seconds to a minute of compiling, in the background beside the
other tests; tests/conftest.py), and built again only when what it is made from changed
(build_key); skipped without a C compiler."""

from __future__ import annotations

import contextlib
import hashlib
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import MISSING, Field, fields
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from buraco_core.codes import Code
from buraco_core.melds import Meld, MeldVerdict
from buraco_core.moves import Lay, TakeLixo
from buraco_core.state import SideState, State
from buraco_core.verdict import Reason, Verdict
from dev import compile_command

ROOT = Path(__file__).resolve().parents[1]

# Run once with the checkout's core, once with the compiled one (its folder first on the
# path): a digest of every listing and every state of random rounds under the presets and
# two house options, and of computer players' rounds.
PLAY = """
import hashlib, json, random, sys
sys.path.insert(0, sys.argv[1])
import buraco_core.judge, buraco_core.legal, buraco_core.melds, buraco_core.state
from buraco_core.judge import apply, check, legal_moves
from buraco_core.melds import judge_meld
from buraco_core.moves import Draw, Lay
from buraco_core.players.levels import make_player
from buraco_core.players.selfplay import play_round
from buraco_core.rules import ruleset
from buraco_core.state import Phase, deal

digest, moves = hashlib.sha256(), 0
setups = [("fechado", {}), ("stbl", {}), ("aberto", {}),
          ("fechado", {"trincas": True, "pickup": "top_card_two_from_hand"}),
          ("fechado", {"vulnerable_min_meld_points": 75})]
for preset, options in setups:
    rules = ruleset(preset, **options)
    vulnerable = (True, True) if "vulnerable_min_meld_points" in options else (False, False)
    for seed in range(12):
        rng = random.Random(seed)
        state = deal(rules, (2, 4)[seed % 2], seed, vulnerable=vulnerable)
        while state.phase is not Phase.ENDED:
            listed = list(legal_moves(rules, state))
            state = apply(rules, state, rng.choice(listed))
            digest.update(repr((listed, state.hands, state.sides, state.lixo)).encode())
            moves += 1
            # The judge's words too: every group the hand could meld, with its reasons, and
            # a move picked blind (mostly illegal), with its verdict's reasons.
            hand = state.hand
            for group in buraco_core.legal.meld_groups(hand, rules):
                verdict = judge_meld(group, rules)
                digest.update(repr((verdict.ok, verdict.reasons, verdict.meld)).encode())
            blind = Lay((tuple(rng.sample(hand, 3)),)) if len(hand) >= 3 else Draw()
            digest.update(repr(check(rules, state, blind).reasons).encode())
rules = ruleset("fechado")
sides = (make_player("strong", 2), make_player("basic", 2))
for seed in range(4):
    record = play_round(rules, sides, seed, 4)
    digest.update(repr((record.moves, record.scores)).encode())
compiled = [m.__file__ for m in (buraco_core.judge, buraco_core.legal, buraco_core.melds,
                                  buraco_core.state)]
print(json.dumps({"digest": digest.hexdigest(), "moves": moves, "files": compiled}))
"""


BUILDS = ROOT / "build" / "compiled-test"


def build_key() -> str:
    """What the compiled copy is made from, as a digest: every file of the core (the modules
    compiled and those mypyc reads their types from), setup.py and pyproject.toml (the list
    compiled, the options), the Python and the mypy (mypyc) that build it."""
    digest = hashlib.sha256(f"{sys.version} mypy {version('mypy')}".encode())
    files = [ROOT / "setup.py", ROOT / "pyproject.toml", *(ROOT / "buraco_core").rglob("*")]
    for path in sorted(f for f in files if f.is_file() and "__pycache__" not in f.parts):
        digest.update(f"\0{path.relative_to(ROOT)}\0".encode() + path.read_bytes())
    return digest.hexdigest()[:20]


def built_copy() -> Path | str:
    """The compiled copy of the core as it is now: built into BUILDS (about 30 s of CPU)
    unless an earlier run built it from the same files (build_key); or the build's error."""
    target = BUILDS / build_key()
    if (target / "buraco_core").is_dir():
        return target
    BUILDS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=BUILDS) as folder:
        fresh = Path(folder) / "compiled"
        env = {**os.environ, "BURACO_COMPILE": "1"}
        command = compile_command(sys.executable, fresh)  # as `dev.py compile` builds it
        built = subprocess.run(command, env=env, capture_output=True, text=True, cwd=ROOT)
        if built.returncode != 0:
            return built.stderr[-3000:]
        # (Whole or not at all: a run stopped half way leaves only its temporary folder. A
        # run beside this one may have put the same build there first.)
        with contextlib.suppress(OSError):
            fresh.rename(target)
    for old in BUILDS.iterdir():  # (built from files since changed: never used again)
        if old != target and not old.name.startswith("tmp"):
            shutil.rmtree(old, ignore_errors=True)
    return target


def build_and_compare() -> dict[str, Any]:
    """Build the compiled core (or find it built) and run PLAY with each core (in a worker
    process: see the test)."""
    if shutil.which(sysconfig.get_config_var("CC").split()[0]) is None:
        return {"skip": "no C compiler: the compiled core is optional"}
    target = built_copy()
    if isinstance(target, str):
        return {"error": target}
    extensions = sorted(path.name.split(".")[0] for path in target.glob("buraco_core/*.so"))
    runs: dict[str, Any] = {"extensions": extensions}
    for name, first in (("plain", ROOT), ("compiled", target)):
        ran = subprocess.run(
            [sys.executable, "-c", PLAY, str(first)], capture_output=True, text=True
        )
        if ran.returncode != 0:
            return {**runs, "error": f"{name}: {ran.stderr[-3000:]}"}
        runs[name] = json.loads(ran.stdout)
    return runs


@pytest.mark.slow
@pytest.mark.background(work=lambda: [(build_and_compare, ())])
def test_the_compiled_core_gives_identical_results(background: list[dict[str, Any]]) -> None:
    (runs,) = background
    if "skip" in runs:
        pytest.skip(runs["skip"])
    # Exactly the modules setup.py lists: never one compiled by an earlier build (setuptools'
    # build folder in the checkout kept those and installed them again).
    listed = re.findall(r'"buraco_core/(\w+)\.py"', (ROOT / "setup.py").read_text())
    assert runs.get("extensions") == sorted(listed), runs.get("extensions")
    assert "error" not in runs, runs.get("error")
    plain, compiled = runs["plain"], runs["compiled"]
    assert all(path.endswith(".py") for path in plain["files"]), plain["files"]
    assert not any(path.endswith(".py") for path in compiled["files"]), compiled["files"]
    assert plain["moves"] > 5000
    assert compiled["digest"] == plain["digest"] and compiled["moves"] == plain["moves"]


# The values made at every step write out their dataclass's __init__ (setup.py: the compiled
# core compiles a written one, not the generated one): it must take what the generated one
# would, the fields in order, each with its default (a default factory's: None, made inside).
WRITTEN_INIT = (Meld, MeldVerdict, Reason, Verdict, SideState, State, Lay, TakeLixo)


def _default(field: Field[Any]) -> object:
    if field.default is not MISSING:
        return field.default
    return None if field.default_factory is not MISSING else "required"


@pytest.mark.parametrize("cls", WRITTEN_INIT, ids=lambda cls: cls.__name__)
def test_a_written_out_init_takes_the_dataclass_fields(cls: type) -> None:
    taken = [
        (p.name, "required" if p.default is p.empty else p.default)
        for p in inspect.signature(cls).parameters.values()
    ]
    assert taken == [(f.name, _default(f)) for f in fields(cls) if f.init]
    assert Reason(Code.DREW).params == {}  # (the one default factory)
