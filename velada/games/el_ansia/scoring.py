"""Dawn and the final scoring: who is safe, card bonuses, public and secret missions, and the winner."""

from __future__ import annotations

from collections import Counter

from velada.core.protocol import Prompt, Result
from velada.games.el_ansia import board
from velada.games.el_ansia.data import CARDS, HUMAN_KINDS, MISSIONS, SPACES, Card
from velada.games.el_ansia.points import owned, score
from velada.games.el_ansia.state import AnsiaState

KIND_TOKENS = set(HUMAN_KINDS)


def final_scoring(s: AnsiaState) -> None:
    """Before scoring, each «choice» token is given a human kind by its owner."""
    s.current = None
    asked = False
    for seat, tokens in enumerate(s.tokens):
        for k in range(tokens.count("eleccion")):
            s.ask(Prompt(f"fin:eleccion-{k + 1}", s.players[seat], "eleccion", HUMAN_KINDS))
            asked = True
    if asked:
        s.step = "eleccion"
        return
    finish(s)


def resolve_choice(s: AnsiaState, answers) -> None:
    for (player, pid), chosen in answers.items():
        s.choice_kinds[f"{player}/{pid}"] = chosen[0]
    finish(s)


def safety(s: AnsiaState, seat: int) -> tuple[bool, int]:
    """Castle: safe. Cemetery: safe, −5. Mountains: ashes (novice mode: safe, losing the points printed on the
    space). Plains, forest, maze: ashes."""
    space = SPACES[s.position[seat]]
    if space.region == "castillo":
        return True, 0
    if space.region == "cementerio":
        return True, -5
    if space.region == "montanas" and s.settings.mode == "novato":
        return True, -space.penalty
    return False, 0


def _counted(card: Card) -> tuple[str | None, ...]:
    """What one card counts for in the missions and majorities: a human its kind and «humanos», a familiar, power
    or rose its type; and its tag (a familiar's animal), if any."""
    if card.type == "humano":
        keys: tuple[str | None, ...] = (card.kind, "humanos")
    elif card.type in ("familiar", "poder", "rosa"):
        keys = (card.type,)
    else:
        keys = ()
    return (*keys, f"etiqueta:{card.tag}") if card.tag else keys


#: ``_counted`` of every card, worked out once rather than for every card owned at every game's end.
COUNTED = {cid: _counted(card) for cid, card in CARDS.items()}
#: The cards with an end-of-game effect (``card_bonuses``), and which.
END_EFFECTS = {cid: card.effect["fin_partida"] for cid, card in CARDS.items() if "fin_partida" in card.effect}


def counts(s: AnsiaState, seat: int, cards: list[str]) -> Counter:
    """What missions and majorities count of the cards the vampire at ``seat`` owns (``cards``): humans by kind
    (kind tokens and chosen kinds included), familiars, powers, roses, tokens, digested humans, animals, and the
    deck's size."""
    keys: list[str | None] = []
    for cid in cards:
        keys += COUNTED[cid]
    c = Counter(keys)
    for token in s.tokens[seat]:
        if token in KIND_TOKENS:
            c[token] += 1
            c["humanos"] += 1
    player = s.players[seat]
    for key, kind in s.choice_kinds.items():
        if key.startswith(f"{player}/"):
            c[kind] += 1
            c["humanos"] += 1
    c["fichas"] = len(s.tokens[seat])
    c["digeridos"] = sum(1 for cid in s.digested[seat] if CARDS[cid].human)
    c["mazo"] = len(cards) - len(s.digested[seat])
    return c


def card_bonuses(cards: list[str]) -> int:
    """End-of-game card effects of the cards a vampire owns: Cyrana +4 with Roxane; «Cazadores» one per human of
    their own kind (themselves included); Echo one per wolf (itself included)."""
    bonus_cards = [cid for cid in cards if cid in END_EFFECTS]
    if not bonus_cards:  # most vampires own none of them
        return 0
    humans: Counter = Counter()
    wolves = 0
    for c in cards:
        card = CARDS[c]
        if card.type == "humano":
            humans[card.kind] += 1
        if card.tag == "lobo":
            wolves += 1
    total = 0
    for cid in bonus_cards:
        effect = END_EFFECTS[cid]
        if effect == "con_roxane" and "roxane" in cards:
            total += 4
        elif effect == "misma_clase":
            total += humans[CARDS[cid].kind]
        elif effect == "por_lobo":
            total += wolves
    return total


def mission_points(mission_id: str, seat: int, c: list[Counter], survivors: list[bool], s: AnsiaState) -> int:
    m = MISSIONS[mission_id]
    d = m.data
    mine = c[seat]
    cond = d.get("condicion")

    def majority(key: str) -> bool:
        return (
            survivors[seat]
            and mine[key] > 0
            and all(mine[key] > c[o][key] for o in range(len(c)) if o != seat and survivors[o])
        )

    if cond == "por_clase":
        return m.vp * mine[d["clase"]]
    if cond == "por_clase_desde":
        return m.vp * mine[d["clase"]] if mine[d["clase"]] >= d["minimo"] else 0
    if cond == "mayoria":
        return m.vp if majority(d["clase"]) else 0
    if cond == "mayoria_tipo":
        return m.vp if majority(d["tipo_carta"]) else 0
    if cond == "mayoria_humanos":
        return m.vp if majority("humanos") else 0
    if cond == "mayoria_fichas":
        return m.vp if majority("fichas") else 0
    if cond == "rosa":
        return m.vp if mine["rosa"] else 0
    if cond == "rosa_y_etiqueta":
        return m.vp if mine["rosa"] and mine[f"etiqueta:{d['etiqueta']}"] else 0
    if cond == "por_etiqueta":
        return m.vp * mine[f"etiqueta:{d['etiqueta']}"]
    if cond == "por_tipo":
        return m.vp * mine[d["tipo_carta"]]
    if cond == "tipo_minimo":
        return m.vp if mine[d["tipo_carta"]] >= d["minimo"] else 0
    if cond == "variedad":
        return m.vp if all(mine[k] >= 1 for k in HUMAN_KINDS) else 0
    if cond == "variedad_doble":
        return m.vp if all(mine[k] >= 2 for k in HUMAN_KINDS) else 0
    if cond == "por_digerido":
        return m.vp * mine["digeridos"]
    if cond == "fichas":
        return m.vp if mine["fichas"] >= d["minimo"] else 0
    if cond == "por_ficha":
        return m.vp * mine["fichas"]
    if cond == "region_final":
        return m.vp if SPACES[s.position[seat]].region == d["region"] else 0
    if cond == "pares":
        return m.vp * min(mine[k] for k in d["clases"])
    if cond == "humanos":
        return m.vp if mine["humanos"] >= d["minimo"] else 0
    if cond == "humanos_max":
        return m.vp if mine["humanos"] <= d["maximo"] else 0
    if cond == "familiares_exactos":
        return m.vp if mine["familiar"] == d["numero"] else 0
    if cond == "mazo_max":
        return m.vp if mine["mazo"] <= d["maximo"] else 0
    return 0


def finish(s: AnsiaState) -> None:
    """Safety, card bonuses, public missions then each player's own; the survivor with most points wins, ties
    going to whoever reached the castle first, then to whoever is closest to it."""
    n = len(s.players)
    survivors = []
    for seat in range(n):
        safe, penalty = safety(s, seat)
        survivors.append(safe)
        s.emit("amanecer", None, player=s.players[seat], safe=safe, space=s.position[seat])
        score(s, seat, penalty, "amanecer")
    s.survivors = survivors
    # What each vampire owns, read once for the bonuses and the counts (scoring moves no card).
    owns = [owned(s, seat) for seat in range(n)]
    for seat in range(n):
        score(s, seat, card_bonuses(owns[seat]), "cartas")
    c = [counts(s, seat, owns[seat]) for seat in range(n)]
    for seat in range(n):
        for mid in s.public_missions:
            score(s, seat, mission_points(mid, seat, c, survivors, s), f"mision:{mid}")
        own = [mid for mid in s.missions[seat] if MISSIONS[mid].type == "normal"]
        s.emit("misiones-reveladas", None, player=s.players[seat], missions=own)
        for mid in own:
            score(s, seat, mission_points(mid, seat, c, survivors, s), f"mision:{mid}")
    alive = [seat for seat in range(n) if survivors[seat]]
    winners: tuple[str, ...] = ()
    if alive:

        def rank(seat: int) -> tuple:
            arrival = s.castle_order.index(seat) if seat in s.castle_order else n
            return (-s.score[seat], arrival, board.to_castle(s.position[seat]))

        best = min(alive, key=rank)
        winners = (s.players[best],)
        sides: tuple[str, ...] = (s.vampires[best],)
        reason = "victoria"
    else:
        sides = ()
        reason = "cenizas"
    teams = tuple(zip(s.players, s.vampires, strict=True))
    stats = tuple((p, "puntos", float(s.score[i])) for i, p in enumerate(s.players)) + tuple(
        (p, "supervivencia", float(survivors[i])) for i, p in enumerate(s.players)
    )
    s.result = Result(reason, sides, winners, s.moon, teams, stats)
    s.emit("fin", None, reason=reason, winners=list(winners), scores=dict(zip(s.players, s.score, strict=True)))
