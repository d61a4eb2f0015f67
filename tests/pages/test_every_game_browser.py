"""Issue 28's "done when", for each of the six game kinds, in a real (headless) Chromium.

The storyguide starts the game from the New game page, with a player's seat and bots
elsewhere; the player, who joined by invitation (signing up through its link), plays it
by clicking only, and it reaches its end; the page follows the bots' moves by itself.
Table Top and the skirmish start close to their end (the storyguide sets them up so).

The setup is the page's form in words (issue 38): a preset chosen by its link, settings
typed into their fields, found by their names.

Which button the player clicks is what the ruleset's bot that plays to win would choose
for that seat, found among the page's buttons and forms by the command it sends; the test
reads the game only to choose, never to play.
"""

import json
import random
from dataclasses import dataclass, field

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from campaign.demo import storyguide_group
from campaign.invitations import invitation_create
from campaign.models import Campaign, Role
from campaign.services import campaign_create
from games.bots import seat_actor
from games.manifest import manifest_for, manifest_of
from games.models import Game
from games.ruleset import find_ruleset
from tests.factories import UserFactory
from tests.support import follow, games_played, log_in, move

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NEW_PASSWORD = "Hippogriff-Feather-77"
#: At most this many of the player's clicks in one game.
CLICKS = 400


@dataclass(frozen=True)
class Start:
    """How the storyguide sets a game up on the New game page: the preset chosen (its
    link's words), the settings typed into the setup's fields (a field's name -> the
    value), and the player's seat."""

    seat: str
    fill: dict[str, str] = field(default_factory=dict)
    preset: str | None = None


#: How each game is set up where the first seat, the setup's defaults and no preset will
#: not do (a game played long, or its first seat not a person's).
STARTS = {
    "dice-quidditch": Start("red", {"snitch_to_catch": "1"}),
    "card-quidditch": Start("gryffindor"),
    # The captain, who hands out the experience points first (§3.2), unhurried: a page
    # reloads between moves, and §3.4's answer time counts meanwhile.
    "chat-quidditch": Start("GHüter", {"rounds": "1", "answer_seconds": "600"}),
    "rpg-quidditch": Start("home.seeker"),
    "tabletop-quidditch": Start("home", preset="The last minutes: a drill in catching the snitch"),
    # Harry (the player's) keeps his Health; Draco and Peeves have one point each, so that
    # the bots' opening moves cannot end it before Harry's first (two must stand to fight).
    "skirmish": Start("p01", {f"participants-{n}-health": "1" for n in (1, 2)}),
}


def first_seat(name: str) -> str:
    rules = find_ruleset(name)
    return rules.seats(rules.setup(manifest_for(rules).contract.example))[0]


#: Every game of the one list, started as ``STARTS`` says, else from its first seat.
GAMES = {name: STARTS.get(name) or Start(first_seat(name)) for name in games_played()}


def sign_up(context, server, code) -> None:
    page = context.new_page()
    page.goto(f"{server}/join/{code}/")
    page.fill("#id_username", "oliver")
    page.fill("#id_password", NEW_PASSWORD)
    page.click("text=Sign up and join")
    expect(page.locator("nav .me")).to_have_text("oliver")
    page.close()


def start_from_the_new_game_page(page, server, campaign, ruleset, start: Start) -> Game:
    page.goto(f"{server}/me/")
    page.click(f"a[href='/campaigns/{campaign.slug}/games/new/']")
    page.click(f"a[href='/campaigns/{campaign.slug}/games/new/{ruleset}/']")
    if start.preset is not None:  # a preset sets what no field holds (a position)
        page.click(f"nav.presets a:text-is('{start.preset}')")
        expect(page.locator("nav.presets a[aria-current]")).to_have_text(start.preset)
    for setting, value in start.fill.items():
        page.locator(f"[name='{setting}']").fill(value)
    page.click("button[name=seats]")
    page.locator(f"select[name='seat:{start.seat}']").select_option(label="oliver")
    page.check("input[name=referee]")  # the storyguide leaves the referee's duties to a bot
    page.click("button[name=create]")
    expect(page.locator("#turn")).to_be_visible()
    return Game.objects.get(pk=int(page.url.rstrip("/").rsplit("/", 1)[1]))


def choice(game: Game, seat: str, rng: random.Random) -> dict:
    """What the ruleset's bot that plays to win would give for ``seat`` now."""
    rules = find_ruleset(game.ruleset)
    actor = seat_actor(seat)
    offered = rules.allowed_commands(game.state, actor, now=timezone.now().timestamp())
    bot = next(iter(manifest_of(game.ruleset).bots.values()))
    chosen = bot.choose(rules.view(game.state, actor), seat, offered, rng)
    return chosen if chosen is not None else rng.choice(offered)


def click(page, command: dict, rng: random.Random) -> None:
    """Send ``command`` by clicking: its button, else its form's choices and button, else
    its piece first where a table asks for one (Table Top: a piece, then a square), else
    (a table's own form that composes its command) any button the page offers."""
    if sent(page, command):
        return
    piece = page.locator(f"a.p[href*='piece={command.get('player')}']")
    if "player" in command and piece.count():
        follow(page, piece.first)
        if sent(page, command):
            return
    buttons = page.locator("[data-command]")
    assert buttons.count(), f"no button sends {command} and none is offered"
    move(page, buttons.nth(rng.randrange(buttons.count())))


def sent(page, command: dict) -> bool:
    """Whether a button, or a form's choices and button, on the page sent ``command``."""
    wanted = json.dumps(command, sort_keys=True)
    buttons = page.locator("[data-command]")
    sent_by = buttons.evaluate_all("buttons => buttons.map(button => button.dataset.command)")
    for index, raw in enumerate(sent_by):
        if json.dumps(json.loads(raw), sort_keys=True) == wanted:
            move(page, buttons.nth(index))
            return True
    forms = page.locator("form.command-form")
    for index in range(forms.count()):
        form = forms.nth(index)
        offers = json.loads(form.get_attribute("data-offers"))
        if command in offers:
            for select in form.locator("select").all():
                name = select.get_attribute("name")
                select.select_option(value=json.dumps(command.get(name), ensure_ascii=False))
            move(page, form.locator("button[type=submit]"))
            return True
    return False


@pytest.mark.parametrize("ruleset", sorted(GAMES))
def test_the_storyguide_starts_it_and_the_invited_player_plays_it_to_its_end_by_clicking(
    live_service, chromium, screenshots, ruleset
):
    server, start = live_service.url, GAMES[ruleset]
    storyguide = UserFactory(username="mcgonagall")
    storyguide.groups.add(storyguide_group())
    campaign = campaign_create(name="Hogwarts", slug="hogwarts", storyguide=storyguide)
    invitation = invitation_create(
        campaign=campaign, role=Role.PLAYER, created_by=storyguide, now=timezone.now()
    )

    player_context = chromium.new_context(viewport={"width": 420, "height": 900})
    player_context.set_default_timeout(30_000)
    sign_up(player_context, server, invitation.code)

    guide = chromium.new_context(viewport={"width": 1100, "height": 900})
    guide.set_default_timeout(30_000)
    desk = guide.new_page()
    log_in(desk, server, storyguide)
    game = start_from_the_new_game_page(desk, server, campaign, ruleset, start)
    guide.close()

    page = player_context.new_page()
    page.goto(f"{server}/me/")
    page.click(f"a[href='/matches/{game.pk}/'], a[href='/skirmishes/{game.pk}/']")
    rng = random.Random(0)
    for _ in range(CLICKS):
        if page.locator("#ending").count():
            break
        if not page.locator("[data-command], form.command-form").count():
            # The bots are moving, or the page is loading again (it reloads itself when
            # their moves commit): wait for something to click, or for the end, in
            # whichever page it comes.
            page.locator("[data-command], form.command-form, #ending").first.wait_for(
                timeout=60_000
            )
            continue
        game.refresh_from_db()
        click(page, choice(game, start.seat, rng), rng)
    expect(page.locator("#ending")).to_be_visible()  # the ending says who won and why
    page.screenshot(path=screenshots / f"{ruleset}-played-to-the-end.png", full_page=True)
    assert Game.objects.get(pk=game.pk).status == "finished"
    player_context.close()
    assert Campaign.objects.get().memberships.count() == 2
