"""Talk channels of the Werewolf family, from the rules (docs/rules/hombres-lobo.md, "Talk").

- Day: everybody reads it; the living write while the day lasts (debate and votes) and during the election of the
  Alguacil before the first night; nobody at night.
- The wolves (the pack, once it has met on the first night): the living wolves read it; they write at night.
  The Niña who chose to spy reads it too, without the authors' names, while her eyes are open: from her answer
  "espiar" until the wolves' first round of that night resolves (when the risk of being caught is drawn).
- The lovers, once Cupido has shot: the two of them while they live (they die together).
- The dead: everybody who has died reads and writes it.
"""

from __future__ import annotations

from velada.core.talk import Channel, day_channel, dead_channel
from velada.games.hombres_lobo.game import PUBLIC_DECISIONS
from velada.games.hombres_lobo.night import SPY
from velada.games.hombres_lobo.state import WerewolfState
from velada.games.hombres_lobo.theme import LITTLE_GIRL, WOLF, Theme


def spying(theme: Theme, s: WerewolfState) -> frozenset[str]:
    """The Niña with her eyes open now: she answered "espiar" to tonight's first wolves' call, still open."""
    if s.phase != "noche":
        return frozenset()
    kind = theme.kinds["little_girl"]
    return frozenset(
        player for (player, pid), answer in s.answers.items() if answer == (SPY,) and s.group[player, pid].kind == kind
    )


def params(theme: Theme, lang: str) -> dict[str, str]:
    """The theme's words the channels' texts use."""
    names = theme.names.get(lang) or theme.names["es"]
    return {"wolves": names["wolves"].lower(), "pack": names["wolves"], "girl": names["little_girl"]}


def channels(theme: Theme, s: WerewolfState) -> list[Channel]:
    players, alive = s.players, s.alive
    living = [players[i] for i in range(len(players)) if alive[i]]
    # The village debates by day, and whenever it votes in public (electing its Alguacil before the first night).
    public = {theme.kinds[kind] for kind in PUBLIC_DECISIONS}
    debate = s.phase == "dia" or any(p.kind in public for p in s.group.values())
    found = [day_channel(players, living if debate else ())]
    if s.wolves_met:
        wolves = frozenset(players[i] for i in range(len(players)) if alive[i] and s.powers[i] == WOLF)
        girl = spying(theme, s)
        has_girl = any(theme.roles[role] == LITTLE_GIRL for role in (*s.roles, *s.spare))
        found.append(
            Channel(
                "lobos",
                wolves | girl,
                wolves if s.phase == "noche" else frozenset(),
                masked=girl,
                kind="lobos-nina" if has_girl else "lobos",
            )
        )
    if s.lovers is not None:
        lovers = frozenset(players[i] for i in s.lovers if alive[i])
        found.append(Channel("enamorados", lovers, lovers))
    dead = dead_channel(players[i] for i in range(len(players)) if not alive[i])
    if dead is not None:
        found.append(dead)
    return found
