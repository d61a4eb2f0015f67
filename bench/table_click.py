"""A click at the card table beside a command through the API: CPU per move (issue 42:
"a click at the card table (command and in-place update, bots answering) costs no more
CPU than 1.5 commands through the API").

One process, one SQLite database of its own (a temporary file), Django's test client:
the player holds Slytherin, the simple bot Gryffindor and answers every move. A click
is what ``storyguide/table.js`` sends: the page's form post with the button's command
and the version shown, asking for the page's parts that change (``X-Storyguide-Parts``),
and those parts it is answered with, which ``storyguide/in_place.js`` puts in place. A
command through the API is ``POST /api/matches/{id}/commands/`` with a token, as a
plugin sends it. Both play the first command the player is offered,
on games started alike, so that they make the same moves; the CPU of this process (the
server's and the client's, no network) is counted per move, the choosing of the move
left out.

``--profile`` prints where a click's CPU goes instead (cProfile, the slowest callees).

    .venv/bin/python -m bench.table_click            # 150 moves each way
    .venv/bin/python -m bench.table_click 400
    .venv/bin/python -m bench.table_click 150 --profile
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main(moves: int, profile: bool) -> None:
    folder = tempfile.mkdtemp(prefix="table-click-")
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.pop("CACHE_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.utils import timezone

    from core.services import token_create
    from games.bots import offers
    from games.models import Game
    from games.ruleset import find_ruleset
    from games.services import game_create
    from tests.support import Table

    setup_test_environment()
    call_command("migrate", verbosity=0)
    table = Table()

    def a_match() -> Game:
        return game_create(
            campaign=table.campaign,
            ruleset="card-quidditch",
            config={},
            seats={"slytherin": table.player.pk},
            bots={"gryffindor": "simple"},
            created_by=table.storyguide,
            now=timezone.now(),
        )

    def first_offer(game: Game) -> dict | None:
        game.refresh_from_db()
        if game.status != "active":
            return None
        offered = offers(find_ruleset(game.ruleset), game.state, "slytherin", now=time.time())
        return offered[0] if offered else None

    def play(send, count: int) -> float:
        """CPU seconds spent in ``send`` over ``count`` moves."""
        game, spent, made = a_match(), 0.0, 0
        while made < count:
            command = first_offer(game)
            if command is None:
                game = a_match()
                continue
            start = time.process_time()
            send(game, command)
            spent += time.process_time() - start
            made += 1
        return spent

    page = Client()
    page.force_login(table.player)

    def click(game: Game, command: dict) -> None:
        answer = page.post(
            f"/matches/{game.pk}/",
            {"command": json.dumps(command), "expected_version": game.version},
            HTTP_ACCEPT_LANGUAGE="en",
            HTTP_X_STORYGUIDE_PARTS=str(game.version),
        )
        assert answer.status_code == 200 and b'id="messages"' in answer.content, answer.status_code

    api = Client(HTTP_AUTHORIZATION=f"Token {token_create(table.player)}")

    def command_through_the_api(game: Game, command: dict) -> None:
        answer = api.post(
            f"/api/matches/{game.pk}/commands/",
            {"command": command, "expected_version": game.version},
            content_type="application/json",
        )
        assert answer.status_code == 201, answer.content[:300]

    for send in (click, command_through_the_api):  # warm up: imports, templates, caches
        play(send, 10)
    if profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(play, click, moves)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(60)
        return
    per_click = play(click, moves) / moves * 1000
    per_command = play(command_through_the_api, moves) / moves * 1000
    print(f"{moves} moves each way at the card table, the simple bot answering every one")
    print(f"  a click (form post, the parts it is answered with): {per_click:.2f} ms of CPU")
    print(f"  a command through the API (token, JSON):          {per_command:.2f} ms of CPU")
    verdict = "met" if per_click <= 1.5 * per_command else "NOT met"
    print(f"  a click costs {per_click / per_command:.2f} commands (goal: at most 1.5): {verdict}")


if __name__ == "__main__":
    numbers = [arg for arg in sys.argv[1:] if arg.isdigit()]
    main(int(numbers[0]) if numbers else 150, "--profile" in sys.argv)
