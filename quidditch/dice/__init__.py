"""The quidditch dice game (Harry Potter Quidditch, *jeu des dés*), for two players.

The attack rolls four goal dice, the quaffle and the snitch; the defence the
keeper and two bludgers. Each die goes to the scoring row of its number, and
the attack scores the rows the defence's black dice did not block. ``rules/``
holds the pure rules, ``narration`` the transcript in French (the text's
language) and English, ``bots`` a sensible computer opponent;
``docs/rules/dice-quidditch.md`` says how the text was read.
"""
