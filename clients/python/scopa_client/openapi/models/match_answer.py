from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.match_answer_awaiting_action_type_0 import (
    MatchAnswerAwaitingActionType0,
    check_match_answer_awaiting_action_type_0,
)
from ..models.match_answer_status import MatchAnswerStatus, check_match_answer_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.match_answer_options import MatchAnswerOptions
    from ..models.match_answer_rules import MatchAnswerRules
    from ..models.match_answer_tournament_type_0 import MatchAnswerTournamentType0
    from ..models.match_answer_view import MatchAnswerView
    from ..models.match_links import MatchLinks
    from ..models.match_result import MatchResult
    from ..models.move_clock import MoveClock
    from ..models.seat import Seat


T = TypeVar("T", bound="MatchAnswer")


@_attrs_define
class MatchAnswer:
    """A match as the caller sees it: the seats, whose turn, the clock, the result and the caller's view.

    Attributes:
        created_at (str):
        deadline (None | str):
        game (str):
        id (str):
        preset (str):
        result (MatchResult | None):
        rules (MatchAnswerRules): the effective rule set: every rule, the preset and the chosen options merged
        seats (list[Seat]):
        status (MatchAnswerStatus):
        time_control (MoveClock): The clock as it was given: ``days_per_move`` for a correspondence clock of whole days,
            and always
            ``seconds_per_move`` (the same clock in seconds).
        tournament (MatchAnswerTournamentType0 | None):
        turn (int | None):
        turn_player_id (None | str):
        updated_at (str):
        version (int):
        view (MatchAnswerView):
        your_seat (int | None):
        awaiting (list[str] | Unset): player ids whose action the match waits for: the seats not accepted yet (pending),
            the player to move (active); [] otherwise
        awaiting_action (MatchAnswerAwaitingActionType0 | None | Unset):
        expires_at (None | str | Unset):
        links (MatchLinks | Unset): Where to reach the match besides the API's own paths.
        options (MatchAnswerOptions | Unset): only the rules that differ from the game's defaults (the compact form
            records use)
        rated (bool | Unset):  Default: True.
        seeded (bool | Unset):  Default: False.
        timed (bool | Unset): a move clock runs; false: no deadline, never lost on time Default: True.
    """

    created_at: str
    deadline: None | str
    game: str
    id: str
    preset: str
    result: MatchResult | None
    rules: MatchAnswerRules
    seats: list[Seat]
    status: MatchAnswerStatus
    time_control: MoveClock
    tournament: MatchAnswerTournamentType0 | None
    turn: int | None
    turn_player_id: None | str
    updated_at: str
    version: int
    view: MatchAnswerView
    your_seat: int | None
    awaiting: list[str] | Unset = UNSET
    awaiting_action: MatchAnswerAwaitingActionType0 | None | Unset = UNSET
    expires_at: None | str | Unset = UNSET
    links: MatchLinks | Unset = UNSET
    options: MatchAnswerOptions | Unset = UNSET
    rated: bool | Unset = True
    seeded: bool | Unset = False
    timed: bool | Unset = True

    def to_dict(self) -> dict[str, Any]:
        from ..models.match_answer_tournament_type_0 import MatchAnswerTournamentType0  # noqa: PLC0415
        from ..models.match_result import MatchResult  # noqa: PLC0415

        created_at = self.created_at

        deadline: None | str
        deadline = self.deadline

        game = self.game

        id = self.id

        preset = self.preset

        result: dict[str, Any] | None
        if isinstance(self.result, MatchResult):
            result = self.result.to_dict()
        else:
            result = self.result

        rules = self.rules.to_dict()

        seats = []
        for seats_item_data in self.seats:
            seats_item = seats_item_data.to_dict()
            seats.append(seats_item)

        status: str = self.status

        time_control = self.time_control.to_dict()

        tournament: dict[str, Any] | None
        if isinstance(self.tournament, MatchAnswerTournamentType0):
            tournament = self.tournament.to_dict()
        else:
            tournament = self.tournament

        turn: int | None
        turn = self.turn

        turn_player_id: None | str
        turn_player_id = self.turn_player_id

        updated_at = self.updated_at

        version = self.version

        view = self.view.to_dict()

        your_seat: int | None
        your_seat = self.your_seat

        awaiting: list[str] | Unset = UNSET
        if not isinstance(self.awaiting, Unset):
            awaiting = self.awaiting

        awaiting_action: None | str | Unset
        if isinstance(self.awaiting_action, Unset):
            awaiting_action = UNSET
        elif isinstance(self.awaiting_action, str):
            awaiting_action = self.awaiting_action
        else:
            awaiting_action = self.awaiting_action

        expires_at: None | str | Unset
        if isinstance(self.expires_at, Unset):
            expires_at = UNSET
        else:
            expires_at = self.expires_at

        links: dict[str, Any] | Unset = UNSET
        if not isinstance(self.links, Unset):
            links = self.links.to_dict()

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        rated = self.rated

        seeded = self.seeded

        timed = self.timed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "created_at": created_at,
                "deadline": deadline,
                "game": game,
                "id": id,
                "preset": preset,
                "result": result,
                "rules": rules,
                "seats": seats,
                "status": status,
                "time_control": time_control,
                "tournament": tournament,
                "turn": turn,
                "turn_player_id": turn_player_id,
                "updated_at": updated_at,
                "version": version,
                "view": view,
                "your_seat": your_seat,
            }
        )
        if awaiting is not UNSET:
            field_dict["awaiting"] = awaiting
        if awaiting_action is not UNSET:
            field_dict["awaiting_action"] = awaiting_action
        if expires_at is not UNSET:
            field_dict["expires_at"] = expires_at
        if links is not UNSET:
            field_dict["links"] = links
        if options is not UNSET:
            field_dict["options"] = options
        if rated is not UNSET:
            field_dict["rated"] = rated
        if seeded is not UNSET:
            field_dict["seeded"] = seeded
        if timed is not UNSET:
            field_dict["timed"] = timed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_answer_options import MatchAnswerOptions  # noqa: PLC0415
        from ..models.match_answer_rules import MatchAnswerRules  # noqa: PLC0415
        from ..models.match_answer_tournament_type_0 import MatchAnswerTournamentType0  # noqa: PLC0415
        from ..models.match_answer_view import MatchAnswerView  # noqa: PLC0415
        from ..models.match_links import MatchLinks  # noqa: PLC0415
        from ..models.match_result import MatchResult  # noqa: PLC0415
        from ..models.move_clock import MoveClock  # noqa: PLC0415
        from ..models.seat import Seat  # noqa: PLC0415

        d = dict(src_dict)
        created_at = d.pop("created_at")

        def _parse_deadline(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        deadline = _parse_deadline(d.pop("deadline"))

        game = d.pop("game")

        id = d.pop("id")

        preset = d.pop("preset")

        def _parse_result(data: object) -> MatchResult | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                result_type_0 = MatchResult.from_dict(data)

                return result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchResult | None, data)

        result = _parse_result(d.pop("result"))

        rules = MatchAnswerRules.from_dict(d.pop("rules"))

        seats = []
        _seats = d.pop("seats")
        for seats_item_data in _seats:
            seats_item = Seat.from_dict(seats_item_data)

            seats.append(seats_item)

        status = check_match_answer_status(d.pop("status"))

        time_control = MoveClock.from_dict(d.pop("time_control"))

        def _parse_tournament(data: object) -> MatchAnswerTournamentType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tournament_type_0 = MatchAnswerTournamentType0.from_dict(data)

                return tournament_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchAnswerTournamentType0 | None, data)

        tournament = _parse_tournament(d.pop("tournament"))

        def _parse_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turn = _parse_turn(d.pop("turn"))

        def _parse_turn_player_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        turn_player_id = _parse_turn_player_id(d.pop("turn_player_id"))

        updated_at = d.pop("updated_at")

        version = d.pop("version")

        view = MatchAnswerView.from_dict(d.pop("view"))

        def _parse_your_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        your_seat = _parse_your_seat(d.pop("your_seat"))

        awaiting = cast(list[str], d.pop("awaiting", UNSET))

        def _parse_awaiting_action(data: object) -> MatchAnswerAwaitingActionType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                awaiting_action_type_0 = check_match_answer_awaiting_action_type_0(data)

                return awaiting_action_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchAnswerAwaitingActionType0 | None | Unset, data)

        awaiting_action = _parse_awaiting_action(d.pop("awaiting_action", UNSET))

        def _parse_expires_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        expires_at = _parse_expires_at(d.pop("expires_at", UNSET))

        _links = d.pop("links", UNSET)
        links: MatchLinks | Unset
        if isinstance(_links, Unset):
            links = UNSET
        else:
            links = MatchLinks.from_dict(_links)

        _options = d.pop("options", UNSET)
        options: MatchAnswerOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = MatchAnswerOptions.from_dict(_options)

        rated = d.pop("rated", UNSET)

        seeded = d.pop("seeded", UNSET)

        timed = d.pop("timed", UNSET)

        match_answer = cls(
            created_at=created_at,
            deadline=deadline,
            game=game,
            id=id,
            preset=preset,
            result=result,
            rules=rules,
            seats=seats,
            status=status,
            time_control=time_control,
            tournament=tournament,
            turn=turn,
            turn_player_id=turn_player_id,
            updated_at=updated_at,
            version=version,
            view=view,
            your_seat=your_seat,
            awaiting=awaiting,
            awaiting_action=awaiting_action,
            expires_at=expires_at,
            links=links,
            options=options,
            rated=rated,
            seeded=seeded,
            timed=timed,
        )

        return match_answer
