"""Every game velada plays, in one explicit list (no registration by import side effect)."""

from velada.core.registry import Registry
from velada.games import ajo_y_agua, bethlem, el_ansia, hombres_lobo

REGISTRY = Registry([*hombres_lobo.GAMES, *ajo_y_agua.GAMES, *el_ansia.GAMES, *bethlem.GAMES])
