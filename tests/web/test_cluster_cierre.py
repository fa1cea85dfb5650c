"""A process of a cluster stopping (``velada serve --workers``) leaves no PostgreSQL connection open behind it.

Stopping cancels the cluster's listener and the tables' tasks, but a read they had handed to a thread
(``asyncio.to_thread``: a table read back) runs on to its end; the store was then closed under it, and the
connection it gave back went into a pool nobody would close again (psycopg's "connection deleted while still open"
at the interpreter's exit). :meth:`Store.close` now waits for the reads and writes under way, and a store closed
refuses new ones with a clear error instead of opening a connection nobody closes."""

from __future__ import annotations

import threading
import time

import psycopg
import pytest

from velada.web.cluster import conninfo
from velada.web.store import Store, StoreClosed

from .postgres import empty

pytestmark = pytest.mark.timeout(120)
NAME = "velada-cierre"


def _open(admin: psycopg.Connection) -> int:
    """Connections of the store under test still open, after giving closed ones a moment to end."""
    query = "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s"
    end = time.time() + 5
    while True:
        count = admin.execute(query, (NAME,)).fetchone()[0]
        if count == 0 or time.time() > end:
            return count
        time.sleep(0.05)


def test_cerrar_el_almacen_espera_la_lectura_en_curso_y_no_deja_conexiones_abiertas(postgres_cluster):
    db = empty(postgres_cluster)
    store = Store(f"{db}?application_name={NAME}")
    code = store.create_table("hombres-lobo", {}, 6, "online", "es", {}, "host").code
    with psycopg.connect(conninfo(db), autocommit=True) as admin:
        # A read under way in a thread when the store closes (a table read back by a task that was cancelled):
        # another session holds the table so that the read waits for it.
        locker = psycopg.connect(conninfo(db))
        locker.execute("LOCK TABLE tables IN ACCESS EXCLUSIVE MODE")
        read: list = []
        reader = threading.Thread(target=lambda: read.append(store.load(code)))
        reader.start()
        waiting = "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s AND wait_event_type = 'Lock'"
        end = time.time() + 10
        while admin.execute(waiting, (NAME,)).fetchone()[0] == 0:
            assert time.time() < end, "the read never started"
            time.sleep(0.02)
        closing = threading.Thread(target=store.close)
        closing.start()
        time.sleep(0.3)
        locker.commit()  # the read goes on now, and ends
        locker.close()
        reader.join(10)
        closing.join(20)
        assert not closing.is_alive()
        assert read and read[0] is not None and read[0].code == code  # the read was not cut short
        assert _open(admin) == 0

        # Closed, the store opens nothing: a late read or write gets a clear error.
        with pytest.raises(StoreClosed):
            store.load(code)
        with pytest.raises(StoreClosed):
            store.choices(read[0])
        assert _open(admin) == 0
