"""The custom characters' registry: every character module, and their pieces gathered for the rest of the game
(see the package's docstring). Imported lazily by the game's modules, so that a character module may import
any of them."""

from __future__ import annotations

from velada.games.bethlem.custom import alquimista, arquitecto, chef, gas_de_la_risa, ludopata, superviviente
from velada.games.bethlem.custom.base import Character

MODULES = (arquitecto, gas_de_la_risa, ludopata, chef, alquimista, superviviente)

CHARACTERS: dict[str, Character] = {m.CHARACTER.kind: m.CHARACTER for m in MODULES}

POWERS = {k: v for c in CHARACTERS.values() for k, v in c.powers.items()}
HANDLERS = {k: v for c in CHARACTERS.values() for k, v in c.handlers.items()}
STEPS = {k: v for c in CHARACTERS.values() for k, v in c.steps.items()}
ANSWERS = {k: v for c in CHARACTERS.values() for k, v in c.answers.items()}
TRIGGERS = {k: v for c in CHARACTERS.values() for k, v in c.triggers.items()}
IMMUNITIES = tuple(c.immunity for c in CHARACTERS.values() if c.immunity is not None)
REVEALS = tuple(c.reveals for c in CHARACTERS.values() if c.reveals is not None)
ON_AWAKEN = {c.kind: c.on_awaken for c in CHARACTERS.values() if c.on_awaken is not None}
MARKERS = tuple(c.markers for c in CHARACTERS.values() if c.markers is not None)
RENAMES = tuple(c.rename for c in CHARACTERS.values() if c.rename is not None)
DUSKS = tuple(c.dusk for c in CHARACTERS.values() if c.dusk is not None)
ROUND_ENDS = tuple(c.round_end for c in CHARACTERS.values() if c.round_end is not None)
DAYS = tuple(c.day for c in CHARACTERS.values() if c.day is not None)
ON_OUT = tuple(c.on_out for c in CHARACTERS.values() if c.on_out is not None)
ACTORS = tuple(c.actors for c in CHARACTERS.values() if c.actors is not None)
MUTINY = tuple(c.mutiny for c in CHARACTERS.values() if c.mutiny is not None)
