from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.import_entries_format import ImportEntriesFormat, check_import_entries_format
from ..types import UNSET, Unset

T = TypeVar("T", bound="ImportEntries")


@_attrs_define
class ImportEntries:
    """Entrants to enter from a pasted list or a CSV (docs/guests.md#import).

    Attributes:
        text (str): the list or the CSV text (at most 500 entrants, 200 characters a line)
        create_guests (bool | Unset): enter each unknown name as a new guest of the caller Default: False.
        dry_run (bool | Unset): match and report only: nothing is written Default: False.
        format_ (ImportEntriesFormat | Unset): list: one name per line (blank lines and lines starting with # skipped);
            csv: a header line naming the columns name (required), rating, player_id, club Default: 'list'.
    """

    text: str
    create_guests: bool | Unset = False
    dry_run: bool | Unset = False
    format_: ImportEntriesFormat | Unset = "list"

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        create_guests = self.create_guests

        dry_run = self.dry_run

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
            }
        )
        if create_guests is not UNSET:
            field_dict["create_guests"] = create_guests
        if dry_run is not UNSET:
            field_dict["dry_run"] = dry_run
        if format_ is not UNSET:
            field_dict["format"] = format_

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        text = d.pop("text")

        create_guests = d.pop("create_guests", UNSET)

        dry_run = d.pop("dry_run", UNSET)

        _format_ = d.pop("format", UNSET)
        format_: ImportEntriesFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = check_import_entries_format(_format_)

        import_entries = cls(
            text=text,
            create_guests=create_guests,
            dry_run=dry_run,
            format_=format_,
        )

        return import_entries
