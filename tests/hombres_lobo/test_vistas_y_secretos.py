"""Views: each player sees their card, what the rules told them, public facts, and nothing else."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from velada.core.protocol import PUBLIC
from velada.core.sim import play_random_game
from velada.games import REGISTRY

from .mesa import OCHO, elige, mesa


def test_un_aldeano_no_sabe_quien_es_lobo():
    m = mesa(OCHO)
    view = m.view("Fran")
    assert {p["id"]: p["role"] for p in view["players"]} == {p: ("aldeano" if p == "Fran" else None) for p in OCHO}
    assert "secrets" not in view


def test_el_narrador_lo_ve_todo():
    m = mesa(OCHO)
    view = m.view(None)
    assert [p["role"] for p in view["players"]] == list(OCHO.values())
    assert view["prompts"][0]["player"] == "Ana"
    assert view["waiting"] == ["Ana"]


def test_de_noche_nadie_sabe_a_quien_se_espera():
    m = mesa(OCHO)
    assert m.view("Fran")["waiting"] == []
    assert m.view(PUBLIC)["waiting"] == []
    assert m.view("Fran")["prompts"] == []


def test_la_pantalla_publica_solo_ve_lo_publico():
    m = mesa(OCHO)
    elige(m, "Ana", "vidente", "Bea")
    view = m.view(PUBLIC)
    assert all(p["role"] is None for p in view["players"])
    # Nightfall and the narrator's calls, the same whoever holds the cards.
    assert {e["kind"] for e in view["log"]} == {"noche", "llamada"}


def test_la_bruja_ve_sus_pociones():
    m = mesa(OCHO)
    assert m.view("Dani")["you"]["potions"] == {"life": True, "death": True}
    assert "potions" not in m.view("Fran")["you"]


def test_vista_en_ingles():
    m = mesa(OCHO)
    view = m.view("Ana", "en")
    assert view["you"]["role_name"] == "Seer"
    assert view["prompts"][0]["text"] == "Seer: choose a player and you will see their card."
    assert view["log"][0]["text"] == "You look at your card: you are Seer."


ROLE_EVENTS = {"vision", "espionaje", "muerte", "carta", "cambio", "nueva-carta"}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), n=st.integers(5, 18), game_id=st.sampled_from(["hombres-lobo", "gauekos"]))
def test_cada_carta_que_un_jugador_ve_en_el_registro_es_una_que_las_reglas_le_ensenan(seed, n, game_id):
    """Every event naming a player's card reaches only those the rules tell: the card's holder (their own
    card), the Vidente who looked, the Niña who peeked, everybody at a death; the pack learns the pack."""
    game = REGISTRY.get(game_id)
    specials = ",".join(game.theme.role[p] for p in ("seer", "witch", "hunter", "cupid", "little_girl", "thief"))
    try:
        m = play_random_game(game, [f"p{i}" for i in range(n)], {"especiales": specials}, seed)
    except ValueError:
        return
    s = m.state
    for event in s.log:
        if event.kind in ROLE_EVENTS and event.audience is not None:
            audience = event.audience
            assert len(audience) == 1, event
            (viewer,) = audience
            me = s.index[viewer]
            target = event.data.get("player", viewer)
            if event.kind in ("vision", "espionaje"):
                assert s.known[me].get(s.index[target]) == event.data["role"]
            else:
                assert target == viewer
        if event.kind == "manada":
            wolves = set(event.data["players"])
            assert event.audience == wolves
            assert all(game.theme.roles[s.roles[s.index[w]]] == "wolf" for w in wolves)
        if event.kind in ("victima", "votos-lobos", "sin-acuerdo", "nina-descubierta"):
            assert all(game.theme.roles[s.roles[s.index[w]]] == "wolf" for w in event.audience)
    for seat, player in enumerate(s.players):
        # What a player knows is exactly what an event they saw told them.
        told = {
            (e.data["player"], e.data["role"])
            for e in s.log
            if e.kind in ("vision", "espionaje") and e.visible_to(player)
        }
        told |= {
            (w, s.roles[s.index[w]])
            for e in s.log
            if e.kind == "manada" and e.visible_to(player)
            for w in e.data["players"]
        }
        told |= {
            (e.data["player"], s.roles[s.index[e.data["player"]]])
            for e in s.log
            if e.kind == "nina-descubierta" and e.visible_to(player)
        }
        assert {(s.players[q], r) for q, r in s.known[seat].items()} == told


def test_registro_de_un_jugador_solo_contiene_sus_eventos():
    game = REGISTRY.get("hombres-lobo")
    m = play_random_game(game, [f"p{i}" for i in range(12)], {"especiales": "vidente,bruja,nina,cupido"}, 11)
    for player in m.players:
        mine = [(e["kind"], e["data"]) for e in m.view(player)["log"]]
        assert mine == [(e.kind, e.data) for e in m.state.log if e.visible_to(player)]
        assert len(mine) < len(m.state.log)


def test_el_registro_de_un_jugador_no_deja_ver_cuantos_eventos_secretos_hubo():
    """Two nights that differ only in secrets (the Vidente looks or not) give a villager the same log."""
    quiet, busy = mesa(OCHO), mesa(OCHO)
    for m, look in ((quiet, []), (busy, ["Bea"])):
        elige(m, "Ana", "vidente", *look)
        elige(m, "Bea", "lobos", "Fran")
        elige(m, "Carlos", "lobos", "Fran")
        elige(m, "Dani", "bruja-vida")
        elige(m, "Dani", "bruja-muerte")
    assert len(quiet.state.log) != len(busy.state.log)
    assert quiet.view("Gema") == busy.view("Gema")
