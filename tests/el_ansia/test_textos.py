"""What El ansia's options say to a player on a phone: a move's destinations name the space as the board labels
it and how far it is, in words ("Llanuras (b5, pozo): a 3 pasos"), not a bare number after a dot."""

from __future__ import annotations

import re

from velada.core.bots import RandomBot
from velada.core.engine import Match, pending
from velada.games.el_ansia import board
from velada.games.el_ansia.data import SPACES

from .escena import ANSIA

FAR = {"es": re.compile(r": a (\d+) (paso|pasos)$"), "en": re.compile(r": (\d+) (step|steps) away$")}


def test_cada_destino_de_un_movimiento_dice_a_cuantos_pasos_esta():
    m = Match(ANSIA, ["Ana", "Bea", "Carlos"], {}, 3)
    bot, moves = RandomBot(3), 0
    while m.result is None and moves < 5:
        for prompt in pending(m.state):
            if prompt.kind == "mover":
                moves += 1
                here = m.state.position[m.state.current]
                for option in (o for o in prompt.options if o in SPACES):
                    for lang, far in FAR.items():
                        label = ANSIA.option_label(m.state, prompt, option, lang)
                        said = far.search(label)
                        assert said, label
                        assert label.startswith(ANSIA.space_name(option, lang)), label
                        n = int(said.group(1))
                        assert n == board.distances_from(here)[option], label
                        assert said.group(2) == ("paso" if lang == "es" else "step") + ("" if n == 1 else "s")
            m.choose(prompt.player, prompt.id, bot.choose(prompt))
    assert moves == 5
