"""Themes: the names a rules module plays under (Castronegro, Gauekos), loaded from ``data/<theme>.toml``.

A theme maps each role id (the rulebook's card name: ``vidente``, ``sorgina``) to the *power* it follows in the
one rules module, and names everything a player reads: roles, the office, the narrator, prompt kinds, the
option keys that carry a role's name, and the sides.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

from velada.core.i18n import Term

# Powers: which rule of the rulebook a card follows. The card (role id) is what players see.
WOLF = "wolf"
SEER = "seer"
WITCH = "witch"
LITTLE_GIRL = "little_girl"
CUPID = "cupid"
THIEF = "thief"
HUNTER = "hunter"
VILLAGER = "villager"

#: The special cards in the order an automatic composition adds them to a table (and drops them from a
#: table too small for all of them). The Ladrón is never added automatically: he needs two extra cards.
SPECIALS = (SEER, WITCH, HUNTER, CUPID, LITTLE_GIRL, THIEF)
AUTO_SPECIALS = (SEER, WITCH, HUNTER, CUPID, LITTLE_GIRL)


@dataclass(frozen=True)
class Theme:
    """One theme's data. ``roles`` maps role id → power; ``role`` maps power → role id."""

    game: str
    roles: dict[str, str]
    role: dict[str, str]
    kinds: dict[str, str]
    option_keys: dict[str, str]
    sides: dict[str, str]
    names: dict[str, dict[str, str]]
    box: dict[str, int] | None
    #: prompt kind → the decision it asks for (``kinds`` read backwards), for bots
    decisions: dict[str, str]

    def role_name(self, role: str, lang: str) -> str:
        """The name of the card ``role`` in ``lang``."""
        names = self.names.get(lang) or self.names["es"]
        return names[self.roles[role]]


def load_theme(name: str) -> Theme:
    text = resources.files(__package__).joinpath("data", f"{name}.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    roles = dict(data["roles"])
    return Theme(
        game=data["game"],
        roles=roles,
        role={power: role for role, power in roles.items()},
        kinds=dict(data["kinds"]),
        option_keys=dict(data["option-keys"]),
        sides=dict(data["sides"]),
        names={lang: _terms(texts, data.get("grammar", {}).get(lang, {})) for lang, texts in data["names"].items()},
        box=dict(data["box"]) if "box" in data else None,
        decisions={kind: decision for decision, kind in data["kinds"].items()},
    )


def _terms(names: dict[str, str], grammar: dict[str, list[str]]) -> dict[str, str]:
    """The theme's names as :class:`Term`s that know their gender and number (the theme's ``[grammar.<lang>]``:
    ``feminine`` and ``plural`` list name keys), so that texts agree with them (``{little_girl:g:…|…}``)."""
    feminine, plural = set(grammar.get("feminine", ())), set(grammar.get("plural", ()))
    return {key: Term(text, "f" if key in feminine else "m", 2 if key in plural else 1) for key, text in names.items()}
