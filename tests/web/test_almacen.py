"""The store's writer (velada.web.store): writes queued together commit together, a bad one fails alone, and a
write whose future settled is in the database for any other connection to read (what a 2xx answer promises)."""

from __future__ import annotations

import asyncio

import pytest

from velada.core.talk import Message
from velada.web.store import Seat, Store, token_hash


def test_una_escritura_mala_en_un_grupo_falla_sola_y_las_demas_quedan_guardadas(any_db):
    store = Store(any_db)
    try:
        data = store.create_table("hombres-lobo", {}, 5, "presencial", "es", {}, "anfitrion")
        names = ["Ana", "Bea", "Carlos", "Diana", "Elena"]
        store.start(data, [Seat(i, n, token_hash(n), None) for i, n in enumerate(names)], 7)

        async def writes() -> list:
            # Queued in one go: the writer takes them as one group (one transaction, one sync to disk).
            futures = [
                store.submit("add_choice", data, 1, "Ana", "p1", ["a"]),
                store.submit("add_choice", data, 2, "Bea", "p1", ["b"]),
                store.submit("add_choice", data, 2, "Carlos", "p1", ["c"]),  # the same number again: refused
                store.submit("set_timer", data, 1234.5, "g"),
                store.submit("add_talk", data, Message(1, "publico", "Ana", "hola", frozenset(), frozenset(), True)),
                store.submit("add_choice", data, 3, "Diana", "p1", ["d"], True),
            ]
            return await asyncio.gather(*futures, return_exceptions=True)

        results = asyncio.run(writes())
        assert [r is None for r in results] == [True, True, False, True, True, True]
        assert isinstance(results[2], Exception)
    finally:
        store.close()
    # Another connection (a restarted server) reads what was answered as stored, and nothing else.
    again = Store(any_db)
    try:
        stored = again.load(data.code)
        assert again.choices(stored) == [("Ana", "p1", ["a"]), ("Bea", "p1", ["b"]), ("Diana", "p1", ["d"])]
        assert (stored.status, stored.deadline, stored.timer_group, stored.seed) == ("finished", 1234.5, "g", 7)
        assert [(m.n, m.author, m.text, m.public) for m in again.talk(stored)] == [(1, "Ana", "hola", True)]
        assert [s.name for s in stored.seats] == names
    finally:
        again.close()


def test_escribir_un_asiento_que_no_existe_es_un_error(any_db):
    store = Store(any_db)
    try:
        data = store.create_table("hombres-lobo", {}, 5, "presencial", "es", {}, "anfitrion")
        with pytest.raises(LookupError):
            store.save_seats(data, [Seat(0, "Ana", None, None), Seat(9, "Nadie", None, None)])
        assert not any(s.name for s in store.load(data.code).seats)  # the whole write refused: Ana not seated
    finally:
        store.close()
