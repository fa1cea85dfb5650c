"""Bea «La Maestra Vudú» (section 13): the doll, the harms passed on when she dies, the final curse."""

from .mesa import abiertos, ataque, despierta, dia, elige, eventos, hasta_prompt, noche, opciones, viva
from .personalizadas import AMOTINADOS, personalizada


def electroshock(**kw):
    """Carlos holds the electroshock (and Ana the lobotomy instead)."""
    ana = ["la-maestra-vudu", "el-archivo", "terapia-lobotomia", "el-cataleptico", "responsabilidad"]
    carlos = ["la-ludopata", "arthur", "terapia-electroshock", "muerte-dulce", "ansiedad-social"]
    return personalizada(cambios={"Ana": ana, "Carlos": carlos}, **kw)


def vudu(**kw):
    return personalizada({"Ana": "la-maestra-vudu"}, **kw)


def despertada(m):
    """Ana's Maestra Vudú is awakened (the Despertar event) and she announces it in her first turn."""
    despierta(m, "la-maestra-vudu")
    hasta_prompt(m, "Ana", "la-maestra-vudu-anunciar")
    elige(m, "Ana", "la-maestra-vudu-anunciar", "vudu-anunciar")


def test_el_muneco_de_vudu_se_lleva_la_muerte_destinada_a_otra_carta_de_su_jugador():
    m = vudu()
    noche(m, {("Ana", "la-maestra-vudu"): ["Carlos:3"], **ataque("Carlos:2", amotinados=AMOTINADOS)})
    assert viva(m, "arthur")
    assert not viva(m, "terapia-lobotomia")
    assert eventos(m, "vudu", "Ana") == [{"target": "Carlos:3"}]


def test_el_muneco_de_vudu_es_secreto():
    m = vudu()
    hasta_prompt(m, "Ana", "la-maestra-vudu")
    elige(m, "Ana", "la-maestra-vudu", "Carlos:3")
    assert eventos(m, "vudu", "Carlos") == []
    assert "vudu" not in m.view("Carlos")["players"][2]["cards"][2]["markers"]
    assert "vudu" in m.view(None)["players"][2]["cards"][2]["markers"]


def test_el_muneco_se_lleva_la_acusacion_de_john_flick():
    m = vudu()
    noche(m, {("Ana", "la-maestra-vudu"): ["Carlos:3"], ("Bea", "john-flick"): ["Carlos:2"]})
    assert m.state.flick.accused == ["terapia-lobotomia"]
    assert eventos(m, "acusacion") == [{"target": "Carlos:3"}]


def test_el_muneco_se_lleva_el_linchamiento():
    m = vudu()
    noche(m, {("Ana", "la-maestra-vudu"): ["Carlos:3"]})
    votos = {(p, "linchamiento"): ["Carlos"] for p in ("Ana", "Bea", "Dani")}
    dia(m, {**votos, **{(p, "linchamiento-carta"): ["Carlos:2"] for p in ("Ana", "Bea", "Dani")}})
    assert viva(m, "arthur")
    assert not viva(m, "terapia-lobotomia")


def test_el_muneco_de_vudu_solo_dura_esa_ronda():
    m = vudu()
    noche(m, {("Ana", "la-maestra-vudu"): ["Carlos:3"]})
    dia(m)
    noche(m, ataque("Carlos:2", amotinados=AMOTINADOS))
    assert not viva(m, "arthur")
    assert viva(m, "terapia-lobotomia")


def test_al_morir_la_maestra_vudu_traspasa_a_otras_cartas_los_males_de_su_jugador():
    m = vudu()
    hasta_prompt(
        m, "Ana", "la-maestra-vudu-muerte", {("Bea", "john-flick"): ["Ana:2"], **ataque("Ana:1", amotinados=AMOTINADOS)}
    )
    # Its own death, then the accusation on El archivo, each passed on to a card of another player.
    assert "Ana:2" not in opciones(m, "Ana", "la-maestra-vudu-muerte")
    elige(m, "Ana", "la-maestra-vudu-muerte", "Bea:2")
    elige(m, "Ana", "la-maestra-vudu-acusacion", "Dani:2")
    noche(m)
    assert not viva(m, "john-flick")
    assert m.state.flick.accused == ["wakerfield"]
    assert eventos(m, "la-maestra-vudu-efecto", "Carlos") == [
        {"effect": "muerte", "target": "Bea:2"},
        {"effect": "acusacion", "target": "Dani:2"},
    ]


def test_la_maestra_vudu_amotinada_no_tiene_poder_extra():
    objetivos = {"Ana": "amotinados", "Bea": "internos", "Carlos": "internos", "Dani": "amotinados"}
    m = electroshock(objetivos=objetivos)
    noche(m, {("Carlos", "terapia-electroshock"): ["Ana:1"]})
    assert not viva(m, "la-maestra-vudu")
    assert not any(p.kind == "la-maestra-vudu-muerte" for p in m.pending())
    assert eventos(m, "la-maestra-vudu-efecto") == []


def test_la_maestra_vudu_despertada_se_anuncia_en_su_turno():
    m = vudu()
    despierta(m, "la-maestra-vudu")
    hasta_prompt(m, "Ana", "la-maestra-vudu-anunciar")
    elige(m, "Ana", "la-maestra-vudu-anunciar", "vudu-anunciar")
    assert eventos(m, "anuncia-despertar", "Bea") == [{"power": "la-maestra-vudu"}]
    assert m.view("Bea")["players"][0]["cards"][0]["card"] == "la-maestra-vudu"
    assert ("Ana", "la-maestra-vudu") in abiertos(m)


def test_quien_ataca_a_la_maestra_vudu_despertada_pierde_tambien_una_carta_propia():
    m = electroshock()
    despertada(m)
    hasta_prompt(m, "Carlos", "terapia-electroshock")
    elige(m, "Carlos", "terapia-electroshock", "Ana:1")
    assert opciones(m, "Carlos", "la-maestra-vudu-maldicion") == ("Carlos:1", "Carlos:2", "Carlos:3", "Carlos:4")
    elige(m, "Carlos", "la-maestra-vudu-maldicion", "Carlos:2")
    noche(m)
    assert not viva(m, "la-maestra-vudu")
    assert not viva(m, "arthur")


def test_sin_anunciar_el_despertar_la_maldicion_no_surte_efecto():
    m = electroshock()
    despierta(m, "la-maestra-vudu")
    noche(m, {("Carlos", "terapia-electroshock"): ["Ana:1"]})
    assert not viva(m, "la-maestra-vudu")
    assert viva(m, "arthur")


def test_si_los_amotinados_no_se_ponen_de_acuerdo_en_la_maldicion_la_maestra_vudu_no_puede_ser_atacada():
    m = vudu()
    despertada(m)
    hasta_prompt(m, "Bea", "la-maestra-vudu-maldicion", ataque("Ana:1", amotinados=AMOTINADOS))
    assert set(opciones(m, "Bea", "la-maestra-vudu-maldicion")) == {
        f"{p}:{i}" for p in ("Bea", "Dani") for i in range(1, 5)
    }
    elige(m, "Bea", "la-maestra-vudu-maldicion", "Bea:2")
    elige(m, "Dani", "la-maestra-vudu-maldicion", "Dani:2")
    noche(m)
    assert viva(m, "la-maestra-vudu")
    assert viva(m, "john-flick") and viva(m, "wakerfield")


def test_si_los_amotinados_se_ponen_de_acuerdo_mueren_la_maestra_vudu_y_la_carta_elegida():
    m = vudu()
    despertada(m)
    noche(
        m,
        {
            **ataque("Ana:1", amotinados=AMOTINADOS),
            **{(p, "la-maestra-vudu-maldicion"): ["Dani:2"] for p in ("Bea", "Dani")},
        },
    )
    assert not viva(m, "la-maestra-vudu")
    assert not viva(m, "wakerfield")


def test_si_linchan_a_la_maestra_vudu_despertada_sus_linchadores_votan_cual_de_sus_cartas_muere():
    m = vudu()
    despertada(m)
    noche(m)
    votos = {(p, "linchamiento"): ["Ana"] for p in ("Bea", "Carlos", "Dani")}
    cartas = {(p, "linchamiento-carta"): ["Ana:1"] for p in ("Bea", "Carlos", "Dani")}
    maldicion = {(p, "la-maestra-vudu-maldicion"): ["Carlos:2"] for p in ("Bea", "Carlos")}
    dia(m, {**votos, **cartas, **maldicion})
    assert not viva(m, "la-maestra-vudu")
    assert not viva(m, "arthur")
