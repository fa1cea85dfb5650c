"""El ansia: a deck-building race of vampires (rulebook ``el-ansia.md``). The board, cards and missions are ours:
see ``docs/rules/el-ansia.md``."""

from velada.games.el_ansia.game import AnsiaGame

EL_ANSIA = AnsiaGame()
GAMES = (EL_ANSIA,)
