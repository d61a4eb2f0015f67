from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from core import demo


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
        parser.add_argument(
            "--url",
            default=demo.Demo.url,
            help="Where the service is served, for the login it prints (default: %(default)s).",
        )

    def handle(self, *args, force: bool = False, url: str = demo.Demo.url, **options):
        if not settings.DEBUG and not force:
            raise CommandError("DEBUG is off: refusing to seed a published password; use --force.")
        with transaction.atomic():
            seeded = demo.seed(url)
        self.stdout.write(self.style.SUCCESS(" ".join(["Demo data ready.", *seeded.notes])))
