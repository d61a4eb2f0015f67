# The minimal game that tests/core/test_a_new_game.py writes into a scratch copy of the
# project: its own test runs there, not here.
collect_ignore = ["a_new_game"]
