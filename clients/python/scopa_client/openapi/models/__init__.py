"""Contains all the data models used in inputs/outputs"""

from .add_member import AddMember
from .add_member_role import AddMemberRole
from .advance_report import AdvanceReport
from .arena_answer import ArenaAnswer
from .arena_line import ArenaLine
from .arena_table import ArenaTable
from .audit_record import AuditRecord
from .audit_record_details import AuditRecordDetails
from .audit_trail import AuditTrail
from .bots import Bots
from .briscola_move import BriscolaMove
from .briscola_trick import BriscolaTrick
from .challenge import Challenge
from .claim_guest import ClaimGuest
from .close_round import CloseRound
from .club_answer import ClubAnswer
from .club_member import ClubMember
from .club_member_role import ClubMemberRole
from .club_members import ClubMembers
from .club_view import ClubView
from .club_view_your_role_type_0 import ClubViewYourRoleType0
from .clubs import Clubs
from .correct_result import CorrectResult
from .create_bot_account import CreateBotAccount
from .create_challenge import CreateChallenge
from .create_challenge_game import CreateChallengeGame
from .create_club import CreateClub
from .create_guest import CreateGuest
from .create_match import CreateMatch
from .create_match_game import CreateMatchGame
from .create_match_options_type_0 import CreateMatchOptionsType0
from .create_season import CreateSeason
from .create_seek import CreateSeek
from .create_seek_game import CreateSeekGame
from .create_tournament import CreateTournament
from .create_webhook import CreateWebhook
from .create_webhook_events_item import CreateWebhookEventsItem
from .created_webhook import CreatedWebhook
from .cross_table_cell import CrossTableCell
from .cross_table_cell_side_type_0 import CrossTableCellSideType0
from .cross_table_row import CrossTableRow
from .crosstable import Crosstable
from .deal_count import DealCount
from .deal_count_points_item import DealCountPointsItem
from .deliveries import Deliveries
from .delivery_answer import DeliveryAnswer
from .delivery_answer_status import DeliveryAnswerStatus
from .enter import Enter
from .enter_score import EnterScore
from .enter_score_forfeit_type_0 import EnterScoreForfeitType0
from .entries import Entries
from .entry import Entry
from .entry_status import EntryStatus
from .error_body import ErrorBody
from .error_body_details import ErrorBodyDetails
from .exclude import Exclude
from .export_season_format import ExportSeasonFormat
from .export_tournament_format import ExportTournamentFormat
from .finished_deal import FinishedDeal
from .finished_game import FinishedGame
from .get_leaderboard_by import GetLeaderboardBy
from .get_rules_game import GetRulesGame
from .guest_claim_code import GuestClaimCode
from .guests import Guests
from .health import Health
from .http_validation_error import HTTPValidationError
from .import_answer import ImportAnswer
from .import_answer_counts import ImportAnswerCounts
from .import_entries import ImportEntries
from .import_entries_format import ImportEntriesFormat
from .import_line import ImportLine
from .import_line_status import ImportLineStatus
from .inbox_answer import InboxAnswer
from .invitation import Invitation
from .join_request_answer import JoinRequestAnswer
from .join_request_answer_status import JoinRequestAnswerStatus
from .join_requests import JoinRequests
from .leaderboard_answer import LeaderboardAnswer
from .leaderboard_answer_by import LeaderboardAnswerBy
from .leftovers import Leftovers
from .list_tournaments_status_type_0 import ListTournamentsStatusType0
from .manual_pairing import ManualPairing
from .match_answer import MatchAnswer
from .match_answer_awaiting_action_type_0 import MatchAnswerAwaitingActionType0
from .match_answer_options import MatchAnswerOptions
from .match_answer_rules import MatchAnswerRules
from .match_answer_status import MatchAnswerStatus
from .match_answer_tournament_type_0 import MatchAnswerTournamentType0
from .match_answer_view import MatchAnswerView
from .match_deals import MatchDeals
from .match_links import MatchLinks
from .match_list_item import MatchListItem
from .match_list_item_result_type_0 import MatchListItemResultType0
from .match_record import MatchRecord
from .match_record_deals_type_0_item import MatchRecordDealsType0Item
from .match_record_end_type_0 import MatchRecordEndType0
from .match_record_games_type_0_item import MatchRecordGamesType0Item
from .match_record_result import MatchRecordResult
from .match_record_rules import MatchRecordRules
from .match_result import MatchResult
from .move_clock import MoveClock
from .named import Named
from .new_token import NewToken
from .opponent import Opponent
from .pause import Pause
from .paused_entry import PausedEntry
from .paused_entry_status import PausedEntryStatus
from .played_card import PlayedCard
from .player_matches import PlayerMatches
from .player_profile import PlayerProfile
from .player_profile_kind import PlayerProfileKind
from .player_profile_role import PlayerProfileRole
from .player_ratings_answer import PlayerRatingsAnswer
from .players import Players
from .pool import Pool
from .pool_players_per_side import PoolPlayersPerSide
from .pool_rating import PoolRating
from .pool_rating_kind import PoolRatingKind
from .pools import Pools
from .rating import Rating
from .rating_change import RatingChange
from .rating_kind import RatingKind
from .recompute_job import RecomputeJob
from .recompute_job_status import RecomputeJobStatus
from .recompute_report import RecomputeReport
from .register_player import RegisterPlayer
from .registration import Registration
from .report_score import ReportScore
from .request_bye import RequestBye
from .response_validation_error import ResponseValidationError
from .round_ import Round
from .round_status import RoundStatus
from .round_table import RoundTable
from .round_table_mode import RoundTableMode
from .round_table_state_type_0 import RoundTableStateType0
from .rule_option import RuleOption
from .rule_preset import RulePreset
from .rule_preset_options import RulePresetOptions
from .rules import Rules
from .rules_options import RulesOptions
from .scopa_move import ScopaMove
from .season_answer import SeasonAnswer
from .season_event_answer import SeasonEventAnswer
from .season_event_answer_status import SeasonEventAnswerStatus
from .season_event_score import SeasonEventScore
from .season_rules import SeasonRules
from .season_rules_scale import SeasonRulesScale
from .season_rules_shared_places import SeasonRulesSharedPlaces
from .season_standing import SeasonStanding
from .season_standing_tiebreaks import SeasonStandingTiebreaks
from .season_standings import SeasonStandings
from .seasons import Seasons
from .seat import Seat
from .seat_kind import SeatKind
from .seek_answer import SeekAnswer
from .seek_answer_status import SeekAnswerStatus
from .seek_page import SeekPage
from .set_online import SetOnline
from .set_role import SetRole
from .set_role_role import SetRoleRole
from .standing import Standing
from .standing_tiebreaks import StandingTiebreaks
from .standings_answer import StandingsAnswer
from .table_answer import TableAnswer
from .table_answer_mode import TableAnswerMode
from .table_answer_round_status import TableAnswerRoundStatus
from .table_answer_state_type_0 import TableAnswerStateType0
from .table_report import TableReport
from .table_report_side import TableReportSide
from .time_control import TimeControl
from .tournament import Tournament
from .tournament_settings import TournamentSettings
from .tournament_settings_entry_policy import TournamentSettingsEntryPolicy
from .tournament_settings_format import TournamentSettingsFormat
from .tournament_settings_game import TournamentSettingsGame
from .tournament_settings_next_round import TournamentSettingsNextRound
from .tournament_settings_object import TournamentSettingsObject
from .tournament_settings_options import TournamentSettingsOptions
from .tournament_settings_play_mode import TournamentSettingsPlayMode
from .tournament_settings_tiebreaks_type_0_item import TournamentSettingsTiebreaksType0Item
from .tournament_status import TournamentStatus
from .tournaments import Tournaments
from .update_club import UpdateClub
from .update_season import UpdateSeason
from .validation_error import ValidationError
from .venue_check_in import VenueCheckIn
from .venue_code import VenueCode
from .webhook_answer import WebhookAnswer
from .webhooks import Webhooks
from .who import Who
from .your_place import YourPlace
from .your_table import YourTable
from .your_table_mode import YourTableMode

__all__ = (
    "AddMember",
    "AddMemberRole",
    "AdvanceReport",
    "ArenaAnswer",
    "ArenaLine",
    "ArenaTable",
    "AuditRecord",
    "AuditRecordDetails",
    "AuditTrail",
    "Bots",
    "BriscolaMove",
    "BriscolaTrick",
    "Challenge",
    "ClaimGuest",
    "CloseRound",
    "ClubAnswer",
    "ClubMember",
    "ClubMemberRole",
    "ClubMembers",
    "Clubs",
    "ClubView",
    "ClubViewYourRoleType0",
    "CorrectResult",
    "CreateBotAccount",
    "CreateChallenge",
    "CreateChallengeGame",
    "CreateClub",
    "CreatedWebhook",
    "CreateGuest",
    "CreateMatch",
    "CreateMatchGame",
    "CreateMatchOptionsType0",
    "CreateSeason",
    "CreateSeek",
    "CreateSeekGame",
    "CreateTournament",
    "CreateWebhook",
    "CreateWebhookEventsItem",
    "Crosstable",
    "CrossTableCell",
    "CrossTableCellSideType0",
    "CrossTableRow",
    "DealCount",
    "DealCountPointsItem",
    "Deliveries",
    "DeliveryAnswer",
    "DeliveryAnswerStatus",
    "Enter",
    "EnterScore",
    "EnterScoreForfeitType0",
    "Entries",
    "Entry",
    "EntryStatus",
    "ErrorBody",
    "ErrorBodyDetails",
    "Exclude",
    "ExportSeasonFormat",
    "ExportTournamentFormat",
    "FinishedDeal",
    "FinishedGame",
    "GetLeaderboardBy",
    "GetRulesGame",
    "GuestClaimCode",
    "Guests",
    "Health",
    "HTTPValidationError",
    "ImportAnswer",
    "ImportAnswerCounts",
    "ImportEntries",
    "ImportEntriesFormat",
    "ImportLine",
    "ImportLineStatus",
    "InboxAnswer",
    "Invitation",
    "JoinRequestAnswer",
    "JoinRequestAnswerStatus",
    "JoinRequests",
    "LeaderboardAnswer",
    "LeaderboardAnswerBy",
    "Leftovers",
    "ListTournamentsStatusType0",
    "ManualPairing",
    "MatchAnswer",
    "MatchAnswerAwaitingActionType0",
    "MatchAnswerOptions",
    "MatchAnswerRules",
    "MatchAnswerStatus",
    "MatchAnswerTournamentType0",
    "MatchAnswerView",
    "MatchDeals",
    "MatchLinks",
    "MatchListItem",
    "MatchListItemResultType0",
    "MatchRecord",
    "MatchRecordDealsType0Item",
    "MatchRecordEndType0",
    "MatchRecordGamesType0Item",
    "MatchRecordResult",
    "MatchRecordRules",
    "MatchResult",
    "MoveClock",
    "Named",
    "NewToken",
    "Opponent",
    "Pause",
    "PausedEntry",
    "PausedEntryStatus",
    "PlayedCard",
    "PlayerMatches",
    "PlayerProfile",
    "PlayerProfileKind",
    "PlayerProfileRole",
    "PlayerRatingsAnswer",
    "Players",
    "Pool",
    "PoolPlayersPerSide",
    "PoolRating",
    "PoolRatingKind",
    "Pools",
    "Rating",
    "RatingChange",
    "RatingKind",
    "RecomputeJob",
    "RecomputeJobStatus",
    "RecomputeReport",
    "RegisterPlayer",
    "Registration",
    "ReportScore",
    "RequestBye",
    "ResponseValidationError",
    "Round",
    "RoundStatus",
    "RoundTable",
    "RoundTableMode",
    "RoundTableStateType0",
    "RuleOption",
    "RulePreset",
    "RulePresetOptions",
    "Rules",
    "RulesOptions",
    "ScopaMove",
    "SeasonAnswer",
    "SeasonEventAnswer",
    "SeasonEventAnswerStatus",
    "SeasonEventScore",
    "SeasonRules",
    "SeasonRulesScale",
    "SeasonRulesSharedPlaces",
    "Seasons",
    "SeasonStanding",
    "SeasonStandings",
    "SeasonStandingTiebreaks",
    "Seat",
    "SeatKind",
    "SeekAnswer",
    "SeekAnswerStatus",
    "SeekPage",
    "SetOnline",
    "SetRole",
    "SetRoleRole",
    "Standing",
    "StandingsAnswer",
    "StandingTiebreaks",
    "TableAnswer",
    "TableAnswerMode",
    "TableAnswerRoundStatus",
    "TableAnswerStateType0",
    "TableReport",
    "TableReportSide",
    "TimeControl",
    "Tournament",
    "Tournaments",
    "TournamentSettings",
    "TournamentSettingsEntryPolicy",
    "TournamentSettingsFormat",
    "TournamentSettingsGame",
    "TournamentSettingsNextRound",
    "TournamentSettingsObject",
    "TournamentSettingsOptions",
    "TournamentSettingsPlayMode",
    "TournamentSettingsTiebreaksType0Item",
    "TournamentStatus",
    "UpdateClub",
    "UpdateSeason",
    "ValidationError",
    "VenueCheckIn",
    "VenueCode",
    "WebhookAnswer",
    "Webhooks",
    "Who",
    "YourPlace",
    "YourTable",
    "YourTableMode",
)
