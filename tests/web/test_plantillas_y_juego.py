"""The pages ask a game only what every game declares (issue 17: per-game UI through declared extension points):
a template may call on ``game`` only what :class:`velada.core.game.Game` declares, so a game's own page parts
rely on no method one game happens to have (El ansia's board once called two that ``Game`` did not know)."""

from __future__ import annotations

from jinja2 import nodes

from velada.core.game import Game
from velada.web.render import env

#: What every game has: ``Game``'s methods and properties, and the attributes it declares (``info``, ``options``…).
DECLARED = frozenset(dir(Game)) | frozenset(Game.__annotations__)


def _game_reads(template: str) -> set[str]:
    """The attributes of ``game`` a template reads or calls."""
    source = env.loader.get_source(env, template)[0]  # type: ignore[union-attr]
    tree = env.parse(source)
    return {
        node.attr
        for node in tree.find_all(nodes.Getattr)
        if isinstance(node.node, nodes.Name) and node.node.name == "game"
    }


def test_las_plantillas_solo_piden_al_juego_lo_que_declara_todo_juego():
    templates = env.list_templates(extensions=["html"])
    undeclared = {
        template: sorted(attr for attr in _game_reads(template) if attr not in DECLARED) for template in templates
    }
    assert {t: a for t, a in undeclared.items() if a} == {}
    assert any(_game_reads(t) for t in templates), "the check read no template that asks the game anything"


def test_la_zona_de_caza_muestra_la_velocidad_y_los_pv_que_el_juego_declara():
    """El ansia's hunting zone shows each card's speed and points through ``Game.card_figures`` (no template
    global reading the game's card data): La tabernera, −1 of speed and 3 VP."""
    from velada.games import REGISTRY
    from velada.web.render import ansia_zone

    game = REGISTRY.get("el-ansia")
    html = ansia_zone(game, {"zone": [[["tabernera"], [], []]], "play": []}, "es")
    assert 'La tabernera<span class="stats">-1 de velocidad · 3 PV</span>' in html
    assert game.card_figures("tabernera") == {"speed": -1, "vp": 3}
    assert REGISTRY.get("hombres-lobo").card_figures("vidente") == {}
