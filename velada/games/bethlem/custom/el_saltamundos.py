"""David «El Saltamundos» (section 13): he draws powers from the decks of other worlds.

- **Base power.** In his first turn he chooses a world and its deck goes on the table (``data/saltamundos.toml``:
  our own worlds, in the spirit of the two games the book names). Every turn he may draw a card — a one-use
  power, his secret — and play cards from his hand then or in a later turn. La frontera: he holds no more cards
  than his living cards (he discards down at once) and plays as many as he likes; El burgo: he plays one card a
  round.
- **Extra power** (his objective does not rise with the mutineers): the deck is tailored to it — it gets the
  world's ``extra`` cards.
- **Awakening.** He draws two cards each round and keeps the one he prefers (the other goes under the deck);
  and La frontera comes to the asylum: a character card of his own, the sheriff's star, its roles dealt to the
  others, rewards and a victory of its own (``frontera``).
"""

from __future__ import annotations

from collections.abc import Sequence

from velada.core.protocol import NARRATOR_ONLY
from velada.games.bethlem.common import OWN, REWARD, SUFFIX, answer_of, living, options, prompt
from velada.games.bethlem.custom import frontera
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
from velada.games.bethlem.custom.saltamundos_data import (
    COVER,
    FRONTIER,
    KIND,
    LIVES,
    MORE_CARDS,
    NO_LIMIT,
    ONE_A_ROUND,
    WATCH,
    WORLD_CARDS,
    WORLDS,
    deck_of,
    jumper,
    jumper_found,
    own_hand,
)
from velada.games.bethlem.plugins import DUSK, Character, awake, extra
from velada.games.bethlem.state import BethlemState
from velada.games.bethlem.view import BethlemView

DRAW = "robar-carta"
#: The stages of his turn (besides a card id: that card is being played), in order.
CHARACTER_CARD, ROBAR, LIMIT, CHARACTER_POWER, USE = "carta-personaje", "robar", "limite", "personaje", "usar"


def _effect(card: str) -> str:
    return WORLD_CARDS[card][2]


# --- targets of each effect ------------------------------------------------------------------------------------


def _targets(s: BethlemState, seat: int, effect: str) -> Sequence[str]:
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


def _hand(s: BethlemState, seat: int, origin: str) -> list[str]:
    """The world cards this use can play: his hand, or (``REWARD``) the rewards ``seat`` won."""
    return frontera.rewards(s, seat) if origin == REWARD else jumper(s).hand


def _usable(s: BethlemState, seat: int, origin: str) -> list[str]:
    d = jumper(s)
    # El burgo's rule binds his own hand only (rewards follow La frontera's), and not with Alforjas sin fondo.
    one_a_round = origin != REWARD and WORLDS.get(d.world) == ONE_A_ROUND
    if one_a_round and d.played == s.round and frontera.character_power(s, seat) != NO_LIMIT:
        return []
    return [c for c in dict.fromkeys(_hand(s, seat, origin)) if _targets(s, seat, _effect(c))]


# --- his turn ------------------------------------------------------------------------------------------------------


def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    d = jumper(s)
    if stage == "":
        if origin == REWARD:
            push(s, ("act", KIND, seat, card, origin, USE))
        elif not d.world:
            s.ask(prompt(s, seat, "el-saltamundos-mundo", tuple(WORLDS)))
        else:
            push(s, ("act", KIND, seat, card, origin, CHARACTER_CARD))
        return
    if stage == CHARACTER_CARD:
        if d.offered and d.sheriff == seat:
            s.ask(prompt(s, seat, "el-saltamundos-personaje", tuple(d.offered), skippable=True))
        else:
            push(s, ("act", KIND, seat, card, origin, ROBAR))
        return
    if stage == ROBAR:
        deck = d.deck
        if not deck:
            push(s, ("act", KIND, seat, card, origin, LIMIT))
        elif awake(s, card) and len(deck) >= 2:
            s.ask(prompt(s, seat, "el-saltamundos-elegir", tuple(deck[:2]), skippable=True))
        else:
            s.ask(prompt(s, seat, "el-saltamundos-robar", (DRAW,), skippable=True))
        return
    if stage == LIMIT:
        excess = len(d.hand) - len(s.living_cards(seat))
        bound = WORLDS[d.world] == LIVES and frontera.character_power(s, seat) != NO_LIMIT
        if bound and excess > 0:
            hand = tuple(dict.fromkeys(d.hand))
            s.ask(prompt(s, seat, "el-saltamundos-descartar", hand, min=excess, max=excess))
        else:
            push(s, ("act", KIND, seat, card, origin, CHARACTER_POWER))
        return
    if stage == CHARACTER_POWER:
        power = frontera.character_power(s, seat) if origin == OWN else ""
        targets = _character_targets(s, seat, power)
        if targets:
            s.ask(prompt(s, seat, f"el-saltamundos-{power}", targets, skippable=True))
        else:
            push(s, ("act", KIND, seat, card, origin, USE))
        return
    suffix = SUFFIX[origin] if origin == REWARD else ""
    if stage == USE:
        usable = _usable(s, seat, origin)
        if usable:
            kind = "frontera-recompensa" if origin == REWARD else KIND
            s.ask(prompt(s, seat, kind, usable, skippable=True))
        return
    effect = _effect(stage)
    if effect == "evento":
        _apply(s, seat, stage, "-", origin)
        push(s, ("act", KIND, seat, card, origin, USE))
        return
    targets = _targets(s, seat, effect)
    if targets:
        s.ask(prompt(s, seat, f"el-saltamundos-{effect}", targets, skippable=True, suffix=suffix))


def _character_targets(s: BethlemState, seat: int, power: str) -> Sequence[str]:
    """What the kept character card's power can be used on in his turn (Ojo de halcón: look; Chaleco de cuero:
    cover one of his own cards)."""
    if power == WATCH:
        return look_options(s, seat)
    if power == COVER:
        return options(s, living(s, [seat]))
    return []


def answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    d = jumper(s)
    if stage == "":
        world = chosen[0]
        # Awakened before his first turn he already brought La frontera's deck for the rewards: it is this one.
        deck = None
        if world == FRONTIER:
            deck, d.frontier = d.frontier, None
        if deck is None:
            deck = deck_of(world, extra(s, card))
            s.rng.shuffle(deck)
        d.world, d.deck, d.hand = world, deck, []
        s.emit(f"el-saltamundos-{world}", None)
        push(s, ("act", KIND, seat, card, origin, CHARACTER_CARD))
        return
    if stage == CHARACTER_CARD:
        frontera.choose_character(s, seat, chosen)
        push(s, ("act", KIND, seat, card, origin, ROBAR))
        return
    if stage == ROBAR:
        if chosen:
            deck = d.deck
            if chosen[0] == DRAW:
                drawn = [deck.pop(0)]
            else:
                # Awakened: of the two drawn, the one not kept goes under the deck.
                other = deck[1] if deck[0] == chosen[0] else deck[0]
                del deck[:2]
                deck.append(other)
                drawn = [chosen[0]]
            if frontera.character_power(s, seat) == MORE_CARDS and deck:
                drawn.append(deck.pop(0))  # Manos rápidas: one card more
            for world_card in drawn:
                d.hand.append(world_card)
                s.emit("el-saltamundos-carta", me(s, seat), card=world_card)
        push(s, ("act", KIND, seat, card, origin, LIMIT))
        return
    if stage == LIMIT:
        for gone in chosen:
            d.hand.remove(gone)
        s.emit("el-saltamundos-descarta", me(s, seat), n=len(chosen))
        push(s, ("act", KIND, seat, card, origin, CHARACTER_POWER))
        return
    if stage == CHARACTER_POWER:
        if chosen:
            if frontera.character_power(s, seat) == WATCH:
                look(s, seat, chosen[0])
            else:
                _mark(s, seat, "cobertura", chosen[0])
        push(s, ("act", KIND, seat, card, origin, USE))
        return
    if stage == USE:
        if chosen:
            push(s, ("act", KIND, seat, card, origin, chosen[0]))
        return
    if chosen:
        _apply(s, seat, stage, chosen[0], origin)
        push(s, ("act", KIND, seat, card, origin, USE))


def _apply(s: BethlemState, seat: int, world_card: str, target: str, origin: str) -> None:
    """Play ``world_card`` from the hand (or the rewards) on ``target`` (a position, a player id, or ``-``)."""
    d = jumper(s)
    if origin == REWARD:
        frontera.spend_reward(s, seat, world_card)
    else:
        d.hand.remove(world_card)
        d.played = s.round
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
        _mark(s, seat, effect, target)


def _mark(s: BethlemState, seat: int, effect: str, target: str) -> None:
    """Cover (secret) or jail (public) the card at ``target`` for this round."""
    jumper(s).marks.setdefault(effect, []).append((s.card_at(target), s.round))
    s.emit(f"el-saltamundos-{effect}", None if effect == "calabozo" else me(s, seat), target=target)


# --- what the cards leave on the table -------------------------------------------------------------------------


def _marked(s: BethlemState, effect: str, card: str) -> bool:
    d = jumper_found(s)
    return d is not None and any(c == card and r == s.round for c, r in d.marks.get(effect, ()))


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


def hide(state: BethlemState, s: BethlemState, me: int | None, rng) -> None:
    """His hand and the order of his deck are secret to everybody but the card's holder: deal them again; and
    what his awakening keeps secret (``frontera.hide``)."""
    d = jumper_found(s)
    if d is None:
        return
    mine = me is not None and any(state.holder(c) == me for c in state.find(KIND))
    if d.world and not mine:
        pool = d.deck + d.hand
        rng.shuffle(pool)
        k = len(d.hand)
        d.hand, d.deck = pool[:k], pool[k:]
    frontera.hide(state, s, me, rng)


def view(game, s: BethlemState, view: BethlemView, me: int | None, narrator: bool, lang: str) -> None:
    """His decks lie on the table: how many cards are left in his world's deck, and in La frontera's when his
    awakening brought it beside another world's, shows (and tells when a reward for an outlaw can no longer
    come). His holder sees the world cards in his hand (what he drew is in his view, not only in his log)."""
    d = jumper_found(s)
    if d is None:
        return
    if d.world or d.frontier is not None:
        view["world_decks"] = {
            "world": d.world or None,
            "cards": len(d.deck),
            "frontier": None if d.frontier is None else len(d.frontier),
        }
    if me is not None:
        hand = own_hand(s, me)
        if hand is not None:
            view["you"]["world_hand"] = hand


def decks(s: BethlemState) -> list[list[str]]:
    """His world's deck and La frontera's lie face down: which card is drawn next is nobody's to know."""
    d = jumper_found(s)
    if d is None:
        return []
    return [deck for deck in (d.deck, d.frontier) if deck is not None]


def dusk(game, s: BethlemState) -> None:
    """Marks of past rounds are gone; the alguaciles' restraint is renewed."""
    d = jumper_found(s)
    if d is not None:
        d.marks = {effect: [(c, r) for c, r in marks if r >= s.round] for effect, marks in d.marks.items()}
        frontera.shield(s)


CHARACTER = Character(
    KIND,
    powers={KIND: (ask, answer)},
    immunity=immunity,
    silences=silences,
    markers=markers,
    moments={DUSK: dusk},
    hide=hide,
    on_awaken=frontera.on_awaken,
    on_out=frontera.on_out,
    actors=frontera.actors,
    badges=frontera.badges,
    view=view,
    decks=decks,
)
