"""El día: the Alguacil's election (when the table chose it), the village's vote, and the lynching.

Votes are simultaneous and revealed together. The Alguacil's vote counts double and he breaks ties (or only
one of the two, as the table chose). Without an Alguacil to break it, a tie follows the table's ``empate``
option.
"""

from __future__ import annotations

from collections.abc import Sequence

from velada.core.protocol import Event, Prompt
from velada.games.hombres_lobo.deaths import die
from velada.games.hombres_lobo.state import WerewolfState
from velada.games.hombres_lobo.theme import Theme


def _ask_everyone(theme: Theme, s: WerewolfState, decision: str, candidates: Sequence[int], self_vote: bool) -> None:
    """Open one simultaneous prompt for every living player, choosing among ``candidates``."""
    kind = theme.kinds[decision]
    pid = f"{s.tag()}:{kind}"
    players = s.players
    everyone = s.ids(candidates)
    position = {seat: k for k, seat in enumerate(candidates)}
    group = s.group
    for seat in s.living():
        k = position.get(seat)
        options = everyone if self_vote or k is None else everyone[:k] + everyone[k + 1 :]
        if options:
            group[players[seat], pid] = Prompt(pid, players[seat], kind, options, 1, 1, True)


def _tally(s: WerewolfState, answers, weighted: bool) -> tuple[dict[str, str | None], dict[str, int]]:
    """The votes as cast, and their count. The Alguacil's vote counts twice when his office gives him that."""
    # One pass over the answers (a comprehension then a loop over its values cost a frame and a second pass):
    # the same votes, and the counts' keys in the same order, that of the first vote for each.
    votes: dict[str, str | None] = {}
    counts: dict[str, int] = {}
    get = counts.get
    for (player, _), chosen in answers.items():
        if chosen:
            target = votes[player] = chosen[0]
            counts[target] = get(target, 0) + 1
        else:
            votes[player] = None
    if weighted and s.sheriff is not None:
        target = votes.get(s.players[s.sheriff])
        if target is not None:
            counts[target] += 1
    return votes, counts


def _most_voted(counts: dict[str, int]) -> list[str]:
    """The players with the most votes, in the order of their first vote (none without votes)."""
    # One loop, neither a comprehension (a function of its own on 3.11, a frame made at every vote) nor ``max``
    # (a call by CPython 3.11's slow path, its argument tuple): a player with more votes than the top so far starts
    # the list again, one with as many joins it.
    most: list[str] = []
    top = 0
    for player, n in counts.items():
        if n > top:
            top = n
            most = [player]
        elif n == top:
            most.append(player)
    return most


# --- the Alguacil's election ------------------------------------------------------------------------------


def election_step(theme: Theme, s: WerewolfState, when: str) -> None:
    """Election of the Alguacil by simple majority, in the preparation turn or on a later day, before that day's
    vote (option: ``preparacion``, ``dia-1``, ``dia-2``, ``dia-3``, or ``no``)."""
    option = s.settings.sheriff
    if option == "no" or s.sheriff is not None:
        return
    if option == "preparacion":
        if when != "preparation":
            return
    elif when != "day" or s.day != int(option.removeprefix("dia-")):
        return
    # Said aloud, so the room knows the vote it is asked for is the office's (after Cupido's call, the log's
    # last line was his wake-up call).
    s.emit("eleccion-alguacil", None)
    _ask_everyone(theme, s, "election", s.living(), self_vote=True)


def election_resolve(theme: Theme, s: WerewolfState, answers, when: str) -> None:
    votes, counts = _tally(s, answers, weighted=False)
    s.emit("votos", None, votes=votes, decision="eleccion")
    top = _most_voted(counts)
    if len(top) == 1:
        _elect(s, top[0])
    elif top:
        s.emit("empate", None, players=top, decision="eleccion")
        s.agenda.appendleft(("election_revote", tuple(top)))
    else:
        s.emit("sin-alguacil", None)


def election_revote_step(theme: Theme, s: WerewolfState, tied: tuple[str, ...]) -> None:
    """A tied election is voted again among the tied candidates only."""
    _ask_everyone(theme, s, "revote", [s.index[p] for p in tied], self_vote=True)


def election_revote_resolve(theme: Theme, s: WerewolfState, answers, tied: tuple[str, ...]) -> None:
    votes, counts = _tally(s, answers, weighted=False)
    s.emit("votos", None, votes=votes, decision="eleccion")
    top = _most_voted(counts) or list(tied)
    if len(top) > 1:
        # Still tied: the narrator draws lots among them.
        winner = s.rng.choice(sorted(top))
        s.emit("sorteo", None, players=sorted(top), player=winner)
        top = [winner]
    _elect(s, top[0])


def _elect(s: WerewolfState, player: str) -> None:
    s.sheriff = s.index[player]
    s.emit("alguacil", None, player=player)


# --- the lynching ---------------------------------------------------------------------------------------


def vote_step(theme: Theme, s: WerewolfState) -> None:
    """Every living player points at one other player (or abstains)."""
    kind = theme.kinds["vote"]
    # The vote is held by day: its id is the day's (``s.tag()``), written out as the night's calls write theirs.
    s.ask_seats(f"d{s.day}:{kind}", kind, s.living(), s.others(), True)


def vote_resolve(theme: Theme, s: WerewolfState, answers) -> None:
    votes, counts = _tally(s, answers, weighted=s.settings.sheriff_double_vote)
    s.emit_data("votos", None, {"votes": votes, "decision": "linchamiento"})
    if s.settings.vote == "dos-rondas":
        candidates = _two_candidates(s, counts)
        if len(candidates) == 2:
            s.emit("candidatos", None, players=candidates)
            s.agenda.appendleft(("runoff", tuple(candidates)))
            return
        _decide(theme, s, candidates, revote_allowed=True)
        return
    _decide(theme, s, _most_voted(counts), revote_allowed=True)


def _two_candidates(s: WerewolfState, counts: dict[str, int]) -> list[str]:
    """The original two-round vote: the two most voted players go to a runoff. Where a tie leaves more than
    two in the running, the narrator draws lots for the places; a single voted player needs no runoff."""
    ranked = sorted(counts.items(), key=lambda item: -item[1])
    if len(ranked) <= 2:
        return [player for player, _ in ranked]
    top = sorted(p for p, n in ranked if n == ranked[0][1])
    if len(top) == 1:
        second = sorted(p for p, n in ranked if n == ranked[1][1])
        chosen = top + ([s.rng.choice(second)] if len(second) > 1 else second)
        drawn = len(second) > 1
    else:
        chosen = s.rng.sample(top, 2) if len(top) > 2 else top
        drawn = len(top) > 2
    if drawn:
        s.emit("sorteo-candidatos", None, players=chosen)
    return chosen


def runoff_step(theme: Theme, s: WerewolfState, candidates: tuple[str, ...]) -> None:
    """Second round: everyone votes again, between the two candidates only."""
    _ask_everyone(theme, s, "runoff", [s.index[p] for p in candidates], self_vote=False)


def runoff_resolve(theme: Theme, s: WerewolfState, answers, candidates: tuple[str, ...]) -> None:
    votes, counts = _tally(s, answers, weighted=s.settings.sheriff_double_vote)
    s.emit("votos", None, votes=votes, decision="voto-final")
    top = _most_voted(counts)
    _decide(theme, s, top, revote_allowed=True)


def revote_step(theme: Theme, s: WerewolfState, tied: tuple[str, ...]) -> None:
    """Option ``empate=revotacion``: a tie is voted once more among the tied players."""
    _ask_everyone(theme, s, "revote", [s.index[p] for p in tied], self_vote=False)


def revote_resolve(theme: Theme, s: WerewolfState, answers, tied: tuple[str, ...]) -> None:
    votes, counts = _tally(s, answers, weighted=s.settings.sheriff_double_vote)
    s.emit("votos", None, votes=votes, decision="revotacion")
    _decide(theme, s, _most_voted(counts), revote_allowed=False)


#: The data of the two "nobody is lynched" events: one dict each for every game (an event never changes once
#: logged), as ``night.NOTHING`` and ``state.fact``.
NO_VOTES = {"reason": "sin-votos"}
TIED = {"reason": "empate"}
#: "Nobody is lynched, nobody voted" as the event logged, one for every game (as ``night.NO_DEATHS``).
NOBODY_VOTED = Event("sin-linchamiento", NO_VOTES, None)


def _decide(theme: Theme, s: WerewolfState, top: list[str], revote_allowed: bool) -> None:
    """Lynch the single most voted player; otherwise settle the tie."""
    if not top:
        s.log.append(NOBODY_VOTED)
    elif len(top) == 1:
        lynch(theme, s, top[0])
    else:
        s.emit_data("empate", None, {"players": top, "decision": "linchamiento"})
        if s.sheriff is not None and s.settings.sheriff_breaks_ties:
            s.agenda.appendleft(("tiebreak", tuple(top)))
        elif s.settings.tie == "azar":
            chosen = s.rng.choice(sorted(top))
            s.emit("sorteo", None, players=sorted(top), player=chosen)
            lynch(theme, s, chosen)
        elif s.settings.tie == "revotacion" and revote_allowed:
            s.agenda.appendleft(("revote", tuple(top)))
        else:
            s.emit_data("sin-linchamiento", None, TIED)


def tiebreak_step(theme: Theme, s: WerewolfState, tied: tuple[str, ...]) -> None:
    """Alguacil: in a tie he decides which of the tied players is lynched."""
    if s.sheriff is None:
        return
    kind = theme.kinds["tiebreak"]
    s.ask(Prompt(f"{s.tag()}:{kind}", s.players[s.sheriff], kind, tied))


def tiebreak_resolve(theme: Theme, s: WerewolfState, answers, tied: tuple[str, ...]) -> None:
    (((player, _), chosen),) = answers.items()
    s.emit("desempate", None, player=chosen[0], by=player)
    lynch(theme, s, chosen[0])


def lynch(theme: Theme, s: WerewolfState, player: str) -> None:
    """The village lynches ``player``, who reveals the card."""
    die(theme, s, [(s.index[player], "linchamiento")])
