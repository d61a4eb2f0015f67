"""The webhooks on the storyguide's dashboard: endpoints, and what was sent to them.

Endpoints are made and changed through ``webhooks.endpoints`` (a new one's
secret is shown once, in the message after saving); deliveries and their
attempts are the record and are read-only; the "replay" action sends the
selected deliveries again.
"""

from django import forms
from django.contrib import admin
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from campaign.admin import ReadOnlyRowsMixin, StoryguideScopedAdmin
from core.errors import AppError
from core.responses import add_to_form
from webhooks import endpoints, guard, replay
from webhooks.models import Attempt, Delivery, Endpoint, event_types


class EndpointForm(forms.ModelForm):
    url = forms.URLField(max_length=500, assume_scheme="https")
    event_types = forms.MultipleChoiceField(
        choices=event_types, widget=forms.CheckboxSelectMultiple
    )

    class Meta:
        model = Endpoint
        fields = ["campaign", "url", "event_types", "format", "description"]

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("url"):
            try:
                guard.checked_target(cleaned["url"])
            except AppError as refused:
                add_to_form(self, refused)
        return cleaned


@admin.register(Endpoint)
class EndpointAdmin(StoryguideScopedAdmin):
    form = EndpointForm
    list_display = ["url", "campaign", "format", "enabled", "disabled_reason", "failing_since"]
    list_filter = ["enabled", "format"]
    list_select_related = ["campaign"]
    readonly_fields = ["enabled", "disabled_reason", "failing_since", "created_at"]
    actions = ["enable", "disable"]

    def get_readonly_fields(self, request, obj=None):
        # An endpoint stays in its campaign.
        return [*self.readonly_fields, "campaign"] if obj else self.readonly_fields

    def save_model(self, request, obj, form, change):
        fields = {name: form.cleaned_data[name] for name in EndpointForm.Meta.fields}
        if change:
            del fields["campaign"]
            endpoints.endpoint_update(endpoint=obj, by=request.user, **fields)
            return
        created = endpoints.endpoint_create(now=timezone.now(), by=request.user, **fields)
        obj.pk, obj.secret = created.pk, created.secret
        obj._state.adding = False
        self.message_user(
            request,
            _("The endpoint's secret, shown this once: %(secret)s") % {"secret": created.secret},
        )

    @admin.action(description=gettext_lazy("Enable the selected endpoints"), permissions=["change"])
    def enable(self, request, queryset):
        for endpoint in queryset:
            endpoints.endpoint_enable(endpoint=endpoint, by=request.user)
        self.message_user(
            request,
            ngettext("Enabled %(count)s endpoint.", "Enabled %(count)s endpoints.", len(queryset))
            % {"count": len(queryset)},
        )

    @admin.action(
        description=gettext_lazy("Disable the selected endpoints"), permissions=["change"]
    )
    def disable(self, request, queryset):
        for endpoint in queryset:
            endpoints.endpoint_disable(
                endpoint=endpoint, reason="Disabled by the storyguide.", by=request.user
            )
        self.message_user(
            request,
            ngettext("Disabled %(count)s endpoint.", "Disabled %(count)s endpoints.", len(queryset))
            % {"count": len(queryset)},
        )


class AttemptInline(admin.TabularInline):
    model = Attempt
    fields = ["started_at", "status_code", "error", "latency_ms", "response_excerpt"]
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Delivery)
class DeliveryAdmin(ReadOnlyRowsMixin, StoryguideScopedAdmin):
    campaign_prefix = "endpoint__campaign__"
    list_display = ["webhook_id", "endpoint", "event_type", "status", "attempts", "created_at"]
    list_filter = ["status", "event_type"]
    list_select_related = ["endpoint"]
    search_fields = ["webhook_id"]
    readonly_fields = [
        "endpoint",
        "webhook_id",
        "event_type",
        "payload",
        "status",
        "attempts",
        "next_attempt_at",
        "created_at",
    ]
    inlines = [AttemptInline]
    actions = ["replay"]

    def has_add_permission(self, request):
        return False

    @admin.action(description=gettext_lazy("Replay the selected deliveries"), permissions=["view"])
    def replay(self, request, queryset):
        now = timezone.now()
        for delivery in queryset.select_related("endpoint"):
            try:
                replay.delivery_replay(delivery=delivery, now=now, by=request.user)
            except AppError as refused:
                self.message_user(request, f"{delivery.webhook_id}: {refused.detail}", "error")
        self.message_user(request, _("The selected deliveries are sent again."))
