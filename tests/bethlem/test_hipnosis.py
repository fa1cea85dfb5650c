"""Terapia de hipnosis and its list of powers (section 11): the hypnotised player uses the power for one night,
right after the card that has it; the original card keeps its power."""

import pytest

from velada.games.bethlem.cards import HYPNOSIS_POWERS
from velada.games.bethlem.ending import objective

from .mesa import CUATRO, abiertos, elige, eventos, hasta, hasta_prompt, mesa, noche, ronda, viva

DECK = ["terapia-de-hipnosis", "milagrero", "leproso", "despertar", "confesion"]


def hipnotiza(player, power, respuestas=None):
    """Ana hypnotises ``player`` with ``power`` on the second night."""
    m = mesa(CUATRO, eventos=DECK)
    ronda(m)
    hasta_prompt(
        m,
        "Ana",
        "terapia-de-hipnosis-poder",
        {("Ana", "evento-noche"): ["terapia-de-hipnosis"], ("Ana", "terapia-de-hipnosis"): [player]},
    )
    elige(m, "Ana", "terapia-de-hipnosis-poder", power)
    return m


def test_la_lista_de_hipnosis_es_la_del_reglamento():
    assert HYPNOSIS_POWERS == (
        "larry-owls",
        "el-archivo",
        "arthur",
        "terapia-electroshock",
        "terapia-opio-y-barbituricos",
        "terapia-lobotomia",
        "amnesia",
    )


def turno(m, player, kind, respuestas=None):
    """Play until ``player``'s hypnotised prompt of ``kind`` is open, and check it comes right after the card's."""
    order = []
    hasta(
        m,
        lambda m: (
            order.extend(p.id for p in m.pending()) or any(p.id.endswith(f"{kind}-hipnosis") for p in m.pending())
        ),
        respuestas,
    )
    (p,) = [p for p in m.pending() if p.player == player]
    return p


@pytest.mark.parametrize(
    ("power", "player", "original"),
    [("el-archivo", "Dani", "Ana"), ("arthur", "Dani", "Carlos"), ("terapia-lobotomia", "Bea", "Carlos")],
)
def test_el_hipnotizado_usa_el_poder_justo_despues_de_la_carta_original(power, player, original):
    m = hipnotiza(player, power)
    hasta_prompt(m, original, power)
    elige(m, original, power)
    assert [(p.player, p.id) for p in m.pending()] == [(player, f"n2:{power}-hipnosis")]


def test_hipnotizado_con_el_archivo_descubre_la_posicion_de_un_amotinado():
    m = hipnotiza("Dani", "el-archivo")
    noche(m, {("Dani", "n2:el-archivo-hipnosis"): ["Bea"]})
    assert eventos(m, "archivo", "Dani") == [{"player": "Bea", "positions": [1], "principal": False}]


def test_hipnotizado_con_arthur_protege_una_carta():
    m = hipnotiza("Dani", "arthur")
    noche(
        m,
        {
            ("Dani", "n2:arthur-hipnosis"): ["Carlos:3"],
            ("Ana", "amotinados"): ["Carlos:3"],
            ("Bea", "amotinados"): ["Carlos:3"],
        },
    )
    assert viva(m, "terapia-lobotomia")


def test_hipnotizado_con_electroshock_mata_aunque_la_carta_ya_este_usada():
    m = mesa(CUATRO, eventos=DECK)
    ronda(m, {("Ana", "terapia-electroshock"): ["Dani:4"]})  # only Dani lost a card: she draws the hypnosis
    hasta_prompt(
        m,
        "Dani",
        "terapia-de-hipnosis-poder",
        {("Dani", "evento-noche"): ["terapia-de-hipnosis"], ("Dani", "terapia-de-hipnosis"): ["Carlos"]},
    )
    elige(m, "Dani", "terapia-de-hipnosis-poder", "terapia-electroshock")
    noche(m, {("Carlos", "n2:terapia-electroshock-hipnosis"): ["Bea:2"]})
    assert not viva(m, "john-flick")


def test_hipnotizado_con_opio_salva_una_carta():
    m = hipnotiza("Dani", "terapia-opio-y-barbituricos")
    noche(
        m,
        {
            ("Ana", "amotinados"): ["Carlos:1"],
            ("Bea", "amotinados"): ["Carlos:1"],
            ("Dani", "n2:terapia-opio-y-barbituricos-hipnosis"): ["Carlos:1"],
        },
    )
    assert viva(m, "larry-owls")


def test_hipnotizado_con_lobotomia_cambia_de_bando_a_un_amotinado():
    m = hipnotiza("Dani", "terapia-lobotomia")
    noche(m, {("Dani", "n2:terapia-lobotomia-hipnosis"): ["Bea:1"]})
    assert objective(m.state, 1) == "internos"


def test_hipnotizado_con_amnesia_pide_un_segundo_linchamiento_ese_dia():
    m = hipnotiza("Carlos", "amnesia")
    noche(m)
    hasta(m, lambda m: ("Bea", "amnesia") in abiertos(m) or ("Carlos", "amnesia") in abiertos(m))
    assert ("Bea", "amnesia") in abiertos(m)  # the card's holder first: one Amnesia per day
    elige(m, "Bea", "amnesia")
    assert abiertos(m) == {("Carlos", "amnesia")}
    elige(m, "Carlos", "amnesia", "normal")
    assert eventos(m, "amnesia", "Dani") == [{"player": "Carlos", "mode": "normal"}]
    assert not m.state.used.get("amnesia")
