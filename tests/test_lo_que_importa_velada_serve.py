"""Memory (issue 14): ``velada serve`` imports what serving needs, not what other commands use. Each module a
process imports stays in its memory for its whole life; the command line's simulator, scenarios and Rich's
tables and progress bars were ~4 MB of a server's ~80 MB before its first table (docs/performance.md)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

#: Modules only other commands use (velada sim, run, games, bench…), or only some pages (the lobby's QR code), or
#: only a cluster on PostgreSQL: none of them is needed to start serving on SQLite. Nor is SQLAlchemy's ORM: the
#: store is written in its Core (the ORM was ~6 MB of a server's resident memory).
NOT_FOR_SERVING = (
    "sqlalchemy.orm",
    "rich",
    "velada.core.sim",
    "velada.core.scenario",
    "segno",
    "PIL",
    "matplotlib",
    "ray",
    "locust",
    "psycopg",
    "velada.web.cluster",
)


def test_velada_serve_no_importa_lo_que_solo_usan_otras_ordenes(tmp_path):
    # The modules loaded when velada serve hands its app to uvicorn (uvicorn.run is caught), in a fresh process.
    program = textwrap.dedent(
        f"""
        import sys, uvicorn
        uvicorn.run = lambda *args, **kwargs: print("\\n".join(sorted(sys.modules)))
        from velada.cli import main
        sys.argv = ["velada", "serve", "--db", {str(tmp_path / "v.sqlite3")!r}, "--port", "0"]
        main()
        """
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split())
    assert "velada.web.app" in loaded and "sqlalchemy" in loaded
    assert sorted(m for m in loaded if any(m == n or m.startswith(n + ".") for n in NOT_FOR_SERVING)) == []


def test_el_codigo_qr_de_la_sala_no_trae_pil_ni_xml():
    """The lobby's QR code, drawn once a server shows a lobby, stays in the process for good: qrcode brought PIL and
    xml.etree with it (~4.5 MB); segno draws the same kind of code (a full QR, level M) in ~1.2 MB."""
    program = textwrap.dedent(
        """
        import sys
        from velada.web.render import qr_svg
        svg = qr_svg("http://192.168.1.10:8000/t/ABCD/sentarse")
        assert svg.startswith("<svg") and "viewBox" in svg and "<path" in svg, svg[:200]
        print("\\n".join(sorted(sys.modules)))
        """
    )
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split())
    assert "segno" in loaded
    heavy = ("PIL", "qrcode", "xml.etree")
    assert sorted(m for m in loaded if any(m == n or m.startswith(n + ".") for n in heavy)) == []
