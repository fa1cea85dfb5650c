"""Edwin-kun «El Otaku» (section 13): three hakis of one use, a look before each, and the King's haki."""

from .mesa import (
    abiertos,
    ataque,
    despierta,
    dia,
    elige,
    eventos,
    hasta_prompt,
    linchan,
    llamadas,
    noche,
    opciones,
    viva,
)
from .personalizadas import AMOTINADOS, personalizada


def otaku(**kw):
    return personalizada({"Carlos": "el-otaku"}, **kw)


def test_el_haki_de_armadura_ofensivo_mata_una_carta():
    m = otaku()
    hasta_prompt(m, "Carlos", "el-otaku")
    assert opciones(m, "Carlos", "el-otaku") == ("haki-ofensivo", "haki-defensivo", "haki-observacion")
    elige(m, "Carlos", "el-otaku", "haki-ofensivo")
    elige(m, "Carlos", "el-otaku-ver")
    elige(m, "Carlos", "el-otaku-ofensivo", "Bea:2")
    noche(m)
    assert not viva(m, "john-flick")


def test_cada_haki_es_de_un_solo_uso_y_se_usa_uno_por_noche():
    m = otaku()
    noche(m, {("Carlos", "el-otaku"): ["haki-ofensivo"], ("Carlos", "el-otaku-ofensivo"): ["Bea:2"]})
    assert [k for p, k in abiertos(m) if k == "el-otaku"] == []
    dia(m)
    hasta_prompt(m, "Carlos", "el-otaku")
    assert opciones(m, "Carlos", "el-otaku") == ("haki-defensivo", "haki-observacion")


def test_el_haki_defensivo_pone_un_escudo_que_absorbe_el_primer_ataque():
    m = otaku()
    escudo = {("Carlos", "el-otaku"): ["haki-defensivo"], ("Carlos", "el-otaku-defensivo"): ["Ana:2"]}
    noche(m, {**escudo, **ataque("Ana:2", amotinados=AMOTINADOS)})
    assert viva(m, "el-archivo")
    assert eventos(m, "el-otaku-escudo", "Carlos") == [{"target": "Ana:2"}]
    assert eventos(m, "el-otaku-escudo", "Ana") == []
    dia(m)
    noche(m, ataque("Ana:2", amotinados=AMOTINADOS))
    assert not viva(m, "el-archivo")


def test_el_haki_de_observacion_impide_que_el_otaku_muera_mientras_viva_la_carta_predicha():
    m = otaku()
    respuestas = {("Carlos", "el-otaku"): ["haki-observacion"], ("Carlos", "el-otaku-observacion"): ["Ana:3"]}
    noche(m, {**respuestas, **ataque("Carlos:1", amotinados=AMOTINADOS)})
    assert viva(m, "el-otaku")
    linchan(m, "Ana:3")  # the card he foresaw: Terapia electroshock
    noche(m, ataque("Carlos:1", amotinados=AMOTINADOS))
    assert not viva(m, "el-otaku")


def test_poder_extra_el_otaku_puede_ver_una_carta_justo_antes_de_usar_un_haki():
    m = otaku()
    hasta_prompt(m, "Carlos", "el-otaku")
    elige(m, "Carlos", "el-otaku", "haki-defensivo")
    elige(m, "Carlos", "el-otaku-ver", "Dani:1")
    assert eventos(m, "vision", "Carlos") == [{"target": "Dani:1", "card": "el-ultimo-superviviente"}]
    assert ("Carlos", "el-otaku-defensivo") in abiertos(m)


def test_el_otaku_amotinado_no_ve_ninguna_carta_antes_del_haki():
    objetivos = {"Ana": "internos", "Bea": "amotinados", "Carlos": "amotinados", "Dani": "internos"}
    m = otaku(objetivos=objetivos)
    hasta_prompt(m, "Carlos", "el-otaku")
    elige(m, "Carlos", "el-otaku", "haki-defensivo")
    assert abiertos(m) == {("Carlos", "el-otaku-defensivo")}


def test_el_haki_del_rey_solo_deja_levantarse_de_noche_a_los_personajes_principales():
    m = personalizada({"Carlos": "el-otaku", "Ana": "la-maestra-vudu"})
    # The first night he spends his offensive haki (on the Profeta); the next his card is awakened.
    hasta_prompt(m, "Carlos", "el-otaku")
    elige(m, "Carlos", "el-otaku", "haki-ofensivo")
    elige(m, "Carlos", "el-otaku-ver")
    elige(m, "Carlos", "el-otaku-ofensivo", "Dani:3")
    noche(m)
    dia(m)
    despierta(m, "el-otaku")
    hasta_prompt(m, "Carlos", "el-otaku")
    assert "haki-ofensivo" not in opciones(m, "Carlos", "el-otaku")
    assert "haki-del-rey" in opciones(m, "Carlos", "el-otaku")
    elige(m, "Carlos", "el-otaku", "haki-del-rey")
    assert eventos(m, "el-otaku-rey", "Ana") == [{}]
    # The spent hakis come back.
    assert opciones(m, "Carlos", "el-otaku") == ("haki-ofensivo", "haki-defensivo", "haki-observacion")
    elige(m, "Carlos", "el-otaku")
    vistos = llamadas(m)
    assert ("Bea", "john-flick") not in vistos and ("Carlos", "arthur") not in vistos
    assert ("Bea", "amotinados") in vistos
    # By day the others act again; once El Otaku is dead, at night too.
    assert m.state.can_act("john-flick")
    linchan(m, "Carlos:1")
    assert ("Bea", "john-flick") in llamadas(m)
