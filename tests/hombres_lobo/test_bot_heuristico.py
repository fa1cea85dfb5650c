"""The heuristic bot plays from its own view and beats random play."""

from velada.core.sim import simulate, summary
from velada.games import REGISTRY

from .mesa import OCHO, elige, mesa


def _bot(game="hombres-lobo", player="Ana"):
    return REGISTRY.get(game).bots["heuristico"](player, 1)


def test_vidente_heuristica_mira_a_quien_no_conoce():
    m = mesa(OCHO)
    bot = _bot()
    (prompt,) = m.pending()
    for _ in range(5):
        assert bot.choose(prompt, lambda: m.view("Ana")) != ["Ana"]


def test_aldeano_heuristico_vota_al_lobo_que_conoce():
    m = mesa(OCHO)
    elige(m, "Ana", "vidente", "Bea")
    elige(m, "Bea", "lobos", "Hugo")
    elige(m, "Carlos", "lobos", "Hugo")
    elige(m, "Dani", "bruja-vida")
    elige(m, "Dani", "bruja-muerte")
    prompt = next(p for p in m.pending() if p.player == "Ana")
    assert _bot().choose(prompt, lambda: m.view("Ana")) == ["Bea"]


def test_lobos_heuristicos_siguen_al_primero_de_la_manada():
    m = mesa(OCHO)
    elige(m, "Ana", "vidente")
    elige(m, "Bea", "lobos", "Fran")
    elige(m, "Carlos", "lobos", "Gema")
    prompt = next(p for p in m.pending() if p.player == "Carlos")
    assert _bot(player="Carlos").choose(prompt, lambda: m.view("Carlos")) == ["Fran"]


def test_bot_heuristico_gana_mas_que_el_aleatorio():
    game = REGISTRY.get("hombres-lobo")
    stats, seconds = simulate(game, 8, 1000, seed=2, bots=["heuristico", "random"])
    bots = summary(game, 8, 2, stats, seconds)["bots"]
    # Intervals over games that do not overlap: significant at 95% however the two bots' results correlate.
    assert bots["heuristico"]["ci95"][0] > bots["random"]["ci95"][1]
