"""Más preguntas frecuentes (section 15). FAQ 15.1 (El Arquitecto's player out with four dead cards), 15.2
(Paciencia and the broccoli) and 15.6 (the principal card after exchanges) are tested with their cards in
``test_cartas_personalizadas.py`` and ``test_objetivos.py``; 15.3 (Infecto de rabia) in ``test_objetivos.py``."""

from velada.games.bethlem.awakening import awaken

from .mesa import (
    OBJETIVOS,
    PERSONALIZADA,
    ataque,
    con,
    despierta,
    dia,
    eventos,
    hasta,
    hasta_prompt,
    mesa,
    noche,
    opciones,
)

SIAMESAS = con(
    PERSONALIZADA,
    Bea=["la-ludopata", "siamesas-1", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"],
    Carlos=["la-chef", "siamesas-2", "terapia-lobotomia", "muerte-dulce", "melancolia"],
)


def test_una_siamesa_atacada_sola_nunca_llega_a_morir_y_no_activa_el_profeta():
    """FAQ 15.4: the Profeta's living card is a Siamesa attacked alone: it never died, so the dead card of its
    pair does not come back."""
    m = mesa(SIAMESAS, objetivos=OBJETIVOS)
    noche(m, ataque("Bea:4", amotinados=("Ana", "Dani")))
    dia(m)
    noche(
        m,
        {
            ("Dani", "profeta"): ["Bea:2"],
            ("Dani", "profeta-2"): ["Bea:4"],
            **ataque("Bea:2", amotinados=("Ana", "Dani")),
        },
    )
    s = m.state
    assert s.prophets == [("siamesas-1", "amnesia", "normal")]
    assert s.alive["siamesas-1"] and not s.alive["amnesia"]
    assert not eventos(m, "resurreccion")


def test_quien_gana_una_apuesta_de_la_ludopata_con_su_poder_prestado_la_cobra_la_ronda_siguiente():
    """FAQ 15.5: a power borrowed for a round (``s.borrowed``, the way a power is lent; La Médium's spirit is
    another way, tested in ``test_la_medium.py``) wins its bet: it is collected in the next round, in La
    Ludópata's turn. Here La Chef, awakened, borrows the power of La Ludópata, whom her broccoli killed."""
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    despierta(m, "la-chef")
    hasta_prompt(m, "Carlos", "la-chef-brocoli")
    m.choose("Carlos", "la-chef-brocoli", ["servir"])
    for player, card in zip(("Ana", "Bea", "Carlos", "Dani"), ("Ana:2", "Bea:1", "Carlos:2", "Dani:2"), strict=True):
        m.choose("Carlos", f"n1:la-chef-brocoli-carta-{player}", [card])
    noche(m)
    hasta(m, lambda m: m.state.phase == "noche", {("Ana", "la-chef-mover"): ["Bea:1"]})  # two: La Ludópata dies
    assert m.state.borrowed == [(2, "la-ludopata", True)]
    noche(m, {("Carlos", "la-ludopata"): ["jugador"], ("Carlos", "la-ludopata-jugador"): ["Carlos"]})
    dia(m)
    assert [e["right"] for e in eventos(m, "apuesta-resuelta", "Carlos")] == [True]
    hasta_prompt(m, "Carlos", "la-ludopata-premio")
    m.choose("Carlos", "la-ludopata-premio", ["ver"])
    assert "Dani:2" in opciones(m, "Carlos", "la-ludopata-ver")
    m.choose("Carlos", "la-ludopata-ver", ["Dani:2"])
    assert eventos(m, "vision", "Carlos") == [{"target": "Dani:2", "card": "wakerfield"}]
    assert not any(p.player == "Carlos" and p.kind == "la-ludopata" for p in m.pending()), "no new bet"


ARQUITECTO = con(
    PERSONALIZADA, Ana=["el-arquitecto", "el-archivo", "terapia-electroshock", "el-cataleptico", "responsabilidad"]
)


def test_como_mucho_dos_modificadores_iguales_sobre_el_tablero():
    """FAQ 15.7: Arthur's holder, a player hypnotised with Arthur's power and El Arquitecto awakened in Arthur's
    turn all protect a card: the third protection cannot be applied."""
    m = mesa(ARQUITECTO, objetivos=OBJETIVOS, eventos=["terapia-de-hipnosis"])
    s = m.state
    noche(m, {("Ana", "el-arquitecto-escondite"): ["Bea:2"]})
    dia(m)  # everybody is tied after the lynching: Ana, the first, draws the only event
    assert s.hand[0] == ["terapia-de-hipnosis"]
    awaken(s, "el-arquitecto", "despertar")
    script = {
        ("Ana", "evento-noche"): ["terapia-de-hipnosis"],
        ("Ana", "terapia-de-hipnosis"): ["Dani"],
        ("Ana", "terapia-de-hipnosis-poder"): ["arthur"],
        ("Ana", "el-arquitecto-despertar"): ["arthur"],
        ("Carlos", "arthur"): ["Carlos:1"],
        ("Dani", "arthur"): ["Dani:1"],
        ("Ana", "arthur"): ["Ana:1"],
    }
    hasta(m, lambda m: m.state.phase == "dia", script)
    assert [c for c, _ in s.protections] == ["la-chef", "la-medium"]
    assert eventos(m, "modificador-maximo", "Ana") == [{"power": "arthur"}]


PARCA = con(ARQUITECTO, Carlos=["la-chef", "la-parca", "terapia-lobotomia", "muerte-dulce", "melancolia"])


def laberinto_de_la_mente(deal, turno, script, eventos_=None):
    """A night in which El Arquitecto, awakened, wakes in the turn of ``turno`` and uses that power too."""
    m = mesa(deal, objetivos=OBJETIVOS, eventos=eventos_)
    noche(m, {("Ana", "el-arquitecto-escondite"): ["Bea:2"], **script.pop("primera", {})})
    dia(m)
    awaken(m.state, "el-arquitecto", "despertar")
    hasta(m, lambda m: m.state.phase == "dia", {("Ana", "el-arquitecto-despertar"): [turno], **script})
    return m


def marcadores(m, card):
    s = m.state
    seat, pos = s.where[card]
    return m.view("Bea")["players"][seat]["cards"][pos]["markers"]


def test_la_guadana_de_la_parca_y_la_del_arquitecto_despertado_estan_las_dos_sobre_el_tablero():
    """FAQ 15.7: two identical modifiers may stand on the board: La parca's holder and El Arquitecto in her turn
    both design a card, and neither design is dropped."""
    m = laberinto_de_la_mente(PARCA, "la-parca", {("Carlos", "la-parca"): ["Bea:1"], ("Ana", "la-parca"): ["Dani:1"]})
    assert m.state.reaper.marks == ["la-ludopata", "la-medium"]
    assert "parca" in marcadores(m, "la-ludopata") and "parca" in marcadores(m, "la-medium")
    assert eventos(m, "la-parca-marca", "Bea") == [{"target": "Bea:1"}, {"target": "Dani:1"}]


def test_una_tercera_guadana_no_se_aplica_y_quien_la_pone_lo_sabe():
    """FAQ 15.7: with two designs on the board a third (any borrowed use of La parca's power) is refused, and
    its user is told so."""
    from velada.games.bethlem.characters import reaper_answer
    from velada.games.bethlem.common import OWN

    m = laberinto_de_la_mente(PARCA, "la-parca", {("Carlos", "la-parca"): ["Bea:1"], ("Ana", "la-parca"): ["Dani:1"]})
    s = m.state
    reaper_answer(None, s, {("Dani", "n2:la-parca-director"): ("Carlos:3",)}, 3, "la-parca", OWN, "")
    assert s.reaper.marks == ["la-ludopata", "la-medium"]
    assert eventos(m, "modificador-maximo", "Dani") == [{"power": "la-parca"}]
    assert eventos(m, "modificador-maximo", "Bea") == []


def test_dos_fichas_del_juego_de_azar_sobre_el_tablero_y_no_una_tercera():
    """FAQ 15.7 with the gambling token: a second token (a borrowed use of Juego de azar) stands beside the
    first, both move on and both are shown; a third is refused and its user told."""
    from velada.games.bethlem.actions import apply
    from velada.games.bethlem.common import NORMAL, OPPOSITE

    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    s = m.state
    apply(s, "juego-de-azar", 3, "juego-de-azar", NORMAL, ("Bea:1",))
    apply(s, "juego-de-azar", 0, "juego-de-azar", OPPOSITE, ("Carlos:1",))
    apply(s, "juego-de-azar", 1, "juego-de-azar", NORMAL, ("Ana:1",))
    assert s.tokens == [("la-ludopata", 1, s.round), ("la-chef", -1, s.round)]
    assert "ficha" in marcadores(m, "la-ludopata") and "ficha" in marcadores(m, "la-chef")
    assert eventos(m, "modificador-maximo", "Bea") == [{"power": "juego-de-azar"}]
    noche(m)
    dia(m)
    noche(m, {("Bea", "juego-de-azar-ficha"): ["Carlos:2"], ("Carlos", "juego-de-azar-ficha"): ["Bea:3"]})
    assert [token[0] for token in s.tokens] == [s.board[2][1], s.board[1][2]]


def test_dos_enlaces_del_profeta_sobre_el_tablero():
    """FAQ 15.7 with the Profeta: Dani's link and El Arquitecto's, in the Profeta's turn."""
    m = laberinto_de_la_mente(
        PERSONALIZADA | ARQUITECTO,
        "profeta",
        {
            "primera": ataque("Bea:4", amotinados=("Ana", "Dani")),
            ("Dani", "profeta"): ["Bea:1"],
            ("Dani", "profeta-2"): ["Bea:4"],
            ("Ana", "profeta"): ["Bea:3"],
            ("Ana", "profeta-2"): ["Bea:4"],
        },
    )
    assert m.state.prophets == [
        ("la-ludopata", "amnesia", "normal"),
        ("terapia-opio-y-barbituricos", "amnesia", "normal"),
    ]
