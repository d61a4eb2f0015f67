"""The storyguide's dashboard: each storyguide sees only their own campaigns."""

from django.contrib import admin

from campaign.models import Campaign, Membership, Role


class StoryguideScopedAdmin(admin.ModelAdmin):
    """Rows of the campaigns the logged-in user is storyguide of; all rows for a superuser."""

    campaign_prefix = "campaign__"

    def get_queryset(self, request):
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(
            **{
                f"{self.campaign_prefix}memberships__user": request.user,
                f"{self.campaign_prefix}memberships__role": Role.STORYGUIDE,
            }
        )


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Campaign)
class CampaignAdmin(StoryguideScopedAdmin):
    campaign_prefix = ""
    list_display = ["name", "slug", "created_at"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]

    def save_model(self, request, obj, form, change):
        """Whoever creates a campaign is its storyguide."""
        super().save_model(request, obj, form, change)
        if not change:
            Membership.objects.get_or_create(
                campaign=obj, user=request.user, defaults={"role": Role.STORYGUIDE}
            )
