"""What the config module and the contract share: the settings' defaults and the phases.

A module of its own so that the contract (the config's schema, with each setting's
bounds) and the config module (which holds a config to those bounds) import it, and
the config module the contract, one way.
"""

from __future__ import annotations

GATHERING = "gathering"
ROUNDS = "rounds"
ENDED = "ended"

DEFAULTS = {
    "die_size": 20,
    "defended_difficulty_base": 10,
    "defence_attribute": None,
    "max_interveners": None,
    "harm": 1,
}
