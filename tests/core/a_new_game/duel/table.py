"""The duel's table: each seeker's total of six."""

from games.tables import Seen, Table


class DuelTable(Table):
    template = "duel/table.html"

    def context(self, seen: Seen) -> dict:
        return {
            "seekers": [
                (seen.rules.seat_text(seat, seen.view, seen.language), total)
                for seat, total in seen.view["totals"].items()
            ]
        }
