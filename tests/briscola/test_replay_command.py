"""``scopa replay`` verifies a Briscola record too, and names the rule of a move that breaks one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scopa.domain.games import GAMES
from tools.cli import main


def briscola_record(preset: str) -> dict[str, object]:
    game = GAMES["briscola"]
    state = game.new_state(game.validate_rules(preset, {}), "cd" * 32, 0)
    log = []
    while (turn := game.turn(state)) is not None:
        state, entry = game.apply(state, turn, game.legal_moves(state)[0])
        log.append(entry)
    return game.record(state, log, [f"p{s}" for s in range(game.players(game.validate_rules(preset, {})))])


def test_replay_verifies_a_briscola_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "briscola.json"
    record = briscola_record("chiamata")
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is True
    assert report["result"] == record["result"]


def test_replay_names_the_rule_a_briscola_move_breaks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = briscola_record("classic")
    games = record["games"]
    assert isinstance(games, list)
    first = games[0]["moves"][0]
    seat, _, move = first.partition(":")
    games[0]["moves"][0] = f"{1 - int(seat)}:{move}"  # the wrong seat plays first
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report == {"ok": False, "move": 1, "rule": "not_your_turn", "error": report["error"]}
