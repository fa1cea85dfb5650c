"""Aitor "El Último Superviviente" (section 13).

- **Base power**: on the first night (step 5) the table learns who holds it (the player, not the position).
  If the card dies in the first three rounds, the game ends and its holder wins at once. That is what the
  card does when it dies, so what stops death powers stops it too (Leproso, Melancolía).
- **Extra power**: none (the book: it does not need one).
- **Awakening "Instinto de supervivencia"**: the card is shown to everybody and cannot die until the end of the
  third round after the one it woke in.
"""

from __future__ import annotations

from dataclasses import dataclass

from velada.games.bethlem.cards import KIND_OF, SURVIVOR
from velada.games.bethlem.objectives import instant_win
from velada.games.bethlem.plugins import Character, awake, found, record
from velada.games.bethlem.state import AgendaStep, BethlemState, CustomRecord

KIND = "el-ultimo-superviviente"
#: The rounds in which its death wins the game.
DEADLY_ROUNDS = 3
#: How many rounds after its awakening it cannot die.
IMMORTAL_ROUNDS = 3


@dataclass(slots=True)
class SurvivorRecord(CustomRecord):
    """Who told the table they hold it (their seat), and the last round its awakening keeps it alive."""

    announced: int | None = None
    until: int = 0


def _record(s: BethlemState) -> SurvivorRecord:
    return record(s, KIND, SurvivorRecord)


def _found(s: BethlemState) -> SurvivorRecord | None:
    return found(s, KIND, SurvivorRecord)


def announce_handler(game, s: BethlemState) -> None:
    """Step 5, first night: whoever holds it tells the table (everybody learns the player, not the card's
    place)."""
    for card in s.found(KIND):
        seat = s.holder(card)
        if s.alive[card] and not s.out[seat]:
            _record(s).announced = seat
            s.emit("superviviente", None, player=s.players[seat])


def badges(s: BethlemState, seat: int, viewer: int | None, narrator: bool) -> list[str]:
    """Everybody sees who announced holding it (what every viewer knows is in the view, not only in the log)."""
    mine = _found(s)
    return ["superviviente"] if mine is not None and mine.announced == seat else []


def on_death(s: BethlemState, card: str, cause: str, by: tuple[int, ...]) -> list[AgendaStep]:
    """Dying in the first three rounds: its holder wins at once."""
    if s.round <= DEADLY_ROUNDS:
        seat = s.holder(card)
        s.emit("superviviente-gana", None, player=s.players[seat])
        instant_win(s, SURVIVOR, SURVIVOR, [seat])
    return []


def awakened(s: BethlemState, card: str) -> None:
    """Instinto de supervivencia: shown to all, immortal for the next three rounds."""
    _record(s).until = s.round + IMMORTAL_ROUNDS
    s.public[card] = True
    seat, pos = s.where[card]
    s.emit("revela", None, player=s.players[seat], position=pos + 1, card=card, power=KIND)


def immunity(s: BethlemState, card: str, cause: str, flags: int) -> str:
    if KIND_OF[card] == KIND and awake(s, card) and s.passive(card) and s.round <= _record(s).until:
        return KIND
    return ""


CHARACTER = Character(
    KIND,
    handlers={KIND: announce_handler},
    triggers={KIND: on_death},
    immunity=immunity,
    on_awaken=awakened,
    badges=badges,
)
