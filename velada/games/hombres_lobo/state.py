"""The state of a Werewolf-family game: plain data, changed only by the rules modules."""

from __future__ import annotations

import functools
from collections import deque
from dataclasses import dataclass, field
from itertools import combinations, compress
from typing import Any, Literal

from velada.core.game import State

#: What the Ladrón did with the dealt cards: nothing yet, his card for spare card ``k`` (``("cambio", seat, k)``),
#: or every card ``shift`` seats on (``("rotacion", shift)``).
ThiefMove = tuple[()] | tuple[Literal["cambio"], int, int] | tuple[Literal["rotacion"], int]

# The agenda's steps (``flow.STEPS``): a step is its name and its arguments, a plain tuple (a step is made at
# every call of the game: no class to build), typed by its shape; the name says which (``flow.advance`` calls the
# step's function with the arguments, ``flow.resolve`` its resolver with the answers first).
#: A step without arguments: the calls of the night and the preparation, the vote, the end check.
CallStep = tuple[Literal["thief", "cupid", "check", "dusk", "seer", "witch", "witch_death", "dawn", "vote"]]
#: The Alguacil's election, ``when`` it is held (``preparation`` or ``day``).
ElectionStep = tuple[Literal["election"], str]
#: The wolves' round of their vote (1, then 2 and on when the table plays several).
WolvesStep = tuple[Literal["wolves"], int]
#: A vote again among the tied or the most voted players (their ids).
TiedStep = tuple[Literal["election_revote", "runoff", "revote", "tiebreak"], tuple[str, ...]]
#: What a dead seat does (the Cazador's shot, the Alguacil's successor).
SeatStep = tuple[Literal["hunter", "successor"], int]
AgendaStep = CallStep | ElectionStep | WolvesStep | TiedStep | SeatStep


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


@functools.cache
def fact(key: str, value: Any) -> dict[str, Any]:
    """The data ``{key: value}`` of an event or a prompt's ``args`` that always says the same (a call, a day's
    number, a card, the wolves' round), one dict for every game: logged data are never changed, and these were a
    new dict at every call, kept all game long (about a third of a game's events)."""
    return {key: value}


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
    agenda: deque[AgendaStep] = field(default_factory=deque)
    #: The step running, whose prompts are open (``()`` before the first).
    step: AgendaStep | tuple[()] = ()
    wolves_met: bool = False
    holder: dict[str, int] = field(default_factory=dict)
    pack: list[int] = field(default_factory=list)
    pack_audience: frozenset[str] = frozenset()
    prey: tuple[str, ...] = ()
    #: The living seats (``living()``) that ``pack``, ``prey`` and ``pack_audience`` were read from: they change
    #: only with a death, so a night without one since the last reuses them.
    pack_of: tuple[int, ...] | None = field(default=None, compare=False, repr=False)
    #: The powers whose cards are in the game, dealt or spare: the same all game long (the Ladrón only swaps
    #: cards), so worked out once at setup instead of at every call.
    powers_in_game: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    #: The living seats and each seat's options naming the other living players (``living``, ``others``): asked
    #: at every call and vote and changed only by a death, so worked out once and forgotten by ``deaths.die``,
    #: the one rule that writes ``alive`` (``None``: to be read again).
    living_seats: tuple[tuple[int, ...], list[tuple[str, ...]] | None] | None = field(
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
        """The living seats, in seat order: the same tuple from one death to the next."""
        known = self.living_seats
        if known is None:
            # ``compress`` picks them in C: a comprehension's frame and loop cost ~10 opcodes a seat at every death.
            alive = self.alive
            known = self.living_seats = (tuple(compress(range(len(alive)), alive)), None)
        return known[0]

    def others(self) -> list[tuple[str, ...]]:
        """By seat, the ids of the other living players in seat order: the options of a decision that names
        anybody alive but oneself (the Vidente, the Bruja's poison, the lynching vote); ``()`` for a dead seat."""
        seats = self.living()
        known = self.living_seats
        assert known is not None, "living() has just read the living seats"
        table = known[1]
        if table is None:
            table = [()] * len(self.alive)
            if seats:
                # The living ids (those of ``seats``) less one each, made in C by ``combinations``, which leaves out
                # the last first: the seats taken in reverse order each get the next (one tuple a seat, where two
                # slices and their sum made three; ``zip(..., strict=True)`` measured dearer than ``next``).
                ids = tuple(compress(self.players, self.alive))
                rest = combinations(ids, len(ids) - 1)
                for seat in reversed(seats):
                    table[seat] = next(rest)
            self.living_seats = (seats, table)
        return table

    def tag(self) -> str:
        """The prefix of this moment's prompt ids: ``p`` (preparation), ``n3`` (third night), ``d3`` (day)."""
        if self.phase == "preparacion":
            return "p"
        return ("n" if self.phase == "noche" else "d") + str(self.day)
