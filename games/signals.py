"""Signals other apps listen to, so that games need not know who cares about them."""

from django.dispatch import Signal

#: Sent inside the transaction that ends a game (``game``, ``now``): a listener's
#: writes commit or roll back together with the game's last event.
game_finished = Signal()
