"""A throwaway PostgreSQL cluster for the tests: ``initdb`` in a temporary directory, a server on a free port of
127.0.0.1 and a Unix socket there, stopped at the end. Found when Debian's ``postgresql`` is installed (CI
installs it); as root the cluster runs as the ``postgres`` user, since PostgreSQL refuses to run as root."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path


def bin_dir() -> Path | None:
    """Where PostgreSQL's server programs are, if they are installed."""
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(versions[-1]).parent if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_owner(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


@contextlib.contextmanager
def cluster() -> Iterator[str]:
    """Start a fresh cluster; yields its SQLAlchemy URL (psycopg 3)."""
    binaries = bin_dir()
    if binaries is None:
        raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql)")
    root = Path(tempfile.mkdtemp(prefix="velada-pg-"))
    data, sockets = root / "data", root / "run"
    sockets.mkdir()
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        for path in (root, sockets):
            os.chown(path, owner.pw_uid, owner.pw_gid)
    port = _free_port()
    run = {"check": True, "stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE}
    subprocess.run(
        _as_owner([str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8"]), **run
    )
    options = f"-p {port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=on"
    subprocess.run(
        _as_owner([str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(root / "log"), "-w", "start"]),
        **run,
    )
    try:
        url = f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
        deadline = time.time() + 20
        while time.time() < deadline:
            ready = subprocess.run(
                [str(binaries / "pg_isready"), "-h", "127.0.0.1", "-p", str(port)], capture_output=True
            )
            if ready.returncode == 0:
                break
            time.sleep(0.2)
        yield url
    finally:
        subprocess.run(
            _as_owner([str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        shutil.rmtree(root, ignore_errors=True)


def empty(url: str) -> str:
    """Drop velada's tables, so that each test starts from an empty database."""
    from sqlalchemy import create_engine

    from velada.web.store import METADATA

    engine = create_engine(url)
    METADATA.drop_all(engine)
    engine.dispose()
    return url
