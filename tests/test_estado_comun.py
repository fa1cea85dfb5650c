"""The core State's shortcuts for the hot paths open the same prompts and log the same events as the plain ways."""

import random

from velada.core.game import State
from velada.core.protocol import Prompt


def _state() -> State:
    return State(players=("ana", "bea", "carlos", "dani"), rng=random.Random(1))


def test_ask_seats_abre_los_mismos_prompts_que_ask():
    options = [("bea", "carlos"), (), ("ana",), ("ana", "bea", "carlos")]
    fast, plain = _state(), _state()
    fast.ask_seats("d1:voto", "voto", [3, 1, 0, 2], options, True, {"round": 1})
    for seat in (3, 0, 2):
        plain.ask(Prompt("d1:voto", plain.players[seat], "voto", options[seat], 1, 1, True, {"round": 1}))
    assert list(fast.group.items()) == list(plain.group.items())
    assert [p.text_max for p in fast.group.values()] == [0, 0, 0]


def test_emit_data_registra_el_mismo_evento_que_emit():
    fast, plain = _state(), _state()
    fast.emit_data("muerte", frozenset({"ana"}), {"player": "bea", "role": "bruja"})
    fast.emit_data("sin-muertes", None, {})
    plain.emit("muerte", frozenset({"ana"}), player="bea", role="bruja")
    plain.emit("sin-muertes", None)
    assert fast.log == plain.log
