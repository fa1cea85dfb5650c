"""Views on the wire as deltas (velada.core.delta): a connection receives only what it has not seen, and rebuilds
exactly the view it may see."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from velada.core.bots import RandomBot
from velada.core.delta import diff, is_empty, patch
from velada.core.engine import Match, ViewCache, build_view
from velada.core.protocol import PUBLIC
from velada.games import REGISTRY


def _play(game_id: str, seed: int, steps: int):
    """A game of random bots, yielding the match after every choice."""
    game = REGISTRY.get(game_id)
    players = [f"J{i}" for i in range(max(game.info.min_players, min(game.info.max_players, 5)))]
    match = Match(game, players, seed=seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        open_ = match.pending()
        if match.result is not None or not open_:
            return
        prompt = open_[0]
        match.choose(prompt.player, prompt.id, bot.choose(prompt))
        yield match


@pytest.mark.parametrize("game_id", sorted(REGISTRY.ids()))
def test_cada_conexion_reconstruye_su_vista_con_lo_que_cambio(game_id):
    """A viewer's successive views, sent as deltas, rebuild to exactly its views (as JSON), and the log travels
    as the entries not yet sent: each entry once, until the end shows the whole log face up."""
    game = REGISTRY.get(game_id)
    for seed in range(2):
        cache = ViewCache()
        sent: dict = {}
        rebuilt: dict = {}
        entries_sent: dict = {}
        for match in _play(game_id, seed, 250):
            for viewer in (*match.players, PUBLIC, None):
                view = build_view(game, match.state, viewer, "es", cache=cache)
                delta = json.loads(json.dumps(diff(sent.get(viewer), view)))
                sent[viewer] = view
                rebuilt[viewer] = patch(rebuilt.get(viewer), delta)
                assert rebuilt[viewer] == json.loads(json.dumps(view)), (game_id, seed, viewer)
                if "log" in delta:
                    if delta["log"]["from"] == 0:
                        entries_sent[viewer] = 0
                    entries_sent[viewer] = entries_sent.get(viewer, 0) + len(delta["log"]["entries"])
                if match.result is None:
                    assert entries_sent.get(viewer, 0) == len(view["log"]), "an entry sent twice, or missed"


def test_una_vista_que_no_cambio_no_manda_nada():
    match = next(_play("hombres-lobo", 1, 1))
    view = match.view("J0")
    assert is_empty(diff(view, view))
    assert is_empty(diff(view, json.loads(json.dumps(view))))


def test_un_delta_no_lleva_nada_que_la_vista_nueva_no_tenga():
    """Built from the old and the new view, a delta's values are parts of the new view; a key the new view lacks
    is only named (it was in the view the connection had)."""
    old = {"a": 1, "secret": "x", "log": [{"seq": 0}]}
    new = {"a": 2, "log": [{"seq": 0}, {"seq": 1}]}
    delta = diff(old, new)
    assert delta == {"set": {"a": 2}, "unset": ["secret"], "log": {"from": 1, "entries": [{"seq": 1}]}}
    assert patch(old, delta) == new


def test_un_registro_que_no_es_continuacion_se_manda_entero():
    """At the end every viewer gets the narrator's view: its log is not the seat's log grown, and goes whole."""
    old = {"log": [{"seq": 0, "text": "a"}]}
    new = {"log": [{"seq": 0, "text": "b"}, {"seq": 1, "text": "c"}]}
    assert diff(old, new)["log"] == {"from": 0, "entries": new["log"]}
    assert patch(old, diff(old, new)) == new


def test_una_muerte_manda_el_jugador_que_cambio_no_la_lista_entera():
    """The players' list changes one or two entries at a time (a death, a badge): a delta carries those entries by
    their place, taken from the new view; a list of another length goes whole."""
    alive = [{"id": f"J{i}", "alive": True} for i in range(6)]
    old = {"players": alive, "phase": "noche"}
    new = {"players": [*alive[:2], {"id": "J2", "alive": False}, *alive[3:]], "phase": "dia"}
    delta = diff(old, new)
    assert delta == {"set": {"phase": "dia"}, "unset": [], "items": {"players": [[2, {"id": "J2", "alive": False}]]}}
    assert patch(old, delta) == new
    assert old["players"][2]["alive"], "the view the connection had is not changed"
    assert diff(old, {"players": alive[:5]})["set"] == {"players": alive[:5]}
    assert not is_empty({"set": {}, "unset": [], "items": {"players": [[0, {}]]}})


def test_un_jugador_fuera_de_la_lista_que_se_tiene_se_rechaza():
    with pytest.raises(ValueError):
        patch({"players": []}, {"set": {}, "unset": [], "items": {"players": [[0, {"id": "J0"}]]}})


def test_un_delta_que_no_sigue_a_la_vista_que_se_tiene_se_rechaza():
    with pytest.raises(ValueError):
        patch({"log": []}, {"set": {}, "unset": [], "log": {"from": 3, "entries": []}})


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(st.sampled_from("abcdef"), st.integers(0, 3)),
    st.dictionaries(st.sampled_from("abcdef"), st.integers(0, 3)),
    st.lists(st.integers(0, 5), max_size=6),
    st.lists(st.integers(0, 5), max_size=6),
    st.one_of(st.none(), st.lists(st.integers(0, 2), max_size=4)),
    st.one_of(st.none(), st.lists(st.integers(0, 2), max_size=4)),
)
def test_patch_de_diff_da_la_vista_nueva(a, b, log_a, log_b, players_a, players_b):
    old, new = a | {"log": log_a}, b | {"log": log_b}
    if players_a is not None:
        old["players"] = players_a
    if players_b is not None:
        new["players"] = players_b
    assert patch(old, diff(old, new)) == new
    assert patch(None, diff(None, new)) == new
