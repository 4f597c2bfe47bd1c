"""The Mazerunner league: points, pairings, seasons."""
