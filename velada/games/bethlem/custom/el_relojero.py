"""Andrés «El Relojero» (section 13): everything in its own time.

- **Base power.** On the first night the numbers 1 to 4 are shuffled under his four cards (he alone knows
  where). When a numbered card is attacked its number is shown first: the card dies only if every card with a
  lower number is dead already; otherwise the number stays in view and the card lives. Every number shown gives
  him one use of its power, for his second turn of a night (step 27): 1 look at a card or an objective; 2 kill
  a card; 3 take a modifier off a card (a death marker, John Flick's accusation, La parca's design, Melancolía,
  the gambling token, the Profeta's link; not those of events or awakenings); 4 move a number from one of his
  living cards to another living card without one. The numbers keep working when he is dead or silenced; only
  his turn is lost.
- **Extra power.** None.
- **Awakening «Control del tiempo»**: three powers, one use each. *Journey to the past*, announced after a
  lynching: every card is alive or dead as it was at the end of the previous round (spent powers, events and
  modifiers stay as they are). *Stopping time*, in his turn: the chosen player (him too) can do nothing in the
  next round and nobody can kill their cards. *Journey to the future*, in his turn: one card of every player
  with more than one living card (his included) gets a death marker.

The past is a snapshot of who was alive — a small mapping card → alive — taken at the end of each round only
while a living Relojero still has that journey to make.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from velada.core.protocol import NARRATOR_ONLY
from velada.games.bethlem.common import OWN, answer_of, living, options, prompt
from velada.games.bethlem.custom.effects import kill, kill_options, look, look_options, me, push
from velada.games.bethlem.deaths import remove_attacks, resolve, revive
from velada.games.bethlem.plugins import ROUND_END, Character, awake, found, record
from velada.games.bethlem.renaming import CardId
from velada.games.bethlem.state import INEVITABLE, LEPER, NO_TRIGGER, AgendaStep, Attack, BethlemState, CustomRecord
from velada.games.bethlem.view import BethlemView

KIND = "el-relojero"
NUMBER = {f"numero-{n}": n for n in range(1, 5)}
STOP, FUTURE, PAST = "detener-el-tiempo", "viaje-al-futuro", "viaje-al-pasado"
#: Modifiers the number 3 takes off, by option id.
MODIFIERS = ("quitar-muerte", "quitar-acusacion", "quitar-parca", "quitar-melancolia", "quitar-ficha", "quitar-profeta")


@dataclass(slots=True)
class WatchmakerRecord(CustomRecord):
    """El Relojero's records: the number under each of his cards and the seat that laid them, the numbered
    cards shown (in the order they were), the uses of each number's power he has (by the number, as text), the
    awakening's powers used, the player whose time is stopped and the round it is, and the snapshot of who was
    alive for the journey to the past (None when none is kept)."""

    numbers: dict[CardId, int] = field(default_factory=dict)
    placer: int | None = None
    shown: list[CardId] = field(default_factory=list)
    powers: dict[str, int] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)
    stopped: tuple[int, int] | None = None
    past: dict[CardId, bool] | None = None
    #: The modifiers he took off in view of the table: (round, which, the card's place).
    taken_off: list[tuple[int, str, str]] = field(default_factory=list)


def _d(s: BethlemState) -> WatchmakerRecord:
    return record(s, KIND, WatchmakerRecord)


def _found(s: BethlemState) -> WatchmakerRecord | None:
    return found(s, KIND, WatchmakerRecord)


# --- the numbers -------------------------------------------------------------------------------------------------


def numbers_handler(game, s: BethlemState) -> None:
    """El Relojero 1 (first night): the numbers are laid at random under his four cards."""
    for card in s.found(KIND):
        if not s.alive[card]:
            continue
        seat = s.holder(card)
        row = s.board[seat][: s.table]
        shuffled = list(range(1, len(row) + 1))
        s.rng.shuffle(shuffled)
        _d(s).numbers.update(zip(row, shuffled, strict=True))
        _d(s).placer = seat
        s.emit("el-relojero-numeros", me(s, seat), positions=shuffled)


def immunity(s: BethlemState, card: str, cause: str, flags: int) -> str:
    """A numbered card shows its number when attacked (giving him its power the first time) and lives while a
    card with a lower number lives. Stopped time: nobody can kill the cards of the stopped player."""
    d = _found(s)
    if d is None:
        return ""
    stopped = d.stopped
    if stopped and stopped[1] == s.round and s.holder(card) == stopped[0]:
        return "el-relojero-detenido"
    n = d.numbers.get(card)
    if n is None:
        return ""
    if card not in d.shown:
        d.shown.append(card)
        d.powers[str(n)] = d.powers.get(str(n), 0) + 1
        seat, pos = s.where[card]
        s.emit("el-relojero-numero", None, player=s.players[seat], position=pos + 1, n=n)
    lower = [c for c, k in d.numbers.items() if k < n and s.alive.get(c)]
    return KIND if lower else ""


# --- his second turn ------------------------------------------------------------------------------------------


def _menu(s: BethlemState, seat: int, card: str) -> list[str]:
    d = _d(s)
    powers = d.powers
    targets = {
        1: lambda: look_options(s, seat),
        2: lambda: kill_options(s, seat),
        3: lambda: _modified(s),
        4: lambda: _movable(s, seat),
    }
    out = [opt for opt, n in NUMBER.items() if powers.get(str(n)) and targets[n]()]
    if awake(s, card):
        used = d.used
        if STOP not in used:
            out.append(STOP)
        if FUTURE not in used and _future_seats(s):
            out.append(FUTURE)
    return out


def turn_handler(game, s: BethlemState) -> None:
    """El Relojero 2: only while he has a power to use (a number shown, an unspent awakening)."""
    for card in s.found(KIND):
        if s.can_act(card) and _menu(s, s.holder(card), card):
            push(s, ("act", "el-relojero-2", s.holder(card), card, OWN, ""))


def _removable(s: BethlemState, card: str) -> list[str]:
    out = []
    if any(a[0] == card and not a[3] & (INEVITABLE | LEPER) for a in s.attacks):
        out.append("quitar-muerte")
    if card in s.flick.accused:
        out.append("quitar-acusacion")
    if card in s.reaper.marks:
        out.append("quitar-parca")
    if s.melancholy.blocked.get(card) == s.round:
        out.append("quitar-melancolia")
    if any(token[0] == card for token in s.tokens):
        out.append("quitar-ficha")
    if any(card in link[:2] for link in s.prophets):
        out.append("quitar-profeta")
    return out


def _modified(s: BethlemState) -> tuple[str, ...]:
    return options(s, [c for c in s.cards_in_play() if s.alive[c] and _removable(s, c)])


def _movable(s: BethlemState, seat: int) -> tuple[str, ...]:
    numbers = _d(s).numbers
    if not any(c not in numbers for c in living(s)):
        return ()
    return options(s, [c for c in s.living_cards(seat) if c in numbers])


def _future_seats(s: BethlemState) -> list[int]:
    """Journey to the future: the players with more than one living card."""
    return [p for p in s.seats_in_game() if len(s.living_cards(p)) > 1]


def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    if stage == "":
        menu = _menu(s, seat, card)
        if menu:
            s.ask(prompt(s, seat, KIND, menu, skippable=True))
        return
    kind, _, arg = stage.partition(":")
    if kind == "numero-1":
        s.ask(prompt(s, seat, "el-relojero-ver", look_options(s, seat), skippable=True))
    elif kind == "numero-2":
        s.ask(prompt(s, seat, "el-relojero-matar", kill_options(s, seat), skippable=True))
    elif kind == "numero-3":
        s.ask(prompt(s, seat, "el-relojero-modificador", _modified(s), skippable=True))
    elif kind == "quitar":
        s.ask(prompt(s, seat, "el-relojero-quitar", _removable(s, s.card_at(arg)), args={"target": arg}))
    elif kind == "numero-4":
        s.ask(prompt(s, seat, "el-relojero-mover", _movable(s, seat), skippable=True))
    elif kind == "destino":
        numbers = _d(s).numbers
        free = options(s, [c for c in living(s) if c not in numbers])
        s.ask(prompt(s, seat, "el-relojero-destino", free, args={"target": arg}))
    elif kind == STOP:
        s.ask(prompt(s, seat, "el-relojero-detener", s.ids(s.seats_in_game()), skippable=True))
    elif kind == FUTURE:
        victim = int(arg)
        cards = options(s, s.living_cards(victim))
        s.ask(prompt(s, seat, "el-relojero-futuro", cards, args={"player": s.players[victim]}))


def answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    d = _d(s)
    again: AgendaStep = ("act", "el-relojero-2", seat, card, origin, "")
    if stage == "":
        if not chosen:
            return
        if chosen[0] == FUTURE:
            d.used.add(FUTURE)
            s.emit("el-relojero-futuro", None)
            seats = _future_seats(s)
            push(s, *[("act", "el-relojero-2", seat, card, origin, f"{FUTURE}:{p}") for p in seats], again)
        else:
            push(s, ("act", "el-relojero-2", seat, card, origin, chosen[0]))
        return
    kind, _, arg = stage.partition(":")
    if kind == FUTURE:
        kill(s, seat, chosen[0], KIND)
        return
    if not chosen:
        # A power chosen and then left unused ends the turn (the use is kept).
        return
    if kind in NUMBER:
        d.powers[str(NUMBER[kind])] -= 1
    if kind == "numero-1":
        look(s, seat, chosen[0])
    elif kind == "numero-2":
        kill(s, seat, chosen[0], KIND)
    elif kind == "numero-3":
        push(s, ("act", "el-relojero-2", seat, card, origin, f"quitar:{chosen[0]}"))
        return
    elif kind == "quitar":
        _take_off(s, s.card_at(arg), chosen[0])
    elif kind == "numero-4":
        push(s, ("act", "el-relojero-2", seat, card, origin, f"destino:{chosen[0]}"))
        return
    elif kind == "destino":
        _move_number(s, seat, s.card_at(arg), s.card_at(chosen[0]))
    elif kind == STOP:
        d.used.add(STOP)
        d.stopped = (s.index[chosen[0]], s.round + 1)
        s.emit("el-relojero-detiene", None, player=chosen[0])
    push(s, again)


def _take_off(s: BethlemState, card: str, what: str) -> None:
    if what == "quitar-muerte":
        remove_attacks(s, card)
    elif what == "quitar-acusacion":
        s.flick.accused = [c for c in s.flick.accused if c != card]
    elif what == "quitar-parca":
        s.reaper.marks = [c for c in s.reaper.marks if c != card]
    elif what == "quitar-melancolia":
        del s.melancholy.blocked[card]
    elif what == "quitar-ficha":
        s.tokens = [token for token in s.tokens if token[0] != card]
    else:
        s.prophets = [link for link in s.prophets if card not in link[:2]]
    # A death marker is the narrator's secret; the others are on the table for all to see.
    audience = NARRATOR_ONLY if what == "quitar-muerte" else None
    if audience is None:
        _d(s).taken_off.append((s.round, what, s.option(card)))
    s.emit(f"el-relojero-{what}", audience, target=s.option(card))


def taken_off(s: BethlemState) -> list[dict[str, object]] | None:
    """The modifiers the table saw him take off, and from which card (a Profeta's link names both of its cards:
    which one he chose shows only so)."""
    d = _found(s)
    if d is None:
        return None
    return [{"round": r, "modifier": what, "target": place} for r, what, place in d.taken_off]


def _move_number(s: BethlemState, seat: int, source: str, target: str) -> None:
    d = _d(s)
    numbers = d.numbers
    numbers[target] = numbers.pop(source)
    shown = d.shown
    if source in shown:
        shown[shown.index(source)] = target
        s.emit("el-relojero-mueve", None, origin=s.option(source), target=s.option(target))
    else:
        s.emit("el-relojero-mueve", me(s, seat), origin=s.option(source), target=s.option(target))


def silences(s: BethlemState, seat: int, what: str, active: bool) -> bool:
    """Stopped time: the player can do nothing at all this round."""
    d = _found(s)
    stopped = d.stopped if d is not None else None
    return stopped is not None and active and stopped[0] == seat and stopped[1] == s.round


# --- the journey to the past -------------------------------------------------------------------------------------


def _traveller(s: BethlemState) -> str | None:
    """A living, awakened Relojero whose journey to the past is unspent."""
    d = _found(s)
    if d is not None and PAST in d.used:
        return None
    for card in s.found(KIND):
        if s.alive[card]:
            return card
    return None


def round_end(game, s: BethlemState) -> None:
    """After the lynching: the journey to the past may be announced; then the board of this round is kept."""
    if _traveller(s) is not None:
        s.agenda.appendleft(("el-relojero-pasado",))


def past_step(game, s: BethlemState) -> None:
    card = _traveller(s)
    past = _d(s).past
    if card is not None and past and awake(s, card) and s.can_act(card):
        s.ask(prompt(s, s.holder(card), "el-relojero-pasado", (PAST,), skippable=True))
        return
    _keep_board(s)


def past_answer(game, s: BethlemState, answers) -> None:
    _, chosen = answer_of(answers)
    if not chosen:
        _keep_board(s)
        return
    d = _d(s)
    d.used.add(PAST)
    past, d.past = d.past, None
    assert past is not None, "the journey was offered with a snapshot"
    s.emit("el-relojero-pasado", None)
    for card, alive in past.items():
        if alive and not s.alive[card]:
            revive(s, card, KIND)
    # Cards alive now but dead back then die again: a death nothing stops, with no death power.
    again: list[Attack] = [(c, KIND, (), LEPER | NO_TRIGGER) for c, alive in past.items() if not alive and s.alive[c]]
    if again:
        resolve(s, again, "dia")


def _keep_board(s: BethlemState) -> None:
    """The snapshot of who is alive, for a journey to the past next round (only while it can still be made)."""
    if _traveller(s) is not None:
        _d(s).past = {c: s.alive[c] for c in s.cards_in_play()}


# --- views ----------------------------------------------------------------------------------------------------------


def markers(s: BethlemState, card: str, narrator: bool) -> list[str]:
    """A number shown stays in view under its card, dead or alive: everybody saw it, and it told them whose the
    numbers are (the narrator sees them all)."""
    d = _found(s)
    if d is None:
        return []
    n = d.numbers.get(card)
    if n is not None and (narrator or card in d.shown):
        return [f"numero-{n}"]
    return []


def own_markers(s: BethlemState, card: str, me: int | None) -> list[str]:
    """The numbers only he knows, in his own view: he laid them (and moves them), so which number lies under
    which card is his to see. Marked apart from a number shown to the table, since a number shown tells everybody
    that its card was attacked."""
    d = _found(s)
    if d is None or me is None or me != d.placer or card in d.shown:
        return []
    n = d.numbers.get(card)
    return [] if n is None else [f"numero-{n}-oculto"]


def view(game, s: BethlemState, view: BethlemView, me: int | None, narrator: bool, lang: str) -> None:
    """What he took off in view of the table; in his own view, beside each card's markers, the numbers only he
    knows (:func:`own_markers`)."""
    view["relojero_taken_off"] = taken_off(s)
    d = _found(s)
    if d is None or me is None or me != d.placer:
        return
    for seat, row in enumerate(s.board):
        entries = view["players"][seat]["cards"]
        for pos, card in enumerate(row):
            own = own_markers(s, card, me)
            if own:
                # A new list: the rest of the view may share the markers' list with other viewers' views.
                entries[pos]["markers"] = [*entries[pos]["markers"], *own]


def hide(state: BethlemState, s: BethlemState, me: int | None, rng) -> None:
    """Which number is under which card is his secret until shown: deal the hidden ones again among their cards."""
    d = _found(s)
    if d is None or not d.numbers or me == d.placer:
        return
    numbers, shown = d.numbers, d.shown
    hidden = [c for c in numbers if c not in shown]
    values = [numbers[c] for c in hidden]
    rng.shuffle(values)
    numbers.update(zip(hidden, values, strict=True))


CHARACTER = Character(
    KIND,
    powers={"el-relojero-2": (ask, answer)},
    handlers={"el-relojero": numbers_handler, "el-relojero-2": turn_handler},
    steps={"el-relojero-pasado": (past_step, past_answer)},
    immunity=immunity,
    silences=silences,
    moments={ROUND_END: round_end},
    markers=markers,
    hide=hide,
    view=view,
    announced={KIND: frozenset({STOP, FUTURE})},
)
