"""PostgreSQL restarted under load: the opt-in pytest wrapper of ``postgres_restart.py``.

Stopping the cluster breaks every other user of it, this test session's own
database connections included: run it alone, with ``RUN_DESTRUCTIVE_FAULTS=1``
(see README.md in this folder).
"""

import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connections

pytestmark = pytest.mark.faults_destructive

SCRIPT = Path(__file__).with_name("postgres_restart.py")


def test_postgres_restarted_under_load_503_while_down_then_recovers_by_itself():
    try:
        result = subprocess.run(
            [sys.executable, str(SCRIPT)],
            cwd=SCRIPT.parents[2],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    finally:
        # This session's connections died with the server: the next test reconnects.
        connections.close_all()
    print(result.stdout)
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    assert "PASS" in result.stdout
