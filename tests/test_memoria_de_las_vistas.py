"""Memory (issue 14): what the views of one live table hold once for all its viewers, not once each."""

from __future__ import annotations

from velada.core.bots import RandomBot
from velada.core.engine import Match, ViewCache, build_view
from velada.core.protocol import PUBLIC
from velada.games import REGISTRY


def test_los_que_ven_igual_a_un_jugador_comparten_su_entrada_en_la_vista():
    """The hombres-lobo views of one change share a seat's entry among the viewers shown it alike (its card, whether
    it is a lover): a 12-seat table's 14 views held 168 player dicts. Each view still equals the one built without
    the cache, and a seat's entry shows its card only to those who may see it (the wolves see each other's)."""
    game = REGISTRY.get("hombres-lobo")
    options = {"especiales": "vidente,bruja,cazador,cupido,nina,ladron"}
    for seed in range(3):
        match = Match(game, [f"J{i}" for i in range(12)], options, seed=seed)
        bot, cache = RandomBot(seed), ViewCache()
        viewers = (*match.players, PUBLIC, None)
        while match.result is None and len(match.choices) < 80:
            prompt = match.pending()[0]
            match.choose(prompt.player, prompt.id, bot.choose(prompt))
            cache.changed()
            views = {v: build_view(game, match.state, v, "es", cache=cache) for v in viewers}
            for viewer in viewers:
                assert views[viewer]["players"] == build_view(game, match.state, viewer, "es")["players"]
            entries = [entry for view in views.values() for entry in view["players"]]
            distinct = {id(entry): entry for entry in entries}
            # Every seat's entry as the screen sees it, its own, the narrator's; the wolves' and the lovers' few more.
            assert len(distinct) <= 12 * 4, (seed, len(match.choices), len(distinct))


def test_cada_suceso_del_registro_es_una_sola_entrada_para_todos_los_que_lo_ven():
    """A log entry says what happened (its kind, text and data), not where it falls in its viewer's log (its place
    in the list says that), so the seats and the shared screen that may see an event share one entry for it, also
    after some seats saw night events the others did not: numbered in each viewer's own log, the 13 viewers of a
    table held up to 13 copies of a public event's entry. Each viewer's log still equals the one built without the
    cache; the narrator's entries, which say whom each event was for, are its own."""
    game = REGISTRY.get("hombres-lobo")
    match = Match(game, [f"J{i}" for i in range(12)], {"especiales": "vidente,bruja,cazador,cupido,nina"}, seed=5)
    bot, cache = RandomBot(5), ViewCache()
    viewers = (*match.players, PUBLIC)
    while match.result is None and len(match.choices) < 60:
        prompt = match.pending()[0]
        match.choose(prompt.player, prompt.id, bot.choose(prompt))
        logs = {v: build_view(game, match.state, v, "es", cache=cache)["log"] for v in (*viewers, None)}
    # Some seats saw events others did not: their logs differ in length.
    assert len({len(logs[v]) for v in viewers}) > 1
    for viewer in (*viewers, None):
        assert logs[viewer] == build_view(game, match.state, viewer, "es")["log"], viewer
    shared = {id(entry) for viewer in viewers for entry in logs[viewer]}
    seen = [event for event in match.state.log if any(event.visible_to(viewer) for viewer in viewers)]
    assert len(shared) == len(seen)
    assert not shared & {id(entry) for entry in logs[None]}
