from typing import Literal

RecomputeJobStatus = Literal["done", "failed", "queued", "running"]

RECOMPUTE_JOB_STATUS_VALUES: set[RecomputeJobStatus] = {
    "done",
    "failed",
    "queued",
    "running",
}


def check_recompute_job_status(value: str) -> RecomputeJobStatus:
    if value in RECOMPUTE_JOB_STATUS_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {RECOMPUTE_JOB_STATUS_VALUES!r}")
