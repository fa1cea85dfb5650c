"""Databases for the web tests: SQLite in a temporary file, and PostgreSQL in a throwaway cluster when the server
programs are installed (CI installs Debian's ``postgresql`` and sets ``VELADA_REQUIRE_POSTGRES``, so there the
PostgreSQL runs cannot be skipped)."""

from __future__ import annotations

import os

import pytest

from . import postgres


@pytest.fixture(scope="session")
def postgres_cluster():
    if postgres.bin_dir() is None:
        if os.environ.get("VELADA_REQUIRE_POSTGRES"):
            pytest.fail("PostgreSQL is required here (VELADA_REQUIRE_POSTGRES) but initdb was not found")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    with postgres.cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request, tmp_path):
    """The same test on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'velada.sqlite3'}"
    return postgres.empty(request.getfixturevalue("postgres_cluster"))


@pytest.fixture(autouse=True)
def testserver_is_our_host(monkeypatch):
    """Starlette's TestClient calls the app ``http://testserver``: let the app answer that name like one of its
    own (a real server answers only its allowed hosts, velada.web.security)."""
    from velada.web import security

    monkeypatch.setattr(security, "LOOPBACK", (*security.LOOPBACK, "testserver"))
