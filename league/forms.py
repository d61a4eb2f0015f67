"""The cup pages' forms: a house's line-up for a cup game (§8.5), as rows of a character
and a position, and its captain.

The form reads what was sent (whole numbers, a position of the four, a row either
complete or empty); whether it is a line-up the rules take is the service's to say
(``league.line_ups.line_up_choose``), in the reader's words, beside the form.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from league.rules.teams import LIMITS

ROWS = sum(most for _, most in LIMITS.values())
"""A row for every place of a full team: seven (§2)."""
NOBODY = ("", "—")


class LineUpForm(forms.Form):
    """Rows of a character of the house and a position, and the captain.

    ``characters`` are the house's, as ``(id, label)``; ``positions`` the four positions
    as ``(value, words)``. A character sent that is not among them is still read (the
    service refuses it, saying who), so that the refusal is the rules' and not the
    form's.
    """

    def __init__(self, *args, characters, positions, **kwargs):
        super().__init__(*args, **kwargs)
        people = [NOBODY, *characters]
        for row in range(1, ROWS + 1):
            self.fields[f"character_{row}"] = forms.IntegerField(
                required=False,
                min_value=1,
                label=_("Character"),
                widget=forms.Select(
                    choices=people,
                    attrs={"aria-label": _("Character, row %(row)s") % {"row": row}},
                ),
            )
            self.fields[f"position_{row}"] = forms.ChoiceField(
                required=False,
                choices=[NOBODY, *positions],
                label=_("Position"),
                widget=forms.Select(
                    attrs={"aria-label": _("Position, row %(row)s") % {"row": row}},
                ),
            )
        self.fields["captain"] = forms.IntegerField(
            required=False,
            min_value=1,
            label=_("Captain"),
            help_text=_("One of the players; left empty, the first in the list."),
            widget=forms.Select(choices=[NOBODY, *characters]),
        )

    def rows(self) -> list[tuple[int, forms.BoundField, forms.BoundField]]:
        return [
            (row, self[f"character_{row}"], self[f"position_{row}"]) for row in range(1, ROWS + 1)
        ]

    def clean(self):
        data = super().clean()
        players = []
        for row in range(1, ROWS + 1):
            character, position = data.get(f"character_{row}"), data.get(f"position_{row}")
            if f"character_{row}" in self.errors or f"position_{row}" in self.errors:
                continue
            if character and not position:
                self.add_error(f"position_{row}", _("Choose a position for this character."))
            elif position and not character:
                self.add_error(f"character_{row}", _("Choose who plays this position."))
            elif character:
                players.append((character, position))
        data["players"] = players
        return data

    @staticmethod
    def initial_rows(players: list[tuple[int, str]], captain: int | None) -> dict:
        """The form's initial values for a line-up: ``players`` in their rows."""
        initial = {"captain": captain}
        for row, (character, position) in enumerate(players[:ROWS], start=1):
            initial[f"character_{row}"] = character
            initial[f"position_{row}"] = position
        return initial
