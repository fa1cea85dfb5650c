"""Cartas de evento (section 6). In the first round nobody has lost a card, so everybody draws one, in seat
order: the deck below gives Ana its first card, Bea the second, Carlos the third, Dani the fourth."""

import pytest

from velada.core.protocol import PUBLIC, IllegalAction
from velada.games.bethlem.ending import objective

from .mesa import (
    CUATRO,
    abiertos,
    ataque,
    con,
    dia,
    elige,
    eventos,
    hasta_prompt,
    mesa,
    muertas,
    noche,
    opciones,
    ronda,
    viva,
)

RELLENO = ["confesion", "milagrero", "leproso", "despertar"]


def con_eventos(ana=None, bea=None, carlos=None, dani=None, deal=CUATRO):
    deck = [ana or "confesion", bea or "milagrero", carlos or "leproso", dani or "despertar"]
    rest = [e for e in [*RELLENO, "celda-de-aislamiento", "cambio-de-habitacion"] if e not in deck]
    m = mesa(deal, eventos=deck + rest)
    ronda(m)
    return m


def test_cada_jugador_ve_sus_eventos_y_no_los_de_los_demas():
    m = con_eventos()
    assert m.view("Ana")["you"]["events"] == ["confesion"]
    assert [p["events"] for p in m.view("Ana")["players"]] == [1, 1, 1, 1]


def test_provocaste_al_barbero_mata_una_carta_a_tu_eleccion():
    m = con_eventos(ana="provocaste-al-barbero")
    noche(m)
    hasta_prompt(m, "Ana", "provocaste-al-barbero", {("Ana", "evento-dia"): ["provocaste-al-barbero"]})
    elige(m, "Ana", "provocaste-al-barbero", "Carlos:2")
    elige(m, "Dani", "wakerfield")
    assert muertas(m) == {"arthur"}
    assert eventos(m, "usa-evento", "Bea") == [{"player": "Ana", "event": "provocaste-al-barbero"}]
    assert m.view("Ana")["you"]["events"] == [] and m.state.discard == ["provocaste-al-barbero"]


def test_confesion_muestra_a_todos_una_carta_del_tablero():
    m = con_eventos()
    noche(m)
    hasta_prompt(m, "Ana", "confesion", {("Ana", "evento-dia"): ["confesion"]})
    elige(m, "Ana", "confesion", "Bea:1")
    assert m.view("Dani")["players"][1]["cards"][0]["card"] == "nathaniel"


def test_milagrero_devuelve_su_poder_a_una_carta_de_accion_ya_usada():
    m = mesa(CUATRO, eventos=["milagrero", *RELLENO[:3]])
    ronda(m, {("Ana", "terapia-electroshock"): ["Dani:4"]})  # Dani, who lost a card, draws the Milagrero
    assert m.state.used["terapia-electroshock"]
    noche(m)
    hasta_prompt(m, "Dani", "milagrero", {("Dani", "evento-dia"): ["milagrero"]})
    elige(m, "Dani", "milagrero", "Ana:3")
    assert not m.state.used["terapia-electroshock"]
    assert eventos(m, "restaurada", "Ana") == [{"target": "Ana:3"}]
    assert eventos(m, "restaurada", "Dani") == []  # only the card's holder learns it worked
    dia(m)
    hasta_prompt(m, "Ana", "terapia-electroshock")


def test_milagrero_no_devuelve_el_pacto_de_sangre():
    deal = con(CUATRO, Ana=["daniel", "el-archivo", "pacto-de-sangre", "el-cataleptico", "responsabilidad"])
    m = mesa(deal, eventos=["milagrero", *RELLENO[:3]])
    ronda(m, {("Ana", "pacto-de-sangre"): ["Carlos", "Dani"]})  # nobody lost a card: Ana draws first
    noche(m)
    hasta_prompt(m, "Ana", "milagrero", {("Ana", "evento-dia"): ["milagrero"]})
    elige(m, "Ana", "milagrero", "Ana:3")
    assert m.state.used["pacto-de-sangre"] and eventos(m, "restaurada") == []


def al_indulto():
    """Carlos holds Lord Percy's pardon; the first day lynches Dani, who gives up their third card: the pardon is
    offered."""
    m = con_eventos(carlos="indulto-de-lord-percy")
    noche(m)
    hasta_prompt(m, "Ana", "linchamiento")
    for p in m.pending():
        m.choose(p.player, p.id, ["Dani"] if p.player != "Dani" else [])
    for p in m.pending():
        m.choose(p.player, p.id, ["Dani:3"])
    return m


def test_el_indulto_de_lord_percy_salva_la_carta_linchada_antes_de_mostrarla():
    m = al_indulto()
    assert abiertos(m) == {("Carlos", "indulto")}
    elige(m, "Carlos", "indulto", "indultar")
    assert viva(m, "profeta") and not any(p.kind == "wakerfield" for p in m.pending())
    assert eventos(m, "indulto", "Bea") == [{"player": "Carlos", "target": "Dani:3"}]


def test_el_cirujano_intercambia_dos_cartas_y_con_ellas_los_bandos():
    m = con_eventos(ana="cirujano-brian-crowther")
    hasta_prompt(m, "Ana", "cirujano-brian-crowther", {("Ana", "evento-noche"): ["cirujano-brian-crowther"]})
    elige(m, "Ana", "cirujano-brian-crowther", "Ana:1", "Carlos:1")
    s = m.state
    assert s.board[0][0] == "larry-owls" and s.board[2][0] == "daniel"
    assert objective(s, 0) == "internos" and objective(s, 2) == "amotinados"
    assert eventos(m, "cirujano", "Bea") == [{"targets": ["Ana:1", "Carlos:1"]}]
    assert m.view("Carlos")["players"][2]["cards"][0]["card"] == "daniel"
    assert m.view("Ana")["players"][2]["cards"][0]["card"] == "daniel"  # she knew the card she gave away


def test_historia_clinica_perfil_neurotico_revela_quien_manda_y_quien_obedece():
    deal = con(CUATRO, Carlos=["larry-owls", "arthur", "terapia-lobotomia", "muerte-dulce", "neuroticismo"])
    m = mesa(deal, eventos=["historia-clinica-perfil-neurotico", *RELLENO[:3]])
    ronda(m, {("Carlos", "neuroticismo"): ["Bea"]})
    noche(m, {("Ana", "evento-noche"): ["historia-clinica-perfil-neurotico"]})
    assert eventos(m, "historia-neurotico", "Ana") == [{"neurotic": "Carlos", "puppet": "Bea"}]
    assert eventos(m, "historia-neurotico", "Carlos") == [] and eventos(m, "usa-evento") == []
    assert m.view("Ana")["players"][2]["personality"] == "neuroticismo"


def test_historia_clinica_siamesas_revela_quien_las_tiene():
    deal = con(
        CUATRO,
        Bea=["nathaniel", "siamesas-1", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"],
        Carlos=["larry-owls", "siamesas-2", "terapia-lobotomia", "muerte-dulce", "melancolia"],
        Dani=["mary-firth", "arthur", "profeta", "juego-de-azar", "paciencia"],
    )
    m = mesa(deal, eventos=["historia-clinica-siamesas", *RELLENO[:3]])
    ronda(m)
    noche(m, {("Ana", "evento-noche"): ["historia-clinica-siamesas"]})
    assert eventos(m, "historia-siamesas", "Ana") == [{"players": ["Bea", "Carlos"]}]


def test_historia_clinica_secretos_del_hospital_revela_el_pacto_de_sangre():
    deal = con(CUATRO, Ana=["daniel", "el-archivo", "pacto-de-sangre", "el-cataleptico", "responsabilidad"])
    m = mesa(deal, eventos=["milagrero", "historia-clinica-secretos-del-hospital", *RELLENO[:2]])
    ronda(m, {("Ana", "pacto-de-sangre"): ["Carlos", "Dani"]})
    noche(m, {("Bea", "evento-noche"): ["historia-clinica-secretos-del-hospital"]})
    assert eventos(m, "historia-secretos", "Bea") == [{"maker": "Ana", "players": ["Carlos", "Dani"]}]


def test_cambio_de_habitacion_intercambia_la_posicion_de_dos_cartas_de_un_jugador():
    m = con_eventos(bea="cambio-de-habitacion")
    hasta_prompt(m, "Bea", "cambio-de-habitacion", {("Bea", "evento-noche"): ["cambio-de-habitacion"]})
    elige(m, "Bea", "cambio-de-habitacion", "Dani")
    assert opciones(m, "Bea", "cambio-de-habitacion-cartas") == ("Dani:1", "Dani:2", "Dani:3", "Dani:4")
    elige(m, "Bea", "cambio-de-habitacion-cartas", "Dani:1", "Dani:4")
    assert m.state.board[3] == ["juego-de-azar", "wakerfield", "profeta", "mary-firth"]
    assert eventos(m, "cambio-de-habitacion", "Carlos") == [{"targets": ["Dani:1", "Dani:4"]}]


def test_paciencia_no_puede_aplazar_una_muerte_inevitable():
    m = con_eventos(carlos="leproso")
    hasta_prompt(
        m,
        "Dani",
        "paciencia",
        {("Carlos", "evento-noche"): ["leproso"], ("Carlos", "leproso"): ["Dani:1"], **ataque("Carlos:2")},
    )
    assert opciones(m, "Dani", "paciencia") == ("Carlos:2",)


def test_leproso_mata_sin_que_nada_pueda_salvar_la_carta():
    m = con_eventos(carlos="leproso")
    noche(
        m,
        {
            ("Carlos", "evento-noche"): ["leproso"],
            ("Carlos", "leproso"): ["Dani:1"],
            ("Carlos", "arthur"): ["Dani:1"],
            ("Bea", "terapia-opio-y-barbituricos"): ["Dani:1"],
        },
    )
    assert not viva(m, "mary-firth")
    assert eventos(m, "leproso", "Ana") == [{"target": "Dani:1"}]


def test_cada_carta_muerta_guarda_en_las_vistas_la_causa_que_se_dijo_a_la_mesa():
    """A leper's touch is told at dawn with its cause, the mutineers' attack only as "at night": each view keeps,
    on the dead card, the cause the table heard (not only the log)."""
    m = con_eventos(carlos="leproso")
    noche(m, {("Carlos", "evento-noche"): ["leproso"], ("Carlos", "leproso"): ["Dani:1"], **ataque("Carlos:2")})
    for viewer in ("Ana", PUBLIC, None):
        players = {p["name"]: p for p in m.view(viewer)["players"]}
        assert players["Dani"]["cards"][0]["cause"] == "leproso"
        assert players["Carlos"]["cards"][1]["cause"] == "noche"
        assert "cause" not in players["Ana"]["cards"][0]


def test_la_carta_muerta_por_el_leproso_no_usa_su_poder_al_morir():
    m = mesa(CUATRO, eventos=["confesion", "milagrero", "leproso", "despertar"])
    ronda(m, {("Dani", "juego-de-azar"): ["Ana:2"]})
    noche(m, {("Carlos", "evento-noche"): ["leproso"], ("Carlos", "leproso"): ["Dani:4"]})
    assert muertas(m) == {"juego-de-azar"}


def test_la_terapia_de_hipnosis_presta_un_poder_por_una_noche_justo_tras_la_carta_original():
    m = con_eventos(ana="terapia-de-hipnosis")
    hasta_prompt(m, "Ana", "terapia-de-hipnosis", {("Ana", "evento-noche"): ["terapia-de-hipnosis"]})
    assert "Ana" not in opciones(m, "Ana", "terapia-de-hipnosis")  # not yourself
    elige(m, "Ana", "terapia-de-hipnosis", "Dani")
    elige(m, "Ana", "terapia-de-hipnosis-poder", "larry-owls")
    assert eventos(m, "hipnosis", "Bea") == [{"power": "larry-owls"}]
    assert eventos(m, "hipnotizado", "Dani") == [{"power": "larry-owls"}]
    hasta_prompt(m, "Carlos", "larry-owls")
    elige(m, "Carlos", "larry-owls")
    assert abiertos(m) == {("Dani", "larry-owls")}
    assert m.pending()[0].id == "n2:larry-owls-hipnosis"
    elige(m, "Dani", "larry-owls", "Bea:1")
    assert eventos(m, "vision", "Dani") == [{"target": "Bea:1", "card": "nathaniel"}]
    dia(m)
    noche(m)
    assert len(eventos(m, "vision", "Dani")) == 1


def test_la_celda_de_aislamiento_deja_una_carta_sin_actuar_ni_ser_atacada_esa_ronda():
    m = con_eventos(dani="celda-de-aislamiento")
    hasta_prompt(m, "Dani", "celda-de-aislamiento", {("Dani", "evento-noche"): ["celda-de-aislamiento"]})
    elige(m, "Dani", "celda-de-aislamiento", "Carlos:1")
    hasta_prompt(m, "Ana", "amotinados")
    assert "Carlos:1" not in opciones(m, "Ana", "amotinados")
    with pytest.raises(IllegalAction):
        elige(m, "Ana", "amotinados", "Carlos:1")
    noche(m)
    assert viva(m, "larry-owls")
    assert not any(e.kind == "vision" for e in m.state.log)


def test_el_evento_despertar_despierta_una_carta_propia():
    m = con_eventos(dani="despertar")
    noche(m)
    hasta_prompt(m, "Dani", "despertar", {("Dani", "evento-dia"): ["despertar"]})
    elige(m, "Dani", "despertar", "Dani:1")
    assert m.state.awake["mary-firth"]
    assert eventos(m, "despertar", "Ana") == [{"player": "Dani", "position": 1, "why": "despertar"}]
    assert "despertar" in m.view("Ana")["players"][3]["cards"][0]["markers"]


def profetiza(condicion, objetivo, consecuencia, destino):
    m = con_eventos(ana="sindrome-de-nostradamus")
    noche(m)
    hasta_prompt(m, "Ana", "sindrome-de-nostradamus", {("Ana", "evento-dia"): ["sindrome-de-nostradamus"]})
    elige(m, "Ana", "sindrome-de-nostradamus", condicion)
    if objetivo:
        elige(m, "Ana", "nostradamus-condicion", objetivo)
    elige(m, "Ana", "nostradamus-consecuencia", consecuencia)
    elige(m, "Ana", "nostradamus-destino", destino)
    return m


def test_el_sindrome_de_nostradamus_muestra_la_condicion_y_oculta_la_consecuencia():
    m = profetiza("muere-carta", "Dani:1", "muere", "Carlos:3")
    assert eventos(m, "profecia", "Bea") == [{"player": "Ana", "condition": "muere-carta", "target": "Dani:1"}]
    assert eventos(m, "profecia-oculta", "Bea") == []
    assert eventos(m, "profecia-oculta", "Ana") == [{"consequence": "muere", "destiny": "Carlos:3"}]


def test_si_se_cumple_la_condicion_de_la_profecia_la_parte_oculta_se_hace_realidad():
    m = profetiza("muere-carta", "Dani:1", "muere", "Carlos:3")
    dia(m)
    noche(m, ataque("Dani:1"))
    assert not viva(m, "mary-firth") and not viva(m, "terapia-lobotomia")
    assert eventos(m, "profecia-cumplida", "Bea") == [{"player": "Ana", "consequence": "muere", "destiny": "Carlos:3"}]


def test_la_parte_oculta_de_la_profecia_cumplida_se_anuncia_y_queda_en_la_vista_de_todos():
    m = profetiza("muere-carta", "Dani:1", "sin-voto", "Dani")
    assert m.view("Bea")["prophecies_fulfilled"] == []
    dia(m)
    noche(m, ataque("Dani:1"))
    dia(m)
    told = [{"round": 3, "player": "Ana", "consequence": "sin-voto", "destiny": "Dani"}]
    for viewer in ("Bea", "Dani", PUBLIC):
        assert m.view(viewer)["prophecies_fulfilled"] == told


def test_una_noche_sin_muertes_puede_cumplir_una_profecia_que_resucita():
    m = mesa(CUATRO, eventos=["sindrome-de-nostradamus", *RELLENO[:3]])
    ronda(m, ataque("Carlos:1"))  # Carlos lost a card: he draws the event
    noche(m)
    hasta_prompt(m, "Carlos", "sindrome-de-nostradamus", {("Carlos", "evento-dia"): ["sindrome-de-nostradamus"]})
    elige(m, "Carlos", "sindrome-de-nostradamus", "noche-sin-muertes")
    elige(m, "Carlos", "nostradamus-consecuencia", "resucita")
    elige(m, "Carlos", "nostradamus-destino", "Carlos:1")
    dia(m)
    noche(m)
    assert viva(m, "larry-owls")


def test_la_profecia_que_no_se_cumple_en_dos_rondas_caduca():
    m = profetiza("eliminado", "Bea", "sin-voto", "Dani")
    dia(m)
    ronda(m)
    ronda(m)
    assert eventos(m, "profecia-caducada") == [{"player": "Ana"}]
    assert m.state.nostradamus.current is None and not m.state.ali.no_vote
