"""The state of a Werewolf-family game: plain data, changed only by the rules modules."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Literal

from velada.core.game import State

#: What the Ladrón did with the dealt cards: nothing yet, his card for spare card ``k`` (``("cambio", seat, k)``),
#: or every card ``shift`` seats on (``("rotacion", shift)``).
ThiefMove = tuple[()] | tuple[Literal["cambio"], int, int] | tuple[Literal["rotacion"], int]


@dataclass(frozen=True, slots=True)
class Settings:
    """The table's options, by rule rather than by their themed key, normalised once at setup."""

    wolf_rounds: int
    little_girl_risk: int
    thief_variant: str  # "intercambio" | "rotacion"
    sheriff: str  # "preparacion" | "dia-1" | "dia-2" | "dia-3" | "no"
    sheriff_power: str  # "ambos" | "voto-doble" | "desempate"
    vote: str  # "simple" | "dos-rondas"
    tie: str  # "nadie" | "revotacion" | "azar"
    victory: str  # "ultimo" | "penultimo"
    day_limit: int

    @property
    def sheriff_double_vote(self) -> bool:
        return self.sheriff_power in ("ambos", "voto-doble")

    @property
    def sheriff_breaks_ties(self) -> bool:
        return self.sheriff_power in ("ambos", "desempate")


@dataclass(slots=True, kw_only=True)
class WerewolfState(State):
    """Seats are indices into ``players`` (clockwise order); ids appear only in prompts and events.

    ``roles`` is the card each seat holds (what the Vidente sees and a death reveals); ``powers`` the rule that
    seat follows now (a Cupido who has shot is a simple villager). ``known[p]`` maps each seat whose card
    ``p`` has seen or been told to that card: it is what ``view`` may show to ``p``. ``thief_move`` is what the
    Ladrón did with the dealt cards: ``("cambio", seat, k)`` (his card for spare card ``k``) or ``("rotacion",
    shift)`` (every card ``shift`` seats on).
    """

    settings: Settings
    index: dict[str, int]
    roles: list[str]
    powers: list[str]
    spare: list[str] = field(default_factory=list)
    thief_move: ThiefMove = ()
    alive: list[bool] = field(default_factory=list)
    #: How each dead seat died, as the table was told (``noche`` for any night death): seat → cause.
    death: dict[int, str] = field(default_factory=dict)
    known: list[dict[int, str]] = field(default_factory=list)
    lovers: tuple[int, int] | None = None
    lovers_side: bool = False
    cupid: int | None = None
    sheriff: int | None = None
    life_potion: bool = True
    death_potion: bool = True
    phase: str = "preparacion"
    day: int = 0
    agenda: deque[tuple] = field(default_factory=deque)
    step: tuple = ()
    wolves_met: bool = False
    holder: dict[str, int] = field(default_factory=dict)
    pack: list[int] = field(default_factory=list)
    pack_audience: frozenset[str] = frozenset()
    prey: tuple[str, ...] = ()
    #: The powers whose cards are in the game, dealt or spare: the same all game long (the Ladrón only swaps
    #: cards), so worked out once at setup instead of at every call.
    powers_in_game: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    #: The living seats, the ``alive`` they were read from, and each seat's options naming the other living
    #: players (``living``, ``others``): asked at every call and vote, changed only by a death, so read again
    #: only when ``alive`` no longer equals the copy.
    living_seats: tuple[list[bool], tuple[int, ...], list[tuple[str, ...]] | None] | None = field(
        default=None, compare=False, repr=False
    )
    #: Each seat's own audience (its player alone), for the events told to one player: made once at setup.
    alone: list[frozenset[str]] = field(default_factory=list, compare=False, repr=False)
    victim: int | None = None
    victim_cause: str = "lobos"
    saved: bool = False
    poisoned: int | None = None

    def seats(self, power: str) -> list[int]:
        """Living seats that follow ``power``."""
        powers, alive = self.powers, self.alive
        seat = self.holder.get(power)
        if seat is not None:
            return [seat] if alive[seat] and powers[seat] == power else []
        return [i for i in range(len(powers)) if alive[i] and powers[i] == power]

    def find_holders(self) -> None:
        """Note who holds each special card (there is one of each), after the deal and after the Ladrón."""
        self.holder = {p: i for i, p in enumerate(self.powers) if p not in ("wolf", "villager")}

    def living(self) -> tuple[int, ...]:
        """The living seats, in seat order."""
        alive = self.alive
        known = self.living_seats
        if known is None or known[0] != alive:
            known = self.living_seats = (list(alive), tuple([i for i in range(len(alive)) if alive[i]]), None)
        return known[1]

    def others(self) -> list[tuple[str, ...]]:
        """By seat, the ids of the other living players in seat order: the options of a decision that names
        anybody alive but oneself (the Vidente, the Bruja's poison, the lynching vote); ``()`` for a dead seat."""
        seats = self.living()
        known = self.living_seats
        assert known is not None, "living() has just read the living seats"
        table = known[2]
        if table is None:
            ids = self.ids(seats)
            table = [()] * len(self.alive)
            for k, seat in enumerate(seats):
                table[seat] = ids[:k] + ids[k + 1 :]
            self.living_seats = (known[0], seats, table)
        return table

    def tag(self) -> str:
        """The prefix of this moment's prompt ids: ``p`` (preparation), ``n3`` (third night), ``d3`` (day)."""
        if self.phase == "preparacion":
            return "p"
        return ("n" if self.phase == "noche" else "d") + str(self.day)
