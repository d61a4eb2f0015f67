"""Imports point one way (docs/architecture.md): the contracts in pyproject.toml hold.

``core`` <- ``games`` <- ``campaign`` <- the games' packages <- ``league``, and the
pure rules import neither Django nor DRF. import-linter reads every module's imports.
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_import_contract_is_kept():
    run = subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:]
    assert "0 broken" in run.stdout
