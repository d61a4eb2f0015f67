from django.db import migrations


class Migration(migrations.Migration):
    """The dashboard lists every game in one place; the skirmish proxy is gone."""

    dependencies = [
        ("skirmish", "0001_skirmish_proxy"),
    ]

    operations = [
        migrations.DeleteModel(name="Skirmish"),
    ]
