"""The New game page: a storyguide (or, where the campaign allows it, a player) starts any
game of any registered ruleset from the browser (issue 28, "Starting a game").

Three steps on one page, each a plain form posted to the server:

1. the ruleset, from the list of every ruleset a game of can be started;
2. its setup, from one of the ruleset's presets ("a short match", ``Manifest.presets``)
   laid over the campaign's config (``campaign_config``: where the rules field teams,
   two of the campaign's houses and their characters in their positions, so that a game
   started with the defaults counts): the common settings as ordinary fields in the
   reader's language, the rest folded under "More settings" (``pages.setup_forms`` makes
   them from the ruleset's ``contract.config``, which stays the API's); and the game's
   options (its title, who may read it, whether it counts, the dice);
3. its seats, known once the ruleset has set the game up from that config: each
   one held by a member, a bot (of each kind the ruleset offers, the one that
   plays to win first), or, where the rules let the referee relay a free seat,
   nobody; and whether a bot takes the referee's own duties.

The game is created by ``games.services.game_create``, which decides who may;
a refusal is shown beside the field it names.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_safe

from campaign.models import Campaign, Membership, Role
from core.errors import AppError, RuleViolation
from games.bots import RANDOM, REFEREE_SEAT, strategies
from games.campaign_app import campaign_app
from games.manifest import Preset, manifest_for, manifest_of
from games.models import EnteredDice
from games.page_urls import page_of
from games.ruleset import Ruleset, find_ruleset, ruleset_names
from games.services import game_create
from pages.setup_forms import Picks, Setup
from pages.views import fields_in_words, in_words

NOBODY, ME = "", "me"


def startable(campaign: Campaign, user) -> list[Ruleset]:
    """The rulesets a game of can be started here by ``user``, or none if they may not."""
    role = campaign_app().role(user, campaign.pk)
    if role != Role.STORYGUIDE and not (role == Role.PLAYER and campaign.players_start_games):
        return []
    return [
        rules
        for rules in map(find_ruleset, ruleset_names())
        if manifest_for(rules).played_by_commands
    ]


class SetupForm(forms.Form):
    """Step 2: the options every game has, and the ruleset's settings in words, from the
    preset chosen (``pages.setup_forms``)."""

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
    preset = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, data=None, *, rules: Ruleset, campaign: Campaign, storyguide: bool, preset):
        roster = campaign_app().roster(campaign.pk)
        self.setup = Setup(rules, Picks.of(campaign), roster, preset)
        super().__init__(data, initial={"preset": preset.name if preset else ""}, label_suffix="")
        self.fields.update(self.setup.fields())
        if not storyguide:
            del self.fields["friendly"]  # a player's game always is
        if data is not None and "preset" not in data:
            # Posted by no form of this page (a client that knows only the step): the
            # preset's settings as the page would have sent them, unchanged.
            self.data = {**self.as_sent(), **dict(data.items())}
        self.config: dict = {}

    def as_sent(self) -> dict[str, str]:
        """The form's initial values as a browser sends them."""
        sent = {}
        for name, field in self.fields.items():
            value = self.get_initial_for_field(field, name)
            if isinstance(field.widget, forms.CheckboxInput):
                if value:
                    sent[name] = "on"
            elif value is not None:
                sent[name] = str(value)
        return sent

    def clean(self):
        cleaned = super().clean()
        self.config = self.setup.read(self)
        return cleaned

    def options(self) -> dict:
        """The game's own options (its title, who may read it, whether it counts, dice)."""
        return {name: self.cleaned_data[name] for name in OPTIONS if name in self.cleaned_data}

    def refuse(self, refusal: RuleViolation) -> None:
        """The rules' refusal of the settings beside the setting it names."""
        self.setup.refuse(self, refusal, in_words)

    def views(self):
        return self.setup.views(self)


OPTIONS = ("title", "public", "friendly", "entered_dice")


def chosen_preset(rules: Ruleset, name: str | None) -> Preset | None:
    """The preset of that name, else the ruleset's first (none for a ruleset without)."""
    presets = manifest_for(rules).presets
    return next((p for p in presets if p.name == name), presets[0] if presets else None)


def preset_links(request, rules: Ruleset, chosen: Preset | None) -> list[dict]:
    """Each preset as a link to this page opening with it, in the reader's language."""
    language = request.GET.get("lang")
    return [
        {
            "title": gettext(preset.title),
            "url": "?"
            + urlencode({"preset": preset.name, **({"lang": language} if language else {})}),
            "chosen": preset == chosen,
        }
        for preset in manifest_for(rules).presets
    ]


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
    preset = chosen_preset(rules, request.POST.get("preset") or request.GET.get("preset"))
    setup = SetupForm(
        request.POST or None, rules=rules, campaign=campaign, storyguide=storyguide, preset=preset
    )
    context = {
        "campaign": campaign,
        "rules": rules,
        "setup": setup,
        "presets": preset_links(request, rules, preset),
    }
    if request.method == "GET" or not setup.is_valid():
        return render(request, "pages/new_game.html", context)
    config = setup.config
    try:
        state = rules.setup(
            manifest_for(rules).cast.prepare(config, campaign_app().roster(campaign.pk))
        )
    except RuleViolation as refusal:
        setup.refuse(refusal)
        return render(request, "pages/new_game.html", context)
    seats = _seats_form(request, campaign, rules, state, storyguide)
    context["seats"] = seats
    if "create" not in request.POST or not seats.is_valid():
        return render(request, "pages/new_game.html", context)
    chosen_seats, bots = seats.holders(request.user)
    if not storyguide or seats.cleaned_data.get("referee"):
        bots[REFEREE_SEAT] = next(iter(strategies(rules)))
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
            **setup.options(),
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
    words = manifest_of(rules.name).words
    language = translation.get_language()
    language = language if language in words.languages else words.languages[0]
    seats = rules.seats(state)
    defaults = _default_holders(rules, state, seats, campaign, request.user, storyguide)
    return SeatsForm(
        request.POST if "create" in request.POST else None,
        choices=choices,
        seats=[(seat, words.seat(seat, state, language)) for seat in seats],
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
    for seat, character in manifest_for(rules).cast.characters(state).items():
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
    if isinstance(refusal, RuleViolation) and isinstance(target, SetupForm):
        target.refuse(refusal)
    else:
        target.add_error(None, in_words(refusal))
