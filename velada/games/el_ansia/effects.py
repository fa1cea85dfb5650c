"""Card effects and keywords, in the rulebook's words: what a card in the play area does to speed, to drawing and
discarding, to hunting and at the end of a turn."""

from __future__ import annotations

from velada.games.el_ansia.data import CARDS
from velada.games.el_ansia.state import AnsiaState

#: Effects that act in step 1 (discard/draw), before speed is counted.
STEP_ONE = ("robar", "robar_si_humano", "descartar_robar", "digerir", "inspirar")
#: The cards with such an effect (asked of the play area at every step of every turn).
STEP_ONE_CARDS = frozenset(cid for cid, card in CARDS.items() if any(k in card.effect for k in STEP_ONE))


def active(s: AnsiaState) -> list[tuple[str, str]]:
    """The cards of the play area that count this turn (not discarded before use)."""
    dropped = s.dropped
    return [(uid, cid) for uid, cid in s.play if uid not in dropped]


def has_human(s: AnsiaState) -> bool:
    return any(CARDS[cid].human for _, cid in active(s))


def total_speed(s: AnsiaState) -> int:
    """The sum of the speeds in the play area, permanents included; «Sed de vampiro»-like cards add theirs when a
    human is in play."""
    dropped = s.dropped
    cards = [CARDS[cid] for uid, cid in s.play if uid not in dropped]
    if any(card.human for card in cards):
        return sum(card.speed_with_human for card in cards)
    return sum(card.speed for card in cards)


def keyword(s: AnsiaState, word: str) -> list[str]:
    """The uids of active cards with ``word``."""
    return [uid for uid, cid in active(s) if word in CARDS[cid].keywords]


def hunt_bonus(s: AnsiaState) -> int:
    """Victory points each hunt earns on top of the cards (El ansia: +2)."""
    return sum(CARDS[cid].effect.get("caza_pv", 0) for _, cid in active(s))


def end_of_turn_points(s: AnsiaState) -> int:
    """Victory points at the end of the turn (Rosa eterna: +1)."""
    return sum(CARDS[cid].effect.get("fin_turno_pv", 0) for _, cid in active(s))


def pending_step_one(s: AnsiaState) -> list[str]:
    """Active cards whose discard/draw effect has not been used yet."""
    done = set(s.activated)
    return [uid for uid, cid in active(s) if cid in STEP_ONE_CARDS and uid not in done]
