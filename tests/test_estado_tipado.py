"""Every game's state is typed all the way down (issue 17): no field of a game's state, nor of the dataclasses and
named tuples it holds (Bethlem's custom characters' records included), is ``Any`` or holds ``Any`` — no
``dict[str, Any]`` bag, and no bare ``tuple``, ``list``, ``dict``… either, which mypy reads as holding ``Any``.
The protocol's own records (``Event``, ``Prompt``) carry their payloads as the protocol defines them; a field left
out of the state's comparison (``compare=False``: a cache of what the state holds, a mode's table of hooks) is
not state."""

from __future__ import annotations

import collections
import dataclasses
import typing
from typing import Annotated, Any

from velada.core.protocol import Event, Prompt
from velada.games import REGISTRY
from velada.games.bethlem.state import CustomRecord

#: The protocol's records: what they carry is the log's and the prompts' business, not a game's state.
PROTOCOL = (Event, Prompt)

#: Containers that, written without their parameters, hold ``Any`` (``tuple`` is ``tuple[Any, ...]`` to mypy).
BARE = (tuple, list, dict, set, frozenset, collections.deque, collections.defaultdict, collections.Counter, object)

#: The fields still loosely typed, each a bare ``tuple`` (issue 17, docs/architecture.md "What is left"): the
#: agenda's steps (a step's name and its arguments, of a different shape for each step, dispatched by name). A new
#: loose field fails the test; so does one of these once typed (take it off the list).
LOOSE = {
    "WerewolfState.agenda",
    "WerewolfState.step",
    "BethlemState.agenda",
    "BethlemState.step",
}


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
    assert untyped - LOOSE == set(), f"fields of a game's state that hold Any: {sorted(untyped - LOOSE)}"
    assert LOOSE - untyped == set(), f"typed now, take them off LOOSE: {sorted(LOOSE - untyped)}"
    assert {"ChefRecord", "GamblerRecord", "WatchmakerRecord", "WorldJumperRecord", "DawnEvent"} <= {
        c.__name__ for c in seen
    }


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
