from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.tournament_settings_entry_policy import (
    TournamentSettingsEntryPolicy,
    check_tournament_settings_entry_policy,
)
from ..models.tournament_settings_format import TournamentSettingsFormat, check_tournament_settings_format
from ..models.tournament_settings_game import TournamentSettingsGame, check_tournament_settings_game
from ..models.tournament_settings_next_round import (
    TournamentSettingsNextRound,
    check_tournament_settings_next_round,
)
from ..models.tournament_settings_play_mode import (
    TournamentSettingsPlayMode,
    check_tournament_settings_play_mode,
)
from ..models.tournament_settings_tiebreaks_type_0_item import (
    TournamentSettingsTiebreaksType0Item,
    check_tournament_settings_tiebreaks_type_0_item,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.tournament_settings_options import TournamentSettingsOptions


T = TypeVar("T", bound="TournamentSettings")


@_attrs_define
class TournamentSettings:
    """Everything an organizer chooses. Defaults: a 5-round Swiss of classic Scopa to 11, one game a round.

    Attributes:
        advance_per_group (int | Unset): groups_knockout: how many of each group go on to the knockout Default: 2.
        approve_entries (bool | Unset): a player's entry waits for an organizer's approval; only approved entries play
            Default: False.
        arena_grace_seconds (int | Unset): arena: games under way at the window's end count if they finish this long
            after it Default: 120.
        arena_minutes (int | None | Unset): arena: the window's length from the start (required for arena)
        bracket_reset (bool | Unset): double elimination: when the losers' bracket winner takes the grand final, one
            more match decides (both have lost once) Default: True.
        bye_points (float | Unset): match points for a pairing bye: by default 1 (a win) in a Swiss or a knockout
            (single or double elimination), 0 in a round robin or groups (the entrant who sits out); 1 or 0.5 to choose
            otherwise Default: 1.0.
        check_in_minutes (int | Unset): entrants check in during this many minutes before starts_at; those who did not
            are withdrawn at the start (0: no check-in) Default: 0.
        duplicate_deals (bool | Unset): every table of a round plays the same deals (same seeds), so luck is shared
            Default: False.
        entry_policy (TournamentSettingsEntryPolicy | Unset): open: anyone enters; club: the club's members; invite: the
            organizer enters people Default: 'open'.
        forbidden_pairs (list[list[str]] | Unset): player ids never to be paired (Swiss)
        forbidden_rounds (int | None | Unset): forbidden pairs apply for this many rounds (null: all rounds) Default: 1.
        format_ (TournamentSettingsFormat | Unset): swiss, round_robin, double_round_robin, knockout,
            double_elimination, groups_knockout or arena (a time window) Default: 'swiss'.
        game (TournamentSettingsGame | Unset): the card game of every match: scopa or briscola Default: 'scopa'.
        games_per_match (int | Unset): best of N games (odd): 1 is a single game to the target Default: 1.
        group_size (int | Unset): groups_knockout: the largest group (entrants dealt into groups by seed) Default: 4.
        late_entry_points (float | Unset): match points for each round missed Default: 0.0.
        late_entry_rounds (int | Unset): late entries are taken until this many rounds have started Default: 0.
        max_entrants (int | Unset): the player cap: at most 2,000 (10,000 for an arena) Default: 256.
        max_requested_byes (int | Unset): Swiss: byes one entrant may ask for (0: none); see POST .../byes Default: 1.
        next_round (TournamentSettingsNextRound | Unset): when every table of a round is decided: pair the next round at
            once, or by_organizer (when an organizer advances the tournament) Default: 'at_once'.
        options (TournamentSettingsOptions | Unset): single rule options over the preset
        play_mode (TournamentSettingsPlayMode | Unset): online: every table is a match played here; in_person: played at
            real tables, the players report the results; mixed: in person except tables whose two entrants are marked online
            Default: 'online'.
        preset (str | Unset): the game's rule preset of every match (GET /rules?game=) Default: 'classic'.
        requested_bye_points (float | Unset): Swiss: match points for a bye a player asked for: 0.5 (the half-point bye
            of FIDE-rated opens, the default) or 0 Default: 0.5.
        round_seconds (int | None | Unset): each round's length; unfinished matches are adjudicated at its end. null: a
            round ends when all its matches end
        rounds (int | None | Unset): Swiss rounds (required for swiss; derived for the other formats)
        seconds_per_move (int | Unset): each move's time limit; an overdue player loses on time Default: 86400.
        starts_at (datetime.datetime | None | Unset): when round 1 starts by itself (ISO 8601 with offset); null: the
            organizer starts it
        streaks (bool | Unset): arena: after two wins in a row, wins score double (4) until a game is not won Default:
            True.
        target (int | None | Unset): Scopa: points to win a game (default: the preset's)
        third_place_match (bool | Unset): knockout and groups_knockout: the semi-finals' losers play for third place in
            the final's round (none when a semi-final was a bye, as with fewer than 4 in the bracket) Default: False.
        tiebreaks (list[TournamentSettingsTiebreaksType0Item] | None | Unset): tie-breaks in order (default per format);
            the lot always comes last
    """

    advance_per_group: int | Unset = 2
    approve_entries: bool | Unset = False
    arena_grace_seconds: int | Unset = 120
    arena_minutes: int | None | Unset = UNSET
    bracket_reset: bool | Unset = True
    bye_points: float | Unset = 1.0
    check_in_minutes: int | Unset = 0
    duplicate_deals: bool | Unset = False
    entry_policy: TournamentSettingsEntryPolicy | Unset = "open"
    forbidden_pairs: list[list[str]] | Unset = UNSET
    forbidden_rounds: int | None | Unset = 1
    format_: TournamentSettingsFormat | Unset = "swiss"
    game: TournamentSettingsGame | Unset = "scopa"
    games_per_match: int | Unset = 1
    group_size: int | Unset = 4
    late_entry_points: float | Unset = 0.0
    late_entry_rounds: int | Unset = 0
    max_entrants: int | Unset = 256
    max_requested_byes: int | Unset = 1
    next_round: TournamentSettingsNextRound | Unset = "at_once"
    options: TournamentSettingsOptions | Unset = UNSET
    play_mode: TournamentSettingsPlayMode | Unset = "online"
    preset: str | Unset = "classic"
    requested_bye_points: float | Unset = 0.5
    round_seconds: int | None | Unset = UNSET
    rounds: int | None | Unset = UNSET
    seconds_per_move: int | Unset = 86400
    starts_at: datetime.datetime | None | Unset = UNSET
    streaks: bool | Unset = True
    target: int | None | Unset = UNSET
    third_place_match: bool | Unset = False
    tiebreaks: list[TournamentSettingsTiebreaksType0Item] | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        advance_per_group = self.advance_per_group

        approve_entries = self.approve_entries

        arena_grace_seconds = self.arena_grace_seconds

        arena_minutes: int | None | Unset
        if isinstance(self.arena_minutes, Unset):
            arena_minutes = UNSET
        else:
            arena_minutes = self.arena_minutes

        bracket_reset = self.bracket_reset

        bye_points = self.bye_points

        check_in_minutes = self.check_in_minutes

        duplicate_deals = self.duplicate_deals

        entry_policy: str | Unset = UNSET
        if not isinstance(self.entry_policy, Unset):
            entry_policy = self.entry_policy

        forbidden_pairs: list[list[str]] | Unset = UNSET
        if not isinstance(self.forbidden_pairs, Unset):
            forbidden_pairs = []
            for forbidden_pairs_item_data in self.forbidden_pairs:
                forbidden_pairs_item = []
                for forbidden_pairs_item_item_data in forbidden_pairs_item_data:
                    forbidden_pairs_item_item: str
                    forbidden_pairs_item_item = forbidden_pairs_item_item_data
                    forbidden_pairs_item.append(forbidden_pairs_item_item)

                forbidden_pairs.append(forbidden_pairs_item)

        forbidden_rounds: int | None | Unset
        if isinstance(self.forbidden_rounds, Unset):
            forbidden_rounds = UNSET
        else:
            forbidden_rounds = self.forbidden_rounds

        format_: str | Unset = UNSET
        if not isinstance(self.format_, Unset):
            format_ = self.format_

        game: str | Unset = UNSET
        if not isinstance(self.game, Unset):
            game = self.game

        games_per_match = self.games_per_match

        group_size = self.group_size

        late_entry_points = self.late_entry_points

        late_entry_rounds = self.late_entry_rounds

        max_entrants = self.max_entrants

        max_requested_byes = self.max_requested_byes

        next_round: str | Unset = UNSET
        if not isinstance(self.next_round, Unset):
            next_round = self.next_round

        options: dict[str, Any] | Unset = UNSET
        if not isinstance(self.options, Unset):
            options = self.options.to_dict()

        play_mode: str | Unset = UNSET
        if not isinstance(self.play_mode, Unset):
            play_mode = self.play_mode

        preset = self.preset

        requested_bye_points = self.requested_bye_points

        round_seconds: int | None | Unset
        if isinstance(self.round_seconds, Unset):
            round_seconds = UNSET
        else:
            round_seconds = self.round_seconds

        rounds: int | None | Unset
        if isinstance(self.rounds, Unset):
            rounds = UNSET
        else:
            rounds = self.rounds

        seconds_per_move = self.seconds_per_move

        starts_at: None | str | Unset
        if isinstance(self.starts_at, Unset):
            starts_at = UNSET
        elif isinstance(self.starts_at, datetime.datetime):
            starts_at = self.starts_at.isoformat()
        else:
            starts_at = self.starts_at

        streaks = self.streaks

        target: int | None | Unset
        if isinstance(self.target, Unset):
            target = UNSET
        else:
            target = self.target

        third_place_match = self.third_place_match

        tiebreaks: list[str] | None | Unset
        if isinstance(self.tiebreaks, Unset):
            tiebreaks = UNSET
        elif isinstance(self.tiebreaks, list):
            tiebreaks = []
            for tiebreaks_type_0_item_data in self.tiebreaks:
                tiebreaks_type_0_item: str = tiebreaks_type_0_item_data
                tiebreaks.append(tiebreaks_type_0_item)

        else:
            tiebreaks = self.tiebreaks

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if advance_per_group is not UNSET:
            field_dict["advance_per_group"] = advance_per_group
        if approve_entries is not UNSET:
            field_dict["approve_entries"] = approve_entries
        if arena_grace_seconds is not UNSET:
            field_dict["arena_grace_seconds"] = arena_grace_seconds
        if arena_minutes is not UNSET:
            field_dict["arena_minutes"] = arena_minutes
        if bracket_reset is not UNSET:
            field_dict["bracket_reset"] = bracket_reset
        if bye_points is not UNSET:
            field_dict["bye_points"] = bye_points
        if check_in_minutes is not UNSET:
            field_dict["check_in_minutes"] = check_in_minutes
        if duplicate_deals is not UNSET:
            field_dict["duplicate_deals"] = duplicate_deals
        if entry_policy is not UNSET:
            field_dict["entry_policy"] = entry_policy
        if forbidden_pairs is not UNSET:
            field_dict["forbidden_pairs"] = forbidden_pairs
        if forbidden_rounds is not UNSET:
            field_dict["forbidden_rounds"] = forbidden_rounds
        if format_ is not UNSET:
            field_dict["format"] = format_
        if game is not UNSET:
            field_dict["game"] = game
        if games_per_match is not UNSET:
            field_dict["games_per_match"] = games_per_match
        if group_size is not UNSET:
            field_dict["group_size"] = group_size
        if late_entry_points is not UNSET:
            field_dict["late_entry_points"] = late_entry_points
        if late_entry_rounds is not UNSET:
            field_dict["late_entry_rounds"] = late_entry_rounds
        if max_entrants is not UNSET:
            field_dict["max_entrants"] = max_entrants
        if max_requested_byes is not UNSET:
            field_dict["max_requested_byes"] = max_requested_byes
        if next_round is not UNSET:
            field_dict["next_round"] = next_round
        if options is not UNSET:
            field_dict["options"] = options
        if play_mode is not UNSET:
            field_dict["play_mode"] = play_mode
        if preset is not UNSET:
            field_dict["preset"] = preset
        if requested_bye_points is not UNSET:
            field_dict["requested_bye_points"] = requested_bye_points
        if round_seconds is not UNSET:
            field_dict["round_seconds"] = round_seconds
        if rounds is not UNSET:
            field_dict["rounds"] = rounds
        if seconds_per_move is not UNSET:
            field_dict["seconds_per_move"] = seconds_per_move
        if starts_at is not UNSET:
            field_dict["starts_at"] = starts_at
        if streaks is not UNSET:
            field_dict["streaks"] = streaks
        if target is not UNSET:
            field_dict["target"] = target
        if third_place_match is not UNSET:
            field_dict["third_place_match"] = third_place_match
        if tiebreaks is not UNSET:
            field_dict["tiebreaks"] = tiebreaks

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tournament_settings_options import TournamentSettingsOptions  # noqa: PLC0415

        d = dict(src_dict)
        advance_per_group = d.pop("advance_per_group", UNSET)

        approve_entries = d.pop("approve_entries", UNSET)

        arena_grace_seconds = d.pop("arena_grace_seconds", UNSET)

        def _parse_arena_minutes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        arena_minutes = _parse_arena_minutes(d.pop("arena_minutes", UNSET))

        bracket_reset = d.pop("bracket_reset", UNSET)

        bye_points = d.pop("bye_points", UNSET)

        check_in_minutes = d.pop("check_in_minutes", UNSET)

        duplicate_deals = d.pop("duplicate_deals", UNSET)

        _entry_policy = d.pop("entry_policy", UNSET)
        entry_policy: TournamentSettingsEntryPolicy | Unset
        if isinstance(_entry_policy, Unset):
            entry_policy = UNSET
        else:
            entry_policy = check_tournament_settings_entry_policy(_entry_policy)

        _forbidden_pairs = d.pop("forbidden_pairs", UNSET)
        forbidden_pairs: list[list[str]] | Unset = UNSET
        if _forbidden_pairs is not UNSET:
            forbidden_pairs = []
            for forbidden_pairs_item_data in _forbidden_pairs:
                forbidden_pairs_item = []
                _forbidden_pairs_item = forbidden_pairs_item_data
                for forbidden_pairs_item_item_data in _forbidden_pairs_item:

                    def _parse_forbidden_pairs_item_item(data: object) -> str:
                        return cast(str, data)

                    forbidden_pairs_item_item = _parse_forbidden_pairs_item_item(
                        forbidden_pairs_item_item_data
                    )

                    forbidden_pairs_item.append(forbidden_pairs_item_item)

                forbidden_pairs.append(forbidden_pairs_item)

        def _parse_forbidden_rounds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        forbidden_rounds = _parse_forbidden_rounds(d.pop("forbidden_rounds", UNSET))

        _format_ = d.pop("format", UNSET)
        format_: TournamentSettingsFormat | Unset
        if isinstance(_format_, Unset):
            format_ = UNSET
        else:
            format_ = check_tournament_settings_format(_format_)

        _game = d.pop("game", UNSET)
        game: TournamentSettingsGame | Unset
        if isinstance(_game, Unset):
            game = UNSET
        else:
            game = check_tournament_settings_game(_game)

        games_per_match = d.pop("games_per_match", UNSET)

        group_size = d.pop("group_size", UNSET)

        late_entry_points = d.pop("late_entry_points", UNSET)

        late_entry_rounds = d.pop("late_entry_rounds", UNSET)

        max_entrants = d.pop("max_entrants", UNSET)

        max_requested_byes = d.pop("max_requested_byes", UNSET)

        _next_round = d.pop("next_round", UNSET)
        next_round: TournamentSettingsNextRound | Unset
        if isinstance(_next_round, Unset):
            next_round = UNSET
        else:
            next_round = check_tournament_settings_next_round(_next_round)

        _options = d.pop("options", UNSET)
        options: TournamentSettingsOptions | Unset
        if isinstance(_options, Unset):
            options = UNSET
        else:
            options = TournamentSettingsOptions.from_dict(_options)

        _play_mode = d.pop("play_mode", UNSET)
        play_mode: TournamentSettingsPlayMode | Unset
        if isinstance(_play_mode, Unset):
            play_mode = UNSET
        else:
            play_mode = check_tournament_settings_play_mode(_play_mode)

        preset = d.pop("preset", UNSET)

        requested_bye_points = d.pop("requested_bye_points", UNSET)

        def _parse_round_seconds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        round_seconds = _parse_round_seconds(d.pop("round_seconds", UNSET))

        def _parse_rounds(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        rounds = _parse_rounds(d.pop("rounds", UNSET))

        seconds_per_move = d.pop("seconds_per_move", UNSET)

        def _parse_starts_at(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                starts_at_type_0 = datetime.datetime.fromisoformat(data)

                return starts_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        starts_at = _parse_starts_at(d.pop("starts_at", UNSET))

        streaks = d.pop("streaks", UNSET)

        def _parse_target(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        target = _parse_target(d.pop("target", UNSET))

        third_place_match = d.pop("third_place_match", UNSET)

        def _parse_tiebreaks(data: object) -> list[TournamentSettingsTiebreaksType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                tiebreaks_type_0 = []
                _tiebreaks_type_0 = data
                for tiebreaks_type_0_item_data in _tiebreaks_type_0:
                    tiebreaks_type_0_item = check_tournament_settings_tiebreaks_type_0_item(
                        tiebreaks_type_0_item_data
                    )

                    tiebreaks_type_0.append(tiebreaks_type_0_item)

                return tiebreaks_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[TournamentSettingsTiebreaksType0Item] | None | Unset, data)

        tiebreaks = _parse_tiebreaks(d.pop("tiebreaks", UNSET))

        tournament_settings = cls(
            advance_per_group=advance_per_group,
            approve_entries=approve_entries,
            arena_grace_seconds=arena_grace_seconds,
            arena_minutes=arena_minutes,
            bracket_reset=bracket_reset,
            bye_points=bye_points,
            check_in_minutes=check_in_minutes,
            duplicate_deals=duplicate_deals,
            entry_policy=entry_policy,
            forbidden_pairs=forbidden_pairs,
            forbidden_rounds=forbidden_rounds,
            format_=format_,
            game=game,
            games_per_match=games_per_match,
            group_size=group_size,
            late_entry_points=late_entry_points,
            late_entry_rounds=late_entry_rounds,
            max_entrants=max_entrants,
            max_requested_byes=max_requested_byes,
            next_round=next_round,
            options=options,
            play_mode=play_mode,
            preset=preset,
            requested_bye_points=requested_bye_points,
            round_seconds=round_seconds,
            rounds=rounds,
            seconds_per_move=seconds_per_move,
            starts_at=starts_at,
            streaks=streaks,
            target=target,
            third_place_match=third_place_match,
            tiebreaks=tiebreaks,
        )

        return tournament_settings
