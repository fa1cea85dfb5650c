"""El día: deaths revealed, the Cazador, the lovers, the Alguacil, the vote and its ties."""

import pytest

from velada.core.protocol import IllegalAction

from .mesa import OCHO, abiertos, elige, eventos, mesa, muertos, noche_tranquila, votan


def _noche(m, victima=None, veneno=None):
    """Night 1 of OCHO: wolves kill ``victima`` (or nobody), the Bruja poisons ``veneno`` (or nobody)."""
    elige(m, "Ana", "vidente")
    for wolf in ("Bea", "Carlos"):
        if m.state.alive[m.state.index[wolf]]:
            elige(m, wolf, "lobos", *([victima] if victima else []))
    while m.state.phase == "noche" and any(p.kind == "lobos" for p in m.pending()):
        for p in m.pending():
            m.choose(p.player, p.id, [])
    if ("Dani", "bruja-vida") in abiertos(m):
        elige(m, "Dani", "bruja-vida")
    if ("Dani", "bruja-muerte") in abiertos(m):
        elige(m, "Dani", "bruja-muerte", *([veneno] if veneno else []))


def test_las_muertes_se_revelan_con_su_carta():
    m = mesa(OCHO)
    _noche(m, victima="Fran")
    (muerte,) = eventos(m, "muerte", "Gema")
    assert muerte["role"] == "aldeano"
    fran = next(p for p in m.view("Gema")["players"] if p["id"] == "Fran")
    assert fran["alive"] is False and fran["role"] == "aldeano"


def test_mayoria_simple_lincha_al_mas_votado():
    m = mesa(OCHO)
    _noche(m)
    votan(m, {"Ana": "Bea", "Dani": "Bea", "Eva": "Bea", "Bea": "Ana", "Carlos": "Ana"})
    assert "Bea" in muertos(m)
    (muerte,) = eventos(m, "muerte")
    assert muerte == {"player": "Bea", "role": "hombre-lobo", "cause": "linchamiento"}
    (votos,) = eventos(m, "votos", "Hugo")
    assert votos["votes"]["Ana"] == "Bea" and votos["votes"]["Fran"] is None


def test_los_votos_son_secretos_hasta_que_votan_todos():
    m = mesa(OCHO)
    _noche(m)
    m.choose("Ana", "voto", ["Bea"])
    assert eventos(m, "votos") == []
    # Ana sees her own vote; Fran does not.
    assert m.view("Ana")["prompts"][0]["answer"] == ["Bea"]
    assert m.view("Fran")["prompts"][0]["answer"] is None
    assert "Ana" not in m.view("Fran")["waiting"] and "Fran" in m.view("Ana")["waiting"]


def test_nadie_puede_votarse_a_si_mismo_ni_votar_muerto():
    m = mesa(OCHO)
    _noche(m, victima="Fran")
    with pytest.raises(IllegalAction):
        m.choose("Ana", "voto", ["Ana"])
    with pytest.raises(IllegalAction):
        m.choose("Fran", "voto", ["Ana"])
    with pytest.raises(IllegalAction):
        m.choose("Ana", "voto", ["Fran"])


def test_empate_sin_alguacil_nadie_es_linchado():
    m = mesa(OCHO)
    _noche(m)
    votan(m, {"Ana": "Bea", "Bea": "Ana"})
    assert muertos(m) == set()
    assert eventos(m, "sin-linchamiento") == [{"reason": "empate"}]
    assert m.state.phase == "noche"


def test_empate_con_revotacion_entre_los_empatados():
    m = mesa(OCHO, empate="revotacion")
    _noche(m)
    votan(m, {"Ana": "Bea", "Bea": "Ana"})
    assert {k for _, k in abiertos(m)} == {"revotacion"}
    assert set(m.pending()[2].options) <= {"Ana", "Bea"}
    votan(m, {"Ana": "Bea", "Bea": "Ana", "Fran": "Bea"}, kind="revotacion")
    assert muertos(m) == {"Bea"}


def test_empate_repetido_en_la_revotacion_no_lincha_a_nadie():
    m = mesa(OCHO, empate="revotacion")
    _noche(m)
    votan(m, {"Ana": "Bea", "Bea": "Ana"})
    votan(m, {"Ana": "Bea", "Bea": "Ana"}, kind="revotacion")
    assert muertos(m) == set()


def test_empate_por_sorteo():
    m = mesa(OCHO, empate="azar")
    _noche(m)
    votan(m, {"Ana": "Bea", "Bea": "Ana"})
    assert len(muertos(m)) == 1 and muertos(m) <= {"Ana", "Bea"}
    assert eventos(m, "sorteo")


def test_votacion_original_a_dos_vueltas():
    m = mesa(OCHO, voto="dos-rondas")
    _noche(m)
    votan(m, {"Ana": "Bea", "Dani": "Bea", "Eva": "Carlos", "Fran": "Carlos", "Gema": "Hugo"})
    assert eventos(m, "candidatos") == [{"players": ["Bea", "Carlos"]}]
    assert {k for _, k in abiertos(m)} == {"voto-final"}
    assert set(m.pending()[0].options) == {"Bea", "Carlos"}
    votan(m, {"Ana": "Carlos", "Dani": "Carlos", "Eva": "Carlos", "Bea": "Carlos", "Fran": "Bea"}, kind="voto-final")
    assert muertos(m) == {"Carlos"}


def test_dos_vueltas_con_un_solo_votado_lincha_sin_segunda_vuelta():
    m = mesa(OCHO, voto="dos-rondas")
    _noche(m)
    votan(m, {"Ana": "Bea"})
    assert muertos(m) == {"Bea"}


def test_cazador_dispara_al_morir_de_noche():
    m = mesa(OCHO)
    _noche(m, victima="Eva")
    assert abiertos(m) == {("Eva", "cazador")}
    assert "Eva" in m.view("Fran")["waiting"]  # everybody knows the Cazador is aiming
    elige(m, "Eva", "cazador", "Carlos")
    assert muertos(m) == {"Eva", "Carlos"}
    assert eventos(m, "muerte")[1] == {"player": "Carlos", "role": "hombre-lobo", "cause": "disparo", "by": "Eva"}
    assert {k for _, k in abiertos(m)} == {"voto"}


def test_cazador_dispara_al_ser_linchado():
    m = mesa(OCHO)
    _noche(m)
    votan(m, {"Ana": "Eva", "Bea": "Eva"})
    elige(m, "Eva", "cazador", "Bea")
    assert muertos(m) == {"Eva", "Bea"}


def test_cazador_envenenado_dispara():
    m = mesa(OCHO)
    _noche(m, veneno="Eva")
    elige(m, "Eva", "cazador", "Fran")
    assert muertos(m) == {"Eva", "Fran"}


def test_cazador_puede_no_disparar():
    m = mesa(OCHO)
    _noche(m, victima="Eva")
    elige(m, "Eva", "cazador")
    assert muertos(m) == {"Eva"}
    assert eventos(m, "sin-disparo") == [{"player": "Eva"}]


CUPIDO = {**OCHO, "Hugo": "cupido"}


def test_enamorados_mueren_juntos():
    m = mesa(CUPIDO)
    elige(m, "Hugo", "cupido", "Fran", "Gema")
    _noche(m, victima="Fran")
    assert muertos(m) == {"Fran", "Gema"}
    assert eventos(m, "muerte")[1]["cause"] == "pena"


def test_enamorado_linchado_arrastra_a_su_amor():
    m = mesa(CUPIDO)
    elige(m, "Hugo", "cupido", "Fran", "Gema")
    _noche(m)
    votan(m, {"Ana": "Gema"})
    assert muertos(m) == {"Fran", "Gema"}


def test_cazador_enamorado_dispara_al_morir_de_pena():
    m = mesa(CUPIDO)
    elige(m, "Hugo", "cupido", "Eva", "Gema")
    _noche(m, victima="Gema")
    assert abiertos(m) == {("Eva", "cazador")}
    elige(m, "Eva", "cazador", "Bea")
    assert muertos(m) == {"Gema", "Eva", "Bea"}


def test_disparo_del_cazador_a_un_enamorado_mata_a_los_dos():
    m = mesa(CUPIDO)
    elige(m, "Hugo", "cupido", "Fran", "Gema")
    _noche(m, victima="Eva")
    elige(m, "Eva", "cazador", "Fran")
    assert muertos(m) == {"Eva", "Fran", "Gema"}


def _con_alguacil(m, alguacil="Eva", **kw):
    votan(m, {p: alguacil for p in m.players}, kind="eleccion")


def test_voto_del_alguacil_cuenta_doble():
    m = mesa(OCHO, alguacil="preparacion")
    _con_alguacil(m, "Fran")
    _noche(m)
    votan(m, {"Fran": "Bea", "Ana": "Carlos"})
    assert muertos(m) == {"Bea"}


def test_alguacil_desempata():
    m = mesa(OCHO, alguacil="preparacion")
    _con_alguacil(m, "Fran")
    _noche(m)
    votan(m, {"Fran": "Bea", "Ana": "Carlos", "Gema": "Carlos"})  # 2 against 2
    assert abiertos(m) == {("Fran", "desempate")}
    with pytest.raises(IllegalAction):
        elige(m, "Fran", "desempate")
    with pytest.raises(IllegalAction):
        elige(m, "Fran", "desempate", "Ana")
    elige(m, "Fran", "desempate", "Carlos")
    assert muertos(m) == {"Carlos"}


def test_alguacil_con_solo_voto_doble_no_desempata():
    m = mesa(OCHO, alguacil="preparacion", alguacil_poder="voto-doble")
    _con_alguacil(m, "Fran")
    _noche(m)
    votan(m, {"Fran": "Bea", "Ana": "Carlos", "Gema": "Carlos"})
    assert muertos(m) == set()


def test_alguacil_con_solo_desempate_vota_sencillo():
    m = mesa(OCHO, alguacil="preparacion", alguacil_poder="desempate")
    _con_alguacil(m, "Fran")
    _noche(m)
    votan(m, {"Fran": "Bea", "Ana": "Carlos"})
    assert abiertos(m) == {("Fran", "desempate")}


def test_alguacil_al_morir_nombra_a_su_sucesor():
    m = mesa(OCHO, alguacil="preparacion")
    _con_alguacil(m, "Fran")
    _noche(m, victima="Fran")
    assert abiertos(m) == {("Fran", "sucesor")}
    (prompt,) = m.pending()
    assert not prompt.skippable and "Fran" not in prompt.options
    elige(m, "Fran", "sucesor", "Gema")
    assert m.players[m.state.sheriff] == "Gema"
    assert eventos(m, "sucesor") == [{"player": "Gema", "by": "Fran"}]


def test_cazador_dispara_antes_de_que_el_alguacil_nombre_sucesor():
    m = mesa(OCHO, alguacil="preparacion")
    _con_alguacil(m, "Eva")
    _noche(m, victima="Eva")
    # Eva is both: she shoots first, then names a successor among those still alive.
    assert abiertos(m) == {("Eva", "cazador")}
    elige(m, "Eva", "cazador", "Gema")
    (prompt,) = m.pending()
    assert prompt.kind == "sucesor" and "Gema" not in prompt.options


def test_abstenerse_no_cuenta_como_voto():
    m = mesa(OCHO)
    _noche(m)
    votan(m, {})
    assert muertos(m) == set()
    assert eventos(m, "sin-linchamiento") == [{"reason": "sin-votos"}]


def test_la_partida_sigue_noche_tras_dia():
    m = mesa(OCHO)
    _noche(m)
    votan(m, {})
    assert m.state.phase == "noche" and m.state.day == 2
    noche_tranquila(m)
    assert m.state.phase == "dia" and m.state.day == 2


def test_el_linchado_ya_no_se_elige_ni_esa_noche_ni_en_el_voto_siguiente():
    m = mesa(OCHO)
    _noche(m)
    votan(m, {p: "Fran" for p in ("Ana", "Bea", "Carlos", "Dani")})
    assert muertos(m) == {"Fran"}
    vivos = ["Ana", "Bea", "Carlos", "Dani", "Eva", "Gema", "Hugo"]
    (vidente,) = [p for p in m.pending() if p.kind == "vidente"]
    assert list(vidente.options) == [p for p in vivos if p != "Ana"]
    noche_tranquila(m)
    votos = {p.player: list(p.options) for p in m.pending() if p.kind == "voto"}
    assert votos == {yo: [p for p in vivos if p != yo] for yo in vivos}
