"""The game record: a complete, verifiable account of one game, and its replay.

Format ``scopa-record/1`` (JSON)::

    {
      "format": "scopa-record/1",
      "game": "scopa",
      "rules": {...},                 # options that differ from the defaults (RuleSet.to_options)
      "seats": ["ada", "bot:greedy"], # names in seat order
      "first_dealer": 0,
      "shuffle": "scopa-shuffle/1",
      "master_seed": "<hex>",         # revealed after the end
      "deals": [                      # one per deal played
        {"seed": "<hex>", "commitment": "<hex>", "attempt": 0, "deck": "7dKb...",
         "moves": [{"seat": 1, "card": "7d", "take": ["3c", "4s"]}, ...],
         "points": [3, 1]}
      ],
      "end": {"seat": 1, "reason": "resigned"},   # only when the game ended by resignation or time
      "result": {"winner": 1, "reason": "target", "scores": [9, 11]}
    }

:func:`replay` re-plays a record from its rules and seeds alone: it checks every commitment and deck
against the seeds, every move against the rules, and the recorded points and result against its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scopa.domain.games.common.cards import CODES
from scopa.domain.games.common.errors import GameError, IllegalMove, RecordError
from scopa.domain.games.common.record import ReplayReport, match_record
from scopa.domain.games.common.shuffle import ALGORITHM, deal_seed, shuffled_deck, verify_dealt_seed
from scopa.domain.games.scopa.engine import apply_move, end_match, new_match
from scopa.domain.games.scopa.rules import RuleSet, rules_from_options
from scopa.domain.games.scopa.state import Move, ScopaState, mask_codes

RECORD_FORMAT = "scopa-record/1"


@dataclass
class RecordBuilder:
    """Accumulates a record while a game is played: feed it each state and move."""

    rules: RuleSet
    seats: list[str]
    first_dealer: int
    master_seed: str
    deals: list[dict[str, Any]] = field(default_factory=list)
    end: dict[str, Any] | None = None

    @classmethod
    def start(cls, state: ScopaState, seats: list[str]) -> RecordBuilder:
        builder = cls(state.rules, list(seats), state.first_dealer, state.master_seed)
        builder._open_deal(state)
        return builder

    def _open_deal(self, state: ScopaState) -> None:
        self.deals.append(
            {
                "seed": deal_seed(state.master_seed, state.deal_index),
                "commitment": state.commitments[state.deal_index],
                "attempt": state.attempt,
                "deck": "".join(CODES[c] for c in state.deck),
                "moves": [],
            }
        )

    def add(self, before: ScopaState, move: Move, after: ScopaState) -> None:
        """Record ``move`` played in ``before`` that led to ``after``."""
        self.deals[-1]["moves"].append(
            {"seat": before.turn, "card": CODES[move.card], "take": mask_codes(move.take)}
        )
        if after.deal_index != before.deal_index or after.finished:
            self.deals[-1]["points"] = list(after.deal_totals[-1]) if after.deal_totals else []
        if after.deal_index != before.deal_index:
            self._open_deal(after)

    def finish(self, final: ScopaState) -> dict[str, Any]:
        result = final.result
        if result is not None and result.reason in ("resigned", "timeout"):
            self.end = {"seat": result.loser_seat, "reason": result.reason}
        return match_record(
            record_format=RECORD_FORMAT,
            game="scopa",
            rules=self.rules.to_options(),
            seats=self.seats,
            first_dealer=self.first_dealer,
            shuffle=ALGORITHM,
            master_seed=self.master_seed,
            deals_key="deals",
            deals=self.deals,
            result=result,
            end=self.end,
        )


def replay(record: dict[str, Any]) -> ReplayReport[ScopaState]:
    """Re-play a record, verifying shuffles, moves, points and result; raise on the first discrepancy.

    An illegal move raises :class:`IllegalMove` with ``move_number`` (1-based over the whole game).
    Anything else that does not verify raises :class:`RecordError`.
    """
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a game record of format {RECORD_FORMAT}")
    try:
        rules = rules_from_options(record["rules"])
        deals = record["deals"]
        state = new_match(rules, record["master_seed"], int(record["first_dealer"]))
    except GameError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"record is malformed: {exc}") from None
    if record.get("shuffle", ALGORITHM) != ALGORITHM:
        raise RecordError(f"unknown shuffle algorithm {record.get('shuffle')!r}")
    move_number = 0
    for d, deal in enumerate(deals):
        if state.finished:
            raise RecordError(f"deal {d + 1} is recorded after the game had already ended")
        _verify_deal(record["master_seed"], d, deal, state)
        for entry in deal.get("moves", []):
            move_number += 1
            if state.finished or state.deal_index != d:
                raise RecordError(f"move {move_number} is recorded after deal {d + 1} had ended")
            try:
                move = Move.from_json(entry)
                seat = int(entry["seat"])
            except (KeyError, TypeError, ValueError, GameError) as exc:
                raise RecordError(f"move {move_number} is malformed: {exc}") from None
            try:
                state = apply_move(state, move, seat)
            except IllegalMove as exc:
                exc.move_number = move_number
                raise
        scored = state.deal_index > d or (state.finished and len(state.deal_totals) > d)
        if "points" in deal and scored and list(state.deal_totals[d]) != list(deal["points"]):
            got = list(state.deal_totals[d])
            raise RecordError(f"deal {d + 1}: recorded points {deal['points']} but the moves score {got}")
    end = record.get("end")
    if end and not state.finished:
        state = end_match(state, int(end["seat"]), str(end["reason"]))
    if not state.finished:
        raise RecordError("the record ends before the game does")
    result = state.result.to_json() if state.result else {}
    if "result" in record and record["result"] != result:
        raise RecordError(f"recorded result {record['result']} but the moves give {result}")
    return ReplayReport([list(t) for t in state.deal_totals], result, move_number, state)


def _verify_deal(master_seed: str, index: int, deal: dict[str, Any], state: ScopaState) -> None:
    seed = verify_dealt_seed(master_seed, index, deal, state.commitments)
    deck = "".join(CODES[c] for c in shuffled_deck(seed, int(deal.get("attempt", 0))))
    if deal.get("deck") not in (None, deck):
        raise RecordError(f"deal {index + 1}: the recorded deck is not the one the seed shuffles to")


def play_to_record(
    state: ScopaState, seats: list[str], choose: Any, *, max_moves: int = 100_000
) -> tuple[ScopaState, dict[str, Any]]:
    """Play a game to its end with ``choose(state) -> Move`` and return the final state and its record."""
    builder = RecordBuilder.start(state, seats)
    for _ in range(max_moves):
        if state.finished:
            break
        move = choose(state)
        after = apply_move(state, move)
        builder.add(state, move, after)
        state = after
    return state, builder.finish(state)
