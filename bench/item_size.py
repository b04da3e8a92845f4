"""Match item size and DynamoDB cost per move, for every preset of every game, over whole games vs bots.

``python -m bench.item_size`` (in ``make bench``; ``--json``: the rows; ``--games N``: games per preset).
The real Lambda handler runs in-process on moto (as :mod:`bench.api`); one player plays random legal
moves against greedy house bots in the other seats, every move under its own ``Idempotency-Key`` (the
largest item: the record of the last keyed move is on it). For each preset it reports:

* the billed size of the match item each move writes (mean and largest), DynamoDB's rules
  (:func:`bench.meter.item_size`), and the size the same match would have in the encoding before packing
  (``legacy``: one attribute a field, JSON texts) measured on the same moves;
* the DynamoDB calls per move by operation, and the write units (WRU: one per started KB) and consistent
  read units (RCU: one per started 4 KB) of the move's calls;
* ``over_1kb``: the moves whose item took more than one write unit.

The reference in the same run is the legacy encoding of the same matches: ``ratio`` is the packed mean
over the legacy mean.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
from collections import Counter
from typing import Any

from bench.api import _Client, _environment, _quiet
from bench.meter import DynamoMeter, item_size, read_units, write_units


def _presets() -> list[tuple[str, str, int]]:
    """(game, preset, players) for every preset of every game."""
    from scopa.domain.games import GAMES

    out = []
    for game_name, game in GAMES.items():
        module = (
            "scopa.domain.games.scopa.rules" if game_name == "scopa" else f"scopa.domain.{game_name}.rules"
        )
        presets = __import__(module, fromlist=["PRESETS"]).PRESETS
        for preset in presets:
            out.append((game_name, preset, game.players(game.validate_rules(preset, {}))))
    return out


def _body(move: dict[str, Any], version: int) -> dict[str, Any]:
    body = {name: value for name, value in move.items() if name in ("card", "take", "bid", "call")}
    return {**body, "version": version}


def measure(games: int = 3, seed: int = 7) -> list[dict[str, Any]]:
    from moto import mock_aws

    with _environment(), mock_aws():
        import boto3

        from api import context
        from scopa.adapters.dynamodb.players_matches import (
            _match_from_item,
            create_table,
            legacy_match_item,
        )

        context.reset()
        create_table(boto3.client("dynamodb"), os.environ["TABLE_NAME"])
        client = _Client()
        meter = DynamoMeter(context.dynamodb_client())
        rng = random.Random(seed)
        rows = []
        with _quiet():
            player = client.ok("POST", "/players", {"name": "Bench"})
            me, token = player["player"]["id"], player["token"]
            for game, preset, seats in _presets():
                sizes: list[int] = []
                legacy: list[int] = []
                wru: list[int] = []
                rcu: list[float] = []
                calls: Counter[str] = Counter()
                moves = 0
                for number in range(games):
                    bots = ["bot-greedy"] + [f"bot-greedy-{i}" for i in range(2, seats)]
                    match = client.ok(
                        "POST",
                        "/matches",
                        {
                            "game": game,
                            "preset": preset,
                            "players": [me, *bots],
                            "seed": f"{rng.getrandbits(256):064x}",
                        },
                        token,
                    )
                    while match["status"] == "active":
                        move = rng.choice(match["view"]["legal_moves"])
                        path = f"/matches/{match['id']}/moves"
                        with meter.recording() as made:
                            key = f"{preset}-{number}-{moves}"
                            match = client.ok("POST", path, _body(move, match["version"]), token, key)
                        moves += 1
                        calls.update(c.operation for c in made)
                        written = [c.write_size for c in made if c.operation == "PutItem"]
                        sizes.extend(written)
                        wru.append(sum(write_units(size) for size in written))
                        rcu.append(sum(read_units(c.read_size) for c in made if c.operation == "GetItem"))
                        put = next(c for c in made if c.operation == "PutItem")
                        old = legacy_match_item(_match_from_item(put.params["Item"]))
                        legacy.append(item_size(old))
                rows.append(
                    {
                        "game": game,
                        "preset": preset,
                        "players": seats,
                        "moves": moves,
                        "item_mean": round(statistics.mean(sizes)),
                        "item_max": max(sizes),
                        "legacy_mean": round(statistics.mean(legacy)),
                        "legacy_max": max(legacy),
                        "ratio": round(statistics.mean(sizes) / statistics.mean(legacy), 2),
                        "calls_per_move": {op: round(n / moves, 2) for op, n in sorted(calls.items())},
                        "wru_per_move": round(statistics.mean(wru), 3),
                        "rcu_per_move": round(statistics.mean(rcu), 3),
                        "over_1kb": sum(1 for size in sizes if size > 1024),
                    }
                )
        meter.detach()
        context.reset()
    return rows


def print_rows(rows: list[dict[str, Any]]) -> None:
    head = (
        f"{'game':9} {'preset':20} {'n':>2} {'moves':>5} {'mean B':>6} {'max B':>6} "
        f"{'legacy mean':>11} {'legacy max':>10} {'ratio':>5} {'WRU/mv':>6} {'RCU/mv':>6} {'>1KB':>4}"
        "  calls/move"
    )
    print(head)
    for r in rows:
        calls = " ".join(f"{op} {n}" for op, n in r["calls_per_move"].items())
        print(
            f"{r['game']:9} {r['preset']:20} {r['players']:>2} {r['moves']:>5} {r['item_mean']:>6} "
            f"{r['item_max']:>6} {r['legacy_mean']:>11} {r['legacy_max']:>10} {r['ratio']:>5} "
            f"{r['wru_per_move']:>6} {r['rcu_per_move']:>6} {r['over_1kb']:>4}  {calls}"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per preset")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    rows = measure(args.games)
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print_rows(rows)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
