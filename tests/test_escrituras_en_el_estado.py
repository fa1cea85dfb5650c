"""Tests that write into a game's state build a situation the rules may never reach (issue 17): a test reaches
its situation by playing, and the few that still write say why in a comment. ``scripts/state_writes.py`` counts
them; the count may fall, never rise."""

import ast
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("state_writes", ROOT / "scripts" / "state_writes.py")
state_writes = importlib.util.module_from_spec(spec)
spec.loader.exec_module(state_writes)

# The counts at the last change; lower them when a test stops writing (docs/architecture.md, issue 17's row).
IN_BETHLEM = 8
IN_TESTS = 8


def test_no_hay_mas_pruebas_que_escriban_en_el_estado():
    tests = state_writes.writing_tests(ROOT / "tests")
    assert len([path for path, _ in tests if "bethlem" in path.parts]) <= IN_BETHLEM, tests
    assert len(tests) <= IN_TESTS, tests


def _writes(source: str) -> list[tuple[int, str]]:
    return state_writes.direct_writes(ast.parse(source).body[0])


def test_el_contador_ve_cada_forma_de_escribir_en_el_estado():
    """The counter itself can fail: each way of writing is caught, and the rules' own changes are not."""
    assert _writes("def test_a(m):\n    m.state.alive['x'] = False") == [(2, "m.state.alive['x']")]
    assert _writes("def test_a(m):\n    s = m.state\n    s.out.append(1)") == [(3, "s.out.append")]
    assert _writes("def test_a(m):\n    d = m.state.custom['k']\n    del d.hand[0]") == [(3, "d.hand[0]")]
    assert _writes("def test_a(m):\n    m.state.round += 1") == [(2, "m.state.round")]
    assert _writes("def test_a(m):\n    m.state.set_alive('x', False)") == [(2, "m.state.set_alive")]
    assert _writes("def test_a(m):\n    s = m.state\n    s.set_out(0, True)") == [(3, "s.set_out")]
    assert _writes("def test_a(m):\n    m.state = fake") == [(2, "m.state")]
    assert _writes("def test_a(m):\n    awaken(m.state, 'x')\n    m.state.alive.get('x')") == []
    assert _writes("def test_a(app):\n    app.state.hub.config.rate = 1") == []
    assert _writes("def test_a(t):\n    s = t.state\n    t.state = t.game.shuffle_hidden(s)\n    t.state = s") == []
