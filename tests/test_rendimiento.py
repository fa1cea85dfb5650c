"""Speed goals live here, as benchmarks (pytest-benchmark), never as timed assertions."""

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


def test_la_partida_de_simulacion_es_la_misma_que_la_grabada():
    from velada.core.sim import play_random_game

    game = REGISTRY.get(BENCH_GAME)
    players = player_ids(BENCH_PLAYERS)
    recorded = play_random_game(game, players, BENCH_OPTIONS, 42)
    state, choices = random_playout(game, tuple(players), normalize(game.options, BENCH_OPTIONS), 42)
    assert choices == len(recorded.choices)
    assert state == recorded.state
