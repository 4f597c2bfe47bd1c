"""Train on a two-node Ray cluster made on this machine, and show where the work ran.

Starts a Ray head and a second Ray node as separate processes over loopback (one CPU
each, so the two env runners go one to each node), trains the card game by self-play
through ``--address`` for a few iterations, reads the runners' nodes from Ray's state
API, prints steps per second and the placement, and stops both nodes.

    python examples/rllib_two_nodes.py [--game labyrinth_cards] [--timesteps 4096]

Needs the ``[rllib]`` extra. On real machines the same run is ``ray start --head`` on
one, ``ray start --address HEAD:6379`` on the others and
``labyrinth-gym train GAME --backend rllib --address HEAD:6379 --env-runners N``.
"""

from __future__ import annotations

import argparse

from labyrinth_gym.training.cluster import two_node_training


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="labyrinth_cards")
    parser.add_argument("--timesteps", type=int, default=4096)
    parser.add_argument("--out", default="runs/two_nodes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hyperparams", help="a hyperparameter file (default the game's)")
    args = parser.parse_args()
    report = two_node_training(args.game, args.timesteps, args.out, args.seed,
                               hyperparams=args.hyperparams)
    print(f"{report['game']}: {report['steps']:,} env steps in "
          f"{report['train_wall_seconds']} s on 2 nodes at {report['address']}: "
          f"{report['steps_per_second']:,.0f} steps/s, {report['per_runner']:,.0f} per runner")
    for i, runner in enumerate(report["runners"], 1):
        kind = "head node" if runner["head_node"] else "second node"
        print(f"  env runner {i}: {kind} {runner['node_id'][:12]} ({runner['node_ip']}), "
              f"pid {runner['pid']}, {runner['state']}")
    for snap in report["snapshots"]:
        print(f"  snapshot at {snap['steps']:,} steps reached {snap['envs']} envs")
    print(f"wrote {args.out}/two_nodes.json")


if __name__ == "__main__":
    main()
