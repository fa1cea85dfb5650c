"""David «El Cyborg» (section 13): immortal, swapped when attacked, points for its first holder, killer robots."""

from .mesa import (
    abiertos,
    ataque,
    despierta,
    dia,
    elige,
    eventos,
    hasta,
    hasta_prompt,
    muere_de_noche,
    noche,
    opciones,
    viva,
)
from .personalizadas import AMOTINADOS, personalizada


def cyborg(**kw):
    return personalizada({"Ana": "el-cyborg"}, **kw)


def test_el_cyborg_atacado_no_muere_y_su_jugador_lo_cambia_por_una_carta_viva_de_otro():
    m = cyborg()
    hasta_prompt(m, "Ana", "el-cyborg-cambio", ataque("Ana:1", amotinados=AMOTINADOS))
    assert viva(m, "el-cyborg")
    assert "Ana:1" not in opciones(m, "Ana", "el-cyborg-cambio")
    assert "Carlos:2" in opciones(m, "Ana", "el-cyborg-cambio")
    elige(m, "Ana", "el-cyborg-cambio", "Carlos:2")
    s = m.state
    assert s.board[0][0] == "arthur" and s.board[2][1] == "el-cyborg"
    assert viva(m, "arthur") and viva(m, "el-cyborg")
    assert eventos(m, "el-cyborg-cambio", "Bea") == [{"origin": "Ana:1", "target": "Carlos:2"}]
    assert eventos(m, "sin-muertes")


def test_cyborg_suma_puntos_al_sobrevivir_un_ataque():
    m = cyborg()
    hasta_prompt(m, "Ana", "el-cyborg-cambio", ataque("Ana:1", amotinados=AMOTINADOS))
    assert eventos(m, "el-cyborg-punto", "Ana") == [{"n": 1}]
    assert eventos(m, "el-cyborg-punto", "Bea") == []
    elige(m, "Ana", "el-cyborg-cambio", "Carlos:2")
    # The point goes to whoever was dealt the card, wherever it is now.
    hasta_prompt(m, "Carlos", "el-cyborg-cambio", ataque("Carlos:2", amotinados=AMOTINADOS))
    assert m.state.custom["el-cyborg"].points == {0: 2}


def test_el_cyborg_atacado_nunca_muere_y_no_revela_el_objetivo():
    """FAQ 15.4: it never died — what fires on a death does not fire (the principal card's reveal)."""
    m = cyborg()
    hasta_prompt(m, "Ana", "el-cyborg-cambio", ataque("Ana:1", amotinados=AMOTINADOS))
    assert not m.state.goal_public[0]
    assert eventos(m, "muerte") == []


def test_el_cyborg_atacado_nunca_muere_y_el_profeta_no_resucita_la_otra_carta():
    """FAQ 15.4, with the Profeta: its living card is the Cyborg; attacked, it does not die, so the dead card
    linked to it stays dead."""
    m = cyborg()
    s = m.state
    # El cataléptico (Ana:4) survives the first attack by its own power and dies at the second.
    noche(m, ataque("Ana:4", amotinados=AMOTINADOS))
    dia(m)
    muere_de_noche(m, "Ana:4", amotinados=AMOTINADOS)
    profeta = {("Dani", "profeta"): ["Ana:1"], ("Dani", "profeta-2"): ["Ana:4"]}
    hasta_prompt(m, "Ana", "el-cyborg-cambio", ataque("Ana:1", profeta, amotinados=AMOTINADOS))
    assert s.prophets == [("el-cyborg", "el-cataleptico", "normal")]
    assert not viva(m, "el-cataleptico")
    assert s.prophets


def tres_puntos(m, muere):
    """The Cyborg survives three nights' attacks, changing hands each time (Ana:1 → Carlos:3 → Ana:2 → Carlos:4):
    three points for Ana, who was dealt it; Ana's electroshock kills ``muere`` the first night. The game is left at
    the fourth night, up to Ana's turn with the Cyborg."""
    for atacada, cambio, respuestas in (
        ("Ana:1", "Carlos:3", {("Ana", "terapia-electroshock"): [muere]}),
        ("Carlos:3", "Ana:2", {}),
        ("Ana:2", "Carlos:4", {}),
    ):
        holder = atacada.split(":")[0]
        hasta_prompt(m, holder, "el-cyborg-cambio", ataque(atacada, respuestas, amotinados=AMOTINADOS))
        elige(m, holder, "el-cyborg-cambio", cambio)
        noche(m)
        dia(m)
    assert m.state.custom["el-cyborg"].points == {0: 3}
    hasta_prompt(m, "Ana", "el-cyborg")


def test_el_jugador_del_cyborg_gasta_sus_puntos_en_el_turno_del_cyborg():
    m = cyborg()
    tres_puntos(m, "Bea:4")  # Amnesia
    assert opciones(m, "Ana", "el-cyborg") == ("ver-1", "matar-2", "revivir-3")
    elige(m, "Ana", "el-cyborg", "matar-2")
    elige(m, "Ana", "el-cyborg-matar", "Bea:2")
    # One point left: only looking is still affordable.
    assert opciones(m, "Ana", "el-cyborg") == ("ver-1",)
    elige(m, "Ana", "el-cyborg", "ver-1")
    assert "Dani" in opciones(m, "Ana", "el-cyborg-ver")
    elige(m, "Ana", "el-cyborg-ver", "Dani")
    assert eventos(m, "ve-objetivo", "Ana") == [{"player": "Dani", "goal": "amotinados"}]
    assert m.view("Ana")["players"][3]["objective"] == "amotinados"
    assert m.view("Carlos")["players"][3]["objective"] is None
    noche(m)
    assert not viva(m, "john-flick")
    assert m.state.custom["el-cyborg"].points == {0: 0}


def test_el_cyborg_con_tres_puntos_revive_una_carta_muerta():
    m = cyborg()
    tres_puntos(m, "Carlos:2")  # Arthur
    assert not viva(m, "arthur")
    elige(m, "Ana", "el-cyborg", "revivir-3")
    assert opciones(m, "Ana", "el-cyborg-revivir") == ("Carlos:2",)
    elige(m, "Ana", "el-cyborg-revivir", "Carlos:2")
    assert viva(m, "arthur")


def test_sin_puntos_el_cyborg_no_despierta():
    m = cyborg()
    noche(m)
    assert not any(e.kind == "el-cyborg" for e in m.state.log)
    assert ("Ana", "el-cyborg") not in abiertos(m)


def test_el_cyborg_despertado_manda_a_un_robot_a_matar_y_se_anuncia():
    m = cyborg()
    despierta(m, "el-cyborg")
    hasta_prompt(m, "Ana", "el-cyborg")
    assert opciones(m, "Ana", "el-cyborg") == ("cyborg-anunciar", "robot")
    elige(m, "Ana", "el-cyborg", "robot")
    elige(m, "Ana", "el-cyborg-robot", "Bea:2")
    assert eventos(m, "anuncia-despertar", "Carlos") == [{"power": "el-cyborg"}]
    assert m.view("Carlos")["players"][0]["cards"][0]["card"] == "el-cyborg"
    assert m.view("Carlos")["players"][0]["cards"][0]["markers"] == ["despertar", "desvelada", "robot", "robot"]
    # One robot attack a night.
    assert ("Ana", "el-cyborg") not in abiertos(m)
    noche(m)
    assert not viva(m, "john-flick")


def test_un_robot_da_su_vida_por_el_cyborg_despertado():
    m = cyborg()
    despierta(m, "el-cyborg")
    hasta_prompt(m, "Ana", "el-cyborg")
    elige(m, "Ana", "el-cyborg", "cyborg-anunciar")
    elige(m, "Ana", "el-cyborg")
    noche(m, ataque("Ana:1", amotinados=AMOTINADOS))
    assert viva(m, "el-cyborg")
    assert eventos(m, "el-cyborg-robot-cae") == [{"n": 1}]
    # The robot took the attack: no swap and no point.
    assert m.state.board[0][0] == "el-cyborg"
    assert eventos(m, "el-cyborg-punto") == []


def test_sin_anunciar_el_despertar_los_robots_no_protegen():
    m = cyborg()
    despierta(m, "el-cyborg")
    hasta(m, lambda m: ("Ana", "el-cyborg-cambio") in abiertos(m), ataque("Ana:1", amotinados=AMOTINADOS))
    assert eventos(m, "el-cyborg-robot-cae") == []
    assert eventos(m, "el-cyborg-punto", "Ana") == [{"n": 1}]
