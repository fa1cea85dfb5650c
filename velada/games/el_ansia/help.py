"""El ansia's card help: each card's, mission's and token's rule, assembled from its data with the catalogue's
pieces (``help.*`` in ``help/<lang>.toml``), so that a card's text always says what the rules code does with it.

Help ids: ``carta:<card>``, ``mision:<mission>``, ``ficha:<token>``, ``vampiro:<vampire>``."""

from __future__ import annotations

from typing import Any

from velada.core.game import CardHelp
from velada.core.protocol import PUBLIC, Viewer
from velada.games.el_ansia.data import CARDS, MISSIONS, TOKENS, VAMPIRES
from velada.games.el_ansia.state import AnsiaState


def _name(names: str | dict[str, str], lang: str) -> str:
    """A name in ``lang`` (Spanish when it has none there), or the one name every language shares."""
    return names.get(lang, names["es"]) if isinstance(names, dict) else str(names)


def all_ids() -> list[str]:
    return (
        [f"vampiro:{v}" for v in VAMPIRES]
        + [f"carta:{c}" for c in CARDS]
        + [f"mision:{m}" for m in MISSIONS]
        + [f"ficha:{t}" for t in TOKENS]
    )


def visible_ids(s: AnsiaState, viewer: Viewer) -> list[str]:
    """What ``viewer`` sees: every vampire at the table, the hunting zone and the maze's roses, the public
    missions and the cards of this turn's play area (as the view shows them); a seat also its own cards,
    missions and tokens (the narrator everybody's)."""
    seats = range(len(s.players)) if viewer is None else [s.index[viewer]] if viewer != PUBLIC else []
    cards = [c for row in s.zone for stack in row for c in stack] + list(s.roses)
    cards += [cid for uid, cid in s.play if uid not in s.dropped]
    if viewer is None:
        cards += s.tavern  # face down: the narrator's alone
    missions = list(s.public_missions)
    tokens: list[str] = []
    for seat in seats:
        cards += s.hand[seat] + s.discard[seat] + s.permanents[seat] + s.digested[seat]
        missions += s.missions[seat] + s.used_missions[seat]
        tokens += s.tokens[seat]
    ids = [f"vampiro:{v}" for v in s.vampires]
    ids += [f"carta:{c}" for c in dict.fromkeys(cards)]
    ids += [f"mision:{m}" for m in dict.fromkeys(missions)]
    ids += [f"ficha:{t}" for t in dict.fromkeys(tokens)]
    return ids


def card_help(game: Any, help_id: str, lang: str) -> CardHelp:
    kind, _, name = help_id.partition(":")
    t = game.text
    if kind == "carta" and name in CARDS:
        return CardHelp(help_id, _name(CARDS[name].names, lang), _card_text(game, name, lang))
    if kind == "mision" and name in MISSIONS:
        m = MISSIONS[name]
        d = m.data
        if m.type == "instantanea":
            effect = d["efecto"]
            what = t(lang, f"help.mission-effect.{effect}", n=d.get("valor", 1))
            text = t(lang, "help.mission.instantanea", what=what)
        else:
            what = t(lang, f"help.condition.{d['condicion']}", **_condition_params(game, m, lang))
            text = t(lang, "help.mission.normal", what=what)
        if m.five:
            text += " " + t(lang, "help.mission.cinco")
        return CardHelp(help_id, _name(m.names, lang), text)
    if kind == "ficha" and name in TOKENS:
        text = t(lang, f"help.token.{name}") + " " + t(lang, "help.extra.token")
        return CardHelp(help_id, t(lang, f"token.{name}"), text)
    if kind == "vampiro" and name in VAMPIRES:
        title, deck = VAMPIRES[name]
        human = _name(CARDS[deck[-1]].names, lang)
        return CardHelp(help_id, _name(title, lang), t(lang, "help.vampire.text", human=human))
    raise KeyError(help_id)


def _card_text(game: Any, cid: str, lang: str) -> str:
    card = CARDS[cid]
    t = game.text
    kind = t(lang, f"kind.{card.kind}") if card.kind else ""
    parts = [t(lang, f"help.type.{card.type}", kind=kind, speed=card.speed, vp=card.vp)]
    parts += [t(lang, f"help.keyword.{word}") for word in card.keywords]
    for effect, value in card.effect.items():
        if effect == "fin_partida":
            parts.append(t(lang, f"help.effect.fin_partida-{value}"))
        else:
            parts.append(t(lang, f"help.effect.{effect}", n=value))
    return " ".join(parts)


def _condition_params(game: Any, m: Any, lang: str) -> dict[str, Any]:
    d = m.data
    t = game.text
    params: dict[str, Any] = {"vp": m.vp, "min": d.get("minimo"), "max": d.get("maximo"), "n": d.get("numero")}
    if "clase" in d:
        params["kind"] = t(lang, f"kind.{d['clase']}")
    if "clases" in d:
        params["kinds"] = " + ".join(t(lang, f"kind.{k}") for k in d["clases"])
    if "tipo_carta" in d:
        params["type"] = t(lang, f"help.typename.{d['tipo_carta']}")
    if "etiqueta" in d:
        params["tag"] = t(lang, f"help.tag.{d['etiqueta']}")
    if "region" in d:
        params["region"] = t(lang, f"region.{d['region']}")
    return params
