"""Random Mafia, the theory the simulator is checked against (Braverman, Etesami & Mossel, "Mafia: a theoretical
study of players and coalitions in a partial information environment", Ann. Appl. Probab. 18, 2008; closed forms
in Migdał, "A mathematical model of the Mafia game", 2010).

``villagers`` plain villagers and ``wolves`` wolves, no special card, no Alguacil. The game opens with a night.
Each night the wolves kill a uniformly random villager; each day the village lynches a uniformly random living
player. After every death the game ends: the village wins with no wolf alive, the wolves with no villager alive
(``victoria=ultimo``) or at most one (``victoria=penultimo``, the first edition). The wolves' chance is exact
(a :class:`~fractions.Fraction`) and follows two lines, one per half of the day::

    night(c, m) = day(c - 1, m)
    day(c, m)   = c/(c+m) · night(c - 1, m) + m/(c+m) · night(c, m - 1)

each of them 0 or 1 where the game is already over (``_over``).
:class:`~velada.games.hombres_lobo.bots.MafiaBot` plays this model through the protocol.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

#: The options that make a table of hombres-lobo the random Mafia model, besides ``lobos`` and ``victoria``.
MODEL_OPTIONS = {"especiales": "ninguno", "alguacil": "no"}


def wolves_win(villagers: int, wolves: int, victory: str = "ultimo") -> Fraction:
    """The wolves' exact chance to win a random Mafia game that opens with a night."""
    if victory not in ("ultimo", "penultimo"):
        raise ValueError(f"victory is 'ultimo' or 'penultimo', not {victory!r}")
    return _night(villagers, wolves, victory == "penultimo")


def _over(c: int, m: int, penultimate: bool) -> Fraction | None:
    if m == 0:
        return Fraction(0)
    if c == 0 or (penultimate and c == 1):
        return Fraction(1)
    return None


@cache
def _night(c: int, m: int, penultimate: bool) -> Fraction:
    """Night falls on ``c`` villagers and ``m`` wolves: one villager dies."""
    over = _over(c, m, penultimate)
    return over if over is not None else _day(c - 1, m, penultimate)


@cache
def _day(c: int, m: int, penultimate: bool) -> Fraction:
    """Day breaks on ``c`` villagers and ``m`` wolves: one of the ``c + m`` is lynched."""
    over = _over(c, m, penultimate)
    if over is not None:
        return over
    return Fraction(c, c + m) * _night(c - 1, m, penultimate) + Fraction(m, c + m) * _night(c, m - 1, penultimate)
