"""Admin jobs on the DynamoDB table: one item per job (``JOB#<id>`` / ``JOB``), expired by TTL.

Status changes are conditional writes on the stored status, so two runs of one job (Lambda's retry of an
asynchronous invoke, say) cannot both record an outcome after the job has finished. The report of a
finished job is kept as JSON (a list of the players whose rating moved: bounded by the pool's size).
"""

from __future__ import annotations

import json
from typing import Any

from botocore.exceptions import ClientError

from scopa.adapters.dynamodb import keys
from scopa.adapters.dynamodb.codec import (
    as_json,
    condition_failed,
    from_item,
    item_key,
    raise_conflict,
    to_item,
)
from scopa.application.ports.jobs import STARTABLE, Job, JobStatus


class DynamoJobRepository:
    def __init__(self, client: Any, table_name: str) -> None:
        self.client = client
        self.table = table_name

    def _key(self, job_id: str) -> dict[str, Any]:
        return item_key(keys.job_pk(job_id), keys.JOB_SK)

    def create_job(self, job: Job) -> None:
        item = {
            keys.PK: keys.job_pk(job.id),
            keys.SK: keys.JOB_SK,
            "type": "job",
            "kind": job.kind,
            "subject": job.subject,
            "status": job.status,
            "created_at": job.created_at,
            "updated_at": job.updated_at,
            "attempts": job.attempts,
            keys.TTL_ATTRIBUTE: job.expires_at,
        }
        try:
            self.client.put_item(
                TableName=self.table, Item=to_item(item), ConditionExpression="attribute_not_exists(pk)"
            )
        except ClientError as exc:
            raise_conflict(exc)

    def get_job(self, job_id: str) -> Job | None:
        found = self.client.get_item(TableName=self.table, Key=self._key(job_id), ConsistentRead=True).get(
            "Item"
        )
        return _job(from_item(found)) if found else None

    def start_job(self, job_id: str, at: str) -> Job | None:
        try:
            answer = self.client.update_item(
                TableName=self.table,
                Key=self._key(job_id),
                UpdateExpression="SET #s = :running, updated_at = :at ADD attempts :one",
                ConditionExpression="attribute_exists(pk) AND #s IN (:q, :r)",
                ExpressionAttributeNames={"#s": "status"},
                ExpressionAttributeValues=to_item(
                    {":running": "running", ":at": at, ":one": 1, ":q": STARTABLE[0], ":r": STARTABLE[1]}
                ),
                ReturnValues="ALL_NEW",
            )
        except ClientError as exc:
            if condition_failed(exc):
                return None
            raise
        return _job(from_item(answer["Attributes"]))

    def finish_job(
        self, job_id: str, status: JobStatus, at: str, result: dict[str, Any] | None, error: str | None
    ) -> None:
        values: dict[str, Any] = {":s": status, ":at": at, ":q": STARTABLE[0], ":r": STARTABLE[1]}
        sets = ["#s = :s", "updated_at = :at"]
        if result is not None:
            sets.append("#result = :result")
            values[":result"] = as_json(result)
        if error is not None:
            sets.append("#error = :error")
            values[":error"] = error
        names = {"#s": "status"}
        if result is not None:
            names["#result"] = "result"
        if error is not None:
            names["#error"] = "error"
        try:
            self.client.update_item(
                TableName=self.table,
                Key=self._key(job_id),
                UpdateExpression="SET " + ", ".join(sets),
                ConditionExpression="attribute_exists(pk) AND #s IN (:q, :r)",
                ExpressionAttributeNames=names,
                ExpressionAttributeValues=to_item(values),
            )
        except ClientError as exc:
            raise_conflict(exc)


def _job(item: dict[str, Any]) -> Job:
    result = item.get("result")
    return Job(
        id=item[keys.PK].removeprefix("JOB#"),
        kind=item["kind"],
        subject=item["subject"],
        status=item["status"],
        created_at=item["created_at"],
        updated_at=item["updated_at"],
        expires_at=int(item[keys.TTL_ATTRIBUTE]),
        attempts=int(item.get("attempts", 0)),
        result=json.loads(result) if result is not None else None,
        error=item.get("error"),
    )
