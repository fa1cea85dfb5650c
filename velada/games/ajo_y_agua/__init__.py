"""Ajo y Agua: a hidden Vampire among counts (rulebook ``ajo-y-agua.txt``, an OCR scan). Decisions where the scan
is cut or silent: ``docs/rules/ajo-y-agua.md``."""

from velada.games.ajo_y_agua.game import AjoGame

AJO_Y_AGUA = AjoGame()
GAMES = (AJO_Y_AGUA,)
