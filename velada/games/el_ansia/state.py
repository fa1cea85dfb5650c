"""The state of a game of El ansia: plain data, changed only by the rules modules."""

from __future__ import annotations

from dataclasses import dataclass, field

from velada.core.game import State
from velada.games.el_ansia.effects import PlayArea, area


@dataclass(frozen=True, slots=True)
class Settings:
    mode: str  # "venerable" | "novato"
    turns: int = 15


@dataclass(slots=True, kw_only=True)
class AnsiaState(State):
    """Seats are indices into ``players``. Card piles are lists of card ids with the top at the end. The play
    area holds this turn's cards as (uid, card id) pairs so that two copies of a card stay apart; ``activated``
    lists the uids whose effect has been used and ``dropped`` those discarded before use (their speed no longer
    counts). ``zone[row][col]`` is a stack of cards in the hunting zone (column 0 costs 1, 1 costs 2, 2 costs 3)."""

    settings: Settings
    index: dict[str, int]
    vampires: list[str]
    position: list[str] = field(default_factory=list)
    stacks: dict[str, list[int]] = field(default_factory=dict)  # seats on a space, bottom first
    home: list[bool] = field(default_factory=list)  # back in the castle: stays there
    deck: list[list[str]] = field(default_factory=list)
    hand: list[list[str]] = field(default_factory=list)
    discard: list[list[str]] = field(default_factory=list)
    digested: list[list[str]] = field(default_factory=list)
    permanents: list[list[str]] = field(default_factory=list)
    tokens: list[list[str]] = field(default_factory=list)
    used_tokens: list[list[str]] = field(default_factory=list)
    missions: list[list[str]] = field(default_factory=list)
    used_missions: list[list[str]] = field(default_factory=list)
    public_missions: list[str] = field(default_factory=list)
    crypts: dict[str, list[str]] = field(default_factory=dict)
    chests: dict[str, str | None] = field(default_factory=dict)
    open_chests: list[str] = field(default_factory=list)
    zone: list[list[list[str]]] = field(default_factory=list)
    hunt_deck: list[str] = field(default_factory=list)
    tavern: list[str] = field(default_factory=list)
    roses: list[str] = field(default_factory=list)
    castle_tiles: list[int] = field(default_factory=list)
    castle_order: list[int] = field(default_factory=list)
    score: list[int] = field(default_factory=list)
    moon: int = 1
    extra_turn: bool = False  # the umbrellas' turn after dawn
    order: list[int] = field(default_factory=list)
    played: list[bool] = field(default_factory=list)
    current: int | None = None
    # --- this turn ---
    play: list[tuple[str, str]] = field(default_factory=list)
    activated: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    uid: int = 0
    pending_effect: str | None = None  # the uid whose discard is being chosen
    bonus_speed: int = 0
    spent: int = 0
    moved: bool = False
    can_move: bool = True
    hunts: int = 1
    well_hunts: int = 0
    hunted: bool = False
    rose_taken: bool = False
    hunt_bonus_region: str | None = None
    last_hunt: tuple[int, int] | None = None  # the zone cell last hunted (Vampiro de la costa)
    spicy: list[list[str]] = field(default_factory=list)  # Picante cards held in play until a well is reached
    turn_phase: str = "uno"  # "uno" (discard/draw), "mover", "cazar": where a choice returns to
    push_queue: list[int] = field(default_factory=list)
    preparadas: list[str] = field(default_factory=list)
    step: str = ""
    choice_kinds: dict[str, str] = field(default_factory=dict)
    first_order: list[int] = field(default_factory=list)
    crypt_region: str = ""
    survivors: list[bool] = field(default_factory=list)
    #: Cards each seat has drawn from its deck, reshuffles included (the first ones are the deck as dealt).
    drawn: list[int] = field(default_factory=list)
    #: Seats that have looked at a crypt's missions.
    crypts_seen: list[bool] = field(default_factory=list)
    #: The play area as the turn reads it (``effects.area``), kept until the play area changes.
    area: PlayArea | None = field(default=None, compare=False, repr=False)

    def speed(self) -> int:
        """What the vampire may still spend this turn."""
        return area(self).speed + self.bonus_speed - self.spent

    def tag(self) -> str:
        return f"t{self.moon}" + ("x" if self.extra_turn else "")
