"""The narrator's script: what a narrator says aloud, from public events only.

A real narrator does not read the log. Each game says, per public event, the lines worth speaking
(:meth:`velada.core.game.Game.narration`: a night call's "Vidente, despierta…", the deaths and cards revealed at
dawn, the result of a vote); this module strings them together and closes each night call with its
:meth:`~velada.core.game.Game.call_end` line ("Vidente, vuelve a dormir") just before the next thing said. Since
only public events are read, and a game calls every card of its night order whoever holds it, alive or dead,
the script cannot tell the room anything the log does not already tell it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from velada.core.protocol import CALL, PUBLIC, Event

if TYPE_CHECKING:
    from velada.core.game import Game, State


def public_events(state: State) -> list[Event]:
    """The events anybody in the room may see, in the order they happened."""
    return [event for event in state.log if event.visible_to(PUBLIC)]


def script(game: Game, state: State, lang: str, since: int = 0, until: int | None = None) -> list[str]:
    """The lines a narrator speaks for the public events ``since``..``until`` (indices among
    :func:`public_events`; the defaults: the whole game so far). A call still open at ``since`` (its card is
    awake) is closed before the first line said after it, as if the script had been spoken from the start."""
    events = public_events(state)
    stop = len(events) if until is None else until
    open_call: Event | None = None
    # The call under way when this stretch starts: the last call, unless something was said after it.
    for event in reversed(events[:since]):
        if event.kind == CALL:
            open_call = event
            break
        if game.narration(state, event, lang):
            break
    lines: list[str] = []
    for event in events[since:stop]:
        said = game.narration(state, event, lang)
        if not said:
            continue
        if open_call is not None:
            lines.extend(game.call_end(state, open_call, lang))
            open_call = None
        lines.extend(said)
        if event.kind == CALL:
            open_call = event
    if open_call is not None and until is None and state.result is not None:
        lines.extend(game.call_end(state, open_call, lang))
    return lines
