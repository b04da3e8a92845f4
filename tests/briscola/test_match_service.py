"""Briscola through the match service: each house bot plays its own game's moves to the end."""

from __future__ import annotations

import pytest

from scopa.adapters.sqlite.stores import sqlite_stores
from scopa.application.auth import Caller
from scopa.application.services.matches import NewMatch
from scopa.application.wiring import ServiceSet
from scopa.domain.games.common.errors import RuleSetError
from tests.common import ManualClock

SEED = "cd" * 16


@pytest.fixture
def svc_and_ada() -> tuple[ServiceSet, Caller]:
    svc = ServiceSet(sqlite_stores(":memory:"), ManualClock())
    ada = svc.players.register("Ada").player
    return svc, Caller(ada.id, "player")


@pytest.mark.parametrize("kind", ["random", "greedy", "strong"])
def test_a_briscola_match_against_each_bot_is_played_to_the_end(
    svc_and_ada: tuple[ServiceSet, Caller], kind: str
) -> None:
    svc, ada = svc_and_ada
    # Given a best-of-three Briscola match against a house bot
    match = svc.matches.create(
        ada,
        NewMatch(
            players=[str(ada.player_id), f"bot-{kind}"], game="briscola", preset="best_of_three", seed=SEED
        ),
    )
    assert match.game == "briscola"
    assert match.view["game"] == "briscola"
    moves = 0
    # When Ada always plays her highest-listed legal card
    while match.status == "active":
        assert match.turn == match.your_seat  # the bot moved in the same request
        card = match.view["legal_moves"][-1]
        match = svc.matches.move(ada, match.id, card, match.version)
        moves += 1
    # Then the match ends with a result, the bot having played Briscola moves only
    assert match.status == "finished"
    assert match.result is not None
    assert max(match.result.scores) == 2
    assert moves >= 3 * 20 // 2
    deals = svc.matches.finished_deals(match.id, 50, None)[0]
    assert len(deals) == len(match.view["game_history"])
    record = svc.matches.record(match.id)
    assert record["game"] == "briscola"
    assert svc.matches.game("briscola").verify_record(record)["ok"]


def test_scopa_options_on_a_briscola_match_are_refused_naming_the_game(
    svc_and_ada: tuple[ServiceSet, Caller],
) -> None:
    svc, ada = svc_and_ada
    with pytest.raises(RuleSetError, match=r"^briscola rules: .*scopone"):
        svc.matches.create(
            ada, NewMatch(players=[str(ada.player_id), "bot-random"], game="briscola", preset="scopone")
        )
