"""Andrés «El Relojero» (section 13): numbers under his cards, the powers they give, and time control."""

import functools

from .mesa import (
    abiertos,
    ataque,
    caen,
    despierta,
    dia,
    elige,
    eventos,
    hasta,
    hasta_prompt,
    linchan,
    llamadas,
    noche,
    opciones,
    viva,
)
from .personalizadas import AMOTINADOS, personalizada

#: Ana's cards by position: El Relojero, El archivo, Terapia electroshock, El cataléptico.
NUMEROS = {"el-relojero": 3, "el-archivo": 1, "terapia-electroshock": 2, "el-cataleptico": 4}


@functools.cache
def _reparto(numeros: tuple[tuple[str, int], ...]) -> int:
    """The first deal (its seed) whose chance puts El Relojero's numbers under Ana's cards as ``numeros``: he
    places them at random, so a test picks the deal rather than writing them."""
    for seed in range(1000):
        m = personalizada({"Ana": "el-relojero"}, seed=seed)
        if m.state.custom["el-relojero"].numbers == dict(numeros):
            return seed
    raise AssertionError(f"no deal in 1000 places the numbers as {numeros}")


def relojero(numeros=None, **kw):
    """Ana holds El Relojero, her cards' numbers as ``numeros`` (``NUMEROS`` unless given), by the deal."""
    numeros = dict(numeros or NUMEROS)
    m = personalizada({"Ana": "el-relojero"}, seed=_reparto(tuple(sorted(numeros.items()))), **kw)
    assert m.state.custom["el-relojero"].numbers == numeros
    return m


def test_el_relojero_coloca_al_azar_los_numeros_del_1_al_4_bajo_sus_cuatro_cartas():
    m = personalizada({"Ana": "el-relojero"})
    numbers = m.state.custom["el-relojero"].numbers
    assert set(numbers) == set(m.state.board[0]) and sorted(numbers.values()) == [1, 2, 3, 4]
    (numeros,) = eventos(m, "el-relojero-numeros", "Ana")
    assert numeros["positions"] == [numbers[c] for c in m.state.board[0]]
    assert eventos(m, "el-relojero-numeros", "Bea") == []
    assert all(c["markers"] == [] for c in m.view("Bea")["players"][0]["cards"])
    assert [c["markers"] for c in m.view(None)["players"][0]["cards"]] == [
        [f"numero-{numbers[c]}"] for c in m.state.board[0]
    ]


def test_el_relojero_ve_en_su_vista_los_numeros_que_puso_y_nadie_mas():
    """He alone knows which number lies under which card: his view marks them, not only his log's note."""
    m = personalizada({"Ana": "el-relojero"})
    numbers = m.state.custom["el-relojero"].numbers
    assert [c["markers"] for c in m.view("Ana")["players"][0]["cards"]] == [
        [f"numero-{numbers[c]}-oculto"] for c in m.state.board[0]
    ]
    assert all(c["markers"] == [] for p in m.view("Bea")["players"] for c in p["cards"])


def test_el_relojero_distingue_en_su_vista_un_numero_mostrado_a_la_mesa_de_uno_que_solo_el_sabe():
    """A number shown tells the table its card was attacked: his view says which of his numbers are shown."""
    m = relojero()
    noche(m, ataque("Ana:1", amotinados=AMOTINADOS))
    markers = [c["markers"] for c in m.view("Ana")["players"][0]["cards"]]
    assert markers[0] == ["numero-3"]
    assert markers[1:] == [["numero-1-oculto"], ["numero-2-oculto"], ["numero-4-oculto"]]


def test_una_carta_con_numero_sigue_viva_si_vive_una_carta_con_numero_menor():
    m = relojero()
    noche(m, ataque("Ana:1", amotinados=AMOTINADOS))
    assert viva(m, "el-relojero")
    assert eventos(m, "el-relojero-numero", "Bea") == [{"player": "Ana", "position": 1, "n": 3}]
    assert m.view("Bea")["players"][0]["cards"][0]["markers"] == ["numero-3"]


def test_hay_que_matar_las_cartas_en_el_orden_de_sus_numeros():
    m = relojero()
    noche(m, ataque("Ana:2", amotinados=AMOTINADOS))
    assert not viva(m, "el-archivo")
    dia(m)
    noche(m, ataque("Ana:3", amotinados=AMOTINADOS))
    assert not viva(m, "terapia-electroshock")


def test_cada_numero_mostrado_da_un_poder_para_el_segundo_turno_del_relojero():
    m = relojero()
    noche(m, ataque("Ana:2", amotinados=AMOTINADOS))
    assert m.state.custom["el-relojero"].powers == {"1": 1}
    dia(m)
    hasta_prompt(m, "Ana", "el-relojero")
    assert opciones(m, "Ana", "el-relojero") == ("numero-1",)
    elige(m, "Ana", "el-relojero", "numero-1")
    elige(m, "Ana", "el-relojero-ver", "Dani")
    assert eventos(m, "ve-objetivo", "Ana") == [{"player": "Dani", "goal": "amotinados"}]
    assert ("Ana", "el-relojero") not in abiertos(m)


def test_sin_numeros_a_la_vista_el_relojero_no_se_levanta_en_su_segundo_turno():
    m = relojero()
    assert ("Ana", "el-relojero") not in llamadas(m)


def test_el_numero_2_mata_y_el_numero_3_quita_un_modificador():
    m = relojero()
    # Numbers 3 and 2 shown: Ana's electroshock and the mutineers attack the cards above them, which live on.
    noche(m, {("Ana", "terapia-electroshock"): ["Ana:1"], **ataque("Ana:3", amotinados=AMOTINADOS)})
    assert m.state.custom["el-relojero"].powers == {"2": 1, "3": 1}
    dia(m)
    hasta_prompt(
        m, "Ana", "el-relojero", {("Bea", "john-flick"): ["Carlos:2"], **ataque("Carlos:3", amotinados=AMOTINADOS)}
    )
    elige(m, "Ana", "el-relojero", "numero-3")
    assert set(opciones(m, "Ana", "el-relojero-modificador")) == {"Carlos:2", "Carlos:3"}
    elige(m, "Ana", "el-relojero-modificador", "Carlos:2")
    assert opciones(m, "Ana", "el-relojero-quitar") == ("quitar-acusacion",)
    elige(m, "Ana", "el-relojero-quitar", "quitar-acusacion")
    elige(m, "Ana", "el-relojero", "numero-2")
    elige(m, "Ana", "el-relojero-matar", "Bea:2")
    noche(m)
    assert m.state.flick.accused == []
    assert not viva(m, "john-flick") and not viva(m, "terapia-lobotomia")


def test_lo_que_el_relojero_quita_a_la_vista_de_la_mesa_queda_en_las_vistas_y_la_muerte_no():
    """The table sees him take an accusation off a card (and which card); a death marker is the narrator's secret."""
    m = relojero()
    # Written into the state: number 3 twice needs it shown under two cards (the number 4 moving it), a long game.
    m.state.custom["el-relojero"].powers = {"3": 2}
    noche(m)
    dia(m)
    hasta_prompt(
        m, "Ana", "el-relojero", {("Bea", "john-flick"): ["Carlos:2"], **ataque("Carlos:3", amotinados=AMOTINADOS)}
    )
    assert m.view("Bea")["relojero_taken_off"] == []
    elige(m, "Ana", "el-relojero", "numero-3")
    elige(m, "Ana", "el-relojero-modificador", "Carlos:2")
    elige(m, "Ana", "el-relojero-quitar", "quitar-acusacion")
    elige(m, "Ana", "el-relojero", "numero-3")
    elige(m, "Ana", "el-relojero-modificador", "Carlos:3")
    elige(m, "Ana", "el-relojero-quitar", "quitar-muerte")
    taken = [{"round": m.state.round, "modifier": "quitar-acusacion", "target": "Carlos:2"}]
    assert m.view("Bea")["relojero_taken_off"] == m.view(None)["relojero_taken_off"] == taken


def test_el_numero_4_mueve_uno_de_sus_numeros_a_otra_carta_viva():
    # Number 4 under El Relojero himself, shown when the mutineers attack him.
    m = relojero({"el-relojero": 4, "el-archivo": 1, "terapia-electroshock": 2, "el-cataleptico": 3})
    noche(m, ataque("Ana:1", amotinados=AMOTINADOS))
    assert m.state.custom["el-relojero"].powers == {"4": 1}
    dia(m)
    hasta_prompt(m, "Ana", "el-relojero")
    elige(m, "Ana", "el-relojero", "numero-4")
    elige(m, "Ana", "el-relojero-mover", "Ana:2")
    assert "Ana:3" not in opciones(m, "Ana", "el-relojero-destino")
    elige(m, "Ana", "el-relojero-destino", "Carlos:2")
    assert m.state.custom["el-relojero"].numbers["arthur"] == 1
    noche(m, ataque("Ana:3", amotinados=AMOTINADOS))
    # Number 2 has no number 1 left on Ana's row, but Arthur carries it now: it survives.
    assert viva(m, "terapia-electroshock")


def test_los_numeros_siguen_activos_aunque_muera_el_relojero():
    m = relojero({"el-relojero": 1, "el-archivo": 2, "terapia-electroshock": 3, "el-cataleptico": 4})
    noche(m, ataque("Ana:1", amotinados=AMOTINADOS))
    assert not viva(m, "el-relojero")
    dia(m)
    noche(m, ataque("Ana:3", amotinados=AMOTINADOS))
    assert viva(m, "terapia-electroshock")


def test_detener_el_tiempo_deja_a_un_jugador_sin_actuar_ni_morir_la_ronda_siguiente():
    m = relojero()
    despierta(m, "el-relojero")
    hasta_prompt(m, "Ana", "el-relojero")
    elige(m, "Ana", "el-relojero", "detener-el-tiempo")
    elige(m, "Ana", "el-relojero-detener", "Carlos")
    assert eventos(m, "el-relojero-detiene", "Dani") == [{"player": "Carlos"}]
    assert "detener-el-tiempo" not in opciones(m, "Ana", "el-relojero")
    noche(m)
    dia(m)
    vistos = llamadas(m, ataque("Carlos:2", amotinados=AMOTINADOS))
    assert ("Carlos", "arthur") not in vistos
    assert viva(m, "arthur")
    hasta(m, lambda m: ("Bea", "linchamiento") in abiertos(m))
    assert ("Carlos", "linchamiento") not in abiertos(m)


def test_viaje_al_futuro_mata_una_carta_de_cada_jugador_con_mas_de_una_viva():
    m = relojero()
    despierta(m, "el-relojero")
    # Bea's last three cards are lynched, one a day (her last card, La Chef, wakes: it changes nothing here).
    caen(m, "Bea:2", "Bea:3", "Bea:4", amotinados=AMOTINADOS)
    hasta_prompt(m, "Ana", "el-relojero")
    elige(m, "Ana", "el-relojero", "viaje-al-futuro")
    # Bea has a single living card: she is spared.
    elige(m, "Ana", "el-relojero-futuro", "Ana:2")
    elige(m, "Ana", "el-relojero-futuro", "Carlos:2")
    elige(m, "Ana", "el-relojero-futuro", "Dani:2")
    noche(m)
    assert not any(viva(m, c) for c in ("el-archivo", "arthur", "wakerfield"))
    assert viva(m, "la-chef")


def test_viaje_al_pasado_devuelve_las_cartas_a_como_estaban_tras_el_linchamiento_anterior():
    m = relojero()
    despierta(m, "el-relojero")
    linchan(m, "Carlos:4")
    assert not viva(m, "muerte-dulce")
    # Dani's Profeta links Arthur to Muerte dulce, dead in its row: Arthur's death brings it back.
    profeta = {("Dani", "profeta"): ["Carlos:2"], ("Dani", "profeta-2"): ["Carlos:4"]}
    noche(m, ataque("Carlos:2", profeta, amotinados=AMOTINADOS))
    assert not viva(m, "arthur")
    assert viva(m, "muerte-dulce")
    hasta_prompt(m, "Ana", "el-relojero-pasado")
    elige(m, "Ana", "el-relojero-pasado", "viaje-al-pasado")
    assert viva(m, "arthur")
    assert not viva(m, "muerte-dulce")
    assert eventos(m, "el-relojero-pasado", "Bea") == [{}]
    # One use.
    dia(m)
    assert m.state.custom["el-relojero"].past is None
