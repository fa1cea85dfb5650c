"""El manicomio de Bethlem, normal mode, with its 2- and 3-player modes.

Rulebook: ``manicomio-de-bethlem.md`` (sections 1–12). Our decisions where it is silent are in
``docs/rules/bethlem.md``.
"""

from velada.games.bethlem.game import BethlemGame

BETHLEM = BethlemGame()

GAMES = (BETHLEM,)
