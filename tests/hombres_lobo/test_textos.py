"""How the werewolves' texts name several players: as a sentence does ("Ana, Bea y Carlos"), not as a list
("Ana, Bea, Carlos"); Spanish says "e" before an i sound."""

from __future__ import annotations

import pytest

from velada.games import REGISTRY


@pytest.mark.parametrize(
    ("names", "lang", "said"),
    [
        (["Ana"], "es", "Ana"),
        (["Fran", "Hugo"], "es", "Fran y Hugo"),
        (["Ana", "Bea (bot)", "Carlos"], "es", "Ana, Bea (bot) y Carlos"),
        (["Amaia", "Iker (bot)"], "es", "Amaia e Iker (bot)"),
        (["Eva", "Íñigo"], "es", "Eva e Íñigo"),
        (["Eva", "Hilario"], "es", "Eva e Hilario"),
        (["Eva", "Hierro"], "es", "Eva y Hierro"),
        (["Ana", "Bea", "Iker"], "en", "Ana, Bea and Iker"),
    ],
)
def test_varios_jugadores_se_nombran_como_en_una_frase(names, lang, said):
    for game in ("hombres-lobo", "gauekos"):
        assert REGISTRY.get(game)._names(names, lang) == said
