"""Tests of the quidditch app."""
