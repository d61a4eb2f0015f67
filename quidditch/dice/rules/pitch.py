"""The pitch (LE TERRAIN): six scoring rows, at most four dice a row.

A die goes to the row of its number. The quaffle and the bludgers have twelve
faces for six rows, which the text does not reconcile (RULES-NOTES): the
setting ``twelve_sided`` says how a face 7-12 finds its row.

- ``halve`` (the default): faces 1-2 go to row 1, 3-4 to row 2, ... 11-12 to
  row 6, so every row is as likely as with a d6;
- ``wrap``: faces 7-12 go to rows 1-6 again (7 to row 1, 12 to row 6).
"""

from __future__ import annotations

ROWS = range(1, 7)
ROW_CAPACITY = 4
TWELVE_SIDED = ("halve", "wrap")


def row_of(face: int, sides: int, twelve_sided: str) -> int:
    """The row a die with ``sides`` faces showing ``face`` must go to."""
    if sides == 6:
        return face
    if twelve_sided == "halve":
        return (face + 1) // 2
    return (face - 1) % 6 + 1


def full(rows: dict[str, list[str]], row: int) -> bool:
    return len(rows[str(row)]) >= ROW_CAPACITY
