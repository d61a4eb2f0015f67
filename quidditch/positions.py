"""The four positions of every quidditch game, the vocabulary the games and the league share.

Pure; each game's package says how many of each a team fields.
"""

KEEPER, SEEKER, CHASER, BEATER = "keeper", "seeker", "chaser", "beater"
