"""The storyguide's dashboard: each storyguide sees only their own campaigns.

Its home is the storyguide's desk (``campaign.desk``, ``admin/campaign/desk.html``).

Every write goes through ``campaign.services``: the forms of
``campaign.forms`` ask the service for its verdict and ``save_model`` calls it.
The ledger and Popularity adjustments are append-only here as everywhere.
List pages annotate what they show (totals, Popularity, game counts) so that
each loads in a fixed number of queries, however many rows it has.
"""

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.options import IS_POPUP_VAR
from django.contrib.admin.utils import unquote
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from campaign import invitations, origins, selectors, services
from campaign.forms import (
    AwardPointsForm,
    CampaignForm,
    HouseForm,
    HousePointAwardForm,
    InvitationForm,
    MembershipForm,
    MembershipFormSet,
    PopularityAdjustmentForm,
    ServiceForm,
    attribute_field,
    character_form_for,
    class_field,
)
from campaign.models import (
    AllowedOrigin,
    Campaign,
    Character,
    House,
    HousePointEntry,
    Invitation,
    Membership,
    PopularityAdjustment,
    Role,
)
from campaign.rules.sheet import SheetRules
from core.errors import AppError
from core.numbers import whole_number
from core.responses import add_to_form, error_body
from games.page_urls import page_of

RelatedOnly = admin.RelatedOnlyFieldListFilter

#: The dashboard's home is the storyguide's desk (``campaign.desk``): each of their
#: campaigns at a glance, the dashboard's lists in words below, the plumbing in a corner.
#: Its title is in the reader's language, as its sections and lists are.
admin.site.index_template = "admin/campaign/desk.html"
admin.site.site_header = gettext_lazy("Storyguide dashboard")
admin.site.site_title = "Storyguide"  # the site's name, in every language

# How a row of each model a form may point at reaches its campaign(s).
CAMPAIGN_PATHS = {
    Campaign: "",
    House: "campaign__",
    Character: "campaign__",
    get_user_model(): "memberships__campaign__",
}


def run_by(queryset, user, campaign_prefix: str):
    """The rows of campaigns ``user`` is storyguide of; all rows for a superuser."""
    if user.is_superuser:
        return queryset
    return queryset.filter(
        **{
            f"{campaign_prefix}memberships__user": user,
            f"{campaign_prefix}memberships__role": Role.STORYGUIDE,
        }
    )


NAMED_WITH_CAMPAIGN = (House, Character)


def name_campaign_if_ambiguous(field) -> None:
    """A storyguide of two campaigns sees two "Gryffindor" houses: each choice then
    names its campaign ("Gryffindor · Hogwarts 1995")."""
    campaigns = {row.campaign_id for row in field.queryset.only("campaign_id")}
    if len(campaigns) > 1:
        field.queryset = field.queryset.select_related("campaign")
        field.label_from_instance = lambda obj: f"{obj} · {obj.campaign.name}"


class StoryguideScopedAdmin(admin.ModelAdmin):
    """Rows of the campaigns the logged-in user is storyguide of; all rows for a superuser.

    Foreign-key choices in forms (campaign, house, character, user) are
    limited the same way, so a storyguide cannot even name another
    campaign's objects.
    """

    campaign_prefix = "campaign__"

    def get_queryset(self, request):
        return run_by(super().get_queryset(request), request.user, self.campaign_prefix)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        prefix = CAMPAIGN_PATHS.get(db_field.related_model)
        if prefix is not None:
            choices = db_field.related_model._default_manager.all()
            kwargs["queryset"] = run_by(choices, request.user, prefix).distinct()
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if db_field.related_model in NAMED_WITH_CAMPAIGN and field is not None:
            name_campaign_if_ambiguous(field)
        return field


class ServiceFormAdmin(StoryguideScopedAdmin):
    """Saves through the form's service (a ``campaign.forms.ServiceForm``), as ``request.user``."""

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        form.user = request.user  # a fresh class per call: modelform_factory builds it
        return form

    def save_model(self, request, obj, form, change):
        """Write through the form's service (its verdict was asked when the form was
        cleaned); the admin logs and redirects with ``obj``, as the service saved it."""
        saved = form.save_through_service(obj, now=timezone.now())
        for field in saved._meta.concrete_fields:
            setattr(obj, field.attname, getattr(saved, field.attname))
        obj._state.adding = False


class ReadOnlyRowsMixin:
    """Existing rows are never changed or deleted here; their change view is read-only."""

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class AppendOnlyAdmin(ReadOnlyRowsMixin, ServiceFormAdmin):
    """Rows are added through ``add_form`` and its service, then stay as they are."""

    add_form = None

    def get_form(self, request, obj=None, **kwargs):
        if obj is None:
            kwargs["form"] = self.add_form
        return super().get_form(request, obj, **kwargs)


class AwardPointsMixin:
    """The "award house points" action: an intermediate page asks amount and reason.

    ``award_targets`` says which house (and character, if any) each selected
    row credits; rows it leaves out (a character without a house) are counted
    on the page. All awards of one action succeed or none does.
    """

    def award_targets(self, queryset) -> list[tuple[House, Character | None]]:
        raise NotImplementedError

    def has_award_permission(self, request):
        return request.user.has_perm("campaign.add_housepointentry")

    @admin.action(
        description=gettext_lazy("Award house points to the selected %(verbose_name_plural)s"),
        permissions=["award"],
    )
    def award_points(self, request, queryset):
        targets = self.award_targets(queryset)
        form = AwardPointsForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            now = timezone.now()
            try:
                with transaction.atomic():
                    for house, character in targets:
                        services.house_points_award(
                            house=house,
                            character=character,
                            awarded_by=request.user,
                            now=now,
                            by=request.user,
                            **form.cleaned_data,
                        )
            except AppError as refusal:
                add_to_form(form, refusal)
            else:
                credited = ", ".join(str(character or house) for house, character in targets)
                self.message_user(
                    request,
                    _("Awarded %(amount)+d points: %(credited)s.")
                    % {"amount": form.cleaned_data["amount"], "credited": credited},
                )
                return None
        context = {
            **self.admin_site.each_context(request),
            "title": _("Award house points"),
            "opts": self.model._meta,
            "form": form,
            "targets": targets,
            "selected": queryset,
            "left_out": len(queryset) - len(targets),
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            "media": self.media + form.media,
        }
        return TemplateResponse(request, "admin/campaign/award_points.html", context)


class MembershipInline(admin.TabularInline):
    model = Membership
    form = MembershipForm
    formset = MembershipFormSet
    extra = 0

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("user")

    def get_formset(self, request, obj=None, **kwargs):
        formset = super().get_formset(request, obj, **kwargs)
        formset.user = request.user  # a fresh class per call, as the forms' (ServiceFormAdmin)
        return formset


@admin.register(Campaign)
class CampaignAdmin(ServiceFormAdmin):
    """Campaigns with their members and a link to their games and logs.

    Members are added once the campaign exists: its creator is its first storyguide.
    """

    campaign_prefix = ""
    form = CampaignForm
    list_display = ["name", "slug", "games", "created_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    readonly_fields = ["games"]
    inlines = [MembershipInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(game_count=Count("games"))

    def has_delete_permission(self, request, obj=None):
        """No service deletes a campaign, with all its history; nor does the dashboard."""
        return False

    def get_inlines(self, request, obj):
        return self.inlines if obj is not None else []

    def save_formset(self, request, form, formset, change):
        """The members' changes, through their services (asked when the formset was
        cleaned), recorded for the admin's history."""
        formset.save_through_services()

    @admin.display(description=gettext_lazy("games and logs"))
    def games(self, campaign):
        """A link to the game admin, filtered to this campaign."""
        if campaign.pk is None:
            return "—"
        url = reverse("admin:games_game_changelist")
        return format_html(
            '<a href="{}?campaign__id__exact={}">{}</a>',
            url,
            campaign.pk,
            ngettext("%(count)s game", "%(count)s games", campaign.game_count)
            % {"count": campaign.game_count},
        )


@admin.register(House)
class HouseAdmin(AwardPointsMixin, ServiceFormAdmin):
    """Houses with their effective and pending points, and their captains; campaigns come
    with their houses, which stay (a house is renamed, never deleted)."""

    form = HouseForm
    list_display = ["name", "campaign", "initial", "swatch", "captain", "points", "pending"]
    list_filter = [("campaign", RelatedOnly)]
    list_select_related = ["campaign", "captain"]
    fields = ["campaign", "name", "initial", "colour", "captain", "points", "pending"]
    readonly_fields = ["campaign", "points", "pending"]
    actions = ["award_points"]

    def has_delete_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        return selectors.houses_with_totals(super().get_queryset(request), now=timezone.now())

    def has_add_permission(self, request):
        return False

    def award_targets(self, queryset):
        return [(house, None) for house in queryset]

    @admin.display(description=gettext_lazy("colour"))
    def swatch(self, house):
        return format_html(
            '<span style="display:inline-block;width:1em;height:1em;background:{}"></span> {}',
            house.colour,
            house.colour,
        )

    @admin.display(description=gettext_lazy("points"), ordering="points")
    def points(self, house):
        return house.points

    @admin.display(description=gettext_lazy("pending"), ordering="pending")
    def pending(self, house):
        return house.pending


@admin.register(Character)
class CharacterAdmin(AwardPointsMixin, ServiceFormAdmin):
    """Characters with their sheet; the attributes come from the campaign's sheet rules."""

    list_display = ["name", "house", "year", "player", "quidditch_position", "popularity"]
    list_filter = [("house", RelatedOnly), "year", ("campaign", RelatedOnly)]
    list_select_related = ["campaign", "house", "player"]
    search_fields = ["name"]
    actions = ["award_points"]

    def get_queryset(self, request):
        return selectors.characters_with_popularity(
            super().get_queryset(request), now=timezone.now()
        )

    def campaign_to_add_to(self, request) -> Campaign | None:
        """The campaign an add form is for: the one posted or asked for, else the only one."""
        campaigns = run_by(Campaign.objects.all(), request.user, "")
        chosen = request.POST.get("campaign") or request.GET.get("campaign")
        if chosen:
            found = whole_number(chosen)
            return campaigns.filter(pk=found).first() if found is not None else None
        only = list(campaigns[:2])
        return only[0] if len(only) == 1 else None

    def rules_for(self, request, obj) -> SheetRules:
        campaign = obj.campaign if obj is not None else self.campaign_to_add_to(request)
        return campaign.sheet_rules if campaign is not None else SheetRules.from_json({})

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        campaign = self.campaign_to_add_to(request)
        if campaign is not None:
            initial.setdefault("campaign", campaign.pk)
        return initial

    def get_form(self, request, obj=None, **kwargs):
        kwargs["form"] = character_form_for(self.rules_for(request, obj))
        return super().get_form(request, obj, **kwargs)

    def get_fieldsets(self, request, obj=None):
        rules = self.rules_for(request, obj)
        low, high = rules.attribute_range
        groups = rules.attribute_groups
        return [
            (None, {"fields": ["campaign", "name", "player", "house", "year"]}),
            (
                _("Attributes"),
                {
                    "fields": [
                        tuple(attribute_field(name) for name in group["attributes"])
                        for group in groups
                    ],
                    "classes": ["sheet-attributes"],
                    "description": _(
                        "One line per group (%(groups)s), each from %(low)s to %(high)s."
                    )
                    % {"groups": ", ".join(g["name"] for g in groups), "low": low, "high": high},
                },
            ),
            (
                _("Health, Popularity and quidditch"),
                {
                    "fields": [
                        ("health", "health_max"),
                        "popularity_base",
                        *(["popularity"] if obj is not None else []),
                        "quidditch_position",
                    ]
                },
            ),
            (
                _("Curriculum points"),
                {
                    "fields": [tuple(class_field(name) for name in rules.classes)],
                    "classes": ["sheet-attributes"],
                    "description": _("Points per class; empty for none."),
                },
            ),
            (_("Spells, virtues and flaws"), {"fields": ["spells", "virtues", "flaws"]}),
            (
                _("Notes"),
                {
                    "fields": ["background", "secret_notes"],
                    "description": _("Secret notes are for storyguides: players never see them."),
                },
            ),
        ]

    def has_delete_permission(self, request, obj=None):
        """No service deletes a character: its ledger entries keep it, and its history with it."""
        return False

    def get_readonly_fields(self, request, obj=None):
        """A character stays in its campaign; Popularity is computed, not entered."""
        return ["campaign", "popularity"] if obj is not None else []

    @admin.display(description=gettext_lazy("Popularity"))
    def popularity(self, character):
        return selectors.popularity(character, character.campaign.sheet_rules)

    def award_targets(self, queryset):
        return [
            (character.house, character) for character in queryset if character.house is not None
        ]


@admin.register(HousePointEntry)
class HousePointEntryAdmin(AppendOnlyAdmin):
    """The ledger, newest first, with each house's total once each entry counts."""

    add_form = HousePointAwardForm
    list_display = [
        "credit_at",
        "house",
        "amount",
        "running_total",
        "status",
        "reason",
        "source",
        "character",
        "game_link",
        "awarded_by",
        "correction",
    ]
    list_filter = [("house", RelatedOnly), "source", ("campaign", RelatedOnly)]
    list_select_related = [
        "house",
        "character",
        "game",
        "awarded_by",
        "reverses",
        "reversed_by",
    ]
    ordering = ["-credit_at", "-id"]
    actions = ["reverse_entries"]

    def get_queryset(self, request):
        return selectors.ledger_with_running_totals(super().get_queryset(request))

    @admin.display(description=gettext_lazy("house total"))
    def running_total(self, entry):
        return entry.running_total

    @admin.display(description=gettext_lazy("counts"))
    def status(self, entry):
        return _("effective") if entry.credit_at <= timezone.now() else _("pending")

    @admin.display(description=gettext_lazy("game"))
    def game_link(self, entry):
        """The game whose result credited the entry, to its page."""
        page = page_of(entry.game) if entry.game_id else None
        return format_html('<a href="{}">{}</a>', page, entry.game) if page else ""

    @admin.display(description=gettext_lazy("correction"))
    def correction(self, entry):
        if entry.reverses is not None:
            return _("reverses #%(number)s") % {"number": entry.reverses.pk}
        reversal = getattr(entry, "reversed_by", None)
        return _("reversed by #%(number)s") % {"number": reversal.pk} if reversal else ""

    @admin.action(description=gettext_lazy("Reverse the selected entries"), permissions=["add"])
    def reverse_entries(self, request, queryset):
        """Each entry is reversed on its own; one that cannot be is reported, not fatal."""
        now = timezone.now()
        reversed_ = []
        for entry in queryset:
            try:
                services.house_points_reverse(
                    entry=entry,
                    reason=f"Reverses #{entry.pk}: {entry.reason}"[:300],
                    reversed_by=request.user,
                    now=now,
                    by=request.user,
                )
            except AppError as refusal:
                self.message_user(
                    request, f"#{entry.pk} ({entry}): {refusal.detail}", messages.WARNING
                )
            else:
                reversed_.append(f"#{entry.pk}")
        if reversed_:
            self.message_user(
                request, _("Reversed %(entries)s.") % {"entries": ", ".join(reversed_)}
            )


@admin.register(PopularityAdjustment)
class PopularityAdjustmentAdmin(AppendOnlyAdmin):
    campaign_prefix = "character__campaign__"
    add_form = PopularityAdjustmentForm
    list_display = ["created_at", "character", "amount", "reason", "adjusted_by"]
    list_filter = [("character__campaign", RelatedOnly)]
    list_select_related = ["character", "adjusted_by"]
    search_fields = ["character__name", "reason"]


@admin.register(Invitation)
class InvitationAdmin(AppendOnlyAdmin):
    """Invitations into the storyguide's campaigns: made here, handed out as a link or a
    code, withdrawn with the "revoke" action; they are never edited. Saving one shows
    its page here, with the link to send and a button that copies it
    (``storyguide/copy.js``); the list shows each link with its button too."""

    add_form = InvitationForm
    change_form_template = "admin/campaign/invitation/change_form.html"
    list_display = [
        "code_to_hand_out",
        "campaign",
        "role",
        "character",
        "addressed_to",
        "uses_so_far",
        "state",
    ]
    list_display_links = None  # the row holds its own link, to the page that accepts it
    list_filter = [("campaign", RelatedOnly), "role"]
    list_select_related = ["campaign", "character"]
    search_fields = ["code", "character__name", "addressed_to"]
    actions = ["revoke"]

    class Media:
        js = ["storyguide/copy.js"]

    @admin.display(description=gettext_lazy("code and link"))
    def code_to_hand_out(self, invitation):
        """Without a request: the list shows the column ``get_list_display`` makes."""
        code = invitations.grouped(invitation.code)
        return format_html(
            '<code>{}</code> · <a href="{}">{}</a>', code, reverse("join", args=[code]), _("link")
        )

    def get_list_display(self, request):
        """The code, the link to send and its copy button (which copies the link as an
        address, made from the request: the column is made for each request)."""

        @admin.display(description=_("code and link to send"))
        def code_to_hand_out(invitation):
            element = f"invitation-link-{invitation.pk}"
            return format_html(
                '<code>{}</code> · <a id="{}" href="{}">{}</a>'
                ' <button type="button" class="button" data-copy="{}" data-copied="{}" hidden>'
                "{}</button>",
                invitations.grouped(invitation.code),
                element,
                selectors.invitation_link(request, invitation),
                _("link"),
                element,
                _("Copied!"),
                _("Copy link"),
            )

        shown = super().get_list_display(request)
        return [code_to_hand_out if name == "code_to_hand_out" else name for name in shown]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        """An invitation's page (read only): the link to send first, with its copy button,
        or why it can no longer be used."""
        invitation = self.get_object(request, unquote(object_id))
        if invitation is not None:
            refusal = invitations.why_unusable(invitation, timezone.now())
            extra_context = {
                **(extra_context or {}),
                "link_to_send": _copyable_link(
                    selectors.invitation_link(request, invitation),
                    f"invitation-link-{invitation.pk}",
                ),
                "unusable": in_words(refusal) if refusal is not None else "",
            }
        return super().change_view(request, object_id, form_url, extra_context)

    def response_add(self, request, obj, post_url_continue=None):
        """Saved: the page it goes on to (the list, as the dashboard does) says so, and
        shows the link to send with its copy button."""
        response = super().response_add(request, obj, post_url_continue)
        if IS_POPUP_VAR not in request.POST:
            self.message_user(
                request,
                format_html(
                    "{} {}",
                    _("Send its link to whoever you invite:"),
                    _copyable_link(
                        selectors.invitation_link(request, obj), f"invitation-link-{obj.pk}-saved"
                    ),
                ),
                messages.SUCCESS,
            )
        return response

    @admin.display(description=gettext_lazy("uses"))
    def uses_so_far(self, invitation):
        limit = _("no limit") if invitation.max_uses is None else invitation.max_uses
        return _("%(uses)s of %(limit)s") % {"uses": invitation.uses, "limit": limit}

    @admin.display(description=gettext_lazy("state"))
    def state(self, invitation):
        refusal = invitations.why_unusable(invitation, timezone.now())
        return _("open") if refusal is None else in_words(refusal)

    @admin.action(description=gettext_lazy("Revoke the selected invitations"), permissions=["add"])
    def revoke(self, request, queryset):
        now = timezone.now()
        for invitation in queryset:
            invitations.invitation_revoke(invitation=invitation, now=now, by=request.user)
        self.message_user(
            request,
            ngettext(
                "Revoked %(count)s invitation; members stay.",
                "Revoked %(count)s invitations; members stay.",
                len(queryset),
            )
            % {"count": len(queryset)},
        )


class AllowedOriginForm(ServiceForm):
    """A table's site allowed through ``campaign.origins.origin_allow``: its address
    checked and written as a browser's ``Origin`` names it, the storyguide's alone."""

    class Meta:
        model = AllowedOrigin
        fields = ["campaign", "origin"]

    def save_through_service(self, instance, *, now):
        return origins.origin_allow(
            campaign=instance.campaign, address=instance.origin, by=self.user
        )


@admin.register(AllowedOrigin)
class AllowedOriginAdmin(AppendOnlyAdmin):
    """The sites whose pages may use the API for the storyguide's campaigns (a Foundry
    world's address), as ``/api/campaigns/{id}/origins/`` lists them: added and removed,
    never edited."""

    add_form = AllowedOriginForm
    list_display = ["origin", "campaign", "created_at"]
    list_filter = [("campaign", RelatedOnly)]
    list_select_related = ["campaign"]
    search_fields = ["origin"]

    def has_delete_permission(self, request, obj=None):
        return admin.ModelAdmin.has_delete_permission(self, request, obj)

    def delete_model(self, request, obj):
        origins.origin_remove(allowed=obj, by=request.user)

    def delete_queryset(self, request, queryset):
        for allowed in queryset:
            origins.origin_remove(allowed=allowed, by=request.user)


def _copyable_link(link: str, element_id: str) -> str:
    """An invitation's link to send, and the button that copies it (hidden until
    ``storyguide/copy.js`` shows it: without it the link is there to select). A phone
    breaks the link's line after ``/join/``."""
    site, __, code = link.partition("/join/")
    return format_html(
        '<span class="link-to-send"><code id="{}" class="link">{}/join/<wbr>'
        '<span style="white-space:nowrap">{}</span></code>'
        ' <button type="button" class="button" data-copy="{}" data-copied="{}" hidden>{}</button>'
        "</span>",
        element_id,
        site,
        code,
        element_id,
        _("Copied!"),
        _("Copy link"),
    )


def in_words(refusal: AppError) -> str:
    """A refusal's detail in the dashboard's language, as the API words it."""
    return error_body(refusal)["detail"]
