"""Ainhoa «La Médium» (section 13): the power of a dead card for a round, a look at an objective, and the body
and spirit of her awakening."""

from .mesa import (
    abiertos,
    ataque,
    despierta,
    dia,
    elige,
    eventos,
    hasta,
    hasta_prompt,
    linchan,
    llamadas,
    muere_de_noche,
    noche,
    opciones,
    viva,
)
from .personalizadas import AMOTINADOS, personalizada


def medium(**kw):
    """Ana holds La Médium; Bea's Maestra Vudú wakes first, so a test can set the table before Ana's turn."""
    return personalizada({"Ana": "la-medium", "Bea": "la-maestra-vudu"}, **kw)


def test_la_medium_usa_esta_ronda_el_poder_de_una_carta_muerta_en_su_turno():
    m = medium()
    muere_de_noche(m, "Carlos:2", amotinados=AMOTINADOS)  # Arthur
    hasta_prompt(m, "Ana", "la-medium")
    assert opciones(m, "Ana", "la-medium") == ("Carlos:2",)
    elige(m, "Ana", "la-medium", "Carlos:2")
    elige(m, "Ana", "la-medium-objetivo")
    # Everybody wakes to see which power she took.
    assert eventos(m, "la-medium-poder", "Dani") == [{"target": "Carlos:2", "card": "arthur"}]
    hasta_prompt(m, "Ana", "arthur")
    assert [p.id for p in m.pending()] == ["n2:arthur-espiritu"]
    elige(m, "Ana", "arthur", "Ana:2")
    noche(m, ataque("Ana:2", amotinados=AMOTINADOS))
    assert viva(m, "el-archivo")


def test_un_poder_cuyo_turno_ya_paso_la_medium_lo_usa_en_cuanto_todos_se_duermen():
    m = medium()
    linchan(m, "Bea:1")  # La Maestra Vudú, whose turn comes before La Médium's
    hasta_prompt(m, "Ana", "la-medium")  # La Ludópata's turn (Carlos) comes in between: he does not bet
    elige(m, "Ana", "la-medium", "Bea:1")
    elige(m, "Ana", "la-medium-objetivo")
    assert [p.id for p in m.pending()] == ["n2:la-maestra-vudu-espiritu"]
    elige(m, "Ana", "la-maestra-vudu", "Carlos:3")
    noche(m, ataque("Carlos:2", amotinados=AMOTINADOS))
    assert viva(m, "arthur") and not viva(m, "terapia-lobotomia")


def test_la_medium_no_puede_repetir_jugador():
    m = medium()
    muere_de_noche(m, "Carlos:2", "Carlos:3", amotinados=AMOTINADOS)  # Arthur, Terapia lobotomía
    noche(m, {("Ana", "la-medium"): ["Carlos:2"]})
    dia(m)
    assert ("Ana", "n4:la-medium") not in llamadas(m, por="id")


def test_poder_extra_la_medium_ve_cada_ronda_el_objetivo_de_un_jugador():
    m = medium()
    hasta_prompt(m, "Ana", "la-medium-objetivo")
    assert opciones(m, "Ana", "la-medium-objetivo") == ("Bea", "Carlos", "Dani")
    elige(m, "Ana", "la-medium-objetivo", "Dani")
    assert eventos(m, "ve-objetivo", "Ana") == [{"player": "Dani", "goal": "amotinados"}]


def test_la_medium_amotinada_no_ve_objetivos():
    objetivos = {"Ana": "amotinados", "Bea": "amotinados", "Carlos": "internos", "Dani": "internos"}
    m = medium(objetivos=objetivos)
    assert not any(k == "la-medium-objetivo" for _, k in llamadas(m, por="id"))


def despierta_en(m, cuerpo):
    """Ana's card is awakened during the first day; at the second nightfall she announces it."""
    noche(m)
    despierta(m, "la-medium")
    hasta_prompt(m, "Ana", "la-medium-despertar")
    elige(m, "Ana", "la-medium-despertar", cuerpo)


def test_la_medium_despertada_se_anuncia_y_elige_cuerpo():
    m = medium()
    despierta_en(m, "cuerpo-espiritual")
    assert eventos(m, "anuncia-despertar", "Carlos") == [{"power": "la-medium"}]
    assert eventos(m, "la-medium-cuerpo-espiritual", "Carlos") == [{}]
    assert m.view("Carlos")["players"][0]["cards"][0]["markers"] == ["despertar", "desvelada", "cuerpo-espiritual"]


def test_en_cuerpo_espiritual_no_vota_y_nadie_puede_matarla_de_dia():
    m = medium()
    despierta_en(m, "cuerpo-espiritual")
    noche(m)
    votos = {(p, "linchamiento"): ["Ana"] for p in ("Bea", "Carlos", "Dani")}
    cartas = {(p, "linchamiento-carta"): ["Ana:1"] for p in ("Bea", "Carlos", "Dani")}
    hasta(m, lambda m: ("Bea", "linchamiento") in abiertos(m))
    assert ("Ana", "linchamiento") not in abiertos(m)
    dia(m, {**votos, **cartas})
    assert viva(m, "la-medium")
    # After the lynching she goes to her body.
    assert eventos(m, "la-medium-cuerpo-fisico") == [{}]


def test_en_cuerpo_espiritual_puede_repetir_jugador_pero_no_carta():
    m = medium()
    muere_de_noche(m, "Carlos:2", "Carlos:3", amotinados=AMOTINADOS)  # Arthur, Terapia lobotomía
    hasta_prompt(m, "Ana", "la-medium")
    elige(m, "Ana", "la-medium", "Carlos:2")
    noche(m)
    despierta(m, "la-medium")
    hasta_prompt(m, "Ana", "la-medium-despertar")
    elige(m, "Ana", "la-medium-despertar", "cuerpo-espiritual")
    hasta_prompt(m, "Ana", "la-medium")
    assert opciones(m, "Ana", "la-medium") == ("Carlos:3",)


def test_en_cuerpo_fisico_no_se_levanta_de_noche_ni_pueden_matarla_y_un_jugador_juega_con_sus_cartas_muertas():
    m = medium()
    muere_de_noche(m, "Carlos:3", amotinados=AMOTINADOS)  # Terapia lobotomía
    despierta_en(m, "cuerpo-fisico")
    assert opciones(m, "Ana", "la-medium-fisico") == ("Bea", "Carlos", "Dani")
    elige(m, "Ana", "la-medium-fisico", "Carlos")
    assert eventos(m, "la-medium-fisico", "Dani") == [{"player": "Carlos"}]
    vistos = llamadas(m, ataque("Ana:1", amotinados=AMOTINADOS), por="id")
    assert ("Ana", "n3:la-medium") not in vistos
    assert ("Carlos", "n3:arthur") not in vistos
    assert ("Carlos", "n3:terapia-lobotomia-espiritu") in vistos
    assert viva(m, "la-medium")


def _apuesta_con_el_espiritu_de_la_ludopata(m):
    """Carlos' Ludópata is dead; Ana (La Médium) takes its power and bets on herself, the player with most
    living cards: her turn is past, so she bets when everybody wakes, and wins when the round ends."""
    muere_de_noche(m, "Carlos:1", amotinados=AMOTINADOS)
    hasta_prompt(m, "Ana", "la-medium")
    assert "Carlos:1" in opciones(m, "Ana", "la-medium")
    elige(m, "Ana", "la-medium", "Carlos:1")
    elige(m, "Ana", "la-medium-objetivo")
    elige(m, "Ana", "la-ludopata", "jugador")
    elige(m, "Ana", "la-ludopata-jugador", "Ana")
    noche(m)
    dia(m)
    assert [e["right"] for e in eventos(m, "apuesta-resuelta", "Ana")] == [True]


def test_la_medium_cobra_la_ronda_siguiente_la_apuesta_ganada_con_el_poder_de_la_ludopata_muerta():
    """FAQ 15.5: she took the power for one round only, yet collects the bet she won the next round, in La
    Ludópata's turn, because her La Médium card lives."""
    m = medium()
    _apuesta_con_el_espiritu_de_la_ludopata(m)
    hasta_prompt(m, "Ana", "la-ludopata-premio")
    assert opciones(m, "Ana", "la-ludopata-premio") == ("ver",)
    elige(m, "Ana", "la-ludopata-premio", "ver")
    elige(m, "Ana", "la-ludopata-ver", "Dani:2")
    assert eventos(m, "vision", "Ana") == [{"target": "Dani:2", "card": "wakerfield"}]
    assert ("Ana", "la-ludopata") not in abiertos(m), "collecting is not a new bet"


def test_sin_la_medium_viva_no_se_cobra_la_apuesta_ganada_con_el_espiritu_de_la_ludopata():
    m = medium()
    _apuesta_con_el_espiritu_de_la_ludopata(m)
    # Killed outright (``set_alive``, no death resolution): she must die after the round's end settles her bet
    # and before La Ludópata's turn the next night, and no death falls in between (a lynching comes before the
    # bet is settled).
    m.state.set_alive("la-medium", False)
    seen = llamadas(m, por="id")
    assert not [pid for player, pid in seen if player == "Ana" and "la-ludopata" in pid]
