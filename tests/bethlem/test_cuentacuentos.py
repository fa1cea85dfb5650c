"""Cuentacuentos (sections 3, 6 and night step 1): a human narrator, in the narrator's seat, answers each
player's question about the future."""

import pytest

from velada.core.protocol import NARRATOR, IllegalAction

from .mesa import CUATRO, abiertos, elige, eventos, hasta_prompt, mesa, noche, ronda


def con_narrador(**options):
    return mesa(CUATRO, cuentacuentos="si", **options)


def preguntas(m):
    return {player for player, kind in abiertos(m) if kind == "pregunta-al-narrador"}


def test_cuentacuentos_sin_narrador_externo_no_hay_preguntas():
    m = mesa(CUATRO)
    ronda(m)
    noche(m)
    assert not any(e.kind.endswith("narrador") for e in m.state.log)


def test_cuentacuentos_no_hay_preguntas_la_primera_noche():
    m = con_narrador()
    noche(m)
    assert not any(e.kind == "pregunta-narrador" for e in m.state.log)


def test_cuentacuentos_cada_jugador_le_pregunta_y_solo_el_ve_la_respuesta():
    m = con_narrador()
    ronda(m)
    hasta_prompt(m, "Ana", "pregunta-al-narrador")
    assert preguntas(m) == {"Ana", "Bea", "Carlos", "Dani"}
    elige(m, "Ana", "pregunta-al-narrador", "¿Sobreviviré a esta noche?")
    for otro in ("Bea", "Carlos", "Dani"):
        elige(m, otro, "pregunta-al-narrador")
    assert abiertos(m) == {(NARRATOR, "respuesta-del-narrador")}
    elige(m, NARRATOR, "respuesta-del-narrador", "Solo si desconfías de quien duerme a tu izquierda.")
    respuesta = {
        "question": "¿Sobreviviré a esta noche?",
        "reply": "Solo si desconfías de quien duerme a tu izquierda.",
    }
    assert eventos(m, "respuesta-narrador", "Ana") == [respuesta] == eventos(m, "respuesta-narrador")
    assert eventos(m, "respuesta-narrador", "Bea") == [] == eventos(m, "pregunta-narrador", "Bea")


def test_cuentacuentos_una_pregunta_por_jugador_en_toda_la_partida():
    m = con_narrador()
    ronda(m)
    ronda(m, {("Ana", "pregunta-al-narrador"): ["¿Ganaremos?"], (NARRATOR, "respuesta-del-narrador"): ["Sí."]})
    hasta_prompt(m, "Bea", "pregunta-al-narrador")
    assert preguntas(m) == {"Bea", "Carlos", "Dani"}


def test_cuentacuentos_una_pregunta_cada_noche_con_la_opcion():
    m = con_narrador(preguntas_narrador="una-por-noche")
    ronda(m)
    ronda(m, {("Ana", "pregunta-al-narrador"): ["¿Ganaremos?"], (NARRATOR, "respuesta-del-narrador"): ["Sí."]})
    hasta_prompt(m, "Ana", "pregunta-al-narrador")
    assert preguntas(m) == {"Ana", "Bea", "Carlos", "Dani"}


def test_cuentacuentos_el_narrador_puede_callar():
    m = con_narrador()
    ronda(m)
    noche(m, {("Carlos", "pregunta-al-narrador"): ["¿Quién es Daniel?"]})
    assert eventos(m, "narrador-calla", "Carlos") == [{"question": "¿Quién es Daniel?"}]


def test_cuentacuentos_solo_el_narrador_responde_y_no_pregunta():
    m = con_narrador()
    ronda(m)
    hasta_prompt(m, "Ana", "pregunta-al-narrador")
    with pytest.raises(IllegalAction):
        elige(m, NARRATOR, "pregunta-al-narrador", "¿Puedo?")
    elige(m, "Ana", "pregunta-al-narrador", "¿Ganaremos?")
    for otro in ("Bea", "Carlos", "Dani"):
        elige(m, otro, "pregunta-al-narrador")
    with pytest.raises(IllegalAction):
        elige(m, "Ana", "respuesta-del-narrador", "Sí.")
    before = len(m.choices)
    with pytest.raises(IllegalAction):
        elige(m, NARRATOR, "respuesta-del-narrador", "x" * 301)
    assert len(m.choices) == before


def test_cuentacuentos_los_jugadores_no_ven_las_preguntas_ajenas_en_su_vista():
    m = con_narrador()
    ronda(m)
    noche(m, {("Ana", "pregunta-al-narrador"): ["¿Secreto?"], (NARRATOR, "respuesta-del-narrador"): ["Quizá."]})
    vista = str(m.view("Bea"))
    assert "¿Secreto?" not in vista and "Quizá." not in vista
    assert "¿Secreto?" in str(m.view(None))


def test_cuentacuentos_partidas_al_azar_terminan_y_se_repiten_identicas():
    from velada.core.scenario import play
    from velada.core.sim import play_random_game
    from velada.games import REGISTRY

    from .mesa import GAME

    narrated = 0
    for seed in range(12):
        options = {"cuentacuentos": "si", "preguntas-narrador": "una-por-noche"}
        match = play_random_game(GAME, ["Ana", "Bea", "Carlos", "Dani", "Eva"], options, seed)
        assert match.result is not None
        narrated += sum(1 for player, _, _ in match.choices if player == NARRATOR)
        again = play(match.record(), REGISTRY)
        assert again.state.log == match.state.log
    assert narrated > 0
