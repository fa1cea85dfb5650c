"""The custom principal characters of the custom-cards mode (rulebook section 13, option ``cards=custom``).

One module per character, each exporting ``CHARACTER`` (``base.Character``); ``CHARACTERS`` lists them, and
the tables below gather their pieces for the rest of the game. To add a character:

1. write ``custom/<name>.py`` with ``CHARACTER = Character("<card id>", powers=…, handlers=…)``: its night turn
   is the step of ``data/noche-personalizada.toml`` with the card's id (and ``el-relojero-2``, ``todos-medium``
   for the characters with two moments); a handler for that step id decides who wakes, otherwise the holder
   wakes and ``powers[step id]`` asks;
2. append the module to ``MODULES`` below.

Extension points (``base.Character``): ``powers``/``handlers`` (night), ``steps``/``answers`` (agenda steps),
``triggers`` (death powers), ``immunity`` (an attack that does not kill), ``reveals`` (when the objective is
shown), ``on_awaken``, ``markers`` (views), ``rename`` (hidden cards dealt again), ``dusk``, ``round_end``,
``day`` (day powers), ``on_out`` (a player went out), ``actors`` (someone else wakes in a card's turn),
``mutiny`` (who rises in the mutineers' turn).
Borrowing another card's power for a round: append ``(seat, card, awakened)`` to ``s.borrowed`` (cleared at
dusk); ``common.actors`` then wakes that seat in the card's turn with origin ``BORROWED``/``BORROWED_AWAKE``.
Helpers: ``base.extra(s, card)`` — the extra power is usable (the holder's objective does not rise with the
mutineers); ``base.awake(s, card)`` — the awakening is active; ``base.data(s, kind)`` — the character's own
records in ``s.custom``. Deaths always go through ``deaths.attack`` / ``deaths.resolve``.

A custom card whose module is not listed is a plain life card: it is dealt, it can die, its night step finds no
power and is skipped.
"""

from __future__ import annotations

from velada.games.bethlem.custom import alquimista, gas_de_la_risa, superviviente
from velada.games.bethlem.custom.base import Character

MODULES = (gas_de_la_risa, alquimista, superviviente)

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
