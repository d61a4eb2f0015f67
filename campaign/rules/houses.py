"""The four houses every campaign starts with, as Chat-Quidditch §4.1.1 names them.

Each house's initial begins its players' nicks (``GJäger1``, ``SHüter``) and
its colour is the one its team plays in.
"""

DEFAULT_HOUSES = (
    {"name": "Gryffindor", "initial": "G", "colour": "red"},
    {"name": "Hufflepuff", "initial": "H", "colour": "yellow"},
    {"name": "Ravenclaw", "initial": "R", "colour": "blue"},
    {"name": "Slytherin", "initial": "S", "colour": "green"},
)
