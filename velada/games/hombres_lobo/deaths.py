"""Deaths and what they trigger.

Every death, however it comes (wolves, potion, the Cazador's shot, grief, the lynching), reveals the card. A
lover's death takes the other lover at once. The Cazador then shoots, the Alguacil names a successor with his
last breath, and only after all of that does the game check whether it has ended.
"""

from __future__ import annotations

from velada.core.protocol import NARRATOR_ONLY, Prompt
from velada.games.hombres_lobo.ending import finish, outcome
from velada.games.hombres_lobo.state import AgendaStep, WerewolfState
from velada.games.hombres_lobo.theme import HUNTER, Theme

#: Causes the whole table learns. Night deaths are announced without their cause, as a narrator does.
PUBLIC_CAUSES = {"linchamiento": "linchamiento", "disparo": "disparo", "pena": "pena"}


def die(theme: Theme, s: WerewolfState, deaths: list[tuple[int, str]], by: int | None = None) -> None:
    """Kill ``deaths`` (seat, cause) in order, with the lovers' grief, and queue the triggers they cause
    ahead of everything else: the Cazador's shot first, then the Alguacil's succession (so the office never
    passes to somebody about to be shot), then the end check. Called last by the step or resolver that kills
    (the check may end the game)."""
    queue = list(deaths)
    shots: list[AgendaStep] = []
    successions: list[AgendaStep] = []
    players, alive, roles = s.players, s.alive, s.roles
    # A lover's grief joins the queue while it is read: the list's iterator reads the entries appended.
    for seat, cause in queue:
        if not alive[seat]:
            continue
        alive[seat] = False
        s.living_seats = None  # read again at the next ask (``WerewolfState.living``)
        told = PUBLIC_CAUSES.get(cause, "noche")
        s.death[seat] = told
        if cause == "disparo" and by is not None:
            s.emit_data(
                "muerte", None, {"player": players[seat], "role": roles[seat], "cause": told, "by": players[by]}
            )
        else:
            s.emit_data("muerte", None, {"player": players[seat], "role": roles[seat], "cause": told})
        if cause not in PUBLIC_CAUSES:
            s.emit_data("causa", NARRATOR_ONLY, {"player": players[seat], "cause": cause})
        lovers = s.lovers
        if lovers is not None and seat in lovers:
            partner = lovers[1] if lovers[0] == seat else lovers[0]
            if alive[partner]:
                queue.append((partner, "pena"))
        # The Cazador shoots however he dies: the card decides, whatever the seat does at night.
        if theme.roles[roles[seat]] == HUNTER:
            shots.append(("hunter", seat))
        if s.sheriff == seat:
            s.sheriff = None
            successions.append(("successor", seat))
    if shots or successions:
        s.agenda.extendleft(reversed([*shots, *successions, ("check",)]))
    elif queue:
        # Nothing is due before the end check, and whoever called returns right after: the check is made now
        # rather than queued as the next step (the same order, one turn of the agenda less a death).
        result = outcome(theme, s)
        if result is not None:
            finish(theme, s, result)


def hunter_step(theme: Theme, s: WerewolfState, seat: int) -> None:
    """Cazador: when he dies he may shoot any living player."""
    living = s.living()
    if not living:
        return
    s.ask(
        Prompt(
            f"{s.tag()}:{theme.kinds['hunter']}", s.players[seat], theme.kinds["hunter"], s.ids(living), skippable=True
        )
    )


def hunter_resolve(theme: Theme, s: WerewolfState, answers, seat: int) -> None:
    (chosen,) = answers.values()
    if chosen:
        die(theme, s, [(s.index[chosen[0]], "disparo")], by=seat)
    else:
        s.emit("sin-disparo", None, player=s.players[seat])


def successor_step(theme: Theme, s: WerewolfState, seat: int) -> None:
    """Alguacil: on his death he names the successor to the office; he must name somebody."""
    living = s.living()
    if not living:
        return
    kind = theme.kinds["successor"]
    s.ask(Prompt(f"{s.tag()}:{kind}", s.players[seat], kind, s.ids(living)))


def successor_resolve(theme: Theme, s: WerewolfState, answers, seat: int) -> None:
    (chosen,) = answers.values()
    s.sheriff = s.index[chosen[0]]
    s.emit("sucesor", None, player=chosen[0], by=s.players[seat])
