"""The custom mode's plug-in points (issue 17): the characters' declared hooks and the table of the mode's own
rules, which the book's rules ask instead of branching on the mode."""

from __future__ import annotations

import dataclasses

import pytest

from velada.games.bethlem.custom.registry import CHARACTERS
from velada.games.bethlem.hooks import BOOK_MODE, CUSTOM_MODE, HOOKS, NO_HOOKS, ModeRules, _not_installed
from velada.games.bethlem.plugins import Character, install
from velada.games.bethlem.state import Settings

#: Rules only the custom mode has (none: the book has each of them).
CUSTOM_ONLY: set[str] = set()
#: Rules the book does not have (None: nothing happens then).
BOOK_NONE = {"before_mutiny", "rose"}


def test_cada_regla_del_modo_esta_en_la_tabla_de_cada_modo():
    rules = [f.name for f in dataclasses.fields(ModeRules)]
    for name in rules:
        assert getattr(CUSTOM_MODE, name) not in (None, _not_installed), f"custom mode: {name}"
        book = getattr(BOOK_MODE, name)
        if name in CUSTOM_ONLY:
            assert book is _not_installed, name
        elif name in BOOK_NONE:
            assert book is None, name
        else:
            assert book not in (None, _not_installed), f"book: {name}"


def test_cada_partida_lee_la_tabla_de_su_modo():
    normal = Settings("normal", False, 10, 0, 1, False)
    custom = Settings("normal", False, 10, 0, 1, False, cards="custom")
    assert normal.hooks is NO_HOOKS and normal.hooks.rules is BOOK_MODE
    assert custom.hooks is HOOKS and custom.hooks.rules is CUSTOM_MODE
    # A game without custom cards calls no character's hook: its tables are empty, the book's death powers apart.
    assert not any(
        NO_HOOKS.immunities
        + NO_HOOKS.harms
        + NO_HOOKS.actors
        + NO_HOOKS.dusks
        + NO_HOOKS.silences
        + NO_HOOKS.after_deaths
    )
    assert set(HOOKS.triggers) > set(NO_HOOKS.triggers)


def test_un_momento_que_las_reglas_no_llaman_se_rechaza_sin_instalar_nada():
    before = (HOOKS.powers, HOOKS.dusks, HOOKS.round_ends)
    with pytest.raises(ValueError, match="mediodia"):
        install([*CHARACTERS.values(), Character("x", moments={"mediodia": lambda game, s: None})])
    assert (HOOKS.powers, HOOKS.dusks, HOOKS.round_ends) == before
