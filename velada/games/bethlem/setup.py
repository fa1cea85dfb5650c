"""Preparación del juego (section 3) and Modos de juego (section 5): which cards a table plays with, the deal,
and each player arranging their cards face down in a row.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

from velada.core.chance import shuffle
from velada.games.bethlem.cards import (
    ALL_EVENTS,
    CARDS,
    COMPOSITIONS,
    CUSTOM,
    CUSTOM_P1,
    EVENTS,
    GROUP_OF,
    KIND_OF,
    LIFE_GROUPS,
    MUTINEERS,
    PERSONALITIES,
    TWINS,
)

EVENTS_KEY = "eventos"
GOALS_KEY = "objetivos"
HAPPENINGS_KEY = "acontecimientos"
#: What chance deals in the 2- and 3-player modes, where the players' choices (the draft, the lone player's side)
#: decide who holds which cards: the player who gets the mutineers (2 players), the piles the cards are dealt
#: from (3 players), the order each row is laid in when the players do not lay out their cards themselves.
MUTINEER_KEY = "amotinados"
PILES_KEY = "mazos"
ORDER_KEY = "orden"
#: A deal's keys besides the players' ids, in the order ``velada games`` documents them.
DEAL_KEYS = (EVENTS_KEY, GOALS_KEY, HAPPENINGS_KEY, MUTINEER_KEY, PILES_KEY, ORDER_KEY)
#: The keys of a deal of the 2- and 3-player modes that writes what chance deals (no player's cards).
CHANCE_KEYS = (EVENTS_KEY, MUTINEER_KEY, PILES_KEY, ORDER_KEY)
#: The 3-player mode's piles: one per life group, then the personalities.
PERSONALITY_PILE = "personalidades"
PILES = (*LIFE_GROUPS, PERSONALITY_PILE)
#: The order the 2-player mode's drafted cards are numbered in for the deal's ``orden``: the box's.
BOX_ORDER = {card: i for i, card in enumerate(CARDS)}
#: The two decks of acontecimientos a deal may give, top first.
HAPPENING_DECKS = ("periodicos", "puntuales")
#: The custom-cards mode is played by the tables of section 13's objective table.
CUSTOM_PLAYERS = (4, 7)


def mode_for(players: int) -> str:
    """Section 5: two and three players have their own modes; four to seven play the normal game."""
    return {2: "dos", 3: "tres"}.get(players, "normal")


def _recommended(players: int) -> dict[str, Any]:
    mode = mode_for(players)
    if mode == "normal":
        return COMPOSITIONS["normal"][str(players)]
    return COMPOSITIONS[mode]


def per_group(players: int) -> int:
    """Cards of each life group on the table: one per player; in the 3-player mode the lone player holds two."""
    return 4 if players == 3 else players


def personalities_needed(players: int) -> int:
    return players


def composition(
    players: int, required: tuple[str, ...] | str, custom: bool = False, rng: random.Random | None = None
) -> tuple[list[str], list[str]]:
    """The life cards and personalities in play. ``required`` (option ``cartas``) lists cards that must be in
    play; the rest is filled from the recommended list for the table, then from the box in the book's order.
    Copies that come together (Siamesas, Compañeros de celda) are added or left out together.

    With custom cards (section 13) the principal characters are custom ones: the required ones, then others
    drawn at random from the 13 with ``rng``; the other groups are the normal mode's."""
    if required == "auto":
        required = ()
    if custom:
        return _custom_composition(players, tuple(required), _recommended(players), rng)
    life, personalities = _normal_composition(players, tuple(required))
    return list(life), list(personalities)


@cache
def _normal_composition(players: int, required: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The normal mode's composition: it draws nothing, so it is worked out once per table size and required
    cards (the simulator deals thousands of tables alike)."""
    recommended = _recommended(players)
    wrong = [c for c in required if c in CUSTOM]
    if wrong:
        raise ValueError(f"{', '.join(wrong)} only play with custom cards (option cards=custom)")
    wanted = per_group(players)
    life: list[str] = []
    for group in LIFE_GROUPS:
        chosen = _fill(
            group,
            wanted,
            [c for c in required if GROUP_OF[c] == group],
            [c for c in recommended["life"] if GROUP_OF[c] == group],
            [c for c in CARDS if GROUP_OF[c] == group],
        )
        life.extend(chosen)
    personalities = _fill(
        "personalidad",
        personalities_needed(players) if mode_for(players) == "normal" else len(recommended["personalities"]),
        [c for c in required if c in PERSONALITIES],
        list(recommended["personalities"]),
        [c for c in PERSONALITIES if c != "cuentacuentos"],
    )
    p1 = [c for c in life if GROUP_OF[c] == "P1"]
    if players == 3 and sum(1 for c in p1 if CARDS[c].side == MUTINEERS) != 2:
        raise ValueError("with 3 players the table needs two mutineers and two other principal characters")
    if not any(CARDS[c].side == MUTINEERS for c in p1):
        raise ValueError("the table needs at least one mutineer (daniel, nathaniel or richard-dadd)")
    if all(CARDS[c].side == MUTINEERS for c in p1):
        raise ValueError("the table needs at least one principal character who is not a mutineer")
    return tuple(life), tuple(personalities)


def _custom_composition(
    players: int, required: tuple[str, ...], recommended: dict[str, Any], rng: random.Random | None
) -> tuple[list[str], list[str]]:
    low, high = CUSTOM_PLAYERS
    if not low <= players <= high:
        raise ValueError(f"the custom-cards mode is for {low} to {high} players, not {players}")
    wrong = [c for c in required if GROUP_OF[c] == "P1" and c not in CUSTOM]
    if wrong:
        raise ValueError(f"with custom cards the principal characters are custom ones, not {', '.join(wrong)}")
    pool = [c for c in CUSTOM_P1 if c not in required]
    if rng is not None:
        shuffle(rng, pool)
    p1 = _fill("P1", players, [c for c in required if GROUP_OF[c] == "P1"], pool, [])
    life: list[str] = []
    for group in LIFE_GROUPS:
        if group == "P1":
            life.extend(p1)
            continue
        life.extend(
            _fill(
                group,
                players,
                [c for c in required if GROUP_OF[c] == group],
                [c for c in recommended["life"] if GROUP_OF[c] == group],
                [c for c in CARDS if GROUP_OF[c] == group],
            )
        )
    personalities = _fill(
        "personalidad",
        players,
        [c for c in required if c in PERSONALITIES],
        list(recommended["personalities"]),
        [c for c in PERSONALITIES if c != "cuentacuentos"],
    )
    return life, personalities


def _fill(group: str, wanted: int, required: list[str], recommended: list[str], box: list[str]) -> list[str]:
    chosen: list[str] = []
    for card in required:
        for copy in TWINS.get(KIND_OF[card], (card,)):
            if copy not in chosen:
                chosen.append(copy)
    if len(chosen) > wanted:
        raise ValueError(
            f"{len(chosen)} cards of group {group} were required ({', '.join(chosen)}), the table takes {wanted}"
        )
    for card in recommended + box:
        if len(chosen) == wanted:
            break
        copies = TWINS.get(KIND_OF[card], (card,))
        if card in chosen or len(chosen) + len(copies) > wanted:
            continue
        chosen.extend(c for c in copies if c not in chosen)
    if len(chosen) < wanted:
        raise ValueError(f"not enough cards of group {group} for this table")
    return chosen


def random_deal(
    players: int, life: list[str], personalities: list[str], rng: random.Random
) -> tuple[list[list[str]], list[str]]:
    """Deal one card of each group to every player and one personality each, then lay each row in a random
    order (the players arrange it themselves when the table asks them to)."""
    by_group = {g: [c for c in life if GROUP_OF[c] == g] for g in LIFE_GROUPS}
    for cards in by_group.values():
        shuffle(rng, cards)
    rows: list[list[str]] = [[] for _ in range(players)]
    for cards in by_group.values():
        for seat in range(players):
            rows[seat].append(cards[seat])
    for row in rows:
        shuffle(rng, row)
    deck = list(personalities)
    shuffle(rng, deck)
    return rows, deck[:players]


def draw_piles(life: list[str], personalities: list[str], rng: random.Random) -> dict[str, list[str]]:
    """3-player mode: each group's cards and the personalities shuffled into piles, top first, before the lone
    player chooses a side (which of them they get depends on that choice; the order does not)."""
    piles = {g: [c for c in life if GROUP_OF[c] == g] for g in LIFE_GROUPS}
    piles[PERSONALITY_PILE] = list(personalities)
    for pile in piles.values():
        shuffle(rng, pile)
    return piles


def deal_piles(piles: Mapping[str, list[str]], lone_side: str) -> tuple[list[list[str]], list[str]]:
    """3-player mode: the lone player (the first at the table) gets both principal characters of the side they
    chose and the two top cards of every other pile, the other two players the next card each; one personality
    each from the top. Each row as dealt, before it is laid out."""
    p1 = piles["P1"]
    mine = [c for c in p1 if (CARDS[c].side == MUTINEERS) == (lone_side == MUTINEERS)]
    rest = [c for c in p1 if c not in mine]
    rows = [mine, [rest[0]], [rest[1]]]
    for group in LIFE_GROUPS[1:]:
        pile = piles[group]
        rows[0].extend(pile[:2])
        rows[1].append(pile[2])
        rows[2].append(pile[3])
    return rows, list(piles[PERSONALITY_PILE][:3])


def draw_order(players: tuple[str, ...], sizes: list[int], rng: random.Random) -> dict[str, list[int]]:
    """The order chance lays each player's row in (see :func:`lay_out`)."""
    return {p: rng.sample(range(1, n + 1), n) for p, n in zip(players, sizes, strict=True)}


def lay_out(cards: list[str], order: list[int] | None) -> list[str]:
    """A row laid out: ``order`` names, position by position, which of ``cards`` lies there (1: the first
    dealt); ``None``: as dealt (the player lays it out)."""
    return list(cards) if order is None else [cards[k - 1] for k in order]


def row_sizes(mode: str, players: int) -> list[int]:
    """How many life cards each player holds: eight each with 2 players, eight for the lone player with 3."""
    if mode == "dos":
        return [8, 8]
    return [8, 4, 4] if mode == "tres" else [4] * players


def explicit_deal(
    players: tuple[str, ...], deal: Mapping[str, Any], custom: bool = False
) -> tuple[list[list[str]], list[str], list | None]:
    """A deal written in a scenario: ``{player: [card at position 1, …, personality]}`` for every player, and
    optionally ``"eventos": [the event deck, top first]``. With custom cards the principal characters must be
    custom ones (and ``"objetivos"`` may name each player's objective, ``objectives.check_goals``)."""
    unknown = [repr(k) for k in deal if k not in players and k not in DEAL_KEYS]
    if unknown:
        raise ValueError(
            f"unknown deal key(s) {', '.join(unknown)} (not at the table); valid keys: each player's id "
            f"({', '.join(players)}), {', '.join(DEAL_KEYS)}"
        )
    if not custom and (GOALS_KEY in deal or HAPPENINGS_KEY in deal):
        raise ValueError(
            f"the deal's {GOALS_KEY} and {HAPPENINGS_KEY} only play with custom cards (option cards=custom)"
        )
    chance = [k for k in (MUTINEER_KEY, PILES_KEY, ORDER_KEY) if k in deal]
    if chance:
        raise ValueError(
            f"the deal's {', '.join(chance)} only play in the 2- and 3-player modes, in a deal that gives no "
            "player their cards (the players' choices do)"
        )
    decks = deal.get(HAPPENINGS_KEY)
    if decks is not None:
        wrong = [repr(k) for k in decks if k not in HAPPENING_DECKS] if isinstance(decks, Mapping) else ["-"]
        if wrong:
            raise ValueError(
                f"the deal's {HAPPENINGS_KEY} gives decks by name ({', '.join(wrong)}?): {', '.join(HAPPENING_DECKS)}"
            )
    rows, personas = [], []
    seen: set[str] = set()
    n = len(players)
    for player in players:
        hand = deal.get(player)
        if not isinstance(hand, list) or not hand:
            raise ValueError(f"the deal gives no cards to {player}: list the cards by position, then the personality")
        *row, persona = [str(c) for c in hand]
        for card in [*row, persona]:
            if card not in CARDS:
                raise ValueError(f"unknown card {card!r}")
            if card in seen:
                raise ValueError(f"the card {card} is dealt twice")
            seen.add(card)
        for card in row:
            if GROUP_OF[card] == "P1" and (card in CUSTOM) != custom:
                mode = "custom cards (cards=custom)" if card in CUSTOM else "the normal cards (cards=normal)"
                raise ValueError(f"{card} is a principal character of {mode}")
        if GROUP_OF[persona] != "personalidad":
            raise ValueError(f"{player}'s last card must be a personality, not {persona}")
        groups = sorted(GROUP_OF[c] for c in row)
        expected = sorted(LIFE_GROUPS * (2 if n in (2, 3) and len(row) == 8 else 1))
        if groups != expected:
            raise ValueError(f"{player} must hold one card of each group P1, P2, A1, A2 (two each for the lone player)")
        rows.append(row)
        personas.append(persona)
    for card in seen:
        for copy in TWINS.get(KIND_OF[card], ()):
            if copy not in seen:
                raise ValueError(f"{card} comes with {copy}: deal all of its copies or none")
    events = deal.get(EVENTS_KEY)
    return rows, personas, None if events is None else _events(events, custom)


def _events(events: Any, custom: bool) -> list[str]:
    events = [str(e) for e in events]
    for event in events:
        if event not in (ALL_EVENTS if custom else EVENTS):
            raise ValueError(f"unknown event {event!r}")
    return events


def chance_deal(players: tuple[str, ...], deal: Mapping[str, Any], mode: str, arrange: bool) -> dict[str, Any]:
    """A deal of the 2- and 3-player modes that writes only what chance deals, the players' choices (the draft,
    the lone player's side, the layout) deciding the rest as in any game: ``"amotinados"``: the player who gets
    the mutineers (2 players); ``"mazos"``: each group's pile and the personalities' (3 players); ``"orden"``:
    player → which card lies in each position (see :func:`lay_out`; the cards numbered as dealt, the 2-player
    draft's in the box's order): with 3 players, and with 2 and ``colocacion=reparto``; ``"eventos"``. What it
    leaves out is drawn with the game's seed."""
    wrong = [repr(k) for k in deal if k not in CHANCE_KEYS]
    if wrong:
        raise ValueError(
            f"unknown deal key(s) {', '.join(wrong)}: a deal of the {len(players)}-player mode gives either every "
            f"player's cards or what chance deals ({', '.join(CHANCE_KEYS)})"
        )
    out: dict[str, Any] = {}
    allowed = {
        MUTINEER_KEY: (mode == "dos", "the 2-player mode"),
        PILES_KEY: (mode == "tres", "the 3-player mode"),
        ORDER_KEY: (mode == "tres" or not arrange, "the 3-player mode, and the 2-player one with colocacion=reparto"),
    }
    for key, (ok, where) in allowed.items():
        if key in deal and not ok:
            raise ValueError(f"the deal's {key} is for {where}")
    if MUTINEER_KEY in deal:
        if deal[MUTINEER_KEY] not in players:
            raise ValueError(f"the deal's {MUTINEER_KEY} names a player at the table, not {deal[MUTINEER_KEY]!r}")
        out[MUTINEER_KEY] = deal[MUTINEER_KEY]
    if PILES_KEY in deal:
        out[PILES_KEY] = _piles(deal[PILES_KEY])
    if ORDER_KEY in deal:
        orders = deal[ORDER_KEY]
        sizes = dict(zip(players, row_sizes(mode, len(players)), strict=True))
        if not isinstance(orders, Mapping) or sorted(orders) != sorted(players):
            raise ValueError(f"the deal's {ORDER_KEY} gives every player's order: {', '.join(players)}")
        for player, order in orders.items():
            if sorted(order) != list(range(1, sizes[player] + 1)):
                raise ValueError(f"{player}'s {ORDER_KEY} numbers their {sizes[player]} cards once each, from 1")
        out[ORDER_KEY] = {p: [int(k) for k in orders[p]] for p in players}
    if EVENTS_KEY in deal:
        out[EVENTS_KEY] = _events(deal[EVENTS_KEY], False)
    return out


def _piles(piles: Any) -> dict[str, list[str]]:
    """The 3-player mode's piles, checked: four cards of each life group (two mutineers among the principal
    characters), copies that come together all in, and at least three personalities."""
    if not isinstance(piles, Mapping) or sorted(piles) != sorted(PILES):
        raise ValueError(f"the deal's {PILES_KEY} gives one pile per group: {', '.join(PILES)}")
    out = {group: [str(c) for c in piles[group]] for group in PILES}
    seen = [c for pile in out.values() for c in pile]
    for group, pile in out.items():
        wanted = "personalidad" if group == PERSONALITY_PILE else group
        if any(c not in CARDS or c in CUSTOM or GROUP_OF[c] != wanted for c in pile):
            raise ValueError(f"the pile {group} takes cards of its group (not custom ones): {', '.join(pile)}")
        if not (len(pile) >= 3 if group == PERSONALITY_PILE else len(pile) == 4):
            raise ValueError(f"the pile {group} has {len(pile)} cards: 4 of each life group, 3 personalities or more")
    if len(set(seen)) != len(seen):
        raise ValueError("a card is in the piles twice")
    for card in seen:
        for copy in TWINS.get(KIND_OF[card], ()):
            if copy not in seen:
                raise ValueError(f"{card} comes with {copy}: deal all of its copies or none")
    if sum(CARDS[c].side == MUTINEERS for c in out["P1"]) != 2:
        raise ValueError("with 3 players the table needs two mutineers and two other principal characters")
    return out
