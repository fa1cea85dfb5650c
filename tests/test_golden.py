"""Golden playthroughs: each example scenario's views, seat by seat, must not change unnoticed.

After an intended change, run ``python scripts/golden.py`` and review the diff of ``tests/golden/``."""

import importlib.util
import json
from pathlib import Path

import pytest

from velada.games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("golden", ROOT / "scripts" / "golden.py")
golden = importlib.util.module_from_spec(spec)
spec.loader.exec_module(golden)

EXAMPLES = sorted((ROOT / "examples").glob("*.json"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_la_partida_de_ejemplo_se_ve_igual_que_la_grabada(path):
    recorded = json.loads((ROOT / "tests" / "golden" / path.name).read_text(encoding="utf-8"))
    assert golden.playthrough(path) == recorded


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_el_narrador_dice_el_guion_grabado(path):
    """The narration script (what the shared screen speaks) of each example game, in both languages."""
    recorded = (ROOT / "tests" / "golden" / "narracion" / f"{path.stem}.txt").read_text(encoding="utf-8")
    assert golden.narration(path) == recorded


def test_cada_juego_tiene_una_partida_de_ejemplo():
    games = {json.loads(p.read_text())["game"] for p in EXAMPLES}
    assert {g.id for g in REGISTRY} <= games
