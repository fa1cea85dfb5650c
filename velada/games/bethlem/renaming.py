"""Card ids as a type, and giving cards new identities everywhere a state holds them.

A field holding a life card's id is annotated ``CardId`` (a ``str`` for mypy and at run time), alone or inside
lists, tuples, sets, deques, dict keys or values, optionals and nested dataclasses. ``rename_ids`` walks a
dataclass by those annotations and gives every card id its new identity, so the renaming follows the state's
types: a new field holding cards is renamed as soon as it is annotated, and none is listed by hand. A field
whose ids must stay as they are says so with ``field(metadata={"rename": False})``.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections import deque
from collections.abc import Callable
from typing import Annotated, Any, TypeAlias, Union

#: The mark ``CardId`` carries in its annotation.
CARD_ID = "card-id"

#: A life card's id (``daniel``, ``siamesas-2``).
CardId: TypeAlias = Annotated[str, CARD_ID]

#: The mark of a value whose class only the run time knows (a custom character's record, ``state.CustomRecord``
#: or a dict): renamed by its own dataclass's annotations when it is a dataclass, left alone otherwise.
RECORD = "record"

#: A value typed by its own class (see ``RECORD``); ``Any`` for mypy.
Record: TypeAlias = Annotated[Any, RECORD]

#: A renaming: old id → new id.
Rename = Callable[[str], str]
#: A compiled renamer for one annotated type: (value, renaming) → the renamed value.
Renamer = Callable[[Any, Rename], Any]


def rename_ids(obj: Any, m: Rename) -> None:
    """Give every card id in the dataclass ``obj`` (its fields annotated ``CardId``, at any depth) its new
    identity ``m(old)``. The containers holding card ids are new ones (a list shared by two fields is not
    renamed twice); a nested dataclass is changed in place, a frozen one replaced."""
    renamer = _dataclass_renamer(type(obj))
    if renamer is not None:
        renamer(obj, m)


def _dataclass_renamer(cls: type) -> Renamer | None:
    if cls not in _RENAMERS:
        _RENAMERS[cls] = _compile_dataclass(cls)
    return _RENAMERS[cls]


#: The renamer of each dataclass, compiled from its annotations once.
_RENAMERS: dict[type, Renamer | None] = {}


def _compile_dataclass(cls: type) -> Renamer | None:
    hints = typing.get_type_hints(cls, include_extras=True)
    parts = []
    for f in dataclasses.fields(cls):
        if f.metadata.get("rename", True) is False:
            continue  # the field says its ids stay as they are
        renamer = _renamer(hints[f.name])
        if renamer is not None:
            parts.append((f.name, renamer))
    if not parts:
        return None
    if cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]

        def rebuild(obj: Any, m: Rename) -> Any:
            return dataclasses.replace(obj, **{name: renamer(getattr(obj, name), m) for name, renamer in parts})

        return rebuild

    def rename(obj: Any, m: Rename) -> Any:
        for name, renamer in parts:
            setattr(obj, name, renamer(getattr(obj, name), m))
        return obj

    return rename


def _renamer(tp: Any) -> Renamer | None:
    """The renamer of values of type ``tp``, or None if they cannot hold a card id."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is Annotated:
        if CARD_ID in tp.__metadata__:
            return _rename_card
        if RECORD in tp.__metadata__:
            return _any_dataclass
        return _renamer(args[0])
    if origin is Union or origin is types.UnionType:
        inner = [r for a in args if a is not type(None) and (r := _renamer(a)) is not None]
        if not inner:
            return None
        if len(inner) > 1:
            raise TypeError(f"renaming: ambiguous union {tp!r}")
        only = inner[0]
        return lambda v, m: v if v is None else only(v, m)
    if origin in (list, deque, set):
        element = _renamer(args[0]) if args else None
        if element is None:
            return None
        each_element: Renamer = element
        return lambda v, m: type(v)(each_element(x, m) for x in v)
    if origin is dict:
        key = _renamer(args[0]) if args else None
        value = _renamer(args[1]) if args else None
        if key is None and value is None:
            return None
        return lambda v, m: {
            (k if key is None else key(k, m)): (x if value is None else value(x, m)) for k, x in v.items()
        }
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _renamer(args[0])
            if item is None:
                return None
            return lambda v, m: tuple(item(x, m) for x in v)
        each = [_renamer(a) for a in args]
        if all(r is None for r in each):
            return None
        return lambda v, m: tuple(x if r is None else r(x, m) for r, x in zip(each, v, strict=True))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _any_dataclass if _dataclass_renamer(tp) is not None else None
    return None


def _any_dataclass(v: Any, m: Rename) -> Any:
    """A value annotated with a dataclass is renamed by its own class's fields: a subclass (a custom
    character's record) brings its own card ids."""
    if not dataclasses.is_dataclass(v) or isinstance(v, type):
        return v
    renamer = _dataclass_renamer(type(v))
    return v if renamer is None else renamer(v, m)


def _rename_card(card: str, m: Rename) -> str:
    return m(card)
