from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.tournament import Tournament


T = TypeVar("T", bound="AdvanceReport")


@_attrs_define
class AdvanceReport:
    """
    Attributes:
        steps (list[str]):
        tournament (Tournament): A tournament as everyone may see it (never the deal seed).
    """

    steps: list[str]
    tournament: Tournament

    def to_dict(self) -> dict[str, Any]:
        steps = self.steps

        tournament = self.tournament.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "steps": steps,
                "tournament": tournament,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament import Tournament  # noqa: PLC0415

        d = dict(src_dict)
        steps = cast(list[str], d.pop("steps"))

        tournament = Tournament.from_dict(d.pop("tournament"))

        advance_report = cls(
            steps=steps,
            tournament=tournament,
        )

        return advance_report
