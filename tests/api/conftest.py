"""The rulesets test modules register are registered before any module here reads the
contract: the fuzzer reads ``/api/schema/`` when it is imported, and the contract's unions
name the rulesets registered then, while ``/api/rulesets/`` answers with every ruleset
registered by the time it is called. However a session is made up, both then name the same.
"""

import games.testing  # noqa: F401  (registers the "tally" ruleset)
import tests.games.toy  # noqa: F401  (registers the "high-card" ruleset)
