"""Table Top Quidditch's rules, pure: a module per idea; ``ruleset`` registers
``tabletop-quidditch`` when it is imported (``apps.py`` does so). Importing the package
alone imports nothing, so that ``bots`` and ``board`` may use the rules' modules without
a cycle through the ruleset, which uses them."""
