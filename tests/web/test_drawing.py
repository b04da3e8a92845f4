"""The pure parts of the pages: the replay's positions, the bracket, the chart, the card faces."""

from __future__ import annotations

import itertools
from xml.etree import ElementTree

import pytest

from scopa.domain.games.common.cards import CODES, parse_card
from scopa.domain.games.scopa.engine import legal_moves, new_match
from scopa.domain.games.scopa.record import play_to_record
from scopa.domain.games.scopa.rules import make_rules
from scopa.web.bracket import Pairing, Side, bracket_svg, pairings_of
from scopa.web.card_faces import back_svg, card_alt, card_svg
from scopa.web.chart import Point, line_chart
from scopa.web.games.scopa.replay import steps

SVG = "{http://www.w3.org/2000/svg}"  # card files are standalone SVG; inline SVG in HTML has no namespace


@pytest.mark.parametrize("seed", ["11" * 32, "22" * 32, "33" * 32])
def test_the_replay_gives_every_position_and_marks_each_scopa_where_the_count_grows(seed: str) -> None:
    state = new_match(make_rules("classic"), seed, 0)
    final, record = play_to_record(state, ["a", "b"], lambda s: max(legal_moves(s), key=lambda m: m.take))
    positions = steps(record)
    moves = [m for deal in record["deals"] for m in deal["moves"]]
    assert len(positions) == len(moves) + 1
    for position, move in zip(positions, moves, strict=False):
        assert position.card == parse_card(move["card"])
        assert [CODES[c] for c in position.take] == move["take"]
        assert position.seat == move["seat"]
        assert position.card in position.hands[move["seat"]]  # played from the hand shown
        assert set(position.take) <= set(position.table)
    for before, after in itertools.pairwise(positions):
        if before.deal == after.deal:
            assert sum(after.scope) - sum(before.scope) == int(before.scopa)
        else:
            assert not before.scopa  # the last card of a deal never makes a scopa
    assert sum(p.scopa for p in positions) >= 3  # these seeds make scope: the check above has work to do
    end = positions[-1]
    assert end.card is None
    assert end.result == record["result"]
    assert end.scores == list(final.scores)


def test_a_resigned_game_replays_to_its_recorded_end() -> None:
    from scopa.domain.games.scopa.engine import apply_move, end_match
    from scopa.domain.games.scopa.record import RecordBuilder

    state = new_match(make_rules("classic"), "44" * 32, 1)
    builder = RecordBuilder.start(state, ["a", "b"])
    for _ in range(5):
        move = legal_moves(state)[0]
        after = apply_move(state, move)
        builder.add(state, move, after)
        state = after
    record = builder.finish(end_match(state, 0, "resigned"))
    positions = steps(record)
    assert len(positions) == 6
    assert positions[-1].result == record["result"]
    assert positions[-1].result is not None
    assert positions[-1].result["reason"] == "resigned"


def test_bracket_pairings_show_byes_winners_and_unplayed_rounds() -> None:
    names = {"a": "Ada", "b": "Bea", "c": "<Cid>"}
    results = {frozenset(("b", "c")): ({"b": 0, "c": 1}, "c")}
    round_one = pairings_of(["a", None, "b", "c"], names, results)
    assert round_one[0] == Pairing(Side("Ada", "bye", True), Side(""))
    assert round_one[1] == Pairing(Side("Bea", "0", False), Side("<Cid>", "1", True))
    svg = str(bracket_svg([round_one, [Pairing(Side(""), Side(""))]], ["Semi-finals", "Final"]))
    root = ElementTree.fromstring(svg)  # well-formed, names escaped
    texts = [t.text for t in root.iter("text")]
    assert "<Cid>" in texts
    assert "&lt;Cid&gt;" in svg
    assert texts.count("\u2014") == 3  # the bye's empty slot and the undecided final
    assert len(root.findall("rect")) == 3
    assert len(root.findall("path")) == 2  # both semi-finals lead into the final
    assert pairings_of(["x" * 40, "y"], {}, {})[0].top.name.endswith("\u2026")


def test_the_chart_draws_a_point_per_match_and_escapes_labels() -> None:
    points = [Point("<b>m1</b>", 1520.0), Point("m2", 1505.5), Point("m3", 1530.0)]
    svg = str(line_chart(points, "Elo of <Ada>", start=1500.0))
    root = ElementTree.fromstring(svg)
    assert len(root.findall("circle")) == 3
    line = root.find("polyline")
    assert line is not None
    assert len(line.attrib["points"].split()) == 4  # the start and three matches
    ys = [float(p.split(",")[1]) for p in line.attrib["points"].split()]
    assert ys[3] < ys[1] < ys[2] < ys[0]  # 1530 > 1520 > 1505.5 > 1500: higher ratings are drawn higher
    assert "&lt;b&gt;" in svg
    assert "<b>" not in svg
    assert str(line_chart([], "empty")) == ""


def test_card_faces_are_well_formed_and_named_in_their_style() -> None:
    for style in ("italian", "french"):
        for number in range(40):
            root = ElementTree.fromstring(card_svg(number, style))
            assert root.attrib["aria-label"] == card_alt(number, style)
    assert card_alt("7d", "italian") == "sette di denari"
    assert card_alt("7d", "french") == "7 of diamonds"
    assert ElementTree.fromstring(back_svg()).attrib["aria-label"] == "a face-down card"
    with pytest.raises(ValueError, match="no card"):
        card_svg(40, "italian")


def test_every_template_and_static_file_ships_in_the_package() -> None:
    import fnmatch
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"][
        "scopa"
    ]
    package = root / "shared" / "scopa"
    files = [p.relative_to(package).as_posix() for p in (package / "web").rglob("*") if p.is_file()]
    data = [f for f in files if not f.endswith(".py") and "__pycache__" not in f]
    assert len(data) >= 15
    assert [f for f in data if not any(fnmatch.fnmatch(f, pattern) for pattern in patterns)] == []
