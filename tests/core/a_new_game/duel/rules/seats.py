"""The two seekers, and the total that catches the snitch (docs/rules/seeker-duel.md)."""

SEATS = ("gryffindor", "slytherin")
TARGET = 20
