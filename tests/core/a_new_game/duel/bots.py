"""The duel's bot: a seeker rolls whenever it is their turn."""


class Seeker:
    def choose(self, view, seat, offered, rng):
        return offered[0]
