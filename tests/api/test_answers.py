"""Answers are models built from the services' domain objects, and a move's recorded answer replays as is."""

from __future__ import annotations

from api import context
from api.answers.matches import MatchAnswer
from scopa.application.auth import ANONYMOUS
from scopa.application.idempotency import Once
from scopa.application.services.matches import MatchView
from tests.api.conftest import Api
from tests.api.support import SEED, new_match, play_to_end


def test_a_match_view_snapshot_reads_back_to_the_same_answer(api: Api) -> None:
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)
    finished = play_to_end(api, match, token)
    svc = context.services()
    for caller in (svc.caller({"authorization": f"Bearer {token}"}), ANONYMOUS):
        seen = svc.matches.get(caller, match["id"])
        assert MatchView.from_json(seen.to_json()) == seen
    # The answer built from the domain view is what the route answered, field for field.
    seen = svc.matches.get(svc.caller({"authorization": f"Bearer {token}"}), match["id"])
    assert MatchAnswer.of(seen).model_dump(mode="json") == finished
    assert list(MatchAnswer.of(seen).model_dump(mode="json")) == list(finished)


def test_a_move_answer_recorded_in_the_answer_shape_replays_unchanged(api: Api) -> None:
    # Given a move applied under a key, whose record holds the answer as earlier versions stored it
    me, token = api.register("Ada")
    match = new_match(api, token, [me, "bot-greedy"], seed=SEED)
    move = match["view"]["legal_moves"][0]
    body = {"card": move["card"], "take": move["take"], "version": match["version"]}
    key = {"Idempotency-Key": "move-legacy"}
    path = f"/matches/{match['id']}/moves"
    first = api.call("POST", path, body, token=token, headers=key)
    assert first.status == 200
    repo = context.services().stores.matches
    stored = repo.get_match(match["id"])
    assert stored is not None
    assert stored.idempotency is not None
    assert "answer" not in stored.idempotency  # the compact record: a retry renders the match again
    # A record of before held the whole digests and the answer (in the HTTP answer's shape, earlier still)
    once = Once.of(
        "move",
        me,
        key["Idempotency-Key"],
        {"move": {"card": move["card"], "take": move["take"]}, "version": match["version"]},
    )
    assert once is not None
    assert once.key_digest.startswith(stored.idempotency["key"])
    stored.idempotency = {
        "key": once.key_digest,
        "body": once.body_hash,
        "at": stored.idempotency["at"],
        "answer": first.body,
    }
    repo.save_match(stored, stored.version)

    # When the move is retried
    retry = api.call("POST", path, body, token=token, headers=key)

    # Then it gets the first answer, byte for byte
    assert retry.status == 200
    assert retry.body == first.body
    assert list(retry.body) == list(first.body)
