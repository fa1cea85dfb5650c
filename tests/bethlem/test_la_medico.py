"""María «La Médico» (section 13): a look at the dying, crash cart, induced coma, organ transplant, and the
deadly virus of her awakening."""

from velada.games.bethlem.state import INEVITABLE

from .mesa import abiertos, ataque, despierta, dia, elige, eventos, hasta_prompt, llamadas, noche, opciones, viva
from .personalizadas import AMOTINADOS, personalizada


def medico(**kw):
    return personalizada({"Carlos": "la-medico"}, **kw)


def test_la_medico_ve_al_final_de_la_noche_una_de_las_cartas_que_van_a_morir():
    m = medico()
    hasta_prompt(m, "Carlos", "la-medico", ataque("Ana:2", amotinados=AMOTINADOS))
    assert opciones(m, "Carlos", "la-medico") == ("Ana:2",)
    elige(m, "Carlos", "la-medico", "Ana:2")
    assert eventos(m, "vision", "Carlos") == [{"target": "Ana:2", "card": "el-archivo"}]
    noche(m)
    assert not viva(m, "el-archivo")


def test_el_carro_de_paradas_salva_una_de_las_cartas_que_van_a_morir():
    m = medico()
    noche(m, {**ataque("Ana:2", amotinados=AMOTINADOS), **carro("Ana:2")})
    assert viva(m, "el-archivo")


def carro(target):
    return {("Carlos", "la-medico-poder"): ["carro-de-paradas"], ("Carlos", "la-medico-carro"): [target]}


def test_el_carro_de_paradas_se_usa_una_vez_por_partida():
    objetivos = {"Ana": "internos", "Bea": "amotinados", "Carlos": "amotinados", "Dani": "internos"}
    m = medico(objetivos=objetivos)
    motin = {("Bea", "amotinados"): ["Ana:2"], ("Carlos", "amotinados"): ["Ana:2"]}
    noche(m, {**motin, **carro("Ana:2")})
    assert viva(m, "el-archivo")
    dia(m)
    motin = {("Bea", "amotinados"): ["Ana:3"], ("Carlos", "amotinados"): ["Ana:3"]}
    hasta_prompt(m, "Carlos", "la-medico-poder", motin)
    assert opciones(m, "Carlos", "la-medico-poder") == ("coma-inducido",)


def test_poder_extra_el_carro_de_paradas_se_usa_hasta_tres_veces():
    m = medico()
    for target in ("Ana:2", "Ana:3", "Carlos:3"):
        noche(m, {**ataque(target, amotinados=AMOTINADOS), **carro(target)})
        dia(m)
    assert all(viva(m, c) for c in ("el-archivo", "terapia-electroshock", "terapia-lobotomia"))
    hasta_prompt(m, "Carlos", "la-medico-poder", ataque("Ana:2", amotinados=AMOTINADOS))
    assert opciones(m, "Carlos", "la-medico-poder") == ("coma-inducido",)


def test_el_coma_inducido_salva_la_carta_pero_pierde_todos_sus_poderes():
    m = medico()
    coma = {("Carlos", "la-medico-poder"): ["coma-inducido"], ("Carlos", "la-medico-coma"): ["Ana:2"]}
    noche(m, {**ataque("Ana:2", amotinados=AMOTINADOS), **coma})
    assert viva(m, "el-archivo")
    assert "coma" in m.view("Dani")["players"][0]["cards"][1]["markers"]
    assert eventos(m, "la-medico-coma", "Dani") == [{"target": "Ana:2"}]
    dia(m)
    assert ("Ana", "el-archivo") not in llamadas(m)
    assert not m.state.passive("el-archivo")


def test_el_trasplante_salva_la_carta_vista_y_la_medico_usa_su_poder_en_lugar_de_su_dueno():
    m = medico()
    hasta_prompt(m, "Carlos", "la-medico", ataque("Ana:2", amotinados=AMOTINADOS))
    elige(m, "Carlos", "la-medico", "Ana:2")
    assert "trasplante-de-organos" in opciones(m, "Carlos", "la-medico-poder")
    elige(m, "Carlos", "la-medico-poder", "trasplante-de-organos")
    noche(m)
    assert viva(m, "el-archivo")
    assert "trasplante" in m.view("Bea")["players"][0]["cards"][1]["markers"]
    dia(m)
    vistos = llamadas(m)
    assert ("Carlos", "el-archivo") in vistos and ("Ana", "el-archivo") not in vistos


def test_el_trasplante_solo_vale_para_la_carta_vista_esa_noche():
    m = medico()
    hasta_prompt(m, "Carlos", "la-medico", ataque("Ana:2", amotinados=AMOTINADOS))
    elige(m, "Carlos", "la-medico")
    assert "trasplante-de-organos" not in opciones(m, "Carlos", "la-medico-poder")


def test_un_nuevo_trasplante_deja_sin_el_suyo_a_la_carta_anterior_que_muere():
    m = medico()
    trasplante = {("Carlos", "la-medico-poder"): ["trasplante-de-organos"]}
    noche(m, {**ataque("Ana:2", amotinados=AMOTINADOS), ("Carlos", "la-medico"): ["Ana:2"], **trasplante})
    dia(m)
    noche(m, {**ataque("Ana:3", amotinados=AMOTINADOS), ("Carlos", "la-medico"): ["Ana:3"], **trasplante})
    assert viva(m, "terapia-electroshock")
    assert not viva(m, "el-archivo")


def test_virus_mortal_infecta_contagia_a_los_vecinos_y_cambia_dos_virus_por_una_muerte():
    m = medico()
    despierta(m, "la-medico")
    noche(m, {("Carlos", "la-medico-virus"): ["Dani"]})
    assert eventos(m, "la-medico-virus", "Ana") == [{"player": "Dani", "n": 1}]
    dia(m)
    hasta_prompt(m, "Carlos", "la-medico-carga")
    elige(m, "Carlos", "la-medico-carga", "Dani")
    # Dani's neighbours are Carlos (immune) and Ana.
    assert opciones(m, "Carlos", "la-medico-contagio") == ("Ana",)
    elige(m, "Carlos", "la-medico-contagio", "Ana")
    assert opciones(m, "Carlos", "la-medico-brote") == ("Dani",)
    elige(m, "Carlos", "la-medico-brote", "Dani")
    elige(m, "Carlos", "la-medico-brote-carta", "Dani:2")
    assert m.state.custom["la-medico"].virus == {3: 0, 0: 1}
    noche(m)
    assert not viva(m, "wakerfield")


def test_con_cuatro_virus_la_medico_puede_matar_todas_las_cartas_de_un_jugador():
    m = medico()
    despierta(m, "la-medico")
    # Dani infected the first night, a virus more on each of the next three.
    noche(m, {("Carlos", "la-medico-virus"): ["Dani"]})
    dia(m)
    for _ in range(3):
        noche(m, {("Carlos", "la-medico-carga"): ["Dani"]})
        dia(m)
    assert m.state.custom["la-medico"].virus == {3: 4}
    hasta_prompt(m, "Carlos", "la-medico-brote")
    elige(m, "Carlos", "la-medico-brote", "Dani")
    elige(m, "Carlos", "la-medico-brote-modo", "todas-las-cartas")
    noche(m)
    assert m.state.out[3]
    assert ("Carlos", "la-medico-brote") not in abiertos(m)


def test_cuando_todos_estan_infectados_el_contagio_es_un_segundo_aumento():
    m = medico()
    despierta(m, "la-medico")
    # Dani infected the first night, then the neighbours: Ana, then Bea; everybody but her.
    noche(m, {("Carlos", "la-medico-virus"): ["Dani"]})
    dia(m)
    for vecino in ("Ana", "Bea"):
        noche(m, {("Carlos", "la-medico-contagio"): [vecino]})
        dia(m)
    assert m.state.custom["la-medico"].virus == {3: 1, 0: 1, 1: 1}
    hasta_prompt(m, "Carlos", "la-medico-carga")
    elige(m, "Carlos", "la-medico-carga", "Ana")
    assert [p.id for p in m.pending()] == ["n4:la-medico-carga-2"]


def test_ningun_poder_de_la_medico_salva_una_muerte_inevitable():
    m = medico()
    # Ana's awakened electroshock kills inevitably: she aims it at itself (Ana:3) before La Médico's turn.
    despierta(m, "terapia-electroshock")
    respuestas = {("Ana", "modo"): ["despertar"], ("Ana", "terapia-electroshock"): ["Ana:3"]}
    hasta_prompt(m, "Carlos", "la-medico", ataque("Ana:2", respuestas, amotinados=AMOTINADOS))
    assert ("terapia-electroshock", "terapia-electroshock", (0,), INEVITABLE) in m.state.attacks
    elige(m, "Carlos", "la-medico")
    elige(m, "Carlos", "la-medico-poder", "carro-de-paradas")
    assert opciones(m, "Carlos", "la-medico-carro") == ("Ana:2",)
