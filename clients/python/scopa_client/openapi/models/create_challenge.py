from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_challenge_game import CreateChallengeGame, check_create_challenge_game
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.time_control import TimeControl


T = TypeVar("T", bound="CreateChallenge")


@_attrs_define
class CreateChallenge:
    """A challenge to a named player: an invitation they accept or decline from their inbox.

    Attributes:
        opponent (str): the challenged player's id (not a bot)
        expires_in (int | Unset): seconds the opponent has to accept (default a day) Default: 86400.
        game (CreateChallengeGame | Unset): the card game: scopa (default) or briscola; presets and options belong to
            the game (GET /rules?game=) Default: 'scopa'.
        preset (str | Unset): rule preset, see GET /rules?game= Default: 'classic'.
        rated (bool | Unset): false: a friendly game, never rated Default: True.
        target (int | None | Unset): Scopa: points to win; null: the preset's
        time_control (None | TimeControl | Unset):
    """

    opponent: str
    expires_in: int | Unset = 86400
    game: CreateChallengeGame | Unset = "scopa"
    preset: str | Unset = "classic"
    rated: bool | Unset = True
    target: int | None | Unset = UNSET
    time_control: None | TimeControl | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.time_control import TimeControl  # noqa: PLC0415

        opponent = self.opponent

        expires_in = self.expires_in

        game: str | Unset = UNSET
        if not isinstance(self.game, Unset):
            game = self.game

        preset = self.preset

        rated = self.rated

        target: int | None | Unset
        if isinstance(self.target, Unset):
            target = UNSET
        else:
            target = self.target

        time_control: dict[str, Any] | None | Unset
        if isinstance(self.time_control, Unset):
            time_control = UNSET
        elif isinstance(self.time_control, TimeControl):
            time_control = self.time_control.to_dict()
        else:
            time_control = self.time_control

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "opponent": opponent,
            }
        )
        if expires_in is not UNSET:
            field_dict["expires_in"] = expires_in
        if game is not UNSET:
            field_dict["game"] = game
        if preset is not UNSET:
            field_dict["preset"] = preset
        if rated is not UNSET:
            field_dict["rated"] = rated
        if target is not UNSET:
            field_dict["target"] = target
        if time_control is not UNSET:
            field_dict["time_control"] = time_control

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.time_control import TimeControl  # noqa: PLC0415

        d = dict(src_dict)
        opponent = d.pop("opponent")

        expires_in = d.pop("expires_in", UNSET)

        _game = d.pop("game", UNSET)
        game: CreateChallengeGame | Unset
        if isinstance(_game, Unset):
            game = UNSET
        else:
            game = check_create_challenge_game(_game)

        preset = d.pop("preset", UNSET)

        rated = d.pop("rated", UNSET)

        def _parse_target(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        target = _parse_target(d.pop("target", UNSET))

        def _parse_time_control(data: object) -> None | TimeControl | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                time_control_type_0 = TimeControl.from_dict(data)

                return time_control_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | TimeControl | Unset, data)

        time_control = _parse_time_control(d.pop("time_control", UNSET))

        create_challenge = cls(
            opponent=opponent,
            expires_in=expires_in,
            game=game,
            preset=preset,
            rated=rated,
            target=target,
            time_control=time_control,
        )

        return create_challenge
