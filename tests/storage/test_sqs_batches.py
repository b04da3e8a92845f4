"""Sending SQS messages in batches: every message sent once, in order, each failure named by position."""

from __future__ import annotations

from typing import Any

from botocore.exceptions import ClientError

from scopa.adapters.aws_sqs.batches import BATCH, send_all


class FlakyQueue:
    """Records batches; the second call fails outright, and the entry with Id "3" of any batch fails."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def send_message_batch(self, QueueUrl: str, Entries: list[dict[str, str]]) -> dict[str, Any]:
        self.calls.append([e["MessageBody"] for e in Entries])
        if len(self.calls) == 2:
            raise ClientError(
                {"Error": {"Code": "AWS.SimpleQueueService.NonExistentQueue"}}, "SendMessageBatch"
            )
        ok = [{"Id": e["Id"]} for e in Entries if e["Id"] != "3"]
        bad = [{"Id": e["Id"], "Code": "InternalError"} for e in Entries if e["Id"] == "3"]
        return {"Successful": ok, "Failed": bad}


def test_batches_of_ten_in_order_with_failures_by_index() -> None:
    queue = FlakyQueue()
    bodies = [f"m{k}" for k in range(23)]
    sent, failed = send_all(queue, "https://sqs.example/q", bodies)
    assert [len(c) for c in queue.calls] == [BATCH, BATCH, 3]
    assert [b for c in queue.calls for b in c] == bodies
    # the whole second call failed (its AWS code, never a message), entry 3 of the others failed alone
    assert failed == {
        3: "InternalError",
        **dict.fromkeys(range(10, 20), "AWS.SimpleQueueService.NonExistentQueue"),
    }
    assert sent == 23 - len(failed)


def test_nothing_to_send_makes_no_call() -> None:
    queue = FlakyQueue()
    assert send_all(queue, "https://sqs.example/q", []) == (0, {})
    assert queue.calls == []
