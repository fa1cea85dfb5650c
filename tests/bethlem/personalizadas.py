"""Helpers to script short games of the custom-cards mode (section 13) with an explicit deal: the tests of the
custom principal characters El Cyborg, La Maestra Vudú, El Otaku, La Médico, La Médium, El Saltamundos and
El Relojero."""

from __future__ import annotations

from velada.core.engine import Match

from .mesa import GAME

#: Four players: the principal characters are filled with custom cards that have no night turn of their own
#: or only skippable ones; each test puts its characters in place with ``principales``.
BASE = {
    "Ana": ["la-alquimista", "el-archivo", "terapia-electroshock", "el-cataleptico", "responsabilidad"],
    "Bea": ["la-chef", "john-flick", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"],
    "Carlos": ["la-ludopata", "arthur", "terapia-lobotomia", "muerte-dulce", "bipolaridad"],
    "Dani": ["el-ultimo-superviviente", "wakerfield", "profeta", "juego-de-azar", "paciencia"],
}
#: Ana and Carlos are inmates, Bea and Dani the mutineers.
OBJETIVOS = {"Ana": "internos", "Bea": "amotinados", "Carlos": "internos", "Dani": "amotinados"}
#: Who attacks in the mutineers' turn (``mesa.ataque(target, amotinados=AMOTINADOS)``).
AMOTINADOS = ("Bea", "Dani")


def personalizada(
    principales: dict[str, str] | None = None,
    objetivos: dict[str, str] | None = None,
    cambios: dict[str, list[str]] | None = None,
    seed: int = 0,
    eventos: list[str] | None = None,
    **options,
) -> Match:
    """A custom table dealt as ``BASE``, with the principal character (position 1) of some players replaced
    (``principales``), some rows replaced whole (``cambios``) and the objectives of ``OBJETIVOS`` (or
    ``objetivos``). No acontecimientos and no events unless a test says so."""
    deal: dict = {p: list(cards) for p, cards in BASE.items()}
    for player, card in (principales or {}).items():
        deal[player][0] = card
    deal.update({p: list(row) for p, row in (cambios or {}).items()})
    deal["objetivos"] = dict(objetivos or OBJETIVOS)
    deal["eventos"] = list(eventos or [])
    opts = {
        "colocacion": "reparto",
        "cards": "custom",
        "acontecimientos": "no",
        **{k.replace("_", "-"): v for k, v in options.items()},
    }
    return Match(GAME, list(BASE), opts, seed, deal)
