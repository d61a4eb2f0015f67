"""Table Top Quidditch's rules, pure: a module per idea; ``ruleset`` is the
:class:`games.ruleset.Ruleset` that the package's manifest (``manifest.py``) registers.
The rules import nothing of the package outside ``rules/``: the words, the narration, the
table, the bots and the board read the rules, never the other way round."""
