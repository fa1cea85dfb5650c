"""The decision protocol every game, bot, UI and script speaks.

A game never calls a player. It opens *prompts* ("Vidente: elige un jugador"), each for one player and with a
closed list of option ids; a player acts by answering a prompt with some of those ids. Everything that happens
is written to the log as *events*, each carrying the audience allowed to see it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

#: The viewer that stands for "anybody in the room": the shared screen or a spectator with no seat. It sees
#: public events only. ``None`` as a viewer is the narrator, who sees everything.
PUBLIC = "@public"

#: The "player" of prompts addressed to a human narrator's seat, for games where the narrator has decisions of
#: their own (Bethlem's Cuentacuentos answers questions). The narrator's view is the viewer ``None``.
NARRATOR = "@narrador"

#: The kind of the public event a game emits when its narrator calls a card at night ("Vidente, despierta…"),
#: with ``data["call"]`` naming the call. A game calls every card of its night order that is in the game —
#: alive or dead, dealt or left aside — so that the calls tell the room nothing, and the live table paces them:
#: each call lasts at least the table's minimum whether anybody answers it or not.
CALL = "llamada"

#: Audience of an event that only the narrator may see.
NARRATOR_ONLY: frozenset[str] = frozenset()

Viewer = str | None


@dataclass(slots=True)
class Prompt:
    """A decision the game waits for.

    ``id`` is stable and readable (``"n1:vidente"``); players answering at the same time share an id, so a
    prompt is addressed by ``(player, id)``. ``kind`` names the decision in the game's documentation
    (``velada actions``). ``options`` are the legal answers: membership is the whole legality check. A player
    chooses between ``min`` and ``max`` distinct options, or nothing at all when ``skippable``. ``args`` are
    the facts the prompt's text shows (the victim the Bruja may save), rendered only when a view asks.

    A prompt with ``text_max`` > 0 asks instead for free text (a question to another player, say): the answer
    is one string of 1 to ``text_max`` characters, and ``options`` is empty.

    Treat a prompt as immutable; it is a plain slotted class because the simulator builds many.
    """

    id: str
    player: str
    kind: str
    options: tuple[str, ...]
    min: int = 1
    max: int = 1
    skippable: bool = False
    args: Mapping[str, Any] | None = None
    text_max: int = 0


@dataclass(slots=True)
class Event:
    """One entry of the game log.

    ``audience`` is who may see it: ``None`` for everyone, a set of player ids for those players (the narrator
    always sees everything), the empty set for the narrator alone. ``data`` holds ids, never texts: texts are
    rendered in the reader's language when a view is built.
    """

    kind: str
    data: dict[str, Any]
    audience: frozenset[str] | None = None

    def visible_to(self, viewer: Viewer) -> bool:
        """Whether ``viewer`` (a player id, ``PUBLIC``, or ``None`` for the narrator) may see this event."""
        if viewer is None or self.audience is None:
            return True
        return viewer in self.audience


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: a reason id, the winning sides (empty for a draw), the winning players, how many
    rounds were played, the side each player played on at the end (``teams``: (player, side) pairs), and any
    numbers a game wants studied (``stats``: (player, metric, value), e.g. final score, survival)."""

    reason: str
    sides: tuple[str, ...]
    winners: tuple[str, ...]
    rounds: int
    teams: tuple[tuple[str, str], ...] = ()
    stats: tuple[tuple[str, str, float], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "sides": list(self.sides),
            "winners": list(self.winners),
            "rounds": self.rounds,
            "teams": dict(self.teams),
            "stats": {player: {m: v for p, m, v in self.stats if p == player} for player, *_ in self.stats},
        }


class IllegalAction(Exception):
    """A choice the game cannot accept. The state is left exactly as it was.

    ``code`` is stable (for programs); ``params`` fill the human reason, rendered in Spanish by ``str()`` and in
    any language by :meth:`text`.
    """

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(self.text("es"))

    def text(self, lang: str = "es") -> str:
        from velada.core.i18n import CORE_MESSAGES

        return CORE_MESSAGES.text(lang, f"illegal.{self.code}", **self.params)
