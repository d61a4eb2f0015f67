"""Table Top Quidditch (TTQ): the board game on a grid of squares, for two players.

Each player commands a team of seven on an oval pitch: in a phase one chaser,
one beater and the seeker may act, then the other side plays. ``rules/`` holds
the pure rules (a module per idea: the pitch, the directional die, teams,
phases, the quaffle, tackles, bludgers, the snitch, scenarios, the contract),
``words``, ``texts`` and ``narration`` the game in German, English and French,
``bots`` the bot that plays to win, ``table`` the board on the match page,
``board`` the pitch as an SVG picture, and ``manifest`` puts them together for
the platform; ``docs/rules/tabletop-quidditch.md`` says how the text was read.
"""
