"""The heuristic bot plays from its own view only and beats random play."""

from dataclasses import replace

import pytest

from velada.core.engine import build_view
from velada.core.sim import simulate, summary
from velada.games.bethlem.bots import HANDLERS, KILL, ROUTINE

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
    # Intervals over games that do not overlap: significant at 95% however the two bots' results correlate.
    assert bots["heuristico"]["ci95"][0] > bots["random"]["ci95"][1]


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
    # Intervals over games that do not overlap: significant at 95% however the two bots' results correlate.
    assert bots["heuristico"]["ci95"][0] > bots["random"]["ci95"][1]


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


# --- the Inquisidor (custom cards, seven players) --------------------------------------------------------------------


def _siete_hasta_el_inquisidor():
    """The seven-player custom table of ``mesa.SIETE`` (Eva the Inquisidor, holding a Compañero de celda) at
    Eva's first chance to claim; the Pacto de sangre binds Ana and Bea."""
    from .mesa import OBJETIVOS_SIETE, SIETE

    m = mesa(SIETE, objetivos=OBJETIVOS_SIETE)
    hasta_prompt(m, "Eva", "inquisidor", {("Gala", "pacto-de-sangre"): ["Ana", "Bea"]})
    return m


def _eva_ve(m, jugadores=(), cartas=()):
    """What Eva's powers showed her: these players' objective cards and these cards. Written into the state: her
    powers show one card or objective a night, and these tests need most of the table seen."""
    s = m.state
    eva = s.index["Eva"]
    for p in jugadores:
        s.knows_goal[eva][s.index[p]] = True
    for card in cartas:
        s.learn(eva, card)


def _prompt_de(m, player, kind):
    (prompt,) = [p for p in m.pending() if p.player == player and p.kind == kind]
    return prompt


#: The P2 and A1 cards of the others but Fede and Gala (and Gala's A1): by elimination the Siamesas are Fede's
#: and Gala's P2 cards, the Pacto de sangre Gala's A1 card.
CARTAS_VISTAS = (
    "el-archivo",
    "john-flick",
    "arthur",
    "wakerfield",
    "terapia-electroshock",
    "terapia-opio-y-barbituricos",
    "terapia-lobotomia",
    "profeta",
)


def test_el_inquisidor_heuristico_deduce_el_ultimo_objetivo_y_reclama():
    m = _siete_hasta_el_inquisidor()
    # Eva saw every objective but Fede's, which the book's table for seven leaves as the Renegado; the Siamesas
    # and the Pacto de sangre follow by elimination, the Compañeros de celda met her on the first night.
    _eva_ve(m, ["Ana", "Bea", "Carlos", "Dani", "Gala"], [*CARTAS_VISTAS, "infecto-de-rabia"])
    bot = _bot("Eva")
    assert bot.choose(_prompt_de(m, "Eva", "inquisidor"), vista(m, "Eva")) == ["revelar"]
    m.choose("Eva", "inquisidor", ["revelar"])
    answers = {p.id.partition(":")[2]: bot.choose(p, vista(m, "Eva")) for p in m.pending() if p.player == "Eva"}
    assert answers["inquisidor-objetivo-Fede"] == ["renegado"]
    assert sorted(answers["inquisidor-siamesas"]) == ["Fede", "Gala"]
    assert sorted(answers["inquisidor-celda"]) == ["Carlos", "Dani", "Eva"]
    assert answers["inquisidor-pacto"] == ["Gala"]
    for p in [p for p in m.pending() if p.player == "Eva"]:
        m.choose("Eva", p.id, answers[p.id.partition(":")[2]])
    assert m.result.reason == "inquisidor" and m.result.winners == ("Eva",)


def test_el_inquisidor_heuristico_no_reclama_a_ciegas():
    m = _siete_hasta_el_inquisidor()
    assert _bot("Eva").choose(_prompt_de(m, "Eva", "inquisidor"), vista(m, "Eva")) == []


def test_el_inquisidor_heuristico_arriesga_cuando_la_partida_se_alarga():
    from velada.games.bethlem.bots import Inquest, Knowledge

    m = _siete_hasta_el_inquisidor()
    # Dani and Fede are the Amotinado and the Renegado, in some order; the Pacto de sangre is Fede's or Gala's.
    _eva_ve(m, ["Ana", "Bea", "Carlos", "Gala"], CARTAS_VISTAS)
    assert Inquest(Knowledge("Eva", vista(m, "Eva")())).chance() == 0.25
    prompt = _prompt_de(m, "Eva", "inquisidor")
    assert _bot("Eva").choose(prompt, vista(m, "Eva")) == []
    m.state.round = 15  # written: the same knowledge twelve rounds later, which play would not leave unchanged
    assert _bot("Eva").choose(prompt, vista(m, "Eva")) == ["revelar"]


def _vista_de_eva(filas, objetivos, log=(), ronda=3):
    """A hand-made view of Eva, the Inquisidor: ``filas`` player → the cards she knows by position (None: a card
    she does not know), ``objetivos`` the objective cards she sees."""
    players = [
        {
            "id": p,
            "in_game": True,
            "objective": objetivos.get(p),
            "cards": [{"position": i + 1, "alive": True, "card": card, "markers": []} for i, card in enumerate(row)],
        }
        for p, row in filas.items()
    ]
    you = {"objective": "inquisidor", "objective_card": "inquisidor"}
    return {"players": players, "you": you, "phase": {"round": ronda}, "log": list(log)}


def _inquest(view):
    from velada.games.bethlem.bots import Inquest, Knowledge

    return Inquest(Knowledge("Eva", view))


FILAS = {
    "Ana": ["gas-de-la-risa", "el-archivo", "terapia-electroshock", "el-cataleptico"],
    "Bea": ["la-ludopata", "john-flick", "terapia-opio-y-barbituricos", "amnesia"],
    "Carlos": ["la-chef", "arthur", "terapia-lobotomia", "companeros-de-celda-1"],
    "Dani": ["la-medium", "wakerfield", "profeta", "companeros-de-celda-2"],
    "Eva": ["el-saltamundos", "la-parca", "mania-persecutoria", "companeros-de-celda-3"],
    "Fede": ["el-otaku", None, "infecto-de-rabia", "muerte-dulce"],
    "Gala": ["la-maestra-vudu", None, "pacto-de-sangre", "juego-de-azar"],
}


def test_el_inquisidor_heuristico_sigue_las_cartas_que_cambian_de_sitio():
    assert _inquest(_vista_de_eva(FILAS, {})).card_answers["inquisidor-siamesas"] == (("Fede", "Gala"), 1.0)
    # El Cirujano exchanged Fede's second card (a Siamesa, by elimination) with Bea's third, in sight of all.
    filas = {**FILAS, "Bea": [*FILAS["Bea"][:2], None, "amnesia"]}
    cirujano = _evento("cirujano", targets=["Fede:2", "Bea:3"])
    assert _inquest(_vista_de_eva(filas, {}, [cirujano])).card_answers["inquisidor-siamesas"] == (("Bea", "Gala"), 1.0)


def test_el_inquisidor_heuristico_sospecha_de_quienes_votan_juntos():
    objetivos = {"Carlos": "internos", "Eva": "inquisidor", "Fede": "renegado", "Gala": "internos"}
    # Ana, Bea and Dani hold two Amotinados and an Interno: Ana and Dani agree on their victim every day.
    votos = _evento("votos", votes={"Ana": "Carlos", "Dani": "Carlos", "Bea": "Ana", "Carlos": "Ana", "Gala": "Dani"})
    inquest = _inquest(_vista_de_eva(FILAS, objetivos, [votos, votos]))
    answer = {p: inquest.goal_answer[p] for p in ("Ana", "Bea", "Dani")}
    assert answer == {"Ana": "amotinados", "Bea": "internos", "Dani": "amotinados"}
    assert 1 / 3 < inquest.goal_chance < 1


def test_el_inquisidor_heuristico_mira_el_objetivo_que_menos_conoce():
    from velada.core.protocol import Prompt

    # El archivo found that Ana does not rise: of Ana, Bea, Dani and Fede she is the Interno; the others hold
    # two Amotinados and the Renegado, in some order.
    archivo = _evento("archivo-falla", player="Ana", lost=False)
    view = _vista_de_eva(FILAS, {"Carlos": "internos", "Eva": "inquisidor", "Gala": "internos"}, [archivo])
    assert _inquest(view).goal_answer["Ana"] == "internos"
    options = ("Ana:1", "Ana", "Bea", "Carlos:2")
    prompt = Prompt("n3:el-relojero-ver", "Eva", "el-relojero-ver", options, skippable=True)
    for seed in range(5):
        assert GAME.bots["heuristico"]("Eva", seed).choose(prompt, lambda: view) == ["Bea"]


def test_el_bot_tiene_respuesta_para_cada_tipo_de_pregunta_del_juego_y_ninguna_de_sobra():
    """The bot's tables name exactly the prompt kinds the game asks (``Game.prompt_kinds``; the catalogue's
    ``[prompt]`` also holds variants of a kind's text, such as ``colocar-dos``, which no table needs): a kind
    renamed on one side only is caught here, not answered at random."""
    assert set(HANDLERS) | KILL | ROUTINE == {k.kind for k in GAME.prompt_kinds}
    assert not set(HANDLERS) & ROUTINE


def test_el_bot_rechaza_un_tipo_de_pregunta_desconocido():
    m = mesa(CUATRO)
    hasta_prompt(m, "Ana", "amotinados")
    prompt = replace(m.pending()[0], kind="amotinados-renombrado")
    with pytest.raises(ValueError, match="amotinados-renombrado"):
        _bot(prompt.player).choose(prompt, vista(m, prompt.player))
