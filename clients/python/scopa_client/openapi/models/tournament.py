from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.tournament_status import TournamentStatus, check_tournament_status

if TYPE_CHECKING:
    from ..models.tournament_settings_object import TournamentSettingsObject


T = TypeVar("T", bound="Tournament")


@_attrs_define
class Tournament:
    """A tournament as everyone may see it (never the deal seed).

    Attributes:
        club_id (None | str):
        created_at (str):
        created_by (str):
        current_round (int):
        entries (int):
        finished_at (None | str):
        id (str):
        lot_seed (str):
        name (str):
        next_round_override (bool):
        paused (bool):
        rounds_planned (int | None):
        settings (TournamentSettingsObject):
        started_at (None | str):
        status (TournamentStatus):
        tiebreaks (list[str]):
        updated_at (str):
        version (int):
    """

    club_id: None | str
    created_at: str
    created_by: str
    current_round: int
    entries: int
    finished_at: None | str
    id: str
    lot_seed: str
    name: str
    next_round_override: bool
    paused: bool
    rounds_planned: int | None
    settings: TournamentSettingsObject
    started_at: None | str
    status: TournamentStatus
    tiebreaks: list[str]
    updated_at: str
    version: int

    def to_dict(self) -> dict[str, Any]:
        club_id: None | str
        club_id = self.club_id

        created_at = self.created_at

        created_by = self.created_by

        current_round = self.current_round

        entries = self.entries

        finished_at: None | str
        finished_at = self.finished_at

        id = self.id

        lot_seed = self.lot_seed

        name = self.name

        next_round_override = self.next_round_override

        paused = self.paused

        rounds_planned: int | None
        rounds_planned = self.rounds_planned

        settings = self.settings.to_dict()

        started_at: None | str
        started_at = self.started_at

        status: str = self.status

        tiebreaks = self.tiebreaks

        updated_at = self.updated_at

        version = self.version

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "club_id": club_id,
                "created_at": created_at,
                "created_by": created_by,
                "current_round": current_round,
                "entries": entries,
                "finished_at": finished_at,
                "id": id,
                "lot_seed": lot_seed,
                "name": name,
                "next_round_override": next_round_override,
                "paused": paused,
                "rounds_planned": rounds_planned,
                "settings": settings,
                "started_at": started_at,
                "status": status,
                "tiebreaks": tiebreaks,
                "updated_at": updated_at,
                "version": version,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_settings_object import TournamentSettingsObject  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_club_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        club_id = _parse_club_id(d.pop("club_id"))

        created_at = d.pop("created_at")

        created_by = d.pop("created_by")

        current_round = d.pop("current_round")

        entries = d.pop("entries")

        def _parse_finished_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        id = d.pop("id")

        lot_seed = d.pop("lot_seed")

        name = d.pop("name")

        next_round_override = d.pop("next_round_override")

        paused = d.pop("paused")

        def _parse_rounds_planned(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        rounds_planned = _parse_rounds_planned(d.pop("rounds_planned"))

        settings = TournamentSettingsObject.from_dict(d.pop("settings"))

        def _parse_started_at(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        started_at = _parse_started_at(d.pop("started_at"))

        status = check_tournament_status(d.pop("status"))

        tiebreaks = cast(list[str], d.pop("tiebreaks"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        tournament = cls(
            club_id=club_id,
            created_at=created_at,
            created_by=created_by,
            current_round=current_round,
            entries=entries,
            finished_at=finished_at,
            id=id,
            lot_seed=lot_seed,
            name=name,
            next_round_override=next_round_override,
            paused=paused,
            rounds_planned=rounds_planned,
            settings=settings,
            started_at=started_at,
            status=status,
            tiebreaks=tiebreaks,
            updated_at=updated_at,
            version=version,
        )

        return tournament
