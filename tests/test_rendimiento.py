"""Speed goals live here, as benchmarks (pytest-benchmark), never as timed assertions."""

import time

import pytest

from velada.cli.bench import BENCH_GAME, BENCH_OPTIONS, BENCH_PLAYERS
from velada.core.engine import check_players
from velada.core.options import normalize
from velada.core.sim import game_seed, player_ids, random_playout
from velada.games import REGISTRY


def test_partidas_aleatorias_de_12_con_las_reglas_del_suelo(benchmark):
    game = REGISTRY.get(BENCH_GAME)
    players = check_players(game, player_ids(BENCH_PLAYERS))
    options = normalize(game.options, BENCH_OPTIONS)
    counter = iter(range(10**9))

    def one_game():
        _state, choices = random_playout(game, players, options, game_seed(1, next(counter)))
        return choices

    choices = benchmark(one_game)
    assert choices > 0


def _random_games(benchmark, game_id, players):
    """Random-bot games of ``game_id`` one after another (issue 20's per-game goals: El ansia at 4 players, from
    ~216 games/s to twice that; Bethlem at 5, from ~305 games/s to twice that)."""
    game = REGISTRY.get(game_id)
    seats = check_players(game, player_ids(players))
    options = normalize(game.options, {})
    counter = iter(range(10**9))
    choices = benchmark(lambda: random_playout(game, seats, options, game_seed(1, next(counter)))[1])
    assert choices > 0


def test_partidas_aleatorias_de_el_ansia_a_4(benchmark):
    _random_games(benchmark, "el-ansia", 4)


def test_partidas_aleatorias_de_bethlem_a_5(benchmark):
    _random_games(benchmark, "bethlem", 5)


def test_la_partida_de_simulacion_es_la_misma_que_la_grabada():
    from velada.core.sim import play_random_game

    game = REGISTRY.get(BENCH_GAME)
    players = player_ids(BENCH_PLAYERS)
    recorded = play_random_game(game, players, BENCH_OPTIONS, 42)
    state, choices = random_playout(game, tuple(players), normalize(game.options, BENCH_OPTIONS), 42)
    assert choices == len(recorded.choices)
    assert state == recorded.state


def _late_bethlem_table(tmp_path):
    """A live table of a 7-player Bethlem game, 90 choices in (the views' worst case: many cards, a long log)."""
    import asyncio

    from velada.core.bots import RandomBot
    from velada.web.live import Config, LiveTable
    from velada.web.store import Seat, Store, token_hash

    store = Store(f"sqlite:///{tmp_path / 'v.sqlite3'}")
    names = [f"p{i}" for i in range(1, 8)]
    data = store.create_table("bethlem", {}, 7, "presencial", "es", {}, "anfitrion")
    store.start(data, [Seat(i, name, token_hash(name), None) for i, name in enumerate(names)], 1)
    table = LiveTable(store, store.load(data.code), Config(bot_delay=0))
    bot = RandomBot(5)

    async def play() -> None:
        while table.match.result is None and len(table.match.choices) < 90:
            prompt = table.match.pending()[0]
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
        await table.flush()

    asyncio.run(play())
    return table, names, store


def test_la_vista_de_una_partida_larga_de_bethlem_se_construye_una_vez_por_cambio(benchmark, tmp_path):
    """A view asked again before the next change is the one already built (a page, the API and the push read the
    same dict): a lookup. What building it costs is the next benchmark's."""
    table, names, store = _late_bethlem_table(tmp_path)
    table.view(names[0], "es")
    view = benchmark(table.view, names[0], "es")
    assert view["viewer"] == names[0]
    store.close()


def test_las_vistas_de_una_partida_larga_de_bethlem_tras_un_cambio(benchmark, tmp_path):
    """Goal (issue 14): a late Bethlem 7-player view in under 0.1 ms of CPU once cached — measured as a push pays
    it: every seat's view and the shared screen's built again after a change that completed a group, with what a
    live table keeps from one change to the next (event texts, each viewer's log so far and help, the talk
    channels). Divide by 8 for one view."""
    from velada.web.live import PUBLIC

    table, names, store = _late_bethlem_table(tmp_path)
    viewers = [*names, PUBLIC]

    def after_a_change():
        # What a change that completes a group does to the table's views: none of them is shown again, none is
        # worked out from the view before an answer.
        table._stamp, table._opened = (-1, 0), (None, -1)
        return [table.view(viewer, "es") for viewer in viewers]

    views = benchmark(after_a_change)
    assert [view["viewer"] for view in views] == viewers
    store.close()


def test_la_vista_del_narrador_de_una_partida_larga_de_bethlem_tras_un_cambio(benchmark, tmp_path):
    """Goal (issue 14) for the narrator's view of the same game (every card and secret marker), measured as a push
    pays it: after a change that completed a group, once the seats' views and the shared screen's are built (what
    every view shares — the game's ``shared_view``, the talk channels — is worked out for them), the narrator's
    own view."""
    from velada.web.live import PUBLIC

    table, names, store = _late_bethlem_table(tmp_path)
    viewers = [*names, PUBLIC]

    def the_others_first():
        table._stamp, table._opened = (-1, 0), (None, -1)
        for viewer in viewers:
            table.view(viewer, "es")
        return (None, "es"), {}

    view = benchmark.pedantic(table.view, setup=the_others_first, rounds=300)
    assert view["viewer"] is None and "secrets" in view
    store.close()


def test_la_vista_de_una_partida_larga_de_bethlem_con_los_textos_ya_escritos(benchmark, tmp_path):
    """A view built again after a change: the event texts are rendered once per event, not once per view (and
    what the views of the state share is worked out at the first round, as the first view of a change does)."""
    from velada.core.engine import build_view

    table, names, store = _late_bethlem_table(tmp_path)
    state, cache = table.match.state, table._texts
    view = benchmark(build_view, table.game, state, names[0], "es", True, cache)
    assert view["log"]
    store.close()


@pytest.mark.benchmark(timer=time.process_time)
def test_una_partida_de_12_con_sus_telefonos_y_la_pantalla(benchmark, tmp_path):
    """Issue 14's server cost: a whole 12-player game on a live table with a phone on every seat and a shared
    screen, every choice stored and pushed (each message JSON-encoded, as the websocket sends it). Divide by the
    game's choices for the cost of one; ``scripts/push_cost.py`` prints it. Timed in CPU (the writer thread's
    included): by the wall clock, most of a game is each choice waiting for its write and for the threads to be
    scheduled, which a loaded machine stretches."""
    import asyncio
    import itertools
    import json

    from velada.core.bots import RandomBot
    from velada.web.live import PUBLIC, Config, Connection, LiveTable
    from velada.web.store import Seat, Store, token_hash

    store = Store(f"sqlite:///{tmp_path / 'v.sqlite3'}")
    names = [f"p{i}" for i in range(1, 13)]
    seeds = itertools.count(1)

    async def send(message):
        json.dumps(message)

    async def game() -> int:
        data = store.create_table("hombres-lobo", {}, 12, "online", "es", {"llamada": 0}, "anfitrion")
        store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(names)], next(seeds))
        table = LiveTable(store, store.load(data.code), Config(bot_delay=0))
        table.resume()
        for viewer in [*names, PUBLIC]:
            await table.attach(Connection(send, viewer, viewer == PUBLIC, "es"))
        bot = RandomBot(3)
        while table.match.result is None:
            prompt = table.match.pending()[0]
            await table.choose(prompt.player, prompt.id, bot.choose(prompt))
            await table.flush()
        await table.close()
        return len(table.match.choices)

    choices = benchmark.pedantic(lambda: asyncio.run(game()), rounds=3, iterations=1, warmup_rounds=1)
    assert choices > 0
    store.close()
