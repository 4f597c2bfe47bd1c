"""The per-game pages in ``docs/games/`` keep up with the code.

Every game has a page and a row in the index; a page names the game's current
Gymnasium id and PettingZoo name, its action and observation sizes, and every
constructor argument with its default (and each listed choice); and its first python
code block runs.
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import pytest

from labyrinth_gym.envs import game_names, game_spec

DOCS = Path(__file__).resolve().parents[1] / "docs" / "games"
GAMES = game_names()


def _page(name: str) -> str:
    return (DOCS / f"{name}.md").read_text(encoding="utf-8")


def _section(text: str, title: str) -> str:
    """The body of the ``## title`` section (up to the next ``## `` heading)."""
    match = re.search(rf"^## {re.escape(title)}\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"no '## {title}' section"
    return match.group(1)


def _arguments(name: str) -> dict[str, object]:
    """Every constructor argument of the game with its default: the spec's declared
    options, and any named parameter of its ``new_game`` beyond the generator."""
    spec = game_spec(name)
    args: dict[str, object] = {o.name: o.default for o in spec.options}
    params = list(inspect.signature(spec.new_game).parameters.values())[1:]
    for p in params:
        if p.kind in (p.VAR_KEYWORD, p.VAR_POSITIONAL) or p.name in args:
            continue
        args[p.name] = None if p.default is p.empty else p.default
    return args


def _shown(value: object) -> list[str]:
    """How a page may write a value: Python's form, and JSON's for what JSON has."""
    forms = [f"`{value!r}`".replace("'", '"'), f"`{value}`"]
    if value is None or isinstance(value, (bool, int, float, str)):
        forms.append(f"`{json.dumps(value)}`")
    return forms


def test_every_game_has_a_page_and_an_index_row():
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for name in GAMES:
        assert (DOCS / f"{name}.md").is_file(), f"docs/games/{name}.md is missing"
        assert f"({name}.md)" in index, f"the index does not link {name}.md"
        assert f"`{game_spec(name).env_id}`" in index, f"the index lacks {name}'s id"
        assert f"`labyrinth_gym.envs.{name}`" in index


@pytest.mark.parametrize("name", GAMES)
def test_page_names_the_current_ids_and_sizes(name):
    from importlib import import_module

    spec = game_spec(name)
    text = _page(name)
    header = text.split("\n## ", 1)[0]
    assert f'gymnasium.make("{spec.env_id}")' in header
    assert f"labyrinth_gym.envs.{name}.env()" in header
    pz_name = import_module(f"labyrinth_gym.envs.{name}").raw_env.metadata["name"]
    assert f"`{pz_name}`" in header, f"the header should name PettingZoo's {pz_name}"
    assert f"`Discrete({spec.num_actions})`" in header
    assert f"`({spec.observation_size},)`" in header
    assert f"- v{spec.version}:" in _section(text, "Version history")


@pytest.mark.parametrize("name", GAMES)
def test_page_lists_every_argument_with_its_default(name):
    spec = game_spec(name)
    table = _section(_page(name), "Arguments")
    rows = {m.group(1): m.group(0) for m in
            re.finditer(r"^\| `(\w+)` \|.*$", table, re.M)}
    for arg, default in _arguments(name).items():
        assert arg in rows, f"docs/games/{name}.md: argument {arg!r} is not in the table"
        cells = [c.strip() for c in rows[arg].strip("|").split("|")]
        assert any(cells[1].startswith(form) for form in _shown(default)), (
            f"docs/games/{name}.md: {arg!r} should default to {default!r}, "
            f"the page says {cells[1]}")
    for option in spec.options:
        for choice in option.choices() or ():
            assert any(form in rows[option.name] for form in _shown(choice)), (
                f"docs/games/{name}.md: {option.name!r} does not list {choice!r}")


def _first_python_block(text: str) -> str:
    match = re.search(r"^```python\n(.*?)^```", text, re.M | re.S)
    assert match, "no python code block"
    return match.group(1)


@pytest.mark.parametrize("name", GAMES)
def test_first_code_block_runs(name, capsys):
    code = _first_python_block(_page(name))
    assert game_spec(name).env_id in code
    exec(compile(code, f"docs/games/{name}.md", "exec"), {"__name__": "docs_example"})
    assert "reward" in capsys.readouterr().out
