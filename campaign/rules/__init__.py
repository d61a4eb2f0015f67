"""The pure rules of the campaign's RPG (Draco Dormiens): checks now, more as it grows."""
