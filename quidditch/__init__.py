"""The quidditch games: a package each, side by side (see docs/architecture.md)."""
