from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.import_answer_counts import ImportAnswerCounts
    from ..models.import_line import ImportLine


T = TypeVar("T", bound="ImportAnswer")


@_attrs_define
class ImportAnswer:
    """
    Attributes:
        counts (ImportAnswerCounts): lines per status
        dry_run (bool): true: nothing was written; the statuses say what would happen
        lines (list[ImportLine]):
        tournament_id (str):
    """

    counts: ImportAnswerCounts
    dry_run: bool
    lines: list[ImportLine]
    tournament_id: str

    def to_dict(self) -> dict[str, Any]:
        counts = self.counts.to_dict()

        dry_run = self.dry_run

        lines = []
        for lines_item_data in self.lines:
            lines_item = lines_item_data.to_dict()
            lines.append(lines_item)

        tournament_id = self.tournament_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "counts": counts,
                "dry_run": dry_run,
                "lines": lines,
                "tournament_id": tournament_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_answer_counts import ImportAnswerCounts  # noqa: PLC0415
        from ..models.import_line import ImportLine  # noqa: PLC0415

        d = dict(src_dict)
        counts = ImportAnswerCounts.from_dict(d.pop("counts"))

        dry_run = d.pop("dry_run")

        lines = []
        _lines = d.pop("lines")
        for lines_item_data in _lines:
            lines_item = ImportLine.from_dict(lines_item_data)

            lines.append(lines_item)

        tournament_id = d.pop("tournament_id")

        import_answer = cls(
            counts=counts,
            dry_run=dry_run,
            lines=lines,
            tournament_id=tournament_id,
        )

        return import_answer
