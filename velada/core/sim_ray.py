"""A study's chunks on a Ray cluster (``pip install -e '.[ray]'``): the same chunks, seeds and totals as one
process plays, so a study gives identical results wherever it runs.

``address`` is what ``ray.init`` takes: ``"local"`` starts a cluster of ``jobs`` CPUs on this machine (all of them
when ``jobs`` is 1), ``"auto"`` joins the cluster this machine belongs to, ``"ray://head:10001"`` connects to a
remote head through Ray Client. A remote cluster receives velada's own code with the tasks (``py_modules``); its
Python needs velada's dependencies.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import velada
from velada.core.errors import Problem
from velada.core.sim import ChunkArgs, SimStats, play_chunk

LOCAL = "local"
#: Ray's own messages stay out of the progress bar's way: warnings only, workers' output not copied here.
LOG_TO_DRIVER, LOGGING_LEVEL = False, logging.WARNING


def connect(address: str, jobs: int) -> None:
    """Join (or start) the cluster once per process; later studies reuse the connection."""
    try:
        import ray
    except ImportError:
        raise Problem("ray-missing") from None
    if ray.is_initialized():
        return
    if address == LOCAL:
        ray.init(
            num_cpus=jobs if jobs > 1 else None,
            include_dashboard=False,
            log_to_driver=LOG_TO_DRIVER,
            logging_level=LOGGING_LEVEL,
        )
    else:
        code = str(Path(velada.__file__).parent)
        ray.init(
            address=address,
            runtime_env={"py_modules": [code]},
            log_to_driver=LOG_TO_DRIVER,
            logging_level=LOGGING_LEVEL,
        )


def run_chunks_on_ray(
    address: str, jobs: int, args: ChunkArgs, todo: list[tuple[int, int]]
) -> Iterator[tuple[int, SimStats]]:
    """Play ``todo``'s chunks as Ray tasks and yield each (first game, totals) as it finishes."""
    import ray

    connect(address, jobs)
    task = ray.remote(play_chunk)
    shared = ray.put(args)  # the game object travels once, not with every chunk
    pending = [task.remote(shared, start, count) for start, count in todo]
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        yield ray.get(done[0])
