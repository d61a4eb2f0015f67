"""The duel's table: each seeker's total of twenty."""

from games.tables import Seen, Table

from .rules.seats import TARGET


class DuelTable(Table):
    template = "duel/table.html"

    def context(self, seen: Seen) -> dict:
        return {
            "seekers": [
                (seen.words.seat(seat, seen.view, seen.language), total)
                for seat, total in seen.view["totals"].items()
            ],
            "target": TARGET,
        }
