"""No input answers 500 (issue 37, part 2): digits that are not ASCII digits ("²", which
``str.isdigit`` takes and ``int`` refuses), numbers of thousands of digits, a NUL, and
values longer than the service keeps, in every URL parameter of the API (generated from
the URL configuration), in the query parameters and headers it reads, and in the New
game form. Each answer is a 4xx in the one error shape, and nothing is written."""

import re
from urllib.parse import quote

import pytest
from django.test import Client

from games.models import Game, GameEvent
from tests.api.test_authorization_matrix import api_endpoints
from tests.api.world import World
from tests.support import dashboard_client

pytestmark = pytest.mark.django_db

SUPERSCRIPT_TWO = "²"
THOUSANDS_OF_DIGITS = "9" * 5000
ODD_NUMBERS = (SUPERSCRIPT_TWO, "١٢", THOUSANDS_OF_DIGITS, "9" * 19)
PARAMETER = re.compile(r"\(\?P<(\w+)>[^)]*\)|<(?:\w+:)?(\w+)>")


def url_with(route: str, value: str, world: World) -> list[str]:
    """``route`` with each of its parameters in turn given ``value``, the others an id of
    the world (so each parameter is tried where it is read), as a path."""
    names = [a or b for a, b in PARAMETER.findall(route)]
    good = {"pk": world.match.pk, "campaign_pk": world.campaign.pk, "code": "X", "name": "tally"}
    urls = []
    for odd in names:
        filled = PARAMETER.sub(
            lambda found, odd=odd: (
                value
                if (found.group(1) or found.group(2)) == odd
                else str(good.get(found.group(1) or found.group(2), 1))
            ),
            route,
        )
        urls.append("/" + filled.replace("^", "").replace("$", ""))
    return urls


@pytest.fixture
def world():
    return World()


def test_every_url_parameter_of_the_api_refuses_odd_numbers_with_a_4xx(world):
    client = Client(HTTP_AUTHORIZATION=f"Token {world.tokens['storyguide']}")
    answers = {}
    for name, route, methods in api_endpoints():
        for value in ODD_NUMBERS:
            for url in url_with(route, value, world):
                for method in methods:
                    answer = getattr(client, method)(url, {}, content_type="application/json")
                    answers[name, method, value[:5], url[:60]] = answer.status_code
    failures = {where: status for where, status in answers.items() if status >= 500}
    assert len(answers) > 300
    assert failures == {}


@pytest.mark.parametrize(
    ("path", "query"),
    [
        ("/api/matches/", {"page_size": SUPERSCRIPT_TWO}),
        ("/api/matches/", {"page": SUPERSCRIPT_TWO}),
        ("/api/matches/", {"page": THOUSANDS_OF_DIGITS}),
        ("/api/matches/{match}/events/", {"after": SUPERSCRIPT_TWO}),
        ("/api/matches/{match}/events/", {"after": THOUSANDS_OF_DIGITS}),
        ("/api/matches/{match}/events/", {"limit": "١٢"}),
        ("/api/matches/{match}/board.svg/", {"at": SUPERSCRIPT_TWO}),
        ("/api/campaigns/{campaign}/members/", {"search": "\x00"}),
        ("/api/matches/", {"search": "\x00"}),
    ],
)
def test_a_query_parameter_the_api_reads_refuses_odd_input_with_a_400_or_404(world, path, query):
    client = Client(HTTP_AUTHORIZATION=f"Token {world.tokens['storyguide']}")
    answer = client.get(path.format(match=world.match.pk, campaign=world.campaign.pk), query)
    assert answer.status_code in (400, 404), answer.content[:300]
    assert "code" in answer.json()


@pytest.mark.parametrize("odd", [SUPERSCRIPT_TWO, THOUSANDS_OF_DIGITS])
def test_a_game_page_reads_an_odd_before_as_no_before(world, odd):
    client = dashboard_client(world.users["storyguide"])
    assert client.get(f"/matches/{world.match.pk}/", {"before": odd}).status_code == 200


@pytest.mark.parametrize("odd", ["\xb2", THOUSANDS_OF_DIGITS])
def test_a_streams_odd_last_event_id_or_after_starts_it_from_the_beginning(world, odd):
    from core.streams import start_after

    class Request:
        headers = {"Last-Event-ID": odd}
        GET = {"after": odd}

    assert start_after(Request()) == 0


def test_an_idempotency_key_longer_than_kept_is_refused_and_nothing_is_written(world):
    client = Client(HTTP_AUTHORIZATION=f"Token {world.tokens['player']}")
    before = GameEvent.objects.count()
    answer = client.post(
        f"/api/matches/{world.match.pk}/commands/",
        {"command": {"action": "experience"}},
        content_type="application/json",
        HTTP_IDEMPOTENCY_KEY="k" * 201,
    )
    assert (answer.status_code, answer.json()["code"]) == (400, "idempotency_key_too_long")
    assert GameEvent.objects.count() == before


def test_an_automatic_title_longer_than_kept_is_cut_short(world):
    """Four participants with 60-character names make a skirmish's title of over 200."""
    from django.utils import timezone

    from games.services import TITLE_LENGTH
    from skirmish.services import skirmish_create

    names = [f"{letter * 55} {n:04d}" for n, letter in enumerate("ABCD")]
    attributes = {name: 4 for name in world.campaign.sheet_rules.attributes}
    skirmish = skirmish_create(
        campaign=world.campaign,
        participants=[
            {"name": name, "attributes": attributes, "side": side}
            for name, side in zip(names, "aabb", strict=True)
        ],
        created_by=world.users["storyguide"],
        now=timezone.now(),
        bots={"*": "random"},
    )
    assert len(skirmish.title) == TITLE_LENGTH and skirmish.title.endswith("…")


@pytest.mark.parametrize(
    "typed",
    [quote("²"), THOUSANDS_OF_DIGITS, "%ED%A0%80", "1" + "0" * 40],
    ids=["a unicode digit", "5000 digits", "a lone surrogate", "a number of 41 digits"],
)
def test_the_new_game_forms_settings_refuse_what_no_game_takes_beside_the_field(world, typed):
    """The setup's fields (issue 38: a form in words, no JSON) refuse beside the field
    what no game takes, as a browser sends it (URL-encoded bytes, a lone surrogate's
    too), and start nothing."""
    client = dashboard_client(world.users["storyguide"])
    games = Game.objects.count()
    answer = client.post(
        f"/campaigns/{world.campaign.slug}/games/new/dice-quidditch/",
        f"snitch_to_catch={typed}&seats=1&entered_dice=never",
        content_type="application/x-www-form-urlencoded",
    )
    assert answer.status_code == 200
    page = answer.content.decode()
    field = page[page.index('id="id_snitch_to_catch"') :]
    field = field[: field.index("</p>")]
    assert (
        '<span class="error">Snitch points to catch it must be a whole number from 1 to 10.'
        "</span>" in field
    )
    assert Game.objects.count() == games
