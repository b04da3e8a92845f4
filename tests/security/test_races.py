"""Races: many threads move in one match at once; exactly one move a turn, the rest 409, the state sound.

The threads go through the real handler, interleaved at each DynamoDB call (see ``interleave.py``), so
two requests really can read the same version and both try the conditional write.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from api import context
from scopa.adapters.dynamodb import keys
from tests.api.conftest import (
    ADMIN_TOKEN,
    Answer,
    Api,
    api_on_moto,  # noqa: F401 (the races meet in botocore, on moto)
)
from tests.api.support import SEED, assert_error, new_match, two_humans
from tests.api.tournament_support import create_tournament, organizer
from tests.security.conftest import ThreadedApi
from tests.security.stored import assert_valid, load

THREADS = 16
WRITE_CONFLICT = "the match changed while this request was handled: read it again"


def move_call(
    api: ThreadedApi, match_id: str, token: str, move: dict[str, Any], version: int
) -> Callable[[], Answer]:
    body = {"card": move["card"], "take": move["take"], "version": version}
    return lambda: api.call("POST", f"/matches/{match_id}/moves", body, token=token)


def entry_call(api: ThreadedApi, path: str, token: str) -> Callable[[], Answer]:
    return lambda: api.call("POST", path, {}, token=token)


def one_winner(answers: list[Answer]) -> Answer:
    """Exactly one answer is 200; every other one is a 409 with a conflict code."""
    won = [a for a in answers if a.status == 200]
    assert len(won) == 1, Counter((a.status, a.code) for a in answers)
    for lost in answers:
        if lost is not won[0]:
            assert_error(lost, 409, lost.code or "")
            assert lost.code in ("stale_version", "not_your_turn"), lost.body
    return won[0]


def test_the_same_move_sent_by_sixteen_threads_is_applied_once(threaded: ThreadedApi) -> None:
    me, token = threaded.register("Ada")
    match = new_match(threaded, token, [me, "bot-greedy"], seed=SEED)
    before = load(match["id"])
    move = match["view"]["legal_moves"][0]
    calls = [move_call(threaded, match["id"], token, move, match["version"]) for _ in range(THREADS)]

    with threaded.interleaver.meet_after_reading(keys.match_pk(match["id"]), THREADS):
        answers = threaded.burst(calls)

    won = one_winner(answers)
    # Every thread read the same version, so the conditional write (not the early version check) turned
    # the others away: the proof that the race was real and that DynamoDB's condition settles it.
    assert [a.body["message"] for a in answers if a.status == 409] == [WRITE_CONFLICT] * (THREADS - 1)
    after = assert_valid(match["id"])
    assert after.version == won.body["version"] == match["version"] + 1
    assert len(after.moves) == len(before.moves) + 2  # the move and the bot's answer, once
    assert after.moves[len(before.moves)].startswith(f"{match['your_seat']}:{move['card']}")


def test_different_moves_and_stale_versions_at_once_leave_one_move_a_turn(threaded: ThreadedApi) -> None:
    me, token = threaded.register("Ada")
    match = new_match(threaded, token, [me, "bot-strong"], seed=SEED)
    seat = match["your_seat"]
    write_conflicts = 0
    for burst in range(6):
        if match["status"] != "active":
            break
        before = load(match["id"])
        legal = match["view"]["legal_moves"]
        version = match["version"]
        # Every legal move, some at a version already played, some at one no single move reaches.
        stale = version - 1 if version > 1 else version + 2
        versions = [stale if i % 4 == 3 else version + 2 if i % 8 == 5 else version for i in range(THREADS)]
        moves = [legal[i % len(legal)] for i in range(THREADS)]
        calls = [move_call(threaded, match["id"], token, moves[i], versions[i]) for i in range(THREADS)]
        if burst % 2:
            with threaded.interleaver.meet_after_reading(keys.match_pk(match["id"]), THREADS):
                answers = threaded.burst(calls)
        else:
            answers = threaded.burst(calls)  # the threads interleave as they come

        won = one_winner(answers)
        write_conflicts += sum(a.status == 409 and a.body["message"] == WRITE_CONFLICT for a in answers)
        after = assert_valid(match["id"])
        assert after.version == version + 1
        new_moves = after.moves[len(before.moves) :]
        assert new_moves[0].split(">")[0] == f"{seat}:{moves[answers.index(won)]['card']}"
        assert all(not entry.startswith(f"{seat}:") for entry in new_moves[1:])  # then only the bot
        match = won.body
    assert write_conflicts > 0  # some losers got as far as the conditional write


def test_two_humans_racing_each_other_never_both_move(threaded: ThreadedApi) -> None:
    match, tokens = two_humans(threaded)
    match_id = match["id"]
    views = {p: threaded.call("GET", f"/matches/{match_id}", token=t).body for p, t in tokens.items()}
    for burst in range(8):
        mover = views[next(iter(tokens))]["turn_player_id"]
        version = views[mover]["version"]
        before = load(match_id)
        calls, senders = [], []
        for player, view in views.items():
            # The waiting player sends the cards of their hand (or any card once it is empty).
            hand = [{"card": c, "take": []} for c in view["view"]["hand"]] or [{"card": "Ad", "take": []}]
            options = view["view"].get("legal_moves") or hand
            for i in range(THREADS // 2):
                calls.append(
                    move_call(threaded, match_id, tokens[player], options[i % len(options)], version)
                )
                senders.append(player)
        if burst % 2:
            with threaded.interleaver.meet_after_reading(keys.match_pk(match_id), THREADS):
                answers = threaded.burst(calls)
        else:
            answers = threaded.burst(calls)

        won = one_winner(answers)
        assert senders[answers.index(won)] == mover
        waiting = [a for a, sender in zip(answers, senders, strict=True) if sender != mover]
        assert {a.code for a in waiting} <= {"not_your_turn", "stale_version"}
        after = assert_valid(match_id)
        assert after.version == version + 1
        assert len(after.moves) == len(before.moves) + 1
        assert after.moves[-1].startswith(f"{views[mover]['your_seat']}:")
        views = {p: threaded.call("GET", f"/matches/{match_id}", token=t).body for p, t in tokens.items()}


def test_entries_racing_for_the_last_places_never_overfill_a_tournament(threaded: ThreadedApi) -> None:
    _, olga = organizer(threaded)
    t = create_tournament(threaded, olga, {"format": "swiss", "rounds": 3, "target": 1, "max_entrants": 4})
    tokens = [threaded.register(f"Player {i}")[1] for i in range(THREADS)]
    path = f"/tournaments/{t['id']}/entries"

    answers = threaded.burst([entry_call(threaded, path, token) for token in tokens])

    assert sum(a.status == 201 for a in answers) == 4, Counter((a.status, a.code) for a in answers)
    for lost in (a for a in answers if a.status != 201):
        assert_error(lost, 409, lost.code or "")
        assert lost.code == "tournament_full", lost.body
    listed = threaded.call("GET", path).body["entries"]
    assert len(listed) == threaded.call("GET", f"/tournaments/{t['id']}").body["entries"] == 4


def test_one_player_entering_many_times_at_once_is_entered_once(threaded: ThreadedApi) -> None:
    _, olga = organizer(threaded)
    t = create_tournament(threaded, olga, {"format": "swiss", "rounds": 3, "target": 1})
    _, token = threaded.register("Ada")
    path = f"/tournaments/{t['id']}/entries"

    answers = threaded.burst([entry_call(threaded, path, token)] * THREADS)

    assert sum(a.status == 201 for a in answers) == 1, Counter((a.status, a.code) for a in answers)
    assert {a.code for a in answers if a.status != 201} == {"already_entered"}
    assert threaded.call("GET", f"/tournaments/{t['id']}").body["entries"] == 1


def test_a_demotion_during_a_token_rotation_is_not_lost(api: Api, monkeypatch: pytest.MonkeyPatch) -> None:
    """The admin takes the organizer role away between the rotation's read and its write.

    The new token must not carry the old role: either the rotation sees the change (and is refused, to be
    retried) or the new token is a plain player's.
    """
    olga, token = organizer(api)
    repo = context.services().stores.players
    read = repo.get_player
    demoted: list[bool] = []

    def read_then_demote(player_id: str, consistent: bool = False) -> Any:
        found = read(player_id, consistent)
        if not demoted:  # the admin's request lands right after the rotation's read
            demoted.append(True)
            assert (
                api.call("PUT", f"/players/{olga}/role", {"role": "player"}, token=ADMIN_TOKEN).status == 200
            )
        return found

    monkeypatch.setattr(repo, "get_player", read_then_demote)
    rotated = api.call("POST", "/me/token", token=token)
    monkeypatch.setattr(repo, "get_player", read)

    assert demoted
    if rotated.status == 200:
        new_token = rotated.body["token"]
        assert api.call("GET", "/me", token=new_token).body["role"] == "player"
        assert_error(api.call("POST", "/clubs", {"name": "Mine"}, token=new_token), 403, "not_an_organizer")
    else:
        assert_error(rotated, 409, "token_changed")
        assert_error(api.call("POST", "/clubs", {"name": "Mine"}, token=token), 403, "not_an_organizer")
