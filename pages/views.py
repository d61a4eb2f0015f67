"""Pages for people: the landing page, the public cup index, joining, and my campaigns.

Plain HTML with a little CSS, read on phones at the table. A person logs in
with a session (``/accounts/login/``); API tokens stay for plugins. Every
write goes through the services of the app it belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.views.decorators.http import require_http_methods, require_safe
from rest_framework.request import Request

from campaign import invitations, selectors
from campaign.models import Campaign, Character, Membership, Role
from core.errors import AppError
from core.throttling import InvitationRateThrottle
from games.models import Game, GameStatus, Seat
from games.ruleset import find_ruleset
from games.selectors import awaited_seats, state_as_seen
from games.services import actor_for
from league.models import CupYear
from league.selectors import cup_standings

PAGE_KINDS = {"match": "match-page", "skirmish": "skirmish-page"}


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


@dataclass
class GameInProgress:
    game: Game
    rules_title: str
    url: str | None
    to_act: list[str]  # the seats awaited, in words
    referee: bool  # whether the referee's own commands are awaited
    my_move: bool


@dataclass
class CampaignPage:
    campaign: Campaign
    role: str
    characters: list[Character]
    games: list[GameInProgress]
    houses: list
    cup_year: CupYear | None
    standings: object | None
    may_start: bool


@login_required
@require_safe
def my_campaigns(request):
    """``/me/``: for each of my campaigns, my characters, my games and the races."""
    memberships = (
        Membership.objects.filter(user=request.user)
        .select_related("campaign")
        .order_by("campaign__name")
    )
    pages = [_campaign_page(request, membership) for membership in memberships]
    return render(request, "pages/me.html", {"pages": pages})


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
    return CampaignPage(
        campaign=campaign,
        role=membership.get_role_display(),
        characters=characters,
        games=_games_in_progress(request, campaign, membership.role),
        houses=list(
            selectors.houses_with_totals(campaign.houses.all(), now=now).order_by("-points")
        ),
        cup_year=cup_year,
        standings=cup_standings(cup_year) if cup_year else None,
        may_start=membership.role == Role.STORYGUIDE
        or (membership.role == Role.PLAYER and campaign.players_start_games),
    )


def _games_in_progress(request, campaign: Campaign, role: str) -> list[GameInProgress]:
    """Running games where I hold a seat (all of them for a storyguide), and whose move it
    is, in words: mine, the seats awaited by name, or the referee's."""
    games = Game.objects.filter(
        campaign=campaign, status=GameStatus.ACTIVE, kind__in=list(PAGE_KINDS)
    ).prefetch_related("seats")
    if role != Role.STORYGUIDE:
        games = games.filter(pk__in=Seat.objects.filter(user=request.user).values("game"))
    found = []
    for game in games.order_by("-created_at")[:20]:
        rules = find_ruleset(game.ruleset)
        mine = actor_for(game, request.user, roles={campaign.pk: role})
        awaited = awaited_seats(game)
        language = translation.get_language()
        language = language if language in rules.languages else rules.languages[0]
        view = state_as_seen(game, mine)
        found.append(
            GameInProgress(
                game=game,
                rules_title=rules.title,
                url=reverse(PAGE_KINDS[game.kind], args=[game.pk]),
                to_act=[rules.seat_text(seat, view, language) for seat in awaited.seats],
                referee=awaited.referee,
                my_move=bool(mine.controls & set(awaited.seats)),
            )
        )
    return found


@require_safe
def join_typed(request):
    """The landing page's code box: ``/join/?code=K7QM-3XRD-9ZPA`` -> that invitation's page."""
    code = request.GET.get("code", "").strip()
    return redirect("join", code=code) if code else redirect("home")


@require_http_methods(["GET", "HEAD", "POST"])
def join(request, code: str):
    """``/join/<code>/``: what an invitation offers; accept it, or sign up and accept it.

    Rate limited per address like the API's invitation endpoints."""
    if not InvitationRateThrottle().allow_request(Request(request), None):
        context = {"error": "Too many tries from your address; wait a minute and try again."}
        return render(request, "pages/join.html", context, status=429)
    try:
        invitation = invitations.invitation_by_code(code)
    except AppError as error:
        return render(request, "pages/join.html", {"error": error.detail}, status=404)
    refusal = invitations.why_unusable(invitation, timezone.now())
    context = {"invitation": invitation, "code": code, "refusal": refusal, "form": {}}
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
            context.update(error=error.detail, errors=error.errors or {}, form=request.POST)
            return render(request, "pages/join.html", context, status=error.status)
        messages.success(request, f"Welcome to {invitation.campaign.name}!")
        return redirect("my-campaigns")
    return render(request, "pages/join.html", context, status=410 if refusal else 200)
