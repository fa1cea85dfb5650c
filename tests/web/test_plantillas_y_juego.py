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
