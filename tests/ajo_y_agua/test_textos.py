"""What Ajo y Agua's buttons say: a card thrown away at the end of a turn reads "Descartar: Ajos", never "Usar:
Ajos" (the card is not used); a card played in the turn reads "Usar: Farol"."""

from __future__ import annotations

from velada.core.bots import RandomBot
from velada.core.engine import Match, pending
from velada.games import REGISTRY

AJO = REGISTRY.get("ajo-y-agua")


def test_descartar_al_final_del_turno_dice_descartar_y_no_usar():
    seen = {"descartar": 0, "turno": 0}
    for seed in range(40):
        m = Match(AJO, ["Ana", "Bea", "Carlos", "Dani"], {}, seed)
        bot = RandomBot(seed)
        while m.result is None and not all(seen.values()):
            for prompt in pending(m.state):
                for option in prompt.options:
                    es, en = (AJO.option_label(m.state, prompt, option, lang) for lang in ("es", "en"))
                    if prompt.kind == "descartar":
                        assert es.startswith("Descartar: ") and en.startswith("Discard: "), (es, en)
                        seen["descartar"] += 1
                    else:
                        assert not es.startswith("Descartar") and not en.startswith("Discard"), (es, en)
                        seen["turno"] += es.startswith("Usar: ")
                m.choose(prompt.player, prompt.id, bot.choose(prompt))
        if all(seen.values()):
            break
    assert all(seen.values()), seen
