"""David «El Saltamundos» (section 13): he draws powers from the decks of other worlds.

- **Base power.** In his first turn he chooses a world and its deck goes on the table (``data/saltamundos.toml``:
  our own worlds, in the spirit of the two games the book names). Every turn he may draw a card — a one-use
  power, his secret — and play cards from his hand then or in a later turn. La frontera: he holds no more cards
  than his living cards (he discards down at once) and plays as many as he likes; El burgo: he plays one card a
  round.
- **Extra power** (his objective does not rise with the mutineers): the deck is tailored to it — it gets the
  world's ``extra`` cards.
- **Awakening.** He draws two cards each round and keeps the one he prefers (the other goes under the deck). The
  rest of the book's awakening (another game's character card, its roles dealt to the table and their instant
  victory) is left out: docs/rules/bethlem.md.
"""

from __future__ import annotations

import tomllib
from importlib import resources

from velada.core.protocol import NARRATOR_ONLY
from velada.games.bethlem.common import answer_of, living, options, prompt
from velada.games.bethlem.custom.base import Character, awake, data, extra
from velada.games.bethlem.custom.effects import (
    bring_back,
    kill,
    kill_options,
    look,
    look_goals,
    look_options,
    me,
    push,
    revive_options,
)
from velada.games.bethlem.state import BethlemState

KIND = "el-saltamundos"


def _load() -> dict:
    text = resources.files("velada.games.bethlem").joinpath("data", "saltamundos.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


_DATA = _load()
#: World id → its rule (``vidas`` or ``una-por-ronda``), in the data's order.
WORLDS: dict[str, str] = {w["id"]: w["rule"] for w in _DATA["world"]}
#: Card id → (world, deck, effect).
WORLD_CARDS: dict[str, tuple[str, str, str]] = {c["id"]: (c["world"], c["deck"], c["effect"]) for c in _DATA["card"]}
LIVES, ONE_A_ROUND = "vidas", "una-por-ronda"
DRAW = "robar-carta"


def _effect(card: str) -> str:
    return WORLD_CARDS[card][2]


# --- targets of each effect ------------------------------------------------------------------------------------


def _targets(s: BethlemState, seat: int, effect: str) -> list[str]:
    if effect == "matar":
        return kill_options(s, seat)
    if effect in ("cobertura", "calabozo", "mecha"):
        return options(s, living(s))
    if effect == "ver":
        return look_options(s, seat, goals=False)
    if effect == "ver-objetivo":
        return list(s.ids(look_goals(s, seat)))
    if effect == "revivir":
        return revive_options(s)
    if effect == "robar-evento":
        return list(s.ids([p for p in s.seats_in_game() if p != seat and s.hand[p]]))
    return ["-"] if s.deck else []  # evento: no target, a card to draw


def _usable(s: BethlemState, seat: int) -> list[str]:
    d = data(s, KIND)
    if WORLDS.get(d.get("world", "")) == ONE_A_ROUND and d.get("played") == s.round:
        return []
    return [c for c in dict.fromkeys(d.get("hand", [])) if _targets(s, seat, _effect(c))]


# --- his turn ------------------------------------------------------------------------------------------------------


def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    d = data(s, KIND)
    if stage == "":
        if "world" not in d:
            s.ask(prompt(s, seat, "el-saltamundos-mundo", tuple(WORLDS)))
        else:
            push(s, ("act", KIND, seat, card, origin, "robar"))
        return
    if stage == "robar":
        deck = d.get("deck", [])
        if not deck:
            push(s, ("act", KIND, seat, card, origin, "limite"))
        elif awake(s, card) and len(deck) >= 2:
            s.ask(prompt(s, seat, "el-saltamundos-elegir", tuple(deck[:2]), skippable=True))
        else:
            s.ask(prompt(s, seat, "el-saltamundos-robar", (DRAW,), skippable=True))
        return
    if stage == "limite":
        excess = len(d.get("hand", [])) - len(s.living_cards(seat))
        if WORLDS[d["world"]] == LIVES and excess > 0:
            hand = tuple(dict.fromkeys(d["hand"]))
            s.ask(prompt(s, seat, "el-saltamundos-descartar", hand, min=excess, max=excess))
        else:
            push(s, ("act", KIND, seat, card, origin, "usar"))
        return
    if stage == "usar":
        usable = _usable(s, seat)
        if usable:
            s.ask(prompt(s, seat, KIND, usable, skippable=True))
        return
    effect = _effect(stage)
    if effect == "evento":
        _apply(s, seat, stage, "-")
        push(s, ("act", KIND, seat, card, origin, "usar"))
        return
    targets = _targets(s, seat, effect)
    if targets:
        s.ask(prompt(s, seat, f"el-saltamundos-{effect}", targets, skippable=True))


def answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    d = data(s, KIND)
    if stage == "":
        world = chosen[0]
        deck = [c for c, (w, which, _) in WORLD_CARDS.items() if w == world and (which == "base" or extra(s, card))]
        s.rng.shuffle(deck)
        d.update(world=world, deck=deck, hand=[])
        s.emit(f"el-saltamundos-{world}", None)
        push(s, ("act", KIND, seat, card, origin, "robar"))
        return
    if stage == "robar":
        if chosen:
            deck = d["deck"]
            if chosen[0] == DRAW:
                drawn = deck.pop(0)
            else:
                # Awakened: of the two drawn, the one not kept goes under the deck.
                drawn = chosen[0]
                other = deck[1] if deck[0] == drawn else deck[0]
                del deck[:2]
                deck.append(other)
            d["hand"].append(drawn)
            s.emit("el-saltamundos-carta", me(s, seat), card=drawn)
        push(s, ("act", KIND, seat, card, origin, "limite"))
        return
    if stage == "limite":
        for gone in chosen:
            d["hand"].remove(gone)
        s.emit("el-saltamundos-descarta", me(s, seat), n=len(chosen))
        push(s, ("act", KIND, seat, card, origin, "usar"))
        return
    if stage == "usar":
        if chosen:
            push(s, ("act", KIND, seat, card, origin, chosen[0]))
        return
    if chosen:
        _apply(s, seat, stage, chosen[0])
        push(s, ("act", KIND, seat, card, origin, "usar"))


def _apply(s: BethlemState, seat: int, world_card: str, target: str) -> None:
    """Play ``world_card`` from the hand on ``target`` (a position, a player id, or ``-``)."""
    d = data(s, KIND)
    d["hand"].remove(world_card)
    d["played"] = s.round
    effect = _effect(world_card)
    s.emit("el-saltamundos-usa", NARRATOR_ONLY, card=world_card)
    if effect == "matar":
        kill(s, seat, target, KIND)
    elif effect in ("ver", "ver-objetivo"):
        look(s, seat, target)
    elif effect == "revivir":
        bring_back(s, target, KIND)
    elif effect == "evento":
        event = s.deck.pop(0)
        s.hand[seat].append(event)
        s.emit("evento", me(s, seat), event=event)
    elif effect == "robar-evento":
        victim = s.index[target]
        event = s.rng.choice(s.hand[victim])
        s.hand[victim].remove(event)
        s.hand[seat].append(event)
        s.emit("evento", me(s, seat), event=event)
        s.emit("el-saltamundos-robo", me(s, victim), event=event)
    elif effect == "mecha":
        s.delayed.append((s.round + 1, (s.card_at(target), KIND, (seat,), 0)))
        s.emit("el-saltamundos-mecha", me(s, seat), target=target)
    else:
        marks = d.setdefault(effect, [])
        marks.append([s.card_at(target), s.round])
        s.emit(f"el-saltamundos-{effect}", None if effect == "calabozo" else me(s, seat), target=target)


# --- what the cards leave on the table -------------------------------------------------------------------------


def _marked(s: BethlemState, effect: str, card: str) -> bool:
    d = s.custom.get(KIND)
    return bool(d) and any(c == card and r == s.round for c, r in d.get(effect, ()))


def immunity(s: BethlemState, card: str, cause: str, flags: int) -> str:
    """Cover: the card cannot be killed tonight."""
    return "el-saltamundos" if s.phase == "noche" and _marked(s, "cobertura", card) else ""


def silences(s: BethlemState, seat: int, what: str, active: bool) -> bool:
    """A jailed card cannot use its power this round."""
    return active and _marked(s, "calabozo", what)


def markers(s: BethlemState, card: str, narrator: bool) -> list[str]:
    out = ["calabozo"] if _marked(s, "calabozo", card) else []
    if narrator and _marked(s, "cobertura", card):
        out.append("cobertura")
    return out


def rename(s: BethlemState, m) -> None:
    d = s.custom.get(KIND)
    if not d:
        return
    for effect in ("calabozo", "cobertura"):
        if effect in d:
            d[effect] = [[m(c), r] for c, r in d[effect]]


def hide(state: BethlemState, s: BethlemState, me: int | None, rng) -> None:
    """His hand and the order of his deck are secret to everybody but the card's holder: deal them again."""
    d = s.custom.get(KIND)
    if not d or "deck" not in d:
        return
    if me is not None and any(state.holder(c) == me for c in state.find(KIND)):
        return
    pool = d["deck"] + d["hand"]
    rng.shuffle(pool)
    k = len(d["hand"])
    d["hand"], d["deck"] = pool[:k], pool[k:]


def dusk(s: BethlemState) -> None:
    """Marks of past rounds are gone."""
    d = s.custom.get(KIND)
    if d:
        for effect in ("calabozo", "cobertura"):
            if effect in d:
                d[effect] = [[c, r] for c, r in d[effect] if r >= s.round]


CHARACTER = Character(
    KIND,
    powers={KIND: (ask, answer)},
    immunity=immunity,
    silences=silences,
    markers=markers,
    rename=rename,
    dusk=dusk,
    hide=hide,
)
