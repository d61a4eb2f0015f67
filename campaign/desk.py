"""The storyguide's desk: the dashboard's home, each of their campaigns at a glance.

For each campaign the reader runs (every campaign, for a superuser): the games waiting on
them (their move as the referee, or dice they enter) and the other games in progress,
where the houses stand and whose Popularity moved this week, what other apps add (the
league's next fixtures and their windows), the invitations to send and what happened
lately. Every item links to where it is acted on. Below, the dashboard's lists in words,
and a settings corner for the plumbing (webhooks, accounts, API tokens).

Each part is read for all the campaigns at once, a few rows per campaign (a window
function ranks them), so the desk takes as many queries for ten campaigns as for one.

Other apps add to it without campaign importing them (the layers of
docs/architecture.md): :func:`add_section` adds a part to each campaign's card (the
league's fixtures, from ``league.admin``), :func:`tell_activity` says how an app's kinds
of activity read on the desk and where each leads.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db.models import Count, F, IntegerField, OuterRef, QuerySet, Subquery, Sum, Value
from django.db.models.expressions import Window
from django.db.models.functions import Coalesce, RowNumber
from django.urls import NoReverseMatch, reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from campaign import selectors
from campaign.activity import kinds
from campaign.invitations import link_in_two
from campaign.models import (
    Activity,
    ActivityKind,
    Campaign,
    Character,
    House,
    HousePointEntry,
    Invitation,
    PopularityAdjustment,
    Role,
)
from campaign.roles import campaign_roles
from games.manifest import manifest_of, played_kinds
from games.models import Game, GameStatus
from games.page_urls import page_of
from games.selectors import dice_awaited_as_seen, state_as_seen
from games.services import actor_for
from games.tables import Turn
from games.views import turn_of

GAMES_READ = 20
"""How many games in progress the desk reads per campaign, the newest first."""
MOVERS_DAYS = 7
"""Popularity movers: whose Popularity moved over this many days."""
MOVERS_SHOWN = 5
INVITATIONS_SHOWN = 5
ACTIVITY_SHOWN = 8


@dataclass(frozen=True)
class Item:
    """One line of a part: what it says, where it is acted on, a quieter note, and a
    ``flag`` the page draws it with (``"waiting"``: it waits on the reader; ``"late"``)."""

    text: str
    url: str | None = None
    note: str = ""
    flag: str = ""
    at: datetime | None = None


@dataclass
class Part:
    """A part of a campaign's card that another app adds: a heading, its items, what it
    says without any, and where its whole list is (``more``, with its words)."""

    heading: str
    items: list[Item]
    empty: str
    more: str | None = None
    more_text: str = ""
    links: list[tuple[str, str]] = field(default_factory=list)  # (words, url): to act on
    name: str = ""  # the name it was added under (``add_section``)


@dataclass(frozen=True)
class GameLine:
    game: Game
    url: str | None
    rules_title: str
    move: str  # whose move it is, in words, as the storyguide reads it
    waiting: bool  # it waits on the storyguide: their move, as the referee or a seat's, or dice
    detail: str = ""  # the dice the storyguide enters, in words


@dataclass(frozen=True)
class HouseLine:
    house: House
    ledger: str  # the house's entries in the ledger
    award: str  # a new entry for the house


@dataclass(frozen=True)
class Mover:
    character: Character
    popularity: int
    moved: int
    url: str


@dataclass(frozen=True)
class InvitationLine:
    invitation: Invitation
    what: str  # who it lets in, as what
    note: str  # uses, expiry
    link: str  # the absolute link to send
    url: str  # its page in the dashboard (revoked from the list)

    @property
    def where(self) -> tuple[str, str]:
        return link_in_two(self.link)


@dataclass
class Card:
    """One campaign on the desk."""

    campaign: Campaign
    links: dict[str, str]
    waiting: list[GameLine] = field(default_factory=list)
    in_progress: list[GameLine] = field(default_factory=list)
    games_running: int = 0
    houses: list[HouseLine] = field(default_factory=list)
    movers: list[Mover] = field(default_factory=list)
    parts: list[Part] = field(default_factory=list)
    invitations: list[InvitationLine] = field(default_factory=list)
    invitations_open: int = 0
    activity: list[Item] = field(default_factory=list)


# -- What other apps add ---------------------------------------------------------------

#: Reads one part for every campaign of the desk at once: campaign id -> its part (a
#: campaign left out shows none).
SectionReader = Callable[[object, list[Campaign], datetime], dict[int, Part]]
_SECTIONS: dict[str, SectionReader] = {}
_TELLERS: dict[str, Callable[[Activity], Item]] = {}


def add_section(name: str, read: SectionReader) -> None:
    """Add a part to every campaign's card, after its games (``league.admin``: the next
    fixtures). ``read(request, campaigns, now)`` reads it for all of them, in a fixed
    number of queries."""
    _SECTIONS[name] = read


def tell_activity(*kinds: str, tell: Callable[[Activity], Item]) -> None:
    """How activities of ``kinds`` read on the desk, in the reader's language, and where
    each leads. A kind nobody tells reads as its label."""
    for kind in kinds:
        _TELLERS[kind] = tell


# -- The desk ----------------------------------------------------------------------------


def campaigns_on_desk(request) -> list[Campaign]:
    """The campaigns the reader is storyguide of, by name; every campaign for a superuser
    (as ``campaign.admin.run_by`` shows them every row)."""
    campaigns = Campaign.objects.order_by("name", "pk")
    if not request.user.is_superuser:
        mine = [pk for pk, role in campaign_roles(request).items() if role == Role.STORYGUIDE]
        if not mine:
            return []
        campaigns = campaigns.filter(pk__in=mine)
    return list(campaigns)


def cards(request, *, now: datetime | None = None) -> list[Card]:
    """The desk: a card for each campaign on it, every part read for all of them at once."""
    now = now or timezone.now()
    campaigns = campaigns_on_desk(request)
    if not campaigns:
        return []
    found = {campaign.pk: Card(campaign, campaign_links(campaign)) for campaign in campaigns}
    _read_games(request, found)
    _read_houses(found, now)
    _read_movers(found, now)
    for name, read in _SECTIONS.items():
        for campaign_id, part in read(request, campaigns, now).items():
            if campaign_id in found:
                part.name = part.name or name
                found[campaign_id].parts.append(part)
    _read_invitations(request, found, now)
    _read_activity(found)
    return list(found.values())


def campaign_links(campaign: Campaign) -> dict[str, str]:
    """Where a campaign's things are acted on: its page (name, rules, members), a new game,
    its games, its ledger, its invitations and a new one."""
    filtered = f"?campaign__id__exact={campaign.pk}"
    return {
        "campaign": reverse("admin:campaign_campaign_change", args=[campaign.pk]),
        "new_game": reverse("new-game", args=[campaign.slug]),
        "games": reverse("admin:games_game_changelist") + filtered,
        "games_running": reverse("admin:games_game_changelist")
        + f"{filtered}&status__exact={GameStatus.ACTIVE}",
        "ledger": reverse("admin:campaign_housepointentry_changelist") + filtered,
        "characters": reverse("admin:campaign_character_changelist") + filtered,
        "invitations": reverse("admin:campaign_invitation_changelist") + filtered,
        "invite": reverse("admin:campaign_invitation_add") + f"?campaign={campaign.pk}",
    }


def _newest(queryset: QuerySet, *order, shown: int, partition: str = "campaign_id"):
    """The first ``shown`` rows of each campaign in ``order``, in one query, each with
    ``in_campaign``: how many rows its campaign has in all."""
    return (
        queryset.annotate(
            place=Window(RowNumber(), partition_by=[F(partition)], order_by=list(order)),
            in_campaign=Window(Count("pk"), partition_by=[F(partition)]),
        )
        .filter(place__lte=shown)
        .order_by(partition, "place")
    )


# -- Games -------------------------------------------------------------------------------


def _read_games(request, found: dict[int, Card]) -> None:
    """The running games of each campaign (the newest ``GAMES_READ``), and whose move it
    is, as their pages say it to the storyguide: those waiting on them first."""
    games = _newest(
        Game.objects.filter(
            campaign_id__in=list(found), status=GameStatus.ACTIVE, kind__in=played_kinds()
        ),
        F("created_at").desc(),
        F("pk").desc(),
        shown=GAMES_READ,
    ).prefetch_related("seats")
    roles = {campaign_id: Role.STORYGUIDE for campaign_id in found}
    language = translation.get_language()
    for game in games:
        card = found[game.campaign_id]
        card.games_running = game.in_campaign
        line = _game_line(game, request.user, roles, language)
        (card.waiting if line.waiting else card.in_progress).append(line)


def _game_line(game: Game, user, roles: dict[int, str], language: str) -> GameLine:
    manifest = manifest_of(game.ruleset)
    rules, languages = manifest.rules, manifest.words.languages
    actor = actor_for(game, user, roles=roles)
    spoken = language if language in languages else languages[0]
    dice = dice_awaited_as_seen(game, actor)
    if dice is not None:  # the dice a command waits for, and whether the storyguide enters them
        said = dice["narration"].get(spoken, "")
        if dice["may_enter"]:
            return GameLine(
                game, page_of(game), _(rules.title), _("Your dice to enter."), True, said
            )
        return GameLine(game, page_of(game), _(rules.title), said, False)
    turn = turn_of(game, manifest, actor, state_as_seen(game, actor), spoken)
    waiting = turn.mine or turn.as_referee
    return GameLine(game, page_of(game), _(rules.title), move_words(turn), waiting)


def move_words(turn: Turn) -> str:
    """Whose move it is, as the game's page says it to its reader."""
    if turn.mine:
        return _("Your move.")
    if turn.relayed:
        return _("Your move (as referee), for %(seats)s.") % {"seats": ", ".join(turn.relayed)}
    if turn.referee == "mine":
        return _("Your move (as referee).")
    if turn.others:
        return _("Waiting for %(seats)s.") % {"seats": ", ".join(turn.others)}
    if turn.referee:
        return _("Waiting for the referee.")
    return _("Nobody may move now.")


# -- Houses and Popularity ---------------------------------------------------------------


def _read_houses(found: dict[int, Card], now: datetime) -> None:
    houses = selectors.houses_with_totals(
        House.objects.filter(campaign_id__in=list(found)), now=now
    ).order_by("campaign_id", "-points", "name")
    ledger = reverse("admin:campaign_housepointentry_changelist")
    award = reverse("admin:campaign_housepointentry_add")
    for house in houses:
        found[house.campaign_id].houses.append(
            HouseLine(
                house,
                f"{ledger}?house__id__exact={house.pk}",
                f"{award}?campaign={house.campaign_id}&house={house.pk}",
            )
        )


def _total(queryset: QuerySet, key: str):
    """The sum of ``amount`` over a correlated queryset, as one subquery."""
    sums = queryset.order_by().values(key).annotate(total=Sum("amount")).values("total")
    return Coalesce(Subquery(sums, output_field=IntegerField()), Value(0))


def _earned(by: datetime):
    """A character's house points counted by ``by``: credited to them, or attributed."""
    counted = HousePointEntry.objects.filter(credit_at__lte=by)
    return _total(counted.filter(character=OuterRef("pk")), "character") + _total(
        counted.filter(attributed_to=OuterRef("pk")), "attributed_to"
    )


def _adjusted(by: datetime):
    made = PopularityAdjustment.objects.filter(character=OuterRef("pk"), created_at__lte=by)
    return _total(made, "character")


def _read_movers(found: dict[int, Card], now: datetime) -> None:
    """Whose Popularity moved over the last ``MOVERS_DAYS`` days, the most moved first:
    house points counted since (through the sheet rules' steps) and adjustments made."""
    then = now - timedelta(days=MOVERS_DAYS)
    moved = (
        Character.objects.filter(campaign_id__in=list(found))
        .annotate(
            earned_now=_earned(now),
            earned_then=_earned(then),
            adjusted_now=_adjusted(now),
            adjusted_then=_adjusted(then),
        )
        .exclude(earned_now=F("earned_then"), adjusted_now=F("adjusted_then"))
        .select_related("house")
    )
    movers: dict[int, list[Mover]] = defaultdict(list)
    for character in moved:
        rules = found[character.campaign_id].campaign.sheet_rules
        now_value = (
            character.popularity_base
            + rules.popularity_from_points(character.earned_now)
            + character.adjusted_now
        )
        then_value = (
            character.popularity_base
            + rules.popularity_from_points(character.earned_then)
            + character.adjusted_then
        )
        if now_value != then_value:
            url = reverse("admin:campaign_character_change", args=[character.pk])
            movers[character.campaign_id].append(
                Mover(character, now_value, now_value - then_value, url)
            )
    for campaign_id, shown in movers.items():
        shown.sort(key=lambda mover: (-abs(mover.moved), mover.character.name))
        found[campaign_id].movers = shown[:MOVERS_SHOWN]


# -- Invitations -------------------------------------------------------------------------


def _read_invitations(request, found: dict[int, Card], now: datetime) -> None:
    """The invitations that may still be used, the newest first, each with its link."""
    rows = _newest(
        selectors.open_invitations(Invitation.objects.filter(campaign_id__in=list(found)), now=now),
        F("created_at").desc(),
        F("pk").desc(),
        shown=INVITATIONS_SHOWN,
    ).select_related("character")
    for invitation in rows:
        card = found[invitation.campaign_id]
        card.invitations_open = invitation.in_campaign
        card.invitations.append(
            InvitationLine(
                invitation,
                invitation_words(invitation),
                invitation_note(invitation),
                selectors.invitation_link(request, invitation),
                reverse("admin:campaign_invitation_change", args=[invitation.pk]),
            )
        )


def invitation_words(invitation: Invitation) -> str:
    """Who an invitation lets in, as what (as "My campaigns" says it)."""
    if invitation.role == Role.SPECTATOR:
        what = _("To follow the campaign as a spectator")
    elif invitation.character_id is not None:
        what = _("To play %(character)s") % {"character": invitation.character.name}
    else:
        what = _("To join as a player")
    if invitation.addressed_to:
        what = _("%(what)s, for %(name)s only") % {"what": what, "name": invitation.addressed_to}
    return what


def invitation_note(invitation: Invitation) -> str:
    if invitation.max_uses is None:
        uses = _("%(uses)s used, no limit") % {"uses": invitation.uses}
    else:
        uses = _("%(uses)s of %(most)s used") % {
            "uses": invitation.uses,
            "most": invitation.max_uses,
        }
    if invitation.expires_at is None:
        return uses
    when = timezone.localtime(invitation.expires_at)
    return _("%(uses)s · until %(when)s") % {"uses": uses, "when": _moment(when)}


def _moment(when: datetime) -> str:
    return date_format(when, "SHORT_DATETIME_FORMAT")


# -- Recent activity ---------------------------------------------------------------------


def _read_activity(found: dict[int, Card]) -> None:
    rows = _newest(
        Activity.objects.filter(campaign_id__in=list(found)),
        F("seq").desc(),
        shown=ACTIVITY_SHOWN,
    )
    for activity in rows:
        found[activity.campaign_id].activity.append(told(activity))


def told(activity: Activity) -> Item:
    """An activity in the reader's words, with where it leads; its label where no app
    tells its kind, or where its data is of an older shape."""
    tell = _TELLERS.get(activity.kind)
    if tell is not None:
        try:
            item = tell(activity)
        except (KeyError, ValueError, TypeError):
            item = None
        if item is not None:
            return Item(item.text, item.url, item.note, item.flag, activity.created_at)
    kind = kinds().get(activity.kind)
    return Item(str(kind.label) if kind else activity.kind, at=activity.created_at)


def _signed(amount: int) -> str:
    return f"{amount:+d}"


def _house_points(activity: Activity) -> Item:
    data = activity.data
    text = _("%(amount)s house points to %(house)s: %(reason)s") % {
        "amount": _signed(data["amount"]),
        "house": data["house"],
        "reason": data["reason"],
    }
    url = reverse("admin:campaign_housepointentry_change", args=[data["entry"]])
    return Item(text, url, note=data.get("character") or "")


def _popularity(activity: Activity) -> Item:
    data = activity.data
    text = _("Popularity of %(character)s %(amount)s: %(reason)s") % {
        "character": data["character"],
        "amount": _signed(data["amount"]),
        "reason": data["reason"],
    }
    return Item(text, reverse("admin:campaign_character_change", args=[data["character_id"]]))


def role_words(role: str) -> str:
    return {
        Role.STORYGUIDE: _("storyguide"),
        Role.PLAYER: _("player"),
        Role.SPECTATOR: _("spectator"),
    }.get(role, role)


def _member_joined(activity: Activity) -> Item:
    data = activity.data
    text = _("%(username)s joined as %(role)s.") % {
        "username": data["username"],
        "role": role_words(data["role"]),
    }
    return Item(text, reverse("admin:campaign_campaign_change", args=[activity.campaign_id]))


def _member_left(activity: Activity) -> Item:
    text = _("%(username)s left the campaign.") % {"username": activity.data["username"]}
    return Item(text, reverse("admin:campaign_campaign_change", args=[activity.campaign_id]))


def game_page(game_id: int, kind: str) -> str | None:
    """A game's page, from what an activity says of it (no query)."""
    try:
        return page_of(Game(pk=game_id, kind=kind))
    except NoReverseMatch:
        return None


def _game_started(activity: Activity) -> Item:
    data = activity.data
    title = data.get("title") or f"{data['ruleset']} #{data['game']}"
    text = _("%(title)s has begun.") % {"title": title}
    return Item(text, game_page(data["game"], data["kind"]))


def _game_finished(activity: Activity) -> Item:
    data = activity.data
    title = data.get("title") or f"{data['ruleset']} #{data['game']}"
    if data.get("status") == GameStatus.ABANDONED:
        text = _("%(title)s was abandoned.") % {"title": title}
    else:
        text = _("%(title)s is over.") % {"title": title}
    return Item(text, game_page(data["game"], data["kind"]))


tell_activity(ActivityKind.HOUSE_POINTS, tell=_house_points)
tell_activity(ActivityKind.POPULARITY, tell=_popularity)
tell_activity(ActivityKind.MEMBER_JOINED, tell=_member_joined)
tell_activity(ActivityKind.MEMBER_LEFT, tell=_member_left)
tell_activity(ActivityKind.GAME_STARTED, tell=_game_started)
tell_activity(ActivityKind.GAME_FINISHED, tell=_game_finished)


# -- The dashboard's lists, and the settings corner --------------------------------------


@dataclass(frozen=True)
class Entry:
    """One of the dashboard's lists, in words: what it holds, where it is, where to add."""

    name: str
    about: str
    url: str | None
    add_url: str | None


def list_words() -> dict[str, tuple[str, str]]:
    """The dashboard's lists a game master uses, by ``app_label.ModelName``: their name
    and what they hold, in the reader's language."""
    return {
        "campaign.Campaign": (_("Campaigns"), _("their names, sheet rules and members")),
        "campaign.Character": (_("Characters"), _("sheets, Health and Popularity")),
        "campaign.House": (_("Houses"), _("their points; award points to a whole house")),
        "campaign.HousePointEntry": (
            _("House points ledger"),
            _("every award with its reason; a mistake is reversed, never erased"),
        ),
        "campaign.PopularityAdjustment": (
            _("Popularity adjustments"),
            _("your changes to a character's Popularity, with their reasons"),
        ),
        "campaign.Invitation": (_("Invitations"), _("the links that let people join")),
        "games.Game": (_("Games"), _("every game, its log and whether it verifies")),
        "league.CupYear": (_("House cups"), _("a year of the cup and its fixtures")),
        "league.Fixture": (_("Cup fixtures"), _("dates, postponements and results")),
    }


def corner_words() -> dict[str, tuple[str, str]]:
    """The plumbing, by ``app_label.ModelName``: what a game master sets up once."""
    return {
        "webhooks.Endpoint": (
            _("Webhooks"),
            _("tell a Discord channel or another service what happens in a campaign"),
        ),
        "webhooks.Delivery": (
            _("Webhook messages"),
            _("what each webhook was sent, and what did not arrive"),
        ),
        "auth.User": (_("Accounts"), _("who may log in, and who may use the dashboard")),
        "auth.Group": (_("Groups"), _("what storyguides may do in the dashboard")),
        "knox.AuthToken": (
            _("API tokens"),
            _("keys that let a plugin or a virtual tabletop act for someone"),
        ),
    }


def lists_and_corner(app_list: Iterable[dict]) -> tuple[list[Entry], list[Entry]]:
    """The dashboard's lists the reader may open (the admin's ``app_list``), in words: the
    game master's, then the settings corner (every list not named as theirs)."""
    lists, corner = list_words(), corner_words()
    at_table: dict[str, Entry] = {}
    plumbing: list[Entry] = []
    for app in app_list:
        for model in app["models"]:
            key = f"{app['app_label']}.{model['object_name']}"
            named = lists.get(key) or corner.get(key) or (str(model["name"]), "")
            entry = Entry(named[0], named[1], model.get("admin_url"), model.get("add_url"))
            if key in lists:
                at_table[key] = entry
            else:
                plumbing.append(entry)
    ordered = [at_table[key] for key in lists if key in at_table]
    return ordered, plumbing
