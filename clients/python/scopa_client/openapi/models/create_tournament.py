from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tournament_settings import TournamentSettings


T = TypeVar("T", bound="CreateTournament")


@_attrs_define
class CreateTournament:
    """
    Attributes:
        name (str): the tournament's name (1 to 40 characters; no control or invisible characters)
        club_id (None | str | Unset): the club it belongs to; null: open
        open_registration (bool | Unset): take entries at once (false: a draft) Default: True.
        settings (TournamentSettings | Unset): Everything an organizer chooses. Defaults: a 5-round Swiss of classic
            Scopa to 11, one game a round.
    """

    name: str
    club_id: None | str | Unset = UNSET
    open_registration: bool | Unset = True
    settings: TournamentSettings | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        club_id: None | str | Unset
        if isinstance(self.club_id, Unset):
            club_id = UNSET
        else:
            club_id = self.club_id

        open_registration = self.open_registration

        settings: dict[str, Any] | Unset = UNSET
        if not isinstance(self.settings, Unset):
            settings = self.settings.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if club_id is not UNSET:
            field_dict["club_id"] = club_id
        if open_registration is not UNSET:
            field_dict["open_registration"] = open_registration
        if settings is not UNSET:
            field_dict["settings"] = settings

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_settings import TournamentSettings  # noqa: PLC0415

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_club_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        club_id = _parse_club_id(d.pop("club_id", UNSET))

        open_registration = d.pop("open_registration", UNSET)

        _settings = d.pop("settings", UNSET)
        settings: TournamentSettings | Unset
        if isinstance(_settings, Unset):
            settings = UNSET
        else:
            settings = TournamentSettings.from_dict(_settings)

        create_tournament = cls(
            name=name,
            club_id=club_id,
            open_registration=open_registration,
            settings=settings,
        )

        return create_tournament
