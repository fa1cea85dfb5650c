"""Fin de la partida: who wins, in which order the conditions are checked, and who counts as a winner."""

from .mesa import elige, eventos, mesa, muertos, votan

CINCO = {"Ana": "hombre-lobo", "Bea": "aldeano", "Carlos": "aldeano", "Dani": "aldeano", "Eva": "cazador"}


def _lobo_mata(m, victima, wolves=("Ana",)):
    for w in wolves:
        elige(m, w, "lobos", victima)


def test_aldeanos_ganan_al_morir_todos_los_lobos():
    m = mesa(CINCO)
    _lobo_mata(m, "Bea")
    votan(m, {"Carlos": "Ana", "Dani": "Ana"})
    assert m.result.reason == "aldeanos"
    assert m.result.sides == ("aldeanos",)


def test_ganan_todos_los_del_bando_vivos_o_muertos():
    m = mesa(CINCO)
    _lobo_mata(m, "Bea")
    votan(m, {"Carlos": "Ana", "Dani": "Ana"})
    assert set(m.result.winners) == {"Bea", "Carlos", "Dani", "Eva"}  # Bea is dead and wins


def test_lobos_ganan_al_morir_el_ultimo_aldeano():
    deal = {"Ana": "hombre-lobo", "Bea": "aldeano", "Carlos": "aldeano", "Dani": "aldeano", "Eva": "aldeano"}
    m = mesa(deal)
    _lobo_mata(m, "Bea")
    votan(m, {"Ana": "Carlos"})
    _lobo_mata(m, "Dani")
    assert m.result is None  # Ana and Eva left: later editions need the last villager
    votan(m, {})
    _lobo_mata(m, "Eva")
    assert m.result.reason == "lobos" and m.result.winners == ("Ana",)


def test_primera_edicion_lobos_ganan_con_el_penultimo_aldeano():
    deal = {"Ana": "hombre-lobo", "Bea": "aldeano", "Carlos": "aldeano", "Dani": "aldeano", "Eva": "aldeano"}
    m = mesa(deal, victoria="penultimo")
    _lobo_mata(m, "Bea")
    votan(m, {"Ana": "Carlos"})
    _lobo_mata(m, "Dani")
    assert m.result.reason == "lobos"  # one wolf and one villager left


def test_la_partida_no_acaba_antes_de_resolver_el_disparo_del_cazador():
    deal = {"Ana": "hombre-lobo", "Bea": "cazador", "Carlos": "aldeano", "Dani": "aldeano", "Eva": "aldeano"}
    m = mesa(deal)
    _lobo_mata(m, "Carlos")
    votan(m, {"Ana": "Dani"})
    _lobo_mata(m, "Eva")
    votan(m, {"Ana": "Bea"})  # Bea, the last villager, is lynched ... and shoots the last wolf
    assert m.result is None
    elige(m, "Bea", "cazador", "Ana")
    assert m.result.reason == "nadie-vive"
    assert m.result.sides == () and m.result.winners == ()


MIXTOS = {"Ana": "hombre-lobo", "Bea": "hombre-lobo", "Carlos": "cupido", "Dani": "aldeano", "Eva": "aldeano"}


def test_enamorados_lobo_y_aldeano_ganan_si_quedan_solos():
    m = mesa(MIXTOS)
    elige(m, "Carlos", "cupido", "Ana", "Dani")
    elige(m, "Ana", "lobos", "Eva")
    elige(m, "Bea", "lobos", "Eva")
    assert m.result is None
    votan(m, {"Ana": "Bea", "Dani": "Bea", "Carlos": "Bea"})
    assert m.result is None  # Carlos is still alive
    elige(m, "Ana", "lobos", "Carlos")
    assert m.result.reason == "enamorados"
    assert m.result.sides == ("enamorados",) and set(m.result.winners) == {"Ana", "Dani"}


def test_lobos_no_ganan_mientras_viva_la_pareja_mixta():
    m = mesa(MIXTOS)
    elige(m, "Carlos", "cupido", "Ana", "Dani")
    elige(m, "Ana", "lobos", "Eva")
    elige(m, "Bea", "lobos", "Eva")
    votan(m, {"Ana": "Carlos", "Bea": "Carlos", "Dani": "Carlos"})
    # Ana (wolf in love), Bea (wolf), Dani (villager in love): the only non-wolf is Ana's love.
    assert m.result is None


def test_enamorados_aldeanos_ganan_si_sobreviven():
    deal = {"Ana": "hombre-lobo", "Bea": "cupido", "Carlos": "aldeano", "Dani": "aldeano", "Eva": "aldeano"}
    m = mesa(deal)
    elige(m, "Bea", "cupido", "Carlos", "Dani")
    elige(m, "Ana", "lobos", "Eva")
    votan(m, {"Bea": "Ana", "Carlos": "Ana"})
    assert m.result.reason == "aldeanos"
    assert m.result.sides == ("aldeanos", "enamorados")
    assert {"Carlos", "Dani", "Bea", "Eva"} == set(m.result.winners)


def test_enamorados_muertos_no_ganan():
    deal = {"Ana": "hombre-lobo", "Bea": "cupido", "Carlos": "aldeano", "Dani": "aldeano", "Eva": "aldeano"}
    m = mesa(deal)
    elige(m, "Bea", "cupido", "Carlos", "Dani")
    elige(m, "Ana", "lobos", "Carlos")
    assert muertos(m) == {"Carlos", "Dani"}
    votan(m, {"Bea": "Ana", "Eva": "Ana"})
    assert m.result.reason == "aldeanos"
    assert m.result.sides == ("aldeanos",)
    assert set(m.result.winners) == {"Bea", "Eva"}


def test_pareja_de_lobos_debe_eliminar_a_todos_los_demas():
    deal = {"Ana": "hombre-lobo", "Bea": "hombre-lobo", "Carlos": "hombre-lobo", "Dani": "cupido", "Eva": "aldeano"}
    m = mesa(deal)
    elige(m, "Dani", "cupido", "Ana", "Bea")
    for w in ("Ana", "Bea", "Carlos"):
        elige(m, w, "lobos", "Eva")
    votan(m, {"Ana": "Dani", "Bea": "Dani", "Carlos": "Dani"})
    # Only wolves are left: the pack wins, and the lovers, with Carlos still alive, do not.
    assert m.result.reason == "lobos"
    assert set(m.result.winners) == {"Carlos"}


def test_limite_de_dias_acaba_en_empate():
    m = mesa(CINCO, limite_dias=2, rondas_lobos=1)
    for _ in range(2):
        elige(m, "Ana", "lobos")
        votan(m, {})
    assert m.result.reason == "limite" and m.result.sides == ()


def test_al_final_todas_las_cartas_se_revelan():
    m = mesa(CINCO)
    _lobo_mata(m, "Bea")
    votan(m, {"Carlos": "Ana", "Dani": "Ana"})
    (reveal,) = eventos(m, "revelacion", "Dani")
    assert reveal["roles"] == CINCO
    assert [p["role"] for p in m.view("Dani")["players"]] == list(CINCO.values())
    assert m.view("Dani")["result"]["text"].startswith("¡Ganan los Aldeanos!")
