"""Every game velada plays, in one explicit list (no registration by import side effect)."""

from velada.core.registry import Registry
from velada.games import bethlem, hombres_lobo

REGISTRY = Registry([*hombres_lobo.GAMES, *bethlem.GAMES])
