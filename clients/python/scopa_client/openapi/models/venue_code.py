from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="VenueCode")


@_attrs_define
class VenueCode:
    """The tournament's venue code, and the page an entrant opens to check in with it.

    Attributes:
        check_in_url (str):
        code (str):
        qr_svg (str): check_in_url as a QR code: an SVG document to show at the venue
        tournament_id (str):
    """

    check_in_url: str
    code: str
    qr_svg: str
    tournament_id: str

    def to_dict(self) -> dict[str, Any]:
        check_in_url = self.check_in_url

        code = self.code

        qr_svg = self.qr_svg

        tournament_id = self.tournament_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "check_in_url": check_in_url,
                "code": code,
                "qr_svg": qr_svg,
                "tournament_id": tournament_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        check_in_url = d.pop("check_in_url")

        code = d.pop("code")

        qr_svg = d.pop("qr_svg")

        tournament_id = d.pop("tournament_id")

        venue_code = cls(
            check_in_url=check_in_url,
            code=code,
            qr_svg=qr_svg,
            tournament_id=tournament_id,
        )

        return venue_code
