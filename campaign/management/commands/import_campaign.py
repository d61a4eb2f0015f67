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
        parser.add_argument(
            "--restore-members",
            action="store_true",
            help="Put back the members and players whose usernames exist here, as they were "
            "(a backup restored); without it, everybody named is invited instead.",
        )

    def handle(
        self,
        *args,
        file: Path,
        storyguide: str | None = None,
        restore_members: bool = False,
        **options,
    ):
        user = None
        if storyguide:
            user = get_user_model().objects.filter(username=storyguide).first()
            if user is None:
                raise CommandError(f"No user {storyguide!r}.")
        try:
            campaign = campaign_import(
                json.loads(file.read_text()), storyguide=user, restore_members=restore_members
            )
        except (Invalid, json.JSONDecodeError) as error:
            raise CommandError(f"Not imported: {error}") from None
        self.stdout.write(self.style.SUCCESS(f"Imported campaign {campaign.slug!r}."))
