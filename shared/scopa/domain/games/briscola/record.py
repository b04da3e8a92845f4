"""The Briscola match record and its replay.

Format ``briscola-record/1`` (JSON)::

    {
      "format": "briscola-record/1",
      "game": "briscola",
      "rules": {...},                   # BriscolaRules.to_options()
      "seats": ["ada", "bot:strong"],
      "first_dealer": 0,
      "shuffle": "scopa-shuffle/1",     # briscola-shuffle/1 with two decks
      "master_seed": "<hex>",
      "games": [                        # one per game (one shuffle each)
        {"seed": "<hex>", "commitment": "<hex>", "deck": "7dKb...",   # shuffled order, removed cards out
         "trump": "Kb",                 # the turned-up card (absent in chiamata)
         "moves": ["1:Ad", "0:3b", ...], # seat:move; chiamata also "2:bid=K", "2:call=Kd"; "!signal"
         "points": [64, 56], "winner": 0}
      ],
      "end": {"seat": 1, "reason": "resigned"},   # only when the match ended by resignation or time
      "result": {"winner": 0, "reason": "best_of", "scores": [1, 0]}
    }

:func:`replay` re-plays a record from its rules and seeds alone: every commitment and deck against the
seeds, every move against the rules, and the recorded points, winners and result against its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scopa.domain.games.briscola.cards import CODES
from scopa.domain.games.briscola.engine import apply_move, end_match, new_match
from scopa.domain.games.briscola.rules import BriscolaRules, rules_from_options
from scopa.domain.games.briscola.shuffle import algorithm, game_deck
from scopa.domain.games.briscola.state import BriscolaState, Move
from scopa.domain.games.common.errors import GameError, IllegalMove, RecordError
from scopa.domain.games.common.record import ReplayReport, match_record
from scopa.domain.games.common.shuffle import deal_seed, verify_dealt_seed

RECORD_FORMAT = "briscola-record/1"


def _deck_text(rules: BriscolaRules, seed: str) -> str:
    return "".join(CODES[c] for c in game_deck(seed, rules.decks, rules.removed))


@dataclass
class RecordBuilder:
    """Accumulates a record while a match is played: feed it each state and move."""

    rules: BriscolaRules
    seats: list[str]
    first_dealer: int
    master_seed: str
    games: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def start(cls, state: BriscolaState, seats: list[str]) -> RecordBuilder:
        builder = cls(state.rules, list(seats), state.first_dealer, state.master_seed)
        builder._open_game(state)
        return builder

    def _open_game(self, state: BriscolaState) -> None:
        seed = deal_seed(state.master_seed, state.game_index)
        game: dict[str, Any] = {
            "seed": seed,
            "commitment": state.commitments[state.game_index],
            "deck": _deck_text(self.rules, seed),
            "moves": [],
        }
        if state.trump >= 0:
            game["trump"] = CODES[state.trump]
        self.games.append(game)

    def add(self, before: BriscolaState, move: Move, after: BriscolaState) -> None:
        self.games[-1]["moves"].append(f"{before.turn}:{move}")
        if len(after.history) > len(before.history):
            score = after.history[-1]
            self.games[-1]["points"] = list(score.points)
            self.games[-1]["winner"] = score.winner
            if not after.finished:
                self._open_game(after)

    def finish(self, final: BriscolaState) -> dict[str, Any]:
        result = final.result
        ended = result is not None and result.loser_seat is not None
        return match_record(
            record_format=RECORD_FORMAT,
            game="briscola",
            rules=self.rules.to_options(),
            seats=self.seats,
            first_dealer=self.first_dealer,
            shuffle=algorithm(self.rules.decks),
            master_seed=self.master_seed,
            deals_key="games",
            deals=self.games,
            result=result,
            end={"seat": result.loser_seat, "reason": result.reason} if result and ended else None,
        )


def replay(record: dict[str, Any]) -> ReplayReport[BriscolaState]:
    """Re-play a record, verifying shuffles, moves, points and result; raise on the first discrepancy.

    An illegal move raises :class:`IllegalMove` with ``move_number`` (1-based over the match); anything
    else that does not verify raises :class:`RecordError`.
    """
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a game record of format {RECORD_FORMAT}")
    try:
        rules = rules_from_options(record["rules"])
        games = list(record["games"])
        master = str(record["master_seed"])
        state = new_match(rules, master, int(record["first_dealer"]))
    except GameError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"record is malformed: {exc}") from None
    if record.get("shuffle", algorithm(rules.decks)) != algorithm(rules.decks):
        raise RecordError(f"unknown shuffle algorithm {record.get('shuffle')!r}")
    move_number = 0
    for g, game in enumerate(games):
        if state.finished:
            raise RecordError(f"game {g + 1} is recorded after the match had already ended")
        _verify_game(rules, master, g, game, state)
        for entry in game.get("moves", []):
            move_number += 1
            if state.finished or state.game_index != g:
                raise RecordError(f"move {move_number} is recorded after game {g + 1} had ended")
            try:
                seat_text, _, move_text = str(entry).partition(":")
                seat = int(seat_text)
                move = Move.parse(move_text)
            except (TypeError, ValueError, GameError) as exc:
                raise RecordError(f"move {move_number} is malformed: {exc}") from None
            try:
                state = apply_move(state, move, seat)
            except IllegalMove as exc:
                exc.move_number = move_number
                raise
        if len(state.history) > g and "points" in game:
            score = state.history[g]
            if list(score.points) != list(game["points"]) or score.winner != game.get("winner", score.winner):
                raise RecordError(
                    f"game {g + 1}: recorded points {game['points']} but the moves score {list(score.points)}"
                )
    end = record.get("end")
    if end and not state.finished:
        state = end_match(state, int(end["seat"]), str(end["reason"]))
    if state.result is None:
        raise RecordError("the record ends before the match does")
    result = state.result.to_json()
    if "result" in record and record["result"] != result:
        raise RecordError(f"recorded result {record['result']} but the moves give {result}")
    return ReplayReport([list(s.points) for s in state.history], result, move_number, state, "game_points")


def _verify_game(
    rules: BriscolaRules, master: str, index: int, game: dict[str, Any], state: BriscolaState
) -> None:
    seed = verify_dealt_seed(master, index, game, state.commitments, "game")
    if game.get("deck") not in (None, _deck_text(rules, seed)):
        raise RecordError(f"game {index + 1}: the recorded deck is not the one the seed shuffles to")
    if "trump" in game and (state.trump < 0 or game["trump"] != CODES[state.trump]):
        raise RecordError(f"game {index + 1}: the recorded trump is not the card turned up")
