"""``/me/plugins/``: the tokens a person makes for their plugins, and the sites their
campaigns allow.

A token is made for a plugin (a Foundry module, a chat relay): named, limited to
campaigns of the person's and to reading or playing, with an expiry; shown once,
then listed by name, scope and last use, and revoked here. A storyguide allows
their table's site (a Foundry world's address) for the campaigns they run. Writes
go through ``core.services`` and ``campaign.origins``, as the API's do
(``campaign.tokens``, ``campaign.origin_apis``).
"""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from campaign import origins
from campaign.models import AllowedOrigin, Role
from campaign.roles import campaign_roles
from campaign.selectors import campaigns_of
from campaign.tokens import DEFAULT_DAYS, LONGEST_DAYS, tokens_of
from core.errors import AppError
from core.responses import error_body
from core.services import token_issue, token_revoke

LIFETIMES = [
    (7, _("a week")),
    (30, _("a month")),
    (90, _("three months")),
    (LONGEST_DAYS, _("a year")),
]


class TokenForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100, help_text=_("Which plugin it is for."))
    campaigns = forms.ModelMultipleChoiceField(
        label=_("Campaigns it reaches"), queryset=None, widget=forms.CheckboxSelectMultiple
    )
    plays = forms.TypedChoiceField(
        label=_("It may"),
        choices=[("", _("only read")), ("1", _("read and play"))],
        coerce=bool,
        empty_value=False,
        required=False,
        widget=forms.RadioSelect,
        initial="",
    )
    days = forms.TypedChoiceField(
        label=_("Expires after"), choices=LIFETIMES, coerce=int, initial=DEFAULT_DAYS
    )

    def __init__(self, *args, request, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["campaigns"].queryset = campaigns_of(request).order_by("name")


class OriginForm(forms.Form):
    campaign = forms.IntegerField(widget=forms.HiddenInput)
    address = forms.CharField(
        label=_("Address of the table's site"),
        max_length=200,
        widget=forms.TextInput(attrs={"placeholder": "https://foundry.example:30000"}),
    )


@login_required
@require_http_methods(["GET", "POST"])
def plugins(request):
    """The person's tokens (make, list, revoke) and their campaigns' allowed sites."""
    made = None
    form = TokenForm(request=request)
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "make":
            form = TokenForm(request.POST, request=request)
            if form.is_valid():
                made = _make(request, form.cleaned_data)
                form = TokenForm(request=request)
        else:
            _act(request, action)
            return redirect("plugins")
    context = {
        "form": form,
        "made": made,
        "tokens": [_listed(scope, request) for scope in tokens_of(request.user)],
        "run": _run_campaigns(request),
    }
    return render(request, "pages/plugins.html", context)


def _make(request, data) -> str:
    issued = token_issue(
        request.user,
        name=data["name"],
        campaigns=[campaign.pk for campaign in data["campaigns"]],
        plays=data["plays"],
        lifetime=timedelta(days=data["days"]),
    )
    return issued.token


def _act(request, action: str | None) -> None:
    """Revoke a token, allow a site or allow it no more; a refusal is said on the page."""
    try:
        if action == "revoke":
            scope = tokens_of(request.user).filter(pk=_number(request, "token")).first()
            if scope is not None:
                token_revoke(scope.token)
                messages.success(request, gettext("The token is revoked."))
        elif action == "allow":
            form = OriginForm(request.POST)
            if form.is_valid():
                campaign = campaigns_of(request).filter(pk=form.cleaned_data["campaign"]).first()
                if campaign is not None:
                    origins.origin_allow(
                        campaign=campaign, address=form.cleaned_data["address"], by=request.user
                    )
        elif action == "disallow":
            allowed = AllowedOrigin.objects.filter(pk=_number(request, "origin")).first()
            if allowed is not None:
                origins.origin_remove(allowed=allowed, by=request.user)
    except AppError as refused:
        messages.error(request, error_body(refused)["detail"])


def _number(request, name: str) -> int:
    raw = request.POST.get(name, "")
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 18 else 0


def _listed(scope, request) -> dict:
    names = {campaign.pk: campaign.name for campaign in campaigns_of(request)}
    return {
        "scope": scope,
        "campaigns": None
        if scope.campaigns is None
        else [names.get(pk, f"#{pk}") for pk in scope.campaigns],
    }


def _run_campaigns(request) -> list:
    run = [pk for pk, role in campaign_roles(request).items() if role == Role.STORYGUIDE]
    return list(
        campaigns_of(request)
        .filter(pk__in=run)
        .prefetch_related("allowed_origins")
        .order_by("name")
    )
