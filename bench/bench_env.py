"""RL environment steps per second for random play, next to the engine's own random play.

    python bench/bench_env.py [--seconds S] [--rounds R] [--game NAME] [--players N] [--json]

For each configuration, in the same run and on one core:

- engine: seeded random deals through ``new_game`` / ``legal_moves`` / ``push`` (a random
  legal move each time), counted in moves per second;
- env(): the PettingZoo environment as users get it (``<game>_v0.env()``, with PettingZoo's
  wrappers), driven by the usual loop ``agent_iter`` / ``last`` / ``step`` with a random legal
  action taken from the observation's action mask (``choice(mask.nonzero()[0].tolist())``:
  ``np.flatnonzero`` costs 0.6 µs more a call, as much as a third of a Briscola step); in the
  play phase the compiled observer makes the observations (:mod:`aceten.env.compiled`);
- views: the same with ``compiled=False``: every observation built from ``game.view(seat)``
  by the view-based encoder;
- raw: the same loop on the unwrapped environment (``raw_env()``);
- pz: the same loop with PettingZoo's own three wrappers stacked (``wrap(raw, fused=False)``)
  instead of aceten's fused :class:`~aceten.env.ClassicWrapper`;
- view: the engine loop plus one ``game.view(seat)`` per move and nothing else, to show the
  part of the cost that is the view itself;
- floor: the ``env()`` loop with a no-op observation (one constant vector; the action mask
  still made from ``game.legal_moves()``) and no compiled observer: what PettingZoo's AEC loop
  (``agent_iter`` / ``last`` / ``step``), the wrapper, the reward bookkeeping and the engine
  cost together, with no observation to speak of.

The ratio ``engine / env()`` is what the environment costs per step over the engine (the goal
is below 3). Rates are per second of this process's CPU time (``time.process_time``), and the
seven loops take turns in short rounds, each keeping its best round, so that other work on a
shared machine disturbs the figures as little as it can.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time

import numpy as np

import aceten
from aceten.env import ENVIRONMENTS, CardGameEnv, SingleAgentEnv, wrap

CONFIGS = [
    ("briscola", 2, None), ("briscola", 3, None), ("briscola", 4, None),
    ("brisca", 2, None), ("brisca", 3, None), ("brisca", 4, None),
    ("cruce", 2, None), ("cruce", 3, None), ("cruce", 4, None),
    ("klaverjas", 4, "rotterdam"), ("klaverjas", 4, "amsterdam"),
    # five and six seats (chiamata: the auction is observed through views, its play by the
    # compiled observer)
    ("briscola", 5, "chiamata"), ("briscola", 6, None), ("brisca", 6, None),
]  # fmt: skip


def engine_steps(name: str, players: int, variant: str | None, seconds: float, first_seed: int,
                 with_view: bool = False) -> float:
    rng = random.Random(first_seed)
    choice = rng.choice
    steps = 0
    seed = first_seed
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(10):
            g = aceten.new_game(name, players=players, variant=variant, seed=seed)
            seed += 1
            while not g.is_over():
                if with_view:
                    g.view(g.to_move)
                g.push(choice(g.legal_moves()))
                steps += 1
    return steps / (time.process_time() - start)


POLICIES = ("nonzero", "flatnonzero")


def env_steps(env, seconds: float, first_seed: int, policy: str = "nonzero") -> float:
    rng = random.Random(first_seed)
    choice = rng.choice
    flat = policy == "flatnonzero"
    flatnonzero = np.flatnonzero
    steps = 0
    episode = first_seed
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(10):
            env.reset(seed=episode)
            episode += 1
            for _agent in env.agent_iter():
                obs, _reward, terminated, truncated, _info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                if flat:
                    env.step(int(choice(flatnonzero(obs["action_mask"]))))
                else:
                    env.step(choice(obs["action_mask"].nonzero()[0].tolist()))
                steps += 1
    return steps / (time.process_time() - start)


def single_steps(env, seconds: float, first_seed: int) -> float:
    """Learner steps per CPU second of a :class:`~aceten.env.SingleAgentEnv` (the bots' moves
    happen inside each step), with a random learner."""
    rng = random.Random(first_seed)
    steps = 0
    obs, _ = env.reset(seed=first_seed)
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(100):
            obs, _reward, done, _truncated, _info = env.step(
                rng.choice(obs["action_mask"].nonzero()[0].tolist()))
            steps += 1
            if done:
                obs, _ = env.reset()
    return steps / (time.process_time() - start)


def measure_single(seconds: float, rounds: int) -> dict[str, float]:
    """2-player Briscola, the learner against a random bot: compiled observer and views."""
    envs = {name: SingleAgentEnv("briscola", players=2, opponents="random", compiled=compiled)
            for name, compiled in (("compiled", None), ("views", False))}
    best = dict.fromkeys(envs, 0.0)
    for r in range(rounds):
        for name, env in envs.items():
            best[name] = max(best[name], single_steps(env, seconds / rounds, 1000 * r))
    return best


class NoObservationEnv(CardGameEnv):
    """The environment with a constant observation vector (the mask is still the real one)."""

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self.game
        if not hasattr(self, "_constant"):
            self._constant = np.zeros(self.encoder.size, dtype=np.float32)
        moves = game.legal_moves() if self._seat_of[agent] == game.to_move else ()
        return {"observation": self._constant, "action_mask": self.codec.mask(moves)}


def measure(name: str, players: int, variant: str | None, seconds: float, rounds: int,
            policy: str = "nonzero") -> dict:
    module = ENVIRONMENTS[name]
    raw = module.raw_env(players=players, variant=variant)
    wrapped = module.env(players=players, variant=variant)
    stacked = wrap(module.raw_env(players=players, variant=variant), fused=False)
    views = module.env(players=players, variant=variant, compiled=False)
    floor = wrap(NoObservationEnv(name, players, variant, compiled=False))
    best = {"engine": 0.0, "view": 0.0, "raw": 0.0, "env": 0.0, "views": 0.0, "pz": 0.0,
            "floor": 0.0}
    piece = seconds / rounds
    for r in range(rounds):
        seed = 1000 * r
        best["engine"] = max(best["engine"], engine_steps(name, players, variant, piece, seed))
        best["view"] = max(best["view"], engine_steps(name, players, variant, piece, seed, True))
        best["raw"] = max(best["raw"], env_steps(raw, piece, seed, policy))
        best["env"] = max(best["env"], env_steps(wrapped, piece, seed, policy))
        best["views"] = max(best["views"], env_steps(views, piece, seed, policy))
        best["pz"] = max(best["pz"], env_steps(stacked, piece, seed, policy))
        best["floor"] = max(best["floor"], env_steps(floor, piece, seed, policy))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="time per loop and configuration, split into rounds")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--game", action="append", choices=sorted(ENVIRONMENTS),
                        help="only this game (repeatable)")
    parser.add_argument("--players", action="append", type=int,
                        help="only this player count (repeatable)")
    parser.add_argument("--policy", choices=POLICIES, default="nonzero",
                        help="how the random policy reads the mask: "
                             "choice(mask.nonzero()[0].tolist()) or choice(np.flatnonzero(mask))")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for name, players, variant in CONFIGS:
        if (args.game and name not in args.game) or (args.players and players not in args.players):
            continue
        best = measure(name, players, variant, args.seconds, args.rounds, args.policy)
        engine = best["engine"]
        rows.append({"game": name, "players": players, "variant": variant or "standard",
                     "engine_steps_per_s": round(engine), "view_steps_per_s": round(best["view"]),
                     "raw_steps_per_s": round(best["raw"]), "env_steps_per_s": round(best["env"]),
                     "view_cost": round(engine / best["view"], 2),
                     "raw_cost": round(engine / best["raw"], 2),
                     "env_cost": round(engine / best["env"], 2),
                     "views_steps_per_s": round(best["views"]),
                     "views_cost": round(engine / best["views"], 2),
                     "pz_steps_per_s": round(best["pz"]), "pz_cost": round(engine / best["pz"], 2),
                     "floor_steps_per_s": round(best["floor"]),
                     "floor_cost": round(engine / best["floor"], 2)})
    single = measure_single(args.seconds, args.rounds) if not (args.game or args.players) else None
    if args.json:
        print(json.dumps({"python": platform.python_version(), "policy": args.policy,
                          "rows": rows, "single_agent": single}, indent=2))
        return
    print(f"python {platform.python_version()}, numpy {np.__version__}, one core; steps per CPU "
          f"second; policy {args.policy}")
    head = (f"{'game':10} {'n':>2} {'variant':10} {'engine':>9} {'+view':>9} {'raw env':>9} "
            f"{'env()':>9} {'views':>9} {'pz':>9} {'floor':>9} {'view x':>7} {'raw x':>7} "
            f"{'env x':>7} {'views x':>7} {'pz x':>7} {'floor x':>7}")
    print(head)
    for r in rows:
        print(f"{r['game']:10} {r['players']:>2} {r['variant']:10} {r['engine_steps_per_s']:>9,} "
              f"{r['view_steps_per_s']:>9,} {r['raw_steps_per_s']:>9,} {r['env_steps_per_s']:>9,} "
              f"{r['views_steps_per_s']:>9,} {r['pz_steps_per_s']:>9,} "
              f"{r['floor_steps_per_s']:>9,} {r['view_cost']:>7.2f} {r['raw_cost']:>7.2f} "
              f"{r['env_cost']:>7.2f} {r['views_cost']:>7.2f} {r['pz_cost']:>7.2f} "
              f"{r['floor_cost']:>7.2f}")

    if single is not None:
        print(f"SingleAgentEnv, 2-player Briscola, learner against a random bot: "
              f"{single['compiled']:,.0f} learner steps per CPU second (compiled observer), "
              f"{single['views']:,.0f} (compiled=False)")


if __name__ == "__main__":
    main()
