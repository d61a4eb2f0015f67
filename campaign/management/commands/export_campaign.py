import json

from django.core.management.base import BaseCommand, CommandError

from campaign.models import Campaign
from campaign.transfer import campaign_export


class Command(BaseCommand):
    help = "Write a campaign (houses, characters, members, ledger) as JSON to standard output."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug: str, **options):
        campaign = Campaign.objects.filter(slug=slug).first()
        if campaign is None:
            raise CommandError(f"No campaign {slug!r}.")
        self.stdout.write(json.dumps(campaign_export(campaign), indent=2, ensure_ascii=False))
