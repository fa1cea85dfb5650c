"""``velada load``: start a server on 127.0.0.1, load it with Locust for a bounded time, and report.

The server is ``velada serve`` as shipped, with its rate limits lifted (every seat of the test comes from one
address) and its own database (a fresh SQLite file unless ``--db`` says otherwise). Locust runs headless in a
child process with the users of :mod:`velada.loadtest.locustfile`; meanwhile the server's CPU and memory (its
workers included) are sampled. The report gives, for ``POST choose`` and ``WS visible``, p50/p95/p99 in
milliseconds, choices per second, failures, and the server's mean and peak CPU and peak RSS.
"""

from __future__ import annotations

import csv
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

LOOPBACK = "127.0.0.1"


@dataclass
class LoadResult:
    tables: int
    seats: int
    mode: str
    seconds: float
    db: str
    workers: int
    latency: dict[str, dict[str, float]] = field(default_factory=dict)
    choices_per_second: float = 0.0
    failures: int = 0
    cpu_mean: float = 0.0
    cpu_peak: float = 0.0
    rss_peak_mb: float = 0.0
    #: The load generator's own CPU: near 100% it cannot keep up, and the latencies measure it, not the server.
    client_cpu_mean: float = 0.0
    #: CPU time (user + system) the server and the generator spent per choice over the whole run: unlike the
    #: latencies and the CPU percentages, these hardly move with what else the machine is doing.
    cpu_ms_per_choice: float = 0.0
    client_cpu_ms_per_choice: float = 0.0
    load_average: tuple[float, float] = (0.0, 0.0)

    def table_row(self) -> str:
        post = self.latency.get("POST choose", {})
        seen = self.latency.get("WS visible", {})
        return (
            f"| {self.tables} | {self.mode} | {self.choices_per_second:.0f} | {post.get('p50', 0):.0f} / "
            f"{post.get('p95', 0):.0f} / {post.get('p99', 0):.0f} | "
            f"{seen.get('p50', 0):.0f} / {seen.get('p99', 0):.0f} "
            f"| {self.cpu_mean:.0f}% ({self.cpu_peak:.0f}%) | {self.cpu_ms_per_choice:.2f} | {self.rss_peak_mb:.0f} MB "
            f"| {self.client_cpu_mean:.0f}% ({self.client_cpu_ms_per_choice:.2f}) | {self.failures} "
            f"| {self.load_average[0]:.1f} → {self.load_average[1]:.1f} |"
        )


HEADER = (
    "| tables | mode | choices/s | POST p50 / p95 / p99 (ms) | visible p50 / p99 (ms) | server CPU mean (peak) "
    "| server CPU ms per choice | server RSS peak | load generator CPU (ms per choice) | failures | load average |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|"
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((LOOPBACK, 0))
        return s.getsockname()[1]


def _wait_for(port: int, seconds: float = 30) -> None:
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            with socket.create_connection((LOOPBACK, port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


class Usage:
    """CPU (percent of one core) and memory of a process and its children (a server's workers), sampled."""

    def __init__(self, pid: int) -> None:
        import psutil

        self.root = psutil.Process(pid)
        self.known: dict[int, psutil.Process] = {}
        #: Each process's CPU seconds (user + system) at its last sample: a worker that died keeps its last.
        self.seconds: dict[int, float] = {}

    def sample(self) -> tuple[float, float]:
        import psutil

        cpu = rss = 0.0
        try:
            processes = [self.root, *self.root.children(recursive=True)]
        except psutil.Error:
            return 0.0, 0.0
        for p in processes:
            # The same Process object each time: cpu_percent measures since its own previous call.
            p = self.known.setdefault(p.pid, p)
            try:
                cpu += p.cpu_percent(None)
                rss += p.memory_info().rss
                times = p.cpu_times()
                self.seconds[p.pid] = times.user + times.system
            except psutil.Error:
                continue
        return cpu, rss / 2**20

    def cpu_seconds(self) -> float:
        """CPU seconds the process and its children have used, as of the last sample."""
        return sum(self.seconds.values())


def run(
    tables: int,
    seats: int = 12,
    seconds: float = 60,
    max_throughput: bool = False,
    db: str | None = None,
    workers: int = 1,
    game: str = "hombres-lobo",
    ramp: float | None = None,
    out: Path | None = None,
) -> LoadResult:
    """Run one load test and return its measures (bounded: ``seconds`` of load after the ramp-up)."""

    work = Path(tempfile.mkdtemp(prefix="velada-load-"))
    url = db or f"sqlite:///{work / 'load.sqlite3'}"
    port = _free_port()
    server_cmd = [
        sys.executable,
        "-m",
        "velada",
        "serve",
        "--host",
        LOOPBACK,
        "--port",
        str(port),
        "--db",
        url,
        "--no-rate-limits",
    ]
    if workers > 1:
        server_cmd += ["--workers", str(workers)]
    log = open(work / "server.log", "wb")  # noqa: SIM115 - closed below
    server = subprocess.Popen(server_cmd, stdout=log, stderr=subprocess.STDOUT)
    try:
        _wait_for(port)
        watched = Usage(server.pid)
        watched.sample()  # the first cpu_percent reading is meaningless
        ramp = ramp if ramp is not None else max(2.0, tables / 20)
        env = os.environ | {
            "VELADA_GAME": game,
            "VELADA_SEATS": str(seats),
            "VELADA_PACE_MIN": "0" if max_throughput else "0.5",
            "VELADA_PACE_MAX": "0" if max_throughput else "2.0",
        }
        prefix = work / "locust"
        locust_cmd = [
            sys.executable,
            "-m",
            "locust",
            "-f",
            str(Path(__file__).with_name("locustfile.py")),
            "--headless",
            "--host",
            f"http://{LOOPBACK}:{port}",
            "-u",
            str(tables),
            "-r",
            str(max(1.0, tables / ramp)),
            "-t",
            f"{int(seconds + ramp)}s",
            "--stop-timeout",
            "5",
            "--csv",
            str(prefix),
            "--only-summary",
            "--loglevel",
            "WARNING",
        ]
        started = time.time()
        load_before = os.getloadavg()[0]
        server_seconds = watched.cpu_seconds()
        locust_log = open(work / "locust.log", "wb")  # noqa: SIM115 - closed below
        load = subprocess.Popen(locust_cmd, env=env, stdout=subprocess.DEVNULL, stderr=locust_log)
        client = Usage(load.pid)
        client.sample()
        samples: list[tuple[float, float, float]] = []
        client_samples: list[float] = []
        limit = started + seconds + ramp + 60
        while load.poll() is None:
            if time.time() > limit:
                load.kill()
                break
            time.sleep(0.5)
            cpu, rss = watched.sample()
            client_cpu, _ = client.sample()
            if time.time() - started > ramp:
                samples.append((time.time(), cpu, rss))
                client_samples.append(client_cpu)
        watched.sample()
        result = LoadResult(tables, seats, "max" if max_throughput else "paced", seconds, url.split(":")[0], workers)
        result.load_average = (load_before, os.getloadavg()[0])
        stats = prefix.with_name("locust_stats.csv")
        if stats.exists():
            with stats.open() as f:
                for row in csv.DictReader(f):
                    name = f"{row['Type']} {row['Name']}"
                    if name in ("POST POST choose", "WS visible"):
                        key = "POST choose" if row["Type"] == "POST" else "WS visible"
                        result.latency[key] = {
                            "count": float(row["Request Count"]),
                            "p50": float(row["50%"]),
                            "p95": float(row["95%"]),
                            "p99": float(row["99%"]),
                            "max": float(row["Max Response Time"]),
                        }
                        if key == "POST choose":
                            result.choices_per_second = float(row["Requests/s"])
                    if row["Name"] == "Aggregated":
                        result.failures = int(row["Failure Count"])
        if samples:
            result.cpu_mean = sum(c for _, c, _ in samples) / len(samples)
            result.cpu_peak = max(c for _, c, _ in samples)
            result.rss_peak_mb = max(r for _, _, r in samples)
            result.client_cpu_mean = sum(client_samples) / len(client_samples)
        choices = result.latency.get("POST choose", {}).get("count", 0)
        if choices:
            result.cpu_ms_per_choice = (watched.cpu_seconds() - server_seconds) * 1000 / choices
            result.client_cpu_ms_per_choice = client.cpu_seconds() * 1000 / choices
        locust_log.close()
        if out is not None:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps(asdict(result), indent=1))
        return result
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
