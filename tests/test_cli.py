"""The scopa command: play writes a record that replay verifies; replay names a bad move; rules lists."""

import json
from pathlib import Path

import pytest

from scopa.domain.games.common.cards import CODES
from scopa.domain.games.scopa.engine import new_match
from scopa.domain.games.scopa.rules import rules_from_options
from tools.cli import main


def test_play_prints_each_deal_and_the_winner_and_writes_a_verifiable_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    assert main(["play", "--bots", "random", "--seed", "5", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "== Deal 1" in out
    assert "Game over" in out
    assert main(["replay", str(record)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is True
    assert report["result"] == json.loads(record.read_text())["result"]


def test_replay_exits_non_zero_naming_the_move_and_the_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    main(["play", "--bots", "random", "--seed", "6", "--quiet", "--record", str(record)])
    capsys.readouterr()
    data = json.loads(record.read_text())
    start = new_match(rules_from_options(data["rules"]), data["master_seed"], data["first_dealer"])
    first = data["deals"][0]["moves"][0]
    first["card"] = next(CODES[c] for c in range(40) if not start.hands[start.turn] >> c & 1)
    first["take"] = []
    record.write_text(json.dumps(data))
    assert main(["replay", str(record)]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert answer["ok"] is False
    assert answer["move"] == 1
    assert answer["rule"] == "card_not_in_hand"


def test_replay_of_a_missing_file_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().out


def test_rules_lists_presets_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for name in ["classic", "scopone_scientifico", "cirulla", "primiera_scale", "tie_rule"]:
        assert name in out
    assert main(["rules", "napola"]) == 0
    assert json.loads(capsys.readouterr().out)["target"] == 21


def test_a_bad_option_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bots", "random", "--options", '{"colour": "red"}']) == 2
    assert "colour: unknown option" in capsys.readouterr().err
