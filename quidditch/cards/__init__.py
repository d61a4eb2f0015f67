"""Quidditch, the card game (Mattel, 2001), for two players with hidden hands.

Each player holds seven cards of a team deck (Gryffindor or Slytherin); the
pitcher turns over balls from the pitch deck, both players lay player cards
face down on them, and the revealed values decide who wins each ball. Spells,
jinxes, fouls and the referee bend the comparison. ``rules/`` holds the pure
rules, ``texts`` the cards' and balls' names, ``words`` the commands in words,
``narration`` the transcript, ``table`` the page, ``bots`` a simple computer
opponent, ``presets`` the New game page's setups, ``cast`` the config as stored,
and ``manifest`` puts them together for the platform;
``docs/rules/card-game.md`` says how the text was read.
"""
