from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from campaign import demo as campaign_demo
from campaign.models import Campaign
from league import demo as league_demo
from skirmish import demo as skirmish_demo


class Command(BaseCommand):
    help = (
        "Create the demo data (a storyguide, a campaign with characters, a skirmish and a "
        "house cup half played); running it again changes nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--force",
            action="store_true",
            help="Seed even with DEBUG off (the demo login has a published password).",
        )

    def handle(self, *args, force: bool = False, **options):
        if not settings.DEBUG and not force:
            raise CommandError("DEBUG is off: refusing to seed a published password; use --force.")
        with transaction.atomic():
            storyguide = campaign_demo.seed()
            campaign = Campaign.objects.get(slug=campaign_demo.DEMO_CAMPAIGN_SLUG)
            skirmish_demo.seed(storyguide)
            league_demo.seed(campaign, storyguide)
        self.stdout.write(
            self.style.SUCCESS(
                "Demo data ready. Log in at http://127.0.0.1:8000/admin/ as "
                f"{storyguide.username} / {campaign_demo.DEMO_PASSWORD}"
            )
        )
