"""Drawn lots are kept by house id, so that a renamed house keeps its place in the table."""

from django.db import migrations


def names_to_ids(apps, schema_editor):
    CupYear = apps.get_model("league", "CupYear")
    House = apps.get_model("campaign", "House")
    for cup_year in CupYear.objects.exclude(lots=[]):
        ids = dict(House.objects.filter(campaign_id=cup_year.campaign_id).values_list("name", "pk"))
        cup_year.lots = [
            {
                **lot,
                "houses": [ids.get(house, house) for house in lot["houses"]],
                "order": [ids.get(house, house) for house in lot["order"]],
            }
            for lot in cup_year.lots
        ]
        cup_year.save(update_fields=["lots"])


def ids_to_names(apps, schema_editor):
    CupYear = apps.get_model("league", "CupYear")
    House = apps.get_model("campaign", "House")
    for cup_year in CupYear.objects.exclude(lots=[]):
        names = dict(House.objects.filter(campaign_id=cup_year.campaign_id).values_list("pk", "name"))
        cup_year.lots = [
            {
                **lot,
                "houses": [names.get(house, house) for house in lot["houses"]],
                "order": [names.get(house, house) for house in lot["order"]],
            }
            for lot in cup_year.lots
        ]
        cup_year.save(update_fields=["lots"])


class Migration(migrations.Migration):
    dependencies = [("league", "0001_initial"), ("campaign", "0003_health_message")]

    operations = [migrations.RunPython(names_to_ids, ids_to_names)]
