"""Pages for people: the landing page, the public cup index, logging in, joining, and my
campaigns with the reader's language.

Plain HTML with a little CSS, read on phones at the table, in the reader's
language (``core.languages``). A person logs in with a session
(``/accounts/login/``) and lands on "My campaigns"; API tokens stay for plugins.
Every write goes through the services of the app it belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.db.models import F
from django.shortcuts import redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils import timezone, translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_safe
from rest_framework.request import Request

from campaign import invitations, selectors
from campaign.models import Campaign, Character, Invitation, Membership, Role
from campaign.roles import campaign_roles
from core import languages, logins
from core.errors import AppError, TooManyRequests, gettext_noop
from core.responses import answer, error_body
from core.services import preferences_update
from core.throttling import InvitationRateThrottle
from games import tables
from games.manifest import manifest_of, played_kinds
from games.models import Game, GameEvent, GameStatus, Seat
from games.page_urls import page_of
from games.selectors import state_as_seen
from games.services import actor_for
from games.views import turn_of
from games.words import Words
from league.models import CupYear
from league.selectors import cup_standings

ROLES = {Role.STORYGUIDE: _("storyguide"), Role.PLAYER: _("player"), Role.SPECTATOR: _("spectator")}
"""A member's role as the pages say it (``Role``'s labels are the dashboard's)."""
WAYS_IN = {"home", "league-index", "login"}
"""The pages a person passes on the way in: logging in from one lands on "My campaigns"."""


class LogIn(LoginView):
    """``/accounts/login/``: back to the page the person came to read (a game, an
    invitation), else on "My campaigns" (``LOGIN_REDIRECT_URL``). The site's "Log in"
    link names the page it is on, the landing page too; that one is no place to return to."""

    template_name = "pages/login.html"
    redirect_authenticated_user = True
    form_class = logins.LogInForm  # too many failed logins: refused on the form, 429

    def form_invalid(self, form):
        return logins.answered_as_refused(super().form_invalid(form))

    def get_redirect_url(self) -> str:
        wanted = super().get_redirect_url()
        return "" if _is_a_way_in(wanted) else wanted


def _is_a_way_in(url: str) -> bool:
    try:
        return resolve(urlsplit(url).path or "/").url_name in WAYS_IN
    except Resolver404:
        return False


class LanguageForm(forms.Form):
    """The language of every page for me, whatever my browser says, or my browser's."""

    language = forms.ChoiceField(
        label=_("Show the pages in"),
        choices=[("", _("as my browser says")), *settings.LANGUAGES],
        required=False,
    )


@require_safe
def home(request):
    """``/``: what this is, where to log in, and the cups anyone may follow."""
    return render(request, "pages/home.html", {"cups": _public_cups()})


@require_safe
def league_index(request):
    """``/league/``: every campaign's house cup, newest year first."""
    return render(request, "pages/league_index.html", {"cups": _public_cups()})


def _public_cups() -> list[CupYear]:
    """The newest cup year of each campaign that has one."""
    newest: dict[int, CupYear] = {}
    for cup_year in CupYear.objects.select_related("campaign").order_by("-first_half_starts"):
        newest.setdefault(cup_year.campaign_id, cup_year)
    return sorted(newest.values(), key=lambda cup_year: cup_year.campaign.name)


FINISHED_SHOWN = 10
"""How many finished games "My campaigns" lists per campaign, the newest first."""


@dataclass
class GameInProgress:
    game: Game
    rules_title: str
    url: str | None
    turn: tables.Turn  # whose move it is, in words, as I read it


@dataclass
class FinishedGame:
    game: Game
    rules_title: str
    url: str | None
    abandoned: bool
    result: str  # how it ended, in words, as its page says it


@dataclass
class InvitationToSend:
    invitation: Invitation
    link: str  # the absolute link to send

    @property
    def where(self) -> tuple[str, str]:
        return invitations.link_in_two(self.link)


@dataclass
class CampaignPage:
    campaign: Campaign
    role: str
    characters: list[Character]
    games: list[GameInProgress]
    finished: list[FinishedGame]
    houses: list
    cup_year: CupYear | None
    standings: object | None
    may_start: bool
    dashboard: dict[str, str] | None  # the campaign's pages in the dashboard, for its storyguide
    invitations: list[InvitationToSend]  # open invitations to send, for its storyguide


def dashboard_links(campaign_id: int) -> dict[str, str]:
    """Where the dashboard lists a campaign's games, invitations and house points ledger,
    and makes a new invitation to it."""
    filtered = f"?campaign__id__exact={campaign_id}"
    return {
        "games": reverse("admin:games_game_changelist") + filtered,
        "invitations": reverse("admin:campaign_invitation_changelist") + filtered,
        "ledger": reverse("admin:campaign_housepointentry_changelist") + filtered,
        "invite": reverse("admin:campaign_invitation_add") + f"?campaign={campaign_id}",
    }


def storyguide_desk(request) -> dict | None:
    """The site header's way to the dashboard, for a storyguide who may use it (staff):
    its home, and each of their campaigns' games, invitations and ledger there. ``None``
    for anyone else: a player sees no dashboard. One query, once per request."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated or not user.is_staff:
        return None
    desk = getattr(request, "_storyguide_desk", None)
    if desk is None:
        mine = [pk for pk, role in campaign_roles(request).items() if role == Role.STORYGUIDE]
        campaigns = (
            Campaign.objects.filter(pk__in=mine).order_by("name").values_list("pk", "name")
            if mine
            else []
        )
        desk = {
            "home": reverse("admin:index"),
            "campaigns": [{"name": name, **dashboard_links(pk)} for pk, name in campaigns],
        }
        request._storyguide_desk = desk
    return desk


@login_required
@require_safe
def my_campaigns(request):
    """``/me/``: the invitations addressed to me, to accept or decline; for each of my
    campaigns, my characters, my games and the races; the language of my pages."""
    memberships = (
        Membership.objects.filter(user=request.user)
        .select_related("campaign")
        .order_by("campaign__name")
    )
    pages = [_campaign_page(request, membership) for membership in memberships]
    invited = invitations.invitations_for(request.user, timezone.now())
    language = LanguageForm(initial={"language": languages.preferred(request) or ""})
    context = {"pages": pages, "invitations": invited, "language_form": language}
    return render(request, "pages/me.html", context)


@require_http_methods(["POST"])
def my_language(request):
    """``/me/language/``: the language picked in the header, or set on "My campaigns", for
    the rest of the visit (the session) and, for a logged-in person, for every visit (their
    preferences, which come before ``?lang=`` and the browser's ``Accept-Language``:
    ``core.languages``). Back to the page it was picked on, else to "My campaigns" (the home
    page, for a visitor)."""
    form = LanguageForm(request.POST)
    if form.is_valid():
        language = form.cleaned_data["language"]
        languages.pick(request, language)
        if request.user.is_authenticated:
            preferences_update(user=request.user, language=language)
    else:
        messages.error(request, form.errors["language"][0])
    back = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        return redirect(back)
    return redirect("my-campaigns" if request.user.is_authenticated else "home")


def _campaign_page(request, membership: Membership) -> CampaignPage:
    campaign, now = membership.campaign, timezone.now()
    characters = list(
        selectors.characters_with_popularity(
            Character.objects.filter(campaign=campaign, player=request.user).select_related(
                "house"
            ),
            now=now,
        )
    )
    for character in characters:
        character.popularity = selectors.popularity(character, campaign.sheet_rules)
    cup_year = CupYear.objects.filter(campaign=campaign).first()
    storyguide = membership.role == Role.STORYGUIDE
    return CampaignPage(
        campaign=campaign,
        role=ROLES[membership.role],
        characters=characters,
        games=_games_in_progress(request, campaign, membership.role),
        finished=_finished_games(request, campaign, membership.role),
        houses=list(
            selectors.houses_with_totals(campaign.houses.all(), now=now).order_by("-points")
        ),
        cup_year=cup_year,
        standings=cup_standings(cup_year) if cup_year else None,
        may_start=storyguide or (membership.role == Role.PLAYER and campaign.players_start_games),
        dashboard=dashboard_links(campaign.pk) if storyguide and request.user.is_staff else None,
        invitations=_invitations_to_send(request, campaign) if storyguide else [],
    )


def _my_games(request, campaign: Campaign, role: str, statuses):
    """The campaign's games of these statuses where I hold a seat (all of them for a
    storyguide), of the kinds played here."""
    games = Game.objects.filter(
        campaign=campaign, status__in=statuses, kind__in=played_kinds()
    ).prefetch_related("seats")
    if role != Role.STORYGUIDE:
        games = games.filter(pk__in=Seat.objects.filter(user=request.user).values("game"))
    return games


def _language(words: Words) -> str:
    language = translation.get_language()
    return language if language in words.languages else words.languages[0]


def _games_in_progress(request, campaign: Campaign, role: str) -> list[GameInProgress]:
    """Running games where I hold a seat (all of them for a storyguide), and whose move it
    is, in words, as their pages say it: mine (as the referee too), the seats awaited by
    name, or the referee's."""
    found = []
    for game in _my_games(request, campaign, role, [GameStatus.ACTIVE]).order_by("-created_at")[
        :20
    ]:
        manifest = manifest_of(game.ruleset)
        mine = actor_for(game, request.user, roles={campaign.pk: role})
        language = _language(manifest.words)
        view = state_as_seen(game, mine)
        found.append(
            GameInProgress(
                game=game,
                rules_title=manifest.rules.title,
                url=page_of(game),
                turn=turn_of(game, manifest, mine, view, language),
            )
        )
    return found


def _finished_games(request, campaign: Campaign, role: str) -> list[FinishedGame]:
    """The newest games that ended, where I held a seat (all of them for a storyguide),
    with how each ended in words, as its page says it (``games.tables.result_text``)."""
    ended = [GameStatus.FINISHED, GameStatus.ABANDONED]
    games = list(
        _my_games(request, campaign, role, ended).order_by(
            F("finished_at").desc(nulls_last=True), "-created_at"
        )[:FINISHED_SHOWN]
    )
    last_moves = dict(
        GameEvent.objects.filter(
            game__in=[game.pk for game in games if game.status == GameStatus.FINISHED],
            seq=F("game__version"),
        ).values_list("game_id", "events")
    )
    found = []
    for game in games:
        manifest = manifest_of(game.ruleset)
        rules = manifest.rules
        result = ""
        if game.status == GameStatus.FINISHED:
            actor = actor_for(game, request.user, roles={campaign.pk: role})
            view = state_as_seen(game, actor)
            seen = tables.Seen(rules, view, actor, _language(manifest.words))
            with translation.override(seen.language):
                result = tables.result_text(manifest, seen, last_moves.get(game.pk, []))
        found.append(
            FinishedGame(
                game=game,
                rules_title=rules.title,
                url=page_of(game),
                abandoned=game.status == GameStatus.ABANDONED,
                result=result,
            )
        )
    return found


def _invitations_to_send(request, campaign: Campaign) -> list[InvitationToSend]:
    """The campaign's invitations that may still be used, each with the link to send."""
    rows = selectors.open_invitations(campaign.invitations.all(), now=timezone.now())
    return [
        InvitationToSend(invitation, selectors.invitation_link(request, invitation))
        for invitation in rows.select_related("campaign", "character")
    ]


@require_safe
def join_typed(request):
    """The landing page's code box: ``/join/?code=K7QM-3XRD-9ZPA`` -> that invitation's page."""
    code = request.GET.get("code", "").strip()
    return redirect("join", code=code) if code else redirect("home")


@login_required
@require_http_methods(["POST"])
def decline(request, code: str):
    """``/join/<code>/decline/``: say no to an invitation addressed to me (from ``/me/``)."""
    try:
        invitation = invitations.invitation_decline(
            code=code, user=request.user, now=timezone.now()
        )
    except AppError as error:
        messages.error(request, in_words(error))
    else:
        declined = gettext("You declined the invitation to %(campaign)s.")
        messages.info(request, declined % {"campaign": invitation.campaign.name})
    return redirect("my-campaigns")


@require_http_methods(["GET", "HEAD", "POST"])
def join(request, code: str):
    """``/join/<code>/``: what an invitation offers; accept it, or sign up and accept it.

    Rate limited per address like the API's invitation endpoints. A code that names no
    invitation, or too many tries, is answered as the API answers it (``core.responses``);
    a refusal of the invitation is shown on its page, with the refusal's status."""
    throttle = InvitationRateThrottle()
    if not throttle.allow_request(Request(request), None):
        too_many = TooManyRequests(
            gettext_noop("Too many tries from your address; wait a minute and try again."),
            headers={"Retry-After": str(int(throttle.wait()))},
        )
        return answer(too_many, request)
    try:
        invitation = invitations.invitation_by_code(code)
    except AppError as error:
        return answer(error, request)
    refusal = invitations.why_unusable(invitation, timezone.now())
    context = {
        "invitation": invitation,
        "code": code,
        "refusal": in_words(refusal) if refusal else None,
        "form": {},
    }
    if request.method == "POST" and refusal is None:
        try:
            if request.user.is_authenticated:
                invitations.invitation_accept(code=code, user=request.user, now=timezone.now())
            else:
                user, _ = invitations.invitation_sign_up(
                    code=code,
                    username=request.POST.get("username", "").strip(),
                    password=request.POST.get("password", ""),
                    email=request.POST.get("email", "").strip(),
                    now=timezone.now(),
                )
                login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        except AppError as error:
            context.update(error=in_words(error), errors=fields_in_words(error), form=request.POST)
            return render(request, "pages/join.html", context, status=error.status)
        welcome = gettext("Welcome to %(campaign)s!")
        messages.success(request, welcome % {"campaign": invitation.campaign.name})
        return redirect("my-campaigns")
    return render(request, "pages/join.html", context, status=refusal.status if refusal else 200)


def in_words(error: AppError) -> str:
    """A service's or the rules' refusal shown on a form, in the page's language, as the
    API says it (``core.responses.error_body``)."""
    return error_body(error)["detail"]


def fields_in_words(error: AppError) -> dict[str, list[str]]:
    """The refusal's messages per field, in the page's language, as the API says them;
    Django's own (a password too short) come translated already."""
    return error_body(error).get("errors", {})
