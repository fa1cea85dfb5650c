"""Turno de preparación: Ladrón, Cupido, and the Alguacil's election."""

import pytest

from velada.core.narration import script
from velada.core.protocol import IllegalAction

from .mesa import OCHO, abiertos, elige, eventos, mesa, noche_tranquila, votan

CON_LADRON = {**OCHO, "Hugo": "ladron"}


def test_ladron_ve_las_dos_cartas_sobrantes_y_puede_cambiar():
    m = mesa(CON_LADRON, sobrantes=["aldeano", "cupido"])
    assert abiertos(m) == {("Hugo", "ladron")}
    assert eventos(m, "sobrantes", "Hugo") == [{"roles": ["aldeano", "cupido"]}]
    assert eventos(m, "sobrantes", "Ana") == []
    elige(m, "Hugo", "ladron", "carta-2")
    assert m.state.roles[m.state.index["Hugo"]] == "cupido"
    assert sorted(m.state.spare) == ["aldeano", "ladron"]
    # Having taken Cupido's card, he is called as Cupido right after.
    assert abiertos(m) == {("Hugo", "cupido")}


def test_ladron_puede_quedarse_su_carta():
    m = mesa(CON_LADRON, sobrantes=["aldeano", "hombre-lobo"])
    elige(m, "Hugo", "ladron")
    assert m.state.roles[m.state.index["Hugo"]] == "ladron"
    assert m.state.powers[m.state.index["Hugo"]] == "villager"


def test_ladron_debe_cambiar_si_las_dos_sobrantes_son_lobos():
    deal = {**CON_LADRON, "Bea": "aldeano", "Carlos": "aldeano"}
    m = mesa(deal, sobrantes=["hombre-lobo", "hombre-lobo"])
    (prompt,) = m.pending()
    assert not prompt.skippable
    with pytest.raises(IllegalAction):
        elige(m, "Hugo", "ladron")
    elige(m, "Hugo", "ladron", "carta-1")
    assert m.state.roles[m.state.index["Hugo"]] == "hombre-lobo"


def test_ladron_que_toma_un_lobo_despierta_con_la_manada():
    m = mesa(CON_LADRON, sobrantes=["hombre-lobo", "aldeano"])
    elige(m, "Hugo", "ladron", "carta-1")
    elige(m, "Ana", "vidente")
    assert abiertos(m) == {("Bea", "lobos"), ("Carlos", "lobos"), ("Hugo", "lobos")}
    assert eventos(m, "manada", "Hugo") == [{"players": ["Bea", "Carlos", "Hugo"]}]


def test_ladron_variante_mueve_todas_las_cartas_un_puesto():
    m = mesa(CON_LADRON, ladron_variante="rotacion")
    assert m.state.spare == []
    (prompt,) = m.pending()
    assert prompt.options == ("izquierda", "derecha") and not prompt.skippable
    before = list(m.state.roles)
    elige(m, "Hugo", "ladron", "izquierda")
    # To the left is to the next seat: Ana's card goes to Bea, Hugo's (the last seat) to Ana.
    assert m.state.roles == [before[-1], *before[:-1]]
    assert eventos(m, "nueva-carta", "Bea") == [{"role": "vidente"}]
    assert m.state.roles[0] == "ladron" and m.state.powers[0] == "villager"


def test_ladron_variante_hacia_la_derecha():
    m = mesa(CON_LADRON, ladron_variante="rotacion")
    before = list(m.state.roles)
    elige(m, "Hugo", "ladron", "derecha")
    assert m.state.roles == [*before[1:], before[0]]


CON_CUPIDO = {**OCHO, "Hugo": "cupido"}


def test_cupido_enamora_a_dos_jugadores_y_puede_elegirse_a_si_mismo():
    m = mesa(CON_CUPIDO)
    (prompt,) = m.pending()
    assert prompt.min == prompt.max == 2 and "Hugo" in prompt.options
    with pytest.raises(IllegalAction):
        elige(m, "Hugo", "cupido", "Ana")
    with pytest.raises(IllegalAction):
        elige(m, "Hugo", "cupido", "Ana", "Ana")
    elige(m, "Hugo", "cupido", "Hugo", "Bea")
    assert m.state.lovers == (1, 7)


def test_enamorados_se_reconocen_sin_ver_su_carta():
    m = mesa(CON_CUPIDO)
    elige(m, "Hugo", "cupido", "Ana", "Bea")
    assert eventos(m, "enamorado", "Ana") == [{"player": "Bea"}]
    assert eventos(m, "enamorado", "Bea") == [{"player": "Ana"}]
    view = m.view("Ana")
    assert view["you"]["notes"][0] == "Te has enamorado de Bea."
    bea = next(p for p in view["players"] if p["id"] == "Bea")
    assert bea["lover"] is True and bea["role"] is None
    assert "lover" not in next(p for p in m.view("Fran")["players"] if p["id"] == "Bea")


def test_cupido_se_convierte_en_simple_aldeano_pero_su_carta_sigue_siendo_cupido():
    m = mesa(CON_CUPIDO)
    elige(m, "Hugo", "cupido", "Ana", "Bea")
    assert m.state.powers[7] == "villager"
    elige(m, "Ana", "vidente", "Hugo")
    assert eventos(m, "vision", "Ana") == [{"player": "Hugo", "role": "cupido"}]


def test_alguacil_elegido_en_el_turno_de_preparacion_por_mayoria():
    m = mesa(OCHO, alguacil="preparacion")
    assert {kind for _, kind in abiertos(m)} == {"eleccion"}
    votan(m, {"Ana": "Eva", "Bea": "Eva", "Carlos": "Fran", "Dani": "Eva"}, kind="eleccion")
    assert m.state.sheriff == m.state.index["Eva"]
    assert eventos(m, "alguacil", "Gema") == [{"player": "Eva"}]
    assert abiertos(m) == {("Ana", "vidente")}


def test_la_eleccion_del_alguacil_se_anuncia_cuando_cupido_vuelve_a_dormir():
    """The room is told it votes for the Alguacil now: after Cupido's call the narrator sends Cupido back to sleep
    and announces the election, instead of leaving "Cupido, despierta" as the last thing said."""
    m = mesa(CON_CUPIDO, alguacil="preparacion")
    elige(m, "Hugo", "cupido", "Ana", "Bea")
    assert {kind for _, kind in abiertos(m)} == {"eleccion"}
    assert eventos(m, "eleccion-alguacil", "Gema") == [{}]
    said = script(m.game, m.state, "es")
    assert said[-3:] == [
        "Cupido, despierta. Elige a los dos enamorados.",
        "Cupido, vuelve a dormir.",
        "Elección del Alguacil: todos votan a la vez, a quien quieran, también a sí mismos.",
    ]


def test_alguacil_empatado_se_vota_de_nuevo_y_despues_se_sortea():
    m = mesa(OCHO, alguacil="preparacion")
    votan(m, {"Ana": "Eva", "Bea": "Fran"}, kind="eleccion")
    assert {kind for _, kind in abiertos(m)} == {"revotacion"}
    (prompt, *_) = m.pending()
    assert set(prompt.options) == {"Eva", "Fran"}
    votan(m, {"Ana": "Eva", "Bea": "Fran"}, kind="revotacion")
    assert m.players[m.state.sheriff] in ("Eva", "Fran")
    assert eventos(m, "sorteo")


def test_alguacil_elegido_el_primer_dia():
    m = mesa(OCHO, alguacil="dia-1")
    assert abiertos(m) == {("Ana", "vidente")}
    noche_tranquila(m)
    assert {kind for _, kind in abiertos(m)} == {"eleccion"}
    votan(m, {p: "Gema" for p in OCHO}, kind="eleccion")
    assert m.players[m.state.sheriff] == "Gema"
    assert {kind for _, kind in abiertos(m)} == {"voto"}


def test_sin_alguacil_si_la_mesa_lo_decide():
    m = mesa(OCHO, alguacil="no")
    noche_tranquila(m)
    assert {kind for _, kind in abiertos(m)} == {"voto"}
    assert m.state.sheriff is None


def test_alguacil_elegido_un_dia_posterior():
    m = mesa(OCHO, alguacil="dia-2")
    noche_tranquila(m)
    assert {kind for _, kind in abiertos(m)} == {"voto"}
    votan(m, {})
    noche_tranquila(m)
    assert {kind for _, kind in abiertos(m)} == {"eleccion"}
