"""sim.tournament on a Dask cluster: a `distributed.Client` is executor-shaped (its `submit`
returns futures with `result()`), so the same call scales out; the table is the same."""

from __future__ import annotations

import os
from typing import Any

from distributed import Client, LocalCluster

from birdgames import get_game, sim
from birdgames.bots import GreedyPolicy

PERCH = get_game("perch_bop")


def test_a_local_cluster_of_two_worker_processes_gives_the_same_table() -> None:
    """Worker processes receive the game, config and policies by pickle and play the games;
    the table equals the one played in turn for the same seeds."""
    policies: list[sim.Policy[Any, Any, Any]] = [sim.RandomPolicy()] * 3
    policies[0] = GreedyPolicy(PERCH)
    config = PERCH.default_config(3)
    done: list[int] = []
    # distributed's constructors carry no type hints. The scheduler's HTTP server listens on a
    # free port: with None it still tries 8787, which another run's cluster may hold.
    cluster = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    )
    with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        on_cluster = sim.tournament(
            PERCH, config, policies, 6, 21, client, lambda k, _: done.append(k)
        )
        worker_pids = client.run(os.getpid)
    assert len(worker_pids) == 2
    assert os.getpid() not in worker_pids.values()
    assert on_cluster == sim.tournament(PERCH, config, policies, 6, 21)
    assert done == [1, 2, 3, 4, 5, 6]
