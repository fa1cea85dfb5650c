"""The board as a graph: distances, where a vampire can get to, the nearest well, the way to the maze.

Movement goes one way: a vampire may change route at an intersection but never goes back along the way it came, so
its cost to reach a space is the length of the shortest path there. Nobody moves through the castle: whoever enters
it has returned, and stays.
"""

from __future__ import annotations

from collections import deque
from functools import cache

from velada.games.el_ansia.data import EDGES, SPACES

NEIGHBOURS: dict[str, tuple[str, ...]] = {s: () for s in SPACES}
for _a, _b in EDGES:
    NEIGHBOURS[_a] += (_b,)
    NEIGHBOURS[_b] += (_a,)

WELLS = tuple(s for s, space in SPACES.items() if space.effect == "pozo" or s == "castillo")


@cache
def distances_from(start: str) -> dict[str, int]:
    """Shortest number of steps from ``start`` to every space, never passing through the castle."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == "castillo" and here != start:
            continue
        for nxt in NEIGHBOURS[here]:
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


@cache
def _nearest_first(start: str) -> tuple[tuple[tuple[str, int], ...], tuple[int, ...]]:
    """The (space, distance) pairs of :func:`distances_from` (nearest first: it walks the board breadth first),
    and for each distance d how many pairs are at most d away."""
    pairs = tuple(distances_from(start).items())
    within = [0] * (pairs[-1][1] + 1)
    for _, d in pairs:
        within[d] += 1
    for d in range(1, len(within)):
        within[d] += within[d - 1]
    return pairs, tuple(within)


@cache
def reachable(start: str, speed: int, home: bool) -> dict[str, int]:
    """Every space a vampire at ``start`` can end on with ``speed``, and what it costs. A vampire back ``home``
    in the castle never leaves it (all of them leave it on the first turns). Shared between callers (the board
    never changes): read it, do not change it."""
    if home or speed <= 0:
        return {}
    # The spaces 1 to ``speed`` steps away follow ``start`` itself in the nearest-first pairs: a slice of them,
    # not a pass over the whole board for each new (space, speed).
    pairs, within = _nearest_first(start)
    return dict(pairs[1 : within[min(speed, len(within) - 1)]])


@cache
def reachable_ids(start: str, speed: int, home: bool) -> tuple[str, ...]:
    """The spaces of :func:`reachable`, sorted: a move's options, offered many times a game from the same few
    (start, speed) pairs."""
    return tuple(sorted(reachable(start, speed, home)))


def to_maze(space: str) -> int:
    """Steps from ``space`` to the maze (turn order, Desorientación)."""
    return distances_from("laberinto").get(space, 99)


def to_castle(space: str) -> int:
    return distances_from("castillo").get(space, 99)


def step_towards(start: str, goal_distance: dict[str, int], steps: int) -> str:
    """Walk up to ``steps`` spaces along a shortest way to the goal whose distances are given."""
    here = start
    for _ in range(steps):
        if goal_distance.get(here, 0) == 0:
            break
        nxt = min(NEIGHBOURS[here], key=lambda s: (goal_distance.get(s, 99), s))
        if goal_distance.get(nxt, 99) >= goal_distance.get(here, 99) or nxt == "castillo":
            break
        here = nxt
    return here


@cache
def walk_towards(start: str, goal: str, steps: int) -> str:
    """:func:`step_towards` the space ``goal``: where a vampire forced towards it ends (Desorientación towards the
    maze, Picante towards a well), the same few walks over and over in a game."""
    return step_towards(start, distances_from(goal), steps)


@cache
def nearest_wells(start: str) -> tuple[int, tuple[str, ...]]:
    """The distance to the nearest well and every well at that distance (the player picks when two tie)."""
    dist = distances_from(start)
    best = min(dist.get(w, 99) for w in WELLS)
    return best, tuple(sorted(w for w in WELLS if dist.get(w, 99) == best))
