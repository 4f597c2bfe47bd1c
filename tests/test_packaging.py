"""The wheel: built from the repository, it holds every subpackage, data file and
shipped checkpoint under ``labyrinth_gym/``, and every module imports from it alone.

``pip install -e .`` maps folders onto ``labyrinth_gym.*`` at run time and would hide a
subpackage forgotten in ``pyproject.toml``; importing from the unzipped wheel (with the
interpreter's ``site`` machinery off, so the editable finder is not installed) does not.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CODE_DIRS = {  # folder in the repository -> subpackage in the wheel
    "labyrinth_gym": "labyrinth_gym",
    "envs": "labyrinth_gym/envs",
    "agents": "labyrinth_gym/agents",
    "training": "labyrinth_gym/training",
    "evaluation": "labyrinth_gym/evaluation",
    "checkpoints": "labyrinth_gym/checkpoints",
}
SKIP = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "runs", "*.egg-info", "__pycache__", ".*_cache",
    ".hypothesis", "tests",
)
CHECKPOINT_FILES = {"model.zip", "policy.pt", "card.json", "config.yml", "command.txt"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "src"
    shutil.copytree(ROOT, source, ignore=SKIP)
    out = tmp / "dist"
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps",
         "--no-build-isolation", "--no-index", "-q", "-w", str(out)],
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    [built] = out.glob("labyrinth_gym-*.whl")
    return built


@pytest.fixture(scope="module")
def names(wheel) -> set[str]:
    with zipfile.ZipFile(wheel) as zf:
        return set(zf.namelist())


def source_files(pattern: str):
    for folder, package in CODE_DIRS.items():
        for path in sorted((ROOT / folder).rglob(pattern)):
            if "__pycache__" not in path.parts:
                yield path, f"{package}/{path.relative_to(ROOT / folder).as_posix()}"


def test_wheel_holds_data_files_and_the_checkpoints_package(names):
    assert "labyrinth_gym/envs/maze_party/data/mazes.toml" in names
    assert "labyrinth_gym/envs/maze_party/data/characters.toml" in names
    assert "labyrinth_gym/envs/maze_party/data/monsters.toml" in names
    assert "labyrinth_gym/checkpoints/__init__.py" in names


def test_wheel_has_nothing_outside_labyrinth_gym(names):
    tops = {name.split("/", 1)[0] for name in names}
    assert not {"envs", "agents", "training", "evaluation", "checkpoints", "tests"} & tops
    assert all(t == "labyrinth_gym" or t.endswith(".dist-info") for t in tops), tops


def test_every_module_and_data_file_of_the_repository_is_in_the_wheel(names):
    missing = [wheel_name for pattern in ("*.py", "*.toml")
               for _, wheel_name in source_files(pattern) if wheel_name not in names]
    hyper = [w for _, w in source_files("*.yml") if "/training/hyperparams/" in w]
    missing += [w for w in hyper if w not in names]
    shipped = [w for path, w in source_files("*")
               if "/checkpoints/" in w and path.name in CHECKPOINT_FILES]
    missing += [w for w in shipped if w not in names]
    assert not missing, f"files missing from the wheel: {missing}"


IMPORT_ALL = """
import importlib, json, sys, traceback
from pathlib import Path
root = Path(sys.argv[1])
modules, failures, files = [], {}, {}
for path in sorted((root / "labyrinth_gym").rglob("*.py")):
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__main__":
        continue  # importing it would run the CLI
    if parts[-1] == "__init__":
        parts = parts[:-1]
    name = ".".join(parts)
    try:
        module = importlib.import_module(name)
        files[name] = module.__file__
    except Exception:
        failures[name] = traceback.format_exc(limit=3)
from labyrinth_gym.envs.maze_party.engine.data import mazes
from labyrinth_gym import agents
agent = agents.make("maze_party/heuristic")
print(json.dumps({"failures": failures, "files": files, "mazes": sorted(mazes()),
                  "agent": agent.name, "site": "site" in sys.modules}))
"""


def test_every_module_imports_from_the_unzipped_wheel_alone(wheel, tmp_path):
    unzipped = tmp_path / "installed"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(unzipped)
    # The dependencies (numpy, gymnasium, ...) but not the editable install's finder,
    # which ``site`` would activate from a .pth file.
    libs = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = os.pathsep.join([str(unzipped), *sorted(libs)])
    result = subprocess.run(
        [sys.executable, "-S", "-c", IMPORT_ALL, str(unzipped)],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert not report["failures"], "\n".join(report["failures"].values())
    assert not report["site"]
    for name, file in report["files"].items():
        assert Path(file).is_relative_to(unzipped), (name, file)
    expected = {"labyrinth_gym", "labyrinth_gym.envs", "labyrinth_gym.envs.core",
                "labyrinth_gym.envs.maze_party", "labyrinth_gym.envs.maze_party.engine",
                "labyrinth_gym.agents", "labyrinth_gym.checkpoints"}
    assert expected <= set(report["files"])
    assert "enchanted_forest" in report["mazes"]
    assert report["agent"] == "maze_party/heuristic"
