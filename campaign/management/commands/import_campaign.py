import json
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from campaign.transfer import campaign_import
from core.errors import Invalid


class Command(BaseCommand):
    help = "Recreate a campaign from the JSON that export_campaign wrote."

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--storyguide", help="Username to make a storyguide of it.")

    def handle(self, *args, file: Path, storyguide: str | None = None, **options):
        user = None
        if storyguide:
            user = get_user_model().objects.filter(username=storyguide).first()
            if user is None:
                raise CommandError(f"No user {storyguide!r}.")
        try:
            campaign = campaign_import(json.loads(file.read_text()), storyguide=user)
        except (Invalid, json.JSONDecodeError) as error:
            raise CommandError(f"Not imported: {error}") from None
        self.stdout.write(self.style.SUCCESS(f"Imported campaign {campaign.slug!r}."))
