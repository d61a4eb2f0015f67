"""Tests of Chat-Quidditch: its pure rules, and its games on the platform."""
