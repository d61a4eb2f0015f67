import json

from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.selectors import game_verify


class Command(BaseCommand):
    help = "Audit a game's log: hash chain, seed, server rolls and replay (as GET .../verify/)."

    def add_arguments(self, parser):
        parser.add_argument("game_id", type=int)

    def handle(self, *args, game_id: int, **options):
        try:
            game = Game.objects.get(pk=game_id)
        except Game.DoesNotExist:
            raise CommandError(f"No game {game_id}.") from None
        report = game_verify(game, fresh=True)
        self.stdout.write(json.dumps(report.to_json(), indent=2))
        if not report.ok:
            raise CommandError(
                f"Game {game_id} does not verify (first bad event: {report.first_bad_seq})."
            )
