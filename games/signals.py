"""Signals other apps listen to, so that games need not know who cares about them.

Each is sent by the game's ruleset class: a game package hears its own games only by
connecting with ``sender=`` its ruleset (``quidditch.rpg``'s write-back), rather than
reading every game's ruleset name.
"""

from django.dispatch import Signal

#: Sent inside the transaction that sets a game up (``game``, ``now``), once its seats
#: are taken and before any bot has acted.
game_started = Signal()

#: Sent inside the transaction that appends an event to a game's log (``game``, ``event``,
#: the stored ``GameEvent``): a listener's writes commit with the event or not at all.
#: It runs on every command, so a listener must be cheap when it has nothing to do.
event_appended = Signal()

#: Sent inside the transaction that ends a game (``game``, ``now``): a listener's
#: writes commit or roll back together with the game's last event.
game_finished = Signal()

#: Sent inside the transaction in which a storyguide makes a finished friendly game count
#: (``game``, ``now``; ``campaign.counting``): a listener credits what the game's end would
#: have credited had it counted, once (a credit of its own already there is left as it is).
#: A ruleset's games count for something only if a listener is connected for it.
game_counted = Signal()

#: Sent inside the transaction that abandons a game before its end (``game``, ``now``).
game_abandoned = Signal()
