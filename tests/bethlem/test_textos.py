"""Every text a view shows exists in both languages: no missing catalogue key, no unfilled field."""

import re

import pytest

from velada.core.bots import RandomBot
from velada.core.engine import Match, pending
from velada.core.protocol import PUBLIC

from .mesa import GAME

MISSING = re.compile(r"^[a-z0-9-]+(\.[a-z0-9-]+)+$")


def textos(view):
    for entry in view["log"]:
        yield entry["kind"], entry["text"]
    for prompt in view["prompts"]:
        yield prompt["kind"], prompt["text"]
        for option in prompt["options"]:
            yield prompt["kind"], option["label"]
    yield "phase", view["phase"]["text"]


@pytest.mark.parametrize(("n", "cards"), [(3, "normal"), (4, "normal"), (7, "normal"), (5, "custom"), (7, "custom")])
def test_todos_los_textos_existen_en_espanol_y_en_ingles(n, cards):
    malos = set()
    for seed in range(3):
        m = Match(GAME, [f"p{i}" for i in range(1, n + 1)], {"cards": cards}, seed)
        bot = RandomBot(seed)
        while m.result is None:
            for lang in ("es", "en"):
                for viewer in (None, PUBLIC, *m.players):
                    for kind, text in textos(m.view(viewer, lang)):
                        if MISSING.match(text) or text == "target" or "{" in text:
                            malos.add((lang, kind, text))
            for p in pending(m.state):
                m.choose(p.player, p.id, bot.choose(p))
    assert not malos
