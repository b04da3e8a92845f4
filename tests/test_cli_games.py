"""The ``scopa`` command serves both games: ``rules``, ``play``, ``arena`` and ``replay`` with ``--game``.

Each command runs as a user runs it: a subprocess from a shell that sets none of the suite's variables
(``slow``: each start of the command costs about two seconds, so ``make check`` leaves these to
``make test``, as it leaves tests/test_cli.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scopa.domain.games.briscola.bots import BOTS as BRISCOLA_BOTS
from scopa.domain.games.briscola.bots.simple import GreedyBot
from tests.infra.conftest import ROOT, clean_shell
from tools.cli import main


def scopa(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tools.cli", *args],
        cwd=ROOT,
        env=clean_shell(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "preset", "option", "value"),
    [("scopa", "napola", "target", 21), ("briscola", "chiamata", "players", 5)],
)
def test_rules_lists_the_games_presets_and_shows_one_in_full(
    game: str, preset: str, option: str, value: int
) -> None:
    listing = scopa("rules", "--game", game)
    assert listing.returncode == 0, listing.stderr
    assert f"Presets ({game}):" in listing.stdout
    assert f"  {preset} " in listing.stdout
    full = scopa("rules", "--game", game, preset)
    assert full.returncode == 0, full.stderr
    assert json.loads(full.stdout)[option] == value


@pytest.mark.slow
def test_the_briscola_rules_name_each_presets_options_and_every_option() -> None:
    out = scopa("rules", "--game", "briscola").stdout
    chiamata = out.split("\n  chiamata ", 1)[1].splitlines()
    assert json.loads(chiamata[1].split("options ", 1)[1]) == {"players": 5, "chiamata": True, "hand_size": 8}
    for option in ("players", "hand_size", "decks", "chiamata", "scoperta", "signals", "points_target"):
        assert f"\n  {option} " in out


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "preset", "bots", "heading"),
    [
        ("scopa", "classic", ["greedy", "random"], "== Deal 1"),
        ("briscola", "classic", ["greedy", "random"], "== Game 1: dealer seat 0, trump "),
        ("briscola", "chiamata", ["greedy"], "== Game 1: dealer seat 0, an auction for the trump"),
        ("briscola", "six_players", ["greedy", "random"], "== Game 1: dealer seat 0, trump "),
    ],
)
def test_play_writes_a_record_that_replay_verifies(
    tmp_path: Path, game: str, preset: str, bots: list[str], heading: str
) -> None:
    record = tmp_path / "game.json"
    played = scopa(
        "play", "--game", game, "--preset", preset, "--bots", *bots, "--seed", "7", "--record", str(record)
    )
    assert played.returncode == 0, played.stderr
    assert heading in played.stdout
    assert "Game over" in played.stdout
    data = json.loads(record.read_text())
    assert data.get("game", "scopa") == game
    checked = scopa("replay", str(record))
    assert checked.returncode == 0, checked.stdout
    report = json.loads(checked.stdout)
    assert report["ok"] is True
    assert report["result"] == data["result"]


@pytest.mark.slow
def test_a_briscola_play_prints_every_trick_and_each_games_points(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    out = scopa(
        "play", "--game", "briscola", "--bots", "greedy", "--seed", "3", "--record", str(record)
    ).stdout
    tricks = [line for line in out.splitlines() if "takes the trick (+" in line]
    assert len(tricks) == 20 * len(json.loads(record.read_text())["games"])
    first_game = json.loads(record.read_text())["games"][0]
    taken = [0, 0]
    for line in tricks[:20]:
        seat = int(line.split("seat ", 1)[1].split(" ", 1)[0])
        taken[seat] += int(line.rsplit("(+", 1)[1].rstrip(")"))
    assert taken == first_game["points"]
    assert f"card points: side 0: {taken[0]}, side 1: {taken[1]}" in out


@pytest.mark.slow
def test_a_tampered_briscola_record_names_the_move_and_rule(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    assert scopa("play", "--game", "briscola", "--bots", "random", "--seed", "9", "--quiet",
                 "--record", str(record)).returncode == 0  # fmt: skip
    data = json.loads(record.read_text())
    seat, card = data["games"][0]["moves"][1].split(":")
    data["games"][0]["moves"][1] = f"{seat}:{data['games'][0]['moves'][0].split(':')[1]}"  # played already
    record.write_text(json.dumps(data))
    checked = scopa("replay", str(record))
    assert checked.returncode == 1
    answer = json.loads(checked.stdout)
    assert (answer["ok"], answer["move"], answer["rule"]) == (False, 2, "card_not_in_hand")
    assert card not in answer["error"]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "unit", "label"), [("scopa", "deal", "points/deal"), ("briscola", "game", "card points/game")]
)
def test_arena_totals_add_up(game: str, unit: str, label: str) -> None:
    done = scopa(
        "arena", "--game", game, "greedy", "random", "-n", "6", "--no-progress", "--json", "--seed", "2"
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    report: dict[str, Any] = json.loads(lines[-1])
    assert (report["game"], report["unit"], report["games"], report["pairs"]) == (game, unit, 6, 3)
    assert report["wins"]["a"] + report["wins"]["b"] == 6
    assert report["deals"] >= 6
    per = report["points_per_deal"]
    assert report["difference_per_deal"] == pytest.approx(per["a"] - per["b"])
    low, high = report["difference_ci95"]
    assert low <= report["difference_per_deal"] <= high
    if game == "briscola":  # every game's card points add up to the deck's 120
        assert (per["a"] + per["b"]) == pytest.approx(120)
    assert label in "\n".join(lines[:-1])


@pytest.mark.slow
def test_unknown_bots_and_games_are_clear_errors() -> None:
    bad_bot = scopa("play", "--game", "briscola", "--bots", "oracle")
    assert bad_bot.returncode == 2
    assert "unknown briscola bot 'oracle'; bots: random, greedy, strong" in bad_bot.stderr
    bad_game = scopa("rules", "--game", "tressette")
    assert bad_game.returncode == 2
    assert "invalid choice" in bad_game.stderr
    three_sides = scopa(
        "arena", "--game", "briscola", "--preset", "three_players", "greedy", "random", "-n", "2"
    )
    assert three_sides.returncode == 2
    assert "two sides" in three_sides.stderr


class Careful(GreedyBot):
    """A level added after the CLI was written: the CLI must find it by name when it runs."""


def test_bots_are_looked_up_when_the_command_runs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(BRISCOLA_BOTS, "careful", Careful)
    assert main(["play", "--game", "briscola", "--bots", "careful", "random", "--seed", "1", "--quiet"]) == 0
    assert "seat 0 (careful)" not in capsys.readouterr().out  # quiet: only the scores
    assert main(["arena", "--game", "briscola", "careful", "random", "-n", "2", "--no-progress"]) == 0
    assert "careful" in capsys.readouterr().out


def test_in_process_a_briscola_match_is_played_recorded_replayed_and_an_arena_adds_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The quick witness ``make check`` runs (the subprocess tests above are ``slow``)."""
    record = tmp_path / "game.json"
    assert main(["play", "--game", "briscola", "--bots", "greedy", "random", "--seed", "5",
                 "--record", str(record)]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert out.count("takes the trick (+") == 20 * len(json.loads(record.read_text())["games"])
    assert main(["replay", str(record)]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    assert (
        main(["arena", "--game", "briscola", "greedy", "random", "-n", "2", "--no-progress", "--json"]) == 0
    )
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["wins"]["a"] + report["wins"]["b"] == 2
    assert report["points_per_deal"]["a"] + report["points_per_deal"]["b"] == pytest.approx(120)
