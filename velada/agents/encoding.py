"""Fixed-size numeric encodings of a seat's view, for learning agents (:mod:`velada.agents.env`).

An encoding is a function of what the seat may see and nothing else: the view dict ``build_view`` makes for the
seat (``texts=False``), the prompt the seat is answering and the options it has picked so far. That is what keeps
a learning agent as honest as a bot (the noninterference test in tests/agentes checks it).

:class:`ProtocolEncoding` fits every game, from the protocol alone; :class:`WerewolfEncoding` adds what the
werewolf family's views show (Los Hombres Lobo de Castronegro, Gauekos). Both are float32 vectors in [0, 1];
their layouts (``layout()``: name and length of each block, in order) are documented below and in
docs/agents.md.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from velada.core.game import Game

#: The werewolf family's powers, in the order the encoding lists roles (a theme names them: ``Theme.role``).
POWERS = ("wolf", "seer", "witch", "little_girl", "cupid", "thief", "hunter", "villager")
PHASES = ("preparacion", "noche", "dia", "fin")


class ProtocolEncoding:
    """Any game, from the protocol alone. Blocks, in order:

    - ``seat`` (players): one-hot of the seat observing.
    - ``kind`` (prompt kinds + 1): one-hot of the kind of the prompt being answered (last: none open).
    - ``shape`` (6): options / max_options, min / max_options, max / max_options, skippable, free text, and
      how many options are picked so far / max_options.
    - ``picked`` (max_options): the options of the prompt picked so far (a multi-option answer in progress).
    - ``bias`` (1): always 1.
    """

    def __init__(self, game: Game, players: int, max_options: int) -> None:
        self.game = game
        self.players = players
        self.max_options = max_options
        self.kinds = {kind.kind: i for i, kind in enumerate(game.prompt_kinds)}

    def layout(self) -> list[tuple[str, int]]:
        return [
            ("seat", self.players),
            ("kind", len(self.kinds) + 1),
            ("shape", 6),
            ("picked", self.max_options),
            ("bias", 1),
        ]

    @property
    def size(self) -> int:
        return sum(n for _, n in self.layout())

    def encode(self, view: dict[str, Any], seat: int, prompt: dict[str, Any] | None, picked: list[str]) -> np.ndarray:
        parts = [self._protocol(seat, prompt, picked)]
        parts.extend(self._extra(view))
        return np.concatenate(parts).astype(np.float32)

    def _protocol(self, seat: int, prompt: dict[str, Any] | None, picked: list[str]) -> np.ndarray:
        m = self.max_options
        seat_hot = np.zeros(self.players, np.float32)
        seat_hot[seat] = 1
        kind = np.zeros(len(self.kinds) + 1, np.float32)
        shape = np.zeros(6, np.float32)
        chosen = np.zeros(m, np.float32)
        if prompt is None:
            kind[-1] = 1
        else:
            kind[self.kinds.get(prompt["kind"], len(self.kinds))] = 1
            options = [o["id"] for o in prompt["options"]]
            shape[:] = (
                len(options) / m,
                prompt["min"] / m,
                prompt["max"] / m,
                float(prompt["skippable"]),
                float(prompt["text_max"] > 0),
                len(picked) / m,
            )
            for option in picked:
                chosen[options.index(option)] = 1
        return np.concatenate([seat_hot, kind, np.clip(shape, 0, 1), chosen, np.ones(1, np.float32)])

    def _extra(self, view: dict[str, Any]) -> list[np.ndarray]:
        return []


class WerewolfEncoding(ProtocolEncoding):
    """The werewolf family: :class:`ProtocolEncoding`'s blocks, then

    - ``present``, ``alive``, ``sheriff`` (players each): per seat, as the view's ``players`` list shows.
    - ``roles`` (players × (powers + 1)): per seat, the role the view shows (:data:`POWERS` order), or unknown
      (last column) — one's own card, fellow wolves, what the Vidente saw, every card at the end.
    - ``targets`` (players): which seats the open prompt offers as options.
    - ``phase`` (4 + 1): one-hot of :data:`PHASES`, then the day number / 20 (capped at 1).
    - ``votes`` (players × (players + 1)): the last public vote the log shows: row = voter, column = seat voted
      for, last column = no vote.
    """

    def __init__(self, game: Game, players: int, max_options: int) -> None:
        super().__init__(game, players, max_options)
        theme = game.theme  # type: ignore[attr-defined]
        self.role_index = {role: POWERS.index(power) for role, power in theme.roles.items()}

    def layout(self) -> list[tuple[str, int]]:
        p = self.players
        return [
            *super().layout(),
            ("present", p),
            ("alive", p),
            ("sheriff", p),
            ("roles", p * (len(POWERS) + 1)),
            ("targets", p),
            ("phase", len(PHASES) + 1),
            ("votes", p * (p + 1)),
        ]

    def _extra(self, view: dict[str, Any]) -> list[np.ndarray]:
        p = self.players
        seats = {player["id"]: i for i, player in enumerate(view.get("players", []))}
        present = np.zeros(p, np.float32)
        alive = np.zeros(p, np.float32)
        sheriff = np.zeros(p, np.float32)
        roles = np.zeros((p, len(POWERS) + 1), np.float32)
        for i, player in enumerate(view.get("players", [])[:p]):
            present[i] = 1
            alive[i] = float(bool(player.get("alive")))
            sheriff[i] = float(bool(player.get("sheriff")))
            roles[i, self.role_index.get(player.get("role"), len(POWERS))] = 1
        targets = np.zeros(p, np.float32)
        open_prompts = [q for q in view.get("prompts", []) if not q.get("answered")]
        if open_prompts:
            for option in open_prompts[0]["options"]:
                if option["id"] in seats:
                    targets[seats[option["id"]]] = 1
        phase = np.zeros(len(PHASES) + 1, np.float32)
        info = view.get("phase") or {}
        if info.get("id") in PHASES:
            phase[PHASES.index(info["id"])] = 1
        phase[-1] = min(float(info.get("day") or 0) / 20, 1.0)
        votes = np.zeros((p, p + 1), np.float32)
        last = next((e for e in reversed(view.get("log", [])) if e["kind"] == "votos"), None)
        if last is not None:
            for voter, target in (last["data"].get("votes") or {}).items():
                if voter in seats:
                    votes[seats[voter], seats.get(target, p)] = 1
        return [present, alive, sheriff, roles.ravel(), targets, phase, votes.ravel()]


def encoding_for(game: Game, players: int, max_options: int) -> ProtocolEncoding:
    """The richest encoding that fits ``game``."""
    if hasattr(game, "theme") and set(getattr(game.theme, "roles", {}).values()) <= set(POWERS):
        return WerewolfEncoding(game, players, max_options)
    return ProtocolEncoding(game, players, max_options)
