"""Más preguntas frecuentes (section 15). FAQ 15.1 (El Arquitecto's player out with four dead cards), 15.2
(Paciencia and the broccoli) and 15.6 (the principal card after exchanges) are tested with their cards in
``test_cartas_personalizadas.py`` and ``test_objetivos.py``; 15.3 (Infecto de rabia) in ``test_objetivos.py``."""

from velada.games.bethlem.awakening import awaken

from .mesa import OBJETIVOS, PERSONALIZADA, con, dia, eventos, hasta, hasta_prompt, mesa, noche, opciones

SIAMESAS = con(
    PERSONALIZADA,
    Bea=["la-ludopata", "siamesas-1", "terapia-opio-y-barbituricos", "amnesia", "hostilidad"],
    Carlos=["la-chef", "siamesas-2", "terapia-lobotomia", "muerte-dulce", "melancolia"],
)


def todos(target, *quien):
    return {(p, "amotinados"): [target] for p in quien}


def test_una_siamesa_atacada_sola_nunca_llega_a_morir_y_no_activa_el_profeta():
    """FAQ 15.4: the Profeta's living card is a Siamesa attacked alone: it never died, so the dead card of its
    pair does not come back."""
    m = mesa(SIAMESAS, objetivos=OBJETIVOS)
    noche(m, todos("Bea:4", "Ana", "Dani"))
    dia(m)
    noche(m, {("Dani", "profeta"): ["Bea:2"], ("Dani", "profeta-2"): ["Bea:4"], **todos("Bea:2", "Ana", "Dani")})
    s = m.state
    assert s.prophet == ("siamesas-1", "amnesia", "normal")
    assert s.alive["siamesas-1"] and not s.alive["amnesia"]
    assert not eventos(m, "resurreccion")


def test_quien_gana_una_apuesta_de_la_ludopata_con_su_poder_prestado_la_cobra_la_ronda_siguiente():
    """FAQ 15.5: La Médium borrows La Ludópata's power for a round (``s.borrowed``, the way a power is lent) and
    wins her bet: she collects it in the next round, in La Ludópata's turn."""
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    hasta_prompt(m, "Ana", "gas-de-la-risa")
    m.state.borrowed.append((3, "la-ludopata", False))
    noche(m, {("Dani", "la-ludopata"): ["jugador"], ("Dani", "la-ludopata-jugador"): ["Dani"]})
    dia(m)
    assert [e["right"] for e in eventos(m, "apuesta-resuelta", "Dani")] == [True]
    hasta_prompt(m, "Dani", "la-ludopata-premio")
    m.choose("Dani", "la-ludopata-premio", ["ver"])
    assert "Carlos:2" in opciones(m, "Dani", "la-ludopata-ver")
    m.choose("Dani", "la-ludopata-ver", ["Carlos:2"])
    assert eventos(m, "vision", "Dani") == [{"target": "Carlos:2", "card": "arthur"}]
    assert not any(p.player == "Dani" and p.kind == "la-ludopata" for p in m.pending()), "no new bet"


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
