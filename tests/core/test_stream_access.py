"""A live stream lasts only as long as its reader's access (issue 27, finding 3).

On the server the deployment runs (``config.asgi`` under uvicorn): removal from
the campaign, a change of role that changes what the reader may see, and the
revocation of the reader's tokens each end the reader's open streams within a
few seconds, and a stream token issued before a revocation opens nothing.
"""

import threading
import time
from dataclasses import dataclass, field

import httpx
import pytest
from django.utils import timezone
from knox.models import AuthToken

import games.testing  # noqa: F401  (registers the "tally" ruleset)
from campaign.models import Membership, Role
from campaign.services import membership_remove, membership_set
from core.streams import StreamSlots
from games.models import Game
from games.services import Submission, game_submit_command
from tests.factories import MembershipFactory
from tests.streams import asgi_server
from tests.support import Table, with_a_long_tally

pytestmark = pytest.mark.django_db(transaction=True)

#: How soon after losing access a stream must end, at most ("within a few seconds").
WITHIN_SECONDS = 5


@pytest.fixture(autouse=True)
def quick_checks(settings):
    settings.STREAM_POLL_SECONDS = 0.05
    settings.STREAM_HEARTBEAT_SECONDS = 0.5
    settings.STREAM_ACCESS_CHECK_SECONDS = 0.2


@dataclass
class Follower:
    """Reads one stream in a thread, line by line, until it ends or ``give_up_at``."""

    url: str
    headers: dict
    give_up_at: float
    lines: list[str] = field(default_factory=list)
    status: int | None = None
    ended_at: float | None = None
    opened: threading.Event = field(default_factory=threading.Event)

    def start(self) -> "Follower":
        threading.Thread(target=self._read, daemon=True).start()
        assert self.opened.wait(10), "the stream did not open"
        return self

    def _read(self):
        with (
            httpx.Client(timeout=10) as client,
            client.stream("GET", self.url, headers=self.headers) as response,
        ):
            self.status = response.status_code
            self.opened.set()
            try:
                for line in response.iter_lines():
                    self.lines.append(line)
                    if time.monotonic() > self.give_up_at:
                        return
            except httpx.TransportError:  # cut off (the server stopping), not ended
                return
        self.ended_at = time.monotonic()

    def ended_within(self, since: float, seconds: float) -> bool:
        while self.ended_at is None and time.monotonic() < since + seconds:
            time.sleep(0.05)
        return self.ended_at is not None and self.ended_at - since <= seconds


def token(user) -> dict:
    return {"Authorization": f"Token {AuthToken.objects.create(user=user)[1]}"}


@pytest.fixture
def table():
    table = Table()
    return with_a_long_tally(table)


def follow(server, path, headers) -> Follower:
    return Follower(server + path, headers, give_up_at=time.monotonic() + 15).start()


def test_a_removed_member_loses_their_open_streams(table):
    """The player follows the campaign and the (private) game they play, then the
    storyguide removes them: both streams end, the last message saying why."""
    headers = token(table.player)
    with asgi_server() as server:
        streams = [
            follow(server, f"/api/campaigns/{table.campaign.pk}/stream/", headers),
            follow(server, f"/api/matches/{table.game.pk}/stream/", headers),
        ]
        assert [s.status for s in streams] == [200, 200]
        removed = time.monotonic()
        membership_remove(membership=Membership.objects.get(user=table.player))
        for stream in streams:
            assert stream.ended_within(removed, WITHIN_SECONDS), stream.url
            assert "event: revoked" in stream.lines


def test_a_storyguide_made_spectator_loses_the_referees_stream(table):
    """The stream of a game was opened for the reader as the referee sees it; once the
    storyguide is a spectator, that stream ends (a reconnect gets the spectator's)."""
    MembershipFactory(campaign=table.campaign, role=Role.STORYGUIDE)  # the campaign keeps one
    with asgi_server() as server:
        stream = follow(server, f"/api/matches/{table.game.pk}/stream/", token(table.storyguide))
        changed = time.monotonic()
        membership_set(campaign=table.campaign, user=table.storyguide, role=Role.SPECTATOR)
        assert stream.ended_within(changed, WITHIN_SECONDS)
        assert "event: revoked" in stream.lines


def test_revoking_all_tokens_ends_open_streams_and_earlier_stream_tokens(table):
    """After revoke-all: the streams opened with the user's token and with a stream token
    end, and a stream token issued before it opens nothing, at once."""
    headers = token(table.player)
    game = f"/api/matches/{table.game.pk}/stream/"
    with asgi_server() as server, httpx.Client(base_url=server, timeout=10) as client:
        granted = [
            client.post("/api/auth/stream-token/", headers=headers).json()["stream_token"]
            for _ in range(2)
        ]
        streams = [
            follow(server, game, headers),
            follow(server, f"{game}?stream_token={granted[0]}", {}),
        ]
        revoked = time.monotonic()
        assert client.post("/api/auth/token/revoke-all/", headers=headers).status_code == 204
        with client.stream("GET", game, params={"stream_token": granted[1]}) as refused:
            assert refused.status_code == 401  # (had it opened, it would stream for ever)
            assert refused.read() and refused.json()["code"] == "not_authenticated"
        for stream in streams:
            assert stream.ended_within(revoked, WITHIN_SECONDS), stream.url


def test_revoking_the_token_ends_the_streams_it_opened(table):
    headers = token(table.player)
    with asgi_server() as server, httpx.Client(base_url=server, timeout=10) as client:
        stream = follow(server, f"/api/campaigns/{table.campaign.pk}/stream/", headers)
        revoked = time.monotonic()
        assert client.post("/api/auth/token/revoke/", headers=headers).status_code == 204
        assert stream.ended_within(revoked, WITHIN_SECONDS)


def test_a_reader_who_leaves_frees_their_stream_at_once(table, settings):
    """A stream whose reader closed it ends as soon as the server hears the reader go, so
    its place is free for the next: one stream allowed, ten streams one after the other
    all open, each within ``WITHIN_SECONDS`` of the last one's closing (on a busy machine
    the server may hear of a close a moment after the next request has arrived)."""
    settings.STREAMS_PER_USER = 1
    headers = token(table.player)
    url = f"/api/matches/{table.game.pk}/stream/"
    with asgi_server() as server, httpx.Client(base_url=server, timeout=10) as client:
        opened = 0
        for _ in range(10):
            closed = time.monotonic()
            while time.monotonic() < closed + WITHIN_SECONDS:
                with client.stream("GET", url, headers=headers) as stream:
                    if stream.status_code == 200:  # it opened; the reader leaves at once
                        opened += 1
                        break
                    assert stream.status_code == 429, stream.status_code
                time.sleep(0.05)
    assert opened == 10


def test_nothing_written_after_a_removal_reaches_the_removed_players_stream(table, settings):
    """Issue 37 §1: "A removed member's open stream carries about 1.2 s of events written
    after the removal". The player follows a *public* game (which they may go on watching
    as anyone, but not as its player); with the periodic check a minute apart, the roll
    written after the removal still never reaches the stream opened as the player."""
    settings.STREAM_ACCESS_CHECK_SECONDS = 60
    Game.objects.filter(pk=table.game.pk).update(public=True)
    with asgi_server() as server:
        stream = follow(server, f"/api/matches/{table.game.pk}/stream/", token(table.player))
        removed = time.monotonic()
        membership_remove(membership=Membership.objects.get(user=table.player))
        game_submit_command(
            game_id=table.game.pk,
            by=table.storyguide,
            submission=Submission(command={"action": "roll", "sides": 6, "count": 1}),
            now=timezone.now(),
        )
        assert stream.ended_within(removed, WITHIN_SECONDS)
    assert "event: revoked" in stream.lines
    assert "id: 1" not in stream.lines, "the roll after the removal was sent"


def test_a_users_streams_are_counted_in_the_cache_every_server_process_shares(table, settings):
    """Issue 37 §1: "the per-user stream limit counts per process (one user held 40)".
    With one stream allowed, the slot the open stream holds is in the shared cache: a
    second process (a slot keeper of its own) finds it taken; once the stream ends, free."""
    settings.STREAMS_PER_USER = 1
    headers = token(table.player)
    another_process = StreamSlots()
    with asgi_server() as server:
        stream = follow(server, f"/api/matches/{table.game.pk}/stream/", headers)
        assert stream.status == 200
        assert another_process.take(table.player.pk) is None
        with httpx.Client(base_url=server, timeout=10) as client:
            refused = client.get(f"/api/campaigns/{table.campaign.pk}/stream/", headers=headers)
        assert refused.status_code == 429 and refused.json()["code"] == "too_many_streams"
        membership_remove(membership=Membership.objects.get(user=table.player))
        assert stream.ended_within(time.monotonic(), WITHIN_SECONDS)
    held = another_process.take(table.player.pk)
    assert held is not None, "the ended stream gave its slot back"
