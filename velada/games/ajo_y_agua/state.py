"""The state of a game of Ajo y Agua: plain data, changed only by the rules modules."""

from __future__ import annotations

from dataclasses import dataclass, field

from velada.core.game import State


@dataclass(frozen=True, slots=True)
class Settings:
    start_cards: int
    hand_limit: int
    host_mode: str  # "fijo" | "rotativo"
    round_limit: int


@dataclass(slots=True, kw_only=True)
class AjoState(State):
    """Seats are indices into ``players`` (clockwise). ``hands`` and ``night`` count cards by id; ``equipped``
    lists the equipment a seat has face up. ``dying`` is the count bitten last night, until saved or dead;
    ``restricted`` the one who may only draw and discard today (even if saved)."""

    settings: Settings
    index: dict[str, int]
    houses: list[str]
    vampire: int
    host: int
    alive: list[bool] = field(default_factory=list)
    supply: list[str] = field(default_factory=list)  # the top card is the last one
    discard: list[str] = field(default_factory=list)
    retired: list[str] = field(default_factory=list)
    hands: list[dict[str, int]] = field(default_factory=list)
    equipped: list[list[str]] = field(default_factory=list)
    night: list[dict[str, int]] = field(default_factory=list)
    round: int = 0
    turn: int = 0
    turns: int = 0
    phase: str = "dia"
    order: list[int] = field(default_factory=list)
    current: int | None = None
    acted: bool = False
    equipped_now: bool = False
    action: str | None = None
    target: int | None = None
    dying: int | None = None
    restricted: int | None = None
    innocents_used: int = 0
    laid: list[str] = field(default_factory=list)
    step: str = ""
    #: The deck as dealt, top first, and who drew each card taken from the supply, in order (the first ones
    #: are the dealt deck's).
    dealt: list[str] = field(default_factory=list)
    draws: list[int] = field(default_factory=list)
    #: Every Mirror used: (user, target, the night card it showed).
    mirrored: list[tuple[int, int, str]] = field(default_factory=list)

    def living(self) -> list[int]:
        alive = self.alive
        return [i for i in range(len(alive)) if alive[i]]

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat].values())

    def tag(self) -> str:
        """The prefix of this moment's prompt ids: ``r2t3`` (round 2, turn 3)."""
        return f"r{self.round}t{self.turn}"
