"""A long game's page stays small (issue 29: "The transcript shows the newest events and
loads earlier ones on request; a page of a game with 7,000 events stays under 200 KB";
a Table Top game's page was 2.4 MB of HTML).

The log is written here row by row as the storage keeps it (the page reads it; it does not
verify it), so that 7,000 events cost no minute of play.
"""

import re
from datetime import UTC, datetime

import pytest
from django.test import Client

from games.models import Game, GameEvent

pytestmark = pytest.mark.django_db

EVENTS = 7_000


def long_game(table) -> Game:
    game = Game.objects.get(pk=table.create_game(seats={"alice": table.player.pk})["id"])
    now = datetime(2026, 11, 25, 20, 0, tzinfo=UTC)
    GameEvent.objects.bulk_create(
        GameEvent(
            game=game,
            seq=seq,
            actor={"role": "player", "controls": ["alice"]},
            submitted={"command": {"action": "roll"}},
            command={"action": "roll"},
            dice=[{"nonce": seq, "sides": 6, "face": 3, "purpose": "tally", "source": "server"}],
            events=[{"type": "rolled", "faces": [3], "total": 3 * seq}],
            created_at=now,
            hash=f"{seq:064x}",
        )
        for seq in range(1, EVENTS + 1)
    )
    Game.objects.filter(pk=game.pk).update(version=EVENTS)
    return Game.objects.get(pk=game.pk)


def test_the_page_of_a_game_with_7000_events_stays_under_200_kb(table):
    game = long_game(table)
    client = Client()
    client.force_login(table.player)
    page = client.get(f"/matches/{game.pk}/")
    assert page.status_code == 200
    assert len(page.content) < 200_000
    shown = [int(seq) for seq in re.findall(r"<tr><td>(\d+)</td>", page.content.decode())]
    assert shown[-1] == EVENTS and len(shown) <= 50, "the newest moves"

    # Earlier moves are a link away, and the newest one link back.
    page = page.content.decode()
    earlier = re.search(r'<a href="\?before=(\d+)">Earlier moves</a>', page).group(1)
    older = client.get(f"/matches/{game.pk}/", {"before": earlier}).content.decode()
    shown = [int(seq) for seq in re.findall(r"<tr><td>(\d+)</td>", older)]
    assert shown[-1] == int(earlier) - 1 and shown[0] < shown[-1]
    assert '<a href="?">The newest moves</a>' in older
    first = client.get(f"/matches/{game.pk}/", {"before": 2}).content.decode()
    assert [int(s) for s in re.findall(r"<tr><td>(\d+)</td>", first)] == [1]
    assert "Earlier moves" not in first
