from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.season_event_answer_status import SeasonEventAnswerStatus, check_season_event_answer_status

T = TypeVar("T", bound="SeasonEventAnswer")


@_attrs_define
class SeasonEventAnswer:
    """An attached tournament: finished ones count, pending ones not yet, cancelled ones never.

    Attributes:
        date (str):
        field (int):
        id (str):
        name (str):
        status (SeasonEventAnswerStatus):
    """

    date: str
    field: int
    id: str
    name: str
    status: SeasonEventAnswerStatus

    def to_dict(self) -> dict[str, Any]:
        date = self.date

        field = self.field

        id = self.id

        name = self.name

        status: str = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "date": date,
                "field": field,
                "id": id,
                "name": name,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        date = d.pop("date")

        field = d.pop("field")

        id = d.pop("id")

        name = d.pop("name")

        status = check_season_event_answer_status(d.pop("status"))

        season_event_answer = cls(
            date=date,
            field=field,
            id=id,
            name=name,
            status=status,
        )

        return season_event_answer
