"""El día (section 4): the lynching in two votes, its modifiers, and the losing player's event."""

from velada.core.protocol import PUBLIC

from .mesa import CUATRO, abiertos, con, dia, elige, eventos, hasta_prompt, mesa, muertas, noche, opciones, ronda


def al_linchamiento(m, respuestas=None):
    noche(m, respuestas)
    hasta_prompt(m, "Ana", "linchamiento", respuestas)


def votan(m, votos, kind="linchamiento"):
    """Everybody with an open ``kind`` prompt votes as ``votos`` says; those not listed abstain."""
    for p in m.pending():
        if p.kind == kind:
            target = votos.get(p.player)
            m.choose(p.player, p.id, [target] if target else [])


def test_el_mas_votado_pierde_la_carta_que_votan_quienes_le_senalaron():
    m = mesa(CUATRO)
    al_linchamiento(m)
    votan(m, {"Ana": "Carlos", "Bea": "Carlos", "Dani": "Carlos", "Carlos": "Ana"})
    assert eventos(m, "linchado")[-1] == {"player": "Carlos"}
    assert abiertos(m) == {("Ana", "linchamiento-carta"), ("Bea", "linchamiento-carta"), ("Dani", "linchamiento-carta")}
    assert opciones(m, "Ana", "linchamiento-carta") == ("Carlos:1", "Carlos:2", "Carlos:3", "Carlos:4")
    votan(m, {"Ana": "Carlos:2", "Bea": "Carlos:2", "Dani": "Carlos:3"}, "linchamiento-carta")
    assert abiertos(m) == {("Dani", "wakerfield")}  # before the card is shown, Wakerfield may take its place
    elige(m, "Dani", "wakerfield")
    assert muertas(m) == {"arthur"}
    death = eventos(m, "muerte", "Bea")[-1]
    assert death == {"player": "Carlos", "position": 2, "card": "arthur", "cause": "linchamiento"}


def test_un_empate_entre_jugadores_no_mata_ninguna_carta():
    m = mesa(CUATRO)
    al_linchamiento(m)
    votan(m, {"Ana": "Carlos", "Carlos": "Ana", "Dani": "Ana"})  # Carlos 2 (Ana's vote is double), Ana 2
    assert eventos(m, "sin-linchamiento")[-1] == {"reason": "empate"}
    assert not any(p.kind == "linchamiento-carta" for p in m.pending())
    assert muertas(m) == set()


def test_un_empate_entre_cartas_no_mata_ninguna_carta():
    m = mesa(CUATRO)
    al_linchamiento(m)
    votan(m, {"Bea": "Dani", "Carlos": "Dani"})
    votan(m, {"Bea": "Dani:1", "Carlos": "Dani:2"}, "linchamiento-carta")
    assert eventos(m, "sin-linchamiento")[-1] == {"reason": "empate"}
    assert muertas(m) == set()


def test_responsabilidad_hace_que_el_voto_valga_doble():
    m = mesa(CUATRO)
    al_linchamiento(m)
    votan(m, {"Ana": "Carlos", "Bea": "Dani"})
    assert eventos(m, "votos")[-1]["counts"] == {"Carlos": 2, "Dani": 1}
    votan(m, {"Ana": "Carlos:4"}, "linchamiento-carta")
    elige(m, "Dani", "wakerfield")
    assert muertas(m) == {"muerte-dulce"}


def test_las_personalidades_de_dia_se_muestran_tras_la_primera_noche():
    m = mesa(CUATRO)
    assert m.view("Carlos")["players"][0]["personality"] is None
    noche(m)
    assert m.view("Carlos")["players"][0]["personality"] == "responsabilidad"
    assert m.view("Carlos")["players"][1]["personality"] == "hostilidad"
    assert m.view("Ana")["players"][2]["personality"] is None  # Melancolía acts at night
    assert {e["card"] for e in eventos(m, "personalidad", "Dani")} == {"responsabilidad", "hostilidad"}


def test_hostilidad_sanciona_a_un_jugador_que_no_vota_ese_dia():
    m = mesa(CUATRO)
    noche(m)
    assert ("Bea", "hostilidad") in abiertos(m)
    elige(m, "Bea", "hostilidad", "Ana")
    assert eventos(m, "sancion", "Carlos") == [{"player": "Ana"}]
    hasta_prompt(m, "Bea", "linchamiento")
    assert ("Ana", "linchamiento") not in abiertos(m)
    assert m.view("Dani")["players"][0]["banned"]


def test_hostilidad_no_repite_jugador_hasta_haber_sancionado_a_todos():
    m = mesa(CUATRO)
    for ronda_, (quien, quedan) in enumerate(
        [("Ana", ("Ana", "Carlos", "Dani")), ("Carlos", ("Carlos", "Dani")), ("Dani", ("Dani",))], start=1
    ):
        noche(m)
        assert opciones(m, "Bea", "hostilidad") == quedan, ronda_
        elige(m, "Bea", "hostilidad", quien)
        dia(m)
    noche(m)
    assert opciones(m, "Bea", "hostilidad") == ("Ana", "Carlos", "Dani")


def test_john_flick_acusa_una_carta_que_suma_un_voto_contra_su_jugador_y_contra_ella():
    m = mesa(CUATRO)
    al_linchamiento(m, {("Bea", "john-flick"): ["Carlos:2"]})
    assert eventos(m, "acusacion", "Dani") == [{"target": "Carlos:2"}]
    votan(m, {"Dani": "Carlos", "Carlos": "Dani"})
    assert eventos(m, "votos")[-1]["counts"] == {"Carlos": 2, "Dani": 1}
    votan(m, {"Dani": "Carlos:1"}, "linchamiento-carta")
    assert eventos(m, "sin-linchamiento")[-1] == {"reason": "empate"}  # Carlos:1 1 vote, Carlos:2 1 accusation


def test_la_acusacion_de_john_flick_se_dice_a_toda_la_mesa_y_queda_en_su_vista_pasado_el_dia():
    """The accusation is told to the whole table at dawn: the views keep it after that day (the marker on the card
    lasts the day only), also when the day passes without any question."""
    m = mesa(CUATRO)
    noche(m, {("Bea", "john-flick"): ["Carlos:2"]})
    assert m.view("Dani")["accusations"] == [{"round": 1, "target": "Carlos:2"}]
    dia(m)
    noche(m)
    for viewer in ("Dani", "Bea", PUBLIC):
        assert m.view(viewer)["accusations"] == [{"round": 1, "target": "Carlos:2"}]


def test_el_jugador_que_va_perdiendo_roba_una_carta_de_evento():
    m = mesa(CUATRO, eventos=["confesion", "milagrero", "leproso", "despertar", "celda-de-aislamiento"])
    noche(m, {("Ana", "amotinados"): ["Carlos:1"], ("Bea", "amotinados"): ["Carlos:1"]})
    dia(m)
    assert eventos(m, "roba") == [{"player": "Carlos"}]
    assert eventos(m, "evento", "Carlos") == [{"event": "confesion"}]
    assert eventos(m, "evento", "Ana") == []
    assert m.view("Ana")["players"][2]["events"] == 1


def test_con_las_mismas_cartas_vivas_pierde_quien_tiene_muertas_las_mas_importantes():
    m = mesa(CUATRO, eventos=["confesion", "milagrero"])
    noche(
        m,
        {
            ("Ana", "amotinados"): ["Carlos:2"],
            ("Bea", "amotinados"): ["Carlos:2"],
            ("Ana", "amotinados-2"): ["Dani:1"],
        },
    )
    assert muertas(m) == {"arthur", "mary-firth"}
    dia(m)
    assert eventos(m, "roba") == [{"player": "Dani"}]  # a dead P1 weighs more than a dead P2


def test_si_el_empate_sigue_roban_todos_los_empatados():
    m = mesa(CUATRO, eventos=["confesion", "milagrero", "leproso", "despertar", "celda-de-aislamiento"])
    ronda(m)
    assert [e["player"] for e in eventos(m, "roba")] == ["Ana", "Bea", "Carlos", "Dani"]
    assert m.state.deck == ["celda-de-aislamiento"]


def test_la_marioneta_de_neuroticismo_vota_lo_que_le_dicen_en_las_rondas_pares():
    deal = con(CUATRO, Carlos=["larry-owls", "arthur", "terapia-lobotomia", "muerte-dulce", "neuroticismo"])
    m = mesa(deal)
    noche(m, {("Carlos", "neuroticismo"): ["Dani"]})
    assert eventos(m, "marioneta", "Dani") == [{}]
    hasta_prompt(m, "Dani", "linchamiento")
    assert len(opciones(m, "Dani", "linchamiento")) == 3  # odd round: free
    dia(m)
    noche(m, {("Carlos", "neuroticismo-voto"): ["Bea"]})
    assert eventos(m, "instruccion", "Dani") == [{"player": "Bea"}]
    hasta_prompt(m, "Dani", "linchamiento")
    (p,) = [p for p in m.pending() if p.player == "Dani"]
    assert p.options == ("Bea",) and not p.skippable
