"""Turn order, preparing the next turn, dawn and the umbrellas' extra turn."""

from __future__ import annotations

# turn imports this module too (and scoring imports turn): each reads the other's functions only when called.
from velada.games.el_ansia import board, scoring, turn
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

    def key(seat: int) -> tuple:
        space = s.position[seat]
        return SPACE_ORDER[space], -s.stacks[space].index(seat)

    return sorted(range(len(s.players)), key=key)


def first_turn_order(s: AnsiaState) -> list[int]:
    """The first turn: the slowest starting hand plays first (the sum of the speeds printed on its 3 cards); a tie
    goes to the older player, who sits earlier at the table."""
    return sorted(range(len(s.players)), key=lambda seat: (sum(CARDS[c].speed for c in s.hand[seat]), seat))


def start_turn_round(s: AnsiaState, order: list[int]) -> None:
    s.order = list(order)
    s.emit("orden", None, moon=s.moon, players=[s.players[i] for i in order], extra=s.extra_turn)
    next_player(s)


def next_player(s: AnsiaState) -> None:
    if s.order:
        turn.start_turn(s, s.order.pop(0))
        return
    prepare_next_turn(s)


def prepare_next_turn(s: AnsiaState) -> None:
    """The moon moves on (after turn 15 the game ends, but for the umbrellas' turn). Every card left in the
    hunting zone moves one column towards column 1, where stacks pile up; new cards enter column 3 (a «lento»
    human goes straight to column 2), except before the 15th turn. The tavern gets a face-down card if no vampire
    is there and it holds fewer than 3."""
    if s.extra_turn or s.moon >= s.settings.turns:
        umbrellas = [i for i in turn_order(s) if "sombrilla" in s.tokens[i] and not s.extra_turn]
        if umbrellas:
            s.extra_turn = True
            s.emit("sombrillas", None, players=[s.players[i] for i in umbrellas])
            start_turn_round(s, umbrellas)
            return
        scoring.final_scoring(s)
        return
    s.moon += 1
    s.emit("luna", None, moon=s.moon)
    for row in s.zone:
        row[0].extend(row[1])
        row[1] = row[2]
        row[2] = []
    if s.moon < s.settings.turns:
        refill_zone(s)
    if not s.stacks.get(TAVERN) and len(s.tavern) < 3 and s.hunt_deck:
        s.tavern.append(s.hunt_deck.pop())
    start_turn_round(s, turn_order(s))


def refill_zone(s: AnsiaState) -> None:
    for row in s.zone:
        if not s.hunt_deck:
            break
        card = s.hunt_deck.pop()
        (row[1] if "lento" in CARDS[card].keywords else row[2]).append(card)
