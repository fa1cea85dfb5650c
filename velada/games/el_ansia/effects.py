"""Card effects and keywords, in the rulebook's words: what a card in the play area does to speed, to drawing and
discarding, to hunting and at the end of a turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from velada.games.el_ansia.data import CARDS

if TYPE_CHECKING:
    # Only for annotations: the state module reads the play area through this one (``AnsiaState.speed``).
    from velada.games.el_ansia.state import AnsiaState

#: Effects that act in step 1 (discard/draw), before speed is counted.
STEP_ONE = ("robar", "robar_si_humano", "descartar_robar", "digerir", "inspirar")
#: The cards with such an effect (asked of the play area at every step of every turn).
STEP_ONE_CARDS = frozenset(cid for cid, card in CARDS.items() if any(k in card.effect for k in STEP_ONE))
#: The keywords the turn asks of the play area (``keyword``): what a card does while it is in play. The others
#: act elsewhere (in the hunting zone, when hunted, at the end of the turn) and are read from the card.
IN_PLAY_KEYWORDS = ("desorientacion", "picante", "agua_bendita")
#: The cards with some of them, and which.
IN_PLAY_WORDS = {
    cid: words
    for cid, card in CARDS.items()
    if (words := tuple(word for word in card.keywords if word in IN_PLAY_KEYWORDS))
}
#: The cards that score while in play: (points a hunt earns, points at the end of the turn).
SCORING_CARDS = {
    cid: (card.effect.get("caza_pv", 0), card.effect.get("fin_turno_pv", 0))
    for cid, card in CARDS.items()
    if "caza_pv" in card.effect or "fin_turno_pv" in card.effect
}

#: What the play area reads of each card: whether it is human, its speed alone and with a human in play, and for
#: the cards the turn asks about by name (``IN_PLAY_WORDS``, ``STEP_ONE_CARDS``, ``SCORING_CARDS``) what it asks,
#: ``(keywords, step-one effect, hunt points, end points)``; ``None`` for the others (half of the cards read).
READING: dict[str, tuple[bool, int, int, tuple[tuple[str, ...], bool, int, int] | None]] = {
    cid: (
        card.human,
        card.speed,
        card.speed_with_human,
        (IN_PLAY_WORDS.get(cid, ()), cid in STEP_ONE_CARDS, *SCORING_CARDS.get(cid, (0, 0)))
        if cid in IN_PLAY_WORDS or cid in STEP_ONE_CARDS or cid in SCORING_CARDS
        else None,
    )
    for cid, card in CARDS.items()
}


class PlayArea:
    """What the turn reads of the play area, worked out once per change of it: the cards that count (not
    discarded before use) and their speed. The turn asks for these at every step while the play area changes
    only when a card is drawn, played or discarded; ``area`` tells a change by comparing the play area and the
    discarded uids with its own copies, so any change, however made, is seen. Cards drawn into the play area
    (the most common change) are added to what was read (``add``) rather than read again with the others, and a
    state reads its play area anew into the object it has (``read``: a turn's start, a card discarded) rather than
    making another, which on CPython 3.11 costs a class call's slow path (~90 times a game)."""

    __slots__ = (
        "active",
        "dropped",
        "end_points",
        "human",
        "hunt_points",
        "keywords",
        "plain",
        "play",
        "speed",
        "step_one",
        "with_human",
    )

    def __init__(self, play: list[tuple[str, str]], dropped: list[str]) -> None:
        self.read(play, dropped)

    def read(self, play: list[tuple[str, str]], dropped: list[str]) -> None:
        """Forget what was read and read ``play``, without the uids ``dropped``. Every field gets a new value (a
        list or dict read before is left as it was)."""
        self.play: list[tuple[str, str]] = []
        self.dropped = list(dropped)
        self.active: list[tuple[str, str]] = []
        #: Whether a human counts in the play area, and the two sums of speed: which one counts depends on it.
        self.human = False
        self.plain = self.with_human = self.speed = 0
        #: keyword (of ``IN_PLAY_KEYWORDS``) → the uids of active cards with it.
        self.keywords: dict[str, list[str]] = {}
        #: The uids of active cards with a step-one effect (used or not).
        self.step_one: list[str] = []
        #: The victory points the active cards add to each hunt (El ansia: +2) and at the end of the turn
        #: (Rosa eterna: +1).
        self.hunt_points = self.end_points = 0
        self.add(play)

    def add(self, cards: list[tuple[str, str]]) -> None:
        """Read ``cards``, put in the play area after those already read."""
        play, active, dropped = self.play, self.active, self.dropped
        human, plain, with_human = self.human, self.plain, self.with_human
        for pair in cards:
            play.append(pair)
            uid, cid = pair
            if uid in dropped:
                continue
            active.append(pair)
            is_human, speed, speed_with_human, asked = READING[cid]
            human = human or is_human
            plain += speed
            with_human += speed_with_human
            if asked is not None:
                words, step_one, hunt, end = asked
                for word in words:
                    self.keywords.setdefault(word, []).append(uid)
                if step_one:
                    self.step_one.append(uid)
                self.hunt_points += hunt
                self.end_points += end
        self.human, self.plain, self.with_human = human, plain, with_human
        self.speed = with_human if human else plain


def area(s: AnsiaState) -> PlayArea:
    known = s.area
    play = s.play
    if known is not None and known.dropped == s.dropped:
        read = known.play
        if read == play:
            return known
        n = len(read)
        if len(play) > n and play[:n] == read:
            known.add(play[n:])
            return known
    if known is None:
        known = s.area = PlayArea(play, s.dropped)
    else:
        known.read(play, s.dropped)
    return known


def active(s: AnsiaState) -> list[tuple[str, str]]:
    """The cards of the play area that count this turn (not discarded before use)."""
    return list(area(s).active)


def has_human(s: AnsiaState) -> bool:
    return area(s).human


def total_speed(s: AnsiaState) -> int:
    """The sum of the speeds in the play area, permanents included; «Sed de vampiro»-like cards add theirs when a
    human is in play."""
    return area(s).speed


def keyword(s: AnsiaState, word: str) -> list[str]:
    """The uids of active cards with ``word`` (one of ``IN_PLAY_KEYWORDS``)."""
    assert word in IN_PLAY_KEYWORDS, word
    uids = area(s).keywords.get(word)
    return list(uids) if uids else []


def hunt_bonus(s: AnsiaState) -> int:
    """Victory points each hunt earns on top of the cards (El ansia: +2)."""
    return area(s).hunt_points


def pending_step_one(s: AnsiaState) -> list[str]:
    """Active cards whose discard/draw effect has not been used yet."""
    uids = area(s).step_one
    if not uids:
        return []
    done = s.activated
    # A loop, not a comprehension (a function of its own on CPython 3.11, made at every step of every turn).
    pending = []
    for uid in uids:
        if uid not in done:
            pending.append(uid)
    return pending
