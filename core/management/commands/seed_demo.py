from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from campaign import demo as campaign_demo


class Command(BaseCommand):
    help = "Create the demo data; running it again changes nothing."

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
        self.stdout.write(
            self.style.SUCCESS(
                "Demo data ready. Log in at http://127.0.0.1:8000/admin/ as "
                f"{storyguide.username} / {campaign_demo.DEMO_PASSWORD}"
            )
        )
