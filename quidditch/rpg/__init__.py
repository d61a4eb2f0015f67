"""Draco Dormiens' optional quidditch rules: a match between teams of the campaign's characters.

A match is played in turns, each with a scoring phase and a blocking phase,
and a snitch phase at the end of the tenth turn and every fifth after. The
rolls are the campaign's own checks, with the characters' own attributes;
the winning house earns the difference of the scores as house points, and
Health lost in the match is written back to the sheets (``receivers``).
``docs/rules/rpg-quidditch.md`` says how the text was read.
"""
