"""The New game page: a storyguide (or, where the campaign allows it, a player) starts any
game of any registered ruleset from the browser (issue 28, "Starting a game").

Three steps on one page, each a plain form posted to the server:

1. the ruleset, from the list of every ruleset a game of can be started;
2. its setup: the ruleset's ``config_schema`` as a form (django-jsonform draws
   it, with the ruleset's ``campaign_config`` as the defaults: where the rules
   field teams, two of the campaign's houses and their characters, so that a
   game started with the defaults counts), where a setting
   that names a house, a character or a member of the campaign (``"x-picks"``
   in the schema) is a choice among them rather than an id to type; and the
   game's options (its title, who may read it, whether it counts, the dice);
3. its seats, known once the ruleset has set the game up from that config: each
   one held by a member, a bot (of each kind the ruleset offers, the one that
   plays to win first), or, where the rules let the referee relay a free seat,
   nobody; and whether a bot takes the referee's own duties.

The game is created by ``games.services.game_create``, which decides who may;
a refusal is shown beside the field it names.
"""

from __future__ import annotations

import copy

from django import forms
from django.contrib.auth.decorators import login_required
from django.forms.fields import InvalidJSONInput
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_safe
from django_jsonform.forms.fields import JSONFormField
from rest_framework.exceptions import ParseError

from campaign.models import Campaign, Membership, Role
from core import parsers
from core.errors import AppError, RuleViolation
from games.bots import RANDOM, REFEREE_SEAT, strategies
from games.campaign_app import campaign_app
from games.models import EnteredDice
from games.page_urls import page_of
from games.ruleset import Ruleset, find_ruleset, ruleset_names
from games.services import game_create
from pages.views import fields_in_words, in_words

NOBODY, ME = "", "me"


def startable(campaign: Campaign, user) -> list[Ruleset]:
    """The rulesets a game of can be started here by ``user``, or none if they may not."""
    role = campaign_app().role(user, campaign.pk)
    if role != Role.STORYGUIDE and not (role == Role.PLAYER and campaign.players_start_games):
        return []
    return [rules for rules in map(find_ruleset, ruleset_names()) if rules.played_by_commands]


def form_schema(schema: dict, campaign: Campaign) -> dict:
    """The ruleset's config schema as django-jsonform draws it, in the reader's language.

    Each ``"x-picks"`` setting becomes a choice among the campaign's houses,
    characters or members, by name; titles and descriptions are translated
    (a ruleset marks them for its catalogue); an object the schema leaves open
    gets an empty ``properties``, which the form needs to draw it.
    """
    choices = {
        "house": [{"title": h.name, "value": h.pk} for h in campaign.houses.all()],
        "character": [
            {"title": f"{c.name} ({c.house.name})" if c.house else c.name, "value": c.pk}
            for c in campaign.characters.select_related("house").order_by("name")
        ],
        "member": [
            {"title": m.user.username, "value": m.user_id}
            for m in campaign.memberships.select_related("user").order_by("user__username")
        ],
    }

    def walk(node):
        if isinstance(node, list):
            return [walk(item) for item in node]
        if not isinstance(node, dict):
            return node
        if isinstance(node.get("oneOf"), list):
            # The campaign's own (a house of it, its characters) first: django-jsonform
            # opens on the first choice, and a game of the campaign's houses counts.
            node = {**node, "oneOf": sorted(node["oneOf"], key=lambda m: not _picks(m))}
        node = {key: walk(value) for key, value in node.items()}
        picks = node.pop("x-picks", None)
        if picks in choices:
            node["choices"] = choices[picks]
        if "title" in node and isinstance(node["title"], str):
            node["title"] = gettext(node["title"])
        if isinstance(node.get("description"), str):
            node["help_text"] = gettext(node.pop("description"))
        if node.get("type") == "object" and not {"properties", "keys", "oneOf", "anyOf"} & set(
            node
        ):
            node["properties"] = {}
        return node

    return walk(copy.deepcopy(schema))


def _picks(node) -> bool:
    """Whether a schema picks among the campaign's houses, characters or members."""
    if isinstance(node, dict):
        return "x-picks" in node or any(_picks(value) for value in node.values())
    return isinstance(node, list) and any(_picks(item) for item in node)


UNREADABLE = _(
    "These settings cannot be read: they nest too deeply, or hold a number or a character "
    "that no game takes."
)


class ConfigField(JSONFormField):
    """The config drawn from its schema; whether it is a config the rules take is the
    rules' to say (``prepare`` and ``setup``, in the reader's words), not the form's.

    The form sends every setting it draws; one left empty is left out, so that the
    rules' default holds for it, as when a client leaves it out.
    """

    def __init__(self, *, config_schema: dict, **kwargs):
        super().__init__(**kwargs)
        self.config_schema = config_schema

    def to_python(self, value):
        """The settings as Django reads JSON; but a document no game can hold (nested
        deeper than the API takes, a lone surrogate, a number of thousands of digits) is
        refused beside the field, as the API refuses it (``core.parsers``)."""
        try:
            data = super().to_python(value)
            parsers.check(data)
        except (RecursionError, ValueError, ParseError):
            raise forms.ValidationError(UNREADABLE, code="unreadable") from None
        return data

    def bound_data(self, data, initial):
        """What the form shows again after a refusal: such a document as it was typed."""
        try:
            return super().bound_data(data, initial)
        except (RecursionError, ValueError):
            return InvalidJSONInput(data)

    def validate(self, value):
        forms.JSONField.validate(self, value)

    def clean(self, value):
        return without_empty(super().clean(value), self.config_schema)


def without_empty(value, schema: dict):
    """``value`` without the settings, at any depth, that the form sent empty: ``{}``,
    ``[]``, ``""``, and ``None`` where ``schema`` says it is never null (a Table Top
    scenario's player off the broom is a ``None`` that stays)."""
    members = [schema, *schema.get("oneOf", []), *schema.get("anyOf", [])]
    if isinstance(value, dict):
        kept = {}
        for key, item in value.items():
            inner = next(
                (
                    m["properties"][key]
                    if key in m.get("properties", {})
                    else m["additionalProperties"]
                    for m in members
                    if key in m.get("properties", {})
                    or isinstance(m.get("additionalProperties"), dict)
                ),
                {},
            )
            item = without_empty(item, inner)
            if item in ({}, [], "") or (item is None and _never_null(inner)):
                continue
            kept[key] = item
        return kept
    if isinstance(value, list):
        items = next((m["items"] for m in members if isinstance(m.get("items"), dict)), {})
        return [without_empty(item, items) for item in value]
    return value


def _never_null(schema: dict) -> bool:
    """Whether ``schema`` says what a value is and that it is never null."""
    members = [schema, *schema.get("oneOf", []), *schema.get("anyOf", [])]
    return "type" in schema and not any(member.get("nullable") for member in members)


class SetupForm(forms.Form):
    """Step 2: the ruleset's config, and the options every game has."""

    label_suffix = ""

    title = forms.CharField(max_length=200, required=False, label=_("Title"))
    public = forms.BooleanField(
        required=False, label=_("Public: anyone may follow it, logged in or not")
    )
    friendly = forms.BooleanField(
        required=False,
        label=_("Friendly: it touches neither the cup nor house points"),
    )
    entered_dice = forms.ChoiceField(
        choices=EnteredDice.choices, initial=EnteredDice.NEVER, label=_("Dice")
    )

    def __init__(self, *args, rules: Ruleset, campaign: Campaign, storyguide: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["config"] = ConfigField(
            config_schema=rules.config_schema,
            schema=form_schema(rules.config_schema, campaign),
            initial=rules.campaign_config(campaign_app().roster(campaign.pk)),
            label=_("Setup"),
            required=False,
        )
        if not storyguide:
            del self.fields["friendly"]  # a player's game always is


class SeatsForm(forms.Form):
    """Step 3: who holds each seat, and the referee's own duties."""

    label_suffix = ""

    def __init__(self, *args, choices, seats, defaults, referee_bot, **kwargs):
        super().__init__(*args, **kwargs)
        for seat, label in seats:
            self.fields[f"seat:{seat}"] = forms.ChoiceField(
                choices=choices, label=label, initial=defaults.get(seat, NOBODY), required=False
            )
        if referee_bot is not None:
            self.fields["referee"] = forms.BooleanField(
                required=False,
                initial=referee_bot,
                label=_("A bot takes the referee's own duties"),
            )

    def holders(self, user) -> tuple[dict[str, int], dict[str, str]]:
        """The ``seats`` (seat -> user id) and ``bots`` (seat -> strategy) chosen."""
        seats, bots = {}, {}
        for name, value in self.cleaned_data.items():
            if not name.startswith("seat:") or value == NOBODY:
                continue
            seat = name.removeprefix("seat:")
            kind, _, chosen = value.partition(":")
            if kind == "bot":
                bots[seat] = chosen
            else:
                seats[seat] = user.pk if value == ME else int(chosen)
        return seats, bots


@login_required
@require_safe
def choose_ruleset(request, slug: str):
    """Step 1: which game."""
    campaign = get_object_or_404(Campaign, slug=slug, memberships__user=request.user)
    rulesets = startable(campaign, request.user)
    if not rulesets:
        raise Http404("You may not start games in this campaign.")
    return render(
        request, "pages/new_game_rulesets.html", {"campaign": campaign, "rulesets": rulesets}
    )


@login_required
@require_http_methods(["GET", "POST"])
def set_up(request, slug: str, ruleset: str):
    """Steps 2 and 3: the setup, then the seats; then the game is created."""
    campaign = get_object_or_404(Campaign, slug=slug, memberships__user=request.user)
    rules = next((r for r in startable(campaign, request.user) if r.name == ruleset), None)
    if rules is None:
        raise Http404("No such game to start here.")
    storyguide = campaign_app().role(request.user, campaign.pk) == Role.STORYGUIDE
    setup = SetupForm(request.POST or None, rules=rules, campaign=campaign, storyguide=storyguide)
    context = {"campaign": campaign, "rules": rules, "setup": setup}
    if request.method == "GET" or not setup.is_valid():
        return render(request, "pages/new_game.html", context)
    config = setup.cleaned_data["config"] or {}
    try:
        state = rules.setup(rules.prepare(config, campaign_app().roster(campaign.pk)))
    except RuleViolation as refusal:
        setup.add_error("config", in_words(refusal))
        return render(request, "pages/new_game.html", context)
    seats = _seats_form(request, campaign, rules, state, storyguide)
    context["seats"] = seats
    if "create" not in request.POST or not seats.is_valid():
        return render(request, "pages/new_game.html", context)
    chosen_seats, bots = seats.holders(request.user)
    if not storyguide or seats.cleaned_data.get("referee"):
        bots[REFEREE_SEAT] = next(iter(strategies(rules)))
    options = {k: v for k, v in setup.cleaned_data.items() if k != "config"}
    try:
        game = game_create(
            campaign=campaign,
            ruleset=rules.name,
            config=config,
            seats=chosen_seats,
            bots=bots,
            created_by=request.user,
            now=timezone.now(),
            started_by_member=True,
            **options,
        )
    except AppError as refusal:
        _show(refusal, setup, seats)
        return render(request, "pages/new_game.html", context)
    return redirect(page_of(game))


def _seats_form(request, campaign, rules: Ruleset, state, storyguide: bool) -> SeatsForm:
    """The seats of the game this config sets up, each with who may hold it: members (a
    storyguide seats anyone; a player themselves and the other players), the bots, and
    nobody where the referee relays a free seat."""
    members = Membership.objects.filter(campaign=campaign).select_related("user")
    if not storyguide:
        members = members.filter(role=Role.PLAYER)
    people = [(ME, gettext("me"))] + [
        (f"user:{m.user_id}", m.user.username)
        for m in members.order_by("user__username")
        if m.user_id != request.user.pk
    ]
    bots = [
        (f"bot:{name}", _bot_text(name, first=index == 0))
        for index, name in enumerate(strategies(rules))
    ]
    relayed = [(NOBODY, gettext("nobody: the referee gives its commands"))]
    choices = relayed if rules.referee_relays else []
    choices += [(gettext("People"), people), (gettext("Bots"), bots)]
    language = translation.get_language()
    language = language if language in rules.languages else rules.languages[0]
    seats = rules.seats(state)
    defaults = _default_holders(rules, state, seats, campaign, request.user, storyguide)
    return SeatsForm(
        request.POST if "create" in request.POST else None,
        choices=choices,
        seats=[(seat, rules.seat_text(seat, state, language)) for seat in seats],
        defaults=defaults,
        referee_bot=False if storyguide else None,
    )


def _bot_text(name: str, *, first: bool) -> str:
    """A bot as the reader chooses it: the ruleset's first plays to win, ``random`` plays
    any legal move (``games.bots.strategies``); any other by its name."""
    if name == RANDOM:
        return gettext("a bot that plays at random")
    if first:
        return gettext("a bot that plays to win")
    return gettext("a bot: %(name)s") % {"name": name}


def _default_holders(rules, state, seats, campaign, user, storyguide) -> dict[str, str]:
    """A character's player holds its seat; the other seats go to the bot that plays to
    win, but for a player starting a game, who takes the first seat left."""
    roster = campaign_app().roster(campaign.pk)
    defaults: dict[str, str] = {}
    for seat, character in rules.seat_characters(state).items():
        player = roster.get(character, {}).get("player")
        if player is not None:
            defaults[seat] = ME if player == user.pk else f"user:{player}"
    winner = f"bot:{next(iter(strategies(rules)))}"
    for seat in seats:
        if seat not in defaults:
            mine = not storyguide and ME not in defaults.values()
            defaults[seat] = ME if mine else winner
    return defaults


def _show(refusal: AppError, *forms_: forms.Form) -> None:
    """A refusal beside the field it names (the seats, the setup), else above the forms."""
    errors = fields_in_words(refusal)
    for form in forms_:
        for field, messages in errors.items():
            if field in ("seats", "bots") and isinstance(form, SeatsForm):
                form.add_error(None, messages)
                return
            if field in form.fields:
                form.add_error(field, messages)
                return
    target = forms_[0]
    target.add_error("config" if refusal.code == "invalid_config" else None, in_words(refusal))
