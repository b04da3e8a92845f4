from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RecomputeReport")


@_attrs_define
class RecomputeReport:
    """
    Attributes:
        changed (list[str]):
        matches (int):
        players (int):
        pool (str):
    """

    changed: list[str]
    matches: int
    players: int
    pool: str

    def to_dict(self) -> dict[str, Any]:
        changed = self.changed

        matches = self.matches

        players = self.players

        pool = self.pool

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "changed": changed,
                "matches": matches,
                "players": players,
                "pool": pool,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        changed = cast(list[str], d.pop("changed"))

        matches = d.pop("matches")

        players = d.pop("players")

        pool = d.pop("pool")

        recompute_report = cls(
            changed=changed,
            matches=matches,
            players=players,
            pool=pool,
        )

        return recompute_report
