from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.recompute_job_status import RecomputeJobStatus, check_recompute_job_status

if TYPE_CHECKING:
    from ..models.recompute_report import RecomputeReport


T = TypeVar("T", bound="RecomputeJob")


@_attrs_define
class RecomputeJob:
    """A recompute queued as a job: its status, and the report once done (or an error code if failed).

    Attributes:
        attempts (int):
        created_at (str):
        error (None | str):
        id (str):
        pool (str):
        report (None | RecomputeReport):
        status (RecomputeJobStatus):
        updated_at (str):
    """

    attempts: int
    created_at: str
    error: None | str
    id: str
    pool: str
    report: None | RecomputeReport
    status: RecomputeJobStatus
    updated_at: str

    def to_dict(self) -> dict[str, Any]:
        from ..models.recompute_report import RecomputeReport  # noqa: PLC0415

        attempts = self.attempts

        created_at = self.created_at

        error: None | str
        error = self.error

        id = self.id

        pool = self.pool

        report: dict[str, Any] | None
        if isinstance(self.report, RecomputeReport):
            report = self.report.to_dict()
        else:
            report = self.report

        status: str = self.status

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "attempts": attempts,
                "created_at": created_at,
                "error": error,
                "id": id,
                "pool": pool,
                "report": report,
                "status": status,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.recompute_report import RecomputeReport  # noqa: PLC0415

        d = dict(src_dict)
        attempts = d.pop("attempts")

        created_at = d.pop("created_at")

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        id = d.pop("id")

        pool = d.pop("pool")

        def _parse_report(data: object) -> None | RecomputeReport:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                report_type_0 = RecomputeReport.from_dict(data)

                return report_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RecomputeReport, data)

        report = _parse_report(d.pop("report"))

        status = check_recompute_job_status(d.pop("status"))

        updated_at = d.pop("updated_at")

        recompute_job = cls(
            attempts=attempts,
            created_at=created_at,
            error=error,
            id=id,
            pool=pool,
            report=report,
            status=status,
            updated_at=updated_at,
        )

        return recompute_job
