"""Adding a game is its package, its tests, its rules doc and one line (issue 31, "A game is a
plugin").

``tests/core/a_new_game/`` holds a minimal game as its author would write it: the package
``duel`` (its app, its pure rules, bot and table, its table's template), its test, its
rules doc. This test writes it into a scratch copy of the project and adds ``"duel"`` to
the copy's one list of games (``settings.GAMES``), editing nothing else; in the copy, the
duel is then served by ``/api/rulesets/``, ``/api/matches/``, the game's pages and the New
game page, passes the conformance suite, and the import contracts hold it (pure, and
independent of the other games).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NEW_GAME = Path(__file__).with_name("a_new_game")
#: The tests every game of the one list gets, none listing the games by hand: its rules
#: and bot (conformance), its words in three languages (translations, one language), its
#: contract (a generated client plays it; a malformed command is refused), its pages
#: (played to the end by clicking) and the import contracts.
EVERY_GAMES_TESTS = (
    "tests/games/test_conformance.py",
    "tests/games/test_malformed_commands.py",
    "tests/games/test_translations.py",
    "tests/api/test_contract.py",
    "tests/pages/test_one_language.py",
    "tests/pages/test_every_game_browser.py",
    "tests/core/test_architecture.py",
)


def scratch_copy(target: Path) -> None:
    """The project as a fresh clone has it (no virtualenv, no database, no caches)."""
    listed = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    for name in listed:
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def test_a_game_is_its_package_its_tests_its_rules_doc_and_one_line(tmp_path):
    scratch_copy(tmp_path)
    shutil.rmtree(tmp_path / "tests/core/a_new_game")
    shutil.copytree(NEW_GAME, tmp_path, dirs_exist_ok=True)
    settings = tmp_path / "config/settings.py"
    listed = settings.read_text()
    one_line = '    "quidditch.tabletop",\n]'
    assert listed.count(one_line) == 1, "the list of games ends with Table Top"
    settings.write_text(listed.replace(one_line, '    "quidditch.tabletop",\n    "duel",\n]'))

    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in {"DATABASE_URL", "CELERY_BROKER_URL", "REQUIRE_SERVICE_TESTS"}
    }
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/duel",
            *EVERY_GAMES_TESTS,
            "-k",
            "duel or test_contract or test_translations or import_contract or one_list",
        ],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-4000:]
    assert " passed" in run.stdout and "seeker-duel" not in run.stdout.split("passed")[-1]
