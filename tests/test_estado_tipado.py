"""Every game's state is typed all the way down (issue 17): no field of a game's state, nor of the dataclasses and
named tuples it holds (Bethlem's custom characters' records included), is ``Any`` or holds ``Any`` — no
``dict[str, Any]`` bag, and no bare ``tuple``, ``list``, ``dict``… either, which mypy reads as holding ``Any``.
The protocol's own records (``Event``, ``Prompt``) carry their payloads as the protocol defines them; a field left
out of the state's comparison (``compare=False``: a cache of what the state holds, a mode's table of hooks) is
not state."""

from __future__ import annotations

import collections
import dataclasses
import inspect
import types
import typing
from typing import Annotated, Any

import pytest

from velada.core.protocol import Event, Prompt
from velada.core.sim import play_random_game, player_ids
from velada.games import REGISTRY
from velada.games.bethlem import flow as bethlem_flow
from velada.games.bethlem import state as bethlem_state
from velada.games.bethlem.state import CustomRecord
from velada.games.hombres_lobo import flow as werewolf_flow
from velada.games.hombres_lobo import state as werewolf_state

#: The protocol's records: what they carry is the log's and the prompts' business, not a game's state.
PROTOCOL = (Event, Prompt)

#: Containers that, written without their parameters, hold ``Any`` (``tuple`` is ``tuple[Any, ...]`` to mypy).
BARE = (tuple, list, dict, set, frozenset, collections.deque, collections.defaultdict, collections.Counter, object)


def _subclasses(cls: type) -> list[type]:
    return [c for sub in cls.__subclasses__() for c in (sub, *_subclasses(sub))]


def _is_record(tp: Any) -> bool:
    """A dataclass or a named tuple: a record whose fields are typed one by one."""
    return isinstance(tp, type) and (dataclasses.is_dataclass(tp) or (issubclass(tp, tuple) and hasattr(tp, "_fields")))


def _untyped(tp: Any, where: str, seen: set[type]) -> list[str]:
    """Where ``tp`` is or holds ``Any``, walking containers, dataclasses and named tuples (a custom record: every
    kind); ``where`` names the state's field it was reached through."""
    if tp is Any or tp in BARE:
        return [where]
    args = typing.get_args(tp)
    if typing.get_origin(tp) is Annotated:
        return _untyped(args[0], where, seen)
    if args:
        return [w for a in args if a is not Ellipsis for w in _untyped(a, where, seen)]
    if not _is_record(tp) or tp in seen or tp in PROTOCOL:
        return []
    seen.add(tp)
    hints = typing.get_type_hints(tp, include_extras=True)
    compared = [f.name for f in dataclasses.fields(tp) if f.compare] if dataclasses.is_dataclass(tp) else None
    names = tp._fields if compared is None else compared
    found = [w for name in names for w in _untyped(hints[name], f"{tp.__name__}.{name}", seen)]
    if tp is CustomRecord:
        found += [w for sub in _subclasses(tp) for w in _untyped(sub, sub.__name__, seen)]
    return found


def _states() -> dict[str, type]:
    return {game.id: typing.get_type_hints(type(game).setup)["return"] for game in REGISTRY}


def test_ningun_estado_de_juego_guarda_datos_sin_tipo():
    seen: set[type] = set()
    untyped = {w for state in _states().values() for w in _untyped(state, state.__name__, seen)}
    assert untyped == set(), f"fields of a game's state that hold Any: {sorted(untyped)}"
    assert {"ChefRecord", "GamblerRecord", "WatchmakerRecord", "WorldJumperRecord", "DawnEvent"} <= {
        c.__name__ for c in seen
    }


def _step_shapes(union: Any) -> dict[str, list[tuple[Any, ...]]]:
    """By step name, the argument types each of its shapes takes (a union of ``tuple[Literal[names], ...]``)."""
    shapes: dict[str, list[tuple[Any, ...]]] = {}
    for shape in typing.get_args(union):
        names, *args = typing.get_args(shape)
        for name in typing.get_args(names):
            shapes.setdefault(name, []).append(tuple(args))
    return shapes


def _fits(function: Any, skipped: int, n: int) -> bool:
    """Whether ``function`` takes ``n`` arguments after its first ``skipped`` (the game, the state, the answers)."""
    parameters = list(inspect.signature(function).parameters.values())[skipped:]
    required = [p for p in parameters if p.default is inspect.Parameter.empty]
    return len(required) <= n <= len(parameters)


@pytest.mark.parametrize(
    ("union", "steps", "answers"),
    [
        (werewolf_state.AgendaStep, werewolf_flow.STEPS, werewolf_flow.RESOLVERS),
        (bethlem_state.AgendaStep, bethlem_flow.STEPS, bethlem_flow.ANSWERS),
    ],
    ids=["hombres-lobo", "bethlem"],
)
def test_los_pasos_de_la_agenda_tienen_un_tipo_que_encaja_con_su_funcion(union, steps, answers):
    """The agenda's step types name every step of the game's tables and no other, and each shape a step may take
    has as many arguments as its step function and its answer function take (after the game and the state, and
    the answers)."""
    shapes = _step_shapes(union)
    assert set(shapes) == set(steps)
    assert set(answers) <= set(steps)
    wrong = [
        (name, len(args))
        for name, each in shapes.items()
        for args in each
        if not _fits(steps[name], 2, len(args)) or (name in answers and not _fits(answers[name], 3, len(args)))
    ]
    assert wrong == []


def _is(value: Any, tp: Any) -> bool:
    """Whether ``value`` is of the type ``tp`` (the few forms a step's type uses)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Annotated:
        return _is(value, args[0])
    if origin is typing.Union or origin is types.UnionType:
        return any(_is(value, a) for a in args)
    if origin is typing.Literal:
        return value in args
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_is(v, args[0]) for v in value)
        return len(value) == len(args) and all(_is(v, a) for v, a in zip(value, args, strict=True))
    return isinstance(value, tp)


#: Games that push every kind of step between them: the book's tables of three, five and seven, custom cards with
#: acontecimientos every round, and Hombres lobo with every card and the Alguacil elected by day.
PLAYED = [
    ("hombres-lobo", 12, {"alguacil": "dia-1", "voto": "dos-rondas", "empate": "revotacion"}, 6),
    ("bethlem", 3, {}, 3),
    ("bethlem", 5, {}, 3),
    ("bethlem", 7, {"cards": "custom", "acontecimientos": "cada-ronda"}, 6),
]


@pytest.mark.parametrize(("game_id", "n", "options", "games"), PLAYED, ids=[f"{g}-{n}" for g, n, _, _ in PLAYED])
def test_cada_paso_que_juega_una_partida_es_de_su_tipo(monkeypatch, game_id, n, options, games):
    """Every step a game runs is of the agenda's declared type (what the type checker cannot see through the
    helpers that build lists of steps): each step function checks the step running as it is called."""
    flow = werewolf_flow if game_id == "hombres-lobo" else bethlem_flow
    union = werewolf_state.AgendaStep if game_id == "hombres-lobo" else bethlem_state.AgendaStep
    ran: list[tuple[Any, ...]] = []

    def checked(function: Any) -> Any:
        def step(game: Any, s: Any, *args: Any) -> None:
            ran.append(s.step)
            function(game, s, *args)

        return step

    for name, function in list(flow.STEPS.items()):
        monkeypatch.setitem(flow.STEPS, name, checked(function))
    game = REGISTRY.get(game_id)
    for seed in range(games):
        play_random_game(game, player_ids(n), options, seed)
    assert [step for step in ran if not _is(step, union)] == []
    assert len({step[0] for step in ran}) > 10


# A state written wrong three ways, for the check's own test.
class _Pair(typing.NamedTuple):
    card: str
    extra: dict  # type: ignore[type-arg]


@dataclasses.dataclass
class _Inner:
    bag: dict[str, Any]
    fine: tuple[()] = ()


@dataclasses.dataclass
class _Loose:
    inner: _Inner
    queue: collections.deque[tuple]  # type: ignore[type-arg]
    pairs: list[_Pair]
    cache: object = dataclasses.field(default=None, compare=False)


def test_la_comprobacion_de_tipos_del_estado_ve_lo_que_guarda_any():
    """The check itself sees every way a field can hold ``Any``: a ``dict[str, Any]``, a bare container inside
    another, in a named tuple; not a field left out of the comparison, nor an empty tuple's type."""
    assert sorted(_untyped(_Loose, "_Loose", set())) == ["_Inner.bag", "_Loose.queue", "_Pair.extra"]
