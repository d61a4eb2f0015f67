"""Each activity committed to a campaign's line wakes the streams that follow it
(core.streams)."""

from django.db import migrations

from core.streams import notify_on_insert, postgresql_only

CREATE, DROP = notify_on_insert("campaign_activity", key="campaign", owner="campaign_id")


class Migration(migrations.Migration):
    dependencies = [("campaign", "0005_activity")]

    operations = [migrations.RunPython(postgresql_only(CREATE), postgresql_only(DROP))]
