from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.match_record_deals_type_0_item import MatchRecordDealsType0Item
    from ..models.match_record_end_type_0 import MatchRecordEndType0
    from ..models.match_record_games_type_0_item import MatchRecordGamesType0Item
    from ..models.match_record_result import MatchRecordResult
    from ..models.match_record_rules import MatchRecordRules


T = TypeVar("T", bound="MatchRecord")


@_attrs_define
class MatchRecord:
    """The full game record (``scopa replay`` checks it), with the match and its players' ids.

    The deals (Briscola: ``games``), the rules and the result belong to the game and stay open objects;
    ``end`` is there only when the game ended by resignation or on time.

        Attributes:
            first_dealer (int):
            format_ (str):
            game (str):
            master_seed (str):
            match_id (str):
            player_ids (list[str]):
            result (MatchRecordResult):
            rules (MatchRecordRules):
            seats (list[str]):
            shuffle (str):
            deals (list[MatchRecordDealsType0Item] | None | Unset):
            end (MatchRecordEndType0 | None | Unset):
            games (list[MatchRecordGamesType0Item] | None | Unset):
    """

    first_dealer: int
    format_: str
    game: str
    master_seed: str
    match_id: str
    player_ids: list[str]
    result: MatchRecordResult
    rules: MatchRecordRules
    seats: list[str]
    shuffle: str
    deals: list[MatchRecordDealsType0Item] | None | Unset = UNSET
    end: MatchRecordEndType0 | None | Unset = UNSET
    games: list[MatchRecordGamesType0Item] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.match_record_end_type_0 import MatchRecordEndType0  # noqa: PLC0415

        first_dealer = self.first_dealer

        format_ = self.format_

        game = self.game

        master_seed = self.master_seed

        match_id = self.match_id

        player_ids = self.player_ids

        result = self.result.to_dict()

        rules = self.rules.to_dict()

        seats = self.seats

        shuffle = self.shuffle

        deals: list[dict[str, Any]] | None | Unset
        if isinstance(self.deals, Unset):
            deals = UNSET
        elif isinstance(self.deals, list):
            deals = []
            for deals_type_0_item_data in self.deals:
                deals_type_0_item = deals_type_0_item_data.to_dict()
                deals.append(deals_type_0_item)

        else:
            deals = self.deals

        end: dict[str, Any] | None | Unset
        if isinstance(self.end, Unset):
            end = UNSET
        elif isinstance(self.end, MatchRecordEndType0):
            end = self.end.to_dict()
        else:
            end = self.end

        games: list[dict[str, Any]] | None | Unset
        if isinstance(self.games, Unset):
            games = UNSET
        elif isinstance(self.games, list):
            games = []
            for games_type_0_item_data in self.games:
                games_type_0_item = games_type_0_item_data.to_dict()
                games.append(games_type_0_item)

        else:
            games = self.games

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "first_dealer": first_dealer,
                "format": format_,
                "game": game,
                "master_seed": master_seed,
                "match_id": match_id,
                "player_ids": player_ids,
                "result": result,
                "rules": rules,
                "seats": seats,
                "shuffle": shuffle,
            }
        )
        if deals is not UNSET:
            field_dict["deals"] = deals
        if end is not UNSET:
            field_dict["end"] = end
        if games is not UNSET:
            field_dict["games"] = games

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_record_deals_type_0_item import MatchRecordDealsType0Item  # noqa: PLC0415
        from ..models.match_record_end_type_0 import MatchRecordEndType0  # noqa: PLC0415
        from ..models.match_record_games_type_0_item import MatchRecordGamesType0Item  # noqa: PLC0415
        from ..models.match_record_result import MatchRecordResult  # noqa: PLC0415
        from ..models.match_record_rules import MatchRecordRules  # noqa: PLC0415

        d = dict(src_dict)
        first_dealer = d.pop("first_dealer")

        format_ = d.pop("format")

        game = d.pop("game")

        master_seed = d.pop("master_seed")

        match_id = d.pop("match_id")

        player_ids = cast(list[str], d.pop("player_ids"))

        result = MatchRecordResult.from_dict(d.pop("result"))

        rules = MatchRecordRules.from_dict(d.pop("rules"))

        seats = cast(list[str], d.pop("seats"))

        shuffle = d.pop("shuffle")

        def _parse_deals(data: object) -> list[MatchRecordDealsType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                deals_type_0 = []
                _deals_type_0 = data
                for deals_type_0_item_data in _deals_type_0:
                    deals_type_0_item = MatchRecordDealsType0Item.from_dict(deals_type_0_item_data)

                    deals_type_0.append(deals_type_0_item)

                return deals_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[MatchRecordDealsType0Item] | None | Unset, data)

        deals = _parse_deals(d.pop("deals", UNSET))

        def _parse_end(data: object) -> MatchRecordEndType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                end_type_0 = MatchRecordEndType0.from_dict(data)

                return end_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchRecordEndType0 | None | Unset, data)

        end = _parse_end(d.pop("end", UNSET))

        def _parse_games(data: object) -> list[MatchRecordGamesType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                games_type_0 = []
                _games_type_0 = data
                for games_type_0_item_data in _games_type_0:
                    games_type_0_item = MatchRecordGamesType0Item.from_dict(games_type_0_item_data)

                    games_type_0.append(games_type_0_item)

                return games_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[MatchRecordGamesType0Item] | None | Unset, data)

        games = _parse_games(d.pop("games", UNSET))

        match_record = cls(
            first_dealer=first_dealer,
            format_=format_,
            game=game,
            master_seed=master_seed,
            match_id=match_id,
            player_ids=player_ids,
            result=result,
            rules=rules,
            seats=seats,
            shuffle=shuffle,
            deals=deals,
            end=end,
            games=games,
        )

        return match_record
