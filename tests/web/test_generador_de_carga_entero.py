"""``velada load`` as a user runs it (issue 14): a real server, Locust's users on its own clients
(``velada.loadtest.wire``), and a report that measures what it promises. It stops by itself."""

from __future__ import annotations

import json

import pytest

from velada.loadtest.run import run


@pytest.mark.slow
def test_velada_load_juega_sus_mesas_y_mide_lo_que_promete(tmp_path):
    result = run(2, seconds=6, max_throughput=True, out=tmp_path / "load.json")
    post, visible = result.latency["POST choose"], result.latency["WS visible"]
    assert post["count"] > 50  # the seats read their prompts from their sockets and answer them
    assert visible["count"] > 20  # the other seats' sockets saw the choices
    assert result.failures == 0  # no choice refused: each was legal and still open
    assert 0 < post["p50"] <= post["p95"] <= post["p99"] <= post["max"]
    assert result.choices_per_second > 0 and result.rss_peak_mb > 0
    assert result.cpu_ms_per_choice > 0 and result.client_cpu_ms_per_choice > 0
    assert json.loads((tmp_path / "load.json").read_text())["latency"]["POST choose"]["count"] == post["count"]
