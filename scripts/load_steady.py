"""``velada load``, plus the server's CPU per choice in the steady state. Usage: python scripts/load_steady.py TABLES
SECONDS SKIP (hombres-lobo, paced, SQLite).

``velada load``'s own figure divides the server's CPU over the whole run — the seating of every table included —
by the choices: on a loaded machine a starved run makes few choices, and that figure is then mostly the seating.
Here the server's CPU time is read every second, and the choices are counted in the server's own database by the
time they were stored, from SKIP seconds after the start (once the tables are seated) to the end; the result is
the CPU per choice of that window (new tables are still made as games end, as in the run itself).

Printed as a table row: tables, choices/s, POST p50 / p95 / p99 (ms), visible p50 / p99 (ms: from a choice to
the first message it causes on another seat's socket, the goal's figure), the server's mean CPU, ``velada
load``'s whole-run CPU ms per choice, the steady-state CPU ms per choice, the server's peak RSS, the load
generator's mean CPU (near 100% of its core, the latencies measure the generator), failures, load average."""

from __future__ import annotations

import sqlite3
import sys
import threading
import time
from datetime import UTC, datetime

import psutil

from velada.loadtest.run import run


def main() -> None:
    tables, seconds, skip = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
    samples: list[tuple[float, float, float]] = []
    database: list[str] = []
    stop = threading.Event()

    def watch() -> None:
        server = None
        while not stop.is_set():
            try:
                if server is None:
                    for child in psutil.Process().children(recursive=True):
                        command = child.cmdline()
                        if "serve" in command:
                            server = child
                            database.append(command[command.index("--db") + 1].split("sqlite:///", 1)[1])
                else:
                    used = server.cpu_times()
                    samples.append((time.time(), used.user + used.system, used.system))
            except psutil.Error:
                if server is not None:
                    return
            time.sleep(1)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    started = time.time()
    result = run(tables, seconds=seconds)
    stop.set()
    thread.join()
    first = next(s for s in samples if s[0] >= started + skip)
    last = samples[-1]

    def iso(moment: float) -> str:
        return datetime.fromtimestamp(moment, UTC).isoformat(timespec="seconds")

    with sqlite3.connect(database[0]) as db:
        query = "SELECT count(*) FROM choices WHERE created_at >= ? AND created_at < ?"
        choices = db.execute(query, (iso(first[0]), iso(last[0]))).fetchone()[0]
    post = result.latency.get("POST choose", {})
    seen = result.latency.get("WS visible", {})
    steady = (last[1] - first[1]) * 1000 / max(choices, 1)
    kernel = (last[2] - first[2]) * 1000 / max(choices, 1)
    print(
        f"| {tables} | {result.choices_per_second:.0f} | {post.get('p50', 0):.0f} / {post.get('p95', 0):.0f} / "
        f"{post.get('p99', 0):.0f} | {seen.get('p50', 0):.0f} / {seen.get('p99', 0):.0f} "
        f"| {result.cpu_mean:.0f}% | {result.cpu_ms_per_choice:.2f} | **{steady:.2f}** "
        f"({choices} choices in {last[0] - first[0]:.0f} s, {kernel:.2f} of it in the kernel) "
        f"| {result.rss_peak_mb:.0f} MB | {result.client_cpu_mean:.0f}% | {result.failures} "
        f"| {result.load_average[0]:.1f} → {result.load_average[1]:.1f} |"
    )


if __name__ == "__main__":
    main()
