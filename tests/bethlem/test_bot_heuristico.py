"""The heuristic bot plays from its own view only and beats random play."""

from velada.core.engine import build_view
from velada.core.sim import simulate, summary

from .mesa import CUATRO, GAME, hasta_prompt, mesa, noche


def _bot(player):
    return GAME.bots["heuristico"](player, 1)


def vista(m, player):
    return lambda: build_view(GAME, m.state, player, texts=False)


def test_los_amotinados_heuristicos_atacan_la_misma_carta():
    m = mesa(CUATRO)
    hasta_prompt(m, "Ana", "amotinados")
    answers = {p.player: _bot(p.player).choose(p, vista(m, p.player)) for p in m.pending()}
    assert answers["Ana"] == answers["Bea"] and answers["Ana"]


def test_el_interno_heuristico_lincha_al_amotinado_que_descubrio():
    m = mesa(CUATRO)
    noche(m, {("Carlos", "larry-owls"): ["Bea:1"]})
    hasta_prompt(m, "Carlos", "linchamiento")
    (prompt,) = [p for p in m.pending() if p.player == "Carlos"]
    assert _bot("Carlos").choose(prompt, vista(m, "Carlos")) == ["Bea"]


def test_el_interno_heuristico_vota_la_carta_de_amotinado_que_conoce():
    m = mesa(CUATRO)
    noche(m, {("Carlos", "larry-owls"): ["Bea:1"]})
    hasta_prompt(m, "Carlos", "linchamiento")
    for p in m.pending():
        m.choose(p.player, p.id, ["Bea"] if p.player != "Bea" else [])
    (prompt,) = [p for p in m.pending() if p.player == "Carlos"]
    assert _bot("Carlos").choose(prompt, vista(m, "Carlos")) == ["Bea:1"]


def test_mary_firth_heuristica_entre_los_amotinados_rompe_la_unanimidad():
    m = mesa(CUATRO)
    hasta_prompt(
        m, "Dani", "amotinados", {("Dani", "mary-firth"): ["Bea"], ("Dani", "mary-firth-suplantar"): ["suplantar"]}
    )
    (prompt,) = [p for p in m.pending() if p.player == "Dani"]
    assert _bot("Dani").choose(prompt, vista(m, "Dani")) == []


def test_el_bot_heuristico_gana_mas_que_el_aleatorio():
    stats, seconds = simulate(GAME, 4, 150, seed=2, bots=["heuristico", "random"])
    bots = summary(GAME, 4, 2, stats, seconds)["bots"]
    assert bots["heuristico"]["ci95"][0] > bots["random"]["rate"]


# --- custom cards ----------------------------------------------------------------------------------------------------


def test_con_cartas_personalizadas_el_traidor_heuristico_se_levanta_y_vota_con_los_amotinados():
    from .mesa import CINCO, OBJETIVOS_CINCO

    m = mesa(CINCO, objetivos=OBJETIVOS_CINCO)
    hasta_prompt(m, "Eva", "traidor")
    (prompt,) = [p for p in m.pending() if p.player == "Eva"]
    assert _bot("Eva").choose(prompt, vista(m, "Eva")) == ["levantarse"]
    m.choose("Eva", "traidor", ["levantarse"])
    answers = {p.player: _bot(p.player).choose(p, vista(m, p.player)) for p in m.pending()}
    assert answers["Eva"] == answers["Ana"] == answers["Dani"] and answers["Ana"]


def test_con_cartas_personalizadas_el_traidor_heuristico_lincha_a_los_amotinados_que_vio():
    from .mesa import CINCO, OBJETIVOS_CINCO

    m = mesa(CINCO, objetivos=OBJETIVOS_CINCO)
    noche(m, {("Eva", "traidor"): ["levantarse"]})
    hasta_prompt(m, "Eva", "linchamiento")
    (prompt,) = [p for p in m.pending() if p.player == "Eva"]
    assert _bot("Eva").choose(prompt, vista(m, "Eva"))[0] in ("Ana", "Dani")


def test_con_cartas_personalizadas_nadie_ataca_al_ultimo_superviviente_en_las_tres_primeras_rondas():
    from .mesa import OBJETIVOS, PERSONALIZADA, con

    m = mesa(
        con(
            PERSONALIZADA,
            Bea=["el-ultimo-superviviente", "john-flick", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"],
        ),
        objetivos=OBJETIVOS,
    )
    hasta_prompt(m, "Ana", "amotinados")
    answers = {p.player: _bot(p.player).choose(p, vista(m, p.player)) for p in m.pending()}
    assert not answers["Ana"][0].startswith("Bea:")


def test_con_cartas_personalizadas_el_bot_heuristico_gana_mas_que_el_aleatorio():
    stats, seconds = simulate(GAME, 5, 150, seed=3, options={"cards": "custom"}, bots=["heuristico", "random"])
    bots = summary(GAME, 5, 3, stats, seconds)["bots"]
    assert bots["heuristico"]["ci95"][0] > bots["random"]["rate"]


# --- attacks that cannot kill ----------------------------------------------------------------------------------------


def _conocimiento(filas, log=(), ronda=5):
    """The heuristic bot's knowledge from a hand-made view: ``filas`` player → [(alive, markers)] by position."""
    from velada.games.bethlem.bots import Knowledge

    players = [
        {
            "id": p,
            "in_game": True,
            "cards": [
                {"position": i + 1, "alive": a, "card": None, "markers": list(m)} for i, (a, m) in enumerate(row)
            ],
        }
        for p, row in filas.items()
    ]
    view = {"players": players, "you": {}, "phase": {"round": ronda}, "log": list(log)}
    return Knowledge("Zoe", view)


def _evento(kind, **data):
    return {"kind": kind, "data": data}


def test_el_bot_no_vuelve_a_atacar_una_carta_que_acaba_de_sobrevivir_a_un_ataque():
    k = _conocimiento(
        {"Ana": [(True, ()), (True, ())]}, [_evento("noche", n=4), _evento("victima", target="Ana:1")], ronda=5
    )
    assert k.least_wasted(["Ana:1", "Ana:2"]) == ["Ana:2"]
    # Long ago, once: a protection may be gone, so it ranks above a card that cannot die now.
    viejo = _conocimiento(
        {"Ana": [(True, ()), (True, ("calavera",))]}, [_evento("noche", n=1), _evento("victima", target="Ana:1")]
    )
    assert viejo.least_wasted(["Ana:1", "Ana:2"]) == ["Ana:1"]


def test_el_bot_deja_al_espia_ya_atacado_y_prefiere_al_que_aun_no_lo_fue():
    k = _conocimiento({"Ana": [(True, ("espia", "calavera")), (True, ("espia",))], "Bea": [(True, ("numero-3",))]})
    assert k.least_wasted(["Ana:1", "Ana:2", "Bea:1"]) == ["Ana:2"]


def test_nadie_lincha_a_quien_solo_tiene_cartas_que_no_pueden_morir():
    k = _conocimiento({"Ana": [(True, ("espia", "calavera")), (False, ())], "Bea": [(True, ()), (True, ())]})
    assert k.worth_lynching(["Ana", "Bea"]) == ["Bea"]
    assert k.mutiny_target(("Ana:1", "Bea:1", "Bea:2")).startswith("Bea:")
