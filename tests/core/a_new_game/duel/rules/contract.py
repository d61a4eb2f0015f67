"""The shapes a client of the duel meets (games.contracts): the platform puts them in the
OpenAPI contract and holds every submitted command to them."""

from games.contracts import Contract, command, event, nullable, shape

from .seats import SEATS

SEAT = {"type": "string", "enum": list(SEATS), "description": "A seeker, by house."}
TOTAL = {"type": "integer", "minimum": 0}
FACE = {"type": "integer", "minimum": 1, "maximum": 6}

CONTRACT = Contract(
    example={},
    config=shape({}, description="The duel has no settings."),
    commands={"roll": command("roll", "The seeker whose turn it is rolls the die.", player=SEAT)},
    state=shape(
        {
            "totals": shape(dict.fromkeys(SEATS, TOTAL), description="Each seeker's total."),
            "turn": SEAT,
            "winner": nullable(SEAT, "The seeker who caught the snitch, once one has."),
            "over": {"type": "boolean"},
        }
    ),
    events={
        "rolled": event("rolled", "A seeker rolled.", player=SEAT, face=FACE, total=TOTAL),
        "caught": event(
            "caught", "A seeker's total reached twenty: the snitch is caught.", player=SEAT
        ),
    },
    result=shape({"winner": SEAT}, description="Who caught the snitch."),
)
