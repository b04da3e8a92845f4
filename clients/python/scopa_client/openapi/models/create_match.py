from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_match_game import CreateMatchGame, check_create_match_game
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_match_options_type_0 import CreateMatchOptionsType0
    from ..models.time_control import TimeControl


T = TypeVar("T", bound="CreateMatch")


@_attrs_define
class CreateMatch:
    """
    Attributes:
        players (list[str]): player ids (house bots: bot-random, bot-greedy, bot-strong); for partnerships [a1, a2, b1,
            b2], partners first (Scopa: 2 to 4 players; Briscola: 2 to 8)
        game (CreateMatchGame | Unset): the card game: scopa (default) or briscola; presets and options belong to the
            game (GET /rules?game=) Default: 'scopa'.
        options (CreateMatchOptionsType0 | None | Unset): single rule options over the preset
        preset (str | Unset): the game's rule preset, see GET /rules?game= Default: 'classic'.
        seed (None | str | Unset): a given master seed (duplicate deals, tests): 16 to 64 bytes in hex
        target (int | None | Unset): Scopa: points to win
        time_control (None | TimeControl | Unset):
    """

    players: list[str]
    game: CreateMatchGame | Unset = "scopa"
    options: CreateMatchOptionsType0 | None | Unset = UNSET
    preset: str | Unset = "classic"
    seed: None | str | Unset = UNSET
    target: int | None | Unset = UNSET
    time_control: None | TimeControl | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.create_match_options_type_0 import CreateMatchOptionsType0  # noqa: PLC0415
        from ..models.time_control import TimeControl  # noqa: PLC0415

        players = self.players

        game: str | Unset = UNSET
        if not isinstance(self.game, Unset):
            game = self.game

        options: dict[str, Any] | None | Unset
        if isinstance(self.options, Unset):
            options = UNSET
        elif isinstance(self.options, CreateMatchOptionsType0):
            options = self.options.to_dict()
        else:
            options = self.options

        preset = self.preset

        seed: None | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

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
                "players": players,
            }
        )
        if game is not UNSET:
            field_dict["game"] = game
        if options is not UNSET:
            field_dict["options"] = options
        if preset is not UNSET:
            field_dict["preset"] = preset
        if seed is not UNSET:
            field_dict["seed"] = seed
        if target is not UNSET:
            field_dict["target"] = target
        if time_control is not UNSET:
            field_dict["time_control"] = time_control

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_match_options_type_0 import CreateMatchOptionsType0  # noqa: PLC0415
        from ..models.time_control import TimeControl  # noqa: PLC0415

        d = dict(src_dict)
        players = cast(list[str], d.pop("players"))

        _game = d.pop("game", UNSET)
        game: CreateMatchGame | Unset
        if isinstance(_game, Unset):
            game = UNSET
        else:
            game = check_create_match_game(_game)

        def _parse_options(data: object) -> CreateMatchOptionsType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                options_type_0 = CreateMatchOptionsType0.from_dict(data)

                return options_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CreateMatchOptionsType0 | None | Unset, data)

        options = _parse_options(d.pop("options", UNSET))

        preset = d.pop("preset", UNSET)

        def _parse_seed(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

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

        create_match = cls(
            players=players,
            game=game,
            options=options,
            preset=preset,
            seed=seed,
            target=target,
            time_control=time_control,
        )

        return create_match
