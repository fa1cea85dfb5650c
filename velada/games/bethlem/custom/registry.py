"""The custom characters' registry: every character module, and their pieces gathered for the rest of the game
(see the package's docstring), installed into ``hooks.HOOKS`` (``plugins.install``) when this module is imported:
``velada.games.bethlem``'s import of its game does that before any game is played."""

from __future__ import annotations

from velada.games.bethlem import deaths, happenings, objectives
from velada.games.bethlem.custom import (
    alquimista,
    arquitecto,
    chef,
    el_cyborg,
    el_otaku,
    el_relojero,
    el_saltamundos,
    gas_de_la_risa,
    la_maestra_vudu,
    la_medico,
    la_medium,
    ludopata,
    mode,
    superviviente,
)
from velada.games.bethlem.hooks import CUSTOM_MODE, HOOKS
from velada.games.bethlem.plugins import Character, install

MODULES = (
    arquitecto,
    gas_de_la_risa,
    ludopata,
    chef,
    alquimista,
    superviviente,
    el_cyborg,
    la_maestra_vudu,
    el_otaku,
    la_medico,
    la_medium,
    el_saltamundos,
    el_relojero,
)

CHARACTERS: dict[str, Character] = {m.CHARACTER.kind: m.CHARACTER for m in MODULES}

install(CHARACTERS.values())
# The mode's own pieces (the objective cards, the acontecimientos, borrowed powers: ``mode.py``), around the
# characters': nightfall, the round's end and who acts with a borrowed power come before theirs; Cuerpo de
# espionaje's immunity and markers after.
HOOKS.dusks = (mode.dusk, *HOOKS.dusks)
HOOKS.actors = (mode.borrowed, *HOOKS.actors)
HOOKS.after_deaths = (mode.after_deaths,)
# Death powers by kind in one table, the book's and the characters' (the book's first, had a kind both).
HOOKS.triggers = {**HOOKS.triggers, **deaths.TRIGGERS}
HOOKS.round_ends = (mode.round_end, *HOOKS.round_ends)
HOOKS.immunities = (*HOOKS.immunities, happenings.immunity)
HOOKS.markers = (*HOOKS.markers, mode.markers)
# The objective cards and the acontecimiento in a view, and the objective cards dealt again, before the
# characters' own.
HOOKS.views = (mode.view, *HOOKS.views)
HOOKS.hides = (mode.hide_goals, *HOOKS.hides)
CUSTOM_MODE.objective = objectives.objective
CUSTOM_MODE.outcome = objectives.outcome
CUSTOM_MODE.round_steps = mode.round_steps
CUSTOM_MODE.pack = mode.pack
CUSTOM_MODE.before_mutiny = mode.before_mutiny
CUSTOM_MODE.rose = mode.rose
CUSTOM_MODE.lobotomy = mode.lobotomy
CUSTOM_MODE.rabies = mode.rabies
CUSTOM_MODE.finish = mode.finish
CUSTOM_MODE.help = mode.help_ids
CUSTOM_MODE.archive = mode.archive
CUSTOM_MODE.melancholy = mode.melancholy
CUSTOM_MODE.deal = mode.deal
CUSTOM_MODE.known = mode.known
CUSTOM_MODE.secret_draws = mode.SECRET_DRAWS
CUSTOM_MODE.told_to_nobody = mode.TOLD_TO_NOBODY

# The tables the upper layers (the night's powers, the flow's steps, the views) read; the rules below them read
# ``hooks.HOOKS`` and never import this module.
POWERS = HOOKS.powers
HANDLERS = HOOKS.handlers
STEPS = HOOKS.steps
ANSWERS = HOOKS.answers
