"""The view contract (velada/core/view.py, issue 17): every game's view, for every viewer, at every moment of
random games, holds what the generic pages, bots and agents read — the phase line, each player's id, name,
``alive`` and badges, the viewer's own seat — with the types the contract declares. The contract is typed:
mypy refuses a game's view that lacks a key of it or misspells one (shown here on a wrong game), and the pages
read only the keys the contract and each game's own view type declare (every template is read here)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from types import UnionType
from typing import Any, Union, get_args, get_origin

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jinja2 import nodes
from mypy import api
from typing_extensions import get_type_hints, is_typeddict

from tests.test_todos_los_juegos import start, tables
from velada.core.bots import RandomBot
from velada.core.engine import build_view, pending
from velada.core.protocol import PUBLIC
from velada.core.view import View, contract_errors
from velada.games import REGISTRY
from velada.web.render import PAGE_PARTS, env

GAMES = list(REGISTRY)
ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.data())
def test_cada_vista_cumple_el_contrato_de_la_plataforma(game, table):
    match = start(game, table.draw(tables(game)))
    if match is None:
        return
    rng = random.Random(table.draw(st.integers(0, 2**32)))
    bot = RandomBot(rng.randrange(2**32))
    viewers = [*match.players, PUBLIC, None]  # None: the narrator
    step = 0
    while True:
        # Every viewer now and then, and at the end: a full view per group would make long games slow.
        if step % 7 == 0 or match.result is not None:
            for viewer in viewers:
                seated = viewer in match.players
                errors = contract_errors(build_view(game, match.state, viewer, rng.choice(("es", "en"))), seated)
                assert not errors, f"{game.id}, {viewer!r}, group {step}: {errors}"
        if match.result is not None:
            break
        for prompt in pending(match.state):
            match.choose(prompt.player, prompt.id, bot.choose(prompt))
        step += 1


def test_el_contrato_senala_lo_que_falta():
    """The check itself: a view without a player's badges, with a number for a name, or without the seated
    viewer's own seat, is refused with the place of each fault."""
    game = REGISTRY.get("hombres-lobo")
    match = start(game, (6, {}, 1))
    view = build_view(game, match.state, "p1", "es")
    assert contract_errors(view, seated=True) == []
    del view["players"][0]["badges"]
    view["players"][1]["name"] = 7
    del view["you"]
    assert contract_errors(view, seated=True) == [
        "players[0].badges: missing",
        "players[1].name: int, not str",
        "you: missing for a seated viewer",
    ]


# --- the contract is static: mypy checks every game's view against its type ------------------------------------

#: A game written wrong four ways: its view forgets the phase, a player's entry misspells ``badges``, a game
#: returns a plain dict (the old way), a game's own view type is written a key it does not declare.
WRONG_GAME = """
from typing import Any

from velada.core.game import Game, State
from velada.core.protocol import Viewer
from velada.core.view import GameView, PlayerView
from velada.games.hombres_lobo.view import WerewolfView


class SinFase(Game[State]):
    def view(self, state: State, viewer: Viewer, lang: str, shared: Any = None) -> GameView:
        return {"players": [{"id": "ana", "name": "Ana", "alive": True, "badges": []}]}


class InsigniasMalEscritas(Game[State]):
    def view(self, state: State, viewer: Viewer, lang: str, shared: Any = None) -> GameView:
        ana: PlayerView = {"id": "ana", "name": "Ana", "alive": True, "badge": []}
        return {"phase": {"id": "noche", "text": "Noche"}, "players": [ana]}


class SinTipo(Game[State]):
    def view(self, state: State, viewer: Viewer, lang: str, shared: Any = None) -> dict[str, Any]:
        return {}


def clave_no_declarada(view: WerewolfView) -> None:
    view["narradora"] = "Lucía"
"""


def test_mypy_senala_la_vista_de_un_juego_que_no_cumple_el_contrato(tmp_path):
    """The contract as types: a view without ``phase``, a player's misspelt key, a ``dict[str, Any]`` view and a
    key its game never declared are each refused by mypy (the configuration of tests/test_tipos.py, which runs
    it on every real game's view)."""
    wrong = tmp_path / "juego_mal_escrito.py"
    wrong.write_text(WRONG_GAME)
    out, err, status = api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(ROOT / ".mypy_cache"), str(wrong)]
    )
    assert not err.strip(), err
    # The snippet's own errors: those of the modules it imports are tests/test_tipos.py's.
    own = [line for line in out.splitlines() if f"{wrong.name}:" in line]
    errors = sorted(line.split(": error: ", 1)[1] for line in own if ": error: " in line)
    assert errors == [
        'Extra key "badge" for TypedDict "PlayerView"  [typeddict-unknown-key]',
        'Missing key "badges" for TypedDict "PlayerView"  [typeddict-item]',
        'Missing key "phase" for TypedDict "GameView"  [typeddict-item]',
        'Return type "dict[str, Any]" of "view" incompatible with return type "GameView" in supertype '
        '"velada.core.game.Game"  [override]',
        'TypedDict "WerewolfView" has no key "narradora"  [typeddict-unknown-key]',
    ], out
    assert status == 1


# --- the pages read only declared keys -----------------------------------------------------------------------------

#: Templates rendered once per player by ``render.shared_rows``: their ``view`` is that player's row (``view.p``:
#: an entry of the view's ``players``; ``view.me`` and ``view.helps`` are the page's, not the view's).
ROW_TEMPLATES = frozenset({"_player.html", "games/_bethlem-row.html"})
#: A row template's own root (see ROW_TEMPLATES).
_ROW = ("<row>",)
Path = tuple[str, ...]


def declared_paths(tp: Any) -> set[Path]:
    """Every path a value of type ``tp`` declares: a ``TypedDict``'s keys, ``[]`` for a list's items, ``{}`` for
    a dict's values, ``*`` under ``Any`` or ``object`` (anything)."""
    if tp is Any or tp is object:
        return {("*",)}
    if is_typeddict(tp):
        found: set[Path] = set()
        for key, value in get_type_hints(tp).items():
            found |= {(key,), *((key, *p) for p in declared_paths(value))}
        return found
    origin, args = get_origin(tp), get_args(tp)
    if origin in (Union, UnionType):
        return set().union(*(declared_paths(a) for a in args))
    if origin in (list, tuple, Sequence):
        return {("[]",), *(("[]", *p) for p in declared_paths(args[0]))}
    if origin is dict:
        return {("{}",), *(("{}", *p) for p in declared_paths(args[1]))}
    return set()


def _allowed(path: Path, declared: set[Path]) -> bool:
    """Whether ``path`` is declared: ``{}`` stands for any key of a dict, ``*`` for anything below."""

    def matches(pattern: Path) -> bool:
        for k, step in enumerate(pattern):
            if step == "*":
                return True
            if k == len(path) or step not in (path[k], "{}"):
                return False
        return len(pattern) == len(path)

    return path in declared or any(matches(pattern) for pattern in declared)


def template_reads(source: str, row: bool = False) -> set[Path]:
    """The view's paths a template reads (``players.[].name``…): every attribute or item it takes of ``view``,
    of a name set from it, or of a loop's variable over it. ``row``: the template is one of ROW_TEMPLATES."""
    aliases: dict[str, Path] = {"view": _ROW if row else ()}
    reads: set[Path] = set()

    def path_of(node: nodes.Node) -> Path | None:
        if isinstance(node, nodes.Name):
            return aliases.get(node.name)
        if isinstance(node, (nodes.Getattr, nodes.Getitem)):
            base = path_of(node.node)
            if isinstance(node, nodes.Getattr):
                key = node.attr
            elif isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
                key = node.arg.value
            else:  # an index or a slice: an item of a list, or of a text
                return None if base is None else (*base, "[]")
            if base is None:
                return None
            if base == _ROW:
                return ("players", "[]") if key == "p" else None
            reads.add((*base, key))
            return (*base, key)
        if isinstance(node, nodes.Or):
            return path_of(node.left) or path_of(node.right)
        if isinstance(node, nodes.CondExpr):
            return path_of(node.expr1) or (path_of(node.expr2) if node.expr2 is not None else None)
        if isinstance(node, nodes.Filter) and node.node is not None:
            return path_of(node.node)
        return None

    def visit(node: nodes.Node) -> None:
        if isinstance(node, nodes.Call) and isinstance(node.node, nodes.Getattr):
            # A method of what the view holds: ``.items()``, ``.get("key")``.
            base = path_of(node.node.node)
            if base is not None and node.node.attr == "get" and node.args and isinstance(node.args[0], nodes.Const):
                reads.add((*base, node.args[0].value))
            for child in [*node.args, *node.kwargs]:
                visit(child)
            return
        if isinstance(node, nodes.For):
            visit(node.iter)
            iterated = node.iter
            items = isinstance(iterated, nodes.Call) and isinstance(iterated.node, nodes.Getattr)
            base = path_of(iterated.node.node) if items else path_of(iterated)
            if base is not None:
                if isinstance(node.target, nodes.Name):
                    aliases[node.target.name] = (*base, "[]")
                elif items and isinstance(node.target, nodes.Tuple) and iterated.node.attr == "items":
                    aliases[node.target.items[1].name] = (*base, "{}")
            for child in [*node.body, *node.else_]:
                visit(child)
            return
        if isinstance(node, nodes.Assign) and isinstance(node.target, nodes.Name):
            visit(node.node)
            found = path_of(node.node)
            if found is not None:
                aliases[node.target.name] = found
            else:
                aliases.pop(node.target.name, None)
            return
        path_of(node)
        for child in node.iter_child_nodes():
            visit(child)

    visit(env.parse(source))
    return reads


def _game_of(template: str) -> str | None:
    """The game whose own template ``template`` is (``games/_bethlem-row.html``: ``bethlem``); None: a generic one."""
    if not template.startswith("games/"):
        return None
    stem = template.removeprefix("games/").lstrip("_").removesuffix(".html")
    return next((g.id for g in GAMES if stem == g.id or stem.startswith(g.id + "-")), None)


def _allowed_paths(game_id: str | None) -> set[Path]:
    """What a template may read: the contract (the platform's part and what every game fills), and for a game's
    own template that game's view too, as its ``view`` method's return type declares it."""
    allowed = declared_paths(View)
    if game_id is not None:
        game = REGISTRY.get(game_id)
        allowed |= declared_paths(get_type_hints(type(game).view)["return"])
    return allowed


def _template_names() -> list[str]:
    return [name for name in env.list_templates() if name.endswith(".html")]


@pytest.mark.parametrize("template", _template_names())
def test_cada_plantilla_lee_solo_claves_declaradas_de_la_vista(template):
    """A generic template reads only what the contract declares (``velada.core.view.View``); a game's own
    template (``games/<game>…``) also what its game's view type declares. A key read and never declared would be
    a page that shows nothing, or a game's key that the other games do not have."""
    source = env.loader.get_source(env, template)[0]
    allowed = _allowed_paths(_game_of(template))
    undeclared = sorted(
        ".".join(p) for p in template_reads(source, template in ROW_TEMPLATES) if not _allowed(p, allowed)
    )
    assert not undeclared, f"{template} reads keys of the view no type declares: {undeclared}"


def test_cada_parte_de_la_pagina_lee_solo_claves_declaradas():
    """The page parts (``render.PAGE_PARTS``) name the view's keys they are given: each is declared for the game
    (or games) their template serves."""
    undeclared = [
        (name, key)
        for name, part in PAGE_PARTS.items()
        for key in part.keys
        if not _allowed(tuple(key.split(".")), _allowed_paths(_game_of(part.template)))
    ]
    assert not undeclared


def test_la_lectura_de_plantillas_senala_una_clave_mal_escrita():
    """The template check itself: a misspelt key of a player in a loop, of the viewer's seat and of a row's
    player are found; declared ones, the page's own names and a row's ``me`` are not."""
    source = (
        "{% for p in view.players %}{{ p.nmae }}{{ p.name }}{% endfor %}{% set you = view.you %}{{ you.rol }}"
        "{{ view.phase.text | upper }}{{ t('x') }}"
    )
    reads = template_reads(source)
    assert sorted(".".join(p) for p in reads if not _allowed(p, _allowed_paths(None))) == ["players.[].nmae", "you.rol"]
    row = "{% set p = view.p %}{% if view.me %}{{ p.in_gmae }}{{ p.in_game }}{% endif %}"
    assert sorted(".".join(p) for p in template_reads(row, row=True) if not _allowed(p, _allowed_paths("bethlem"))) == [
        "players.[].in_gmae"
    ]
