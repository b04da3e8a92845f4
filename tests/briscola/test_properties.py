"""Properties of thousands of random Briscola games, checked against plain code written here.

The trick winner is named by :func:`plain_trick_winner`, a deliberately plain reading of the rules over
the card codes of the public view (no import of the engine's card tables); the points by
:data:`PLAIN_POINTS`. Every game is played by seeded random choices, so a failure names its seed.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from scopa.domain.games.briscola.engine import apply_move, legal_moves, new_match
from scopa.domain.games.briscola.record import RecordBuilder, replay
from scopa.domain.games.briscola.rules import PRESETS, make_rules
from scopa.domain.games.briscola.state import BriscolaState, Move
from scopa.domain.games.briscola.views import seat_view, spectator_view
from scopa.domain.games.common.errors import RecordError
from tests.common import strings_in

#: The trick order from the strongest, and the card points, as the rules list them.
PLAIN_ORDER = ["A", "3", "K", "Q", "J", "7", "6", "5", "4", "2"]
PLAIN_POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}
SUIT_LETTER = {"coins": "d", "cups": "c", "swords": "s", "clubs": "b"}
ALL_CODES = {r + s for r in "A234567JQK" for s in "dcsbDCSB"}


def plain_trick_winner(cards: list[str], trump: str) -> int:
    """Index of the winning card: the highest trump if any was played, else the highest of the suit led.

    Of two identical cards (two decks), the one played first. Suits compare without the deck's case.
    """
    suits = [c[1].lower() for c in cards]
    trumps = [i for i, s in enumerate(suits) if s == trump]
    pool = trumps or [i for i, s in enumerate(suits) if s == suits[0]]
    return min(pool, key=lambda i: (PLAIN_ORDER.index(cards[i][0]), i))


def seed_of(label: str) -> str:
    return hashlib.sha256(label.encode()).hexdigest()


def play_random(rules_preset: str, n: int, label: str) -> BriscolaState:
    rules = make_rules(rules_preset)
    rng = random.Random(label)
    state = new_match(rules, seed_of(label), n % rules.players)
    while not state.finished:
        state = apply_move(state, rng.choice(legal_moves(state)), state.turn)
    return state


def check_game_tricks(state: BriscolaState, tricks: list[dict[str, Any]], trump_suit: str) -> int:
    """Every trick's winner against the plain rule; returns the game's points."""
    total = 0
    players = state.rules.players
    for t in tricks:
        cards = t["cards"]
        assert len(cards) == players
        assert t["winner"] == (t["leader"] + plain_trick_winner(cards, trump_suit)) % players, t
        total += sum(PLAIN_POINTS.get(c[0], 0) for c in cards)
    return total


PRESET_COUNTS = {
    "classic": 900,
    "nine_cards": 150,
    "three_players": 200,
    "partnership": 250,
    "six_players": 100,
    "eight_players": 80,
    "chiamata": 150,
    "scoperta": 100,
    "best_of_three": 100,
}


@pytest.mark.parametrize("preset", list(PRESET_COUNTS))
def test_points_and_trick_winners_over_many_games(preset: str) -> None:
    """Each game's points add up to 120 a deck, and each trick goes to the card the plain rule names."""
    assert set(PRESET_COUNTS) == set(PRESETS)
    rules = make_rules(preset)
    rng = random.Random(preset)
    for n in range(PRESET_COUNTS[preset]):
        state = new_match(rules, seed_of(f"{preset}-{n}"), n % rules.players)
        games_seen = 0
        while not state.finished:
            before = len(state.history)
            state = apply_move(state, rng.choice(legal_moves(state)), state.turn)
            games_seen += len(state.history) - before
        assert games_seen == len(state.history) >= 1
        for score in state.history:
            assert sum(score.points) == rules.total_points
        # The last game's tricks are in the final state: check each against the plain rule.
        trump = spectator_view(state)["trump_suit"]
        assert (
            check_game_tricks(state, spectator_view(state)["tricks"], SUIT_LETTER[trump])
            == rules.total_points
        )


def test_every_trick_of_every_game_follows_the_plain_rule() -> None:
    """Every game of a match (not only the last): checked just before the next game is dealt."""
    for preset in ("classic", "three_players", "six_players", "best_of_three"):
        rules = make_rules(preset)
        rng = random.Random(preset)
        for n in range(60):
            state = new_match(rules, seed_of(f"all-{preset}-{n}"), 0)
            while not state.finished:
                before = state
                state = apply_move(state, rng.choice(legal_moves(state)), state.turn)
                if len(state.history) > len(before.history):
                    view = spectator_view(before)
                    played_last = _last_card(before, state)
                    cards = [e["card"] for e in view["trick"]] + [played_last]
                    tricks = [*view["tricks"], {"leader": before.leader, "cards": cards, "winner": None}]
                    tricks[-1]["winner"] = (
                        before.leader + plain_trick_winner(cards, _trump(view))
                    ) % rules.players
                    assert check_game_tricks(before, tricks, _trump(view)) == rules.total_points


def _trump(view: dict[str, Any]) -> str:
    return SUIT_LETTER[view["trump_suit"]]


def _last_card(before: BriscolaState, after: BriscolaState) -> str:
    """The card just played to end a game: the one that left the mover's hand."""
    from scopa.domain.games.briscola.cards import CODES

    (card,) = [c for c in range(80) if before.hands[before.turn] >> c & 1]
    del after
    return CODES[card]


def visible_codes(view: dict[str, Any]) -> set[str]:
    return {s for s in strings_in(view) if s in ALL_CODES}


@pytest.mark.parametrize("preset", list(PRESETS))
def test_views_never_show_a_hidden_card(preset: str) -> None:
    """A seat sees its hand, the cards played, the turned-up trump, the called card; scoperta the hands."""
    rules = make_rules(preset)
    rng = random.Random(f"views-{preset}")
    for n in range(12):
        state = new_match(rules, seed_of(f"views-{preset}-{n}"), 0)
        while not state.finished:
            played = {c for t in state.tricks for c in t.cards} | set(state.trick)
            public = {_code(c) for c in played}
            if state.trump >= 0:
                public.add(_code(state.trump))
            if state.called >= 0:
                public.add(_code(state.called))
            if rules.scoperta:
                public |= {_code(c) for h in state.hands for c in range(80) if h >> c & 1}
            assert visible_codes(spectator_view(state)) <= public
            for seat in range(rules.players):
                own = {_code(c) for c in range(80) if state.hands[seat] >> c & 1}
                view = seat_view(state, seat)
                if state.phase == "call" and view["your_turn"]:
                    # The caller chooses among the four suits of the rank bid: the list says nothing.
                    assert len({m["call"][1] for m in view.pop("legal_moves")}) == 4
                assert visible_codes(view) <= public | own, (seat, visible_codes(view) - public - own)
                if rules.chiamata and view["partner"] is not None and not state.partner_revealed:
                    assert view["partner"] == seat  # only the partner knows, before the card is played
            state = apply_move(state, rng.choice(legal_moves(state)), state.turn)
        assert "master_seed" in spectator_view(state)["shuffle"]  # revealed only at the end


def _code(c: int) -> str:
    from scopa.domain.games.briscola.cards import CODES

    return CODES[c]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_records_replay_and_state_round_trips(preset: str) -> None:
    rules = make_rules(preset)
    rng = random.Random(f"record-{preset}")
    for n in range(15):
        state = new_match(rules, seed_of(f"record-{preset}-{n}"), n % rules.players)
        builder = RecordBuilder.start(state, [f"p{s}" for s in range(rules.players)])
        while not state.finished:
            assert BriscolaState.from_json(json.loads(json.dumps(state.to_json()))) == state
            move = rng.choice(legal_moves(state))
            after = apply_move(state, move, state.turn)
            builder.add(state, move, after)
            state = after
        record = json.loads(json.dumps(builder.finish(state)))
        report = replay(record)
        assert report.result == state.result.to_json() if state.result else False
        assert report.deal_points == [list(g.points) for g in state.history]
        # Tampering with any move, the deck or the result is caught.
        broken = json.loads(json.dumps(record))
        broken["result"]["scores"] = [s + 1 for s in broken["result"]["scores"]]
        with pytest.raises(RecordError):
            replay(broken)
        broken = json.loads(json.dumps(record))
        deck = broken["games"][0]["deck"]
        broken["games"][0]["deck"] = deck[2:4] + deck[0:2] + deck[4:]
        with pytest.raises(RecordError):
            replay(broken)


def test_moves_are_json_round_trips() -> None:
    state = play_random("chiamata", 1, "json-moves")
    assert state.finished
    for text in ("bid=A", "bid=2", "bid=75", "bid=pass", "call=Kd", "Ad", "AD", "7s!ace"):
        move = Move.parse(text)
        assert str(move) == text
        assert Move.from_json(move.to_json()) == move
