"""The ``scopa`` command: play, replay, arena and rules.

* ``scopa play``: two (or four) bots play a game, printed deal by deal with the score.
* ``scopa replay FILE``: re-play a game record (Scopa or Briscola), verify it, print the points and result.
* ``scopa arena``: many games between two bots with swapped seats, with a confidence interval.
* ``scopa rules``: the presets and every rule option.

``play``, ``arena`` and ``rules`` take ``--game`` (``scopa``, the default, or ``briscola``): the presets,
their descriptions and the options come from the game's registry entry, the bots from the game's ``BOTS``
(read when the command runs, so a new level is there without a change here).
* ``scopa pipeline`` / ``scopa ratings``: the tournament pipeline, a rating recompute, on a real table.
* ``scopa backup`` / ``scopa restore``: a table to a JSON-lines file (``.gz``: compressed) and back; with
  ``--db PATH`` (or ``STORAGE=sqlite`` and ``SQLITE_PATH``), the SQLite store's database file instead.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from collections.abc import Sequence
from typing import Any

from scopa.domain.games import lookup
from scopa.domain.games.common.cards import DeckStyle, parse_card, short_name
from scopa.domain.games.common.errors import GameError, IllegalMove
from scopa.domain.games.scopa.bots import BOTS, make_bot
from scopa.domain.games.scopa.engine import apply_move, new_match
from scopa.domain.games.scopa.record import RecordBuilder, replay
from scopa.domain.games.scopa.rules import make_rules
from scopa.domain.games.scopa.state import Move, ScopaState, mask_codes
from scopa.domain.games.scopa.views import seat_view

GAMES = ("scopa", "briscola")


def _rules_from_args(args: argparse.Namespace) -> Any:
    """The game's rule set (Scopa's ``RuleSet`` or Briscola's ``BriscolaRules``) from the preset, the JSON
    options and ``--target`` (Briscola: a match to that many card points)."""
    options = json.loads(args.options) if args.options else {}
    if args.game == "briscola":
        from scopa.domain.games.briscola.rules import make_rules as briscola_rules

        if args.target:
            options.update(match="points", points_target=args.target)
        return briscola_rules(args.preset, options)
    if args.target:
        options["target"] = args.target
    return make_rules(args.preset, options)


def _bots_of(game: str) -> dict[str, Any]:
    """The game's bots by name, as its ``BOTS`` holds them now."""
    if game == "briscola":
        from scopa.domain.games.briscola.bots import BOTS as BRISCOLA_BOTS

        return dict(BRISCOLA_BOTS)
    return dict(BOTS)


def _cards(cards: Sequence[str], style: DeckStyle) -> str:
    return " ".join(short_name(parse_card(c), style) for c in cards) or "-"


def cmd_play(args: argparse.Namespace) -> int:
    rules = _rules_from_args(args)
    names = args.bots * (rules.players // len(args.bots)) if rules.players % len(args.bots) == 0 else None
    if names is None or len(names) != rules.players:
        print(f"give 1 or {rules.players} bots (or a divisor of {rules.players})", file=sys.stderr)
        return 2
    known = _bots_of(args.game)
    unknown = [n for n in args.bots if n not in known]
    if unknown:
        print(f"unknown {args.game} bot '{unknown[0]}'; bots: {', '.join(known)}", file=sys.stderr)
        return 2
    if args.game == "briscola":
        from tools.briscola_play import play

        return play(rules, names, args.seed, args.style, args.quiet, args.record)
    bots = [make_bot(name, seed=(args.seed or 0) + i) for i, name in enumerate(names)]
    seed = f"{args.seed:064x}" if args.seed is not None else None
    state = new_match(rules, seed, first_dealer=0)
    record = RecordBuilder.start(state, [f"bot:{n}" for n in names])
    style: DeckStyle = args.style
    out = sys.stdout
    deal_no = -1
    while not state.finished:
        if state.deal_index != deal_no:
            deal_no = state.deal_index
            print(
                f"\n== Deal {deal_no + 1}: dealer seat {state.dealer}, "
                f"table {_cards(mask_codes(state.table), style)}",
                file=out,
            )
            for b in state.bonuses:
                print(f"   seat {b.seat} bonus {b.kind}: +{b.points}", file=out)
        view = seat_view(state, state.turn)
        move = Move.from_json(bots[state.turn].choose(view))
        after = apply_move(state, move, state.turn)
        record.add(state, move, after)
        if not args.quiet:
            taken = f" takes {_cards(mask_codes(move.take), style)}" if move.take else " on the table"
            played = after.last_move if after.deal_index == state.deal_index else None  # a new deal: none
            sweep = "  SCOPA!" if played is not None and played.scopa else ""
            print(
                f"   seat {state.turn} ({names[state.turn]}): {short_name(move.card, style)}{taken}{sweep}",
                file=out,
            )
        if after.deal_index != state.deal_index or after.finished:
            _print_deal_score(after, out)
        state = after
    assert state.result is not None
    sides = ", ".join(f"side {s}: {p}" for s, p in enumerate(state.result.scores))
    print(f"\nGame over ({state.result.reason}): side {state.result.winner} wins. {sides}", file=out)
    if args.record:
        with open(args.record, "w", encoding="utf-8") as fh:
            json.dump(record.finish(state), fh, indent=1)
        print(f"record written to {args.record} (check it with: scopa replay {args.record})", file=out)
    return 0


def _print_deal_score(state: ScopaState, out: Any) -> None:
    deal = state.last_deal
    if deal is None:
        return
    for side, points in enumerate(deal.points):
        detail = ", ".join(f"{k} {v}" for k, v in points.items()) or "nothing"
        print(
            f"   side {side}: {sum(points.values())} ({detail}); "
            f"cards {deal.cards[side]}, coins {deal.coins[side]},"
            f" primiera {deal.primiera[side]}",
            file=out,
        )
    print(f"   score: {' - '.join(str(s) for s in state.scores)}", file=out)


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as fh:
            record = json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        print(json.dumps({"ok": False, "error": f"cannot read {args.file}: {exc}"}))
        return 2
    try:
        if isinstance(record, dict):  # the record names its game; the registry's engine verifies it
            result = lookup(str(record.get("game", "scopa"))).verify_record(record)
        else:
            result = replay(record).to_json()  # not a record at all: Scopa's reader says why
    except IllegalMove as exc:
        print(
            json.dumps({"ok": False, "move": exc.move_number, "rule": exc.rule.value, "error": exc.message})
        )
        return 1
    except GameError as exc:
        print(json.dumps({"ok": False, "error": str(exc)}))
        return 1
    print(json.dumps(result, indent=None if args.compact else 1))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    """The game's presets with their descriptions and options, and every option; or one preset in full."""
    game = lookup(args.game)
    if args.preset:
        print(json.dumps(game.effective_rules(game.validate_rules(args.preset, {})), indent=1))
        return 0
    print(f"Presets ({game.name}):")
    for name, text in game.preset_descriptions.items():
        print(f"  {name:<20} {text}")
        options = game.presets.get(name) or {}
        if options:
            print(f"  {'':<20} options {json.dumps(options)}")
    print("\nOptions (pass as JSON with --options):")
    for name, info in game.rules_model.model_fields.items():
        print(f"  {name:<24} default {json.dumps(info.default):<16} {info.description or ''}")
    return 0


def cmd_arena(args: argparse.Namespace) -> int:
    from tools.arena import run_arena

    rules = _rules_from_args(args)
    report = run_arena(
        args.bot_a,
        args.bot_b,
        games=args.games,
        rules=rules,
        seed=args.seed,
        progress=not args.no_progress,
        workers=args.workers,
        game=args.game,
    )
    print(report.to_text())
    if args.json:
        print(json.dumps(report.to_json()))
    return 0


def _table_client(args: argparse.Namespace, command: str) -> tuple[Any, str] | None:
    """A DynamoDB client (AWS, or ``DYNAMODB_ENDPOINT``) and the table from ``--table`` or ``TABLE_NAME``;
    None (after a message) when no table is named."""
    import os

    import boto3

    table = args.table or os.environ.get("TABLE_NAME")
    if not table:
        print(f"scopa {command}: name the table with --table or TABLE_NAME", file=sys.stderr)
        return None
    return boto3.client("dynamodb", endpoint_url=os.environ.get("DYNAMODB_ENDPOINT") or None), table


def _services_on_table(args: argparse.Namespace, command: str) -> Any:
    """The product's services on a real table, as the Lambdas build them (shards from ``RANKING_SHARDS``)."""
    import os

    from scopa.adapters.dynamodb.stores import dynamodb_stores
    from scopa.application.clock import SystemClock
    from scopa.application.wiring import ServiceSet

    found = _table_client(args, command)
    if found is None:
        return None
    client, table = found
    return ServiceSet(
        dynamodb_stores(client, table, int(os.environ.get("RANKING_SHARDS") or 4)), SystemClock()
    )


def cmd_pipeline(args: argparse.Namespace) -> int:
    """One pipeline run against a real table: what the schedule runs."""
    services = _services_on_table(args, "pipeline")
    if services is None:
        return 2
    pipeline = services.pipeline
    if args.tournament:
        print(json.dumps({"tournament": args.tournament, "steps": pipeline.advance(args.tournament)}))
        return 0
    report = pipeline.run().to_json()
    print(json.dumps(report))
    return 1 if report["errors"] else 0


def cmd_ratings(args: argparse.Namespace) -> int:
    """Recompute a pool's ratings from its rated-match log on a real table."""
    from scopa.application.auth import ADMIN_ID, Caller

    services = _services_on_table(args, "ratings")
    if services is None:
        return 2
    print(json.dumps(dataclasses.asdict(services.ratings.recompute(Caller(ADMIN_ID, "admin"), args.pool))))
    return 0


def _progress_bar(args: argparse.Namespace, total: int, what: str) -> Any:
    """A tqdm bar on stderr, shown only on a terminal and without ``--quiet``."""
    from tqdm import tqdm

    return tqdm(
        total=total or None,
        unit=" items",
        desc=what,
        file=sys.stderr,
        disable=args.quiet or not sys.stderr.isatty(),
    )


def _sqlite_path(args: argparse.Namespace) -> str | None:
    """The SQLite database a backup or restore is about: ``--db``, or ``SQLITE_PATH`` when
    ``STORAGE=sqlite`` and no ``--table`` is given; None for a DynamoDB table."""
    import os

    if args.db:
        return str(args.db)
    if not args.table and os.environ.get("STORAGE") == "sqlite":
        return os.environ.get("SQLITE_PATH") or ""
    return None


def cmd_backup(args: argparse.Namespace) -> int:
    """Every item of a table to a JSON-lines file (or standard output), streamed page by page; or a copy
    of the SQLite database file (SQLite's online backup)."""
    from tools import backup

    db = _sqlite_path(args)
    if db is not None:
        return _backup_sqlite(db, args.out)
    found = _table_client(args, "backup")
    if found is None:
        return 2
    client, table = found
    if args.out == "-" and sys.stdout.isatty():
        print("scopa backup: name a file with --out, or redirect standard output", file=sys.stderr)
        return 2
    with _progress_bar(args, backup.estimate_items(client, table), f"backup {table}") as bar:
        count = backup.backup_to_file(client, table, args.out, segments=args.segments, progress=bar.update)
    print(f"scopa backup: {count} items of {table} written to {args.out}", file=sys.stderr)
    return 0


def _backup_sqlite(db: str, out: str) -> int:
    from tools import backup

    if not db:
        print("scopa backup: STORAGE=sqlite needs SQLITE_PATH (or give --db)", file=sys.stderr)
        return 2
    if out == "-":
        print("scopa backup: a SQLite backup is a file: name it with --out", file=sys.stderr)
        return 2
    try:
        rows = backup.backup_sqlite(db, out)
    except (OSError, backup.BackupError) as exc:
        print(f"scopa backup: {exc}", file=sys.stderr)
        return 1
    print(f"scopa backup: {rows} rows of {db} written to {out}", file=sys.stderr)
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """A backup file (or standard input) into a table: created when missing, refused when not empty. With
    a SQLite database: a backup file copied into it, created when missing, refused when it holds rows."""
    from tools import backup

    db = _sqlite_path(args)
    if db is not None:
        return _restore_sqlite(args.input, db, args.force)
    found = _table_client(args, "restore")
    if found is None:
        return 2
    client, table = found
    try:
        with backup.open_for_reading(args.input) as source:
            lines = iter(source)
            header = backup.read_header(lines)
            created = backup.prepare_table(client, table, args.force)
            with _progress_bar(args, header.items_estimate, f"restore {table}") as bar:
                count = backup.write_items(client, table, backup.read_items(lines), progress=bar.update)
    except (OSError, backup.BackupError) as exc:
        print(f"scopa restore: {exc}", file=sys.stderr)
        return 1
    made = " (table created)" if created else ""
    print(f"scopa restore: {count} items from {args.input} written to {table}{made}", file=sys.stderr)
    return 0


def _restore_sqlite(source: str, db: str, force: bool) -> int:
    from tools import backup

    if not db:
        print("scopa restore: STORAGE=sqlite needs SQLITE_PATH (or give --db)", file=sys.stderr)
        return 2
    if source == "-":
        print("scopa restore: a SQLite backup is a file: name it with --in", file=sys.stderr)
        return 2
    try:
        rows, created = backup.restore_sqlite(source, db, force=force)
    except (OSError, backup.BackupError) as exc:
        print(f"scopa restore: {exc}", file=sys.stderr)
        return 1
    made = " (database created)" if created else ""
    print(f"scopa restore: {rows} rows from {source} written to {db}{made}", file=sys.stderr)
    return 0


def cmd_bot(args: argparse.Namespace) -> int:
    from scopa_client.bot import run_command

    return run_command(args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="scopa", description="Scopa rules engine, bots and tools")
    sub = parser.add_subparsers(dest="command", required=True)

    def game_arg(p: argparse.ArgumentParser) -> None:
        p.add_argument("--game", default="scopa", choices=GAMES, help="the game (default: scopa)")

    def rule_args(p: argparse.ArgumentParser) -> None:
        game_arg(p)
        p.add_argument("--preset", default="classic", help="rule preset (see: scopa rules [--game G])")
        p.add_argument("--options", help="rule options as JSON, e.g. '{\"target\": 21}'")
        p.add_argument(
            "--target", type=int, help="points to win (Briscola: a match to that many card points)"
        )

    play = sub.add_parser("play", help="bots play a game, printed deal by deal")
    rule_args(play)
    play.add_argument(
        "--bots",
        nargs="+",
        default=["greedy", "random"],
        help="bot names, one per seat or repeated (the game's)",
    )
    play.add_argument("--seed", type=int, help="seed for a reproducible game")
    play.add_argument("--style", default="italian", choices=["italian", "french", "spanish", "english"])
    play.add_argument("--record", help="write the game record (JSON) to this file")
    play.add_argument("--quiet", action="store_true", help="print only the deal scores")
    play.set_defaults(func=cmd_play)

    rep = sub.add_parser("replay", help="verify a game record and print its points and result")
    rep.add_argument("file")
    rep.add_argument("--compact", action="store_true")
    rep.set_defaults(func=cmd_replay)

    arena = sub.add_parser("arena", help="play N games between two bots, seats swapped")
    rule_args(arena)
    arena.add_argument("bot_a")
    arena.add_argument("bot_b")
    arena.add_argument("-n", "--games", type=int, default=200)
    arena.add_argument("--seed", type=int, default=0)
    arena.add_argument("--no-progress", action="store_true")
    arena.add_argument("--workers", type=int, help="processes playing in parallel (default: up to 2)")
    arena.add_argument("--json", action="store_true", help="also print the report as JSON")
    arena.set_defaults(func=cmd_arena)

    rules = sub.add_parser("rules", help="list presets and options, or show one preset in full")
    game_arg(rules)
    rules.add_argument("preset", nargs="?")
    rules.set_defaults(func=cmd_rules)

    pipe = sub.add_parser(
        "pipeline", help="run the tournament pipeline once on a table (as the schedule does)"
    )
    pipe.add_argument("--table", help="the DynamoDB table (default: TABLE_NAME)")
    pipe.add_argument("--tournament", help="advance only this tournament")
    pipe.set_defaults(func=cmd_pipeline)

    ratings = sub.add_parser("ratings", help="recompute a rating pool from its rated matches (admin)")
    ratings.add_argument("action", choices=["recompute"])
    ratings.add_argument("--pool", default="scopa")
    ratings.add_argument("--table", help="the DynamoDB table (default: TABLE_NAME)")
    ratings.set_defaults(func=cmd_ratings)

    where = (
        "A DynamoDB table (--table, or TABLE_NAME) is written as JSON lines; a SQLite database (--db PATH, "
        "or SQLITE_PATH when STORAGE=sqlite and no --table is given) as a copy of its file made by "
        "SQLite's online backup. A name ending in .gz is gzip-compressed."
    )
    back = sub.add_parser(
        "backup",
        help="write every item of a table, or a SQLite database, to a file (.gz: gzip)",
        description=where,
    )
    back_store = back.add_mutually_exclusive_group()
    back_store.add_argument("--table", help="the DynamoDB table (default: TABLE_NAME)")
    back_store.add_argument(
        "--db", metavar="PATH", help="the SQLite database file to back up (instead of a table)"
    )
    back.add_argument(
        "--out", default="-", help="the file to write, or - for standard output (default; tables only)"
    )
    back.add_argument("--segments", type=int, default=1, help="parallel scan segments (default 1)")
    back.add_argument("--quiet", action="store_true", help="no progress bar")
    back.set_defaults(func=cmd_backup)

    res = sub.add_parser(
        "restore",
        help="write a backup into a table or a SQLite database (created when missing)",
        description=where + " A table or database that already holds items is refused unless --force.",
    )
    res_store = res.add_mutually_exclusive_group()
    res_store.add_argument("--table", help="the DynamoDB table (default: TABLE_NAME)")
    res_store.add_argument(
        "--db", metavar="PATH", help="the SQLite database file to restore into (instead of a table)"
    )
    res.add_argument(
        "--in", dest="input", required=True, help="the backup file, or - for standard input (tables only)"
    )
    res.add_argument(
        "--force", action="store_true", help="restore into a table or database that already holds items"
    )
    res.add_argument("--quiet", action="store_true", help="no progress bar")
    res.set_defaults(func=cmd_restore)

    from scopa_client.bot import add_arguments as bot_arguments

    bot = sub.add_parser(
        "bot",
        help="connect a bot program to the service as a bot account (docs/bots.md)",
        description="Runs PROGRAM and plays its moves: one JSON line in per decision, one move out. "
        "The bot account's token is read from SCOPA_BOT_TOKEN (see --token-env).",
    )
    bot_arguments(bot)
    bot.set_defaults(func=cmd_bot)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except GameError as exc:
        print(f"scopa: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
