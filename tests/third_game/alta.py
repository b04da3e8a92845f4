"""Alta, a test-only third game: two players, six cards ``1``..``6``, three each; the higher card takes
the trick, the trick's winner leads the next; most tricks wins. It lives outside ``scopa.domain.games``
and joins the registry at runtime, to prove a game needs no file of the service changed."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from scopa.domain.games.base import Outcome, PoolSpec
from scopa.domain.games.common.bot import Bot
from scopa.domain.games.common.deals import DealModel
from scopa.domain.games.common.errors import IllegalMove, RecordError, RuleSetError, TurnRule
from scopa.domain.games.common.moves import MoveModel
from scopa.domain.games.common.shuffle import commitment, new_master_seed
from scopa.domain.games.common.table_score import (
    GameScore,
    ImpossibleScore,
    MatchPlayed,
    ScoreRule,
    TableScore,
    best_of,
    game_label,
)


class AltaRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    players: int = 2


class AltaMove(MoveModel):
    """An Alta move: the card played, as its code (``"3"``) or its number (``3``): a body only Alta's model
    takes, to show the API reads a move with the match's game's own model."""

    model_config = ConfigDict(title="AltaMove")
    refusal: ClassVar[str] = "an alta move is {'card': '3'}"

    card: Annotated[str, Field(min_length=1, max_length=1)] | Annotated[int, Field(ge=1, le=6)]

    def move(self) -> dict[str, Any]:
        return {"card": str(self.card)}


class AltaTrick(DealModel):
    leader: int
    cards: list[str]
    winner: int


class AltaDeal(DealModel):
    """Alta's one deal: its tricks and the seat that won most of them."""

    tricks: list[AltaTrick]
    winner: int


class FirstBot(Bot):
    name = "first"

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        return dict(self.rng.choice(view["legal_moves"]))


class AltaEngine:
    name = "alta"
    presets: Mapping[str, Mapping[str, Any]] = {"classic": {}}
    preset_descriptions: Mapping[str, str] = {"classic": "six cards, three tricks"}
    rules_model: type[BaseModel] = AltaRules
    move_model: type[MoveModel] = AltaMove
    deal_model: type[BaseModel] = AltaDeal

    def validate_rules(self, preset: str, options: Mapping[str, Any]) -> dict[str, Any]:
        if preset not in self.presets or dict(options) not in ({}, {"players": 2}):
            raise RuleSetError(f"alta rules: no preset '{preset}' with {dict(options)}")
        return {}

    def effective_rules(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return AltaRules(**options).model_dump(mode="json")

    def canonical_preset(self, preset: str) -> str:
        return preset

    def rating_pools(self) -> tuple[PoolSpec, ...]:
        return (PoolSpec("alta", "Alta (one against one)", ("classic",), 1),)

    def players(self, rules: Mapping[str, Any]) -> int:
        return 2

    def new_seed(self) -> str:
        return new_master_seed()

    def new_state(
        self, rules: Mapping[str, Any], master_seed: str | None, first_dealer: int
    ) -> dict[str, Any]:
        seed = master_seed or new_master_seed()
        deck = [str(c) for c in range(1, 7)]
        random.Random(hashlib.sha256(seed.encode()).digest()).shuffle(deck)
        leader = 1 - first_dealer
        return {
            "seed": seed,
            "dealer": first_dealer,
            "hands": [deck[:3], deck[3:]],
            "trick": [],
            "leader": leader,
            "turn": leader,
            "tricks": [0, 0],
            "played": 0,
            "result": None,
            "taken": [],
        }

    def dealt_from(self, state: Mapping[str, Any]) -> tuple[str, int]:
        return state["seed"], state["dealer"]

    def waiting_view(self, rules: Mapping[str, Any], master_seed: str | None, status: str) -> dict[str, Any]:
        return {
            "game": self.name,
            "status": status,
            "commitment": commitment(master_seed) if master_seed else None,
        }

    def make_bot(self, kind: str, seed: int | None) -> Bot:
        if kind not in ("random", "greedy", "strong"):
            raise ValueError(f"unknown bot '{kind}'")
        return FirstBot(seed=seed)

    def turn(self, state: Mapping[str, Any]) -> int | None:
        return None if not state or state["result"] else int(state["turn"])

    def apply(
        self, state: Mapping[str, Any], seat: int, move: Mapping[str, Any]
    ) -> tuple[dict[str, Any], str]:
        if state["result"]:
            raise IllegalMove(TurnRule.GAME_OVER, "the game is over")
        if seat != state["turn"]:
            raise IllegalMove(TurnRule.NOT_YOUR_TURN, f"it is seat {state['turn']}'s turn")
        card = str(move.get("card"))
        if card not in state["hands"][seat]:
            raise IllegalMove(TurnRule.CARD_NOT_IN_HAND, "that card is not in your hand")
        s = {**state, "hands": [list(h) for h in state["hands"]], "tricks": list(state["tricks"])}
        s["hands"][seat].remove(card)
        s["trick"] = [*state["trick"], card]
        s["played"] += 1
        s["turn"] = 1 - seat
        if len(s["trick"]) == 2:
            winner = s["leader"] if int(s["trick"][0]) > int(s["trick"][1]) else 1 - s["leader"]
            s["tricks"][winner] += 1
            s["taken"] = [*state["taken"], {"leader": s["leader"], "cards": s["trick"], "winner": winner}]
            s["trick"], s["leader"], s["turn"] = [], winner, winner
            if not s["hands"][0]:
                best = 0 if s["tricks"][0] > s["tricks"][1] else 1
                s["result"] = {"winner": best, "reason": "tricks", "loser": None}
        return s, f"{seat}:{card}"

    def legal_moves(self, state: Mapping[str, Any]) -> list[dict[str, Any]]:
        return [] if state["result"] else [{"card": c} for c in state["hands"][state["turn"]]]

    def resign(self, state: Mapping[str, Any], seat: int, reason: str) -> dict[str, Any]:
        if state["result"]:
            raise IllegalMove(TurnRule.GAME_OVER, "the game is over")
        return {**state, "result": {"winner": 1 - seat, "reason": reason, "loser": seat}}

    def view(self, state: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        view = {
            "game": self.name,
            "status": "finished" if state["result"] else "active",
            "trick": state["trick"],
            "tricks": state["tricks"],
            "turn": state["turn"],
        }
        if seat is not None:
            view.update(
                hand=state["hands"][seat],
                your_turn=self.turn(state) == seat,
                legal_moves=self.legal_moves(state) if self.turn(state) == seat else [],
            )
        return view

    def outcome(self, state: Mapping[str, Any]) -> Outcome | None:
        if not state or not state["result"]:
            return None
        r = state["result"]
        return Outcome(r["winner"], (0, 1), tuple(state["tricks"]), r["reason"], state["played"], r["loser"])

    def finished_deals(self, state: Mapping[str, Any], log: list[str]) -> list[dict[str, Any]]:
        if not state or not state["result"] or state["result"]["loser"] is not None:
            return []
        return [{"tricks": state["taken"], "winner": state["result"]["winner"]}]

    def verify_record(self, record: Mapping[str, Any]) -> dict[str, Any]:
        state = self.new_state({}, record["master_seed"], record["first_dealer"])
        for entry in record["deals"][0]["log"]:
            seat, _, card = entry.partition(":")
            state, _ = self.apply(state, int(seat), {"card": card})
        if state["tricks"] != record["result"]["tricks"]:
            raise RecordError("the record does not replay to its result")
        return {"ok": True, "tricks": state["tricks"]}

    def record(self, final_state: Mapping[str, Any], log: list[str], seats: list[str]) -> dict[str, Any]:
        if not final_state["result"]:
            raise RecordError("the record is available when the game has ended")
        return {
            "format": "alta-record/1",
            "game": self.name,
            "rules": {},
            "seats": seats,
            "first_dealer": final_state["dealer"],
            "shuffle": "alta-shuffle/1",
            "master_seed": final_state["seed"],
            "deals": [{"log": log}],
            "result": {"winner": final_state["result"]["winner"], "tricks": final_state["tricks"]},
        }

    def check_table_score(
        self, rules: Mapping[str, Any], games_per_match: int, games: Sequence[tuple[int, int]]
    ) -> TableScore:
        """One game is three tricks: a score is the tricks each side took, 3 in all, never tied."""

        def one_game(scores: Sequence[GameScore], at: int) -> MatchPlayed:
            a, b = scores[at]
            if a + b != 3:
                raise ImpossibleScore(
                    ScoreRule.CARD_POINTS_TOTAL, f"{game_label(at)}: three tricks, not {a + b}"
                )
            return MatchPlayed(0 if a > b else 1, (a, b), 1)

        return best_of(games_per_match, games, one_game)

    def compact_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return dict(state)

    def expand_state(self, stored: Mapping[str, Any]) -> dict[str, Any]:
        return dict(stored)
