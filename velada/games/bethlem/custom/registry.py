"""The custom characters' registry: every character module, and their pieces gathered for the rest of the game
(see the package's docstring). Imported lazily by the game's modules, so that a character module may import
any of them."""

from __future__ import annotations

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
    superviviente,
)
from velada.games.bethlem.custom.base import Character
from velada.games.bethlem.state import BethlemState

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

POWERS = {k: v for c in CHARACTERS.values() for k, v in c.powers.items()}
HANDLERS = {k: v for c in CHARACTERS.values() for k, v in c.handlers.items()}
#: Kinds whose night handler wakes ``common.actors`` (``Character.handler_wakes_actors``).
ACTOR_HANDLERS = frozenset(c.kind for c in CHARACTERS.values() if c.handler_wakes_actors)
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
SILENCES = tuple(c.silences for c in CHARACTERS.values() if c.silences is not None)
REDIRECTS = tuple(c.redirect for c in CHARACTERS.values() if c.redirect is not None)
HARMED = tuple(c.harmed for c in CHARACTERS.values() if c.harmed is not None)
HIDES = tuple(c.hide for c in CHARACTERS.values() if c.hide is not None)
BADGES = tuple(c.badges for c in CHARACTERS.values() if c.badges is not None)


def silenced(s: BethlemState, seat: int, what: str, active: bool = True) -> bool:
    """Whether a custom character keeps ``seat`` from using ``what`` now (``Character.silences``)."""
    return any(hook(s, seat, what, active) for hook in SILENCES)


def extra_actors(s: BethlemState, kind: str) -> list[tuple[int, str, str]]:
    """Who else acts in the night turn of ``kind`` (``Character.actors``)."""
    return [actor for hook in ACTORS for actor in hook(s, kind)]


def harm(s: BethlemState, card: str, what: str, by: tuple[int, ...] = ()) -> str:
    """A harm (``base.HARMS``) is aimed at ``card`` by the seats ``by``: the card that takes it (La Maestra
    Vudú's doll), after the characters that react to it were told (``Character.harmed``)."""
    for hook in REDIRECTS:
        card = hook(s, card, what)
    for seen in HARMED:
        seen(s, card, what, by)
    return card


def redirected(s: BethlemState, card: str, what: str) -> str:
    """The card that takes a harm aimed at ``card``, without telling anybody (it was told when placed)."""
    for hook in REDIRECTS:
        card = hook(s, card, what)
    return card
