"""The bridge's pages: linking one's Discord account by the code ``/link`` gave
(``/discord/link/``), and a campaign's connection to Discord, for its storyguide
(``/campaigns/<slug>/discord/``). They write through ``discord_bridge.services``."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from campaign.models import Campaign
from campaign.selectors import require_storyguide
from core.errors import AppError
from core.responses import add_to_form, answer
from discord_bridge import services
from discord_bridge.models import LANGUAGES, DiscordApplication, DiscordChannel


class CodeForm(forms.Form):
    code = forms.CharField(label=_("Code from /link"), max_length=20)


class ApplicationForm(forms.Form):
    application_id = forms.CharField(label=_("Application id"), max_length=24)
    public_key = forms.CharField(label=_("Public key"), max_length=64)
    bot_token = forms.CharField(
        label=_("Bot token"),
        max_length=200,
        widget=forms.PasswordInput(render_value=False),
        help_text=_("Kept as a secret: it is never shown again."),
    )


class ChannelForm(forms.Form):
    channel_id = forms.CharField(label=_("Channel id"), max_length=24)
    game = forms.TypedChoiceField(
        label=_("Bound to"), coerce=int, empty_value=None, required=False, choices=()
    )
    language = forms.ChoiceField(label=_("Language of its messages"), choices=LANGUAGES)

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        games = campaign.games.order_by("-created_at").values_list("pk", "title")[:100]
        self.fields["game"].choices = [("", gettext("the campaign")), *games]


@login_required
@require_http_methods(["GET", "POST"])
def link(request):
    """Enter the code ``/link`` gave in Discord: that Discord account acts as you."""
    form = CodeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.link_claim(code=form.cleaned_data["code"], by=request.user, now=timezone.now())
        except AppError as error:
            add_to_form(form, error)
        else:
            messages.success(request, gettext("Your Discord account is linked."))
            return redirect("discord-link")
    linked = request.user.discord_links.exists()
    return render(request, "discord_bridge/link.html", {"form": form, "linked": linked})


@login_required
@require_http_methods(["GET", "POST"])
def connect(request, slug):
    """A campaign's Discord application and bound channels, for its storyguide."""
    campaign = get_object_or_404(Campaign, slug=slug)
    try:
        require_storyguide(request.user, campaign.pk)
    except AppError as refused:  # a member who is not its storyguide: 403, a stranger 404
        return answer(refused, request)
    application = DiscordApplication.objects.filter(campaign=campaign).first()
    connecting = ApplicationForm(
        request.POST if request.POST.get("action") == "connect" else None,
        initial={
            "application_id": getattr(application, "application_id", ""),
            "public_key": getattr(application, "public_key", ""),
        },
    )
    binding = ChannelForm(
        request.POST if request.POST.get("action") == "bind" else None, campaign=campaign
    )
    form = connecting if request.POST.get("action") == "connect" else binding
    if request.method == "POST" and form.is_valid():
        try:
            if form is connecting:
                services.application_connect(
                    campaign=campaign, by=request.user, now=timezone.now(), **form.cleaned_data
                )
            else:
                services.channel_bind(
                    campaign=campaign,
                    by=request.user,
                    channel_id=form.cleaned_data["channel_id"],
                    game_id=form.cleaned_data["game"],
                    language=form.cleaned_data["language"],
                )
        except AppError as error:
            add_to_form(form, error)
        else:
            messages.success(request, gettext("Saved."))
            return redirect("discord-connect", slug=slug)
    context = {
        "campaign": campaign,
        "application": application,
        "connecting": connecting,
        "binding": binding,
        "channels": DiscordChannel.objects.filter(application__campaign=campaign)
        .select_related("game")
        .order_by("channel_id"),
        "interactions_url": request.build_absolute_uri("/api/discord/interactions/"),
    }
    return render(request, "discord_bridge/connect.html", context)
