"""Edwin-kun «El Otaku» (section 13): three haki cards of one use each.

- **Base power.** In his turn he may use one haki: the offensive one kills a card; the defensive one puts a
  shield on a card, which absorbs the first attack on it; with the observation one he foresees a card's death:
  until that card dies, El Otaku cannot die. The shield and the foreseen card are known to him and the narrator.
- **Extra power** (his objective does not rise with the mutineers): right before using a haki he may look at a
  card of the table.
- **Awakening «Haki del Rey».** Once he lays the King's haki on the table (announced to all), and while the card
  lives, only principal characters can act at night: every other card, personality and event sleeps. Laying it
  gives back the hakis he had spent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from velada.core.protocol import NARRATOR_ONLY
from velada.games.bethlem.cards import GROUP_OF, KIND_OF
from velada.games.bethlem.common import answer_of, living, options, prompt
from velada.games.bethlem.custom.effects import kill, kill_options, look, look_options, me, push
from velada.games.bethlem.plugins import Character, awake, extra, found, record
from velada.games.bethlem.renaming import CardId
from velada.games.bethlem.state import BethlemState, CustomRecord

KIND = "el-otaku"
OFFENSIVE, DEFENSIVE, OBSERVATION = "haki-ofensivo", "haki-defensivo", "haki-observacion"
HAKIS = (OFFENSIVE, DEFENSIVE, OBSERVATION)
KING = "haki-del-rey"


def _targets(s: BethlemState, seat: int, haki: str) -> Sequence[str]:
    if haki == OFFENSIVE:
        return kill_options(s, seat)
    return options(s, living(s))


@dataclass(slots=True)
class OtakuRecord(CustomRecord):
    """El Otaku's records: the hakis spent, the King's laid on the table, the shields on cards, the card he
    foresaw, and the attack a shield absorbed (card, moment: every attack of that moment with it)."""

    used: dict[str, bool] = field(default_factory=dict)
    king: bool = False
    shields: list[CardId] = field(default_factory=list)
    foreseen: CardId | None = None
    absorbed: tuple[CardId, str] | None = None


def _record(s: BethlemState) -> OtakuRecord:
    return record(s, KIND, OtakuRecord)


def _found(s: BethlemState) -> OtakuRecord | None:
    return found(s, KIND, OtakuRecord)


def _menu(s: BethlemState, seat: int, card: str) -> list[str]:
    d = _record(s)
    used = d.used
    menu = [h for h in HAKIS if not used.get(h) and _targets(s, seat, h)]
    if awake(s, card) and not d.king:
        menu.append(KING)
    return menu


def ask(game, s: BethlemState, seat: int, card: str, origin: str, stage: str) -> None:
    """His turn: which haki (or the King's), then — extra power — a look at a card, then the haki's card."""
    if stage == "":
        menu = _menu(s, seat, card)
        if menu:
            s.ask(prompt(s, seat, KIND, menu, skippable=True))
        return
    if stage.startswith("ver:"):
        cards = look_options(s, seat, goals=False)
        if cards:
            s.ask(prompt(s, seat, "el-otaku-ver", cards, skippable=True))
        else:
            push(s, ("act", KIND, seat, card, origin, stage[4:]))
        return
    targets = _targets(s, seat, stage)
    if targets:
        s.ask(prompt(s, seat, f"el-otaku-{stage.removeprefix('haki-')}", targets, skippable=True))


def answer(game, s: BethlemState, answers, seat: int, card: str, origin: str, stage: str) -> None:
    _, chosen = answer_of(answers)
    d = _record(s)
    if stage == "":
        if not chosen:
            return
        if chosen[0] == KING:
            _king(s, card)
            push(s, ("act", KIND, seat, card, origin, ""))
        elif extra(s, card):
            push(s, ("act", KIND, seat, card, origin, f"ver:{chosen[0]}"))
        else:
            push(s, ("act", KIND, seat, card, origin, chosen[0]))
        return
    if stage.startswith("ver:"):
        if chosen:
            look(s, seat, chosen[0])
        push(s, ("act", KIND, seat, card, origin, stage[4:]))
        return
    if not chosen:
        return
    d.used[stage] = True
    if stage == OFFENSIVE:
        kill(s, seat, chosen[0], KIND)
        return
    target = s.card_at(chosen[0])
    if stage == DEFENSIVE:
        d.shields.append(target)
        s.emit("el-otaku-escudo", me(s, seat), target=chosen[0])
    else:
        d.foreseen = target
        s.emit("el-otaku-observacion", me(s, seat), target=chosen[0])


def _king(s: BethlemState, card: str) -> None:
    """The King's haki is laid on the table: everybody knows that only principal characters rise at night now;
    the spent hakis come back."""
    d = _record(s)
    d.king = True
    d.used = {}
    s.emit("el-otaku-rey", None)


def immunity(s: BethlemState, card: str, cause: str, flags: int) -> str:
    """A shield absorbs the first attack on its card (every attack of that same moment with it); El Otaku
    cannot die while the card he foresaw lives."""
    d = _found(s)
    if d is None:
        return ""
    moment = s.moment()
    if card in d.shields:
        d.shields.remove(card)
        d.absorbed = (card, moment)
        s.emit("el-otaku-escudo-roto", NARRATOR_ONLY, card=card)
        return "el-otaku-escudo"
    if d.absorbed == (card, moment):
        return "el-otaku-escudo"
    foreseen = d.foreseen
    if KIND_OF[card] == KIND and foreseen is not None and s.alive.get(foreseen) and s.passive(card):
        return "el-otaku-observacion"
    return ""


def silences(s: BethlemState, seat: int, what: str, active: bool) -> bool:
    """The King's haki: at night, while the card lives, only principal characters act."""
    d = _found(s)
    if d is None or not d.king or not active or s.phase != "noche":
        return False
    if not any(s.alive[c] for c in s.found(KIND)):
        return False
    group = GROUP_OF.get(what)
    return group != "P1"


def markers(s: BethlemState, card: str, narrator: bool) -> list[str]:
    d = _found(s)
    if d is None or not narrator:
        return []
    out = ["escudo"] * d.shields.count(card)
    if d.foreseen == card and s.alive[card]:
        out.append("observacion")
    return out


CHARACTER = Character(
    KIND,
    powers={KIND: (ask, answer)},
    immunity=immunity,
    silences=silences,
    markers=markers,
)
