"""Each event committed to a game's log wakes the streams that follow it (core.streams)."""

from django.db import migrations

from core.streams import notify_on_insert, postgresql_only

CREATE, DROP = notify_on_insert("games_gameevent", key="game", owner="game_id")


class Migration(migrations.Migration):
    dependencies = [("games", "0002_seats_held_by_bots")]

    operations = [migrations.RunPython(postgresql_only(CREATE), postgresql_only(DROP))]
