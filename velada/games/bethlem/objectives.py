"""Cartas de objetivo (rulebook section 13): in the custom-cards mode a player's objective is a card of its own,
dealt after the life cards and hidden until it is revealed.

- **Dealing**: the book's table per number of players (``data/objetivos.toml``), shuffled with the game's RNG.
- **Revealing**: a player shows their objective to everybody when their principal card dies — the best card
  they hold (section 13 and FAQ 15.6): a card of the best group they have alive (P1, then P2, A1, A2). The
  custom characters can change when (El Arquitecto, La Alquimista: ``Character.reveals``). A player out of the
  game always shows it. Infecto de rabia reveals instead of killing (FAQ 15.3).
- **Winning** (``outcome``), in this order: El último superviviente's instant victory, a hate pact, nobody left
  (a draw), the Inquisidor's claim, a blood pact, the Renegado alone, the mutineers, the inmates. The Traidor
  wins with the side he did not choose.
"""

from __future__ import annotations

from collections.abc import Sequence

from velada.core.protocol import Result
from velada.games.bethlem.cards import (
    GROUP_OF,
    HATE_PACT,
    INMATES,
    INQUISITOR,
    LIFE_GROUPS,
    MUTINEERS,
    OBJECTIVE_TABLE,
    OBJECTIVES,
    PACT,
    RENEGADE,
    TRAITOR,
)
from velada.games.bethlem.common import prompt, reveal
from velada.games.bethlem.ending import blood_pact_winners, result_of
from velada.games.bethlem.hooks import HOOKS, Step
from velada.games.bethlem.plugins import rises
from velada.games.bethlem.state import BethlemState, InstantWin

RANK = {group: i for i, group in enumerate(LIFE_GROUPS)}


# --- dealing ---------------------------------------------------------------------------------------------------


def check_goals(players: Sequence[str], goals: object) -> list[str]:
    """An explicit deal's objectives, ``{player: objective}``, checked: every player gets one known objective."""
    if not isinstance(goals, dict):
        raise ValueError("the deal's objetivos must map every player to an objective")
    missing = [p for p in players if p not in goals]
    if missing or set(goals) - set(players):
        raise ValueError(f"the deal's objetivos must name exactly the players at the table ({', '.join(players)})")
    out = [str(goals[p]) for p in players]
    unknown = sorted({g for g in out if g not in OBJECTIVES})
    if unknown:
        raise ValueError(f"unknown objective(s) {', '.join(unknown)}; known: {', '.join(OBJECTIVES)}")
    return out


def deal_goals(s: BethlemState, goals: list[str] | None) -> None:
    """Deal the objective cards after the life cards (section 13): the book's cards for this table, shuffled,
    unless the deal names them. Each player looks at their own."""
    n = len(s.players)
    if goals is None:
        goals = list(OBJECTIVE_TABLE[n])
        s.rng.shuffle(goals)
    s.goal = list(goals)
    s.goal_public = [False] * n
    s.knows_goal = [{} for _ in range(n)]
    for seat, player in enumerate(s.players):
        s.emit("objetivo", frozenset((player,)), goal=s.goal[seat])


# --- what a player plays for ------------------------------------------------------------------------------------


def objective(s: BethlemState, seat: int) -> str:
    """What ``seat`` plays for now: a blood pact (or a hate pact) overrides any objective card (section 13);
    otherwise the objective card."""
    pact = s.blood_pact.bound
    if pact is not None and seat in pact[:2] and pact[2] in ("normal", "odio"):
        return PACT if pact[2] == "normal" else HATE_PACT
    return s.goal_override.get(seat) or s.goal[seat]


def mutineer_side(s: BethlemState, seat: int) -> bool:
    """On the mutineers' side for the mutineers' victory: an Amotinado, or a Traidor who chose them (the
    Renegado only pretends, and must be killed too)."""
    goal = objective(s, seat)
    return goal == MUTINEERS or (goal == TRAITOR and s.traitor_side.get(seat) == MUTINEERS)


def goal_visible(s: BethlemState, viewer: int | None, seat: int) -> bool:
    """Whether ``viewer`` (``None``: nobody in particular) may know ``seat``'s objective card."""
    if s.result is not None or s.goal_public[seat]:
        return True
    return viewer is not None and (viewer == seat or bool(s.knows_goal[viewer].get(seat)))


# --- revealing ----------------------------------------------------------------------------------------------------


def principal_card(s: BethlemState, seat: int) -> str | None:
    """FAQ 15.6: a player's principal card is their best living card (P1, then P2, A1, A2); among equals, the one
    they held from the start; failing that, the leftmost."""
    cards = [c for c in s.board[seat][: s.table] if s.alive[c]]
    if not cards:
        return None
    return min(cards, key=lambda c: (RANK[GROUP_OF[c]], s.dealt_to.get(c) != seat, s.where[c][1]))


def best_card_died(s: BethlemState, seat: int, dead: list[str]) -> bool:
    """Section 13: among the cards ``seat`` held alive before these deaths, one of the best group died."""
    row = s.board[seat][: s.table]
    before = [c for c in row if s.alive[c] or c in dead]
    died = [c for c in row if c in dead]
    if not died:
        return False
    best = min(RANK[GROUP_OF[c]] for c in before)
    return any(RANK[GROUP_OF[c]] == best for c in died)


def after_deaths(s: BethlemState, dead: list[str]) -> None:
    """After a batch of deaths: whoever lost their principal card shows their objective (the characters'
    ``reveals`` hooks may change that), and so does whoever is out of the game."""
    for seat in range(len(s.players)):
        if s.goal_public[seat]:
            continue
        if s.out[seat]:
            reveal(s, seat, "eliminado")
            continue
        verdict = best_card_died(s, seat, dead)
        for hook in HOOKS.reveals:
            verdict = hook(s, seat, dead, verdict)
        if verdict:
            reveal(s, seat, "carta-principal")


# --- the Traidor ----------------------------------------------------------------------------------------------------

RISE = "levantarse"


def traitors_undecided(s: BethlemState) -> list[int]:
    return [seat for seat in s.seats_in_game() if s.goal[seat] == TRAITOR and not s.traitor_side.get(seat)]


def traitor_step(game, s: BethlemState) -> None:
    """The Traidor's choice, on the first night in the mutineers' turn (section 13): rising with them makes him
    one of them; staying asleep, an inmate. He wins when the side he chose loses."""
    for seat in traitors_undecided(s):
        s.ask(prompt(s, seat, "traidor", (RISE,), skippable=True))


def traitor_answer(game, s: BethlemState, answers) -> None:
    for (player, _), chosen in answers.items():
        seat = s.index[player]
        side = MUTINEERS if chosen else INMATES
        s.traitor_side[seat] = side
        s.emit("traidor-elige", frozenset((player,)), side=side)


# --- the Inquisidor -------------------------------------------------------------------------------------------------

CLAIM = "revelar"
#: The secrets of section 13 that are about cards: which players hold them (when the table plays them).
CARD_SECRETS = (("siamesas", "inquisidor-siamesas"), ("companeros-de-celda", "inquisidor-celda"))


def inquisitor_step(game, s: BethlemState) -> None:
    """The Inquisidor wins by revealing the asylum's secrets (section 13). In the digital game that is a claim
    the engine checks: once a game, at the start of a day, he may say he knows them all."""
    for seat in s.seats_in_game():
        if objective(s, seat) == INQUISITOR and seat not in s.claimed:
            s.ask(prompt(s, seat, "inquisidor", (CLAIM,), skippable=True))


def inquisitor_answer(game, s: BethlemState, answers) -> None:
    for (player, _), chosen in answers.items():
        if chosen:
            seat = s.index[player]
            s.claimed.append(seat)
            s.emit("inquisidor-reclama", None, player=player)
            s.agenda.appendleft(("inquisitor-claim", seat))


def secrets(s: BethlemState, seat: int) -> dict[str, tuple[str, ...]]:
    """What the Inquisidor at ``seat`` must name, by prompt id suffix → the right answer (player ids, sorted):
    who holds the Siamesas, the Compañeros de celda and the Pacto de sangre (now, dead or alive, when the table
    plays them), and the objective card of every other player whose objective is not face up."""
    out: dict[str, tuple[str, ...]] = {}
    for kind, key in CARD_SECRETS:
        cards = s.find(kind)
        if cards:
            out[key] = tuple(sorted({s.players[s.holder(c)] for c in cards}))
    pact = s.find("pacto-de-sangre")
    if pact:
        out["inquisidor-pacto"] = (s.players[s.holder(pact[0])],)
    for other in range(len(s.players)):
        if other != seat and not s.goal_public[other]:
            out[f"inquisidor-objetivo-{s.players[other]}"] = (s.goal[other],)
    return out


def claim_step(game, s: BethlemState, seat: int) -> None:
    """The claim: one prompt per secret, answered together."""
    goals = tuple(g for g in OBJECTIVES if g in s.goal)
    for key in secrets(s, seat):
        if key.startswith("inquisidor-objetivo-"):
            other = key.removeprefix("inquisidor-objetivo-")
            s.ask(prompt(s, seat, "inquisidor-objetivo", goals, args={"player": other}, suffix=f"-{other}"))
        else:
            count = {"inquisidor-siamesas": 2, "inquisidor-celda": 3}.get(key, 1)
            players = s.ids(range(len(s.players)))
            s.ask(prompt(s, seat, key, players, max=min(count, len(players))))


def claim_answer(game, s: BethlemState, answers, seat: int) -> None:
    """Every secret right: the Inquisidor wins at once. One wrong: his objective card is turned face up (he can
    claim no more, and has no other way to win)."""
    truth = secrets(s, seat)
    right = True
    for (_, pid), chosen in answers.items():
        key = pid.partition(":")[2]
        right = right and tuple(sorted(chosen)) == truth.get(key)
    s.emit("inquisidor-resultado", None, player=s.players[seat], right=right)
    if right:
        instant_win(s, INQUISITOR, INQUISITOR, [seat])
    else:
        reveal(s, seat, "inquisidor")
    s.agenda.appendleft(("check",))


# --- the ending -------------------------------------------------------------------------------------------------------


def outcome(s: BethlemState) -> Result | None:
    """The result if some objective is met now, checked in this order (sections 13 and 2):

    1. El último superviviente died in the first three rounds: its holder wins at once;
    2. a hate pact whose member destroyed the other's last card: that member wins;
    3. nobody left in the game: a draw;
    4. the Inquisidor revealed every secret (his claim, checked by the engine);
    5. a blood pact whose two members are the only players left;
    6. the Renegado is the only player left;
    7. every player left is on the mutineers' side: the Amotinados win, and a Traidor who chose the inmates;
    8. every player who rises with the mutineers (Amotinados, Renegado, a Traidor who chose them) has had their
       objective revealed: the Internos win, and a Traidor who chose the mutineers.

    Sides win dead or alive; the Renegado, the Inquisidor and a pact need their players in the game.
    """
    instant = s.instant
    if instant is not None:
        return _result(s, instant.reason, (instant.side,), list(instant.winners))
    if s.blood_pact.hate_winner is not None:
        return _result(s, "pacto-de-odio", (HATE_PACT,), [s.blood_pact.hate_winner])
    playing = s.seats_in_game()
    if not playing:
        return _result(s, "nadie", (), [])
    n = len(s.players)
    goals = [objective(s, seat) for seat in range(n)]
    pact_winners = blood_pact_winners(s, playing)
    if pact_winners is not None:
        return _result(s, "pacto-de-sangre", (PACT,), pact_winners)
    if len(playing) == 1 and goals[playing[0]] == RENEGADE:
        return _result(s, "renegado", (RENEGADE,), playing)
    if any(goals[seat] == MUTINEERS for seat in range(n)) and all(mutineer_side(s, seat) for seat in playing):
        return _side_wins(s, goals, MUTINEERS, INMATES, "amotinados")
    risers = [seat for seat in range(n) if rises(s, seat)]
    if risers and all(s.goal_public[seat] for seat in risers):
        inmates = [seat for seat in range(n) if goals[seat] == INMATES]
        if inmates:
            return _side_wins(s, goals, INMATES, MUTINEERS, "desenmascarados")
    return None


def _side_wins(s: BethlemState, goals: list[str], side: str, betrayed: str, reason: str) -> Result:
    """``side`` wins, with every Traidor who chose the other side (his own side lost)."""
    winners = [seat for seat, goal in enumerate(goals) if goal == side]
    traitors = [seat for seat, goal in enumerate(goals) if goal == TRAITOR and s.traitor_side.get(seat) == betrayed]
    sides = (side, TRAITOR) if traitors else (side,)
    return _result(s, reason, sides, winners + traitors)


def _result(s: BethlemState, reason: str, sides: tuple[str, ...], winners) -> Result:
    """The result, as the normal mode builds it (``ending.result``)."""
    return result_of(s, reason, sides, winners)


def instant_win(s: BethlemState, reason: str, side: str, winners: list[int]) -> None:
    """An objective met at once by a card's rule (El último superviviente, the Inquisidor's claim): the next
    check ends the game with it."""
    if s.instant is None:
        s.instant = InstantWin(reason, side, tuple(sorted(winners)))


STEPS: dict[str, Step] = {"traitor": traitor_step, "inquisitor": inquisitor_step, "inquisitor-claim": claim_step}
ANSWERS: dict[str, Step] = {
    "traitor": traitor_answer,
    "inquisitor": inquisitor_answer,
    "inquisitor-claim": claim_answer,
}
