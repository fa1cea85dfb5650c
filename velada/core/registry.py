"""The registry: games by id. The list itself lives in ``velada.games``, since the core knows no game."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from velada.core.game import Game


class Registry:
    """Games by id, in the order they were listed."""

    def __init__(self, games: Iterable[Game[Any]]) -> None:
        self._games: dict[str, Game] = {}
        for game in games:
            if game.id in self._games:
                raise ValueError(f"two games share the id {game.id!r}")
            self._games[game.id] = game

    def get(self, game_id: str) -> Game:
        try:
            return self._games[game_id]
        except KeyError:
            raise KeyError(f"unknown game {game_id!r}; games: {', '.join(self._games)}") from None

    def __iter__(self) -> Iterator[Game]:
        return iter(self._games.values())

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._games

    def ids(self) -> list[str]:
        return list(self._games)
