"""Los Hombres Lobo de Castronegro and Gauekos: one rules module, two themes.

Rulebooks: ``hombres-lobo-de-castronegro.txt`` and ``gauekos.txt``. Our decisions where they are silent are in
``docs/rules/hombres-lobo.md``.
"""

from velada.games.hombres_lobo.game import WerewolfGame

HOMBRES_LOBO = WerewolfGame("castronegro")
GAUEKOS = WerewolfGame("gauekos")

GAMES = (HOMBRES_LOBO, GAUEKOS)
