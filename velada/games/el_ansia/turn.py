"""A player's turn, in the rulebook's three steps: (1) discard/draw effects, (2) speed — move and/or hunt once,
(3) end of turn; and the round of turns they make up (the next player's turn, or the moon's next turn, the
umbrellas' extra turn, the final scoring). Every function that opens a prompt records in ``s.step`` which resolver
answers it. The turn's functions run only during a turn: where they read whose turn it is (``s.current``), they
assert it is a seat (for the type checker). Those that run at every turn gather their lists by loops rather than
comprehensions: on CPython 3.11 a comprehension is a function of its own, made and called at each use, dearer
than the loop over the few items these lists hold (docs/performance.md, twelfth round)."""

from __future__ import annotations

from velada.core.chance import shuffle
from velada.core.protocol import Prompt
from velada.games.el_ansia import board, scoring
from velada.games.el_ansia.data import CARDS, HUMAN_KINDS, MISSIONS, QUICK, SPACES
from velada.games.el_ansia.effects import (
    active,
    area,
    has_human,
    hunt_bonus,
    keyword,
    pending_step_one,
)
from velada.games.el_ansia.points import owned, score
from velada.games.el_ansia.rounds import TAVERN, refill_zone, turn_order
from velada.games.el_ansia.state import AnsiaState

REGION_BONUS = {"llanuras": 1, "bosque": 2}
DIGEST_SPACES = {"mercado": "lugareno", "iglesia": "religioso", "cuartel": "militar", "mansion": "noble"}
NO_HUNT_SPACES = ("castillo",)
_new_object = object.__new__

#: The hunt's option id of each cell of the hunting zone, ``z<row><column>``, written once: up to 7 rows (a row
#: per player, six at most, and one more) of 3 columns.
ZONE_IDS = tuple(tuple(f"z{row}{col}" for col in range(3)) for row in range(7))
#: The hunting zone's columns, by number.
COLUMNS = (0, 1, 2)
#: The cell each of those ids names.
ZONE_CELLS = {cell: (row, col) for row, cells in enumerate(ZONE_IDS) for col, cell in enumerate(cells)}


def _ask(s: AnsiaState, step: str, kind: str, options, skippable: bool = False, n: int = 1, **args) -> None:
    """Open the turn's next decision for the vampire whose turn it is: ``n`` of ``options``, answered by the
    resolver of ``step``."""
    s.step = step
    seat = s.current
    assert seat is not None
    player = s.players[seat]
    # The prompt's fields are set here rather than by calling the class, as ``State.ask_seats`` does for its own
    # prompts (CPython 3.11 reaches a class's __init__ by a slow path): nearly every choice of a game answers
    # one of these.
    prompt = _new_object(Prompt)
    prompt.id = f"{s.tag()}:{kind}"
    prompt.player = player
    prompt.kind = kind
    prompt.options = tuple(options)
    prompt.min = prompt.max = n
    prompt.skippable = skippable
    prompt.args = args or None
    prompt.text_max = 0
    s.group[player, prompt.id] = prompt


def _labels(s: AnsiaState, uids: list[str]) -> dict[str, str]:
    """The card of each of ``uids`` (of the play area): what a prompt that offers them shows."""
    cards = dict(s.play)
    labels = {}
    for uid in uids:
        labels[uid] = cards[uid]
    return labels


def _card(s: AnsiaState, uid: str) -> str:
    """The card of the play area with ``uid``."""
    for pair_uid, cid in s.play:
        if pair_uid == uid:
            return cid
    raise KeyError(uid)


def _new_uid(s: AnsiaState) -> str:
    s.uid += 1
    return f"c{s.uid}"


# --- drawing ---------------------------------------------------------------------------------------------


def draw(s: AnsiaState, seat: int, n: int, to_play: bool) -> list[str]:
    """Draw ``n`` cards (into the play area during a turn, into the hand at its end). An empty deck is refilled by
    shuffling the discard pile."""
    drawn = []
    deck = s.deck[seat]
    for _ in range(n):
        if not deck:
            if not s.discard[seat]:
                break
            deck = s.deck[seat] = s.discard[seat]
            s.discard[seat] = []
            shuffle(s.rng, deck)
            s.emit_data("baraja", None, {"player": s.players[seat]})
        cid = deck.pop()
        drawn.append(cid)
        if to_play:
            s.uid += 1  # _new_uid, inlined: up to three cards a draw, ~110 draws a game
            s.play.append((f"c{s.uid}", cid))
        else:
            s.hand[seat].append(cid)
    if drawn:
        s.drawn[seat] += len(drawn)
        player = s.players[seat]
        s.emit_data("roba", frozenset((player,)), {"player": player, "cards": drawn})
        s.emit_data("robo", None, {"player": player, "n": len(drawn), "play": to_play})
    return drawn


# --- step 1: discard and draw effects --------------------------------------------------------------------


def start_turn(s: AnsiaState, seat: int) -> None:
    """All the hand goes into the play area (with the permanents and any Picante card still held)."""
    s.current = seat
    cards = [*s.permanents[seat], *s.spicy[seat], *s.hand[seat]]
    # Their uids as _new_uid numbers them, one after the other.
    uid = s.uid
    play = s.play = []
    for k, cid in enumerate(cards, 1):
        play.append((f"c{uid + k}", cid))
    s.uid = uid + len(cards)
    s.permanents[seat] = []
    s.spicy[seat] = []
    s.hand[seat] = []
    s.turn_phase = "uno"
    s.activated, s.dropped = [], []
    s.bonus_speed = s.spent = 0
    s.moved, s.can_move, s.hunted, s.rose_taken = False, True, False, False
    s.hunts, s.well_hunts = (0 if s.extra_turn else 1), 0
    s.last_hunt = None
    s.pending_effect = None
    s.emit_data("turno-de", None, {"player": s.players[seat], "cards": cards})  # the play area's cards, in its order
    step_one(s)


def step_one(s: AnsiaState) -> None:
    """Discard and draw effects come first, in the order the player likes; each card's are used whole."""
    pending = pending_step_one(s)
    if len(pending) > 1:
        _ask(s, "efecto", "efecto", pending, cards=_labels(s, pending))
    elif pending:
        activate(s, pending[0])
    else:
        step_two(s)


def activate(s: AnsiaState, uid: str) -> None:
    cid = _card(s, uid)
    effect = CARDS[cid].effect
    s.activated.append(uid)
    seat = s.current
    assert seat is not None
    s.emit_data("activa", None, {"player": s.players[seat], "card": cid})
    if "robar" in effect:
        draw(s, seat, effect["robar"], True)
    if "robar_si_humano" in effect and has_human(s):
        draw(s, seat, effect["robar_si_humano"], True)
    if "descartar_robar" in effect:
        choices = []
        for other, _ in area(s).active:
            if other != uid and other not in s.activated:
                choices.append(other)
        if choices:
            s.pending_effect = uid
            _ask(s, "descartar", "descartar", choices, cards=_labels(s, choices))
            return
    if "digerir" in effect and offer_digest(s, None):
        return
    if "inspirar" in effect and offer_inspire(s):
        return
    step_one(s)


def resolve_effect(s: AnsiaState, chosen: tuple[str, ...]) -> None:
    activate(s, chosen[0])


def discard_and_draw(s: AnsiaState, uid: str, draws: int) -> None:
    """A card of the play area goes to the discard pile — its effect lost and its speed no longer counted if it
    had not been used — and the vampire draws into the play area."""
    seat = s.current
    assert seat is not None
    cid = _card(s, uid)
    s.dropped.append(uid)
    s.discard[seat].append(cid)
    s.emit_data("descarta", None, {"player": s.players[seat], "card": cid})
    draw(s, seat, draws, True)
    continue_after_choice(s)


def resolve_discard(s: AnsiaState, chosen: tuple[str, ...]) -> None:
    """The card discarded by a card's «discard 1, draw 1»."""
    uid = s.pending_effect
    assert uid is not None  # set when its prompt was opened
    draws = CARDS[_card(s, uid)].effect.get("descartar_robar", 1)
    s.pending_effect = None
    discard_and_draw(s, chosen[0], draws)


def continue_after_choice(s: AnsiaState) -> None:
    """Back to the step of the turn the choice interrupted."""
    if s.turn_phase == "uno":
        step_one(s)
    elif s.turn_phase == "mover":
        offer_move(s)
    else:
        offer_hunt(s)


# --- digesting and missions --------------------------------------------------------------------------


def offer_digest(s: AnsiaState, kind: str | None) -> bool:
    """Digerir: a human (of ``kind``, at a market/church/barracks/mansion) from the play area or the discard pile
    goes to the digestion area: it still counts for missions and end effects, but never returns to the deck."""
    seat = s.current
    assert seat is not None
    in_play = [uid for uid, cid in active(s) if CARDS[cid].human and (kind is None or CARDS[cid].kind == kind)]
    in_discard = sorted(
        {f"d:{cid}" for cid in s.discard[seat] if CARDS[cid].human and (kind is None or CARDS[cid].kind == kind)}
    )
    options = in_play + in_discard
    if not options:
        return False
    labels = dict(s.play)
    _ask(
        s,
        "digerir",
        "digerir",
        options,
        skippable=True,
        cards={o: (o[2:] if o.startswith("d:") else labels[o]) for o in options},
    )
    return True


def resolve_digest(s: AnsiaState, chosen: tuple[str, ...]) -> None:
    seat = s.current
    assert seat is not None
    if chosen:
        option = chosen[0]
        if option.startswith("d:"):
            cid = option[2:]
            s.discard[seat].remove(cid)
        else:
            cid = _card(s, option)
            s.dropped.append(option)
        s.digested[seat].append(cid)
        s.emit("digiere", None, player=s.players[seat], card=cid)
    continue_after_choice(s)


def offer_inspire(s: AnsiaState) -> bool:
    """Inspirar (and the mission token): choose a crypt's pile and take a mission as if standing there."""
    piles = [region for region, pile in s.crypts.items() if pile]
    if not piles:
        return False
    _ask(s, "inspirar", "inspirar", piles, skippable=True)
    return True


def resolve_inspire(s: AnsiaState, chosen: tuple[str, ...]) -> None:
    if not chosen or not offer_missions(s, chosen[0]):
        continue_after_choice(s)


def offer_missions(s: AnsiaState, region: str) -> bool:
    """At a crypt (venerable): take the whole pile, then keep one mission more than you had — old or new — and put
    the rest back. Novice: look at the pile and take one."""
    seat = s.current
    assert seat is not None
    pile = s.crypts[region]
    if not pile:
        return False
    player = s.players[seat]
    s.crypt_region = region
    s.crypts_seen[seat] = True
    s.emit("mira-misiones", frozenset((player,)), player=player, region=region, missions=list(pile))
    if s.settings.mode == "novato":
        _ask(s, "misiones", "misiones", pile, region=region)
        return True
    options = [*s.missions[seat], *pile]
    _ask(s, "misiones", "misiones", options, n=len(s.missions[seat]) + 1, region=region)
    return True


def resolve_missions(s: AnsiaState, chosen: tuple[str, ...], region: str) -> None:
    seat = s.current
    assert seat is not None
    pile = s.crypts[region]
    if s.settings.mode == "novato":
        pile.remove(chosen[0])
        s.missions[seat].append(chosen[0])
    else:
        pool = [*s.missions[seat], *pile]
        s.missions[seat] = list(chosen)
        s.crypts[region] = [m for m in pool if m not in chosen]
    s.emit("toma-mision", None, player=s.players[seat], region=region, held=len(s.missions[seat]))
    continue_after_choice(s)


# --- step 2: speed, moving, the board, hunting -------------------------------------------------------------


def step_two(s: AnsiaState) -> None:
    """Speed is the sum of the play area. Desorientación first moves the vampire 4 spaces towards the maze;
    Picante sends it to the nearest well."""
    s.turn_phase = "mover"
    seat = s.current
    assert seat is not None
    here = s.position[seat]
    words = area(s).keywords  # the play area does not change in this step
    if "desorientacion" in words and not s.home[seat] and here != "laberinto":
        there = board.walk_towards(here, "laberinto", 4)
        if there != here:
            _place(s, seat, there)
            s.emit("desorientacion", None, player=s.players[seat], space=there)
    if "picante" in words and not s.home[seat]:
        spicy(s)
        return
    offer_move(s)


def spicy(s: AnsiaState) -> None:
    """Picante: the vampire must spend its speed going to the nearest well, stop there and may then hunt. Short of
    speed it spends it all on the way and keeps the card in play until it gets there. Already at a well: no move."""
    seat = s.current
    assert seat is not None
    here = s.position[seat]
    distance, wells = board.nearest_wells(here)
    s.can_move = False
    if distance == 0:
        offer_hunt(s)
        return
    speed = s.speed()
    if speed >= distance:
        if len(wells) > 1:
            _ask(s, "pozo", "pozo", wells)
            return
        _go_to_well(s, wells[0], distance)
        return
    if speed > 0:
        there = board.walk_towards(here, wells[0], speed)
        s.spent += speed
        _place(s, seat, there)
        s.emit("picante", None, player=s.players[seat], space=there)
    s.spicy[seat] = [cid for uid, cid in active(s) if uid in keyword(s, "picante")]
    offer_hunt(s)


def resolve_well(s: AnsiaState, chosen: tuple[str, ...]) -> None:
    seat = s.current
    assert seat is not None
    distance = board.distances_from(s.position[seat])[chosen[0]]
    _go_to_well(s, chosen[0], distance)


def _go_to_well(s: AnsiaState, well: str, distance: int) -> None:
    s.spent += distance
    move_to(s, well)


def offer_move(s: AnsiaState) -> None:
    """Moving is never compulsory. Speed 0 or less: no move (and the space's effect is not used)."""
    seat = s.current
    assert seat is not None
    moves: tuple[str, ...] = ()
    speed = s.speed()
    if s.can_move and not s.moved:
        moves = board.reachable_ids(s.position[seat], speed, s.home[seat])
    extras = usable_extras(s, moving=True)
    options = moves + tuple(extras) if extras else moves
    if not options:
        offer_hunt(s)
        return
    _ask(s, "mover", "mover", options, skippable=True, speed=speed)


def resolve_move(s: AnsiaState, chosen: tuple[str, ...]) -> None:
    if not chosen:
        s.can_move = False
        offer_hunt(s)
        return
    option = chosen[0]
    if option.startswith(("ficha:", "mision:")):
        use_extra(s, option, moving=True)
        return
    seat = s.current
    assert seat is not None
    # A space offered is reachable: what it costs is its distance.
    s.spent += board.distances_from(s.position[seat])[option]
    move_to(s, option)


def _place(s: AnsiaState, seat: int, space: str) -> None:
    s.stacks[s.position[seat]].remove(seat)
    s.position[seat] = space
    s.stacks.setdefault(space, []).append(seat)


def move_to(s: AnsiaState, space: str) -> None:
    """Only the space where the move ends takes effect. Vampires already there may be pushed, one at a time from
    the top, to a neighbouring space — never out of the cemetery or the castle."""
    seat = s.current
    assert seat is not None
    s.moved = True
    s.can_move = False
    s.turn_phase = "cazar"
    _place(s, seat, space)
    s.emit_data("mueve", None, {"player": s.players[seat], "space": space})
    pushable = SPACES[space].region not in ("cementerio", "castillo")
    s.push_queue = []
    if pushable:
        for other in reversed(s.stacks[space]):
            if other != seat:
                s.push_queue.append(other)
    next_push(s)


def next_push(s: AnsiaState) -> None:
    if s.push_queue:
        victim = s.push_queue[0]
        seat = s.current
        assert seat is not None
        here = s.position[seat]
        options = [n for n in board.NEIGHBOURS[here] if n != "castillo"]
        _ask(s, "empujar", "empujar", options, skippable=True, victim=s.players[victim])
        return
    space_effect(s)


def resolve_push(s: AnsiaState, chosen: tuple[str, ...]) -> None:
    victim = s.push_queue.pop(0)
    if chosen:
        _place(s, victim, chosen[0])
        seat = s.current
        assert seat is not None
        s.emit("empuja", None, player=s.players[seat], victim=s.players[victim], space=chosen[0])
    next_push(s)


def space_effect(s: AnsiaState) -> None:
    """The effect of the space where the move ended."""
    seat = s.current
    assert seat is not None
    space = s.position[seat]
    effect = SPACES[space].effect
    player = s.players[seat]
    if effect == "castillo":
        s.home[seat] = True
        s.castle_order.append(seat)
        tile = s.castle_tiles.pop(0) if s.castle_tiles else 0
        s.emit("castillo", None, player=player, tile=tile)
        score(s, seat, tile, "castillo")
    elif effect == "cofre" and s.chests.get(space):
        token = s.chests[space]
        assert token is not None  # the branch's test: the chest still holds it
        s.chests[space] = None
        s.tokens[seat].append(token)
        s.emit("ficha", None, player=player, token=token)
        score(s, seat, 4 if token == "terciopelo" else 2, "ficha")
    elif effect == "cripta":
        region = SPACES[space].region
        if offer_missions(s, region):
            return
    elif effect == "laberinto":
        # Taking a rose is a hunt: whatever forbids hunting (holy water, the umbrellas' turn) forbids it too.
        if s.roses and not any(CARDS[c].type == "rosa" for c in owned(s, seat)) and s.hunts > 0 and hunting_allowed(s):
            _ask(s, "rosa", "rosa", s.roses, skippable=True)
            return
    elif effect in DIGEST_SPACES:
        if offer_digest(s, DIGEST_SPACES[effect]):
            return
    elif effect == "pozo" and not s.extra_turn:
        s.well_hunts = 1
    offer_hunt(s)


def resolve_rose(s: AnsiaState, chosen: tuple[str, ...]) -> None:
    """In the maze a vampire «hunts» one rose of its choice, free — it counts as its hunt."""
    if chosen:
        seat = s.current
        assert seat is not None
        rose = chosen[0]
        s.roses.remove(rose)
        s.play.append((_new_uid(s), rose))
        s.hunts = 0
        s.hunted = True
        s.emit("rosa", None, player=s.players[seat], card=rose)
        score(s, seat, CARDS[rose].vp, "rosa")
    offer_hunt(s)


def hunting_allowed(s: AnsiaState) -> bool:
    """No hunting in the castle, on a boat, with a human with holy water in play, or in the umbrellas' turn."""
    seat = s.current
    assert seat is not None
    here = SPACES[s.position[seat]]
    if here.effect in NO_HUNT_SPACES or here.route == "barco" or s.extra_turn:
        return False
    return "agua_bendita" not in area(s).keywords


def hunt_cost(s: AnsiaState, row: int, col: int) -> int:
    """Column 1 costs 1, 2 costs 2, 3 costs 3; a stack with a «rápido» card costs 1 more."""
    return col + 1 + (not QUICK.isdisjoint(s.zone[row][col]))


def hunt_options(s: AnsiaState, speed: int) -> list[str]:
    """The cells of the hunting zone (and the tavern) a vampire with ``speed`` left may hunt now."""
    seat = s.current
    assert seat is not None
    if not hunting_allowed(s):
        return []
    cemetery = SPACES[s.position[seat]].region == "cementerio"
    options = []
    # Without hunts left, only a well's free hunts remain, and those only in the first column. A column costs
    # at least its number: those past the speed are not looked at.
    # (Written without ``max``/``min``, which CPython 3.11 calls by its slow path, an argument tuple a call.)
    reach = speed if speed > 0 else 0
    columns = reach if s.hunts > 0 else (1 if reach else 0) if s.well_hunts else 0
    looked = COLUMNS[:columns]  # the same columns in every row: taken once, not a slice of each row
    for row, cells in enumerate(s.zone) if looked else ():
        for col in looked:
            stack = cells[col]
            if not stack or (cemetery and any(CARDS[c].human for c in stack)):
                continue
            # hunt_cost, inlined: this loop runs for every stack at every offer of a hunt. A column looked at costs
            # at most the speed (col + 1 <= columns <= speed), so only where one more would not do does a
            # «rápido» card in the stack matter.
            if col + 2 <= speed or QUICK.isdisjoint(stack):
                options.append(ZONE_IDS[row][col])
    if SPACES[s.position[seat]].effect == "taberna" and s.tavern and s.hunts > 0 and speed >= 2:
        options.append("taberna")
    return options


def offer_hunt(s: AnsiaState) -> None:
    s.turn_phase = "cazar"
    speed = s.speed()
    options = hunt_options(s, speed) + usable_extras(s, moving=False)
    if not options:
        end_turn(s)
        return
    _ask(s, "cazar", "cazar", options, skippable=True, speed=speed)


def resolve_hunt(s: AnsiaState, chosen: tuple[str, ...]) -> None:
    if not chosen:
        end_turn(s)
        return
    option = chosen[0]
    if option.startswith(("ficha:", "mision:")):
        use_extra(s, option, moving=False)
        return
    if option == "taberna":
        s.spent += 2
        s.hunts -= 1
        cards, s.tavern = s.tavern, []
        hunt(s, cards, "taberna")
    else:
        row, col = ZONE_CELLS[option]
        s.spent += hunt_cost(s, row, col)
        if s.hunts > 0:
            s.hunts -= 1
        else:
            s.well_hunts -= 1
        cards, s.zone[row][col] = s.zone[row][col], []
        s.last_hunt = (row, col)
        hunt(s, cards, option)
    s.hunted = True
    after_hunt(s)


def hunt(s: AnsiaState, cards: list[str], where: str) -> None:
    """Every card of the stack goes to the discard pile. Each human scores its points, plus 1 in the plains or 2
    in the forest; cards like «El ansia» add theirs once per hunt. A «gregario» human brings the top card of the
    hunting deck along (scored like the others if human). A «preparada» card may go on top of the deck instead."""
    seat = s.current
    assert seat is not None
    region = SPACES[s.position[seat]].region
    bonus = REGION_BONUS.get(region, 0)
    taken = list(cards)
    for cid in cards:
        if "gregario" in CARDS[cid].keywords and s.hunt_deck:
            taken.append(s.hunt_deck.pop())
    points = 0
    for cid in taken:
        card = CARDS[cid]
        if card.human:
            points += card.vp + bonus
        if "preparada" in card.keywords:
            s.preparadas.append(cid)
        else:
            s.discard[seat].append(cid)
    points += hunt_bonus(s)
    s.emit_data("caza", None, {"player": s.players[seat], "cards": taken, "where": where, "region": region})
    score(s, seat, points, "caza")


def after_hunt(s: AnsiaState) -> None:
    """«Preparada» cards just hunted are placed first; then the vampire may hunt again if it still can."""
    if s.preparadas:
        offer_ready(s)
    else:
        offer_hunt(s)


def offer_ready(s: AnsiaState) -> None:
    _ask(s, "preparada", "preparada", ("mazo", "descarte"), card=s.preparadas[0])


def resolve_ready(s: AnsiaState, chosen: tuple[str, ...]) -> None:
    """Preparada: the hunter puts the card on top of the deck or on the discard pile."""
    seat = s.current
    assert seat is not None
    cid = s.preparadas.pop(0)
    (s.deck if chosen[0] == "mazo" else s.discard)[seat].append(cid)
    s.emit("preparada", None, player=s.players[seat], card=cid, pile=chosen[0])
    after_hunt(s)


# --- tokens and instant missions ---------------------------------------------------------------------------


USABLE_TOKENS = ("velocidad-1", "velocidad-2", "caza", "descartar-robar", "robar-zona", "mision")
#: The instant missions, by id, and their effect.
INSTANT_MISSIONS = {mid: m.data["efecto"] for mid, m in MISSIONS.items() if m.type == "instantanea"}


def usable_extras(s: AnsiaState, moving: bool) -> list[str]:
    """Bonus tokens not yet turned over, and instant missions whose moment has come."""
    seat = s.current
    assert seat is not None
    options: list[str] = []
    tokens = s.tokens[seat]
    if tokens:
        used = s.used_tokens[seat]
        # Most tokens held are not of this kind (kinds, umbrellas…): only the usable ones are sorted.
        usable = []
        for token in tokens:
            if token in USABLE_TOKENS and token not in used:
                usable.append(token)
        for token in sorted(set(usable)) if usable else ():
            if not (token == "caza" and s.extra_turn):
                options.append(f"ficha:{token}")
    for mid in s.missions[seat]:
        effect = INSTANT_MISSIONS.get(mid)
        if effect is None:
            continue
        mission = MISSIONS[mid]
        if (
            effect in ("velocidad", "robar")
            or (effect == "caza_extra" and not s.extra_turn)
            or (
                effect == "taberna_gratis"
                and not moving
                and SPACES[s.position[seat]].effect == "taberna"
                and s.tavern
                and hunting_allowed(s)
            )
            or (
                effect == "caza_misma_columna"
                and not moving
                and s.last_hunt is not None
                and SPACES[s.position[seat]].region == mission.data["region"]
                and any(s.zone[r][s.last_hunt[1]] for r in range(len(s.zone)))
            )
        ):
            options.append(f"mision:{mid}")
    return options


def use_extra(s: AnsiaState, option: str, moving: bool) -> None:
    seat = s.current
    assert seat is not None
    player = s.players[seat]
    kind, _, name = option.partition(":")
    if kind == "ficha":
        s.used_tokens[seat].append(name)
        s.emit("usa-ficha", None, player=player, token=name)
        if name in ("velocidad-1", "velocidad-2"):
            s.bonus_speed += int(name[-1])
        elif name == "caza":
            s.hunts += 1
        elif name == "robar-zona":
            draw(s, seat, 1, True)
        elif name == "descartar-robar":
            choices = [u for u, _ in active(s)]
            if choices:
                _ask(s, "descartar-ficha", "descartar", choices, cards=dict(s.play))
                return
        elif name == "mision" and offer_inspire(s):
            return
    else:
        mission = MISSIONS[name]
        s.missions[seat].remove(name)
        s.used_missions[seat].append(name)
        s.emit("usa-mision", None, player=player, mission=name)
        effect = mission.data["efecto"]
        if effect == "velocidad":
            s.bonus_speed += mission.data["valor"]
        elif effect == "robar":
            draw(s, seat, mission.data["valor"], True)
        elif effect == "caza_extra":
            s.hunts += 1
        elif effect == "taberna_gratis":
            cards, s.tavern = s.tavern, []
            hunt(s, cards, "taberna")
            s.hunted = True
        elif effect == "caza_misma_columna":
            assert s.last_hunt is not None  # offered only after a hunt (usable_extras)
            col = s.last_hunt[1]
            rows = [f"z{r}{col}" for r in range(len(s.zone)) if s.zone[r][col]]
            _ask(s, "columna", "columna", rows)
            return
    _return(s, moving)


def _return(s: AnsiaState, moving: bool) -> None:
    if moving:
        offer_move(s)
    else:
        offer_hunt(s)


def resolve_column(s: AnsiaState, chosen: tuple[str, ...]) -> None:
    """Vampiro de la costa: the top card of a stack in the same column, free."""
    row, col = ZONE_CELLS[chosen[0]]
    card = s.zone[row][col].pop()
    hunt(s, [card], chosen[0])
    after_hunt(s)


def resolve_token_discard(s: AnsiaState, chosen: tuple[str, ...]) -> None:
    """The «discard 1, draw 1» bonus token."""
    discard_and_draw(s, chosen[0], 1)


# --- step 3: end of turn ----------------------------------------------------------------------------------


def end_turn(s: AnsiaState) -> None:
    """The vampire rests: non-permanent cards go to the discard pile, end-of-turn effects score, and it draws 3."""
    seat = s.current
    assert seat is not None
    in_play = area(s)
    score(s, seat, in_play.end_points, "fin-de-turno")
    kept = list(s.spicy[seat])
    permanents, discard = s.permanents[seat], s.discard[seat]
    spicy: list[str] = []
    s.spicy[seat] = spicy
    for _, cid in in_play.active:  # the play area without the cards discarded before use
        if CARDS[cid].permanent:
            permanents.append(cid)
        elif cid in kept:
            kept.remove(cid)
            spicy.append(cid)  # Picante: held in play until a well is reached
        else:
            discard.append(cid)
    s.play = []
    draw(s, seat, 3, False)
    s.emit_data("descansa", None, {"player": s.players[seat]})
    s.current = None
    next_player(s)


# --- the round of turns (a turn's end starts the next one: both live here) ---------------------------------


def start_turn_round(s: AnsiaState, order: list[int]) -> None:
    s.order = list(order)
    players = []
    for seat in order:
        players.append(s.players[seat])
    s.emit_data("orden", None, {"moon": s.moon, "players": players, "extra": s.extra_turn})
    next_player(s)


def next_player(s: AnsiaState) -> None:
    if s.order:
        start_turn(s, s.order.pop(0))
        return
    prepare_next_turn(s)


def prepare_next_turn(s: AnsiaState) -> None:
    """The moon moves on (after turn 15 the game ends, but for the umbrellas' turn). Every card left in the
    hunting zone moves one column towards column 1, where stacks pile up; new cards enter column 3 (a «lento»
    human goes straight to column 2), except before the 15th turn. The tavern gets a face-down card if no vampire
    is there and it holds fewer than 3."""
    if s.extra_turn or s.moon >= s.settings.turns:
        umbrellas = [i for i in turn_order(s) if "sombrilla" in s.tokens[i] and not s.extra_turn]
        if umbrellas:
            s.extra_turn = True
            s.emit("sombrillas", None, players=[s.players[i] for i in umbrellas])
            start_turn_round(s, umbrellas)
            return
        scoring.final_scoring(s)
        return
    s.moon += 1
    s.emit_data("luna", None, {"moon": s.moon})
    for row in s.zone:
        row[0].extend(row[1])
        row[1] = row[2]
        row[2] = []
    if s.moon < s.settings.turns:
        refill_zone(s)
    if not s.stacks.get(TAVERN) and len(s.tavern) < 3 and s.hunt_deck:
        s.tavern.append(s.hunt_deck.pop())
    start_turn_round(s, turn_order(s))


__all__ = ["HUMAN_KINDS", "start_turn"]
