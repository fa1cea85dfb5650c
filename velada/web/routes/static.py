"""The files every page loads as they are (scripts, styles, icons), from the package's ``static`` folder."""

from __future__ import annotations

from importlib import resources

from starlette.routing import BaseRoute, Mount
from starlette.staticfiles import StaticFiles

routes: list[BaseRoute] = [
    Mount("/static", StaticFiles(directory=str(resources.files("velada.web").joinpath("static"))), name="static"),
]
