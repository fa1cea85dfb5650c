"""Before the first night (section 3): each player lays their four cards face down in a row, in the order
they prefer. Positions matter for the rest of the game and change only where a card says so."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from velada.games.bethlem.cards import CARDS, COMPOSITIONS, INMATES, KIND_OF, MUTINEERS
from velada.games.bethlem.common import prompt
from velada.games.bethlem.hooks import Step
from velada.games.bethlem.setup import (
    BOX_ORDER,
    MUTINEER_KEY,
    ORDER_KEY,
    PILES_KEY,
    deal_piles,
    draw_order,
    draw_piles,
    lay_out,
    row_sizes,
)
from velada.games.bethlem.state import BethlemState, Draft, Piles


def place(s: BethlemState, rows: list[list[str]], personas: list[str]) -> None:
    """The dealt cards on the table; each player looks at theirs. In the 3-player mode the lone player (the
    first at the table) plays for the side of their principal characters, the pair for the other."""
    s.board = [list(row) for row in rows]
    s.persona = list(personas)
    for seat, row in enumerate(s.board):
        for pos, card in enumerate(row):
            s.where[card] = (seat, pos)
            s.set_alive(card, True)
            s.dealt_to[card] = seat
    s.board_changed()
    if s.settings.mode == "tres":
        lone = MUTINEERS if any(CARDS[c].side == MUTINEERS for c in s.board[0]) else INMATES
        other = INMATES if lone == MUTINEERS else MUTINEERS
        s.team = [lone, other, other]
    elif s.settings.mode == "dos":
        # Daniel and Nathaniel make the mutineer; Larry Owls and Krugman play for the inmates here.
        s.team = [MUTINEERS if any(CARDS[c].side == MUTINEERS for c in row) else INMATES for row in s.board]
    for seat, player in enumerate(s.players):
        s.emit("cartas", frozenset((player,)), cards=list(s.board[seat]), personality=s.persona[seat])
    if s.settings.mode == "dos":
        # Both players know every card the other holds, not where it lies.
        for seat, player in enumerate(s.players):
            s.emit("mano", None, player=player, cards=sorted(s.board[seat]))
    if s.settings.arrange:
        s.agenda.appendleft(("arrange",))


def start_draft(s: BethlemState, chance: Mapping[str, Any]) -> None:
    """2-player mode: one player gets the two mutineers (Daniel, Nathaniel), the other Larry Owls and Krugman;
    then they take the other cards in turns, one at a time, group by group, each group's first pick as the
    book says, until both hold two cards of each group and one personality. Chance (or the deal, ``chance``:
    ``setup.chance_deal``) says who gets the mutineers and, with ``colocacion=reparto``, how the rows lie."""
    dos = COMPOSITIONS["dos"]
    mutineer = s.index[chance[MUTINEER_KEY]] if MUTINEER_KEY in chance else s.rng.randrange(2)
    s.team = [INMATES, INMATES]
    s.team[mutineer] = MUTINEERS
    taken: list[list[str]] = [[], []]
    taken[mutineer] = list(dos["mutineers"])
    taken[1 - mutineer] = list(dos["inmates"])
    order = _order(s, chance)
    s.draft = Draft(taken, ["", ""], 0, [[], []], _first(s, 0), order)
    s.emit("reparto-dos", None, mutineers=s.players[mutineer], inmates=s.players[1 - mutineer])
    s.agenda.append(("draft",))


def _first(s: BethlemState, g: int) -> int:
    return s.team.index(COMPOSITIONS["dos"]["draft"][g]["first"])


def draft_options(s: BethlemState) -> list[str]:
    """The cards the player in turn may take. The Siamesas: the first one taken must be its taker's first pick
    in the group; whoever took one takes the other with their second pick if the rival has not."""
    d = s.draft
    assert isinstance(d, Draft)
    group = COMPOSITIONS["dos"]["draft"][d.g]
    seat = d.turn
    taken = [c for row in d.taken for c in row] + [p for p in d.persona if p]
    remaining = [c for c in group["cards"] if c not in taken]
    mine = d.picks[seat]
    twins = [c for c in group["cards"] if KIND_OF[c] == "siamesas"]
    taken_twins = [c for c in twins if c in taken]
    if any(c in mine for c in twins) and len(mine) == 1:
        other = [c for c in twins if c not in taken]
        if other:
            return other
    out = []
    for card in remaining:
        if KIND_OF[card] == "siamesas" and not taken_twins and mine:
            continue
        out.append(card)
    return out


def draft_step(game, s: BethlemState) -> None:
    assert isinstance(s.draft, Draft)
    s.ask(prompt(s, s.draft.turn, "elegir-carta", draft_options(s)))


def draft_answer(game, s: BethlemState, answers) -> None:
    ((player, _), chosen), *_ = answers.items()
    d = s.draft
    assert isinstance(d, Draft)
    seat = s.index[player]
    group = COMPOSITIONS["dos"]["draft"][d.g]
    card = chosen[0]
    if group["group"] == "personalidad":
        d.persona[seat] = card
    else:
        d.taken[seat].append(card)
    d.picks[seat].append(card)
    s.emit("elige", None, player=player, card=card)
    wanted = 1 if group["group"] == "personalidad" else 2
    if all(len(p) == wanted for p in d.picks):
        d.g += 1
        d.picks = [[], []]
        if d.g == len(COMPOSITIONS["dos"]["draft"]):
            # Laid out by chance, the cards are numbered in the box's order, not in the order they were taken.
            order = d.order or {}
            rows = [
                lay_out(sorted(row, key=BOX_ORDER.__getitem__), order[p]) if p in order else row
                for p, row in zip(s.players, d.taken, strict=True)
            ]
            s.draft = None
            place(s, rows, d.persona)
            return
        d.turn = _first(s, d.g)
    else:
        d.turn = 1 - seat if len(d.picks[1 - seat]) < wanted else seat
    s.agenda.appendleft(("draft",))


def side_step(game, s: BethlemState) -> None:
    """3-player mode: the player who plays alone chooses the mutineers or the inmates, and gets both principal
    characters of that side."""
    s.ask(prompt(s, 0, "bando", (MUTINEERS, INMATES)))


def start_side(s: BethlemState, life: list[str], personalities: list[str], chance: Mapping[str, Any]) -> None:
    """3-player mode: the piles are shuffled (or written in the deal, ``chance``) before the lone player chooses
    a side; which cards they get depends on that choice."""
    piles = chance[PILES_KEY] if PILES_KEY in chance else draw_piles(life, personalities, s.rng)
    s.draft = Piles(piles, _order(s, chance))
    s.agenda.append(("side",))


def side_answer(game, s: BethlemState, answers) -> None:
    ((player, _), chosen), *_ = answers.items()
    draft = s.draft
    assert isinstance(draft, Piles), "the side is chosen before the deal"
    s.draft = None
    rows, personas = deal_piles(draft.piles, chosen[0])
    if draft.order is not None:
        order = draft.order
        rows = [lay_out(row, order[p]) for p, row in zip(s.players, rows, strict=True)]
    s.emit("bando", None, player=player, side=chosen[0])
    place(s, rows, personas)


def _order(s: BethlemState, chance: Mapping[str, Any]) -> dict[str, list[int]] | None:
    """How chance lays out the rows. In the 3-player mode always, as in the normal one: a player who lays out
    their cards starts from it (no position betrays a group even if they keep it). ``None`` when the 2-player
    draft's players lay out their cards: they start from the order they took them in, which both know."""
    if s.settings.arrange and s.settings.mode == "dos":
        return None
    if ORDER_KEY in chance:
        return chance[ORDER_KEY]
    return draw_order(s.players, row_sizes(s.settings.mode, len(s.players)), s.rng)


def arrange_step(game, s: BethlemState) -> None:
    """Every player at once orders their cards: the answer lists the cards from position 1 on."""
    for seat, row in enumerate(s.board):
        args = {"n": len(row), "table": s.table} if s.settings.mode == "dos" else {"n": len(row)}
        s.ask(prompt(s, seat, "colocar", row, min=len(row), max=len(row), args=args))


def arrange_answer(game, s: BethlemState, answers) -> None:
    for (player, _), chosen in answers.items():
        seat = s.index[player]
        s.board[seat] = list(chosen)
        for pos, card in enumerate(chosen):
            s.where[card] = (seat, pos)
    s.board_changed()
    s.emit("colocadas", None)


STEPS: dict[str, Step] = {"arrange": arrange_step, "side": side_step, "draft": draft_step}
ANSWERS: dict[str, Step] = {"arrange": arrange_answer, "side": side_answer, "draft": draft_answer}
