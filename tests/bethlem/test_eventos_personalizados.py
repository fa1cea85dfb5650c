"""The custom-cards mode's events (section 13): Visita al psiquiatra, La caja de Pandora, Recuerdos
traumáticos."""

from velada.games.bethlem.awakening import awaken
from velada.games.bethlem.cards import CUSTOM_EVENTS, EVENTS

from .mesa import OBJETIVOS, PERSONALIZADA, abiertos, eventos, hasta_prompt, mesa, noche, ronda

#: Events the other players draw: nothing in these tests uses them.
RELLENO = ["confesion", "milagrero", "leproso", "despertar"]


def con_evento(player, event):
    """A custom table at the second night, where ``player`` drew ``event`` at the end of the first round (everybody
    draws one then, in seat order: the deck is dealt so)."""
    deck = list(RELLENO)
    deck[list(PERSONALIZADA).index(player)] = event
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS, eventos=deck)
    ronda(m)
    assert m.state.hand[m.state.index[player]] == [event]
    return m


def test_los_tres_eventos_nuevos_solo_estan_en_el_mazo_personalizado():
    assert set(CUSTOM_EVENTS) == {"visita-al-psiquiatra", "la-caja-de-pandora", "recuerdos-traumaticos"}
    assert not set(CUSTOM_EVENTS) & set(EVENTS)


def test_visita_al_psiquiatra_intercambia_los_objetivos_de_dos_jugadores():
    m = con_evento("Carlos", "visita-al-psiquiatra")
    hasta_prompt(m, "Carlos", "evento-noche")
    m.choose("Carlos", "evento-noche", ["visita-al-psiquiatra"])
    m.choose("Carlos", "visita-al-psiquiatra", ["Ana", "Bea"])
    s = m.state
    assert s.goal[:2] == ["internos", "amotinados"]
    assert eventos(m, "psiquiatra", "Dani") == [{"players": ["Ana", "Bea"]}]
    assert eventos(m, "objetivo", "Ana")[-1] == {"goal": "internos"}
    assert eventos(m, "objetivo", "Bea")[-1] == {"goal": "amotinados"}
    assert m.view("Carlos", "es")["players"][0]["objective"] is None, "the user does not learn them"
    hasta_prompt(m, "Bea", "amotinados")
    assert ("Ana", "amotinados") not in abiertos(m), "Ana no longer rises with the mutineers"


def test_la_caja_de_pandora_desactiva_para_siempre_un_despertar():
    m = con_evento("Bea", "la-caja-de-pandora")
    awaken(m.state, "arthur", "despertar")
    noche(m)
    hasta_prompt(m, "Bea", "evento-dia")
    m.choose("Bea", "evento-dia", ["la-caja-de-pandora"])
    hasta_prompt(m, "Bea", "la-caja-de-pandora")  # the others, who drew events too, use none
    m.choose("Bea", "la-caja-de-pandora", ["Carlos:2"])
    s = m.state
    assert not s.awake["arthur"]
    assert eventos(m, "pandora", "Dani") == [{"target": "Carlos:2"}]
    awaken(s, "arthur", "despertar")
    assert not s.awake["arthur"], "never again"


def test_recuerdos_traumaticos_intercambia_las_personalidades_de_dos_jugadores():
    m = con_evento("Ana", "recuerdos-traumaticos")
    hasta_prompt(m, "Ana", "evento-noche")
    m.choose("Ana", "evento-noche", ["recuerdos-traumaticos"])
    hasta_prompt(m, "Ana", "recuerdos-traumaticos")  # the others, who drew events too, use none
    m.choose("Ana", "recuerdos-traumaticos", ["Bea", "Dani"])
    s = m.state
    assert s.persona[1] == "paciencia" and s.persona[3] == "hostilidad"
    assert eventos(m, "personalidad-nueva", "Bea") == [{"card": "paciencia"}]
    assert m.view("Ana", "es")["players"][1]["personality"] is None
    noche(m)
    hasta_prompt(m, "Dani", "hostilidad")
