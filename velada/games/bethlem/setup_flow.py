"""Before the first night (section 3): each player lays their four cards face down in a row, in the order
they prefer. Positions matter for the rest of the game and change only where a card says so."""

from __future__ import annotations

from velada.games.bethlem.cards import CARDS, INMATES, MUTINEERS
from velada.games.bethlem.common import prompt
from velada.games.bethlem.setup import random_deal
from velada.games.bethlem.state import BethlemState


def place(s: BethlemState, rows: list[list[str]], personas: list[str]) -> None:
    """The dealt cards on the table; each player looks at theirs. In the 3-player mode the lone player (the
    first at the table) plays for the side of their principal characters, the pair for the other."""
    s.board = [list(row) for row in rows]
    s.persona = list(personas)
    for seat, row in enumerate(s.board):
        for pos, card in enumerate(row):
            s.where[card] = (seat, pos)
            s.alive[card] = True
    if s.settings.mode == "tres":
        lone = next(CARDS[c].side for c in s.board[0] if CARDS[c].group == "P1")
        other = INMATES if lone == MUTINEERS else MUTINEERS
        s.team = [lone, other, other]
    for seat, player in enumerate(s.players):
        s.emit("cartas", frozenset((player,)), cards=list(s.board[seat]), personality=s.persona[seat])
    if s.settings.arrange:
        s.agenda.appendleft(("arrange",))


def side_step(game, s: BethlemState) -> None:
    """3-player mode: the player who plays alone chooses the mutineers or the inmates, and gets both principal
    characters of that side."""
    s.ask(prompt(s, 0, "bando", (MUTINEERS, INMATES)))


def side_answer(game, s: BethlemState, answers) -> None:
    ((player, _), chosen), *_ = answers.items()
    draft = s.draft
    s.draft = None
    rows, personas = random_deal(len(s.players), draft["life"], draft["personalities"], s.rng, chosen[0])
    s.emit("bando", None, player=player, side=chosen[0])
    place(s, rows, personas)


def arrange_step(game, s: BethlemState) -> None:
    """Every player at once orders their cards: the answer lists the cards from position 1 on."""
    for seat, row in enumerate(s.board):
        s.ask(prompt(s, seat, "colocar", row, min=len(row), max=len(row), args={"n": len(row)}))


def arrange_answer(game, s: BethlemState, answers) -> None:
    for (player, _), chosen in answers.items():
        seat = s.index[player]
        s.board[seat] = list(chosen)
        for pos, card in enumerate(chosen):
            s.where[card] = (seat, pos)
    s.emit("colocadas", None)


STEPS = {"arrange": arrange_step, "side": side_step}
ANSWERS = {"arrange": arrange_answer, "side": side_answer}
