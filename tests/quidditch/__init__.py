"""Tests of the quidditch games, a folder per game."""
