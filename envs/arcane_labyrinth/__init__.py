"""Arcane Labyrinth: a solo Hero against an automated 100-card Labyrinth, on the Magic
card engine."""
