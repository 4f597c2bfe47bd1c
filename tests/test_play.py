"""The terminal player: its commands, the prose log, one numbering of the moves, the
hand."""

from __future__ import annotations

import io
import re

from labyrinth_gym.play import card_line, help_text, picture, play


def run(game: str, script: str, **kwargs) -> str:
    out = io.StringIO()
    play(game, stdin=io.StringIO(script), stdout=out, **kwargs)
    return out.getvalue()


def test_help_lists_the_commands_and_asks_again():
    text = run("maze_party", "?\nhelp\nq\n", seed=0)
    assert text.count("Commands:") == 2
    for command in ("board", "log", "? help", "q quit"):
        assert command in text
    assert "Left the game." in text
    assert "Type a number" not in text  # a command is not a bad answer


def test_help_text_names_the_range_of_moves():
    assert "1-7    play the move with that number" in help_text(7)


def test_board_and_log_show_again():
    text = run("maze_party", "board\nlog\nq\n", seed=0)
    assert text.count(": your move") == 2  # board drew the turn again
    assert "The last " in text and "Initiative rolls:" in text


def test_the_log_is_prose_from_the_persons_seat():
    text = run("magic", "1\n" * 3000, seed=1, human_seats=[0], agent="random")
    assert "Game over (" in text
    events = [line[5:] for line in text.splitlines() if line.startswith("   . ")]
    assert events and all(e[0].isupper() and e.endswith(".") for e in events)
    assert any(e.startswith("You ") for e in events)
    assert "Seat 1 draws a card." in events  # the other seat's draws stay hidden
    assert not any(re.search(r"\w+=", e) for e in events)


def test_the_moves_are_numbered_once():
    text = run("arcane_labyrinth", "1\n" * 40 + "q\n", seed=0)
    assert "legal:" not in text  # the picture's own list of moves is left out
    assert not re.search(r"^Player \d+ to act \(", text, re.M)
    assert re.search(r"^ +1\. keep$", text, re.M)


def test_picture_drops_only_the_moves_list():
    text = "Turn 2\nPlayer 0 to act (priority); hand: 0:Plains\n    casting X\n" \
           "    legal: 0=pass; 4=play hand 0 (Plains)"
    assert picture(text) == "Turn 2\n    casting X"


def test_hand_cards_show_what_the_observation_gives():
    text = run("labyrinth_cards", "q\n", seed=0, human_seats=[0])
    hand = text.split("Your hand:\n", 1)[1].split("--", 1)[0].splitlines()
    assert hand and all(" and " in line and "(openings " in line for line in hand)
    assert card_line({"name": "Shock", "cost": "{R}", "type": "Instant"}) == (
        "Shock  {R}  Instant")
    assert card_line("Plains") == "Plains"
