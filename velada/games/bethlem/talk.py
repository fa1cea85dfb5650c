"""Talk channels of El manicomio de Bethlem, from the rules (docs/rules/bethlem.md, "Talk").

- Day: everybody reads it; the players still in the game write while the day lasts.
- The mutineers: those who woke together in tonight's mutineers' turn (``s.pack``: with custom cards the
  Amotinados, the Renegado and a Traidor who chose them; Mary Firth in the place of one she unmasked). They write
  at night and read it until the next dusk. A player who stops being one of them (their mutineer card dies, is
  silenced, or changes hands) leaves it at once; the card's new holder joins when the mutineers next wake together,
  as at the table, where one learns who the mutineers are only by waking with them.
- The dead: the players out of the game.
- With a person narrating (Cuentacuentos), each player has a channel with the narrator alone.
"""

from __future__ import annotations

from velada.core.protocol import NARRATOR
from velada.core.talk import Channel, day_channel, dead_channel
from velada.games.bethlem.night import pack
from velada.games.bethlem.state import BethlemState


def channels(s: BethlemState) -> list[Channel]:
    players, out = s.players, s.out
    playing = [players[i] for i in range(len(players)) if not out[i]]
    found = [day_channel(players, playing if s.phase == "dia" else ())]
    if s.pack:
        rising = set(pack(s))
        members = frozenset(players[i] for i in s.pack if i in rising and not out[i])
        found.append(Channel("amotinados", members, members if s.phase == "noche" else frozenset()))
    dead = dead_channel(players[i] for i in range(len(players)) if out[i])
    if dead is not None:
        found.append(dead)
    if s.settings.storyteller:
        for i, player in enumerate(players):
            both = frozenset((player, NARRATOR))
            found.append(Channel(f"narrador-{i + 1}", both, both, kind="narrador"))
    return found
