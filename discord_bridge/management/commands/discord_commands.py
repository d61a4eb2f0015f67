"""Register the slash commands with Discord, or print them for a manual paste."""

import json

from django.core.management.base import BaseCommand, CommandError

from discord_bridge.client import Discord, DiscordError
from discord_bridge.commands import COMMANDS
from discord_bridge.models import DiscordApplication


class Command(BaseCommand):
    help = (
        "Print the slash commands as JSON; with --register, register them with Discord for "
        "the application connected to a campaign (its bot's token)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--register", metavar="APPLICATION_ID", help="Discord application id")

    def handle(self, *args, register=None, **options):
        self.stdout.write(json.dumps(COMMANDS, indent=2, ensure_ascii=False))
        if register is None:
            return
        application = DiscordApplication.objects.filter(application_id=register).first()
        if application is None:
            raise CommandError(f"No campaign is connected to Discord application {register}.")
        try:
            registered = Discord(application.bot_token).register(register, COMMANDS)
        except DiscordError as error:
            raise CommandError(str(error)) from error
        names = ", ".join(f"/{command['name']}" for command in registered or [])
        self.stderr.write(f"Registered with Discord: {names}")
