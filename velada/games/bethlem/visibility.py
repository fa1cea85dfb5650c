"""What each viewer sees of Bethlem's table: which cards and personalities are shown to them, and the markers on
the cards; and what of it is the same for every viewer but the narrator (:class:`Shared`), which a live table's
views of one state work out once (``BethlemGame.shared_view``) instead of once per viewer.

The rules of sight are :func:`card_shown` and :func:`persona_shown`; a view asks them of every card of the table,
so :class:`Shared` holds their part that does not depend on the viewer, and :func:`markers` works out the markers
of every card in one pass over the state, not one per card."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from velada.games.bethlem.hooks import hooks_of
from velada.games.bethlem.state import BethlemState


def card_shown(s: BethlemState, me: int | None, narrator: bool, card: str) -> bool:
    """Whether the viewer (the seat ``me``, ``None`` for anybody else; ``narrator``) may know ``card``: dead and
    face-up cards, the viewer's own, the ones they saw or were told; everything for the narrator and once the
    game is over."""
    if narrator or s.result is not None or not s.alive[card] or s.public.get(card):
        return True
    return me is not None and (s.where[card][0] == me or bool(s.known[me].get(card)))


def persona_shown(s: BethlemState, me: int | None, narrator: bool, seat: int) -> bool:
    """Whether the viewer may know ``seat``'s personality: shown to the table, their own, or told them."""
    if narrator or s.result is not None or s.persona_public[seat]:
        return True
    return me is not None and (me == seat or bool(s.knows_persona[me].get(seat)))


def shown_to_all(s: BethlemState) -> frozenset[str]:
    """The cards on the table that every viewer may know (:func:`card_shown` for a viewer with no seat)."""
    if s.result is not None:
        return frozenset(card for row in s.board for card in row)
    alive, public = s.alive, s.public
    return frozenset(card for row in s.board for card in row if not alive[card] or public.get(card))


def shown_to(s: BethlemState, me: int | None, everybody: frozenset[str] | None = None) -> frozenset[str]:
    """The cards on the table the seat ``me`` (``None``: a viewer with no seat) may know, the narrator apart:
    :func:`card_shown` of every card, that is the cards every viewer may know (``everybody``: :func:`shown_to_all`,
    when worked out already) and the seat's own and those it saw or was told."""
    if everybody is None:
        everybody = shown_to_all(s)
    if me is None or s.result is not None:
        return everybody
    where, known = s.where, s.known[me]
    return everybody.union([card for row in s.board for card in row if where[card][0] == me or known.get(card)])


def markers(s: BethlemState, narrator: bool) -> dict[str, list[str]]:
    """The markers on every card on the table, by card: the public ones, and for the narrator the secret ones too.
    Each kind of marker is added to the cards it marks in turn, so a card's markers keep this order: awake,
    Melancolía (hidden from the table the night it is not seen), isolated, the reaper's design, a token, accused
    today, a Profeta's link, lobotomised, shown to the table, the custom characters', then the narrator's (an
    attack, a protection, Muerte dulce's exchange, a delayed death)."""
    out: dict[str, list[str]] = {card: [] for row in s.board for card in row}

    def mark(cards: Iterable[str], marker: str) -> None:
        for card in cards:
            found = out.get(card)
            if found is not None:
                found.append(marker)

    r = s.round
    mark([card for card, on in s.awake.items() if on], "despertar")
    unseen = s.melancholy.unseen
    mark(
        [card for card, when in s.melancholy.blocked.items() if when == r and (narrator or card != unseen)],
        "melancolia",
    )
    mark([card for card, when in s.isolated.items() if when == r], "celda")
    mark(dict.fromkeys(s.reaper.marks), "parca")
    mark({token[0] for token in s.tokens}, "ficha")
    if s.phase == "dia":
        mark(dict.fromkeys(s.flick.accused), "acusada")
    mark({card for link in s.prophets for card in link[:2]}, "profeta")
    mark(s.lobotomy.sides, "lobotomia")
    # Shown to the whole table: its holder, who sees it anyway, knows everybody knows it too.
    alive = s.alive
    mark([card for card, on in s.public.items() if on and alive.get(card)], "desvelada")
    hooks = hooks_of(s).markers
    if hooks:
        for card, found in out.items():
            for hook in hooks:
                found.extend(hook(s, card, narrator))
    if narrator:
        mark({attack[0] for attack in s.attacks}, "muerte")
        mark({protection[0] for protection in s.protections}, "protegida")
        sweet = s.sweet
        if sweet is not None and sweet.open:
            mark({sweet.card, sweet.chosen}, "muerte-dulce")
        mark({attack[0] for _, attack in s.delayed}, "muerte-aplazada")
    return out


@dataclass(frozen=True, slots=True)
class Shared:
    """What the view of one state holds the same for every viewer but the narrator, worked out as a seat's view
    works it out: the cards everybody may know (:func:`shown_to_all`), the seats whose personality everybody may
    know, and the public markers on every card (``markers(s, False)``, the lists never handed out themselves: a
    view copies them). Plus what is the same for the narrator too: the phase's text."""

    shown: frozenset[str]
    personas: tuple[bool, ...]
    markers: dict[str, list[str]]
    phase: str


def shared(s: BethlemState, phase: str) -> Shared:
    """:class:`Shared` for ``s``, with the phase's text (in the views' language) ``phase``."""
    everybody = s.result is not None
    return Shared(
        shown=shown_to_all(s),
        personas=tuple(everybody or public for public in s.persona_public),
        markers=markers(s, False),
        phase=phase,
    )
