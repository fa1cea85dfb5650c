"""David «El Saltamundos» (section 13): decks of other worlds, one-use powers, the rule of each world."""

import functools

from velada.games.bethlem.cards import CARDS
from velada.games.bethlem.custom.el_saltamundos import WORLD_CARDS, WORLDS

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
    noche,
    opciones,
    viva,
)
from .personalizadas import AMOTINADOS, personalizada


def mesa_saltamundos(**kw):
    """Carlos (an inmate) holds El Saltamundos; the night is played (skipping the others' turns) until his."""
    m = personalizada({"Carlos": "el-saltamundos"}, **kw)
    hasta_prompt(m, "Carlos", "el-saltamundos-mundo")
    return m


def _saltamundos(mundo, **kw):
    m = mesa_saltamundos(**kw)
    elige(m, "Carlos", "el-saltamundos-mundo", mundo)
    return m


@functools.cache
def _reparto(mundo: str, arriba: tuple[str, ...]) -> int:
    """The first deal (its seed) whose chance shuffles his world's deck with ``arriba`` on top, in this order: a
    test picks the deal rather than writing the deck."""
    for seed in range(5000):
        if _saltamundos(mundo, seed=seed).state.custom["el-saltamundos"].deck[: len(arriba)] == list(arriba):
            return seed
    raise AssertionError(f"no deal in 5000 puts {arriba} on top")


def saltamundos(mundo="frontera", arriba=(), **kw):
    """Carlos (an inmate) holds El Saltamundos and has chosen ``mundo``; ``arriba``: the cards on top of his deck,
    in this order, by the deal."""
    if arriba:
        kw["seed"] = _reparto(mundo, tuple(arriba))
    m = _saltamundos(mundo, **kw)
    assert m.state.custom["el-saltamundos"].deck[: len(arriba)] == list(arriba)
    return m


def mazo(m, *cartas):
    """Put these cards on top of his deck, in this order."""
    d = m.state.custom["el-saltamundos"]
    d.deck = [*cartas, *[c for c in d.deck if c not in cartas]]


def test_los_mundos_y_sus_cartas_son_datos_propios():
    assert WORLDS == {"frontera": "vidas", "burgo": "una-por-ronda"}
    for world in WORLDS:
        cards = [c for c, (w, _, _) in WORLD_CARDS.items() if w == world]
        assert len(cards) == 8
    assert not set(WORLD_CARDS) & set(CARDS)


def test_el_saltamundos_elige_al_empezar_un_mundo_cuyo_mazo_se_pone_sobre_la_mesa():
    m = mesa_saltamundos()
    assert opciones(m, "Carlos", "el-saltamundos-mundo") == ("frontera", "burgo")
    elige(m, "Carlos", "el-saltamundos-mundo", "burgo")
    assert eventos(m, "el-saltamundos-burgo", "Ana") == [{}]
    assert sorted(m.state.custom["el-saltamundos"].deck) == sorted(
        c for c, (w, _, _) in WORLD_CARDS.items() if w == "burgo"
    )


def test_poder_extra_el_mazo_se_adapta_al_objetivo():
    objetivos = {"Ana": "internos", "Bea": "amotinados", "Carlos": "amotinados", "Dani": "internos"}
    m = saltamundos(objetivos=objetivos)
    deck = m.state.custom["el-saltamundos"].deck
    assert len(deck) == 6
    assert all(WORLD_CARDS[c][1] == "base" for c in deck)


def test_cada_ronda_roba_una_carta_que_puede_guardar_para_mas_adelante():
    m = saltamundos(
        arriba=(
            "catalejo-de-laton",
            "disparo-certero",
        )
    )
    elige(m, "Carlos", "el-saltamundos-robar", "robar-carta")
    assert eventos(m, "el-saltamundos-carta", "Carlos") == [{"card": "catalejo-de-laton"}]
    assert eventos(m, "el-saltamundos-carta", "Ana") == []
    elige(m, "Carlos", "el-saltamundos")
    noche(m)
    dia(m)
    hasta_prompt(m, "Carlos", "el-saltamundos-robar")
    elige(m, "Carlos", "el-saltamundos-robar", "robar-carta")
    assert opciones(m, "Carlos", "el-saltamundos") == ("catalejo-de-laton", "disparo-certero")


def test_las_cartas_de_mundo_que_roba_estan_en_su_vista_y_en_ninguna_otra():
    """What he drew is his to see (his view, not only his log's note); nobody else sees his hand."""
    m = saltamundos(
        arriba=(
            "catalejo-de-laton",
            "disparo-certero",
        )
    )
    assert m.view("Carlos")["you"]["world_hand"] == []
    elige(m, "Carlos", "el-saltamundos-robar", "robar-carta")
    assert m.view("Carlos")["you"]["world_hand"] == ["catalejo-de-laton"]
    assert "world_hand" not in m.view("Ana")["you"]


def test_en_la_frontera_usa_varias_cartas_en_un_turno():
    m = saltamundos(arriba=("catalejo-de-laton", "disparo-certero"))
    # He draws the spyglass the first night and keeps it; the second night he draws the shot.
    elige(m, "Carlos", "el-saltamundos-robar", "robar-carta")
    noche(m)
    dia(m)
    hasta_prompt(m, "Carlos", "el-saltamundos-robar")
    elige(m, "Carlos", "el-saltamundos-robar", "robar-carta")
    elige(m, "Carlos", "el-saltamundos", "disparo-certero")
    elige(m, "Carlos", "el-saltamundos-matar", "Bea:2")
    elige(m, "Carlos", "el-saltamundos", "catalejo-de-laton")
    elige(m, "Carlos", "el-saltamundos-ver", "Dani:1")
    assert eventos(m, "vision", "Carlos") == [{"target": "Dani:1", "card": "el-ultimo-superviviente"}]
    noche(m)
    assert not viva(m, "john-flick")


def test_en_la_frontera_no_puede_tener_en_la_mano_mas_cartas_que_vidas():
    m = saltamundos()
    # Four nights he draws a card and keeps it: four cards, as many as his living cards.
    for _ in range(4):
        elige(m, "Carlos", "el-saltamundos-robar", "robar-carta")
        noche(m)
        dia(m)
        hasta_prompt(m, "Carlos", "el-saltamundos-robar")
    assert len(m.state.custom["el-saltamundos"].hand) == 4
    elige(m, "Carlos", "el-saltamundos-robar", "robar-carta")
    p = next(p for p in m.pending() if p.kind == "el-saltamundos-descartar")
    assert (p.min, p.max) == (1, 1)
    elige(m, "Carlos", "el-saltamundos-descartar", "saca-de-la-diligencia")
    assert len(m.state.custom["el-saltamundos"].hand) == 4


def test_en_el_burgo_solo_usa_una_carta_por_ronda():
    m = saltamundos("burgo", arriba=("torre-del-vigia", "daga-en-la-sombra"))
    # He draws the watchtower the first night and keeps it; the second night he draws the dagger.
    elige(m, "Carlos", "el-saltamundos-robar", "robar-carta")
    noche(m)
    dia(m)
    hasta_prompt(m, "Carlos", "el-saltamundos-robar")
    elige(m, "Carlos", "el-saltamundos-robar", "robar-carta")
    elige(m, "Carlos", "el-saltamundos", "daga-en-la-sombra")
    elige(m, "Carlos", "el-saltamundos-matar", "Bea:2")
    assert ("Carlos", "el-saltamundos") not in abiertos(m)
    assert m.state.custom["el-saltamundos"].hand == ["torre-del-vigia"]


def test_la_cobertura_impide_que_la_carta_muera_esa_noche():
    m = saltamundos(arriba=("tras-el-abrevadero",))
    noche(
        m,
        {
            ("Carlos", "el-saltamundos-robar"): ["robar-carta"],
            ("Carlos", "el-saltamundos"): ["tras-el-abrevadero"],
            ("Carlos", "el-saltamundos-cobertura"): ["Ana:2"],
            **ataque("Ana:2", amotinados=AMOTINADOS),
        },
    )
    assert viva(m, "el-archivo")


def test_el_calabozo_deja_a_una_carta_sin_poder_esa_ronda_a_la_vista_de_todos():
    m = saltamundos(arriba=("calabozo-del-pueblo",))
    elige(m, "Carlos", "el-saltamundos-robar", "robar-carta")
    elige(m, "Carlos", "el-saltamundos", "calabozo-del-pueblo")
    elige(m, "Carlos", "el-saltamundos-calabozo", "Bea:2")
    assert "calabozo" in m.view("Dani")["players"][1]["cards"][1]["markers"]
    assert not m.state.can_act("john-flick")
    seen = []
    hasta(m, lambda m: seen.extend(abiertos(m)) or m.state.phase == "dia")
    assert ("Bea", "john-flick") not in seen


def test_la_mecha_mata_la_carta_al_caer_la_noche_siguiente():
    m = saltamundos(arriba=("cartucho-con-mecha",))
    elige(m, "Carlos", "el-saltamundos-robar", "robar-carta")
    elige(m, "Carlos", "el-saltamundos", "cartucho-con-mecha")
    elige(m, "Carlos", "el-saltamundos-mecha", "Bea:2")
    noche(m)
    assert viva(m, "john-flick")
    dia(m)
    noche(m)
    assert not viva(m, "john-flick")


def test_las_cartas_de_eventos_roban_un_evento_o_se_lo_quitan_a_otro_jugador():
    m = saltamundos("burgo", arriba=("feria-de-especias", "ganzua-de-gremio"), eventos=["confesion", "milagrero"])
    elige(m, "Carlos", "el-saltamundos-robar", "robar-carta")
    elige(m, "Carlos", "el-saltamundos", "feria-de-especias")
    assert m.state.hand[2] == ["confesion"]
    # Ana loses a card tonight: the player losing, she draws the next event at the end of the round.
    noche(m, ataque("Ana:2", amotinados=AMOTINADOS))
    dia(m)
    assert m.state.hand[0] == ["milagrero"]
    noche(
        m,
        {
            ("Carlos", "el-saltamundos-robar"): ["robar-carta"],
            ("Carlos", "el-saltamundos"): ["ganzua-de-gremio"],
            ("Carlos", "el-saltamundos-robar-evento"): ["Ana"],
        },
    )
    assert m.state.hand[0] == [] and sorted(m.state.hand[2]) == ["confesion", "milagrero"]
    assert eventos(m, "el-saltamundos-robo", "Ana") == [{"event": "milagrero"}]


def test_el_saltamundos_ve_objetivos_y_revive_cartas():
    m = saltamundos(arriba=("telegrama-interceptado", "tonico-del-curandero"))
    elige(m, "Carlos", "el-saltamundos-robar", "robar-carta")  # the telegram, kept
    linchan(m, "Bea:2")  # John Flick
    hasta_prompt(m, "Carlos", "el-saltamundos-robar")
    elige(m, "Carlos", "el-saltamundos-robar", "robar-carta")  # the tonic
    assert m.state.custom["el-saltamundos"].hand == ["telegrama-interceptado", "tonico-del-curandero"]
    elige(m, "Carlos", "el-saltamundos", "telegrama-interceptado")
    elige(m, "Carlos", "el-saltamundos-ver-objetivo", "Bea")
    elige(m, "Carlos", "el-saltamundos", "tonico-del-curandero")
    elige(m, "Carlos", "el-saltamundos-revivir", "Bea:2")
    assert eventos(m, "ve-objetivo", "Carlos") == [{"player": "Bea", "goal": "amotinados"}]
    assert viva(m, "john-flick")


def test_el_saltamundos_despertado_roba_dos_cartas_y_se_queda_la_que_prefiere():
    m = saltamundos(arriba=("disparo-certero", "catalejo-de-laton"))
    despierta(m, "el-saltamundos")
    # The open prompt was asked before the awakening: the next night shows it.
    elige(m, "Carlos", "el-saltamundos-robar")
    noche(m)
    dia(m)
    hasta_prompt(m, "Carlos", "el-saltamundos-elegir")
    assert opciones(m, "Carlos", "el-saltamundos-elegir") == ("disparo-certero", "catalejo-de-laton")
    elige(m, "Carlos", "el-saltamundos-elegir", "catalejo-de-laton")
    d = m.state.custom["el-saltamundos"]
    assert d.hand == ["catalejo-de-laton"] and d.deck[-1] == "disparo-certero"
