"""Cuentacuentos (sections 3 and 6, night step 1): the card of a human narrator who holds no other card, sees
the whole game, and answers each player's question about the future.

With the table option ``cuentacuentos=si`` a person sits in the web app's narrator seat (the protocol's
``NARRATOR``). From the second night on, the night opens with the players' questions: every player still in
the game who has a question left may write one (free text), and the narrator answers each in free text. Only
the asker and the narrator see question and answer. How many questions a player has is the option
``preguntas-narrador``: one for the whole game (the card's words) or one every night.
"""

from __future__ import annotations

from velada.core.protocol import NARRATOR, Prompt
from velada.games.bethlem.common import prompt
from velada.games.bethlem.hooks import Step
from velada.games.bethlem.state import BethlemState

#: Longest question and answer, in characters: a question is a sentence; an answer may be a riddle.
QUESTION_MAX = 200
ANSWER_MAX = 300


def questions_handler(game, s: BethlemState) -> None:
    """Night step 1, "Preguntas al narrador" (not on the first night, as data says): only with a narrator."""
    if s.settings.storyteller:
        s.agenda.appendleft(("storyteller-questions",))


def questions_step(game, s: BethlemState) -> None:
    """Each player who may still ask is offered a question, all at once, so nobody learns who asked."""
    for seat in s.seats_in_game():
        if s.settings.questions == "una-por-noche" or s.players[seat] not in s.storyteller_asked:
            s.ask(prompt(s, seat, "pregunta-al-narrador", (), skippable=True, text_max=QUESTION_MAX))


def questions_answer(game, s: BethlemState, answers) -> None:
    asked = []
    for (player, _), chosen in answers.items():
        if chosen:
            s.storyteller_asked.add(player)
            s.emit("pregunta-narrador", frozenset((player,)), question=chosen[0])
            asked.append((player, chosen[0]))
    if asked:
        s.agenda.appendleft(("storyteller-answers", tuple(asked)))


def answers_step(game, s: BethlemState, asked: tuple[tuple[str, str], ...]) -> None:
    """The narrator answers every question of the night. Skippable, so a table's timer can move on when the
    narrator is away: the player is then told the narrator kept silent."""
    for player, question in asked:
        s.ask(
            Prompt(
                f"{s.tag()}:respuesta-del-narrador:{player}",
                NARRATOR,
                "respuesta-del-narrador",
                (),
                skippable=True,
                args={"player": player, "question": question},
                text_max=ANSWER_MAX,
            )
        )


def answers_answer(game, s: BethlemState, answers, asked: tuple[tuple[str, str], ...]) -> None:
    for player, question in asked:
        chosen = answers.get((NARRATOR, f"{s.tag()}:respuesta-del-narrador:{player}"), ())
        if chosen:
            s.emit("respuesta-narrador", frozenset((player,)), question=question, reply=chosen[0])
        else:
            s.emit("narrador-calla", frozenset((player,)), question=question)


STEPS: dict[str, Step] = {"storyteller-questions": questions_step, "storyteller-answers": answers_step}
ANSWERS: dict[str, Step] = {"storyteller-questions": questions_answer, "storyteller-answers": answers_answer}
