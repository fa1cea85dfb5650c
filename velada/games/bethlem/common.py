"""Helpers every power uses: prompts, who acts in a card's turn, targets, and the book's recurring limits ("not
the same card two rounds in a row", "not the same player until every other was chosen", one-use powers with
their bipolar and awakened forms)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain, compress
from operator import itemgetter, not_

from velada.core.protocol import Prompt
from velada.games.bethlem.cards import CARDS, EVENTS, GROUP_OF, KIND_OF, MUTINEERS
from velada.games.bethlem.state import ALL_POSITIONS, BethlemState

_new_object = object.__new__

#: Who uses a power: the card's holder, the director who borrowed it, or a player hypnotised with it.
OWN, DIRECTOR, HYPNOSIS = "propia", "director", "hipnosis"
#: Custom cards: a power borrowed for the round (``s.borrowed``), normally or with its awakening; El
#: Arquitecto's awakening, waking in another card's turn; and ``SPIRIT``, the power of a dead card used through
#: La Médium (custom/la_medium.py); ``REWARD``, the frontier cards a player won as a reward (El Saltamundos'
#: awakening, custom/frontera.py), played in El Saltamundos' turn.
BORROWED, BORROWED_AWAKE, ARCHITECT, SPIRIT = "prestada", "prestada-despierta", "arquitecto", "espiritu"
REWARD = "recompensa"
SUFFIX = {
    OWN: "",
    DIRECTOR: "-director",
    HYPNOSIS: "-hipnosis",
    BORROWED: "-prestada",
    BORROWED_AWAKE: "-prestada",
    ARCHITECT: "-arquitecto",
    SPIRIT: "-espiritu",
    REWARD: "-recompensa",
}

#: The Historias clínicas: used in secret, the narrator handles them.
SECRET_EVENTS = frozenset(e for e in EVENTS if e.startswith("historia-clinica"))


def card_side(s: BethlemState, card: str) -> str:
    """The side a principal character plays for: the card's own, or the one Terapia lobotomía gave it."""
    return s.lobotomy.sides.get(card) or CARDS[card].side


def is_mutineer_card(s: BethlemState, card: str) -> bool:
    """A principal character on the mutineers' side: Daniel, Nathaniel, Richard Dadd (unless lobotomised), or
    an inmate the opposite lobotomy drove mad."""
    return GROUP_OF[card] == "P1" and card_side(s, card) == MUTINEERS


def announce_awakening(s: BethlemState, power: str) -> None:
    """A power whose awakened use the narrator announces to the table: the announcement tells everybody that
    this power's card is awake, so it stays in every view (``awakenings_announced``), not only in the log."""
    s.awakenings_announced.append(power)
    s.emit("anuncia-despertar", None, power=power)


def reveal(s: BethlemState, seat: int, why: str) -> None:
    """Turn ``seat``'s objective card face up for everybody."""
    if s.goal_public[seat]:
        return
    s.goal_public[seat] = True
    s.revealed_now.append(seat)
    s.emit("objetivo-revelado", None, player=s.players[seat], goal=s.goal[seat], why=why)


def spend(s: BethlemState, seat: int, event: str) -> None:
    """The event leaves its holder's hand: face up on the discard pile, or secretly for the Historias."""
    s.hand[seat].remove(event)
    if event in SECRET_EVENTS:
        s.secret_discard[event] = seat
    else:
        s.discard.append(event)
        s.emit("usa-evento", None, player=s.players[seat], event=event)


NORMAL, OPPOSITE, AWAKE, AWAKE_OPPOSITE = "normal", "opuesto", "despertar", "despertar-opuesto"
#: Action cards whose awakening is a power of its own to use (section 9). The others' awakenings are passive
#: (Pacto de sangre) or fire when they die (Compañeros de celda, Juego de azar).
ACTIVE_AWAKENING = frozenset(
    {
        "terapia-electroshock",
        "terapia-opio-y-barbituricos",
        "terapia-lobotomia",
        "profeta",
        "infecto-de-rabia",
        "mania-persecutoria",
        "el-cataleptico",
        "amnesia",
        "muerte-dulce",
    }
)
#: Action cards with a bipolar awakening (section 10). Lobotomía's and Profeta's "do not change": their
#: awakening simply applies to the opposite effect too.
OPPOSITE_AWAKENING = ACTIVE_AWAKENING


def prompt(
    s: BethlemState,
    seat: int,
    kind: str,
    options,
    min: int = 1,
    max: int = 1,
    skippable: bool = False,
    args: dict | None = None,
    suffix: str = "",
    text_max: int = 0,
) -> Prompt:
    """A prompt for ``seat`` with the id ``<moment>:<kind><suffix>`` (free text when ``text_max``)."""
    # The fields are set here rather than by calling the class, whose __init__ CPython 3.11 reaches by a slow path
    # (as ``State.ask_seats`` does): a game asks ~150 prompts.
    made = _new_object(Prompt)
    made.id = f"{s.prompt_prefix()}{kind}{suffix}"
    made.player = s.players[seat]
    made.kind = kind
    made.options = tuple(options)
    made.min = min
    made.max = max
    made.skippable = skippable
    made.args = args
    made.text_max = text_max
    return made


def bipolar(s: BethlemState, seat: int) -> bool:
    """Bipolaridad lets its holder use each action card normally or with its opposite effect (section 8)."""
    return s.has_persona(seat, "bipolaridad")


def modes(s: BethlemState, seat: int, card: str, dead_ok: bool = False) -> list[str]:
    """How ``seat`` can use the action card ``card`` now: normally while unused (or with its opposite effect,
    with Bipolaridad), and with its awakening once if the card is awakened — even when the normal power is
    spent (section 9)."""
    if not dead_ok and not s.alive.get(card):
        return []
    kind = KIND_OF[card]
    out = []
    bip = bipolar(s, seat)
    if not s.used.get(card):
        out.append(NORMAL)
        if bip:
            out.append(OPPOSITE)
    if kind in ACTIVE_AWAKENING and s.awake.get(card) and not s.awake_used.get(card):
        out.append(AWAKE)
        if bip and kind in OPPOSITE_AWAKENING:
            out.append(AWAKE_OPPOSITE)
    return out


def spend_power(s: BethlemState, card: str, mode: str) -> None:
    """A one-use power is spent: the normal one, or the awakening."""
    if mode in (NORMAL, OPPOSITE):
        s.used[card] = True
    else:
        s.awake_used[card] = True


def actors(s: BethlemState, kind: str, cards: Sequence[str] | None = None) -> list[tuple[int, str, str]]:
    """Who acts in the turn of ``kind`` tonight, in order: the holder of each card of that kind that can act,
    then the director if he borrowed a dead card of that kind, then anybody hypnotised with that power.
    ``cards``: ``s.found(kind)``, when the caller has just read it (the night's turn does)."""
    out = []
    for card in s.found(kind) if cards is None else cards:
        if s.can_act(card):
            out.append((s.holder(card), card, OWN))
    borrowed = s.director.card
    if borrowed is not None and KIND_OF[borrowed] == kind:
        for krugman in s.found("krugman"):
            if s.can_act(krugman):
                out.append((s.holder(krugman), borrowed, DIRECTOR))
    if s.hypnosis:  # an empty loop still costs an iterator: most nights nobody is hypnotised
        for seat, power in s.hypnosis:
            if power == kind and not s.out[seat]:
                out.append((seat, "", HYPNOSIS))
    # Who else acts in this turn (``Character.actors``; El Chef's stolen powers first). Asked at every turn of
    # every night: the loop is entered only when there is something to walk (even an empty loop costs an
    # iterator).
    if s.settings.hooks.actors:
        for hook in s.settings.hooks.actors:
            out.extend(hook(s, kind))
    return out


def awake_power(s: BethlemState, card: str, origin: str) -> bool:
    """Whether this use of a character's power carries its awakening: the card's own awakening, or the
    director's (he uses the awakening of whatever power he borrows)."""
    if origin == OWN:
        return bool(s.awake.get(card))
    if origin == DIRECTOR:
        return any(s.awake.get(k) for k in s.found("krugman"))
    return origin == BORROWED_AWAKE


def living(s: BethlemState, seats=None, exclude_isolated: bool = False) -> list[str]:
    """Living cards on the table (of ``seats``, or everybody in the game), in table order."""
    if s.table < ALL_POSITIONS:  # the 2-player mode: a row's reserve cards are not on the table
        return _living_on_table(s, seats, exclude_isolated)
    # Read from who lives as ``lives`` keeps it between deaths (a list of ~20 cards read again at every prompt
    # that names cards cost ~5% of a game's instructions): a new list each call, which the caller may change.
    lives = s.lives()
    if seats is None:
        every = lives.cards
        if every is None:
            every = lives.cards = list(chain.from_iterable(compress(lives.rows, map(not_, s.out))))
        cards = list(every)
    else:
        rows, gone = lives.rows, s.out
        cards = list(chain.from_iterable([rows[seat] for seat in seats if not gone[seat]]))
    if exclude_isolated and s.isolated:
        return _not_isolated(s, cards)
    return cards


def living_but(s: BethlemState, excluded: Sequence[int], exclude_isolated: bool = False) -> list[str]:
    """``living`` of every seat but ``excluded``: the cards a player (or the mutineers' pack) may attack outside
    their own rows, in table order."""
    if s.table < ALL_POSITIONS:
        return _living_on_table(s, [seat for seat in range(len(s.players)) if seat not in excluded], exclude_isolated)
    # One walk over what ``lives`` keeps (asked by every attack's prompt: the mutineers', Daniel's, the director's),
    # not a list of the other seats and then ``living``'s list of their rows.
    gone = s.out
    cards: list[str] = []
    for seat, row in enumerate(s.lives().rows):
        if not gone[seat] and seat not in excluded:
            cards += row
    if exclude_isolated and s.isolated:
        return _not_isolated(s, cards)
    return cards


def _living_on_table(s: BethlemState, seats, exclude_isolated: bool) -> list[str]:
    """``living`` in the 2-player mode: each row cut at the table's positions before its living cards are read."""
    alive, board, gone, table = s.alive, s.board, s.out, s.table
    rows: Iterable[list[str]] = (
        compress(board, map(not_, gone)) if seats is None else [board[seat] for seat in seats if not gone[seat]]
    )
    cards = list(filter(alive.__getitem__, chain.from_iterable([row[:table] for row in rows])))
    if exclude_isolated and s.isolated:
        return _not_isolated(s, cards)
    return cards


def _not_isolated(s: BethlemState, cards: list[str]) -> list[str]:
    """``cards`` but those in the Celda de aislamiento this round (asked only when some card ever was)."""
    isolated, r = s.isolated, s.round
    return [card for card in cards if isolated.get(card) != r]


def dead_cards(s: BethlemState) -> list[str]:
    """Dead cards of players still in the game (they can be brought back; in the 2-player mode a dead card
    waits in the reserve, and comes back there)."""
    return [card for seat in s.seats_in_game() for card in s.board[seat] if not s.alive[card]]


def options(s: BethlemState, cards: Sequence[str]) -> tuple[str, ...]:
    """The option ids of ``cards`` (``BethlemState.option``): every prompt that names cards asks this."""
    # Each card's id as the table keeps it between moves (``option_of``): a card's place, then the place's id, cost
    # a tuple's hash more per card. ``itemgetter`` reads them all in one call (half of ``map``'s time for the ~15
    # cards of a prompt); it gives a tuple for two cards or more only.
    ids = s.option_of()
    if len(cards) > 1:
        return itemgetter(*cards)(ids)
    return tuple([ids[card] for card in cards])


def shielded(s: BethlemState, seat: int) -> list[int]:
    """Players ``seat`` may not act against this round (El archivo's awakening)."""
    return [archive for target, archive in s.archive.shields if target == seat]


def not_against(s: BethlemState, seat: int, cards: list[str]) -> list[str]:
    """``cards`` without those of players ``seat`` may not act against."""
    if not s.archive.shields:  # most rounds El archivo shields nobody: no list of the shielded to build
        return cards
    protected = shielded(s, seat)
    if not protected:
        return cards
    return [c for c in cards if s.holder(c) not in protected]


def cycle_key(power: str, seat: int) -> str:
    return f"{power}:{seat}"


def cycle_allowed(s: BethlemState, power: str, seat: int, candidates: list[int]) -> list[int]:
    """ "Not the same player again until every other one was chosen": the candidates not chosen yet in this
    cycle (all of them again once every one was)."""
    chosen = s.cycles.get(cycle_key(power, seat), [])
    fresh = [c for c in candidates if c not in chosen]
    return fresh or candidates


def cycle_note(s: BethlemState, power: str, seat: int, chosen: int, candidates: list[int]) -> None:
    key = cycle_key(power, seat)
    done = s.cycles.get(key, [])
    if all(c in done for c in candidates):
        done = []
    s.cycles[key] = [*done, chosen]


def not_last(s: BethlemState, power: str, seat: int, cards: list[str]) -> list[str]:
    """ "Not the same card two rounds in a row"."""
    last = s.last_pick.get(cycle_key(power, seat))
    if last is None or last[0] != s.round - 1:
        return cards
    return [c for c in cards if c != last[1]]


def note_pick(s: BethlemState, power: str, seat: int, card: str) -> None:
    s.last_pick[cycle_key(power, seat)] = (s.round, card)


def woke(s: BethlemState, kind: str, seat: int) -> None:
    """Somebody wakes in the turn of ``kind``: Ali "la muda" sees who if she spies on that turn (her one-time
    power), or on every turn once awakened."""
    if s.ali.turn != kind and not s.awake:
        # Nobody watches this turn and no card is awake (so no Ali is): no need to look for her.
        return
    for ali in s.found("ali-la-muda"):
        if not s.can_act(ali):
            continue
        watcher = s.holder(ali)
        if watcher == seat:
            continue
        if s.ali.turn == kind or s.awake.get(ali):
            s.ali.sightings.append((watcher, kind, (seat,)))
            s.emit("ali-ve", frozenset((s.players[watcher],)), player=s.players[seat], power=kind)
            if s.ali.turn == kind:
                s.ali.turn = None


def answer_of(answers) -> tuple[str, tuple[str, ...]]:
    """The one answer of a one-prompt group: (player, chosen)."""
    for (player, _), chosen in answers.items():  # the first: a loop rather than a starred unpacking's list
        return player, chosen
    raise ValueError("a group without answers")


def can_rise(s: BethlemState, card: str) -> bool:
    """A mutineer card rises to attack: alive, not silenced this round, not unmasked by Mary Firth tonight (nor
    for good by her awakening)."""
    return (
        s.can_act(card)
        and is_mutineer_card(s, card)
        and not s.mary.banned.get(card)
        and s.holder(card) not in s.mary.block
    )


def mutineer_cards(s: BethlemState, seat: int, alive_only: bool = True) -> list[str]:
    """The principal characters on the mutineers' side that ``seat`` holds."""
    return [
        c for c in s.board[seat] if GROUP_OF[c] == "P1" and is_mutineer_card(s, c) and (s.alive[c] or not alive_only)
    ]
