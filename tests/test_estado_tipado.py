"""Every game's state is typed all the way down (issue 17): no field of a game's state, nor of the dataclasses it
holds (Bethlem's custom characters' records included), is ``Any`` or holds ``Any`` — no ``dict[str, Any]`` bag.
The protocol's own records (``Event``, ``Prompt``) carry their payloads as the protocol defines them."""

from __future__ import annotations

import dataclasses
import typing
from typing import Annotated, Any

from velada.core.protocol import Event, Prompt
from velada.games import REGISTRY
from velada.games.bethlem.state import CustomRecord

#: The protocol's records: what they carry is the log's and the prompts' business, not a game's state.
PROTOCOL = (Event, Prompt)


def _subclasses(cls: type) -> list[type]:
    return [c for sub in cls.__subclasses__() for c in (sub, *_subclasses(sub))]


def _untyped(tp: Any, where: str, seen: set[type]) -> list[str]:
    """Where ``tp`` is or holds ``Any``, walking containers and dataclasses (a custom record: every kind)."""
    if tp is Any:
        return [where]
    args = typing.get_args(tp)
    if typing.get_origin(tp) is Annotated:
        return _untyped(args[0], where, seen)
    if args:
        return [w for a in args if a is not Ellipsis for w in _untyped(a, f"{where}[{a!r}]", seen)]
    if not (isinstance(tp, type) and dataclasses.is_dataclass(tp)) or tp in seen or tp in PROTOCOL:
        return []
    seen.add(tp)
    hints = typing.get_type_hints(tp, include_extras=True)
    found = [w for f in dataclasses.fields(tp) for w in _untyped(hints[f.name], f"{tp.__name__}.{f.name}", seen)]
    if tp is CustomRecord:
        found += [w for sub in _subclasses(tp) for w in _untyped(sub, sub.__name__, seen)]
    return found


def test_ningun_estado_de_juego_guarda_datos_sin_tipo():
    states = {game.id: typing.get_type_hints(type(game).setup)["return"] for game in REGISTRY}
    seen: set[type] = set()
    untyped = {gid: _untyped(state, state.__name__, seen) for gid, state in states.items()}
    assert not any(untyped.values()), untyped
    assert {"ChefRecord", "GamblerRecord", "WatchmakerRecord", "WorldJumperRecord"} <= {c.__name__ for c in seen}
