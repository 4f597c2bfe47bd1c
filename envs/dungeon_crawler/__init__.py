"""Dungeon Crawler Labyrinth: 2-6 adventurers race through a tile-laid labyrinth to the
treasure chest at its centre (rules engine in ``engine/``; its env comes with the
engine's activation rules)."""
