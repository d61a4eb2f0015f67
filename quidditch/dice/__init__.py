"""The quidditch dice game (Harry Potter Quidditch, *jeu des dés*), for two players.

The attack rolls four goal dice, the quaffle and the snitch; the defence the
keeper and two bludgers. Each die goes to the scoring row of its number, and
the attack scores the rows the defence's black dice did not block. ``rules/``
holds the pure rules (and ``rules/contract.py`` the shapes a client meets),
``texts`` the game's vocabulary in French (the text's language), German and
English, ``words`` what the platform says of the game with it, ``narration`` the
transcript, ``table`` the pitch as a page draws it, ``bots`` the computer opponent
that plays to win, ``cast`` what a game stores of its settings, and ``manifest``
puts them together for the platform (with the presets and the moments);
``docs/rules/dice-quidditch.md`` says how the text was read.
"""
