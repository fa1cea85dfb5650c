"""Turn order and the hunting zone's new cards: what a new turn of the moon reads and deals (the round of turns
itself, which a turn's end starts again, is in ``turn``)."""

from __future__ import annotations

from velada.games.el_ansia import board
from velada.games.el_ansia.data import CARDS, SPACES
from velada.games.el_ansia.state import AnsiaState

#: Who plays first: the vampire farthest from the castle. By region, then by route, then closest to the maze.
REGION_ORDER = {"laberinto": 0, "bosque": 1, "llanuras": 2, "montanas": 3, "cementerio": 4, "castillo": 5}
ROUTE_ORDER = {"carretera": 0, "ferrocarril": 1, "barco": 2}
#: A space's place in the turn order (region, route, steps to the maze), worked out once.
SPACE_ORDER = {
    sp: (REGION_ORDER[space.region], ROUTE_ORDER[space.route], board.to_maze(sp)) for sp, space in SPACES.items()
}
#: The tavern's space.
TAVERN = next(sp for sp, space in SPACES.items() if space.effect == "taberna")


def turn_order(s: AnsiaState) -> list[int]:
    """Forest first, then plains, mountains, cemetery (and the castle last); in one region, road before railway
    before boat; then whoever is closer to the maze; on one space, the vampire on top."""
    keys = []
    for seat, space in enumerate(s.position):
        keys.append((SPACE_ORDER[space], -s.stacks[space].index(seat)))
    return sorted(range(len(keys)), key=keys.__getitem__)


def first_turn_order(s: AnsiaState) -> list[int]:
    """The first turn: the slowest starting hand plays first (the sum of the speeds printed on its 3 cards); a tie
    goes to the older player, who sits earlier at the table."""
    return sorted(range(len(s.players)), key=lambda seat: (sum(CARDS[c].speed for c in s.hand[seat]), seat))


def refill_zone(s: AnsiaState) -> None:
    for row in s.zone:
        if not s.hunt_deck:
            break
        card = s.hunt_deck.pop()
        (row[1] if "lento" in CARDS[card].keywords else row[2]).append(card)
