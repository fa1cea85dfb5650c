"""El modo de cartas personalizadas (sections 13–14): the option, the deal of custom principal characters and
objective cards, hidden objectives, the 36-step night, and random play to the end."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from velada.core.bots import RandomBot
from velada.core.engine import Match, pending
from velada.core.protocol import PUBLIC
from velada.games.bethlem.cards import (
    CUSTOM_EVENTS,
    CUSTOM_NIGHT,
    CUSTOM_P1,
    GROUP_OF,
    LIFE_GROUPS,
    OBJECTIVE_TABLE,
)

from .mesa import GAME, OBJETIVOS, PERSONALIZADA, con, despierta, elige, hasta, hasta_prompt, jugadores, mesa, ronda


def test_la_opcion_cards_elige_el_modo_y_por_defecto_es_normal():
    (spec,) = [o for o in GAME.options if o.key == "cards"]
    assert spec.default == "normal" and spec.values == ("normal", "custom")
    m = Match(GAME, jugadores(4), {"colocacion": "reparto"}, seed=1)
    assert not m.state.settings.custom and m.state.goal == []


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_se_reparten_personajes_personalizados_y_una_carta_de_objetivo_por_jugador(n):
    m = Match(GAME, jugadores(n), {"colocacion": "reparto", "cards": "custom"}, seed=n)
    s = m.state
    for row in s.board:
        assert sorted(GROUP_OF[c] for c in row) == sorted(LIFE_GROUPS)
        (p1,) = [c for c in row if GROUP_OF[c] == "P1"]
        assert p1 in CUSTOM_P1
    assert sorted(s.goal) == sorted(OBJECTIVE_TABLE[n])
    assert set(CUSTOM_EVENTS) <= set(s.deck)


def test_la_tabla_de_objetivos_es_la_del_reglamento():
    assert sorted(OBJECTIVE_TABLE[4]) == ["amotinados", "amotinados", "internos", "internos"]
    assert sorted(OBJECTIVE_TABLE[5]) == ["amotinados", "amotinados", "internos", "internos", "traidor"]
    assert sorted(OBJECTIVE_TABLE[6]) == ["amotinados", "amotinados", "internos", "internos", "internos", "renegado"]
    assert sorted(OBJECTIVE_TABLE[7]) == sorted(OBJECTIVE_TABLE[6] + ("inquisidor",))


@pytest.mark.parametrize("n", [2, 3])
def test_el_modo_personalizado_es_para_cuatro_a_siete_jugadores(n):
    with pytest.raises(ValueError, match="custom-cards mode"):
        Match(GAME, jugadores(n), {"cards": "custom"}, seed=0)


def test_los_personajes_normales_no_se_mezclan_con_los_personalizados():
    with pytest.raises(ValueError, match="custom"):
        Match(GAME, jugadores(4), {"cards": "custom", "cartas": "daniel"}, seed=0)
    with pytest.raises(ValueError, match="cards=custom"):
        Match(GAME, jugadores(4), {"cartas": "la-chef"}, seed=0)
    m = Match(GAME, jugadores(4), {"cards": "custom", "cartas": "la-chef,el-relojero"}, seed=0)
    assert {"la-chef", "el-relojero"} <= set(m.state.cards_in_play())


def test_cada_jugador_solo_ve_su_propio_objetivo():
    m = Match(GAME, jugadores(5), {"colocacion": "reparto", "cards": "custom"}, seed=3)
    s = m.state
    for seat, player in enumerate(m.players):
        view = m.view(player, "es")
        assert view["you"]["objective_card"] == s.goal[seat]
        shown = {p["id"]: p["objective"] for p in view["players"]}
        assert shown[player] == s.goal[seat]
        assert all(goal is None for p, goal in shown.items() if p != player)
    assert all(p["objective"] is None for p in m.view(PUBLIC, "es")["players"])
    narrator = m.view(None, "es")
    assert [p["objective"] for p in narrator["players"]] == s.goal


def test_la_noche_personalizada_tiene_36_turnos_y_dos_momentos_en_que_despiertan_todos():
    numbered = [step for step in CUSTOM_NIGHT if not step.all]
    assert [step.n for step in numbered] == list(range(1, 37))
    everybody = [step.id for step in CUSTOM_NIGHT if step.all]
    assert everybody == ["todos-melancolia", "todos-medium"]
    ids = [step.id for step in CUSTOM_NIGHT]
    assert ids.index("gas-de-la-risa") < ids.index("todos-melancolia") < ids.index("la-ludopata")
    assert ids.index("la-medium") < ids.index("todos-medium") < ids.index("el-saltamundos")
    cards = {step.card for step in CUSTOM_NIGHT}
    # La Alquimista is the only custom character the book gives no turn of the night.
    assert set(CUSTOM_P1) - cards == {"la-alquimista"}
    assert "amotinados-2" not in ids and "director" not in ids


@pytest.mark.parametrize("n", [4, 5, 6, 7])
def test_el_juego_aleatorio_personalizado_termina(n):
    for seed in range(3):
        m = Match(GAME, jugadores(n), {"cards": "custom"}, seed=seed)
        bot = RandomBot(seed)
        while m.result is None:
            for p in pending(m.state):
                m.choose(p.player, p.id, bot.choose(p))
        assert set(m.result.sides) <= set(GAME.info.sides)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(4, 7), seed=st.integers(0, 2**32), bot_seed=st.integers(0, 2**32))
def test_ninguna_vista_personalizada_revela_objetivos_ocultos(n, seed, bot_seed):
    """The shared no-leak property, on custom tables only: dealing again every objective card a viewer may not
    know (and every hidden card) leaves their view unchanged, at every step of a random game."""
    from velada.core.engine import build_view

    m = Match(GAME, jugadores(n), {"cards": "custom"}, seed=seed)
    bot = RandomBot(bot_seed)
    rng = random.Random(bot_seed)
    while m.result is None:
        if rng.random() < 0.2:
            for viewer in [*rng.sample(list(m.players), 2), PUBLIC]:
                shuffled = GAME.shuffle_hidden(m.state, viewer, rng)
                assert build_view(GAME, shuffled, viewer, "en") == m.view(viewer, "en")
        for p in pending(m.state):
            m.choose(p.player, p.id, bot.choose(p))


def test_con_cartas_personalizadas_la_mesa_ve_la_carta_de_melancolia_solo_al_despertar_tras_gas_de_la_risa():
    """Section 14: with custom cards the table wakes to see Melancolía's card only after Gas de la risa's turn.
    Until then no view but the narrator's marks it (Gas de la risa would choose knowing it)."""
    m = mesa(PERSONALIZADA, objetivos=OBJETIVOS)
    ronda(m)
    hasta_prompt(m, "Carlos", "melancolia")
    elige(m, "Carlos", "melancolia", "Bea:1")
    card = m.state.card_at("Bea:1")

    def marked(viewer) -> bool:
        view = m.view(viewer)
        seat = next(p for p in view["players"] if p["name"] == "Bea")
        return "melancolia" in seat["cards"][0]["markers"]

    assert m.state.melancholy.blocked.get(card) == m.state.round
    assert not any(marked(v) for v in ("Ana", "Bea", "Dani", PUBLIC))
    assert marked(None)
    chosen_at = len(m.state.log)
    hasta(m, lambda m: any(e.kind == "todos-despiertan" for e in m.state.log[chosen_at:]))
    assert all(marked(v) for v in ("Ana", "Bea", "Carlos", "Dani", PUBLIC))


def test_al_despertar_todos_ven_las_cartas_silenciadas_en_orden_de_mesa():
    """The table wakes to see every card silenced this round in table order, not in the order they were silenced
    (which would tell a doll's curse from Melancolía's choice)."""
    # Dani holds La Maestra Vudú, awakened and announced: whoever harms her must harm one of their own cards.
    vudu = con(PERSONALIZADA, Dani=["la-maestra-vudu", "wakerfield", "profeta", "juego-de-azar", "paciencia"])
    m = mesa(vudu, objetivos=OBJETIVOS)
    despierta(m, "la-maestra-vudu")
    hasta_prompt(m, "Dani", "la-maestra-vudu-anunciar")
    elige(m, "Dani", "la-maestra-vudu-anunciar", "vudu-anunciar")
    ronda(m)
    hasta_prompt(m, "Carlos", "melancolia")
    # Dani's card silenced first, by Melancolía, then Carlos' own by the doll's curse.
    elige(m, "Carlos", "melancolia", "Dani:1")
    chosen_at = len(m.state.log)
    elige(m, "Carlos", "la-maestra-vudu-maldicion", "Carlos:2")
    assert list(m.state.melancholy.blocked) == ["la-maestra-vudu", "arthur"]
    hasta(m, lambda m: any(e.kind == "todos-despiertan" for e in m.state.log[chosen_at:]))
    shown = [e.data["target"] for e in m.state.log[chosen_at:] if e.kind == "melancolia" and e.audience is None]
    assert shown == ["Carlos:2", "Dani:1"]
