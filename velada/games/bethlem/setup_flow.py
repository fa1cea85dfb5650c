"""Before the first night (section 3): each player lays their four cards face down in a row, in the order
they prefer. Positions matter for the rest of the game and change only where a card says so."""

from __future__ import annotations

from velada.games.bethlem.common import prompt
from velada.games.bethlem.state import BethlemState


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


STEPS = {"arrange": arrange_step}
ANSWERS = {"arrange": arrange_answer}
