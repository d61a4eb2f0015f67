"""A command's kept answer becomes the text of its JSON (issue 42): on PostgreSQL each
answer kept as jsonb is written as its text (``USING answer::text``), SQLite's is text
already; backwards, the text is parsed into jsonb again."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0009_words_of_the_dashboard"),
    ]

    operations = [
        migrations.AlterField(
            model_name="gameevent",
            name="answer",
            field=models.TextField(
                blank=True,
                help_text="The answer the command was given, as the text of its JSON "
                "(games.services).",
                null=True,
            ),
        ),
    ]
